"""Tools that run inside the engine package, in CPython and in Pyodide alike."""

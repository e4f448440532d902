"""Build-time art generators (run by build.py, never shipped as code)."""

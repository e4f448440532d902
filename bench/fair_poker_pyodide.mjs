// Mental poker's costs (bench/fair_protocol.py: poker_costs) in Pyodide under Node: the same
// engine code the page's worker runs. Usage: node bench/fair_poker_pyodide.mjs [repeat]
import { pathToFileURL, fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules/pyodide/pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
pyodide.FS.mkdirTree("/repo/py");
pyodide.FS.mkdirTree("/repo/bench");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.join(root, "py") }, "/repo/py");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.join(root, "bench") }, "/repo/bench");
pyodide.globals.set("repeat", Number(process.argv[2] || 1));
// Fixed source text; the repeat count travels as a value.
const out = pyodide.runPython(`
import json, sys, time
sys.path.insert(0, "/repo/bench")
import fair_protocol
x, k, p = 3 ** 900, (1 << 1535) | 12345, fair_protocol.poker.P
t = time.perf_counter(); pow(x, k, p); pow_ms = (time.perf_counter() - t) * 1000
json.dumps({"pyodide": sys.version.split()[0], "pow_1536_ms": round(pow_ms, 1),
            **fair_protocol.poker_costs("spaeher", repeat)})
`);
process.stdout.write(out + "\n");

// Runs urzeit.tools.selfplay in Pyodide under Node. Usage:
//   node bench/pyodide_node_bench.mjs <wheel> '<json request>'
import { pathToFileURL, fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules/pyodide/pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
await pyodide.loadPackage(pathToFileURL(process.argv[2]).href, { messageCallback: () => {} });
const selfplay = pyodide.pyimport("urzeit.tools.selfplay");
process.stdout.write(selfplay.random_games_json(process.argv[3]) + "\n");

// Runs a list of api requests through the built wheel in Pyodide under Node and writes the
// replies and the final state as JSON. Usage: node pyodide_node_run.mjs <input.json> <output.json>
// input: {"pyodide": dir, "wheel": path, "requests": [...]}; the string "$match" in a request
// is replaced by the match id of the first reply that has one.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(input.pyodide + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: input.pyodide + "/" });
await pyodide.loadPackage(pathToFileURL(input.wheel).href, { messageCallback: () => {} });
const api = pyodide.pyimport("urzeit.api");

let match = null;
const replies = [];
const timings = [];
for (const req of input.requests) {
  if (req === "$reset") {  // the next "new" starts another session
    match = null;
    continue;
  }
  const text = JSON.stringify(req).replaceAll('"$match"', JSON.stringify(match));
  const t0 = performance.now();
  const reply = api.handle(text);
  timings.push(performance.now() - t0);
  const parsed = JSON.parse(reply);
  if (match === null && parsed.ok && parsed.result.match) match = parsed.result.match;
  replies.push(parsed);
}
let state = null;
if (match !== null) {
  pyodide.globals.set("match_id", match);
  // Fixed source text; the match id travels as a value, never as code.
  state = pyodide.runPython(
    "import json, urzeit.match as m\njson.dumps(m.peek(match_id).state.to_json(), sort_keys=True)");
}
const python = pyodide.runPython("import sys; sys.version");
writeFileSync(process.argv[3], JSON.stringify({ replies, state, python, timings }));

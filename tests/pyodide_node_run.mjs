// Runs a list of api requests through the built wheel in Pyodide under Node and writes the
// replies and the final state as JSON. Usage: node pyodide_node_run.mjs <input.json> <output.json>
// input: {"pyodide": dir, "wheel": path, "requests": [...]}; the string "$match" in a request
// is replaced by the match id of the first reply that has one.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { finalState, runRequests } from "./pyodide_session.mjs";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(input.pyodide + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: input.pyodide + "/" });
await pyodide.loadPackage(pathToFileURL(input.wheel).href, { messageCallback: () => {} });
const api = pyodide.pyimport("urzeit.api");

const { match, replies, timings } = runRequests(api, input.requests);
const state = finalState(pyodide, match);
const python = pyodide.runPython("import sys; sys.version");
writeFileSync(process.argv[3], JSON.stringify({ replies, state, python, timings }));

// Boots the pinned Pyodide under Node, loads the engine wheel of dist/pyodide/ one of four ways,
// then plays recorded api sessions and writes the replies as JSON.
// Usage: node pyodide_micropip_run.mjs <input.json> <output.json>
// input: {"pyodide": npm package dir, "dist": dist/pyodide dir, "mode": see below,
//         "sessions": [[request, ...], ...]}; "$match" in a request stands for the match id of
// the session's first reply that has one.
// modes:
//   micropip-lock  dist's lock file WITHOUT the urzeit entry, pyodide.loadPackage("micropip") by
//                  name (the micropip wheel build.py ships), then micropip.install(file URL)
//   micropip-url   a plain Pyodide (the npm package's own lock, untouched), micropip loaded by the
//                  URL of the wheel build.py ships, then micropip.install(file URL)
//   lock           loadPyodide({packages: ["urzeit"]}) with dist's lock file
//   page           what web/js/worker.mjs does: the wheel's bytes read while Pyodide boots, then
//                  pyodide.unpackArchive(bytes, "wheel")
// Everything comes from local files: fetch is replaced by one that refuses and records, so any
// attempt to reach the network (a CDN fallback, an index) fails the run.
import { readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { finalState, runRequests } from "./pyodide_session.mjs";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const refused = [];
globalThis.fetch = async (url) => {
  refused.push(String(url));
  throw new Error(`no network in this run: ${url}`);
};

const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(input.pyodide + "/pyodide.mjs").href);
const indexURL = input.pyodide + "/";
const dist = input.dist + "/";
const distLock = JSON.parse(readFileSync(dist + "pyodide-lock.json", "utf8"));
const wheelName = distLock.packages.urzeit.file_name;
const wheelURL = pathToFileURL(dist + wheelName).href;
const quiet = { messageCallback: () => {} };
const marks = {};
const mark = (name) => { marks[name] = performance.now() - started; };

// Fixed Python source; the wheel's URL travels as a value in globals, never as code.
const INSTALL = "import micropip\nawait micropip.install(wheel_url)";
const LISTED = "import json, micropip\n" +
  "json.dumps(sorted([p.name, p.version, p.source] for p in micropip.list().values()))";

let pyodide;
let before = null;  // what was loaded before the engine was installed
let installed = null;
if (input.mode === "micropip-lock" || input.mode === "micropip-url") {
  let options = { indexURL };
  if (input.mode === "micropip-lock") {
    const lock = structuredClone(distLock);
    delete lock.packages.urzeit;
    options = { indexURL, lockFileContents: lock, packageBaseUrl: dist };
  }
  pyodide = await loadPyodide(options);
  mark("runtime");
  if (Object.hasOwn(pyodide._api.lockfile_packages, "urzeit")) throw new Error("urzeit is in the lock file");
  await pyodide.loadPackage(input.mode === "micropip-lock" ? "micropip"
    : pathToFileURL(dist + distLock.packages.micropip.file_name).href, quiet);
  mark("micropip");
  before = Object.keys(pyodide.loadedPackages).sort();
  pyodide.globals.set("wheel_url", wheelURL);
  await pyodide.runPythonAsync(INSTALL);
  pyodide.globals.delete("wheel_url");
  mark("installed");
} else if (input.mode === "lock") {
  pyodide = await loadPyodide({ indexURL, lockFileURL: dist + "pyodide-lock.json", packages: ["urzeit"] });
  mark("runtime");
} else if (input.mode === "page") {
  const [py, bytes] = await Promise.all([loadPyodide({ indexURL }), readFile(dist + wheelName)]);
  pyodide = py;
  mark("runtime");
  pyodide.unpackArchive(new Uint8Array(bytes), "wheel");
} else {
  throw new Error(`unknown mode ${input.mode}`);
}
const api = pyodide.pyimport("urzeit.api");
mark("imported");
if (before !== null) installed = JSON.parse(pyodide.runPython(LISTED));

const sessions = [];
for (const requests of input.sessions || []) {
  const { match, replies } = runRequests(api, requests);
  const state = finalState(pyodide, match);
  sessions.push({ replies, state });
}
const python = pyodide.runPython("import sys; sys.version");
writeFileSync(process.argv[3], JSON.stringify({ mode: input.mode, marks, before, installed, refused, python, sessions }));

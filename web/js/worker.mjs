// Module worker: boots Pyodide at once, imports the engine, answers {id, request} messages
// by calling urzeit.api.handle with the request JSON text. Page data never becomes Python source.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
const base = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", base).href;

// The engine wheel is fetched while the runtime boots, checked against the sha256 that the
// build recorded (fetch integrity), and unpacked into site-packages: no CDN, no micropip.
async function fetchWheel() {
  const info = await (await fetch(new URL("build.json", base), { cache: "no-cache" })).json();
  const bytes = new Uint8Array(info.sha256.match(/../g).map((h) => parseInt(h, 16)));
  const integrity = "sha256-" + btoa(String.fromCharCode(...bytes));
  let response;
  try {
    response = await fetch(new URL(info.wheel, indexURL), { integrity });
  } catch (err) {
    throw new Error(`${info.wheel} failed to download or does not match the build's checksum`);
  }
  if (!response.ok) throw new Error(`the engine package ${info.wheel} could not be loaded (HTTP ${response.status})`);
  return { info, buffer: new Uint8Array(await response.arrayBuffer()) };
}

const engine = (async () => {
  const marks = {};
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL }).then((py) => { marks.runtime = performance.now() - started; return py; }),
    fetchWheel().catch((err) => { throw new Error("the engine package could not be loaded: " + (err.message || err)); }),
  ]);
  marks.wheel = performance.now() - started;
  pyodide.unpackArchive(wheel.buffer, "wheel");
  let api;
  try {
    api = pyodide.pyimport("urzeit.api");
    marks.imported = performance.now() - started;
  } catch (err) {
    throw new Error("the engine package could not be imported: " + String(err.message || err).split("\n").slice(-2).join(" "));
  }
  const hello = JSON.parse(api.handle(JSON.stringify({ op: "hello" })));
  return { handle: api.handle, hello: hello.result, pyodideVersion: pyodide.version, marks };
})();

engine.then(
  (e) => postMessage({ type: "status", status: "ready", ms: performance.now() - started,
                       hello: e.hello, pyodide: e.pyodideVersion, marks: e.marks }),
  (err) => postMessage({ type: "status", status: "failed", reason: String(err && err.message || err) }),
);

// A bot request with slice_ms runs in slices: between them the worker reports progress and
// is free to answer other requests (they arrive as messages and run in the pauses).
const SLICE_MS = 40;
const sleep0 = () => new Promise((resolve) => setTimeout(resolve, 0));

self.onmessage = async (event) => {
  const { id, request } = event.data || {};
  try {
    const e = await engine;
    if (typeof request !== "string") throw new Error("request must be JSON text");
    let reply = e.handle(request);
    while (reply.length < 200 && reply.includes('"pending":true')) {
      const { job } = JSON.parse(reply).result;
      postMessage({ id, progress: true });
      await sleep0();
      reply = e.handle(JSON.stringify({ op: "ai_continue", job, slice_ms: SLICE_MS }));
    }
    postMessage({ id, reply });
  } catch (err) {
    postMessage({ id, error: String(err && err.message || err) });
  }
};

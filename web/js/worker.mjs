// Module worker: boots Pyodide at once, imports the engine, answers {id, request} messages
// by calling urzeit.api.handle with the request JSON text. Page data never becomes Python source.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
const indexURL = new URL("../pyodide/", import.meta.url).href;

const engine = (async () => {
  const pyodide = await loadPyodide({ indexURL, packages: ["urzeit"] });
  let api;
  try {
    api = pyodide.pyimport("urzeit.api");
  } catch (err) {
    // loadPyodide resolves even when the wheel was refused (missing, wrong sha256).
    throw new Error("the engine package could not be loaded: " + String(err.message || err).split("\n").slice(-2).join(" "));
  }
  const hello = JSON.parse(api.handle(JSON.stringify({ op: "hello" })));
  return { handle: api.handle, hello: hello.result, pyodideVersion: pyodide.version };
})();

engine.then(
  (e) => postMessage({ type: "status", status: "ready", ms: performance.now() - started,
                       hello: e.hello, pyodide: e.pyodideVersion }),
  (err) => postMessage({ type: "status", status: "failed", reason: String(err && err.message || err) }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data || {};
  try {
    const e = await engine;
    if (typeof request !== "string") throw new Error("request must be JSON text");
    postMessage({ id, reply: e.handle(request) });
  } catch (err) {
    postMessage({ id, error: String(err && err.message || err) });
  }
};

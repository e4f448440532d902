// Module worker: boots Pyodide at once, imports the engine, answers {id, request} messages
// by calling urzeit.api.handle with the request JSON text. Page data never becomes Python source.
//
// Instant from the first visit: it boots from the memory snapshot the build ships
// (pyodide/engine-snapshot.bin.gz, named in build.json with the build's stamp), or from one an
// earlier visit kept in Cache Storage; a snapshot of another build, or one that fails in any
// way, is not used and the normal boot runs instead. This worker never makes a snapshot
// (booting with _makeSnapshot is slower): after a normal boot, once it is ready and idle, the
// page starts snapshot-worker.mjs for that.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import {
  started, indexURL, marks, mark, fetchBuild, stampOf, fetchWheel, snapshotCache, storedSnapshot,
  dropSnapshot, readSnapshot, importEngine, hello, sriOf,
} from "./worker-common.mjs";

// The normal boot. Its options are reported with "ready" (a test checks: no _makeSnapshot).
const BOOT_OPTIONS = { indexURL };

async function bootNormally(info, wheelPromise) {
  const [pyodide, wheel] = await Promise.all([
    loadRuntime({ ...BOOT_OPTIONS }).then((py) => { mark("runtime"); return py; }),
    wheelPromise,
  ]);
  mark("wheel");
  progress("engine");
  const api = importEngine(pyodide, wheel);
  mark("imported");
  return { pyodide, api };
}

// The wheel's files are written again (its data files live outside the snapshot, in the file
// system); its modules are already imported, so the import only looks them up. `stored`: a Response or
// a promise of one.
async function bootFromSnapshot(info, stored, wheelPromise) {
  const [pyodide, wheel] = await Promise.all([
    loadRuntime({ indexURL, _loadSnapshot: Promise.resolve(stored).then(readSnapshot) }).then((py) => { mark("runtime"); return py; }),
    wheelPromise,
  ]);
  mark("wheel");
  // Import finders notice the rewritten folders by their new modification times; an explicit
  // importlib.invalidate_caches() measured 1.6 s here and is not needed.
  const api = importEngine(pyodide, wheel);
  mark("imported");
  return { pyodide, api };
}

// Loading progress for the page (bytes of the big files as they arrive, then the steps), and
// each file's download time in the marks: where a first visit's time goes (bench/cold_start.py).
// Bytes are counted from the worker's start (the wasm is fetched before build.json names the
// sizes); the page hears of them once the total is known. A file fetched again (a retry, the
// normal boot after a refused snapshot) replaces its earlier count.
const downloads = { done: 0, total: 0, last: 0, names: null, byName: {} };

function tellProgress(final) {
  if (!downloads.total) return;
  const done = Math.min(downloads.done, downloads.total);
  progress(final && done >= downloads.total ? "start" : "download", done, downloads.total);
}

function counted(name, response) {
  if (!response.body) return response;
  const t0 = performance.now();
  downloads.done -= downloads.byName[name] || 0;
  downloads.byName[name] = 0;
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      downloads.done += chunk.byteLength;
      downloads.byName[name] += chunk.byteLength;
      if (performance.now() - downloads.last > 100) {
        downloads.last = performance.now();
        tellProgress(false);
      }
      controller.enqueue(chunk);
    },
    flush() {
      marks["fetched " + name] = [Math.round(t0 - started), Math.round(performance.now() - started)];
      tellProgress(true);
    },
  }));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

const plainFetch = self.fetch.bind(self);
const nameOf = (input) => String(input && input.url || input).split("/").pop().split("?")[0];
self.fetch = async (input, init) => {
  const name = nameOf(input);
  if (name === WASM) return runtime.placeholder();
  const response = await plainFetch(input, init);
  return downloads.names && downloads.names.has(name) ? counted(name, response) : response;
};

function watchDownloads(info, shipped) {
  const sizes = info.sizes || {};
  downloads.names = new Set(Object.keys(sizes));  // the wasm is counted where it is fetched (runtime)
  if (shipped) downloads.names.add(info.snapshot.file);
  downloads.total = Object.values(sizes).reduce((a, b) => a + b, 0) + (shipped ? info.snapshot.bytes : 0);
}

// The wasm compiles from the worker's first moment, beside the snapshot's read: Pyodide starts
// compiling only once it has the snapshot, and WebKit and Firefox keep no compiled code between
// visits (Chromium does). Pyodide's fetches of the file get a placeholder (nothing is downloaded
// twice) and its instantiateStreaming the module compiled here, for every boot of this worker
// (the normal boot after a refused snapshot included). A server that does not call the file
// application/wasm (streaming compiles refuse it) gets it compiled from its bytes. A runtime that
// cannot be had is an error of the boot (runtime.failed), not a boot that waits for ever:
// Pyodide only logs a failed instantiation.
const WASM = "pyodide.asm.wasm";
const runtime = (() => {
  const url = new URL(WASM, indexURL);
  const wasmResponse = () => plainFetch(url).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return counted(WASM, r);
  });
  const compile = async () => {
    if (WebAssembly.compileStreaming) {
      try {
        return await WebAssembly.compileStreaming(wasmResponse());
      } catch (err) { /* not application/wasm, or cut off: from its bytes */ }
    }
    return WebAssembly.compile(await (await wasmResponse()).arrayBuffer());
  };
  const module = compile().then((m) => { mark("compiled"); return m; });
  let error = null;
  const failed = module.then(() => new Promise(() => {}), (err) => {
    error = new Error(`the runtime (${WASM}) could not be loaded: ${String(err && err.message || err).split("\n")[0]}`);
    throw error;
  });
  failed.catch(() => {});  // reported where a boot awaits it
  const placeholders = new WeakSet();
  const plainInstantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await Promise.resolve(source).catch(() => null);
    if (!placeholders.has(response)) return plainInstantiate(source, imports);
    const compiled = await module;
    return { module: compiled, instance: await WebAssembly.instantiate(compiled, imports) };
  };
  return {
    failed,
    check() { if (error) throw error; },  // a failed boot blames the runtime, not the snapshot
    placeholder() {
      const response = new Response(null, { headers: { "content-type": "application/wasm" } });
      placeholders.add(response);
      return response;
    },
  };
})();

// Pyodide's boot, ended by an error if the runtime cannot be loaded.
const loadRuntime = (options) => Promise.race([loadPyodide(options), runtime.failed]);

const engine = (async () => {
  const [info, stored] = await Promise.all([fetchBuild(), storedSnapshot()]);
  const stamp = stampOf(info);
  const kept = Boolean(stored && stored.headers.get("x-urzeit-build") === stamp);
  watchDownloads(info, !kept && info.snapshot && info.snapshot.stamp === stamp);
  const wheelPromise = fetchWheel(info).catch((err) => {
    throw new Error("the engine package could not be loaded: " + (err.message || err));
  });
  wheelPromise.catch(() => {});  // reported where it is awaited
  let boot = "normal";
  let snapshotNote = null;
  if (kept) {
    try {
      const { pyodide, api } = await bootFromSnapshot(info, stored, wheelPromise);
      const result = hello(api, info);
      mark("hello");
      return { handle: api.handle, hello: result, pyodideVersion: pyodide.version, boot: "snapshot" };
    } catch (err) {
      await wheelPromise;  // a missing engine is reported as such, not as a snapshot problem
      runtime.check();
      snapshotNote = "snapshot refused: " + String(err && err.message || err).split("\n")[0];
      boot = "fallback";
      await dropSnapshot();
    }
  } else if (stored) {
    snapshotNote = "snapshot of another build dropped";
    await dropSnapshot();
  }
  // A first visit boots from the snapshot the build ships (made under Node from the same files):
  // Python's start is most of a bare boot. Any failure: the normal boot.
  if (boot === "normal" && info.snapshot && info.snapshot.stamp === stamp) {
    try {
      const { pyodide, api } = await bootFromSnapshot(info, fetchShipped(info), wheelPromise);
      const result = hello(api, info);
      mark("hello");
      return { handle: api.handle, hello: result, pyodideVersion: pyodide.version, boot: "shipped" };
    } catch (err) {
      await wheelPromise;
      runtime.check();
      snapshotNote = "shipped snapshot refused: " + String(err && err.message || err).split("\n")[0];
      boot = "fallback";
    }
  }
  // After a refused snapshot no new one is made in this visit: the next visit tries again.
  const snapshotWanted = boot === "normal" && (await snapshotCache()) !== null;
  const { pyodide, api } = await bootNormally(info, wheelPromise);
  const result = hello(api, info);
  mark("hello");
  return { handle: api.handle, hello: result, pyodideVersion: pyodide.version, boot, snapshotNote, snapshotWanted };
})();

// The shipped snapshot, checked against the sha256 the build recorded.
async function fetchShipped(info) {
  const response = await fetch(new URL(info.snapshot.file, indexURL), { integrity: sriOf(info.snapshot.sha256) });
  if (!response.ok) throw new Error(`the snapshot could not be loaded (HTTP ${response.status})`);
  return response;
}

function progress(step, done = 0, total = 0) {
  postMessage({ type: "progress", step, done, total, ms: Math.round(performance.now() - started) });
}

engine.then(
  (e) => postMessage({ type: "status", status: "ready", ms: performance.now() - started, boot: e.boot,
                       snapshotNote: e.snapshotNote || null, snapshotWanted: Boolean(e.snapshotWanted),
                       makeSnapshot: Boolean(BOOT_OPTIONS._makeSnapshot),
                       hello: e.hello, pyodide: e.pyodideVersion, marks }),
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

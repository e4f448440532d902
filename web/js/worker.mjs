// Module worker: boots Pyodide at once, imports the engine, answers {id, request} messages
// by calling urzeit.api.handle with the request JSON text. Page data never becomes Python source.
//
// Instant on return: the first visit takes a memory snapshot of the interpreter once the
// engine is imported and ready (before any request, so no match is in it) and keeps it in Cache
// Storage, stamped with the build. Later visits boot from it; a snapshot of another build, or
// one that fails in any way, is dropped and the normal boot runs instead.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
const base = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", base).href;
// Not "urzeit-…": the service worker deletes those caches when a new build arrives.
const SNAPSHOT_CACHE = "pyodide-snapshot";
const SNAPSHOT_KEY = new URL("engine-snapshot.bin", base).href;
const marks = {};
const mark = (name) => { marks[name] = Math.round(performance.now() - started); };

async function fetchBuild() {
  return (await fetch(new URL("build.json", base), { cache: "no-cache" })).json();
}

// The build's stamp: a snapshot holds the runtime and the engine code as they were imported.
const stampOf = (info) => `${info.pyodide} ${info.version} ${info.sha256}`;

// The engine wheel, checked against the sha256 that the build recorded (fetch integrity), is
// unpacked into site-packages: no CDN, no micropip.
async function fetchWheel(info) {
  const bytes = new Uint8Array(info.sha256.match(/../g).map((h) => parseInt(h, 16)));
  const integrity = "sha256-" + btoa(String.fromCharCode(...bytes));
  let response;
  try {
    response = await fetch(new URL(info.wheel, indexURL), { integrity });
  } catch (err) {
    throw new Error(`${info.wheel} failed to download or does not match the build's checksum`);
  }
  if (!response.ok) throw new Error(`the engine package ${info.wheel} could not be loaded (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

async function snapshotCache() {
  try {
    return self.caches ? await caches.open(SNAPSHOT_CACHE) : null;
  } catch (err) {
    return null;  // storage switched off or unavailable: boot normally, keep nothing
  }
}

async function storedSnapshot() {
  try {
    const cache = await snapshotCache();
    return cache ? (await cache.match(SNAPSHOT_KEY)) || null : null;
  } catch (err) {
    return null;
  }
}

async function dropSnapshot() {
  try {
    const cache = await snapshotCache();
    if (cache) await cache.delete(SNAPSHOT_KEY);
  } catch (err) { /* nothing kept, nothing to drop */ }
}

// Gzip keeps the stored size small and its checksum finds a damaged file on the way back in.
async function readSnapshot(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  mark("snapshotRead");
  return bytes;
}

async function storeSnapshot(bytes, stamp) {
  const cache = await snapshotCache();
  if (!cache) return { stored: false, reason: "no storage" };
  try {
    const gz = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    const blob = await new Response(gz).blob();
    await cache.put(SNAPSHOT_KEY, new Response(blob, {
      headers: { "content-type": "application/octet-stream", "x-urzeit-build": stamp,
                 "x-urzeit-size": String(bytes.length) },
    }));
    return { stored: true, bytes: bytes.length, gzipBytes: blob.size };
  } catch (err) {
    await dropSnapshot();  // full or refused: never leave half a snapshot behind
    return { stored: false, reason: String(err && err.message || err) };
  }
}

function importEngine(pyodide, wheel) {
  pyodide.unpackArchive(wheel, "wheel");
  try {
    return pyodide.pyimport("urzeit.api");
  } catch (err) {
    throw new Error("the engine package could not be imported: " + String(err.message || err).split("\n").slice(-2).join(" "));
  }
}

// The normal boot (with makeSnapshot the interpreter can afterwards copy its memory).
async function bootNormally(info, wheelPromise, makeSnapshot) {
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL, _makeSnapshot: makeSnapshot }).then((py) => { mark("runtime"); return py; }),
    wheelPromise,
  ]);
  mark("wheel");
  const api = importEngine(pyodide, wheel);
  mark("imported");
  return { pyodide, api };
}

// The wheel is unpacked again (its data files live outside the snapshot, in the file system);
// its modules are already imported, so the import only looks them up.
async function bootFromSnapshot(info, stored, wheelPromise) {
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL, _loadSnapshot: readSnapshot(stored) }).then((py) => { mark("runtime"); return py; }),
    wheelPromise,
  ]);
  mark("wheel");
  // Import finders notice the rewritten folders by their new modification times; an explicit
  // importlib.invalidate_caches() measured 1.6 s here and is not needed.
  const api = importEngine(pyodide, wheel);
  mark("imported");
  return { pyodide, api };
}

function hello(api, info) {
  const reply = JSON.parse(api.handle(JSON.stringify({ op: "hello" })));
  if (!reply.ok || reply.result.version !== info.version) {
    throw new Error(`the engine answered hello with version ${reply.result && reply.result.version}, the build is ${info.version}`);
  }
  return reply.result;
}

const engine = (async () => {
  const [info, stored] = await Promise.all([fetchBuild(), storedSnapshot()]);
  const stamp = stampOf(info);
  const wheelPromise = fetchWheel(info).catch((err) => {
    throw new Error("the engine package could not be loaded: " + (err.message || err));
  });
  wheelPromise.catch(() => {});  // reported where it is awaited
  let boot = "normal";
  let snapshotNote = null;
  if (stored && stored.headers.get("x-urzeit-build") === stamp) {
    try {
      const { pyodide, api } = await bootFromSnapshot(info, stored, wheelPromise);
      const result = hello(api, info);
      return { handle: api.handle, hello: result, pyodideVersion: pyodide.version, boot: "snapshot" };
    } catch (err) {
      await wheelPromise;  // a missing engine is reported as such, not as a snapshot problem
      snapshotNote = "snapshot refused: " + String(err && err.message || err).split("\n")[0];
      boot = "fallback";
      await dropSnapshot();
    }
  } else if (stored) {
    snapshotNote = "snapshot of another build dropped";
    await dropSnapshot();
  }
  // After a refused snapshot no new one is made in this visit: the next visit tries again.
  const makeSnapshot = boot === "normal" && (await snapshotCache()) !== null;
  const { pyodide, api } = await bootNormally(info, wheelPromise, makeSnapshot);
  const result = hello(api, info);
  return { handle: api.handle, hello: result, pyodideVersion: pyodide.version, boot, snapshotNote,
           pyodide: makeSnapshot ? pyodide : null, stamp };
})();

engine.then(
  (e) => {
    postMessage({ type: "status", status: "ready", ms: performance.now() - started, boot: e.boot,
                  snapshotNote: e.snapshotNote || null, hello: e.hello, pyodide: e.pyodideVersion, marks });
    // The memory is copied in this same task, so before any request (each waits for this
    // promise in a callback queued after this one): the snapshot holds no match.
    if (!e.pyodide) return;
    const t0 = performance.now();
    let snapshot;
    try {
      snapshot = e.pyodide.makeMemorySnapshot();
    } catch (err) {
      postMessage({ type: "snapshot", stored: false, reason: String(err && err.message || err) });
      return;
    } finally {
      e.pyodide = null;
    }
    const copyMs = Math.round(performance.now() - t0);
    storeSnapshot(snapshot, e.stamp).then((r) => postMessage({ type: "snapshot", ...r, copyMs,
                                                              ms: Math.round(performance.now() - t0) }));
  },
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

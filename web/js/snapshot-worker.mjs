// Background worker, started by the page (engine.mjs) once the player's engine is ready and
// idle on a visit that found no snapshot of this build: boots a second Pyodide with
// _makeSnapshot, imports the engine exactly as the player's worker does (wheel unpacked,
// urzeit.api imported, hello answered; no match), copies the interpreter's memory, gzips it into
// Cache Storage stamped with the build, posts one {type: "snapshot", ...} message and closes.
// It shares no memory with the player's engine, which keeps answering meanwhile.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import {
  started, indexURL, fetchBuild, stampOf, fetchWheel, snapshotCache, storedSnapshot, storeSnapshot,
  importEngine, hello,
} from "./worker-common.mjs";

const since = (t) => Math.round(performance.now() - t);

async function makeSnapshot() {
  const [info, stored] = await Promise.all([fetchBuild(), storedSnapshot()]);
  const stamp = stampOf(info);
  // another tab of this build may have kept one meanwhile
  if (stored && stored.headers.get("x-urzeit-build") === stamp) return { stored: false, reason: "already stored" };
  if ((await snapshotCache()) === null) return { stored: false, reason: "no storage" };
  const [pyodide, wheel] = await Promise.all([loadPyodide({ indexURL, _makeSnapshot: true }), fetchWheel(info)]);
  hello(importEngine(pyodide, wheel), info);
  const bootMs = since(started);
  const t0 = performance.now();
  const bytes = pyodide.makeMemorySnapshot();
  const copyMs = since(t0);
  const t1 = performance.now();
  const result = await storeSnapshot(bytes, stamp);
  return { ...result, makeSnapshot: true, bootMs, copyMs, storeMs: since(t1) };
}

makeSnapshot()
  .catch((err) => ({ stored: false, reason: String(err && err.message || err).split("\n")[0] }))
  .then((result) => {
    postMessage({ type: "snapshot", ...result, ms: since(started) });
    close();
  });

// What both engine workers need: the player's (worker.mjs) and the one that makes the memory
// snapshot in the background (snapshot-worker.mjs). Each worker has its own copy of this
// module: they share files and Cache Storage, never memory.
import { unzipWheel, writeWheel } from "./wheel.mjs";

export const started = performance.now();
const base = new URL("../", import.meta.url);
export const indexURL = new URL("pyodide/", base).href;
// Not "urzeit-…": the service worker deletes those caches when a new build arrives.
const SNAPSHOT_CACHE = "pyodide-snapshot";
const SNAPSHOT_KEY = new URL("engine-snapshot.bin", base).href;
export const marks = {};
export const mark = (name) => { marks[name] = Math.round(performance.now() - started); };

export async function fetchBuild() {
  return (await fetch(new URL("build.json", base), { cache: "no-cache" })).json();
}

// The build's stamp: a snapshot holds the runtime and the engine code as they were imported.
export const stampOf = (info) => `${info.pyodide} ${info.version} ${info.sha256}`;

export function sriOf(sha256hex) {
  const bytes = new Uint8Array(sha256hex.match(/../g).map((h) => parseInt(h, 16)));
  return "sha256-" + btoa(String.fromCharCode(...bytes));
}

// The engine wheel, checked against the sha256 that the build recorded (fetch integrity), is
// unpacked into the working directory (wheel.mjs): no CDN, no micropip. Resolves to its files
// (or its bytes, for Pyodide to unpack).
export async function fetchWheel(info) {
  const integrity = sriOf(info.sha256);
  let response;
  try {
    response = await fetch(new URL(info.wheel, indexURL), { integrity });
  } catch (err) {
    throw new Error(`${info.wheel} failed to download or does not match the build's checksum`);
  }
  if (!response.ok) throw new Error(`the engine package ${info.wheel} could not be loaded (HTTP ${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // a browser without DecompressionStream("deflate-raw") (Safari before 16.4): Pyodide unpacks it
  return unzipWheel(bytes).catch(() => bytes);
}

export async function snapshotCache() {
  try {
    return self.caches ? await caches.open(SNAPSHOT_CACHE) : null;
  } catch (err) {
    return null;  // storage switched off or unavailable: boot normally, keep nothing
  }
}

export async function storedSnapshot() {
  try {
    const cache = await snapshotCache();
    return cache ? (await cache.match(SNAPSHOT_KEY)) || null : null;
  } catch (err) {
    return null;
  }
}

export async function dropSnapshot() {
  try {
    const cache = await snapshotCache();
    if (cache) await cache.delete(SNAPSHOT_KEY);
  } catch (err) { /* nothing kept, nothing to drop */ }
}

// Gzip keeps the stored size small and its checksum finds a damaged file on the way back in.
export async function readSnapshot(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  mark("snapshotRead");
  return bytes;
}

export async function storeSnapshot(bytes, stamp) {
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

export function importEngine(pyodide, wheel) {
  if (wheel instanceof Uint8Array) pyodide.unpackArchive(wheel, "wheel");
  else writeWheel(pyodide.FS, wheel);
  mark("unpacked");
  try {
    return pyodide.pyimport("urzeit.api");
  } catch (err) {
    throw new Error("the engine package could not be imported: " + String(err.message || err).split("\n").slice(-2).join(" "));
  }
}

export function hello(api, info) {
  const reply = JSON.parse(api.handle(JSON.stringify({ op: "hello" })));
  if (!reply.ok || reply.result.version !== info.version) {
    throw new Error(`the engine answered hello with version ${reply.result && reply.result.version}, the build is ${info.version}`);
  }
  return reply.result;
}

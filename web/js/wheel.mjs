// The engine wheel unpacked in JavaScript, not by Pyodide's unpackArchive: that runs Python's
// zipfile, which right after a snapshot boot runs in the browser's slowest wasm tier (WebKit:
// ~0.5 s for the 0.26 MB wheel against ~0.1 s in Chromium). Inflating here can start as soon as
// the wheel arrives, while Pyodide boots; writing the files afterwards is quick.
// The wheel's bytes were checked against the build's sha256 before they get here.

const EOCD = 0x06054b50;  // end of central directory
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

// [{path, bytes}] for every file of the zip (folders are made as their files are written).
export async function unzipWheel(zip) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== EOCD) end--;
  if (end < 0) throw new Error("the engine package is not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== CENTRAL) throw new Error("the engine package's zip directory is damaged");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const path = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (path.endsWith("/")) continue;
    if (path.startsWith("/") || path.split("/").includes("..")) throw new Error(`the engine package holds a bad path: ${path}`);
    if (view.getUint32(local, true) !== LOCAL) throw new Error("the engine package's zip entries are damaged");
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    files.push({ path, method, size, data: zip.subarray(start, start + packed) });
  }
  return Promise.all(files.map(async ({ path, method, size, data }) => {
    let bytes;
    if (method === 0) bytes = data;
    else if (method === 8) bytes = new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
    else throw new Error(`the engine package uses zip method ${method}`);
    if (bytes.byteLength !== size) throw new Error(`the engine package's ${path} is damaged`);
    return { path, bytes };
  }));
}

// Into the working directory, where Pyodide's unpackArchive put them (the snapshot's modules
// name those paths): the files of the wheel, its .py and its data.
export function writeWheel(FS, files) {
  const cwd = FS.cwd().replace(/\/$/, "");
  for (const { path, bytes } of files) {
    const parts = path.split("/");
    if (parts.length > 1) FS.mkdirTree(`${cwd}/${parts.slice(0, -1).join("/")}`);
    FS.writeFile(`${cwd}/${path}`, bytes);
  }
}

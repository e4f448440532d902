"""The page's worker unpacks the engine wheel in JavaScript (web/js/wheel.mjs): it gives every
file of the wheel with the bytes Python's zipfile gives, and refuses a damaged wheel."""

import hashlib
import io
import json
import pathlib
import subprocess
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.node

UNZIP_JS = r"""
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
const { unzipWheel } = await import(process.argv[1]);
const zip = new Uint8Array(readFileSync(0));
try {
  const files = await unzipWheel(zip);
  const out = {};
  for (const f of files) out[f.path] = createHash("sha256").update(f.bytes).digest("hex");
  console.log(JSON.stringify({ files: out }));
} catch (err) {
  console.log(JSON.stringify({ error: String(err.message) }));
}
"""


def unzip_in_node(data: bytes) -> dict:
    out = subprocess.run(["node", "--input-type=module", "-e", UNZIP_JS, (ROOT / "web" / "js" / "wheel.mjs").as_uri()],
                         input=data, capture_output=True, check=True, timeout=60)
    return json.loads(out.stdout)


def wheel_bytes() -> bytes:
    wheels = sorted((ROOT / "dist" / "pyodide").glob("urzeit-*.whl"))
    if not wheels:
        pytest.fail("dist/ is not built: run `python build.py test` (it builds first)")
    return wheels[0].read_bytes()


def test_every_file_of_the_wheel_comes_out_as_python_reads_it():
    data = wheel_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        expected = {i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist() if not i.is_dir()}
    assert any(name.endswith(".json") for name in expected) and any(name.endswith(".py") for name in expected)
    assert unzip_in_node(data) == {"files": expected}


def test_stored_and_deflated_entries_both_come_out():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(zipfile.ZipInfo("pkg/plain.txt"), b"stored " * 50, compress_type=zipfile.ZIP_STORED)
        z.writestr(zipfile.ZipInfo("pkg/data/packed.json"), b'{"a": 1}' * 500, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo("pkg/empty/"), b"")
    got = unzip_in_node(buf.getvalue())["files"]
    assert got == {"pkg/plain.txt": hashlib.sha256(b"stored " * 50).hexdigest(),
                   "pkg/data/packed.json": hashlib.sha256(b'{"a": 1}' * 500).hexdigest()}


def test_a_damaged_wheel_is_refused_with_a_reason():
    data = bytearray(wheel_bytes())
    assert "not a zip" in unzip_in_node(bytes(data[:1000]))["error"]
    # a deflated entry's bytes scrambled: its size no longer matches, or inflating fails
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as z:
        info = next(i for i in z.infolist() if i.compress_type == zipfile.ZIP_DEFLATED and i.compress_size > 200)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for k in range(start + 10, start + 60):
        data[k] ^= 0x5A
    assert "error" in unzip_in_node(bytes(data))


def test_a_path_out_of_the_folder_is_refused():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("../evil.py", b"x = 1")
    assert "bad path" in unzip_in_node(buf.getvalue())["error"]

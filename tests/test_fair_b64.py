"""base64url is written once per side — the engine's `fair/crypto.py` (b64, unb64) and the
page's `web/js/net/b64.mjs` (b64url, unb64url) — and both spell bytes the same."""

import json
import pathlib
import random
import re
import shutil
import subprocess

import pytest

from urzeit.fair import crypto

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULE = ROOT / "web" / "js" / "net" / "b64.mjs"

NODE_SCRIPT = """
import { readFileSync } from "node:fs";
import { b64url, unb64url } from %s;
const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const hex = (b) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
const bytes = (h) => Uint8Array.from(h.match(/../g) || [], (x) => parseInt(x, 16));
console.log(JSON.stringify({
  texts: input.hex.map((h) => b64url(bytes(h))),
  plain: input.hex.map((h) => b64url([...bytes(h)])),  // an array of byte values, as peer.mjs passes
  back: input.texts.map((t) => hex(unb64url(t))),
}));
"""


@pytest.mark.node
def test_the_page_spells_bytes_as_the_engine_does(tmp_path):
    if not shutil.which("node"):
        pytest.fail("node is needed")
    rng = random.Random(4648)
    # every length modulo 3, the sizes the page uses (9-byte ids, 16-byte addresses, 32-byte
    # fingerprints) and a long link (200 kB: more than one call's worth of arguments)
    data = [b""] + [rng.randbytes(n) for n in (1, 2, 3, 4, 5, 9, 16, 32, 64, 255)]
    data += [rng.randbytes(rng.randrange(1, 600)) for _ in range(50)] + [rng.randbytes(200_000)]
    data += [bytes([0xfb, 0xff, 0xbf]) * 7]  # the characters that differ from plain base64: - and _
    texts = [crypto.b64(d) for d in data]
    assert "-" in texts[-1] and "_" in texts[-1]
    script = tmp_path / "run.mjs"
    script.write_text(NODE_SCRIPT % json.dumps(MODULE.as_uri()))
    arg = tmp_path / "input.json"
    arg.write_text(json.dumps({"hex": [d.hex() for d in data], "texts": texts}))
    out = subprocess.run(["node", str(script), str(arg)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout)
    assert got["texts"] == texts and got["plain"] == texts
    assert got["back"] == [d.hex() for d in data]


def test_base64url_is_written_once_per_side():
    page = {p.relative_to(ROOT).as_posix() for p in (ROOT / "web" / "js").rglob("*.mjs")
            if re.search(r'replaceAll\("[+/_-]"', p.read_text())}
    assert page == {"web/js/net/b64.mjs"}
    engine = {p.relative_to(ROOT).as_posix() for p in (ROOT / "py" / "urzeit").rglob("*.py")
              if re.search(r"urlsafe_b64|b64encode|b64decode", p.read_text())}
    assert engine == {"py/urzeit/fair/crypto.py"}

"""The page's own QR encoder (web/js/net/qr.mjs) against a known-good one: segno 1.6's matrices
for the same text, version, level and mask (made once with its padding quirk fixed: it adds a
whole zero byte when the data ends on a byte boundary; the standard pads to the boundary only),
hashed here. The mask each encoder picks may differ (they score the format area differently);
every mask is a valid code."""

import hashlib
import json
import pathlib
import subprocess

import pytest

pytestmark = pytest.mark.node  # runs the page's module in Node
ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = [  # text, level, version, mask, SHA-256 of the rows ("0"/"1", joined by newlines)
    ("HELLO urzeit", "M", 1, 2, "ea7d29da5260315199f3eb8b0396c2ac58b01203f4644f8b37528058af76b189"),
    ("https://example.org/urzeit/#l=" + "A" * 40, "L", 4, 1, "f2acc67dd6d4c07cd77b5bcc94eb5f4ce4d08af2682f8827ca2f86b5bf81d795"),
    ("https://example.org/#l=" + "x7-_Qz" * 45, "L", 11, 0, "9aa33b0d50dca365f30e46157fbdb29ace05de26631b4966b6bf1f4a9ec7dee8"),
    ("Grüße, Jäger ✓ " * 12, "M", 11, 2, "6f38fe838aec036834a35e348bdf0b7e69f0cec231658b0cdfe41c1ab19cd070"),
    ("y" * 1000, "M", 26, 4, "2be422aca38b493228151154620171058a593e15f1ffb404f632bfb08eb5e56b"),
]

SCRIPT = """
import { qrMatrix } from %s;
const cases = JSON.parse(process.argv[1]);
const rows = (m) => m.map((r) => r.map((b) => (b ? "1" : "0")).join("")).join("\\n");
console.log(JSON.stringify(cases.map(([text, ecl, , mask]) => ({
  fixed: rows(qrMatrix(text, { ecl, mask })), chosen: rows(qrMatrix(text, { ecl })) }))));
let tooLong = null;
try { qrMatrix("z".repeat(3000), { ecl: "M" }); } catch (e) { tooLong = e.message; }
console.log(JSON.stringify(tooLong));
"""


def run():
    src = json.dumps((ROOT / "web/js/net/qr.mjs").as_uri())
    out = subprocess.run(["node", "--input-type=module", "-e", SCRIPT % src, json.dumps(CASES)],
                         capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()
    return json.loads(out[0]), json.loads(out[1])


def test_qr_matrices_match_a_known_good_encoder():
    results, too_long = run()
    for (text, ecl, version, mask, digest), r in zip(CASES, results):
        rows = r["fixed"].split("\n")
        assert len(rows) == 17 + 4 * version, (text[:20], len(rows))
        assert hashlib.sha256(r["fixed"].encode()).hexdigest() == digest, (text[:20], ecl, version, mask)
        chosen = r["chosen"].split("\n")
        assert len(chosen) == len(rows)  # the same smallest version, whichever mask wins
    assert too_long == "too long for a QR code"

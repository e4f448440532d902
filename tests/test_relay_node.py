"""The relay modules of the built page (dist/js/net/nostr.mjs, seal.mjs, relay-url.mjs) under
Node, checked against independent implementations in Python: Schnorr signatures and NIP-01 ids
against libsecp256k1 (coincurve), the sealed frame's HKDF topic, AES-GCM and padding against
`cryptography` and the standard library. Issue 37."""

import base64
import hashlib
import hmac
import json
import os
import subprocess

import pytest

from browser_support import DIST
from relay_support import nostr_relay  # noqa: F401 (a fixture)

pytestmark = pytest.mark.node


def node(script, data, flags=()):
    """Runs `script` (an ES module body; `data` is the JSON given, `out(x)` prints the answer)."""
    if not (DIST / "js/vendor/noble-secp256k1.mjs").exists():
        pytest.fail("dist/ is not built: run `python build.py`")
    prelude = f"""const data = JSON.parse(process.argv[1]);
const nostr = await import({json.dumps((DIST / 'js/net/nostr.mjs').as_uri())});
const seal = await import({json.dumps((DIST / 'js/net/seal.mjs').as_uri())});
const out = (x) => process.stdout.write(JSON.stringify(x));
"""
    r = subprocess.run(["node", *flags, "--input-type=module", "-e", prelude + script, json.dumps(data)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def nip01_id(ev):
    ser = json.dumps([0, ev["pubkey"], ev["created_at"], ev["kind"], ev["tags"], ev["content"]],
                     separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(ser.encode()).hexdigest()


def test_events_signed_by_the_page_verify_in_libsecp256k1_and_the_other_way():
    from coincurve import PublicKeyXOnly
    from relay_support import schnorr_sign
    mine = node("""
      const out_ = [];
      for (let i = 0; i < 20; i++) {
        const key = nostr.newSecretKey();
        out_.push(nostr.signEvent({kind: 4717, tags: [["z", "ab".repeat(32)]], content: "u1.ü€ " + i + "\\n\\"x\\""}, key));
      }
      out(out_);""", None)
    assert len({e["pubkey"] for e in mine}) == 20  # a fresh key each time
    for ev in mine:
        assert ev["id"] == nip01_id(ev)
        assert PublicKeyXOnly(bytes.fromhex(ev["pubkey"])).verify(bytes.fromhex(ev["sig"]), bytes.fromhex(ev["id"]))
    theirs = [schnorr_sign(os.urandom(32), {"created_at": 1_700_000_000 + i, "kind": 24717, "tags": [["z", "cd" * 32]],
                                            "content": f"frame {i} ä"}) for i in range(20)]
    assert node("out(data.map((ev) => nostr.verifyEvent(ev)))", theirs) == [True] * 20


def test_a_changed_event_does_not_verify():
    from relay_support import schnorr_sign
    ev = schnorr_sign(bytes(range(7, 39)), {"created_at": 1_700_000_000, "kind": 4717, "tags": [["z", "ef" * 32]], "content": "u1.abc"})
    flip = lambda hexs, i: hexs[:i] + format(int(hexs[i], 16) ^ 1, "x") + hexs[i + 1:]
    changed = [
        ev,
        {**ev, "content": "u1.abd"},                     # the content
        {**ev, "sig": flip(ev["sig"], 70)},              # one bit of the signature
        {**ev, "id": flip(ev["id"], 3)},                 # the id
        {**ev, "pubkey": flip(ev["pubkey"], 10)},        # another key
        {**ev, "created_at": ev["created_at"] + 1},
        {**ev, "tags": [["z", "ee" * 32]]},
        {**ev, "kind": 24717},
        {**ev, "sig": ev["sig"].upper()},                # not lower-case hex
        {**ev, "tags": "z"},
        {**ev, "content": 5},
        {k: v for k, v in ev.items() if k != "sig"},
        None, "event", [ev],
    ]
    assert node("out(data.map((ev) => nostr.verifyEvent(ev)))", changed) == [True] + [False] * (len(changed) - 1)


def test_filters_and_relay_urls():
    got = node("""
      const ev = {id: "a".repeat(64), pubkey: "b".repeat(64), created_at: 100, kind: 4717, tags: [["z", "t1"], ["expiration", "9"]], content: ""};
      out({
        match: [{kinds: [4717], "#z": ["t1"]}, {kinds: [24717]}, {"#z": ["t2"]}, {since: 101}, {until: 99}, {since: 100, until: 100},
                {authors: ["b".repeat(64)]}, {ids: ["c".repeat(64)]}, {"#e": ["t1"]}].map((f) => nostr.matchesFilter(ev, f)),
        urls: ["wss://nos.lol", "wss://relay.damus.io/", "ws://127.0.0.1:7000", "ws://localhost:1/x", "ws://relay.example.org",
               "https://nos.lol", "wss://user:pw@nos.lol", "wss://nos.lol#frag", "javascript:alert(1)", "", 5, "wss://" + "a".repeat(300)]
          .map(nostr.relayUrl),
        bad: (() => { try { new nostr.RelayPool(["wss://nos.lol", "http://x"]); return "made"; } catch (e) { return e.message; } })(),
      });""", None)
    assert got["match"] == [True, False, False, False, False, True, True, False, False]
    assert got["urls"] == ["wss://nos.lol", "wss://relay.damus.io", "ws://127.0.0.1:7000", "ws://localhost:1/x",
                           None, None, None, None, None, None, None, None]
    assert got["bad"] == "not a relay URL (wss://…): http://x"


def hkdf(key, info, length=32):
    prk = hmac.new(b"\0" * 32, key, hashlib.sha256).digest()  # RFC 5869 with an empty salt
    out, block, i = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([i]), hashlib.sha256).digest()
        out += block
        i += 1
    return out[:length]


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_a_sealed_frame_opens_in_python_as_documented_and_nothing_else_opens():
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    got = node("""
      const key = seal.newRoomKey(), other = seal.newRoomKey();
      const a = await seal.sealer(key, {me: "Ada"}), b = await seal.sealer(key, {me: "Bob"}), eve = await seal.sealer(other, {me: "Eve"});
      const frame = await a.seal({move: "L07", chat: "Grüße"}, {stored: true});
      const second = await a.seal({x: 1});
      const big = await a.seal({pad: "x".repeat(200)});
      const flip = (t, i) => t.slice(0, i) + (t[i] === "A" ? "B" : "A") + t.slice(i + 1);
      out({key, topic: a.topic, topicB: b.topic, topicOther: eve.topic, frame, second, big,
           opened: await b.open(frame), openedSecond: await b.open(second),
           wrongKey: await eve.open(frame),
           tampered: await Promise.all([5, 40, frame.length - 3].map((i) => b.open(flip(frame, i)))),
           junk: await Promise.all(["", "u1.", "u1.AAAA", "u2." + frame.slice(3), frame.slice(0, -5), 7, null].map((t) => b.open(t))),
           tooBig: await a.seal({pad: "x".repeat(40000)}).then(() => "sealed", (e) => e.message),
           badKey: await seal.sealer("short", {me: "x"}).then(() => "made", (e) => e.message)});""", None)
    key = unb64(got["key"])
    assert len(key) == 32
    assert got["topic"] == got["topicB"] == hkdf(key, b"urzeit relay topic v1").hex() != got["topicOther"]
    aes = AESGCM(hkdf(key, b"urzeit relay frame key v1"))
    raw = unb64(got["frame"][3:])
    plain = aes.decrypt(raw[:12], raw[12:], b"urzeit relay frame v1")
    assert len(plain) % 128 == 0 and plain.endswith(b" ")
    frame = json.loads(plain)
    assert frame["f"] == "Ada" and frame["n"] == 0 and frame["s"] is True and frame["b"] == {"move": "L07", "chat": "Grüße"}
    assert got["opened"] == {"from": "Ada", "instance": frame["i"], "n": 0, "at": frame["t"], "stored": True,
                             "body": {"move": "L07", "chat": "Grüße"}}
    assert got["openedSecond"]["n"] == 1 and got["openedSecond"]["stored"] is False
    assert len(unb64(got["big"][3:])) - 28 == 384  # 200 + the frame's fields, padded up to 3 × 128
    assert got["wrongKey"] is None and got["tampered"] == [None] * 3 and got["junk"] == [None] * 7
    assert got["tooBig"].startswith("a frame of ") and "too large" in got["tooBig"]
    assert got["badKey"] == "not a room key (32 bytes, base64url)"


def test_the_pool_against_a_real_relay_under_node(nostr_relay):
    """Publish (accepted, refused by the relay with its reason, unreachable), a malformed event
    refused before anything is sent, subscribe with the end of stored events, close."""
    got = node("""
      const [relay, dead] = data;
      const states = [];
      const pool = new nostr.RelayPool([relay, dead], {onStatus: (url, state) => states.push([url === relay ? "relay" : "dead", state]),
                                                      connectTimeout: 3000, publishTimeout: 5000});
      const key = nostr.newSecretKey();
      const topic = "ab".repeat(32);
      const ev = nostr.signEvent({kind: 4717, tags: [["z", topic]], content: "u1.x"}, key);
      const accepted = await pool.publish(ev);
      const old = nostr.signEvent({kind: 4717, tags: [["z", topic]], content: "u1.old", created_at: 1_000_000_000}, key);
      const refused = await pool.publish(old);
      const malformed = await pool.publish({...ev, id: "f".repeat(64)}).then(() => "sent", (e) => e.message);
      const seen = [], eose = [];
      await new Promise((resolve) => {
        const sub = pool.subscribe([{kinds: [4717], "#z": [topic]}], {
          onEvent: (e, url) => seen.push(e.id),
          onEose: (url, how) => { eose.push([url === relay ? "relay" : "dead", how]); if (eose.length === 2) { sub.close(); resolve(); } },
        });
      });
      const status = pool.status();
      pool.close();
      out({accepted, refused, malformed, seen, wanted: ev.id, eose: eose.sort(), status, closed: pool.status(),
           states: states.filter(([u]) => u === "relay").map(([, s]) => s)});
    """, [nostr_relay.url, "ws://127.0.0.1:9"], flags=["--experimental-websocket", "--no-warnings"])
    dead = "ws://127.0.0.1:9"
    assert got["accepted"]["ok"] == [nostr_relay.url] and [f["url"] for f in got["accepted"]["failed"]] == [dead]
    assert got["refused"]["ok"] == []
    reasons = {f["url"]: f["reason"] for f in got["refused"]["failed"]}
    assert "too old" in reasons[nostr_relay.url], reasons  # the relay's own words
    assert got["malformed"] == "not a signed, well-formed event"
    assert got["seen"] == [got["wanted"]]
    assert got["eose"] == [["dead", "failed"], ["relay", "eose"]]
    assert got["status"] == {nostr_relay.url: "open", dead: "failed"}
    assert got["closed"] == {nostr_relay.url: "closed", dead: "closed"}
    assert got["states"] == ["connecting", "open", "closed"]

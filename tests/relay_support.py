"""Real Nostr relay software on localhost for the relay tests: PyPI `nostr-relay` (sqlite storage
in a temp folder, on a free port), and a hostile proxy in front of it that drops, duplicates,
reorders, delays and injects events (docs/live-play.md "Relays"). Never a mock of our own."""

import asyncio
import hashlib
import json
import os
import pathlib
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

CONFIG = """DEBUG: false
relay_name: urzeit test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
max_event_size: 65536
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    """One nostr-relay process; stop() and start() again keep its port and its database."""

    def __init__(self, folder: pathlib.Path):
        self.folder = folder
        self.port = free_port()
        self.db = folder / "relay.sqlite3"
        self.config = folder / "relay.yaml"
        self.config.write_text(CONFIG.format(db=self.db, port=self.port))
        self.log = folder / "relay.log"
        self.proc = None

    @property
    def url(self):
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout=30):
        exe = shutil.which("nostr-relay") or str(pathlib.Path(sys.executable).parent / "nostr-relay")
        self.proc = subprocess.Popen([exe, "-c", str(self.config), "serve"], cwd=self.folder,
                                     stdout=self.log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nostr-relay ended: {self.log.read_text()[-2000:]}")
            try:
                req = urllib.request.Request(f"http://127.0.0.1:{self.port}/", headers={"Accept": "application/nostr+json"})
                with urllib.request.urlopen(req, timeout=1) as r:
                    self.info = json.loads(r.read())
                    return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("nostr-relay did not answer")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)  # its own session: gunicorn and its worker
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self.proc = None

    def stored_events(self):
        """Every event row of the relay's sqlite file, as the relay keeps it."""
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            cols = [r[1] for r in con.execute("PRAGMA table_info(events)")]
            return [dict(zip(cols, row)) for row in con.execute("SELECT * FROM events")]
        finally:
            con.close()


@pytest.fixture(scope="module")
def nostr_relay(tmp_path_factory):
    relay = Relay(tmp_path_factory.mktemp("relay")).start()
    yield relay
    relay.stop()


# --- a hostile proxy --------------------------------------------------------------------------

def schnorr_sign(secret: bytes, event: dict) -> dict:
    """A NIP-01 event signed with `secret` (coincurve, which nostr-relay's own stack installs)."""
    from coincurve import PrivateKey
    key = PrivateKey(secret)
    event = dict(event, pubkey=key.public_key_xonly.format().hex())
    ser = json.dumps([0, event["pubkey"], event["created_at"], event["kind"], event["tags"], event["content"]],
                     separators=(",", ":"), ensure_ascii=False)
    event["id"] = hashlib.sha256(ser.encode()).hexdigest()
    event["sig"] = key.sign_schnorr(bytes.fromhex(event["id"])).hex()
    return event


class HostileProxy:
    """A WebSocket proxy between the pages and the relay. What the relay sends (EVENT messages
    of subscriptions) is dropped, duplicated, held back and sent after later ones, and for each
    real event forgeries are injected: the same event with altered content (its signature then
    fails), a re-signed copy with altered content (a valid signature by another key), the same
    content re-signed under the other kind (stored <-> ephemeral; a signalling frame's copy of a
    stored kind is also published to the relay, which keeps it), plain noise, malformed and
    oversized frames, and after the real event a replay of its content as a new event of
    another key.
    `log` counts what it did. Deterministic: random.Random(seed)."""

    def __init__(self, upstream: str, seed=7, drop=0.0, dup=0.3, hold=0.3, delay=0.05, replays=True):
        self.upstream = upstream
        self.replays = replays  # re-signed copies of real content (they open: a frame seen again)
        self.rng = random.Random(seed)
        self.drop, self.dup, self.hold, self.delay = drop, dup, hold, delay
        self.port = free_port()
        self.log = {"events": 0, "dropped": 0, "duplicated": 0, "held": 0, "injected": 0}
        self.secret = bytes(range(1, 33))
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.ready = threading.Event()

    @property
    def url(self):
        return f"ws://127.0.0.1:{self.port}"

    def start(self):
        self.thread.start()
        self.ready.wait(10)
        return self

    def stop(self):
        async def shutdown():
            self.server.close()  # and its connections
            await self.server.wait_closed()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shutdown(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()

    def _run(self):
        import websockets
        asyncio.set_event_loop(self.loop)

        async def main():
            self.server = await websockets.serve(self._client, "127.0.0.1", self.port, max_size=2 ** 20)
            self.ready.set()

        self.loop.run_until_complete(main())
        self.loop.run_forever()

    def rekinded(self, ev):
        """The real content re-signed under the other kind: stored <-> ephemeral."""
        return schnorr_sign(self.secret, dict(created_at=ev["created_at"], tags=ev["tags"], content=ev["content"],
                                              kind=24717 if ev["kind"] == 4717 else 4717))

    def forgeries(self, sub, ev):
        altered = dict(ev, content=ev["content"][:-4] + ("AAAA" if not ev["content"].endswith("AAAA") else "BBBB"))
        frames = [
            ["EVENT", sub, altered],                                                  # its signature fails
            ["EVENT", sub, schnorr_sign(self.secret, {k: altered[k] for k in ("created_at", "kind", "tags", "content")})],
            ["EVENT", sub, schnorr_sign(self.secret, dict(created_at=ev["created_at"], kind=ev["kind"], tags=ev["tags"],
                                                          content="u1." + "A" * 300))],
            ["EVENT", sub, self.rekinded(ev)],  # the real content re-signed under the other kind
            ["EVENT", sub, dict(ev, id="0" * 64)],
            ["EVENT", sub, "not an event"],
            ["EVENT", sub, {**ev, "tags": "x"}],
        ]
        texts = [json.dumps(f) for f in frames]
        texts += ["not json at all", json.dumps({"EVENT": ev}), "[" * 50_000, json.dumps(["EVENT", sub, ev])[:-10],
                  json.dumps(["EVENT", sub, dict(ev, content="A" * 300_000)])]
        return texts

    async def _client(self, client):
        import websockets
        async with websockets.connect(self.upstream, max_size=2 ** 20) as relay:
            held = []

            async def release_later():
                await asyncio.sleep(0.4)
                while held:
                    await client.send(held.pop(0))

            async def up():
                async for msg in client:
                    await relay.send(msg)

            async def down():
                async for msg in relay:
                    try:
                        parsed = json.loads(msg)
                    except ValueError:
                        parsed = None
                    if not (isinstance(parsed, list) and parsed and parsed[0] == "EVENT"):
                        while held:  # an EOSE or OK goes after what was held back
                            await client.send(held.pop(0))
                        await client.send(msg)
                        continue
                    self.log["events"] += 1
                    sub, ev = parsed[1], parsed[2]
                    for text in self.forgeries(sub, ev):
                        self.log["injected"] += 1
                        await client.send(text)
                    if self.replays and ev.get("kind") == 24717:
                        # the relay itself stores a signalling frame as if it were to be kept
                        self.log["injected"] += 1
                        await relay.send(json.dumps(["EVENT", self.rekinded(ev)]))
                    replay = []
                    if self.replays:  # comes after the real one (or in its place if that is dropped)
                        self.log["injected"] += 1
                        replay = [json.dumps(["EVENT", sub, schnorr_sign(
                            self.secret, {k: ev[k] for k in ("created_at", "kind", "tags", "content")})])]
                    if self.rng.random() < self.drop:
                        self.log["dropped"] += 1
                        held.extend(replay)
                        asyncio.create_task(release_later())
                        continue
                    if self.rng.random() < self.hold:
                        self.log["held"] += 1
                        held.append(msg)
                        held.extend(replay)
                        asyncio.create_task(release_later())  # if no later event comes to pass it
                        continue
                    held.extend(replay)
                    await asyncio.sleep(self.rng.random() * self.delay)
                    await client.send(msg)
                    if self.rng.random() < self.dup:
                        self.log["duplicated"] += 1
                        await client.send(msg)
                    while held:  # what was held back comes after a later event: reordered
                        await client.send(held.pop(0))

            tasks = [asyncio.create_task(up()), asyncio.create_task(down())]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            except websockets.ConnectionClosed:
                pass
            finally:
                for t in tasks:
                    t.cancel()

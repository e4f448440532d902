"""The relay layer (issue 37) in headless Chromium against real relay software on localhost
(PyPI nostr-relay, tests/relay_support.py): two pages (two browser contexts) exchange sealed
frames through the relay; the relay's sqlite file holds no plain text of what was sent; a page
that opens later finds the stored frames (history); through a hostile proxy nothing forged or
altered is accepted and duplicates and reordering are absorbed; the relay stopped mid-way is
reported and the pool reconnects when it is back."""

import json
import time

import pytest

from browser_support import PageWatch
from relay_support import HostileProxy, Relay, nostr_relay  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

CSP_WATCH = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"""

JOIN = """async ([key, relays, me, options]) => {
  const m = await import('./js/net/relay-room.mjs');
  window.got = []; window.states = [];
  window.room = await m.join(key, relays, {me, ...(options || {}),
    onStatus: (all, url, state) => window.states.push(state)});
  window.room.onFrame((body, from, meta) => window.got.push({body, from, n: meta.n, stored: meta.stored}));
  return window.room.topic;
}"""


def open_page(browser, served_dist, lang="en"):
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.add_init_script("globalThis.urzeitTestNoSnapshot = true;" + CSP_WATCH +
                         f"try {{ localStorage.setItem('urzeit.lang', '{lang}') }} catch {{}}")
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.sockets = []
    page.on("websocket", lambda ws: page.sockets.append(ws.url.rstrip("/")))
    page.goto(served_dist + "?test=1")
    page.wait_for_function("() => window.urzeit !== undefined")
    return page


def new_key(page):
    return page.evaluate("() => import('./js/net/seal.mjs').then((m) => m.newRoomKey())")


def wait_open(page, timeout=10_000):
    page.wait_for_function("() => Object.values(window.room.status()).every((s) => s === 'open')", timeout=timeout)


def wait_got(page, count, timeout=15_000):
    page.wait_for_function(f"() => window.got.length >= {count}", timeout=timeout)
    return page.evaluate("() => window.got")


def send(page, body, store=False):
    return page.evaluate("([b, s]) => window.room.send(b, {store: s})", [body, store])


@pytest.fixture
def pages(browser, served_dist):
    made = []

    def make(lang="en"):
        p = open_page(browser, served_dist, lang)
        made.append(p)
        return p

    yield make
    for p in made:
        try:
            p.evaluate("() => window.room && window.room.close()")
        except Exception:
            pass
        p.context.close()


def test_two_pages_exchange_sealed_frames_and_the_relay_keeps_no_plain_text(pages, nostr_relay):
    ada, bob = pages(), pages("de")
    key = new_key(ada)
    topic = ada.evaluate(JOIN, [key, [nostr_relay.url], "Ada-Lovelace", None])
    assert bob.evaluate(JOIN, [key, [nostr_relay.url], "Bob-Builder", None]) == topic
    assert len(topic) == 64 and key not in topic
    wait_open(ada), wait_open(bob)
    t0 = time.monotonic()
    r = send(ada, {"type": "answer", "sdp": "SDP-ANSWER-Ada-7f3e"})
    assert r == {"ok": [nostr_relay.url], "failed": []}
    got = wait_got(bob, 1)
    latency = time.monotonic() - t0
    send(ada, {"type": "move", "move": "PLAIN-MOVE-tile-L07"}, store=True)
    send(ada, {"type": "chat", "text": "Hallo Bob, geheime Nachricht"})
    got = wait_got(bob, 3)
    assert got == [
        {"body": {"type": "answer", "sdp": "SDP-ANSWER-Ada-7f3e"}, "from": "Ada-Lovelace", "n": 0, "stored": False},
        {"body": {"type": "move", "move": "PLAIN-MOVE-tile-L07"}, "from": "Ada-Lovelace", "n": 1, "stored": True},
        {"body": {"type": "chat", "text": "Hallo Bob, geheime Nachricht"}, "from": "Ada-Lovelace", "n": 2, "stored": False},
    ]
    big = {"type": "setup", "deck": "Q" * 10_000}  # a fair Jäger und Späher set-up is about 10 kB
    assert send(ada, big, store=True)["ok"] == [nostr_relay.url]
    assert wait_got(bob, 4)[3] == {"body": big, "from": "Ada-Lovelace", "n": 3, "stored": True}
    send(bob, {"type": "move", "move": "BOBS-MOVE-meeple"}, store=True)
    assert wait_got(ada, 1) == [{"body": {"type": "move", "move": "BOBS-MOVE-meeple"}, "from": "Bob-Builder", "n": 0, "stored": True}]
    ada.wait_for_timeout(300)
    assert ada.evaluate("() => window.got.length") == 1, "a page never gets its own frames"
    print(f"a frame from one page to the other through the local relay: {latency * 1000:.0f} ms")

    # what the relay stored: ciphertext under the topic, nothing of the frames' words or the key
    rows = [r for r in nostr_relay.stored_events() if topic in str(r["tags"])]
    assert len(rows) >= 3  # the stored frames (this relay keeps ephemeral ones until its clean-up)
    kinds = {r["kind"] for r in rows}
    assert 4717 in kinds and kinds <= {4717, 24717}
    dump = json.dumps([{k: (v.hex() if isinstance(v, bytes) else v) for k, v in r.items()} for r in rows])
    for plain in ["SDP-ANSWER", "PLAIN-MOVE", "tile-L07", "Hallo", "geheim", "BOBS-MOVE", "meeple", "Lovelace", "Builder", key]:
        assert plain not in dump, plain
    for r in rows:
        assert r["content"].startswith("u1.") and len(r["content"]) > 100
        tags = json.loads(r["tags"])
        assert tags[0] == ["z", topic] and all(t[0] in ("z", "expiration") for t in tags)
    for p in (ada, bob):
        assert p.evaluate("() => window.__cspViolations") == []
        p.watch.assert_clean()
        assert set(p.sockets) == {nostr_relay.url}


def test_a_stored_frame_is_found_by_a_page_that_opens_later(pages, nostr_relay):
    ada = pages()
    key = new_key(ada)
    ada.evaluate(JOIN, [key, [nostr_relay.url], "ada", None])
    wait_open(ada)
    for i in range(5):
        r = send(ada, {"turn": i, "move": f"m{i}"}, store=i != 2)  # turn 2 is signalling only: not kept
        assert r["ok"] == [nostr_relay.url], r
    ada.context.close()  # ada leaves; nobody is online

    cleo = pages("de")
    cleo.evaluate(JOIN, [key, [nostr_relay.url], "cleo", None])
    found = cleo.evaluate("() => window.room.history(0)")
    assert [f["body"] for f in found] == [{"turn": i, "move": f"m{i}"} for i in (0, 1, 3, 4)]
    assert {f["from"] for f in found} == {"ada"} and not any(f["mine"] for f in found)
    assert [f["n"] for f in found] == [0, 1, 3, 4]
    assert cleo.evaluate("() => window.room.history(Date.now() + 3600e3)") == []
    # another room's key finds nothing of it
    other = cleo.evaluate("""async (relay) => {
        const s = await import('./js/net/seal.mjs'), m = await import('./js/net/relay-room.mjs');
        const room = await m.join(s.newRoomKey(), [relay], {me: 'eve'});
        const found = await room.history(0);
        room.close();
        return found;
    }""", nostr_relay.url)
    assert other == []
    # a frame ada's next visit sends goes on in order after what history returned
    ada2 = pages()
    ada2.evaluate(JOIN, [key, [nostr_relay.url], "ada", None])
    wait_open(ada2)
    cleo.wait_for_timeout(300)
    send(ada2, {"turn": 5}, store=True)
    assert wait_got(cleo, 1) == [{"body": {"turn": 5}, "from": "ada", "n": 0, "stored": True}]
    mine = ada2.evaluate("() => window.room.history(0)")
    assert [f["body"]["turn"] for f in mine] == [0, 1, 3, 4, 5] and mine[-1]["mine"] and not mine[0]["mine"]


@pytest.fixture
def hostile(nostr_relay):
    made = []

    def make(**kw):
        proxy = HostileProxy(nostr_relay.url, **kw).start()
        made.append(proxy)
        return proxy

    yield make
    for proxy in made:
        proxy.stop()


def test_a_hostile_relay_changes_nothing(pages, hostile):
    proxy = hostile(seed=3, drop=0.0, dup=0.4, hold=0.4)
    ada, bob = pages(), pages()
    key = new_key(ada)
    for p, me in ((ada, "ada"), (bob, "bob")):
        p.evaluate(JOIN, [key, [proxy.url], me, None])
        wait_open(p)
    n = 24
    ada.evaluate("async (n) => { for (let i = 0; i < n; i++) await window.room.send({i}, {store: i % 3 === 0}); }", n)
    got = wait_got(bob, n)
    bob.wait_for_timeout(2000)  # anything late (held, duplicated, injected) has come by now
    got = bob.evaluate("() => window.got")
    assert [g["body"] for g in got] == [{"i": i} for i in range(n)], "each frame once, in order, nothing else"
    assert all(g["from"] == "ada" and g["stored"] == (g["body"]["i"] % 3 == 0) for g in got)
    assert proxy.log["held"] > 0 and proxy.log["duplicated"] > 0 and proxy.log["injected"] > 10 * n
    # history through the same proxy: the stored frames, each once, nothing forged
    found = bob.evaluate("() => window.room.history(0)")
    assert [f["body"] for f in found] == [{"i": i} for i in range(0, n, 3)]
    for p in (ada, bob):
        assert p.evaluate("() => window.__cspViolations") == []
        assert p.watch.console_errors == []


def test_a_relay_that_drops_events_loses_only_those_and_holds_nothing_up(pages, hostile, nostr_relay):
    proxy = hostile(seed=5, drop=0.35, dup=0.2, hold=0.2, replays=False)  # a replay would bring a dropped frame back
    ada, bob = pages(), pages()
    key = new_key(ada)
    ada.evaluate(JOIN, [key, [nostr_relay.url], "ada", None])
    bob.evaluate(JOIN, [key, [proxy.url], "bob", {"holdMs": 800}])  # only bob reads through the proxy
    wait_open(ada), wait_open(bob)
    n = 20
    ada.evaluate("async (n) => { for (let i = 0; i < n; i++) await window.room.send({i}); }", n)
    for _ in range(100):  # every event has passed the proxy (or been dropped by it)
        if proxy.log["events"] >= n:
            break
        bob.wait_for_timeout(100)
    bob.wait_for_function("(n) => window.got.length >= n", arg=n - proxy.log["dropped"], timeout=10_000)
    bob.wait_for_timeout(1000)  # and nothing more comes
    got = [g["body"]["i"] for g in bob.evaluate("() => window.got")]
    assert proxy.log["events"] == n and 0 < proxy.log["dropped"] < n
    assert got == sorted(set(got)), "what came, once each and in order"
    assert len(got) == n - proxy.log["dropped"], (got, proxy.log)


def test_the_relay_stopped_mid_way_is_reported_and_the_pool_reconnects(pages, tmp_path):
    relay = Relay(tmp_path).start()
    try:
        ada, bob = pages(), pages()
        key = new_key(ada)
        options = {"pool": {"backoff": [200, 1500]}}
        for p, me in ((ada, "ada"), (bob, "bob")):
            p.evaluate(JOIN, [key, [relay.url], me, options])
            wait_open(p)
        send(ada, {"before": True}, store=True)
        assert wait_got(bob, 1)[0]["body"] == {"before": True}

        relay.stop()
        for p in (ada, bob):
            p.wait_for_function(f"() => window.room.status()['{relay.url}'] !== 'open'", timeout=10_000)
        r = send(ada, {"while": "down"})
        assert r["ok"] == [] and r["failed"][0]["url"] == relay.url

        relay.start()
        for p in (ada, bob):
            wait_open(p, timeout=20_000)
            states = p.evaluate("() => window.states")
            assert states[:2] == ["connecting", "open"] and "failed" in states and states[-1] == "open", states
        bob.wait_for_timeout(300)  # bob's subscription is sent again on the new connection
        send(ada, {"after": True}, store=True)
        got = wait_got(bob, 2)
        assert [g["body"] for g in got] == [{"before": True}, {"after": True}]
        found = bob.evaluate("() => window.room.history(0)")
        assert [f["body"] for f in found] == [{"before": True}, {"after": True}]  # kept across the restart
    finally:
        relay.stop()


def test_close_ends_every_socket_and_timer(pages, nostr_relay):
    ada = pages()
    key = new_key(ada)
    ada.evaluate(JOIN, [key, [nostr_relay.url, "ws://127.0.0.1:9"], "ada", {"pool": {"backoff": [100, 200]}}])
    ada.wait_for_function(f"() => window.room.status()['{nostr_relay.url}'] === 'open' && window.room.status()['ws://127.0.0.1:9'] === 'failed'")
    before = ada.evaluate("() => window.states.length")
    ada.wait_for_timeout(600)
    assert ada.evaluate("() => window.states.length") > before, "the dead relay is tried again while subscribed"
    ada.evaluate("() => window.room.close()")
    assert ada.evaluate("() => window.room.status()") == {nostr_relay.url: "closed", "ws://127.0.0.1:9": "closed"}
    after = ada.evaluate("() => window.states.length")
    ada.wait_for_timeout(700)
    assert ada.evaluate("() => window.states.length") == after, "no retry after close()"
    err = ada.evaluate("() => window.room.send({x: 1}).then(() => 'sent', (e) => e.message)")
    assert err == "the room is closed"

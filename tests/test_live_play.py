"""Live play (docs/fair-play.md "Live play"): pages of one headless Chromium connect over WebRTC
data channels (loopback, no STUN), the invite and the answer passed as links, and play fair
games to the end; refused frames change nothing; an invite works once; a dropped connection
or a reload resumes by a fresh invite or by link. Every record passes `fair.check`."""

import json
import sys

import pytest

from browser_support import ROOT, PageWatch, screenshot

pytestmark = pytest.mark.browser
READY = 60_000
SHORT = {"setup": {"tiles": ["L07", "L20", "L03", "L11"]}}  # sammler: four tiles, a game of eight moves
SHORT_ELAWA = {"setup": {"fire": ["berry"]}}  # one token in the fire: a game of about twenty moves
INIT = "globalThis.urzeitTestNoSnapshot = true; globalThis.urzeitTestRelays = []; globalThis.urzeitLiveNoStun = true"


def new_page(browser, lang="de", phone=True, context=None):
    if context is None:
        vp = {"width": 360, "height": 740} if phone else {"width": 1366, "height": 800}
        context = browser.new_context(service_workers="block", viewport=vp)
    p = context.new_page()
    p.add_init_script(INIT + f"; try {{ localStorage.setItem('urzeit.lang', '{lang}') }} catch {{}}")
    return p


def ready(page, url):
    page.goto(url + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)


def host_table(browser, served_dist, game, players, options, lang="en", phone=False):
    host = new_page(browser, lang, phone)
    ready(host, served_dist)
    host.evaluate("([g, n, o]) => window.urzeit.startLive({game: g, players: n, options: o, name: 'Ada'})", [game, players, options])
    host.wait_for_selector(f"#live-panel .live-seat[data-seat='{players - 1}'] .live-invite")
    return host


def invite(host, seat):
    host.evaluate("() => { const d = document.getElementById('live-invite-dialog'); if (d && d.open) d.close(); }")
    host.click(f"#live-panel .live-invite[data-seat='{seat}']")
    host.wait_for_selector("#live-invite-dialog[open]")
    host.wait_for_function("() => document.getElementById('live-invite-dialog-link').value.includes('#l=')")
    return host.locator("#live-invite-dialog-link").input_value()


def open_invite(friend, link, name=None, shot=None):
    friend.goto(link.replace("/#", "/?test=1#"))
    if name:
        friend.wait_for_selector("#live-name-dialog[open]", timeout=READY)
        if shot:
            screenshot(friend, shot)
        friend.fill("#live-name", name)
        friend.click("#live-name-ok")
    friend.wait_for_selector("#live-answer-dialog[open]", timeout=READY)
    return friend.locator("#live-answer-dialog-link").input_value()


def paste_answer(host, link):
    host.fill("#live-answer", link)
    host.click("#live-answer-ok")


def connected(*pages):
    for p in pages:
        p.wait_for_selector("#app[data-live='open']", timeout=15_000)


def state_id(p):
    return p.evaluate("() => window.urzeit.view.state_id")


def same_state(pages):
    pages[0].wait_for_function("() => true")
    for _ in range(200):
        ids = {state_id(p) for p in pages}
        if len(ids) == 1:
            return ids.pop()
        pages[0].wait_for_timeout(25)
    raise AssertionError(f"the pages did not agree: {[state_id(p) for p in pages]}")


def play(pages, moves=None, limit=400):
    """Each page moves when its seat is to move (its first legal move), until all are over (or
    `moves` moves are made). Returns how many moves were made."""
    made = 0
    for _ in range(limit):
        if moves is not None and made >= moves:
            same_state(pages)
            return made
        if all(p.evaluate("() => Boolean(window.urzeit.view && window.urzeit.view.over)") for p in pages):
            return made
        moved = False
        for p in pages:
            if p.locator("#app").get_attribute("data-fair-waiting") == "me" and p.evaluate("() => window.urzeit.legal.length"):
                r = p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
                assert r["ok"], r
                made += 1
                moved = True
                break
        if not moved:
            pages[0].wait_for_timeout(20)
    raise AssertionError("the game did not end")


def record(page):
    return page.evaluate("() => window.urzeit.request({op: 'fair_record', party: window.urzeit.view.match})")


def checked(page):
    rec = record(page)
    sys.path.insert(0, str(ROOT / "py"))
    from urzeit import fair
    fair.check(rec)  # raises on any fault
    return rec


def refused(page, reason):
    page.wait_for_function("(r) => document.getElementById('app').dataset.liveRefused === r", arg=reason, timeout=5000)
    page.evaluate("() => { delete document.getElementById('app').dataset.liveRefused; }")


def test_two_pages_play_sammler_live(browser, served_dist):
    host = new_page(browser, "en", phone=False)
    host.watch = PageWatch(host, served_dist.rstrip("/"))  # no other origin, no console error
    ready(host, served_dist)
    host.click("[data-game-id='sammler']")
    host.click("#mode-live")  # the menu offers live play beside local and by-link play
    assert "QR" in host.locator("#play-mode").inner_text()
    # the STUN server comes from the settings: a named public one by default, "" turns it off
    ice = host.evaluate("""async () => { const m = await import('./js/net/peer.mjs');
        const before = m.iceSettings(); m.saveIceSettings({stun: ''}); const off = m.iceSettings();
        m.saveIceSettings({stun: m.DEFAULT_STUN}); return [before.stun, off.stun, m.DEFAULT_STUN]; }""")
    assert ice[0] == ice[2] and ice[2].startswith("stun:") and ice[1] == ""
    host.evaluate("(o) => window.urzeit.startLive({game: 'sammler', players: 2, options: o, name: 'Ada'})", SHORT)
    host.wait_for_selector("#live-panel .live-seat[data-seat='1'] .live-invite")
    assert host.locator("#share-dialog[open]").count() == 0  # live: no link dialog of its own
    link = invite(host, 1)
    qr = host.locator("#live-invite-dialog-qr svg")
    # about 370 characters with two host candidates (more with IPv6 or STUN): version 11 to 15
    assert int(qr.get_attribute("data-modules")) <= 77, "an invite fits a QR code of version 15 or less"
    assert len(link) < 560, len(link)
    screenshot(host, "live-invite-desktop")

    friend = new_page(browser, "de", phone=True)
    back = open_invite(friend, link, "Bo", shot="live-join-phone")
    assert "Ada" in friend.locator("#live-answer-dialog-title").inner_text()
    screenshot(friend, "live-answer-phone")
    again = friend.context.new_page()  # the same invite opened again in the same browser
    again.add_init_script(INIT)
    again.goto(link.replace("/#", "/?test=1#"))
    again.wait_for_selector("#app[data-live-invite='spent']", timeout=10_000)  # before the engine is loaded
    assert "schon benutzt" in again.locator("#import-message").inner_text()
    again.close()

    paste_answer(host, back)
    connected(host, friend)
    assert host.locator("#live-invite-dialog[open]").count() == 0
    assert friend.locator("#live-panel .live-seat[data-seat='0']").get_attribute("data-state") == "open"
    assert friend.evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == ["Ada", "Bo"]
    friend.click("#live-chat summary")
    friend.click("#live-panel .live-phrase[data-phrase='1']")
    host.wait_for_function("() => document.getElementById('live-said').textContent === 'Bo: Good move!'")

    play([host, friend], moves=2)
    screenshot(friend, "live-table-phone")
    screenshot(host, "live-table-desktop")
    # bad frames from the friend: refused with a reason, the host's game unchanged
    before = state_id(host)
    sent = [m for m in record(friend)["messages"] if m["seat"] == 1]
    forged = dict(sent[-1], n=sent[-1]["n"] + 1)  # the signature no longer matches
    friend.evaluate("(t) => window.urzeit.live.sendRaw(0, t)", json.dumps({"t": "m", "m": [forged]}))
    refused(host, "fair.bad_signature")
    friend.evaluate("(t) => window.urzeit.live.sendRaw(0, t)", json.dumps({"t": "m", "m": [sent[-1]]}))
    refused(host, "fair.nothing_new")  # replayed
    assert "nothing in the game has changed" in host.locator("#message").inner_text()
    friend.evaluate("() => window.urzeit.live.sendRaw(0, '<img src=x onerror=alert(1)>')")
    refused(host, "malformed")
    friend.evaluate("() => window.urzeit.live.sendRaw(0, JSON.stringify({t: 'm', m: [{}], pad: 'x'.repeat(70000)}))")
    refused(host, "too_big")
    assert host.locator("#message img").count() == 0
    assert state_id(host) == before

    play([host, friend])
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    screenshot(friend, "live-end-phone")
    screenshot(host, "live-end-desktop")
    rec = checked(host)
    assert rec == checked(friend)
    # a rematch keeps the seats: a new fair game (a new id) for the same players
    host.click("#live-rematch")
    for p in (host, friend):
        p.wait_for_function("(g) => window.urzeit.view.fair.gid !== g && window.urzeit.view.fair.state", arg=rec["gid"], timeout=20_000)
        assert p.evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == ["Ada", "Bo"]
    same_state([host, friend])
    # a flooding peer is cut off
    friend.evaluate("() => { for (let i = 0; i < 100; i++) window.urzeit.live.sendRaw(0, '{\"t\":\"x\"}'); }")
    host.wait_for_function("() => window.urzeit.live.state.peers[0].reason === 'flood'", timeout=5000)
    assert host.locator("#live-panel .live-seat[data-seat='1']").get_attribute("data-state") == "closed"
    host.watch.assert_clean()
    friend.context.close()
    host.context.close()


def open_link_here(page, link):
    """Open a link in a page that is already up: only the fragment changes (no reload)."""
    page.evaluate("() => { const a = document.getElementById('app').dataset; delete a.fairLink; delete a.liveLink;"
                  " for (const d of document.querySelectorAll('dialog[open]')) d.close(); }")
    page.goto(link.replace("/#", "/?test=1#"))


def open_invite_here(page, link, name):
    """An invite opened in a page that is up (no reload); the name is asked if the seat is new."""
    open_link_here(page, link)
    page.wait_for_selector("#live-name-dialog[open], #live-answer-dialog[open]", timeout=READY)
    if page.locator("#live-name-dialog[open]").count():
        page.fill("#live-name", name)
        page.click("#live-name-ok")
        page.wait_for_selector("#live-answer-dialog[open]", timeout=READY)


def test_elawa_live_drop_reload_and_link(browser, served_dist):
    host = host_table(browser, served_dist, "elawa", 2, SHORT_ELAWA, lang="de", phone=True)
    friend = new_page(browser, "de", phone=True)
    link = invite(host, 1)
    screenshot(host, "live-invite-phone")
    paste_answer(host, open_invite(friend, link, "Bo"))
    connected(host, friend)
    play([host, friend], moves=2)

    # the channel drops: both sides say so; a fresh invite resumes the game from the friend's storage
    friend.evaluate("() => window.urzeit.live.closeChannel(0)")
    host.wait_for_selector("#live-panel .live-seat[data-seat='1'][data-state='closed']")
    assert "getrennt" in host.locator("#message").inner_text()
    assert host.locator("#live-panel .live-by-link[data-seat='1']").count() == 1
    at = same_state([host, friend])
    back = open_invite(friend, invite(host, 1))  # no name asked: the seat is in this browser
    assert friend.locator("#app").get_attribute("data-live-invite") == "resumed"
    paste_answer(host, back)
    connected(host, friend)
    assert same_state([host, friend]) == at
    play([host, friend], moves=2)

    # a reload of the host: the table from its storage; the same game continues by link
    at = same_state([host, friend])
    log = host.locator("#log").inner_text()
    host.reload()
    host.wait_for_selector("#app[data-game='elawa'][data-mode='fair']", timeout=READY)
    host.wait_for_selector("#live-panel .live-seat[data-seat='1'][data-state='none']")
    assert state_id(host) == at
    assert log.strip() and host.locator("#log").inner_text() == log  # the moves so far, worded again
    friend.wait_for_selector("#live-panel .live-seat[data-seat='0'][data-state='closed']")
    mover, other, to = (host, friend, 1) if host.locator("#app").get_attribute("data-fair-waiting") == "me" else (friend, host, 0)
    play([mover], moves=1)
    mover.click(f"#live-panel .live-by-link[data-seat='{to}']")
    mover.wait_for_selector("#share-dialog[open]")
    link = mover.locator("#share-link").input_value()
    mover.evaluate("() => document.getElementById('share-dialog').close()")
    open_link_here(other, link)
    other.wait_for_selector("#app[data-fair-link='done']", timeout=READY)
    assert state_id(other) > at and other.locator("#message").inner_text() == ""  # the move came by link

    # a reload of the friend: its table from storage, then a fresh invite connects again
    at = state_id(friend)
    log = friend.locator("#log").inner_text()
    friend.reload()
    friend.wait_for_selector("#app[data-game='elawa'][data-mode='fair']", timeout=READY)
    assert state_id(friend) == at
    assert log.strip() and friend.locator("#log").inner_text() == log
    assert "Einladung" in friend.locator("#message").inner_text()
    link = invite(host, 1)
    open_link_here(friend, link)
    friend.wait_for_selector("#live-answer-dialog[open]", timeout=READY)
    paste_answer(host, friend.locator("#live-answer-dialog-link").input_value())
    connected(host, friend)
    play([host, friend])
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    assert checked(host) == checked(friend)
    friend.context.close()
    host.context.close()


def unpack_link(link, key):
    import base64
    import zlib
    code = link.split(key, 1)[1]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)), -15))


def repack_link(link, key, data):
    import base64
    import zlib
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(json.dumps(data, separators=(",", ":")).encode()) + c.flush()
    return link.split(key, 1)[0] + key + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_three_players_live_star(browser, served_dist):
    host = new_page(browser, "en", phone=False)
    ready(host, served_dist)
    host.evaluate("(o) => window.urzeit.startLive({game: 'sammler', players: 3, options: o, name: 'Ada', failMs: 2500})", SHORT)
    host.wait_for_selector("#live-panel .live-invite[data-seat='2']")
    one, two = new_page(browser, "de"), new_page(browser, "en", phone=False)
    first = invite(host, 1)
    paste_answer(host, open_invite(one, first, "Bo"))
    connected(one)

    # a second person opens the same (spent) invite: the host refuses their answer plainly
    spent = open_invite(two, first, "Cy", shot="live-join-desktop")
    second = invite(host, 2)
    paste_answer(host, spent)
    host.wait_for_selector("#app[data-live-answer='spent']")
    assert "already" in host.locator("#live-status").inner_text()

    # a connection that cannot be made is said plainly (here: a wrong answer), with the link offered
    open_invite_here(two, second, "Cy")
    dead = unpack_link(two.locator("#live-answer-dialog-link").input_value(), "#a=")
    dead["o"]["u"] = "dead"  # the friend's checks name another user fragment: nothing gets through
    dead["o"]["c"] = [" ".join([c.split(" ")[0], "9", "host"]) for c in dead["o"]["c"]]
    paste_answer(host, repack_link(two.locator("#live-answer-dialog-link").input_value(), "#a=", dead))
    host.wait_for_selector("#live-panel .live-seat[data-seat='2'][data-state='failed']", timeout=20_000)
    assert "could not be made" in host.locator("#message").inner_text()

    assert host.locator("#live-panel .live-by-link[data-seat='2']").count() == 1

    # the answer opened in another tab of the host's browser reaches the waiting table
    open_invite_here(two, invite(host, 2), "Cy")
    tab = host.context.new_page()
    tab.add_init_script(INIT)
    tab.goto(two.locator("#live-answer-dialog-link").input_value().replace("/#", "/?test=1#"))
    tab.wait_for_selector("#app[data-live-answer='handed']", timeout=10_000)
    tab.close()
    connected(host, one, two)
    one.wait_for_selector("#live-panel .live-seat[data-seat='2'][data-state='open']")  # the host tells who is there
    assert two.evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == ["Ada", "Bo", "Cy"]
    play([host, one, two])
    for p in (host, one, two):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    assert checked(host) == checked(one) == checked(two)
    # a state hash that differs from the host's own stops the game with a clear error
    # (a hash is keyed by the game and its state: one of another game could never stop this one)
    one.evaluate("(k) => window.urzeit.live.sendRaw(0, JSON.stringify({t: 'h', k: k, h: 'not-the-same'}))",
                 one.evaluate("() => `${window.urzeit.view.fair.gid}:${window.urzeit.view.state_id}`"))
    host.wait_for_selector("#app[data-live-mismatch='1']", timeout=5000)
    assert "differ" in host.locator("#message").inner_text()
    for p in (one, two, host):
        p.context.close()


SHORT_SPAEHER = {"mode": "intro", "setup": {"hunt": ["J01"], "wild": ["W01", "W02"]}}  # as test_fair_spaeher_page


def click_moves(pages, limit=600):
    """Each page clicks its first move in the move list ("Alle Züge als Liste", as a keyboard or
    screen-reader player does) when it is to move, until both have every deck secret."""
    for p in pages:
        p.click("#legal-box summary")
    made = 0
    for _ in range(limit):
        if all(p.evaluate("() => window.urzeit.view.over && window.urzeit.view.fair.waiting.for === null") for p in pages):
            return made
        for p in pages:
            if p.locator("#app").get_attribute("data-fair-waiting") == "me" and p.locator("#legal-actions .legal-action").count():
                sid = state_id(p)
                p.locator("#legal-actions .legal-action").first.click()
                p.wait_for_function("(s) => window.urzeit.view.state_id !== s || document.getElementById('message').textContent",
                                    arg=sid, timeout=30_000)
                assert p.locator("#message").inner_text() == "", p.locator("#message").inner_text()
                made += 1
                break
        else:
            pages[0].wait_for_timeout(25)
    raise AssertionError("the game did not end")


def test_two_pages_play_spaeher_live(browser, served_dist):
    # private draws by mental poker over the channel: the deck steps (10 kB frames), the keys of
    # each drawn card, the deck secrets at the end; each page shows only its own items
    host = host_table(browser, served_dist, "spaeher", 2, SHORT_SPAEHER, lang="en", phone=False)
    friend = new_page(browser, "de", phone=True)
    paste_answer(host, open_invite(friend, invite(host, 1), "Bo"))
    connected(host, friend)
    for p in (host, friend):  # the shared shuffle is done: the first items are dealt face down
        p.wait_for_function("() => window.urzeit.view.fair.state && window.urzeit.view.players[0].item_count > 0",
                            timeout=60_000)
    assert friend.evaluate("() => window.urzeit.view.players[0].items") is None
    assert host.evaluate("() => window.urzeit.view.players[1].items") is None
    moves = click_moves([host, friend])
    assert moves >= 10
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=60_000)
    screenshot(friend, "live-spaeher-end-phone")
    rec = checked(host)
    assert rec == checked(friend) and rec["result"]["over"]
    assert {m["kind"] for m in rec["messages"]} >= {"shuffle", "lock", "keys", "unlock"}
    friend.context.close()
    host.context.close()

"""Fair play by link in the page: two browser contexts (two players' own storage) play a short
game by passing links, both end screens say verified; a tampered link is refused and changes
nothing; a link opened where the seat's secret is missing says so."""

import base64
import json
import zlib

import pytest

from browser_support import screenshot

pytestmark = pytest.mark.browser
READY = 60_000
SHORT = {"setup": {"tiles": ["L07", "L20", "L03", "L11"]}}  # four tiles: a game of eight moves


def ready(page, url):
    page.goto(url + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)


def open_link(page, link):
    if page.url.startswith("http"):  # the same page: only the fragment changes (no reload)
        page.evaluate("() => { delete document.getElementById('app').dataset.fairLink; }")
    page.goto(link.replace("/#", "/?test=1#"))
    page.wait_for_selector("#app[data-fair-link='done']", timeout=READY)
    page.wait_for_function("() => document.getElementById('app').dataset.busy !== 'true'")


def take_link(page):
    """The link the page offers for the next player (its share dialog opens by itself)."""
    page.wait_for_selector("#share-dialog[open]")
    link = page.locator("#share-link").input_value()
    page.evaluate("() => document.getElementById('share-dialog').close()")
    return link


def unpack(link):
    code = link.split("#f=", 1)[1]
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    return json.loads(zlib.decompress(raw, -15))


def repack(link, data):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(json.dumps(data, separators=(",", ":")).encode()) + c.flush()
    return link.split("#f=", 1)[0] + "#f=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def stored(page):
    return page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('urzeit.fair.') && k !== 'urzeit.fair.name')"
                         ".map((k) => localStorage.getItem(k))")


def test_two_players_play_a_fair_game_by_links(browser, page, served_dist):
    host = page
    ready(host, served_dist)
    # the menu offers fair play for a game whose draws are public, not for one with private draws
    host.click("[data-game-id='spaeher']")
    assert host.locator("#play-mode").is_hidden()
    host.click("[data-game-id='sammler']")
    host.click("#mode-fair")
    assert host.locator("#seat-list .seat-kind").count() == 0
    host.fill("#seat-list input", "Ada")
    # a short stack (an option the menu does not offer) through the test hook
    host.evaluate("(o) => window.urzeit.startFair({game: 'sammler', players: 2, options: o, name: 'Ada'})", SHORT)
    host.wait_for_selector("#app[data-game='sammler'][data-mode='fair']")
    host.wait_for_selector("#share-dialog[open]")
    screenshot(host, "fair-invite-desktop")
    invite = take_link(host)
    note = host.locator("#share-note").inner_text()
    assert "niemand" in note.lower() or "nobody" in note
    data = unpack(invite)
    assert data["to"] == 1 and data["invite"] and [m["kind"] for m in data["m"]] == ["join"]
    secret = json.loads(stored(host)[0])["private"]
    assert secret["key"] not in invite and secret["chain"] not in invite  # no secret travels
    assert len(invite) < 2000

    other = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740}, locale="de-DE")
    friend = other.new_page()
    friend.add_init_script("globalThis.urzeitTestNoSnapshot = true")
    friend.goto(invite.replace("/#", "/?test=1#"))
    friend.wait_for_selector("#fair-name-dialog[open]", timeout=READY)
    screenshot(friend, "fair-join-phone")
    assert "Platz 2" in friend.locator("#fair-name-seat").inner_text()
    friend.fill("#fair-name", "Bo")
    friend.click("#fair-name-ok")
    friend.wait_for_selector("#app[data-fair-link='done']")
    friend.wait_for_selector("#app[data-game='sammler'][data-mode='fair']")
    friend.wait_for_selector("#share-dialog[open]")
    screenshot(friend, "fair-answer-phone")
    link = take_link(friend)
    assert friend.evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == ["Ada", "Bo"]

    third = browser.new_context(service_workers="block")  # a browser without seat 0's secret
    stranger = third.new_page()
    stranger.add_init_script("globalThis.urzeitTestNoSnapshot = true")
    open_link(stranger, link)
    assert stranger.locator("#app").get_attribute("data-fair-missing") == "0"
    assert stranger.locator("#app").get_attribute("data-game") is None
    text = stranger.locator("#import-message").inner_text()
    assert "Schlüssel" in text or "key" in text
    third.close()

    pages, cur, sizes = {0: host, 1: friend}, 0, []
    open_link(host, link)
    tampered_done = False
    for _ in range(80):
        p = pages[cur]
        if host.evaluate("() => window.urzeit.view.over") and friend.evaluate("() => window.urzeit.view.over"):
            break
        if p.locator("#app").get_attribute("data-fair-waiting") == "me":
            legal = p.evaluate("() => window.urzeit.legal")
            r = p.evaluate("(a) => window.urzeit.act(a)", legal[0])
            assert r["ok"], r
            continue
        link = take_link(p)
        sizes.append(len(link))
        nxt = pages[1 - cur]
        data = unpack(link)
        if not tampered_done and any(m["kind"] == "act" for m in data["m"]):
            # one character of a move changed: refused with words, nothing stored changes
            act = next(m for m in data["m"] if m["kind"] == "act")
            act["action"]["rotation" if "rotation" in act["action"] else "type"] = (
                (act["action"]["rotation"] + 1) % 4 if "rotation" in act["action"] else act["action"]["type"] + "x")
            before = stored(nxt)
            open_link(nxt, repack(link, data))
            assert nxt.locator("#app").get_attribute("data-fair-refused") == "fair.bad_signature"
            msg = nxt.locator("#message").inner_text()
            assert "nicht angenommen" in msg or "refused" in msg
            assert stored(nxt) == before
            tampered_done = True
        open_link(nxt, link)
        assert nxt.locator("#message").inner_text() == ""
        cur = 1 - cur
    assert tampered_done
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
        assert "rüft" in p.locator("#end-fair").inner_text() or "erified" in p.locator("#end-fair").inner_text()
        assert p.locator("#notice").inner_text() == "", "the end screen says how it ended; no 'your move'"
    screenshot(friend, "fair-end-phone")
    assert max(sizes) < 3000, sizes
    print("link sizes", sizes)
    record = host.evaluate("() => window.urzeit.request({op: 'fair_record', party: window.urzeit.view.match})")
    assert record["result"]["over"] and "key" not in json.dumps(record["messages"][2:])
    other.close()
    host.watch.assert_clean()

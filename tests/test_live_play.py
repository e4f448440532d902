"""Live play (docs/fair-play.md "Live play"): pages of one headless Chromium connect over WebRTC
data channels (loopback, no STUN), the invite and the answer passed as links, and play fair
games to the end; refused frames change nothing; invites work once; drops resume."""

import json
import sys

import pytest

from browser_support import ROOT, screenshot

pytestmark = pytest.mark.browser
READY = 60_000
SHORT = {"setup": {"tiles": ["L07", "L20", "L03", "L11"]}}  # sammler: four tiles, a game of eight moves


def new_page(browser, served_dist, **ctx):
    context = browser.new_context(service_workers="block", **ctx)
    p = context.new_page()
    p.add_init_script("globalThis.urzeitTestNoSnapshot = true; globalThis.urzeitLiveNoStun = true")
    return p


def ready(page, url):
    page.goto(url + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)


def invite(host, seat):
    host.click(f"#live-panel .live-invite[data-seat='{seat}']")
    host.wait_for_selector("#live-invite-dialog[open]")
    host.wait_for_function("() => document.getElementById('live-invite-dialog-link').value.includes('#l=')")
    return host.locator("#live-invite-dialog-link").input_value()


def answer(friend, link, name=None):
    friend.goto(link.replace("/#", "/?test=1#"))
    if name:
        friend.wait_for_selector("#live-name-dialog[open]", timeout=READY)
        friend.fill("#live-name", name)
        friend.click("#live-name-ok")
    friend.wait_for_selector("#live-answer-dialog[open]", timeout=READY)
    return friend.locator("#live-answer-dialog-link").input_value()


def connect(host, link):
    if not host.locator("#live-invite-dialog[open]").count():
        return
    host.fill("#live-answer", link)
    host.click("#live-answer-ok")


def play_out(pages, limit=200):
    """Each page moves when its seat is to move (the page's own first legal move), until all are over."""
    for _ in range(limit):
        if all(p.evaluate("() => Boolean(window.urzeit.view && window.urzeit.view.over)") for p in pages):
            return
        moved = False
        for p in pages:
            if p.locator("#app").get_attribute("data-fair-waiting") == "me" and p.evaluate("() => window.urzeit.legal.length"):
                r = p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
                assert r["ok"], r
                moved = True
        if not moved:
            pages[0].wait_for_timeout(30)
    raise AssertionError("the game did not end")


def check_record(page):
    record = page.evaluate("() => window.urzeit.request({op: 'fair_record', party: window.urzeit.view.match})")
    sys.path.insert(0, str(ROOT / "py"))
    from urzeit import fair
    fair.check(record)
    return record


def test_two_pages_play_sammler_live(browser, page, served_dist):
    host = page
    host.add_init_script("globalThis.urzeitLiveNoStun = true")
    ready(host, served_dist)
    host.evaluate("(o) => window.urzeit.startLive({game: 'sammler', players: 2, options: o, name: 'Ada'})", SHORT)
    host.wait_for_selector("#live-panel .live-seat[data-seat='1'][data-state='none']")
    assert host.locator("#share-dialog[open]").count() == 0  # no link dialog: the invite is live
    link = invite(host, 1)
    friend = new_page(browser, served_dist, viewport={"width": 360, "height": 740}, locale="de-DE")
    back = answer(friend, link, "Bo")
    connect(host, back)
    for p in (host, friend):
        p.wait_for_selector("#app[data-live='open'][data-game='sammler']", timeout=15_000)
    play_out([host, friend])
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    rec = check_record(host)
    assert rec == check_record(friend)
    host.watch.assert_clean()

"""A browser that lacks what a screen depends on (web/js/capabilities.mjs) is told so in a plain
sentence in view, with a way on, and nothing is lost: a live invite opened without WebRTC
(Chromium with RTCPeerConnection removed, as in Safari's Lockdown Mode), the live choice of the
menu there, and a page whose storage is blocked."""

import pytest

from browser_support import PageWatch, screenshot
from test_live_play import INIT, host_table, invite

pytestmark = pytest.mark.browser
READY = 120_000
NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"
NO_STORAGE = """for (const name of ['localStorage', 'sessionStorage'])
  Object.defineProperty(window, name, { get() { throw new DOMException('blocked', 'SecurityError'); } });"""


def phone(browser, served_dist, init, lang="de"):
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740},
                                  locale="de-DE" if lang == "de" else "en-GB")  # the language without storage
    page = context.new_page()
    page.add_init_script(INIT + f"; try {{ localStorage.setItem('urzeit.lang', '{lang}') }} catch {{}}; " + init)
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    return page


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= vp["height"] and box["x"] >= 0 \
        and box["x"] + box["width"] <= vp["width"]


def test_a_live_invite_without_webrtc_says_so_in_view_and_offers_the_game_by_link(browser, served_dist):
    host = host_table(browser, served_dist, "sammler", 2, {})
    link = invite(host, 1)
    friend = phone(browser, served_dist, NO_WEBRTC)
    friend.goto(link.replace("/#", "/?test=1#"))
    friend.wait_for_selector("#capability-live", timeout=READY)
    screenshot(friend, "capability-no-webrtc-phone")
    note = friend.locator("#capability-live").inner_text()
    assert "kann nicht live verbinden" in note and "WebRTC" in note and "Ada" in note
    assert "Jäger und Sammler" in note and "per Link" in note
    assert in_view(friend, "#capability-live") and in_view(friend, "#capability-live button[data-way='on']")
    # asked for no name, blamed nothing on the link, showed no engine error
    assert friend.locator("#live-name-dialog[open]").count() == 0
    assert friend.locator("#import-message").inner_text() == ""
    assert "Link enthält kein" not in friend.locator("body").inner_text()
    assert friend.get_attribute("#app", "data-live-invite") == "unsupported"
    # the way on: the same game by link, its link ready to send
    friend.click("#capability-live button[data-way='on']")
    friend.wait_for_selector("#share-dialog[open]", timeout=30_000)
    assert friend.evaluate("() => window.urzeit.view.game") == "sammler"
    assert "#f=" in friend.locator("#share-link").input_value()
    assert friend.locator("#capability-live").count() == 0
    screenshot(friend, "capability-by-link-phone")
    friend.watch.assert_clean()
    # the invite was not spent here: the same browser with WebRTC back can still join it
    again = friend.context.new_page()
    again.add_init_script(INIT)
    again.goto(link.replace("/#", "/?test=1#"))
    again.wait_for_selector("#live-name-dialog[open]", timeout=READY)


def test_without_webrtc_the_menu_greys_live_play_with_the_reason(browser, served_dist):
    page = phone(browser, served_dist, NO_WEBRTC, lang="en")
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.click("[data-game-id='sammler']")
    assert page.locator("#mode-live").is_disabled() and not page.locator("#mode-fair").is_disabled()
    assert "lacks WebRTC" in page.locator("#mode-live-missing").inner_text()
    page.click("#mode-fair")  # by link still works
    page.watch.assert_clean()


def test_blocked_storage_is_said_on_the_menu_and_a_game_still_starts(browser, served_dist):
    page = phone(browser, served_dist, NO_STORAGE)
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    assert "nichts speichern" in page.locator("#capability-storage").inner_text()
    assert in_view(page, "#capability-storage")
    page.click("[data-game-id='nim']") if page.locator("[data-game-id='nim']").count() else page.click("[data-game-id='sammler']")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game]", timeout=30_000)
    page.watch.assert_clean()


def test_a_capable_browser_sees_no_note(page, served_dist):
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    assert page.locator(".capability-note").count() == 0
    assert page.evaluate("async () => { const m = await import('./js/capabilities.mjs'); return [m.canPlayLive(), m.storageState(), m.canWorkOffline()]; }") \
        == [True, "ok", True]

"""The browser matrix in Firefox (Debian's firefox-esr, tests/other_browsers.py): the tests that
matter most (tests/browser_matrix.py), and live play between a Chromium page and a Firefox page
to the end of the game, over WebRTC data channels."""

import time

import pytest

import browser_matrix as m
from browser_support import PageWatch
from other_browsers import BrowserMissing, FirefoxBrowser, Tab
from test_live_play import INIT, SHORT, checked, connected, host_table, invite, paste_answer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site():
    s = m.Site()
    yield s
    s.close()


@pytest.fixture(scope="module")
def firefox():
    t0 = time.monotonic()
    try:
        b = FirefoxBrowser()
    except BrowserMissing as err:
        pytest.fail(str(err))
    yield b
    b.close()
    m.record_time("firefox", b.version, time.monotonic() - t0, b.launch_s)


@pytest.fixture(scope="module")
def tab(firefox):
    return firefox.new_tab()


def test_first_visit_without_console_errors_from_the_shipped_snapshot(tab, site):
    m.first_visit(tab, site)


@pytest.mark.parametrize("game", m.GAMES)
def test_a_whole_game_against_the_computer_by_clicks(tab, site, game):
    m.whole_game(tab, site, game)


def test_save_and_resume_over_a_reload(tab, site):
    m.save_and_resume(tab, site)


def test_a_phone_size_page_does_not_scroll_sideways(tab, site):
    m.phone_page(tab, site)


def test_offline_after_the_first_visit(tab, site):
    m.offline(tab, site)


def test_a_lessons_first_steps(tab, site):
    m.lesson_first_steps(tab, site)


def test_the_rules_screen_drawn(tab, site):
    m.rules_drawn(tab, site)


class ChromiumTab(Tab):
    """A Playwright page seen through the matrix's tab calls."""
    name = "chromium"

    def __init__(self, page):
        self.p = page

    def evaluate(self, fn, arg=None):
        return self.p.evaluate(fn, arg)


def play_live(tabs, limit=400):
    """Each browser moves when its seat is to move (its first legal move), until both are over."""
    made = 0
    for _ in range(limit * 20):
        if all(t.evaluate("() => Boolean(window.urzeit.view && window.urzeit.view.over)") for t in tabs):
            return made
        for t in tabs:
            if t.evaluate("() => document.getElementById('app').dataset.fairWaiting === 'me' && window.urzeit.legal.length > 0"):
                r = t.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
                assert r["ok"], (t.name, r)
                made += 1
                break
        else:
            time.sleep(0.03)
    raise AssertionError("the live game did not end")


def test_live_play_chromium_with_firefox_to_the_end(browser, served_dist, firefox):
    host = host_table(browser, served_dist, "sammler", 2, SHORT)
    host.watch = PageWatch(host, served_dist.rstrip("/"))
    link = invite(host, 1)
    friend = firefox.new_tab(360, 740)
    friend.init(INIT)
    t0 = time.monotonic()
    friend.goto(link.replace("/#", "/?test=1#"))
    friend.wait_selector("#live-name-dialog[open]", timeout=m.READY_S)
    friend.fill("#live-name", "Bo")
    friend.click("#live-name-ok")
    friend.wait_selector("#live-answer-dialog[open]")
    back = friend.wait_for("() => { const v = document.getElementById('live-answer-dialog-link').value; return v.includes('#a=') && v; }")
    t1 = time.monotonic()
    paste_answer(host, back)
    connected(host)
    friend.wait_selector("#app[data-live='open']", timeout=15)
    m.log(friend, f"live: connected to Chromium {time.monotonic() - t1:.1f} s after the answer")
    assert friend.evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == ["Ada", "Bo"]
    moves = play_live([ChromiumTab(host), friend])
    for t in (ChromiumTab(host), friend):
        t.wait_for("() => Boolean(document.querySelector(\"#end-fair[data-verified='true']\"))", timeout=30)
    rec = checked(host)
    assert rec["messages"] == friend.evaluate("() => window.urzeit.request({op: 'fair_record', party: window.urzeit.view.match})")["messages"]
    friend.screenshot("live-end-phone")
    m.assert_clean(friend)
    host.watch.assert_clean()
    m.log(friend, f"live: a whole game of {moves} moves, {time.monotonic() - t0:.0f} s")
    friend.close()

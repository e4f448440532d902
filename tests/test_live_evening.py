"""An evening with friends in the same tabs (issue 36): table after table — live, rematch, menu,
another game, by link, a lesson, a local game — with nothing of one table left in the next, and
the steps a player must take (no figure to place, waiting, the answer-link dialog) the same as in
a fresh tab. Each test here failed on the page before tables became sessions."""

import sys

import pytest

from browser_support import ROOT
from test_live_play import (READY, SHORT, SHORT_ELAWA, checked, connected, invite, new_page, open_invite,
                            open_invite_here, open_link_here, paste_answer, play, ready, same_state, state_id)

pytestmark = pytest.mark.browser

# sammler: after three moves (tile and figure of seat 0, tile of seat 1) no figure of seat 1 fits
NO_FIGURE_FITS = {"setup": {"tiles": ["L37", "L01", "L16", "L22"]}}
SPAEHER_NORMAL = {"mode": "normal", "setup": {"hunt": ["J01"], "wild": ["W01", "W02"]}}


def live_pair(host, friend, served_dist, game, options, players=2, name="Ada", friend_name="Bo"):
    """The host opens a live table in its tab and invites; the friend's tab takes the invite."""
    host.evaluate("([g, n, o, a]) => window.urzeit.startLive({game: g, players: n, options: o, name: a})",
                  [game, players, options, name])
    host.wait_for_selector(f"#app[data-game='{game}'][data-mode='fair'] #live-panel .live-seat[data-seat='1'] .live-invite",
                           timeout=READY)
    link = invite(host, 1)
    if friend.url.startswith("http"):
        open_invite_here(friend, link, friend_name)
    else:
        open_invite(friend, link, friend_name)
    paste_answer(host, friend.locator("#live-answer-dialog-link").input_value())
    connected(host, friend)
    friend.wait_for_selector(f"#app[data-game='{game}'][data-mode='fair']", timeout=READY)


def to_menu(page):
    page.evaluate("() => { for (const d of document.querySelectorAll('dialog[open]')) d.close(); }")  # as a player closes it
    page.click("#back-button")
    page.wait_for_selector("#menu:not([hidden])")


def nothing_left(page, allowed=()):
    """No bar, panel, dialog or line of an earlier table: only what `allowed` names may be there."""
    leftovers = page.evaluate("""(allowed) => {
        const out = [];
        const seen = (id) => { const e = document.getElementById(id); return e && !e.hidden && e.isConnected; };
        for (const id of ['live-panel', 'fair-status', 'lesson-panel', 'lesson-ring']) if (!allowed.includes(id) && seen(id)) out.push(id);
        for (const d of document.querySelectorAll('dialog[open]')) if (!allowed.includes(d.id)) out.push(d.id);
        const said = document.getElementById('live-said');
        if (said && said.textContent && !allowed.includes('live-said')) out.push('live-said: ' + said.textContent);
        const app = document.getElementById('app').dataset;
        if (app.liveMismatch !== undefined) out.push('mismatch');
        if (app.live !== undefined && !allowed.includes('live-panel')) out.push('data-live=' + app.live);
        return out; }""", list(allowed))
    assert leftovers == [], leftovers


def check(page):
    rec = page.evaluate("() => window.urzeit.request({op: 'fair_record', party: window.urzeit.view.match})")
    sys.path.insert(0, str(ROOT / "py"))
    from urzeit import fair
    fair.check(rec)  # raises on any fault
    return rec


def test_a_second_live_game_in_the_same_tabs_is_not_stopped(browser, served_dist):
    host, friend = new_page(browser, "en", phone=False), new_page(browser, "de")
    ready(host, served_dist)
    live_pair(host, friend, served_dist, "sammler", SHORT)
    play([host, friend])
    assert check(host) == check(friend)
    to_menu(host)
    to_menu(friend)
    # the next game's states get the same numbers as the last one's: they must not be compared
    live_pair(host, friend, served_dist, "elawa", SHORT_ELAWA)
    nothing_left(host, allowed=("live-panel",))
    play([host, friend], moves=8)
    for p in (host, friend):
        assert p.locator("#app").get_attribute("data-live-mismatch") is None
        assert "weichen ab" not in p.locator("#message").inner_text() and "differ" not in p.locator("#message").inner_text()
    same_state([host, friend])
    host.context.close()
    friend.context.close()


def test_a_player_without_a_figure_to_place_goes_on_at_a_live_table(browser, served_dist):
    host, friend = new_page(browser, "en", phone=False), new_page(browser, "de")
    ready(host, served_dist)
    live_pair(host, friend, served_dist, "sammler", NO_FIGURE_FITS)
    for p in (host, host, friend):  # tile and figure of seat 0, the tile of seat 1
        p.wait_for_function("() => document.getElementById('app').dataset.fairWaiting === 'me' && window.urzeit.legal.length")
        assert p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")["ok"]
    # seat 1's figure step has "no figure" as its only move: the page plays it, and says so
    host.wait_for_function("() => document.getElementById('app').dataset.fairWaiting === 'me'", timeout=15_000)
    assert "Keine deiner Figuren passt" in friend.locator("#notice").inner_text()
    # the next tile's draw closes with the host's value (protocol 2): then it is the host's turn
    friend.wait_for_function("() => window.urzeit.view.current_seat === 0", timeout=15_000)
    same_state([host, friend])
    host.context.close()
    friend.context.close()


def test_a_live_table_leaves_nothing_in_the_next_table(browser, served_dist):
    """After a live game: a by-link game shows no live bar, a new live table no old chat line, and a
    page that hosted live play gets the "send this link back" dialog when it joins by link."""
    host, friend = new_page(browser, "en", phone=False), new_page(browser, "de")
    ready(host, served_dist)
    live_pair(host, friend, served_dist, "sammler", SHORT)
    friend.click("#live-chat summary")
    friend.click("#live-panel .live-phrase[data-phrase='1']")
    host.wait_for_function("() => document.getElementById('live-said').textContent === 'Bo: Good move!'")
    play([host, friend], moves=3)
    to_menu(host)
    friend.wait_for_selector("#live-panel .live-seat[data-seat='0'][data-state='closed']")
    nothing_left(host)

    # a new live table: no chat line of the last game
    live_pair(host, friend, served_dist, "elawa", SHORT_ELAWA, name="Ada", friend_name="Bo")
    for p in (host, friend):
        nothing_left(p, allowed=("live-panel",))
    to_menu(host)
    to_menu(friend)

    # a by-link Elawa game from the page that hosted: no live bar
    host.evaluate("(o) => window.urzeit.startFair({game: 'elawa', players: 2, options: o, name: 'Ada'})", SHORT_ELAWA)
    host.wait_for_selector("#share-dialog[open]", timeout=READY)  # the invitation link, by itself
    link = host.locator("#share-link").input_value()
    host.evaluate("() => document.getElementById('share-dialog').close()")
    nothing_left(host, allowed=("fair-status",))
    # the phone that was a live friend joins by link: its answer link is offered by itself
    open_link_here(friend, link)
    friend.wait_for_selector("#fair-name-dialog[open]", timeout=READY)
    friend.fill("#fair-name", "Bo")
    friend.click("#fair-name-ok")
    friend.wait_for_selector("#app[data-mode='fair'][data-game='elawa']", timeout=READY)
    friend.wait_for_selector("#share-dialog[open]", timeout=READY)
    assert friend.locator("#live-panel").count() == 0
    host.context.close()
    friend.context.close()


def evening(first, second, served_dist):
    """One evening in one pair of tabs, `first` hosting, without a reload."""
    # a live Carcassonne game to the end, and a rematch to the end
    live_pair(first, second, served_dist, "sammler", SHORT)
    for p in (first, second):
        nothing_left(p, allowed=("live-panel",))
    play([first, second])
    for p in (first, second):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    old = check(first)
    assert check(second) == old
    first.click("#live-rematch")
    for p in (first, second):
        p.wait_for_function("(g) => window.urzeit.view.fair.gid !== g && window.urzeit.view.fair.state", arg=old["gid"], timeout=20_000)
        nothing_left(p, allowed=("live-panel",))
    play([first, second])
    assert check(first) == check(second)

    # to the menu, and a live Jäger und Späher game (normal) for a few turns
    to_menu(first)
    to_menu(second)
    nothing_left(first)
    live_pair(first, second, served_dist, "spaeher", SPAEHER_NORMAL)
    for p in (first, second):
        nothing_left(p, allowed=("live-panel",))
    play([first, second], moves=6)
    at = same_state([first, second])
    assert at > 0
    check(first)
    check(second)

    # a fair Elawa game by link for a few turns
    to_menu(first)
    to_menu(second)
    first.evaluate("(o) => window.urzeit.startFair({game: 'elawa', players: 2, options: o, name: 'Ada'})", SHORT_ELAWA)
    first.wait_for_selector("#share-dialog[open]", timeout=READY)
    link = first.locator("#share-link").input_value()
    first.evaluate("() => document.getElementById('share-dialog').close()")
    nothing_left(first, allowed=("fair-status",))
    open_link_here(second, link)
    second.wait_for_selector("#fair-name-dialog[open]", timeout=READY)
    second.fill("#fair-name", "Bo")
    second.click("#fair-name-ok")
    second.wait_for_selector("#share-dialog[open]", timeout=READY)  # the answer link back, as in a fresh tab
    back = second.locator("#share-link").input_value()
    second.evaluate("() => document.getElementById('share-dialog').close()")
    nothing_left(second, allowed=("fair-status",))
    open_link_here(first, back)
    first.wait_for_selector("#app[data-fair-link='done']", timeout=READY)
    assert first.locator("#fair-note").inner_text() == ""
    check(first)
    check(second)

    # a lesson, then a local game against the computer
    for p in (first, second):
        to_menu(p)
        p.evaluate("() => window.urzeit.startLesson('sammler', 'first')")
        p.wait_for_selector("#app[data-mode='lesson'] #lesson-panel", timeout=READY)
        nothing_left(p, allowed=("lesson-panel", "lesson-ring"))
        to_menu(p)
        nothing_left(p)
        p.click("[data-game-id='elawa']")
        p.click("#start-button")
        p.wait_for_selector("#app[data-mode='local'][data-game='elawa']", timeout=READY)
        nothing_left(p)
        assert p.locator("#turn-info").inner_text().strip()


@pytest.mark.parametrize("roles", ["host desktop", "friend hosts"])
def test_an_evening_in_one_pair_of_tabs(browser, served_dist, roles):
    desk, phone = new_page(browser, "en", phone=False), new_page(browser, "de")
    ready(desk, served_dist)
    ready(phone, served_dist)
    if roles == "host desktop":
        evening(desk, phone, served_dist)
    else:
        evening(phone, desk, served_dist)
    desk.context.close()
    phone.context.close()

"""A friend elsewhere moved and it is your move (issue 37, goal 4): the tab's title and icon say
so, with a short sound (the turn alert, on by default for games with friends); it goes when the
player moves; the settings turn it off."""

import pytest

from test_live_evening import live_pair
from test_live_play import SHORT, new_page, ready

pytestmark = pytest.mark.browser


def alert(page):
    return page.evaluate("""() => ({title: document.title, icon: document.querySelector("link[rel='icon']").getAttribute('href'),
                                    count: window.urzeit.turnAlerts.length})""")


def test_a_friends_move_is_announced_until_the_player_moves(browser, served_dist):
    host, friend = new_page(browser, "en", phone=False), new_page(browser, "de")
    ready(host, served_dist)
    live_pair(host, friend, served_dist, "sammler", SHORT)
    assert alert(friend)["count"] == 0 and not alert(friend)["title"].startswith("●")
    # the friend's join started the game: the host, first to move, was told so
    host.wait_for_function("() => window.urzeit.turnAlerts.length === 1")
    for _ in range(2):  # seat 0: its tile and its figure
        host.wait_for_function("() => document.getElementById('app').dataset.fairWaiting === 'me' && window.urzeit.legal.length")
        assert host.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")["ok"]
    friend.wait_for_function("() => window.urzeit.turnAlerts.length === 1", timeout=15_000)
    a = alert(friend)
    assert a["title"].startswith("● Du bist am Zug") and "Carcassonne" in a["title"]
    assert a["icon"] == "favicon-turn.svg"
    assert alert(host)["count"] == 1  # the host's own moves announce nothing to the host
    assert friend.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")["ok"]
    b = alert(friend)
    assert not b["title"].startswith("●") and b["icon"] == "favicon.svg"
    # turned off in the settings: the next friend's move says nothing
    friend.evaluate("() => window.urzeit.settings && import('./js/settings.mjs').then((m) => m.setSetting('turnAlert', false))")
    for _ in range(6):
        if friend.evaluate("() => window.urzeit.view.over"):
            break
        for p in (friend, host):
            if p.locator("#app").get_attribute("data-fair-waiting") == "me" and p.evaluate("() => window.urzeit.legal.length"):
                assert p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")["ok"]
                break
        else:
            host.wait_for_timeout(100)
    assert alert(friend)["count"] == 1 and not alert(friend)["title"].startswith("●")
    host.context.close()
    friend.context.close()

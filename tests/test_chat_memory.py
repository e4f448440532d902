"""Chat with a memory (issue 37, goal 6): the table keeps the game's chat — its last 50 lines, with
who and when — in a drawer that stays open while typing; the lines are signed by their sender,
shown as text only, and come back with the game after a reload."""

import pytest

from test_live_evening import live_pair
from test_live_play import SHORT, new_page, ready

pytestmark = pytest.mark.browser


def lines(page):
    return page.evaluate("() => [...document.querySelectorAll('#live-chat-lines li')].map((li) => li.textContent)")


def test_the_chat_keeps_its_lines_in_a_drawer_that_stays_open(browser, served_dist):
    host, friend = new_page(browser, "en", phone=False), new_page(browser, "de")
    ready(host, served_dist)
    live_pair(host, friend, served_dist, "sammler", SHORT)
    friend.click("#live-chat summary")
    for i, text in enumerate(["erste Zeile", "<b>zweite</b>", "dritte"]):
        friend.fill("#live-chat-text", text)
        friend.click("#live-chat-send")
        host.wait_for_function("(n) => document.querySelectorAll('#live-chat-lines li').length === n", arg=i + 1)
        # the drawer stays open while typing, the field empty and ready for the next line
        assert friend.evaluate("() => document.getElementById('live-chat').open")
        assert friend.locator("#live-chat-text").input_value() == ""
    friend.click("#live-panel .live-phrase[data-phrase='1']")
    host.wait_for_function("() => document.querySelectorAll('#live-chat-lines li').length === 4")
    got = lines(host)
    assert [x[x.index("Bo: "):] for x in got] == ["Bo: erste Zeile", "Bo: <b>zweite</b>", "Bo: dritte", "Bo: Good move!"]
    assert all(x[0].isdigit() and ":" in x[:x.index("Bo: ")] for x in got)  # each line says when
    assert host.locator("#live-chat-lines b").count() == 0  # text, never markup
    assert lines(friend)[-1].endswith("Bo: Guter Zug!")  # each in their own words
    # a reload: the game's chat comes back with the game
    friend.reload()
    friend.wait_for_selector("#app[data-game='sammler'][data-mode='fair']", timeout=60_000)
    friend.wait_for_function("() => document.querySelectorAll('#live-chat-lines li').length === 4")
    assert lines(friend)[0].endswith("Bo: erste Zeile")
    host.context.close()
    friend.context.close()

"""A table that waits for the player asks for no animation frames: a board drawn at the
screen's rate while nothing changed kept some 10 % of a core busy (on a phone, its battery;
in this suite, every page that waits). It still redraws when something changes."""

import json

import pytest

from browser_support import DIST, wait_flights, wait_idle

pytestmark = pytest.mark.browser

GAMES = [g["id"] for g in json.loads((DIST / "data" / "games.json").read_text())]

# every frame the page asks for, counted
COUNT_FRAMES = """
globalThis.urzeitTestNoSnapshot = true;
window.framesAsked = 0;
const askFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (fn) => { window.framesAsked++; return askFrame(fn); };
"""


def frames_while_waiting(page, ms):
    page.evaluate("() => { window.framesAsked = 0; }")
    page.wait_for_timeout(ms)
    return page.evaluate("() => window.framesAsked")


@pytest.mark.parametrize("game", GAMES)
def test_a_waiting_table_draws_nothing_until_something_changes(browser, served_dist, game):
    context = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(COUNT_FRAMES)
        page.goto(served_dist + "?test=1&seed=7")
        page.wait_for_selector("#app[data-ready='true']", timeout=180_000)
        page.click(f"[data-game-id='{game}']")
        page.click("#start-button")
        page.wait_for_selector(f"#app[data-game='{game}']")
        page.wait_for_function("() => { const v = window.urzeit.view; return v && v.current_seat === v.seat; }")
        wait_idle(page)
        wait_flights(page)
        page.wait_for_timeout(2000)  # the last move's glow and points fade (at most 1.6 s)
        assert frames_while_waiting(page, 1500) == 0
        # a change still draws: a narrower window lays the table out anew
        page.set_viewport_size({"width": 900, "height": 860})
        page.wait_for_function("() => window.framesAsked > 0")
        page.wait_for_timeout(2000)
        assert frames_while_waiting(page, 1500) == 0
    finally:
        context.close()

"""The game's bar on a phone (issue 26): it took ~290 px of a 360 x 740 screen (three rows of
buttons, the title, whose turn). Now one row (menu, hint, undo, "more") and whose turn below
it, for every game; "more" folds out the title, export, share and the rules over the table."""

import pytest

from browser_support import ARTIFACTS, PageWatch, wait_idle
from stability_support import PHONE, READY

pytestmark = pytest.mark.browser

BAR = """() => {
  const box = (id) => { const r = document.getElementById(id).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: r.height > 0 }; };
  return Object.fromEntries(['game-bar', 'status-line', 'back-button', 'hint-button', 'undo-button', 'more-button',
    'game-title', 'export-button', 'share-button', 'rules-button', 'board'].map((id) => [id, box(id)]));
}"""


def new_game(page, game):
    if page.locator("#menu").is_hidden():
        page.locator("#back-button").click()
    page.click(f"[data-game-id='{game}']")
    page.select_option("#seat-list li[data-seat='1'] select.seat-kind", "ai")
    page.select_option("#seat-list li[data-seat='1'] select.seat-level", "random")
    page.click("#start-button")
    page.wait_for_selector(f"#app[data-game='{game}']")
    wait_idle(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(200)


def open_phone(browser, served_dist):
    """A German 360 px phone with the menu ready: (context, page)."""
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script("localStorage.setItem('urzeit.lang', 'de'); globalThis.urzeitTestNoSnapshot = true")
    page = ctx.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.goto(served_dist + "?test=1&seed=5")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    return ctx, page


def test_the_phone_bar_is_one_row_and_more_folds_out_the_rest(browser, served_dist):
    ctx, page = open_phone(browser, served_dist)
    for game in ("sammler", "spaeher", "elawa"):
        new_game(page, game)
        b = page.evaluate(BAR)
        row = [b[k] for k in ("back-button", "hint-button", "undo-button", "more-button")]
        assert all(x["shown"] and 0 <= x["left"] and x["right"] <= 360 for x in row), (game, row)
        assert max(x["top"] for x in row) - min(x["top"] for x in row) < 2, (game, row)  # one row
        tall = b["status-line"]["bottom"] - b["game-bar"]["top"]
        assert tall <= 120, (game, tall)
        assert b["board"]["top"] <= 140, (game, b["board"]["top"])  # the table starts high on the screen
        assert not any(b[k]["shown"] for k in ("game-title", "export-button", "share-button", "rules-button")), game
        assert page.locator("#turn-info").inner_text()
        page.screenshot(path=str(ARTIFACTS / f"game-bar-{game}-360x740-de.png"))
    # "more": the title and the rarer buttons, over the table (nothing below moves)
    board = page.evaluate("() => document.getElementById('board').getBoundingClientRect().top")
    page.locator("#more-button").tap()
    assert page.locator("#more-button").get_attribute("aria-expanded") == "true"
    b = page.evaluate(BAR)
    for k in ("game-title", "export-button", "share-button", "rules-button"):
        assert b[k]["shown"] and b[k]["left"] >= 0 and b[k]["right"] <= 360 and b[k]["bottom"] <= 740, (k, b[k])
    assert page.locator("#game-title").inner_text() == "Elawa"
    assert page.evaluate("() => document.getElementById('board').getBoundingClientRect().top") == board
    page.screenshot(path=str(ARTIFACTS / "game-bar-more-360x740-de.png"))
    page.locator("#rules-button").tap()  # a choice folds the menu
    page.wait_for_selector("#rules-dialog[open]")
    assert page.locator("#more-button").get_attribute("aria-expanded") == "false"
    page.locator("#rules-close").tap()
    page.locator("#more-button").tap()
    page.locator("#turn-info").tap()  # a tap elsewhere folds it too
    assert not page.locator("#share-button").is_visible()
    page.locator("#more-button").tap()
    page.keyboard.press("Escape")
    assert not page.locator("#share-button").is_visible()
    # a wide screen: one row with the title and every button, no "more"
    page.set_viewport_size({"width": 1366, "height": 800})
    page.click("#lang-toggle")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    b = page.evaluate(BAR)
    assert not b["more-button"]["shown"]
    assert all(b[k]["shown"] for k in ("back-button", "game-title", "hint-button", "undo-button", "export-button",
                                       "share-button", "rules-button"))
    assert b["back-button"]["right"] <= b["game-title"]["left"] < b["hint-button"]["left"]
    page.screenshot(path=str(ARTIFACTS / "game-bar-elawa-1366x800-en.png"))
    page.watch.assert_clean()
    ctx.close()


STRIP = """() => { const s = document.getElementById('score-strip'); const r = s.getBoundingClientRect();
  return { shown: r.height > 0, left: r.left, right: r.right, line: document.getElementById('status-line').getBoundingClientRect().height,
           scores: [...s.querySelectorAll('li')].map((li) => li.textContent), marks: s.querySelectorAll('li svg').length }; }"""


def test_a_phone_keeps_every_seats_points_in_sight_beside_whose_turn(browser, served_dist):
    # the scoreboard lies below the board on a phone: the status line carries each seat's mark and points
    ctx, page = open_phone(browser, served_dist)
    page.click("[data-game-id='sammler']")
    page.select_option("#player-count", "5")
    for seat in range(1, 5):
        page.select_option(f"#seat-list li[data-seat='{seat}'] select.seat-kind", "ai")
        page.select_option(f"#seat-list li[data-seat='{seat}'] select.seat-level", "random")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='sammler']")
    for _ in range(6):  # a few rounds, so that points are on the board
        wait_idle(page)
        r = page.evaluate("() => window.urzeit.act(window.urzeit.legal[window.urzeit.legal.length - 1])")
        assert r["ok"], r
    wait_idle(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    s = page.evaluate(STRIP)
    scores = page.evaluate("() => window.urzeit.view.scores")
    assert s["shown"] and s["left"] >= 0 and s["right"] <= 360, s
    assert s["scores"] == [str(x) for x in scores] and s["marks"] == 5, (s, scores)
    assert s["line"] <= 64, s  # at most two short rows
    # its own row at five, whoever is to move: the line keeps its height
    heights = set()
    for _ in range(6):
        heights.add(page.evaluate(STRIP)["line"])
        page.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
        page.wait_for_timeout(30)
    assert len(heights) == 1, heights
    wait_idle(page)
    page.screenshot(path=str(ARTIFACTS / "score-strip-sammler-5-360x740-de.png"))
    page.set_viewport_size({"width": 1366, "height": 800})  # the scoreboard beside the board: no strip
    page.wait_for_timeout(100)
    assert not page.evaluate(STRIP)["shown"]
    page.watch.assert_clean()
    ctx.close()

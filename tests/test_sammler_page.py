"""The sammler board in headless Chromium: placing by clicking the canvas, rotate, cancel,
confirm, figures, feature highlight, and a full game against the computer to the end screen."""

import pytest

from browser_support import screenshot, state_id, wait_idle

pytestmark = pytest.mark.browser
READY = 60_000


def start(page, url, seats=None, seed=7):
    page.goto(url + f"?test=1&seed={seed}")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.click("[data-game-id='sammler']")
    if seats:
        for i, (kind, level) in enumerate(seats):
            page.select_option(f"#seat-list li[data-seat='{i}'] select.seat-kind", kind)
            if level:
                page.select_option(f"#seat-list li[data-seat='{i}'] select.seat-level", level)
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='sammler']")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.artReady")
    wait_idle(page)


def rotate_to(page, action):
    tile = page.evaluate("() => window.urzeit.view.tile_to_place")
    for _ in range(4):
        if page.evaluate(f"() => window.urzeit.board.alias('{tile}', window.urzeit.board.rotation)") == action["rotation"]:
            return
        page.click("#sammler-rotate-right")
    raise AssertionError("no rotation gives " + str(action))


def click_cell(page, x, y):
    pt = page.evaluate(f"() => window.urzeit.board.cellCenter({x}, {y})")
    page.mouse.click(pt["x"], pt["y"])


def place(page, action):
    rotate_to(page, action)
    click_cell(page, action["x"], action["y"])
    pending = page.evaluate("() => window.urzeit.board.pending")
    assert pending and (pending["x"], pending["y"]) == (action["x"], action["y"])
    before = state_id(page)
    page.click("#sammler-confirm")
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")


def test_rotate_cancel_confirm_and_rejected_clicks(page, served_dist):
    start(page, served_dist)
    screenshot(page, "sammler-start")
    view = page.evaluate("() => window.urzeit.view")
    assert view["phase"] == "tile" and view["current_seat"] == 0
    first = state_id(page)
    # a click far from the board is rejected and changes nothing
    click_cell(page, 1, 1)  # only touches the start tile by a corner
    assert page.locator("#message").inner_text()
    assert page.evaluate("() => window.urzeit.board.pending") is None
    assert state_id(page) == first
    # rotate: the preview and the hook follow
    r0 = page.evaluate("() => window.urzeit.board.rotation")
    page.click("#sammler-rotate-right")
    assert page.evaluate("() => window.urzeit.board.rotation") == (r0 + 1) % 4
    page.keyboard.press("q")
    assert page.evaluate("() => window.urzeit.board.rotation") == r0
    # choose a spot, cancel: nothing happened
    action = [a for a in view["legal"] if a["type"] == "place_tile"][0]
    rotate_to(page, action)
    click_cell(page, action["x"], action["y"])
    assert page.evaluate("() => window.urzeit.board.pending") is not None
    assert page.locator("#sammler-confirm").is_enabled()
    page.click("#sammler-cancel")
    assert page.evaluate("() => window.urzeit.board.pending") is None
    assert state_id(page) == first
    # choose again and confirm: the tile lies there, and figures are offered on it
    place(page, action)
    view = page.evaluate("() => window.urzeit.view")
    assert view["phase"] == "figure"
    assert {"type": "place_tile", "x": action["x"], "y": action["y"], "rotation": action["rotation"]} == \
        {"type": "place_tile", **{k: view["tiles"][-1][k] for k in ("x", "y")}, "rotation": view["tiles"][-1]["rotation"]}
    markers = page.evaluate("() => window.urzeit.board.markers()")
    figures = [a for a in view["legal"] if a["type"] == "place_figure"]
    assert len(markers) == len(figures)
    screenshot(page, "sammler-figure-choice")
    page.click("#sammler-no-figure")
    wait_idle(page)
    page.watch.assert_clean()


def test_hovering_a_zone_lights_up_its_feature(page, served_dist):
    start(page, served_dist)
    pt = page.evaluate("() => window.urzeit.board.zonePoint(0, 0, 'F1')")
    page.mouse.move(pt["x"], pt["y"])
    page.wait_for_selector(".sammler-tooltip:not([hidden])")
    text = page.locator(".sammler-tooltip").inner_text()
    assert "Wald" in text or "Forest" in text
    assert page.locator(".sammler-tooltip").get_attribute("data-feature") == "forest"
    pt = page.evaluate("() => window.urzeit.board.zonePoint(0, 0, 'L1')")
    page.mouse.move(pt["x"], pt["y"])
    page.wait_for_function("() => document.querySelector('.sammler-tooltip').dataset.feature === 'river_system'")
    screenshot(page, "sammler-hover")


def test_full_game_against_the_computer_to_the_end_screen(page, served_dist):
    start(page, served_dist, seats=[("human", None), ("ai", "random")])
    turns = 0
    while True:
        wait_idle(page)
        view = page.evaluate("() => window.urzeit.view")
        if view["over"]:
            break
        assert view["current_seat"] == 0 and view["phase"] == "tile"
        placements = [a for a in view["legal"] if a["type"] == "place_tile"]
        place(page, placements[(turns * 7) % len(placements)])
        while page.evaluate("() => window.urzeit.view.phase") == "figure":
            markers = page.evaluate("() => window.urzeit.board.markers()")
            before = state_id(page)
            if markers and turns % 2 == 0:
                m = markers[turns % len(markers)]
                page.mouse.click(m["x"], m["y"])
            else:
                page.click("#sammler-no-figure")
            page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
            wait_idle(page)
            if page.evaluate("() => window.urzeit.view.phase") == "tile" and \
                    page.evaluate("() => window.urzeit.view.tile_is_bonus && window.urzeit.view.current_seat === 0"):
                bonus = [a for a in page.evaluate("() => window.urzeit.view.legal") if a["type"] == "place_tile"]
                place(page, bonus[0])
        turns += 1
        if turns == 15:
            screenshot(page, "sammler-mid-game")
    page.wait_for_selector("#end-screen")
    rows = page.locator("#end-screen table.breakdown tr[data-player]")
    assert rows.count() == 2
    view = page.evaluate("() => window.urzeit.view")
    for i in range(2):
        total = int(rows.nth(i).locator("th").inner_text())
        assert total == view["scores"][i] == view["breakdown"][i]["total"]
    assert turns >= 35
    screenshot(page, "sammler-end")
    page.watch.assert_clean()

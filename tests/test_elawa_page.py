"""The Elawa table in headless Chromium: take with preview and confirm, play, store,
discard, and a full game against the computer to the end screen."""

import pytest

from browser_support import screenshot, state_id, wait_idle

pytestmark = pytest.mark.browser


def start(page, url, players=2, seed=None):
    page.goto(url + "?test=1" + (f"&seed={seed}" if seed is not None else ""))
    page.wait_for_selector("#app[data-ready='true']", timeout=60_000)
    page.click("[data-game-id='elawa']")
    page.select_option("#player-count", str(players))
    for i in range(1, players):
        page.select_option(f"#seat-list li[data-seat='{i}'] select.seat-level", "random")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='elawa']")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    wait_idle(page)


def click_stack(page, i):
    page.locator(".elawa-canvas").scroll_into_view_if_needed()
    pt = page.evaluate(f"() => window.urzeit.board.stackPoint({i})")
    page.mouse.click(pt["x"], pt["y"])


def step(page, turn):
    """One decision of the human seat, made through the table."""
    view = page.evaluate("() => window.urzeit.view")
    before = state_id(page)
    if view["phase"] == "take":
        stacks = sorted({a["stack"] for a in view["legal"] if a["type"] == "take_card"})
        click_stack(page, stacks[turn % len(stacks)])
        assert page.evaluate("() => window.urzeit.board.selected") is not None
        page.click("#elawa-confirm")
    elif view["phase"] == "take_visible":
        a = [x for x in view["legal"] if x["type"] == "take_visible"][0]
        click_stack(page, a["stack"])
    elif view["phase"] == "discard":
        page.locator(".discard-token").first.click()
    else:
        plays = page.locator(".play-option")
        stores = page.locator(".store-option")
        if stores.count():
            stores.first.click()
        elif plays.count():
            plays.first.click()
        else:
            page.click("#elawa-end-turn")
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
    wait_idle(page)


def test_take_preview_cancel_confirm(page, served_dist):
    start(page, served_dist)
    first = state_id(page)
    view = page.evaluate("() => window.urzeit.view")
    stack = [a for a in view["legal"] if a["type"] == "take_card"][0]["stack"]
    click_stack(page, stack)
    # the preview names the resources this card brings
    assert page.locator(".elawa-side .preview .token").count() >= 1
    page.click("#elawa-cancel")
    assert page.evaluate("() => window.urzeit.board.selected") is None and state_id(page) == first
    click_stack(page, stack)
    top = view["stacks"][stack]["top"]
    page.click("#elawa-confirm")
    # the take glows on the circle for a moment (and so does the computer's reply)
    page.wait_for_function("() => window.urzeit.board.flashing.length > 0", timeout=2000)
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {first}")
    wait_idle(page)
    assert page.locator(f".elawa-hand .ecard[data-card='{top}']").count() == 1
    screenshot(page, "elawa-after-take")
    page.watch.assert_clean()


@pytest.mark.parametrize("seed", [11, 12])
def test_full_game_against_the_computer_to_the_end_screen(page, served_dist, seed):
    start(page, served_dist, players=3, seed=seed)
    for turn in range(400):
        if page.evaluate("() => window.urzeit.view.over"):
            break
        assert page.evaluate("() => window.urzeit.view.current_seat") == 0
        step(page, turn)
        if turn == 30:
            screenshot(page, "elawa-mid-game")
    page.wait_for_selector("#end-screen")
    view = page.evaluate("() => window.urzeit.view")
    assert view["over"] and view["winners"]
    rows = page.locator("#end-screen tr[data-player]")
    assert rows.count() == 3
    for i in range(3):
        assert int(rows.nth(i).locator("th").inner_text()) == view["scores"][i]
    assert page.locator("#turn-info").inner_text()
    screenshot(page, "elawa-end")
    page.watch.assert_clean()


def test_elawa_on_a_phone_with_touch(browser, served_dist):
    from browser_support import PageWatch
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.goto(served_dist + "?test=1&seed=3")
    page.wait_for_selector("#app[data-ready='true']", timeout=60_000)
    page.tap("[data-game-id='elawa']")
    page.select_option("#seat-list li[data-seat='1'] select.seat-level", "random")
    page.tap("#start-button")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    wait_idle(page)
    view = page.evaluate("() => window.urzeit.view")
    stack = [a for a in view["legal"] if a["type"] == "take_card"][0]["stack"]
    page.locator(".elawa-canvas").scroll_into_view_if_needed()
    pt = page.evaluate(f"() => window.urzeit.board.stackPoint({stack})")
    page.touchscreen.tap(pt["x"], pt["y"])
    page.wait_for_function("() => window.urzeit.board.selected !== null")
    page.tap("#elawa-confirm")
    page.wait_for_function("() => window.urzeit.view.phase === 'play'")
    page.tap("#elawa-end-turn")
    page.wait_for_function("() => ['take', 'discard'].includes(window.urzeit.view.phase)")
    screenshot(page, "phone-elawa")
    page.watch.assert_clean()
    context.close()

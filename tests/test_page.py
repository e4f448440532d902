"""The page in headless Chromium: menu, engine status, starting a game, moving."""

import json

import pytest

from browser_support import open_action_list, screenshot

pytestmark = pytest.mark.browser
READY_TIMEOUT = 60_000


def open_menu(page, url, test=True):
    page.goto(url + ("?test=1" if test else ""))
    page.wait_for_selector("#game-list .game-card")


def test_menu_paints_before_engine_and_then_engine_ready(page, served_dist):
    open_menu(page, served_dist, test=False)
    # the menu is there while Python is still booting
    titles = page.locator("#game-list .game-card .title").all_inner_texts()
    assert any("Sammler" in t or "Gatherers" in t for t in titles)
    assert len(titles) == 3  # the test game stays out of the normal menu
    page.wait_for_selector("#app[data-ready='true']", timeout=READY_TIMEOUT)
    assert page.locator("#app").get_attribute("data-engine") == "ready"
    # plain words, no "engine" jargon
    assert page.locator("#engine-text").inner_text() in ("Bereit zum Spielen", "Ready to play")
    # games the engine does not offer yet are shown as in preparation and cannot start
    for card in page.locator("#game-list .game-card").all():
        gid = card.get_attribute("data-game-id")
        if card.is_disabled():
            assert card.locator(".badge").count() == 1, gid
    screenshot(page, "menu")
    page.watch.assert_clean()


def test_start_a_game_and_move_through_the_page(page, served_dist):
    open_menu(page, served_dist)
    page.wait_for_selector("#app[data-ready='true']", timeout=READY_TIMEOUT)
    page.click("[data-game-id='nim']")
    page.fill("#seat-list li[data-seat='0'] input", "Ada")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='nim'][data-current-seat='0']")
    first = int(page.locator("#app").get_attribute("data-state-id"))
    open_action_list(page)
    pile = int(page.locator(".nim-pile").get_attribute("data-pile"))
    buttons = page.locator("#legal-actions button.legal-action")
    assert buttons.count() >= 1
    action = json.loads(buttons.first.get_attribute("data-action"))
    buttons.first.click()
    # our move, then the computer's reply, and it is our turn again (or the game ended)
    page.wait_for_function(
        f"() => Number(document.getElementById('app').dataset.stateId) >= {first + 2}"
        " || document.getElementById('app').dataset.over === 'true'")
    new_pile = int(page.locator(".nim-pile").get_attribute("data-pile"))
    assert new_pile < pile - (action.get("n", 0) - 1)
    assert page.locator("#log li").count() >= 2
    assert "Ada" in page.locator("#scoreboard").inner_text()
    screenshot(page, "nim-after-move")
    page.watch.assert_clean()


def test_illegal_and_stale_actions_through_the_hook_change_nothing(page, served_dist):
    open_menu(page, served_dist)
    page.wait_for_selector("#app[data-ready='true']", timeout=READY_TIMEOUT)
    page.click("[data-game-id='nim']")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='nim'][data-current-seat='0']")
    state_id = page.locator("#app").get_attribute("data-state-id")
    r = page.evaluate("() => window.urzeit.act({type: 'take', n: 99})")
    assert r["ok"] is False and r["code"] == "illegal_action"
    assert page.locator("#message").inner_text()
    # the player reads the page's words, not the engine's English detail
    assert r["message"] not in page.locator("#message").inner_text()
    assert page.locator("#app").get_attribute("data-state-id") == state_id
    view = page.evaluate("() => window.urzeit.view")
    r = page.evaluate(f"""() => window.urzeit.request({{op: 'act', match: '{view["match"]}', seat: 0,
        state_id: {int(state_id) + 5}, action: {{type: 'pass'}}}}).then(() => 'ok', e => e.code)""")
    assert r == "stale_state"
    assert page.locator("#app").get_attribute("data-state-id") == state_id


def test_play_nim_to_the_end_through_the_page(page, served_dist):
    open_menu(page, served_dist)
    page.wait_for_selector("#app[data-ready='true']", timeout=READY_TIMEOUT)
    page.click("[data-game-id='nim']")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='nim']")
    # the one person at a table of computers is spoken to
    page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'")
    assert page.locator("#turn-info").inner_text().strip() == "Your move"
    open_action_list(page)
    for _ in range(40):
        page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'")
        if page.locator("#app").get_attribute("data-over") == "true":
            break
        page.locator("#legal-actions button.legal-action").first.click()
    assert page.locator("#app").get_attribute("data-over") == "true"
    assert page.locator("#turn-info").inner_text()
    page.watch.assert_clean()


@pytest.mark.parametrize("breakage", ["missing", "tampered"])
def test_a_missing_or_tampered_wheel_is_a_visible_error(page, served_dist, breakage):
    def route(r):
        if breakage == "missing":
            r.fulfill(status=404, body="not here")
        else:
            r.fulfill(status=200, body=b"PK\x03\x04 not the wheel we built",
                      headers={"content-type": "application/octet-stream"})
    page.route("**/pyodide/urzeit-*.whl", route)
    page.goto(served_dist)
    page.wait_for_selector("#app[data-engine='failed']", timeout=READY_TIMEOUT)
    text = page.locator("#engine-text").inner_text()
    assert "engine package" in text
    assert page.locator("#app").get_attribute("data-ready") == "false"
    assert page.locator("#game-list .game-card").count() == 3  # the menu stays usable
    screenshot(page, f"engine-failed-{breakage}")


def test_a_computer_turn_shares_one_search_budget_over_its_decisions(page, served_dist):
    """Issue #15: the page tells the engine how long the computer's turn has taken, so its
    decisions (Elawa: take, play, ... ; hard searches each) together stay within the level's
    turn budget."""
    from urzeit import ai
    page.goto(served_dist + "?test=1&seed=5")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY_TIMEOUT)
    page.click("[data-game-id='elawa']")
    page.select_option("#seat-list li[data-seat='0'] select.seat-kind", "human")
    page.select_option("#seat-list li[data-seat='1'] select.seat-kind", "ai")
    page.select_option("#seat-list li[data-seat='1'] select.seat-level", "hard")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='elawa']")
    idle = ("() => document.getElementById('app').dataset.busy === 'false'"
            " && (window.urzeit.view.over || window.urzeit.legal.length)")
    page.wait_for_function(idle, timeout=READY_TIMEOUT)
    for _ in range(20):  # the human plays its first legal action; the computer answers
        page.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
        page.wait_for_function(idle, timeout=READY_TIMEOUT)
        searches = page.evaluate("() => window.urzeit.searches")
        if len({s["turn"] for s in searches}) >= 4:
            break
    assert all(s["seat"] == 1 for s in searches)
    turns = {}
    for s in searches:
        turns.setdefault(s["turn"], []).append(s)
    turns = list(turns.values())
    assert len(turns) == 4 and any(len(t) >= 2 for t in turns)
    budget = ai.TURN_BUDGET["hard"]  # Elawa's bot keeps the common budget
    searched = 0
    for turn in turns:  # turn_ms grows from about 0 over the decisions of one turn
        assert turn[0]["turnMs"] < 50
        assert [s["turnMs"] for s in turn] == sorted(s["turnMs"] for s in turn)
        for s in turn:
            if s.get("planned"):  # a searched decision: its share of what is left
                searched += 1
                want = max(ai.TURN_FLOOR, (budget - s["turnMs"] / 1000) * ai.TURN_SHARE)
                assert s["limit_s"] == pytest.approx(want, abs=1e-6)
    assert searched >= 4  # hard searches in Elawa: the check above ran
    page.watch.assert_clean()


@pytest.mark.parametrize("game_id", ["elawa", "spaeher"])
def test_a_seat_set_to_expert_plays_with_the_expert_budget(page, served_dist, game_id):
    """Issue #28: the menu offers the expert level ("Experte" in German), the seat's tag says
    so, and the computer's turns search with expert's turn budget (Jäger und Späher's expert
    searches every choice of its turn within the same budget)."""
    from urzeit import ai
    page.goto(served_dist + "?test=1&seed=6")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY_TIMEOUT)
    page.click(f"[data-game-id='{game_id}']")
    page.select_option("#seat-list li[data-seat='0'] select.seat-kind", "human")
    page.select_option("#seat-list li[data-seat='1'] select.seat-kind", "ai")
    level = "#seat-list li[data-seat='1'] select.seat-level"
    words = page.evaluate(f"() => [...document.querySelector(\"{level}\").options].map(o => o.value + '=' + o.text)")
    assert words[-1] in ("expert=Experte", "expert=Expert")
    page.select_option(level, "expert")
    page.click("#start-button")
    page.wait_for_selector(f"#app[data-game='{game_id}']")
    idle = ("() => document.getElementById('app').dataset.busy === 'false'"
            " && (window.urzeit.view.over || window.urzeit.legal.length)")
    page.wait_for_function(idle, timeout=READY_TIMEOUT)
    for _ in range(12):
        page.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
        page.wait_for_function(idle, timeout=READY_TIMEOUT)
        searches = [s for s in page.evaluate("() => window.urzeit.searches") if s.get("planned")]
        if len({s["turn"] for s in searches}) >= 2:
            break
    assert searches and all(s["seat"] == 1 for s in searches)
    for s in searches:  # expert's share of what is left of its turn's budget
        want = max(ai.TURN_FLOOR, (ai.TURN_BUDGET["expert"] - s["turnMs"] / 1000) * ai.TURN_SHARE)
        assert s["limit_s"] == pytest.approx(want, abs=1e-6)
    tag = page.locator(".tag", has_text="Expert").first  # "Experte" / "Expert"
    assert tag.count() == 1
    page.watch.assert_clean()

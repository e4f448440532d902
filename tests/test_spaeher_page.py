"""The Jäger und Späher table in headless Chromium: a full game against the computer to the
end screen through the table (canvas clicks and the side's buttons), the mode choice in the
menu, the sunset preview, pass-and-play, the rules screen with our reconstruction, a phone."""

import pytest

from browser_support import PageWatch, screenshot, state_id, wait_idle

pytestmark = pytest.mark.browser
READY = 60_000


def start(page, url, seed=None, mode=None, seats=("human", "ai"), level="easy"):
    page.goto(url + "?test=1" + (f"&seed={seed}" if seed is not None else ""))
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.click("[data-game-id='spaeher']")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-list li[data-seat='{i}'] select.seat-kind", kind)
    if "ai" in seats:
        page.select_option("#seat-list li[data-seat='1'] select.seat-level", level)
    if mode:
        page.select_option("#game-options select[data-option='mode']", mode)
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='spaeher']")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    wait_idle(page)


def click_at(page, pt):
    page.mouse.click(pt["x"], pt["y"])


def canvas_point(page, expr):
    """A point of the table, scrolled into the viewport first (the table can be taller)."""
    pt = page.evaluate(f"() => window.urzeit.board.{expr}")
    if not 40 <= pt["y"] <= page.evaluate("() => window.innerHeight") - 40:
        page.evaluate(f"() => window.scrollBy(0, {pt['y']} - window.innerHeight / 2)")
        pt = page.evaluate(f"() => window.urzeit.board.{expr}")
    return pt


def step(page, view):
    """One decision of the human seat, made through the table like a player would."""
    me = view["seat"]
    legal = view["legal"]
    types = {a["type"] for a in legal}
    ph = view["phase"]
    if ph == "turn":
        recalls = [a for a in legal if a["type"] == "recall" and a["resource"]]
        hand = page.locator(".sp-hand button.sp-card")
        if view["players"][me]["tribe"] == 0 and recalls:
            a = recalls[0]
            loc = next(l for l in view["locations"] if l["id"] == a["where"])
            i = next(k for k, (r, c) in enumerate(zip(loc["resources"], loc["covered"])) if r == a["resource"] and not c)
            click_at(page, canvas_point(page, f"resourcePoint('{a['where']}', {i})"))
        elif hand.count():
            hand.first.click()
        elif recalls:
            a = recalls[0]
            click_at(page, canvas_point(page, f"placePoint('{a['where']}')"))
        else:
            page.click(".sunset-button")
    elif ph == "recall":
        for kind in ("create", "grow", "cure", "finish"):
            if kind in types:
                page.locator(f".sp-side button[data-action*='\"{kind}\"']").first.click()
                break
    elif ph == "steps" and "reveal" in types:
        click_at(page, canvas_point(page, f"deckPoint('{[a for a in legal if a['type'] == 'reveal'][0]['deck']}')"))
    elif ph == "steps" and "place" in types:
        a = [a for a in legal if a["type"] == "place"][0]
        click_at(page, canvas_point(page, f"placePoint('{a['where']}')"))
    elif ph in ("steps", "column", "sunset_take") and ("take" in types or "column" in types):
        a = [a for a in legal if a["type"] in ("take", "column")][0]
        click_at(page, canvas_point(page, f"columnPoint({a['column']})"))
    elif ph == "sunset_lose":
        a = legal[0]
        expr = "tribePoint(%d)" % me if a["where"] == "tribe" else f"placePoint('{a['where']}')"
        click_at(page, canvas_point(page, expr))
    elif ph == "sunset_keep":
        page.locator(".sp-side button[data-action*='keep_item']").first.click()
    else:
        page.locator(".sp-side button[data-action]").first.click()


def play_to_the_end(page, limit=700):
    for turn in range(limit):
        view = page.evaluate("() => window.urzeit.view")
        if view["over"]:
            return turn
        assert view["current_seat"] == view["seat"] == 0
        before = state_id(page)
        step(page, view)
        try:
            page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}",
                                   timeout=10_000)
        except Exception:
            screenshot(page, "spaeher-stuck")
            raise AssertionError(f"turn {turn}: "
                                 f"no move after a click in phase {view['phase']}, step {view['step']}, "
                                 f"legal {view['legal']}, message {page.locator('#message').inner_text()!r}")
        wait_idle(page)
        if turn == 40:
            screenshot(page, "spaeher-mid-game")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed,mode", [(21, "normal"), (22, "intro")])
def test_full_game_against_the_computer_to_the_end_screen(page, served_dist, seed, mode):
    start(page, served_dist, seed=seed, mode=mode)
    assert page.evaluate("() => window.urzeit.view.mode") == mode
    play_to_the_end(page)
    page.wait_for_selector("#end-screen")
    view = page.evaluate("() => window.urzeit.view")
    rows = page.locator("#end-screen tr[data-player]")
    assert rows.count() == 2
    for i in range(2):
        assert int(rows.nth(i).locator("th").inner_text()) == view["scores"][i]
    assert rows.nth(view["winner"]).locator(".win").inner_text() == "★"
    assert page.locator("#turn-info").inner_text()
    screenshot(page, f"spaeher-end-{mode}")
    page.watch.assert_clean()


def test_sunset_preview_states_what_the_sunset_would_score(page, served_dist):
    start(page, served_dist, seed=4)
    view = page.evaluate("() => window.urzeit.view")
    pre = view["players"][0]["sunset_preview"]
    text = page.locator("#sunset-preview").inner_text()
    assert f"{pre['vp_after']}" in text and str(pre["hand_penalty"]) in text
    # a click on an impossible spot only explains
    before = state_id(page)
    click_at(page, canvas_point(page, "columnPoint(0)"))
    assert page.locator("#message").inner_text() and state_id(page) == before
    page.click(".sunset-button")
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
    wait_idle(page)
    after = page.evaluate("() => window.urzeit.view")
    assert after["players"][0]["vp"] == pre["vp_after"] and after["phase"] == "sunset_take"
    screenshot(page, "spaeher-sunset-take")


def test_placing_members_through_the_canvas(page, served_dist):
    start(page, served_dist, seed=5)
    page.locator(".sp-hand button.sp-card[data-card='jaeger']").click()
    wait_idle(page)
    view = page.evaluate("() => window.urzeit.view")
    assert view["phase"] == "steps" and view["step"]["op"] == "place" and view["revealed"]
    click_at(page, canvas_point(page, f"placePoint('{view['revealed']}')"))
    page.wait_for_function("() => window.urzeit.view.players[0].tribe === 1")
    # the move glows on the table for a moment
    page.wait_for_function(f"() => window.urzeit.board.flashing.includes('{view['revealed']}')", timeout=2000)
    loc = [l for l in page.evaluate("() => window.urzeit.view.locations") if l["id"] == view["revealed"]][0]
    assert loc["members"] == [0]
    screenshot(page, "spaeher-placing")
    page.watch.assert_clean()


def test_pass_and_play_between_two_humans_hides_the_items(page, served_dist):
    start(page, served_dist, seed=6, seats=("human", "human"))
    page.locator(".sp-hand button.sp-card[data-card='nachwuchs']").click()
    page.wait_for_function("() => window.urzeit.view.phase === 'column'")  # three equal columns
    click_at(page, canvas_point(page, "columnPoint(2)"))
    page.wait_for_selector("#pass-screen:not([hidden])")
    assert page.locator("#board").evaluate("(e) => getComputedStyle(e).visibility") == "hidden"
    page.click("#pass-ready")
    page.wait_for_function("() => window.urzeit.view.seat === 1")
    view = page.evaluate("() => window.urzeit.view")
    assert view["players"][0]["items"] is None and view["players"][1]["items"]
    assert page.locator(".sp-item").count() == len(view["players"][1]["items"])


OUR_RULES = {
    "de": ["unsere Rekonstruktion", "Unsere Regeln", "Höchstens 3 Mitglieder je Ort", "aus dem Vorrat",
           "Sobald eine Seite dort mehr Mitglieder hat", "Stillstand", "300 Züge", "Die Schachtel hat 30"],
    "en": ["our reconstruction", "Our rules", "At most 3 members per location", "from the supply",
           "As soon as one side has more members there", "Stalled game", "300 turns", "the box has 30"],
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_screen_says_plainly_what_is_reconstructed_and_every_rule_of_ours(page, served_dist, lang):
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    if (page.locator("#lang-toggle").inner_text() == "EN") != (lang == "de"):
        page.click("#lang-toggle")
    page.click("[data-game-id='spaeher']")
    page.click("#menu-rules-button")
    page.wait_for_selector("#rules-dialog[open]")
    text = page.locator("#rules-text").inner_text()
    assert "24" in text and "cards.json" not in text  # players' words, no file names
    for needle in OUR_RULES[lang]:
        assert needle in text, needle
    if lang == "en":  # English names of the characters
        assert not any(w in text for w in ("Kundschafter", "Schamane", "Nachwuchs", "Wildnis", "Jagdgebiet"))
    screenshot(page, f"spaeher-rules-{lang}")


def test_spaeher_on_a_phone_with_touch(browser, served_dist):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.goto(served_dist + "?test=1&seed=7")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.tap("[data-game-id='spaeher']")
    page.select_option("#seat-list li[data-seat='1'] select.seat-level", "easy")
    page.tap("#start-button")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    wait_idle(page)
    page.locator(".sp-hand button.sp-card[data-card='sammlerin']").tap()
    page.wait_for_function("() => window.urzeit.view.phase === 'steps'")
    view = page.evaluate("() => window.urzeit.view")
    pt = canvas_point(page, f"placePoint('{view['revealed']}')")
    page.touchscreen.tap(pt["x"], pt["y"])
    page.wait_for_function("() => window.urzeit.view.players[0].tribe === 1")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # nothing sticks out sideways
    screenshot(page, "phone-spaeher")
    page.watch.assert_clean()
    context.close()

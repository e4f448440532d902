"""Jäger und Späher on a phone fits a turn (issue 38), in headless Chromium at 360 x 740 and
390 x 844, German, touch. At each decision of the human in a game against the computer, with the
page left at its top: whose turn it is, what the step asks and the step's choices are on the
screen and not covered (the pane of the choice is shown by itself, its choices in sight or, in a
long pane, the first of them; the step's buttons below it); a pane that holds a choice is marked
on its tab; the page never scrolled by itself. The rest of the table is one tap away: a tab shows
the other tribe, the display and the places, and a real turn is played by taps alone."""

import random

import pytest

from browser_support import ARTIFACTS, PageWatch, state_id, wait_idle
from stability_support import PHONES, READY, stands_still, start

pytestmark = pytest.mark.browser

# what a phone player sees of the step: every box on the screen and not under anything else
SIGHT_JS = """() => {
  const seen = (e) => {
    const r = e.getBoundingClientRect();
    if (!r.height || r.top < -1 || r.bottom > innerHeight + 1 || r.left < -1 || r.right > innerWidth + 1) return false;
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
    return Boolean(at) && (e === at || e.contains(at) || at.contains(e));
  };
  const shown = (e) => e.getClientRects().length > 0;
  const choices = [...document.querySelectorAll('.spaeher .sp-table .choosable, .spaeher .sp-table .takeable, .spaeher .sp-hand .choosable')].filter(shown);
  const pane = document.querySelector('.sp-pane.active');
  const box = pane && (pane.closest('.sp-table') || pane);
  const asks = [...document.querySelectorAll('.sp-pane')].filter((p) => p.querySelector('.choosable, .takeable, [data-action]')).map((p) => p.dataset.pane);
  const marked = [...document.querySelectorAll('.sp-tab.asks')].map((t) => t.dataset.pane);
  return {
    turn: seen(document.getElementById('turn-info')) && document.getElementById('turn-info').textContent.trim() !== '',
    prompt: seen(document.querySelector('.sp-prompt')) && document.querySelector('.sp-prompt').textContent.trim() !== '',
    buttons: [...document.querySelectorAll('.sp-side [data-action]')].filter(shown).map((b) => [b.textContent, seen(b)]),
    choices: choices.map(seen), long: Boolean(box) && box.scrollHeight > box.clientHeight + 1,
    pane: pane ? pane.dataset.pane : null, asks, marked, scrollY,
    tabs: [...document.querySelectorAll('.sp-tab')].map(seen),
  };
}"""

# moves whose control lies on the table or in the hand (the others are the step's buttons)
ON_TABLE = {"play", "place", "reveal", "take", "column", "lose_member", "keep_item"}


def open_phone(browser, url, size, seed=5):
    ctx = browser.new_context(**PHONES[size])
    page = ctx.new_page()
    page.watch = PageWatch(page, url.rstrip("/"))
    start(page, url, "spaeher", seed)  # German, the human against a random computer
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    return ctx, page


def sight_problems(page, what):
    v = page.evaluate("() => window.urzeit.view")
    s = page.evaluate(SIGHT_JS)
    out = []
    if not s["turn"]:
        out.append(f"{what}: whose turn it is is not on the screen")
    if not s["prompt"]:
        out.append(f"{what}: the step's words are not on the screen")
    if not all(s["tabs"]):
        out.append(f"{what}: a tab is off the screen")
    if not all(ok for _, ok in s["buttons"]):
        out.append(f"{what}: a button of the step is off the screen: {s['buttons']}")
    types = {a["type"] for a in v["legal"]}
    on_table = types & ON_TABLE or (v["phase"] == "turn" and "recall" in types and "play" not in types)
    if on_table and not any(s["choices"]):
        out.append(f"{what}: no choice of the step on the screen (pane {s['pane']})")
    if s["choices"] and not s["long"] and not all(s["choices"]):
        out.append(f"{what}: a choice of the step is off the screen though its pane fits ({s['choices']})")
    if sorted(s["asks"]) != sorted(s["marked"]):
        out.append(f"{what}: the tabs mark {s['marked']}, the choices are in {s['asks']}")
    if s["scrollY"] != 0:
        out.append(f"{what}: the page scrolled by itself to {s['scrollY']}")
    return out


@pytest.mark.parametrize("size", list(PHONES))
def test_each_step_shows_its_question_and_choices_on_one_screen(browser, served_dist, size):
    ctx, page = open_phone(browser, served_dist, size)
    rng = random.Random(38)
    problems, phases = [], set()
    try:
        for i in range(40):
            v = page.evaluate("() => window.urzeit.view")
            if v["over"] or not v["legal"]:
                break
            what = f"{size} decision {i} ({v['phase']}{'/' + v['step']['op'] if v.get('step') else ''})"
            phases.add(what.split("(")[1])
            found = sight_problems(page, what)
            if found:
                page.screenshot(path=str(ARTIFACTS / f"spaeher-phone-{size}-{i}.png"))
            problems += found
            action = rng.choice(v["legal"])
            before = state_id(page)
            page.evaluate("(a) => window.urzeit.act(a)", action)
            page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
            wait_idle(page)
            page.wait_for_timeout(60)
        assert problems == [], "\n".join(problems)
        # the game went through the kinds of step a phone must fit
        assert {"turn)", "steps/place)", "column)"} <= phases, phases
        page.watch.assert_clean()
    finally:
        ctx.close()


@pytest.mark.parametrize("size", list(PHONES))
def test_the_phone_table_stands_still(browser, served_dist, size):
    """Scroll change at most 1 px and layout shift below 0.05 per move, half of the moves with the
    page scrolled down (tests/stability_support.py)."""
    assert stands_still(browser, served_dist, "spaeher", n=20, phone=size) == []


def tap(page, selector):
    page.locator(selector).first.tap()


def test_a_turn_by_taps_and_the_rest_one_tap_away(browser, served_dist):
    """A turn played with the finger at 360 x 740: a card from the hand, the place its member goes
    to, Stop, the column; the page stays at its top all along. The other tribe, the display and
    the places are each one tap on a tab away."""
    ctx, page = open_phone(browser, served_dist, "360x740", seed=7)
    try:
        assert page.evaluate("() => window.urzeit.board.pane") == "mine"
        # the rest is one tap away: the tab shows its pane, with what it is about
        for pane, words in (("others", "Stamm Computer 2"), ("display", "Spalte 1"), ("places", "Jagdgebiete")):
            tap(page, f".sp-tab[data-pane='{pane}']")
            assert page.evaluate("() => window.urzeit.board.pane") == pane
            assert words in page.locator(f"#sp-pane-{pane}").inner_text()
            assert page.evaluate("() => window.scrollY") == 0
        tap(page, ".sp-tab[data-pane='mine']")
        card = page.locator(".sp-hand button.sp-card[data-action]").first
        name = card.get_attribute("data-card")
        card.tap()
        page.wait_for_function("() => window.urzeit.view.phase !== 'turn' || window.urzeit.view.current_seat !== 0")
        wait_idle(page)
        for _ in range(12):  # the card's steps, by taps on what is marked, until its column
            v = page.evaluate("() => window.urzeit.view")
            if v["current_seat"] != 0 or v["phase"] == "turn":
                break
            assert page.evaluate("() => window.scrollY") == 0, v["phase"]
            before = state_id(page)
            marked = page.locator(".sp-pane.active .choosable")
            if v["phase"] == "steps" and v["step"]["op"] == "place" and page.locator(".sp-side .sp-stop").count() and v["players"][0]["tribe"] == 0:
                tap(page, ".sp-side .sp-stop")
            elif marked.count():
                marked.first.tap()
            else:
                tap(page, ".sp-side [data-action]")
            page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
            wait_idle(page)
        log = page.locator("#log").inner_text()
        assert "Spieler 1" in log and page.evaluate("() => window.scrollY") == 0, log
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        page.screenshot(path=str(ARTIFACTS / f"spaeher-phone-turn-by-taps-{name}.png"))
        page.watch.assert_clean()
    finally:
        ctx.close()

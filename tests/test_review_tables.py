"""A fresh-eyes review of Elawa and Carcassonne on a phone (360 x 740, German). Elawa: the
bar points to the playable hand ("end turn" second while a card can be played), the pay
buttons' icons named in words, a smaller blank under an empty hand. Carcassonne: a
wrong tap says why over the board, rotating keeps the chosen spot, the figure step shows
the tile large with its choices around it (the player's zoom back after it), a pressed
choice lights its zone. Positions come from the Python engine as saves."""

import re

import pytest

from browser_support import ARTIFACTS, TEST_SEATS, engine_call, state_id, wait_idle
from stability_support import PHONE

pytestmark = pytest.mark.browser
READY = 180_000
BOARD = "window.urzeit.board"


def shot(page, name):
    """What the phone's screen shows (not the whole page: the bar is sticky)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"review-{name}.png"))


def phone_page(browser, served_dist):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.add_init_script("globalThis.urzeitTestNoSnapshot = true; localStorage.setItem('urzeit.lang', 'de')")
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    return context, page


def load(page, save, ready):
    page.evaluate("(s) => window.urzeit.loadSave(s)", save)
    page.wait_for_function(f"() => window.urzeit.board && {ready}")
    wait_idle(page)
    page.wait_for_timeout(200)


def cut(game, stop, choose=None):
    """A game of random moves (seat 0's chosen by choose(view) when given) cut where stop(view)
    first holds for seat 0: its save."""
    h = engine_call()
    for seed in range(1, 30):
        m = h({"op": "new", "game": game, "seats": TEST_SEATS, "seed": seed, "options": {}})["match"]
        for _ in range(300):
            v = h({"op": "view", "match": m, "seat": 0})
            if v["over"]:
                break
            if v["current_seat"] == 0 and stop(v):
                return h({"op": "save", "match": m}), v
            action = choose(v) if choose and v["current_seat"] == 0 else None
            if action:
                h({"op": "act", "match": m, "seat": 0, "state_id": v["state_id"], "action": action})
            else:
                h({"op": "ai", "match": m, "seat": v["current_seat"], "level": "random", "viewer": None})
    pytest.skip("no random game reached the position")


def test_elawa_on_a_phone_shows_the_way_to_the_hand(browser, served_dist):
    context, page = phone_page(browser, served_dist)
    try:
        # the first turn: an empty hand leaves no screen-high blank before the tribes
        save, _ = cut("elawa", lambda v: v["phase"] == "take")
        load(page, save, f"{BOARD}.ready")
        bar_height = page.locator(".elawa-bar").bounding_box()["height"]
        buttons_height = page.locator(".elawa-bar .elawa-buttons").bounding_box()["height"]
        # (the bar's own place in the flow lies between them: counted out; it was ~195 px)
        gap = page.evaluate("""() => document.querySelector('.elawa-tribes').getBoundingClientRect().top
                                    - document.querySelector('.elawa-hand .hint').getBoundingClientRect().bottom
                                    - document.querySelector('.elawa-bar').offsetHeight""")
        assert gap < 170, ("blank under the empty hand", gap)

        # a play step with cards to play
        save, view = cut("elawa", lambda v: v["phase"] == "play" and sum(a["type"] == "play" for a in v["legal"]) >= 1)
        load(page, save, f"{BOARD}.ready")
        playable = len({a["card"] for a in view["legal"] if a["type"] == "play"})
        page.evaluate("() => window.scrollTo(0, 0)")
        pointer = page.locator("#elawa-to-hand")
        assert pointer.inner_text().replace("\xa0", " ") == f"Ausspielen ↓ ({playable} spielbar)"
        assert "primary" in pointer.get_attribute("class")
        # one row of buttons, the words whole (the bar as tall as in the other steps)
        ends = page.locator("#elawa-end-turn").bounding_box()
        assert abs(pointer.bounding_box()["y"] - ends["y"]) < 2
        widths = page.evaluate("() => [...document.querySelectorAll('.elawa-buttons, .elawa-buttons button')].map((b) => [b.id, b.scrollWidth, b.clientWidth])")
        assert all(s <= c for _, s, c in widths), widths
        # the pointer adds no row: the buttons keep their height; the bar grows only by the prompt's
        # own lines, which are never cut (the whole instruction readable)
        assert page.locator(".elawa-bar .elawa-buttons").bounding_box()["height"] == pytest.approx(buttons_height, abs=1)
        assert page.evaluate("() => { const p = document.querySelector('.elawa-bar .prompt'); return p.scrollHeight <= p.clientHeight + 1; }")
        assert page.locator(".elawa-bar").bounding_box()["height"] >= bar_height - 1
        assert "primary" not in (page.locator("#elawa-end-turn").get_attribute("class") or "")
        bar = page.locator(".elawa-bar").bounding_box()
        assert bar["y"] + bar["height"] <= 740.5  # in sight at the foot of the screen
        shot(page, "elawa-play-bar-360-de")
        pointer.tap()
        page.wait_for_timeout(200)
        option = page.locator(".play-option").first.bounding_box()
        card = page.locator(".hand-card:has(.play-option)").first.bounding_box()
        bar = page.locator(".elawa-bar").bounding_box()
        status = page.locator(".status-line, #status").first.bounding_box() if page.locator(".status-line, #status").count() else None
        if status:  # the card's head not under the shell's sticky status line
            assert card["y"] >= status["y"] + status["height"] - 1, (card, status)
        assert option["y"] >= 0 and option["y"] + option["height"] <= bar["y"] + 1, (option, bar)
        # the pay buttons' icons are named in words, in sight with them
        legend = page.locator(".elawa-hand .token-words")
        assert [w for w in legend.inner_text().split() if w.isalpha()] == ["Beere", "Fleisch", "Feuerstein", "Fell", "Knochen"]
        assert legend.locator(".token").count() == 5
        box = legend.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= option["y"]
        shot(page, "elawa-hand-360-de")
    finally:
        context.close()


def figure_rich(h, save, action):
    """How many figure choices seat 0 has after this placement."""
    m = h({"op": "load", "save": save})["match"]
    v = h({"op": "view", "match": m, "seat": 0})
    v = h({"op": "act", "match": m, "seat": 0, "state_id": v["state_id"], "action": action})["view"]
    v = h({"op": "view", "match": m, "seat": 0})
    return sum(a["type"] == "place_figure" for a in v["legal"]) if v["phase"] == "figure" else 0


def test_carcassonne_on_a_phone_taps_rotations_and_figures(browser, served_dist):
    save, view = cut("sammler", lambda v: v["phase"] == "tile" and len(v["tiles"]) >= 8,
                     choose=lambda v: {"type": "pass"} if v["phase"] == "figure" else None)
    context, page = phone_page(browser, served_dist)
    try:
        load(page, save, f"{BOARD}.artReady")
        canvas = page.locator(".sammler-canvas").bounding_box()
        inside = lambda p: canvas["x"] + 20 <= p["x"] <= canvas["x"] + canvas["width"] - 60 and canvas["y"] + 20 <= p["y"] <= canvas["y"] + canvas["height"] - 20

        # a wrong tap: the reason over the board, near the tap, and gone after a while
        tiles = {(t["x"], t["y"]) for t in view["tiles"]}
        spots = {(a["x"], a["y"]) for a in view["legal"] if a["type"] == "place_tile"}
        xs, ys = [x for x, _ in tiles], [y for _, y in tiles]
        wrong = None
        for x in range(min(xs) - 1, max(xs) + 2):
            for y in range(min(ys) - 1, max(ys) + 2):
                p = page.evaluate(f"() => {BOARD}.cellCenter({x}, {y})")
                if (x, y) not in tiles and (x, y) not in spots and inside(p):
                    wrong = p
        assert wrong, "no empty cell without a spot in view"
        page.touchscreen.tap(wrong["x"], wrong["y"])
        toast = page.locator(".sammler-toast")
        toast.wait_for(state="visible", timeout=1000)
        assert toast.inner_text() == "Dort passt die Karte nicht."
        box = toast.bounding_box()
        assert canvas["x"] <= box["x"] and box["x"] + box["width"] <= canvas["x"] + canvas["width"]
        assert canvas["y"] <= box["y"] and box["y"] + box["height"] <= canvas["y"] + canvas["height"]
        assert abs(box["y"] + box["height"] / 2 - wrong["y"]) < 90
        shot(page, "carc-wrong-tap-360-de")
        toast.wait_for(state="hidden", timeout=5000)

        # rotating keeps the chosen spot: the next turn of the tile that fits there
        found = page.evaluate(f"""() => {{
          const b = {BOARD}, v = window.urzeit.view;
          for (const [x, y] of b.spotsInView()) {{
            const fits = [0, 1, 2, 3].filter((r) => v.legal.some((a) => a.type === 'place_tile' && a.x === x && a.y === y && a.rotation === b.alias(v.tile_to_place, r)));
            const r0 = fits.find((r) => !fits.includes((r + 1) % 4));
            if (fits.length >= 2 && r0 !== undefined) return {{ x, y, r0, fits }};
          }}
          return null;
        }}""")
        if found:
            for _ in range(4):
                if page.evaluate(f"() => {BOARD}.rotation") == found["r0"]:
                    break
                page.click("#sammler-rotate-right")
            p = page.evaluate(f"() => {BOARD}.cellCenter({found['x']}, {found['y']})")
            page.touchscreen.tap(p["x"], p["y"])
            assert page.evaluate(f"() => {BOARD}.pending")["rotation"] == found["r0"]
            page.click("#sammler-rotate-right")
            pending = page.evaluate(f"() => {BOARD}.pending")
            assert pending and (pending["x"], pending["y"]) == (found["x"], found["y"]), pending
            assert pending["rotation"] != found["r0"] and pending["rotation"] in found["fits"]
            assert page.locator("#sammler-confirm").is_enabled()
            shot(page, "carc-rotated-in-place-360-de")
            page.click("#sammler-cancel")

        # the figure step: the tile large, every choice around it (none over it)
        h = engine_call()
        in_view = {tuple(c) for c in page.evaluate(f"() => {BOARD}.spotsInView()")}
        placements = [a for a in view["legal"] if a["type"] == "place_tile" and (a["x"], a["y"]) in in_view]
        action = max(placements, key=lambda a: (figure_rich(h, save, a), -a["x"], -a["y"]))
        assert figure_rich(h, save, action) >= 3
        tile = view["tile_to_place"]
        for _ in range(4):
            if page.evaluate(f"() => {BOARD}.alias('{tile}', {BOARD}.rotation)") == action["rotation"]:
                break
            page.click("#sammler-rotate-right")
        before_scale = page.evaluate(f"() => {BOARD}.camera().scale")
        p = page.evaluate(f"() => {BOARD}.cellCenter({action['x']}, {action['y']})")
        page.touchscreen.tap(p["x"], p["y"])
        before = state_id(page)
        page.click("#sammler-confirm")
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
        wait_idle(page)
        page.wait_for_timeout(200)
        assert page.evaluate("() => window.urzeit.view.phase") == "figure"
        scale = page.evaluate(f"() => {BOARD}.camera().scale")
        assert scale >= 120 and scale > before_scale, (scale, before_scale)
        c = page.evaluate(f"() => {BOARD}.cellCenter({action['x']}, {action['y']})")
        left, top, right, bottom = c["x"] - scale / 2, c["y"] - scale / 2, c["x"] + scale / 2, c["y"] + scale / 2
        canvas = page.locator(".sammler-canvas").bounding_box()
        assert canvas["x"] <= left and right <= canvas["x"] + canvas["width"]
        markers = page.evaluate(f"() => {BOARD}.markers()")
        assert len(markers) >= 3
        for m in markers:
            over = left - m["r"] < m["x"] < right + m["r"] and top - m["r"] < m["y"] < bottom + m["r"]
            assert not over, ("a choice over the tile", m, (left, top, right, bottom))
            assert canvas["x"] <= m["x"] - m["r"] and m["x"] + m["r"] <= canvas["x"] + canvas["width"]
        for i, a in enumerate(markers):
            for b in markers[i + 1:]:
                assert ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5 >= a["r"] + b["r"]
        shot(page, "carc-figure-step-360-de")
        # pressed, a choice lights its zone; let go, it is played and the player's zoom is back
        m = next(m for m in markers if m["action"]["type"] == "place_figure")
        page.mouse.move(m["x"], m["y"])
        page.mouse.down()
        assert page.evaluate(f"() => {BOARD}.pressedZone") == {"x": action["x"], "y": action["y"], "zone": m["action"]["zone"]}
        shot(page, "carc-figure-pressed-360-de")
        page.mouse.up()
        page.wait_for_function("() => window.urzeit.view.phase === 'tile' && window.urzeit.view.current_seat === 0")
        wait_idle(page)
        assert any(f["x"] == action["x"] and f["y"] == action["y"] for f in page.evaluate("() => window.urzeit.view.figures"))
        assert page.evaluate(f"() => {BOARD}.camera().scale") == pytest.approx(before_scale)
    finally:
        context.close()

"""The sammler board in headless Chromium: placing by clicking the canvas, rotate, cancel,
confirm, figures, feature highlight, a full game against the computer to the end screen, and
the layout in words at five screen sizes in German and English."""

import re

import pytest

from browser_support import TEST_SEATS, PageWatch, engine_call, screenshot, state_id, wait_idle
from stability_support import hints_in_sight, stands_still

pytestmark = pytest.mark.browser
READY = 120_000  # a busy machine loads Pyodide slowly


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
        # a spot the player can see (a far one is brought into view by the edge arrows,
        # tested apart); the draws decide which are where
        seen = {tuple(c) for c in page.evaluate("() => window.urzeit.board.spotsInView()")}
        placements = [a for a in placements if (a["x"], a["y"]) in seen] or placements
        place(page, placements[(turns * 7) % len(placements)])
        wait_idle(page)  # a figure step with only "no figure" the page plays itself
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
                wait_idle(page)
        turns += 1
        if turns == 15:
            screenshot(page, "sammler-mid-game")
    page.wait_for_selector("#end-screen")
    rows = page.locator("#end-screen .sammler-summary-player[data-player]")
    assert rows.count() == 2
    view = page.evaluate("() => window.urzeit.view")
    for i in range(2):
        total = int(rows.nth(i).locator(".total").get_attribute("data-total"))
        assert total == view["scores"][i] == view["breakdown"][i]["total"]
        # every scoring entry is a line in words
        assert rows.nth(i).locator("li").count() == max(1, len(view["breakdown"][i]["entries"]))
        # in the engine's words
        assert rows.nth(i).locator("li").all_inner_texts() == view["words"]["breakdown"][i]["entries"]
        assert rows.nth(i).locator(".total").inner_text() == view["words"]["breakdown"][i]["total"]
    assert turns >= 35
    screenshot(page, "sammler-end")
    assert_words(page)
    # the breakdown fits a 360 px phone: no total outside its box
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(200)
    assert_fits(page)
    box = page.locator("#end-screen").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    for i in range(2):
        t = rows.nth(i).locator(".total").bounding_box()
        assert box["x"] <= t["x"] and t["x"] + t["width"] <= box["x"] + box["width"]
    screenshot(page, "sammler-end-360")
    page.watch.assert_clean()


# ---- layout and words at five screen sizes, German and English ------------------------------

VIEWPORTS = [(1920, 1080), (1366, 800), (820, 1180), (390, 844), (360, 740)]
# internal ids and coordinates players must never read
ID_PATTERNS = [re.compile(r"\b[LBS]\d\d\b"), re.compile(r"\b[FMRL]\d\b"),
               re.compile(r"\(\s*[−-]?\d+\s*,\s*[−-]?\d+\s*\)"), re.compile(r"↻\d")]

# Visible elements wider than the viewport or sticking out of it, and text wider than its box.
LAYOUT_JS = """() => {
  const vw = document.documentElement.clientWidth, bad = [];
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '');
  if (document.documentElement.scrollWidth > vw + 1) bad.push('page scrolls sideways: ' + document.documentElement.scrollWidth);
  for (const e of document.querySelectorAll('body *')) {
    if (!e.offsetParent && getComputedStyle(e).position !== 'fixed') continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (e.closest('.sammler-stage') && !e.matches('.sammler-stage, .sammler-zoom, .sammler-zoom *, #end-screen, #end-screen *, .sammler-tooltip')) continue;
    if (r.width > vw + 1 || r.left < -1 || r.right > vw + 1) bad.push('outside: ' + name(e) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    const ownText = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (ownText && e.clientWidth && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'auto')
      bad.push('text overflows: ' + name(e) + ' ' + e.scrollWidth + '>' + e.clientWidth + ' ' + e.textContent.slice(0, 40));
  }
  return bad;
}"""

WORDS_JS = """() => {
  for (const d of document.querySelectorAll('.sammler details')) d.open = true;
  const texts = [document.body.innerText];
  for (const e of document.querySelectorAll('[title], [alt], [aria-label]'))
    texts.push(e.getAttribute('title') || '', e.getAttribute('alt') || '', e.getAttribute('aria-label') || '');
  return texts.join('\\n');
}"""


def assert_fits(page):
    bad = page.evaluate(LAYOUT_JS)
    assert bad == [], bad


def assert_words(page):
    seen = page.evaluate(WORDS_JS)
    for pattern in ID_PATTERNS:
        found = pattern.findall(seen)
        assert not found, (pattern.pattern, found, seen[:2000])
    page.evaluate("() => { for (const d of document.querySelectorAll('.sammler details')) d.open = false; }")


def in_view(page, selector):
    """The element lies wholly inside the window as it is scrolled now."""
    return page.evaluate("""(sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    }""", selector)


GROUPS = {"desktop": [(1920, 1080), (1366, 800)], "touch": [(820, 1180), (390, 844), (360, 740)]}


def current_lang(page):
    # the toggle names the other language
    return "de" if page.locator("#lang-toggle").inner_text().strip() == "EN" else "en"


def set_lang(page, lang):
    if current_lang(page) != lang:
        page.click("#lang-toggle")
        page.wait_for_function(f"() => localStorage.getItem('urzeit.lang') === '{lang}'")
    # the engine words the view anew; on a loaded machine its answer comes after a while
    page.wait_for_function(f"() => !window.urzeit.view || !window.urzeit.view.words || window.urzeit.view.words.lang === '{lang}'")


def check_every_size(page, group, step, check):
    """Resize to each size of the group, in German and English, and check the page."""
    for width, height in GROUPS[group]:
        page.set_viewport_size({"width": width, "height": height})
        for lang in ("en", "de"):
            set_lang(page, lang)
            page.wait_for_timeout(120)
            page.evaluate("() => window.urzeit.board.scrollToDecision()")
            assert_fits(page)
            assert_words(page)
            check(width, height, lang, width < 1000)  # phones and the tablet may scroll to the decision
            page.screenshot(path=f"test-artifacts/sammler-{width}x{height}-{lang}-{step}.png")


def assert_spots_clear_of_buttons(page):
    """No legal spot for the tile lies under the zoom buttons."""
    zoom = page.locator(".sammler-zoom").bounding_box()
    scale = page.evaluate("() => window.urzeit.board.camera().scale")
    for a in page.evaluate("() => window.urzeit.view.legal.filter((a) => a.type === 'place_tile')"):
        c = page.evaluate(f"() => window.urzeit.board.cellCenter({a['x']}, {a['y']})")
        left, right, top, bottom = c["x"] - scale / 2, c["x"] + scale / 2, c["y"] - scale / 2, c["y"] + scale / 2
        apart = right <= zoom["x"] or left >= zoom["x"] + zoom["width"] or bottom <= zoom["y"] or top >= zoom["y"] + zoom["height"]
        assert apart, ("a spot under the zoom buttons", a, zoom)


def assert_markers_apart(markers, touch):
    """The figure choices' circles do not overlap, and a finger can hit one on a touch screen."""
    for i, a in enumerate(markers):
        if touch:
            assert 2 * a["r"] >= 32, ("a choice too small to tap", a)
        for b in markers[i + 1:]:
            d = ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5
            assert d >= a["r"] + b["r"], ("choices overlap", a, b, d)


def assert_neighbours_in_view(page, x, y):
    """The figure step is not zoomed in too far: the middles of the tile's four neighbours are on the canvas."""
    canvas = page.locator(".sammler-canvas").bounding_box()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c = page.evaluate(f"() => window.urzeit.board.cellCenter({x + dx}, {y + dy})")
        assert canvas["x"] <= c["x"] <= canvas["x"] + canvas["width"], ("neighbour not in view", dx, dy, c, canvas)
        assert canvas["y"] <= c["y"] <= canvas["y"] + canvas["height"], ("neighbour not in view", dx, dy, c, canvas)


def touch_tap(page, pt, touch):
    if touch:
        page.touchscreen.tap(pt["x"], pt["y"])
    else:
        page.mouse.click(pt["x"], pt["y"])


@pytest.mark.parametrize("group", ["desktop", "touch"])
def test_layout_and_words_at_every_size(browser, served_dist, group):
    touch = group == "touch"
    width, height = GROUPS[group][-1]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=touch, has_touch=touch,
                                  service_workers="block")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    try:
        start(page, served_dist)

        def first_decision(width, height, lang, phone):
            if phone:
                # the board, the tile and its buttons are in view; no keyboard hint on a phone
                assert in_view(page, ".sammler-controls"), "the tile and its buttons are not in view"
                assert page.evaluate("() => document.querySelector('.sammler-canvas').getBoundingClientRect().top") >= -1
            else:
                # prompt, board and the tile to lay, without scrolling
                assert page.evaluate("() => scrollY") == 0
                for sel in ("#turn-info", ".sammler-canvas", ".sammler-preview img", "#sammler-rotate-right"):
                    assert in_view(page, sel), (sel, "not visible without scrolling")
            if touch:
                assert "R" not in page.locator(".sammler-panel .hint").inner_text().split()
            assert_spots_clear_of_buttons(page)
            first = page.evaluate("() => window.urzeit.board.labelOf(window.urzeit.view.legal[0])")
            assert ("Startkarte" if lang == "de" else "start tile") in first, first  # the engine's words

        check_every_size(page, group, "1-tile", first_decision)
        # lay a tile at the last size of the group
        page.set_viewport_size({"width": width, "height": height})
        view = page.evaluate("() => window.urzeit.view")
        action = [a for a in view["legal"] if a["type"] == "place_tile"][0]
        rotate_to(page, action)
        touch_tap(page, page.evaluate(f"() => window.urzeit.board.cellCenter({action['x']}, {action['y']})"), touch)
        assert page.evaluate("() => window.urzeit.board.pending") is not None
        # "Legen ✓" / "Place ✓" stays on one line
        fits = page.evaluate("() => { const b = document.getElementById('sammler-confirm'); return [b.scrollWidth <= b.clientWidth + 1, b.getBoundingClientRect().height]; }")
        assert fits[0] and fits[1] < 52, fits
        before = state_id(page)
        page.click("#sammler-confirm")
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
        page.wait_for_timeout(150)
        assert page.evaluate("() => window.urzeit.view.phase") == "figure"

        def figure_step(width, height, lang, phone):
            # the placed tile and every choice on it are on screen and apart from each other
            markers = page.evaluate("() => window.urzeit.board.markers()")
            canvas = page.locator(".sammler-canvas").bounding_box()
            assert markers
            for m in markers:
                assert 0 <= m["x"] <= width and 0 <= m["y"] <= height, ("choice off screen", m)
                assert canvas["x"] <= m["x"] <= canvas["x"] + canvas["width"]
                assert canvas["y"] <= m["y"] <= canvas["y"] + canvas["height"]
            assert_markers_apart(markers, touch)
            centre = page.evaluate(f"() => window.urzeit.board.cellCenter({action['x']}, {action['y']})")
            assert 0 <= centre["x"] <= width and 0 <= centre["y"] <= height
            assert_neighbours_in_view(page, action["x"], action["y"])
            labels = page.locator(".figure-choice").all_inner_texts()
            assert labels and all("·" not in t for t in labels), labels
            words = {"de": ("Sammler", "Jäger", "Fischer", "Hütte"), "en": ("Gatherer", "Hunter", "Fisher", "Hut")}[lang]
            assert all(t.split()[0] in words for t in labels), labels

        # the real arrival of the figure step at this size: the tile is in view after confirming
        figure_step(width, height, current_lang(page), width < 1000)
        check_every_size(page, group, "2-figure", figure_step)
        page.set_viewport_size({"width": width, "height": height})
        markers = page.evaluate("() => window.urzeit.board.markers()")
        before = state_id(page)
        touch_tap(page, markers[0], touch)
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
        wait_idle(page)
        page.wait_for_function("() => window.urzeit.view.phase === 'tile' && window.urzeit.view.current_seat === 0")

        def next_turn(width, height, lang, phone):
            log = page.locator("#log").inner_text()
            assert "legt ein" in log or "lays a" in log, log  # each line in the language of its time
            assert_spots_clear_of_buttons(page)
            if phone:
                assert in_view(page, ".sammler-controls")

        check_every_size(page, group, "3-next", next_turn)
        if touch:
            long_press_explains(page)
        page.watch.assert_clean()
    finally:
        context.close()


def long_press_explains(page):
    """A long press on a zone says what it is worth; it is no tap, and a tap puts it away."""
    page.evaluate("() => document.querySelector('#sammler-fit').click()")
    pt = page.evaluate("() => window.urzeit.board.zonePoint(0, 0, 'F1')")
    page.evaluate("""(pt) => {
      const c = document.querySelector('.sammler-canvas');
      const o = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, clientX: pt.x, clientY: pt.y };
      c.dispatchEvent(new PointerEvent('pointerdown', o));
      window.__upLater = () => c.dispatchEvent(new PointerEvent('pointerup', o));
    }""", pt)
    page.wait_for_selector(".sammler-tooltip:not([hidden])", timeout=3000)
    assert "Wald" in page.locator(".sammler-tooltip").inner_text() or "Forest" in page.locator(".sammler-tooltip").inner_text()
    before = state_id(page)
    page.evaluate("() => window.__upLater()")
    assert page.evaluate("() => window.urzeit.board.pending") is None  # a long press is no tap
    assert state_id(page) == before
    page.screenshot(path="test-artifacts/sammler-long-press.png")
    page.touchscreen.tap(pt["x"], pt["y"])
    assert page.locator(".sammler-tooltip").is_hidden()


def swipe(page, start, dx, dy):
    """A finger dragged across the canvas (pointer events as a touch screen sends them)."""
    page.evaluate("""([pt, dx, dy]) => {
      const c = document.querySelector('.sammler-canvas');
      const at = (x, y) => ({ pointerId: 9, pointerType: 'touch', isPrimary: true, bubbles: true, clientX: x, clientY: y });
      c.dispatchEvent(new PointerEvent('pointerdown', at(pt.x, pt.y)));
      for (let i = 1; i <= 8; i++) c.dispatchEvent(new PointerEvent('pointermove', at(pt.x + dx * i / 8, pt.y + dy * i / 8)));
      c.dispatchEvent(new PointerEvent('pointerup', at(pt.x + dx, pt.y + dy)));
    }""", [start, dx, dy])


def mid_game_with_figures(turns=26, seed=11):
    """A replay of a game in which seat 0 lays tiles like a bot but keeps its figures (it passes
    the figure step) and seat 1 is a random bot, cut where seat 0 is to lay its tile."""
    h = engine_call()
    r = h({"op": "new", "game": "sammler", "seats": TEST_SEATS, "seed": seed, "options": {}})
    m, v = r["match"], r["view"]
    laid = 0
    while not (v["current_seat"] == 0 and v["phase"] == "tile" and laid >= turns):
        if v["current_seat"] == 0 and v["phase"] == "figure":
            v = h({"op": "act", "match": m, "seat": 0, "state_id": v["state_id"], "action": {"type": "pass"}})["view"]
            laid += 1
        else:
            v = h({"op": "ai", "match": m, "seat": v["current_seat"], "level": "random", "viewer": None})["view"]
    return h({"op": "save", "match": m})


def test_a_phone_mid_game_keeps_tiles_readable_pans_and_reaches_every_spot(browser, served_dist):
    """At 360 px mid-game the tiles stay 48 px or larger; the board opens where spots are, an
    arrow at the edge stands for the spots beyond it and brings them into view, a swipe moves the
    board; after laying, the tile and its neighbours are in view and the choices do not overlap,
    also zoomed far out."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    try:
        page.add_init_script("localStorage.setItem('urzeit.lang', 'de')")
        page.goto(served_dist + "?test=1")
        page.wait_for_selector("#app[data-ready='true']", timeout=READY)
        page.evaluate("(s) => window.urzeit.loadSave(s)", mid_game_with_figures())
        page.wait_for_function("() => window.urzeit.board && window.urzeit.board.artReady")
        wait_idle(page)
        page.wait_for_function("() => window.urzeit.view.phase === 'tile' && window.urzeit.view.current_seat === 0"
                               " && document.getElementById('app').dataset.busy === 'false'")
        page.wait_for_timeout(200)
        board = "window.urzeit.board"
        assert len(page.evaluate("() => window.urzeit.view.tiles")) > 30
        assert page.evaluate(f"() => {board}.camera().scale") >= 48
        assert in_view(page, ".sammler-canvas")
        assert page.evaluate(f"() => {board}.spotsInView()"), "no spot for the tile on screen"
        # every spot is on the canvas or counted by an arrow at the edge
        canvas = page.locator(".sammler-canvas").bounding_box()
        zoom = page.locator(".sammler-zoom").bounding_box()
        off = 0
        for x, y in page.evaluate(f"() => {board}.spots()"):
            c = page.evaluate(f"() => {board}.cellCenter({x}, {y})")
            inside = canvas["x"] <= c["x"] <= canvas["x"] + canvas["width"] and canvas["y"] <= c["y"] <= canvas["y"] + canvas["height"]
            under_zoom = c["x"] > zoom["x"] and c["y"] < zoom["y"] + zoom["height"]
            off += not inside or under_zoom
        arrows = page.evaluate(f"() => {board}.arrows()")
        assert off and sum(a["n"] for a in arrows) == off, (off, arrows)
        for a in arrows:
            assert 2 * a["r"] >= 32
        page.screenshot(path="test-artifacts/sammler-phone-mid-arrows.png")
        # a tap on an arrow brings its spot into view, and lays nothing
        target = arrows[0]
        page.touchscreen.tap(target["x"], target["y"])
        assert target["cell"] in page.evaluate(f"() => {board}.spotsInView()")
        assert page.evaluate(f"() => {board}.pending") is None
        # a swipe moves the board by as much as the finger, and lays nothing
        before = page.evaluate(f"() => {board}.camera()")
        swipe(page, {"x": canvas["x"] + canvas["width"] / 2, "y": canvas["y"] + canvas["height"] / 2}, -60, 40)
        after = page.evaluate(f"() => {board}.camera()")
        assert abs((before["x"] - after["x"]) * after["scale"] + 60) < 2, (before, after)
        assert abs((before["y"] - after["y"]) * after["scale"] - 40) < 2, (before, after)
        assert page.evaluate(f"() => {board}.pending") is None
        # lay a tile on a spot in view, by touch
        x, y = page.evaluate(f"() => {board}.spotsInView()")[0]
        view = page.evaluate("() => window.urzeit.view")
        action = [a for a in view["legal"] if a["type"] == "place_tile" and (a["x"], a["y"]) == (x, y)][0]
        rotate_to(page, action)
        page.touchscreen.tap(**page.evaluate(f"() => {board}.cellCenter({x}, {y})"))
        assert page.evaluate(f"() => {board}.pending") is not None
        before = state_id(page)
        page.click("#sammler-confirm")
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
        page.wait_for_function("() => window.urzeit.view.phase === 'figure'")
        page.wait_for_timeout(150)
        assert_neighbours_in_view(page, x, y)
        page.screenshot(path="test-artifacts/sammler-phone-mid-figure.png")
        markers = page.evaluate(f"() => {board}.markers()")
        assert len(markers) >= 2, markers
        assert_markers_apart(markers, True)
        # zoomed far out the choices still find room apart, on the canvas
        for _ in range(5):
            page.click("#sammler-zoom-out")
        markers = page.evaluate(f"() => {board}.markers()")
        assert_markers_apart(markers, True)
        canvas = page.locator(".sammler-canvas").bounding_box()
        for m in markers:
            assert canvas["x"] <= m["x"] <= canvas["x"] + canvas["width"] and canvas["y"] <= m["y"] <= canvas["y"] + canvas["height"]
        page.screenshot(path="test-artifacts/sammler-phone-mid-figure-zoomed-out.png")
        page.watch.assert_clean()
    finally:
        context.close()


def test_the_explanation_goes_away_after_a_click_and_the_computers_move(page, served_dist):
    start(page, served_dist)
    pt = page.evaluate("() => window.urzeit.board.zonePoint(0, 0, 'M1')")
    page.mouse.move(pt["x"], pt["y"])
    page.wait_for_selector(".sammler-tooltip:not([hidden])")
    text = page.locator(".sammler-tooltip").inner_text()
    assert ("Mammut" in text and "Punkte" in text) or ("mammoth" in text and "points" in text), text  # worth, in words
    page.mouse.down()
    page.mouse.up()
    assert page.locator(".sammler-tooltip").is_hidden()
    page.mouse.move(pt["x"] + 1, pt["y"] + 1)  # the same zone: it stays away
    assert page.locator(".sammler-tooltip").is_hidden()
    # hover again while it is our figure step; the computer's move then puts it away
    view = page.evaluate("() => window.urzeit.view")
    place(page, [a for a in view["legal"] if a["type"] == "place_tile"][0])
    last = page.evaluate("() => window.urzeit.view.last_placed")
    zone = page.evaluate("() => window.urzeit.view.legal[0].zone")
    pt = page.evaluate(f"() => window.urzeit.board.zonePoint({last['x']}, {last['y']}, '{zone}')")
    page.mouse.move(pt["x"] + 3, pt["y"] + 3)
    page.mouse.move(pt["x"], pt["y"])
    page.wait_for_selector(".sammler-tooltip:not([hidden])")
    before = state_id(page)
    page.click("#sammler-no-figure")
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
    wait_idle(page)
    assert page.locator(".sammler-tooltip").is_hidden()
    # counted words (German and English) are the engine's: tests/test_sammler_words.py
    page.watch.assert_clean()


def test_the_words_are_the_engines(page, served_dist):
    """The action list, the figure choices and the log say what the engine words (view.words,
    a reply's log), and a language switch rewords the log from the engine's other language."""
    start(page, served_dist)
    set_lang(page, "de")
    page.wait_for_function("() => window.urzeit.view.words && /legen/.test(window.urzeit.view.words.legal[0])")
    view = page.evaluate("() => window.urzeit.view")
    assert page.locator("#legal-actions .legal-action").all_text_contents() == view["words"]["legal"]
    place(page, [a for a in view["legal"] if a["type"] == "place_tile"][0])
    wait_idle(page)
    view = page.evaluate("() => window.urzeit.view")
    assert view["phase"] == "figure"
    assert page.locator("#legal-actions .legal-action").all_text_contents() == view["words"]["legal"]
    figures = [w for a, w in zip(view["legal"], view["words"]["legal"]) if a["type"] == "place_figure"]
    assert page.locator(".figure-choice").all_inner_texts() == figures
    assert page.locator("#sammler-no-figure").inner_text() == "Keine Figur"
    before = state_id(page)
    page.click("#sammler-no-figure")
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
    page.wait_for_function("() => window.urzeit.view.current_seat === 0 && window.urzeit.view.phase === 'tile'")
    wait_idle(page)
    lines = page.locator("#log li").all_inner_texts()
    assert lines[0].startswith("Spieler 1 legt eine Landschaftskarte (") and \
        lines[0].endswith(" und setzt keine Figur."), lines
    computer = [line for line in lines if line.startswith("Computer 2 legt eine ")]
    assert computer and " und setzt " in computer[0] and computer[0].endswith("."), lines
    set_lang(page, "en")
    page.wait_for_function("() => /^Computer 2 lays a /m.test(document.getElementById('log').innerText)")
    lines = page.locator("#log li").all_inner_texts()
    assert lines[0].startswith("Player 1 lays a tile (") and lines[0].endswith(" and puts no figure."), lines
    assert not any(" legt " in line or " setzt " in line for line in lines), lines
    page.wait_for_function("() => window.urzeit.view.words && /^Lay the tile/.test(window.urzeit.view.words.legal[0])")
    view = page.evaluate("() => window.urzeit.view")
    assert page.locator("#legal-actions .legal-action").all_text_contents() == view["words"]["legal"]
    page.watch.assert_clean()


def test_the_phone_table_stands_still_after_each_move(browser, served_dist):
    """Issue 26: at 360 x 740 a dozen moves (half with the page scrolled down) leave the page
    where it was (0 px scroll, layout shift < 0.05) and whose turn it is on the screen."""
    assert stands_still(browser, served_dist, "sammler") == []


def test_hints_on_a_phone_are_in_sight_and_mark_what_to_tap(browser, served_dist):
    """Issue 26: the hint's words on the screen and the thing to tap marked, in each step."""
    problems, phases = hints_in_sight(browser, served_dist, "sammler")
    assert problems == []

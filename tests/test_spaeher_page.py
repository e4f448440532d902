"""The Jäger und Späher table in headless Chromium: a full game against the computer to the
end screen through the table (clicks on the table's places and the side's buttons), the mode
choice in the menu, the sunset preview, pass-and-play, the rules screen with our
reconstruction, a phone with touch (long-press shows a card large), and the layout at five
screen sizes in German and English: nothing wider than the window, no text out of its box, no
card ids, the prompt and the hand in view on a desktop."""

import re
import time

import pytest

from browser_support import ARTIFACTS, PageWatch, screenshot, state_id, wait_idle
from stability_support import hints_in_sight, stands_still

pytestmark = pytest.mark.browser
READY = 180_000  # the engine boots slowly on a loaded machine


def start(page, url, seed=None, mode=None, seats=("human", "ai"), level="easy"):
    page.goto(url + "?test=1" + (f"&seed={seed}" if seed is not None else ""))
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.click("[data-game-id='spaeher']")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-list li[data-seat='{i}'] select.seat-kind", kind)
    if "ai" in seats:
        page.select_option("#seat-list li[data-seat='1'] select.seat-level", level)
    if mode:
        page.check(f"#game-options input[data-option='mode'][value='{mode}']")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='spaeher']")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    wait_idle(page)


def click_at(page, pt):
    page.mouse.click(pt["x"], pt["y"])


def settle(page):
    """Waits until the page's scroll position has not changed for three looks 60 ms apart."""
    last, same = None, 0
    for _ in range(50):
        y = page.evaluate("() => window.scrollY")
        same = same + 1 if y == last else 0
        if same >= 2:
            return
        last = y
        page.wait_for_timeout(60)


def canvas_point(page, expr):
    """A point of the table, scrolled into the viewport first (the table can be taller; on a
    phone the prompt stays at the top). Measured once the page is at rest: a new step may bring
    its choice into view by itself, and a player taps after that, not during it."""
    settle(page)
    pt = page.evaluate(f"() => window.urzeit.board.{expr}")
    if not 150 <= pt["y"] <= page.evaluate("() => window.innerHeight") - 40:
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
    elif ph == "sunset_keep":  # the item cards are the choice
        page.locator(".sp-hand .sp-item[data-action*='keep_item']").first.click()
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
    # a row per source of points, every cell in points, the total their sum; counts only in small
    table = page.evaluate("""() => [...document.querySelectorAll('#end-screen .sp-summary td[data-player]')].map((td) => ({
        player: Number(td.dataset.player), points: td.dataset.points, total: td.dataset.total,
        pts: (td.querySelector('.pts') || td.querySelector('strong')).innerText, count: td.querySelector('.count')?.innerText || '' }))""")
    unit = re.compile(r"^[+−]?\d+ (Punkte?|points?)$")
    for i in range(2):
        cells = [c for c in table if c["player"] == i]
        total = next(c for c in cells if c["total"] is not None)
        assert int(total["total"]) == view["scores"][i] and unit.match(total["pts"]), total
        parts = [c for c in cells if c["points"] is not None]
        assert len(parts) == (4 if mode == "normal" else 3)
        assert sum(int(c["points"]) for c in parts) == view["scores"][i], parts
        for c in parts:
            assert unit.match(c["pts"]) and abs(int(c["points"])) == int(re.sub(r"\D", "", c["pts"])), c
            assert "Punkt" not in c["count"] and "point" not in c["count"], c
    headers = page.locator("#end-screen .sp-summary th.who")
    winner = view["winners"][0]
    assert view["winners"] == [view["winner"]]
    assert headers.nth(winner).locator(".win").count() == 1 and headers.nth(1 - winner).locator(".win").count() == 0
    assert page.locator("#turn-info").inner_text()
    # why it ended, in words; the summary the shell's end screen shows
    assert view["end"] in ("goal", "hunt_over", "stalled", "turn_limit")
    lang = "de" if page.locator("#lang-toggle").inner_text() == "EN" else "en"
    assert page.locator("#end-screen .sp-why").first.inner_text() == END_WHY[lang][view["end"]]
    summary = page.evaluate("""async () => {
        const m = await import('./js/renderers/spaeher/index.mjs');
        const v0 = window.urzeit.view;
        const v = await window.urzeit.request({ op: 'view', match: v0.match, seat: v0.seat, lang: 'en' });
        return m.endSummary(v, v.seats.map((s) => s.name)).innerText; }""")
    assert "Sunsets" in summary and "Items" in summary and "Starting points" in summary and END_WHY["en"][view["end"]] in summary
    assert "no items" not in summary
    screenshot(page, f"spaeher-end-{mode}")
    page.set_viewport_size({"width": 360, "height": 740})
    page.locator("#end-screen").scroll_into_view_if_needed()
    assert layout_problems(page) == []
    screenshot(page, f"spaeher-end-{mode}-360")
    page.watch.assert_clean()


END_WHY = {
    "de": {"goal": "Ziel erreicht: 24 Punkte.",
           "hunt_over": "Die Jagd ist vorbei: kein Jagdgebiet und kein Fleisch mehr, und beide hatten danach noch einen Sonnenuntergang.",
           "stalled": "Stillstand: je zwei Sonnenuntergänge, ohne dass jemand Punkte gewann.",
           "turn_limit": "Die Zuggrenze (300 Züge) ist erreicht."},
    "en": {"goal": "The goal was reached: 24 points.",
           "hunt_over": "The hunt is over: no hunting ground and no meat left, and both have had one more sunset since.",
           "stalled": "Stalled: two sunsets each without anybody gaining a point.",
           "turn_limit": "The turn limit (300 turns) was reached."},
}


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


def in_view(page, selector):
    """The element's box lies inside the window as it is scrolled now."""
    return page.evaluate("""(sel) => {
        const e = document.querySelector(sel);
        if (!e) return false;
        const r = e.getBoundingClientRect();
        // on a phone the prompt stays at the top: what it covers is not in view
        const b = document.querySelector('.sp-banner');
        const top = b && !b.contains(e) && !e.closest('.sp-detail') && getComputedStyle(b).position === 'sticky' ? b.getBoundingClientRect().bottom : 0;
        return r.top >= top - 1 && r.bottom <= window.innerHeight + 1 && r.left >= 0 && r.right <= window.innerWidth; }""", selector)


def long_press(page, x, y, ms=800):
    """A finger held on the screen (Chromium's touch events, as on a phone)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    time.sleep(ms / 1000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


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
    set_lang(page, "de")
    # a long press shows the card large with its full text and does not play it
    card = page.locator(".sp-hand button.sp-card[data-card='sammlerin']")
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    before = state_id(page)
    long_press(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => window.urzeit.board.detail === 'char:sammlerin'")
    detail = page.locator(".sp-detail")
    assert "Sammlerin" in detail.inner_text() and "Stapel leer" in detail.inner_text()
    assert in_view(page, ".sp-detail")
    screenshot(page, "phone-spaeher-card-detail")
    page.wait_for_timeout(500)
    assert state_id(page) == before  # the press opened the card, nothing was played
    page.tap(".sp-detail-close")
    page.wait_for_function("() => window.urzeit.board.detail === null")
    card.tap()
    page.wait_for_function("() => window.urzeit.view.phase === 'steps'")
    wait_idle(page)
    view = page.evaluate("() => window.urzeit.view")
    # issues 26, 38: the page stays where it was after the tap; the pane of the places is shown
    # with the place that needs the decision, below the prompt
    assert page.evaluate("() => window.urzeit.board.pane") == "places"
    assert in_view(page, f".sp-loc[data-where='{view['revealed']}']")
    assert in_view(page, ".sp-banner")
    pt = page.evaluate(f"() => window.urzeit.board.placePoint('{view['revealed']}')")
    page.touchscreen.tap(pt["x"], pt["y"])
    page.wait_for_function("() => window.urzeit.view.players[0].tribe === 1")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # nothing sticks out sideways
    screenshot(page, "phone-spaeher")
    page.watch.assert_clean()
    context.close()


# ---- layout at five screen sizes, German and English ------------------------------------------

VIEWPORTS = [(1920, 1080), (1366, 800), (820, 1180), (390, 844), (360, 740)]
ID_PATTERN = re.compile(r"\b[WJ]\d\d\b|\bS\d\b")

LAYOUT_JS = """() => {
    const vw = document.documentElement.clientWidth;
    const say = (e) => `${e.tagName.toLowerCase()}.${e.className} «${(e.innerText || '').slice(0, 40)}»`;
    const problems = [];
    if (document.documentElement.scrollWidth > vw) problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    for (const e of document.querySelectorAll('#app *')) {
        if (!e.getClientRects().length || e.closest('[hidden]')) continue;
        const r = e.getBoundingClientRect();
        if (r.width && (r.right > vw + 1 || r.left < -1)) problems.push(`wider than the window: ${say(e)} ${r.left}..${r.right}`);
    }
    for (const e of document.querySelectorAll('.spaeher *')) {
        if (!e.getClientRects().length || e.closest('[hidden]')) continue;
        const cs = getComputedStyle(e);
        if (cs.display === 'inline' || cs.display === 'contents' || ['auto', 'scroll'].includes(cs.overflowX)) continue;
        if (e.scrollWidth > e.clientWidth + 1) problems.push(`text out of its box: ${say(e)} ${e.scrollWidth} > ${e.clientWidth}`);
        if (cs.overflowY !== 'auto' && e.scrollHeight > e.clientHeight + 2 && cs.overflowY !== 'visible') problems.push(`text cut below: ${say(e)}`);
    }
    return problems;
}"""


def layout_problems(page):
    problems = page.evaluate(LAYOUT_JS)
    text = page.locator("body").inner_text()
    problems += [f"an id in the text: {m.group(0)!r} in …{text[max(0, m.start() - 40):m.end() + 20]!r}…"
                 for m in ID_PATTERN.finditer(text)]
    return problems


def set_lang(page, lang):
    if (page.locator("#lang-toggle").inner_text() == "EN") != (lang == "de"):
        page.click("#lang-toggle")
    # the table drawn again in the engine's words of the new language (its hand's buttons replaced)
    page.wait_for_function(f"""() => document.querySelector('.sp-banner') && document.documentElement.lang === '{lang}'
        && document.getElementById('app').dataset.worded !== ''""")


def check_layouts(page, state, problems, hand_in_view=False, target=None):
    for lang in ("de", "en"):
        set_lang(page, lang)
        for w, h in VIEWPORTS:
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            for p in layout_problems(page):
                problems.append(f"{state} {w}x{h} {lang}: {p}")
            page.evaluate("() => window.scrollTo(0, 0)")
            if w >= 1366:  # a desktop: the prompt, the place to act on and the hand without scrolling
                if not in_view(page, ".sp-banner"):
                    problems.append(f"{state} {w}x{h} {lang}: the prompt is out of view")
                if hand_in_view and not in_view(page, ".sp-hand .sp-card"):
                    problems.append(f"{state} {w}x{h} {lang}: the hand is below the fold")
                if target and not in_view(page, target):
                    problems.append(f"{state} {w}x{h} {lang}: {target} is out of view")
            # every size: the page brings the decision into view, the prompt stays in view
            page.evaluate("() => window.urzeit.board.revealDecision()")
            first = target or (".sp-hand .sp-card" if hand_in_view else None)
            if first and not in_view(page, first):
                problems.append(f"{state} {w}x{h} {lang}: the page does not show {first}")
            if not in_view(page, ".sp-banner"):
                where = page.evaluate("() => [window.scrollY, JSON.stringify(document.querySelector('.sp-banner').getBoundingClientRect())]")
                problems.append(f"{state} {w}x{h} {lang}: the prompt scrolled away {where}")
            full = w < 800 and lang == "de"
            page.screenshot(path=str(ARTIFACTS / f"spaeher-{state}-{w}x{h}-{lang}.png"), full_page=full)


def fast_step(page, k):
    """One decision of the human seat through the api (the layout is what is tested here)."""
    view = page.evaluate("() => window.urzeit.view")
    legal = view["legal"]
    by = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    for kind in ("create", "grow", "cure", "place", "reveal", "take", "column", "lose_member", "keep_item"):
        if kind in by:
            choice = by[kind][k % len(by[kind])]
            break
    else:
        recalls = [a for a in by.get("recall", []) if a["resource"]]
        if view["phase"] == "recall":
            choice = recalls[0] if recalls else by["finish"][0]
        elif recalls and k % 4 == 3:
            choice = recalls[0]
        elif "play" in by:
            choice = by["play"][k % len(by["play"])]
        else:
            choice = (by.get("sunset") or by.get("stop") or legal)[0]
    before = state_id(page)
    page.evaluate("(a) => window.urzeit.act(a)", choice)
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
    wait_idle(page)


def test_layout_at_five_screen_sizes_in_german_and_english(browser, served_dist):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1366, "height": 800}, service_workers="block")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    start(page, served_dist, seed=21)
    problems = []
    # the first decision: a turn, the whole hand to play
    check_layouts(page, "first", problems, hand_in_view=True)
    # the hover shows a card large with its full text, beside it and inside the window
    set_lang(page, "de")
    page.set_viewport_size({"width": 1366, "height": 800})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.hover(".sp-hand .sp-card[data-card='jaeger']")
    page.wait_for_function("() => window.urzeit.board.detail === 'char:jaeger'")
    assert "Jagdgebiet" in page.locator(".sp-detail").inner_text() and in_view(page, ".sp-detail")
    page.screenshot(path=str(ARTIFACTS / "spaeher-hover-detail.png"))
    page.mouse.move(2, 2)
    page.wait_for_function("() => window.urzeit.board.detail === null")
    page.hover(".sp-loc")
    page.wait_for_function("() => (window.urzeit.board.detail || '').startsWith('loc:')")
    assert "Verbrauchsstein" in page.locator(".sp-detail").inner_text()
    page.mouse.move(2, 2)
    # a place step: the prompt names the card, the revealed location is marked and in view
    page.locator(".sp-hand button.sp-card[data-card='jaeger']").click()
    wait_idle(page)
    view = page.evaluate("() => window.urzeit.view")
    assert view["step"]["op"] == "place"
    assert "Jäger" in page.locator(".sp-banner").inner_text()
    assert page.locator(".sp-table .choosable").count() >= 1
    assert page.locator(".sp-display .choosable, .sp-display .glow").count() == 0  # the display does not call
    check_layouts(page, "place", problems, target=f".sp-loc[data-where='{view['revealed']}']")
    # mid-game: some turns later, more open cards, items, a column choice or a sunset
    for k in range(18):
        if page.evaluate("() => window.urzeit.view.over"):
            break
        fast_step(page, k)
    view = page.evaluate("() => window.urzeit.view")
    assert not view["over"] and view["turns"] >= 8
    target = ".sp-table .choosable" if page.locator(".sp-table .choosable").count() else None
    check_layouts(page, "mid", problems, target=target)
    # the legend names every symbol of the table, and fits a small phone too
    set_lang(page, "de")
    page.set_viewport_size({"width": 360, "height": 740})
    page.click(".sp-tab[data-pane='others']")  # a phone: the legend is with the other tribe, one tap away
    page.click(".sp-legend summary")
    legend = page.locator(".sp-legend").inner_text()
    for word in ("Fleisch", "Fell", "Stein", "Holz", "Lehm", "Frucht", "Verbrauchsstein", "Hunger", "Stammesmitglied",
                 "Heiliger Ort", "Höhlenlager", "Punkteleiste", "Gegenstand", "Charakter", "unter der obersten Karte"):
        assert word in legend, word
    problems += [f"legend 360x740 de: {p}" for p in layout_problems(page)]
    page.locator(".sp-legend").screenshot(path=str(ARTIFACTS / "spaeher-legend-360-de.png"))
    (ARTIFACTS / "spaeher-layout-problems.txt").write_text("\n".join(problems), encoding="utf-8")
    assert problems == [], "\n".join(problems[:40])
    page.watch.assert_clean()
    context.close()


def test_cards_open_for_the_keyboard_and_the_pills_of_the_display_say_what_they_are(page, served_dist):
    start(page, served_dist, seed=21)
    set_lang(page, "de")
    # every card that opens on hover or long-press can be reached with Tab and is named
    cards = page.evaluate("""() => [...document.querySelectorAll('.spaeher [data-detail]')].map((e) => ({
        detail: e.dataset.detail, tag: e.tagName, tabindex: e.tabIndex, role: e.getAttribute('role'), label: e.getAttribute('aria-label') }))""")
    assert cards and all(c["tabindex"] == 0 and (c["tag"] == "BUTTON" or c["role"] == "button") and c["label"] for c in cards), cards
    assert {c["detail"].split(":")[0] for c in cards} >= {"char", "item", "loc", "site"}
    # the cards beneath a column's top card: labelled, with a tooltip, in the legend
    under = page.locator(".sp-display .sp-under").first
    assert under.get_attribute("title") and "unter der obersten" in under.get_attribute("title")
    assert page.locator(".sp-display .sp-unders").first.locator(".sp-under-label").inner_text() == "darunter:"
    # the keyboard's focus opens the card beside it, Escape closes it, Enter opens it again
    page.keyboard.press("Tab")
    top = page.locator(".sp-display .sp-col .sp-card").first
    spec = top.get_attribute("data-detail")
    before = state_id(page)
    top.focus()
    page.wait_for_function(f"() => window.urzeit.board.detail === '{spec}'")
    assert page.locator(".sp-detail").is_visible() and top.get_attribute("aria-describedby") == "sp-detail"
    page.keyboard.press("Escape")
    page.wait_for_function("() => window.urzeit.board.detail === null")
    page.keyboard.press("Enter")  # not a choice now: it only opens
    page.wait_for_function(f"() => window.urzeit.board.detail === '{spec}'")
    page.wait_for_timeout(300)
    assert state_id(page) == before and page.locator("#message").inner_text() == ""
    under.focus()
    page.wait_for_function(f"() => window.urzeit.board.detail === '{under.get_attribute('data-detail')}'")
    # a card in the hand is a button: the focus opens it, Enter plays it
    card = page.locator(".sp-hand button.sp-card").first
    card.focus()
    page.wait_for_function(f"() => window.urzeit.board.detail === '{card.get_attribute('data-detail')}'")
    assert card.get_attribute("aria-label").endswith("ausspielen")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
    page.watch.assert_clean()


def test_the_log_tells_one_line_per_turn(page, served_dist):
    start(page, served_dist, seed=7, level="easy")
    set_lang(page, "de")
    for k in range(30):
        view = page.evaluate("() => window.urzeit.view")
        if view["over"] or view["turns"] >= 12:
            break
        legal = view["legal"]
        a = next((x for x in legal if x["type"] == "create"), None) or legal[len(legal) // 2]
        before = state_id(page)
        page.evaluate("(a) => window.urzeit.act(a)", a)
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
        wait_idle(page)
    view = page.evaluate("() => window.urzeit.view")
    lines = page.locator("#log li").all_inner_texts()
    names = ["Spieler 1", "Computer 2"]
    # a line per turn (and one for the end of the hunt or the game), each the story of a player's turn
    assert view["turns"] <= len(lines) <= view["turns"] + 3, lines
    turn_lines = [l for l in lines if l.split(":")[0] in names]
    assert len(turn_lines) >= view["turns"], lines
    assert all(line.endswith(".") for line in turn_lines), turn_lines
    # the players take turns line by line
    whose = [l.split(":")[0] for l in turn_lines]
    assert all(a != b for a, b in zip(whose, whose[1:])), whose
    # a sunset says its points ("macht Sonnenuntergang (3 Mitglieder − 2 Hunger): +1 Punkt.")
    sunsets = [l for l in turn_lines if "Sonnenuntergang" in l]
    assert all(re.search(r"Sonnenuntergang \([^)]*\): [+−]\d+ Punkte?[.,]", l) for l in sunsets), sunsets
    # the other language: the same lines, reworded
    page.click("#lang-toggle")
    en = page.locator("#log li").all_inner_texts()
    assert len(en) == len(lines) and en != lines and all(l.split(":")[0] in ("Player 1", "Computer 2") for l in en[:3])
    page.watch.assert_clean()


def test_the_action_list_and_the_log_are_the_engines_words(page, served_dist):
    start(page, served_dist, seed=9, level="easy")
    set_lang(page, "de")
    view = page.evaluate("() => window.urzeit.view")
    labels = page.evaluate("() => [...document.querySelectorAll('#legal-actions button.legal-action')].map((b) => b.textContent)")
    assert labels and labels == view["words"]["legal"], (labels, view["words"])
    assert view["words"]["prompt"] in page.locator(".sp-banner").inner_text()
    # our turn, then the computer's: its line in the log is the engine's, in German
    for _ in range(12):
        view = page.evaluate("() => window.urzeit.view")
        if view["current_seat"] != 0 or view["over"]:
            break
        before = state_id(page)
        legal = view["legal"]
        a = next((x for x in legal if x["type"] == "play"), None) or next((x for x in legal if x["type"] == "stop"), legal[0])
        page.evaluate("(a) => window.urzeit.act(a)", a)
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
        wait_idle(page)
    page.wait_for_function("() => [...document.querySelectorAll('#log li')].some((li) => li.innerText.startsWith('Computer 2: '))", timeout=120_000)
    wait_idle(page)
    lines = page.locator("#log li").all_inner_texts()
    computer = [l for l in lines if l.startswith("Computer 2: ")]
    assert computer and all(re.search(r": (spielt|holt|macht) ", l) for l in computer), lines
    assert not any(w in " ".join(lines) for w in (" the ", " plays ", "undefined", "null", "{")), lines
    # in English after a language switch, without asking the engine again
    page.click("#lang-toggle")
    en = page.locator("#log li").all_inner_texts()
    assert len(en) == len(lines) and en != lines, en
    assert all(re.search(r": (plays|brings|calls) ", l) for l in en if l.startswith("Computer 2: ")), en
    assert not any(w in " ".join(en) for w in (" spielt ", " holt ", "Mitglied")), en
    page.wait_for_function("() => /Your turn|Waiting/.test(window.urzeit.view.words.prompt || '')")
    view = page.evaluate("() => window.urzeit.view")
    assert page.evaluate("() => [...document.querySelectorAll('#legal-actions button.legal-action')].map((b) => b.textContent)") == view["words"]["legal"]
    page.watch.assert_clean()


def test_the_phone_table_stands_still_after_each_move(browser, served_dist):
    """Issues 26, 38: at 360 x 740 a dozen moves (half with the page scrolled down) leave the page
    where it was (at most 1 px scroll, layout shift < 0.05) and whose turn it is on the screen; the
    page does not scroll to a new step's choice either (its pane shows it, test_spaeher_phone.py)."""
    assert stands_still(browser, served_dist, "spaeher") == []


def test_hints_on_a_phone_are_in_sight_and_mark_what_to_tap(browser, served_dist):
    """Issue 26: the hint's words on the screen and the thing to tap marked, in each step."""
    problems, phases = hints_in_sight(browser, served_dist, "spaeher")
    assert problems == []


DETAIL_COVERS = """() => {
  const d = document.querySelector('.sp-detail');
  if (!d || d.hidden) return [];
  const a = d.getBoundingClientRect();
  const hit = (b) => b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return [...document.querySelectorAll('.spaeher .choosable, .game-bar button, #status-line')]
    .filter((e) => hit(e.getBoundingClientRect())).map((e) => e.className || e.id);
}"""


def hover_card(page, selector):
    page.mouse.move(3, 400)
    box = page.locator(selector).first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + min(20, box["height"] / 2))
    return page.locator(selector).first.get_attribute("data-detail")


def test_desktop_card_details_go_away_and_never_cover_the_choice(browser, served_dist):
    """Issue 26: a card's detail (hover) goes when the pointer leaves, on a click, when a choice
    is asked and on leaving the table, and never lies over what the prompt asks to choose."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 800}, service_workers="block")
    ctx.add_init_script("localStorage.setItem('urzeit.lang', 'en')")
    page = ctx.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    start(page, served_dist, seed=3, level="random")
    # hovered, then left: it goes
    spec = hover_card(page, ".sp-display .sp-col .sp-card")
    page.wait_for_function(f"() => window.urzeit.board.detail === '{spec}'")
    assert page.evaluate(DETAIL_COVERS) == []
    page.mouse.move(3, 400)
    page.wait_for_function("() => window.urzeit.board.detail === null")
    # hovered, then a click: it goes
    hover_card(page, ".sp-display .sp-col .sp-card")
    page.wait_for_function("() => window.urzeit.board.detail !== null")
    page.mouse.down()
    page.mouse.up()
    page.wait_for_timeout(100)
    assert page.evaluate("() => window.urzeit.board.detail") is None
    # the pointer rests on a card while the table is drawn anew (a move): no detail appears
    # later for a card that is gone (it stood at the window's corner, over the menu)
    for _ in range(6):
        view = page.evaluate("() => window.urzeit.view")
        if any(a["type"] == "column" for a in view["legal"]):
            break
        hover_card(page, ".sp-display .sp-col .sp-card")
        action = next((a for a in view["legal"] if a["type"] == "play"), view["legal"][0])
        before = state_id(page)
        page.evaluate("(a) => window.urzeit.act(a)", action)
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
        wait_idle(page)
        page.wait_for_timeout(450)
        assert page.evaluate("() => window.urzeit.board.detail") is None
    # the game asks for a column: a column's card shows its detail, but not over the columns
    assert page.evaluate("() => window.urzeit.legal.some((a) => a.type === 'column')")
    assert page.locator(".sp-col.choosable").count() >= 2
    for k in range(3):
        spec = hover_card(page, f".sp-display .sp-col[data-column='{k}'] .sp-card")
        page.wait_for_timeout(500)
        assert page.evaluate(DETAIL_COVERS) == [], k
    page.screenshot(path=str(ARTIFACTS / "spaeher-detail-column-1366x800-en.png"))
    # leaving the table: nothing stays on the screen
    hover_card(page, ".sp-sites .sp-site")
    page.wait_for_function("() => window.urzeit.board.detail !== null")
    assert page.evaluate(DETAIL_COVERS) == []
    page.evaluate("() => document.getElementById('back-button').click()")
    page.wait_for_timeout(450)
    assert page.evaluate("() => [...document.querySelectorAll('.sp-detail')].filter((d) => d.getClientRects().length).length") == 0
    page.watch.assert_clean()
    ctx.close()


MEMBER_LINES = """() => [...document.querySelectorAll('.sp-tribe')].map((b) => ({
  player: Number(b.dataset.player),
  lines: Object.fromEntries([...b.querySelectorAll('[data-count]')].map((e) => [e.dataset.count, e.textContent.trim()])) }))"""


def test_the_tribe_says_where_its_members_are_and_counts_along(browser, served_dist):
    """Issue 26: "Höhlenlager 1 · Vorrat 2" did not change when members left the tribe card.
    Each tribe says in words where its five members are (tribe card, away on places, cave camp,
    supply), and the words follow each move."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                              service_workers="block")
    ctx.add_init_script("localStorage.setItem('urzeit.lang', 'de')")
    page = ctx.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    start(page, served_dist, seed=3, level="random")

    def check():
        view = page.evaluate("() => window.urzeit.view")
        boxes = page.evaluate(MEMBER_LINES)
        assert sorted(b["player"] for b in boxes) == [0, 1]
        for b in boxes:
            p = view["players"][b["player"]]
            away = sum(l["members"].count(b["player"]) for l in view["locations"]) + sum(s["members"][b["player"]] for s in view["sites"])
            assert p["tribe"] + away + p["camp"] + p["supply"] == 5, (p, away)
            lines = b["lines"]
            assert lines["tribe"] == f"{p['tribe']} {'Mitglied' if p['tribe'] == 1 else 'Mitglieder'} auf der Stammeskarte", lines
            assert lines["away"] == f"{away} unterwegs auf Orten", lines
            assert lines["camp"].startswith(f"{p['camp']} im Höhlenlager – {'kommt' if p['camp'] == 1 else 'kommen'} mit „Nachwuchs“"), lines
            assert lines["supply"].startswith(f"{p['supply']} im Vorrat – für 2 Felle"), lines
        return view["players"][0]["tribe"]

    # the locations' names are the engine's (one plural rule on both sides)
    from urzeit.games.spaeher import words as sp_words
    view = page.evaluate("() => window.urzeit.view")
    names = page.evaluate("() => [...document.querySelectorAll('.sp-loc')].map((e) => [e.dataset.where, e.getAttribute('aria-label')])")
    assert names and all(label == sp_words.loc_name(where, "de", view) for where, label in names), names
    first = check()
    seen = {first}
    for k in range(12):  # members go out to places: the words follow
        view = page.evaluate("() => window.urzeit.view")
        legal = view["legal"]
        action = next((a for a in legal if a["type"] == "place"), None) or next((a for a in legal if a["type"] == "play"), legal[0])
        before = state_id(page)
        page.evaluate("(a) => window.urzeit.act(a)", action)
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
        wait_idle(page)
        seen.add(check())
        if len(seen) >= 2 and action["type"] == "place":
            break
    assert len(seen) >= 2, seen
    page.tap(".sp-tab[data-pane='mine']")  # a phone: your tribe is with your hand
    page.locator(".sp-tribe[data-player='0']").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "spaeher-members-360x740-de.png"))
    page.watch.assert_clean()
    ctx.close()

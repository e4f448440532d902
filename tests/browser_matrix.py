"""The tests that matter most, run in Firefox and in WebKit too (issue #42): the whole suite runs
in Chromium; test_browsers_firefox.py and test_browsers_webkit.py call these bodies with their
browser's tab (tests/other_browsers.py). One browser per file, one site per file: the first
visit boots bare and keeps the memory snapshot, later loads boot from it, as a player's do.

The site can be switched off (`site.offline`): its connections then close unanswered, as with
the network down, and only the service worker answers."""

import json
import pathlib
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
READY_S = 300  # WebKit's first visit on a loaded 2-core machine
GAMES = ("sammler", "spaeher", "elawa")


class Site:
    """dist/ on localhost, with a switch that takes it off the network."""

    def __init__(self):
        sys.path.insert(0, str(ROOT))
        import build

        class Handler(build.Handler):
            def handle(self):
                if not self.server.offline:
                    super().handle()

        import functools
        self.server = build.make_server(DIST, 0)
        self.server.RequestHandlerClass = functools.partial(Handler, directory=str(DIST))
        self.server.offline = False
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    @property
    def offline(self):
        return self.server.offline

    @offline.setter
    def offline(self, value):
        self.server.offline = value

    def close(self):
        self.server.shutdown()


def log(tab, what):
    print(f"[{tab.name}] {what}", flush=True)


def open_page(tab, site, lang=None):
    """The page at its menu: loaded once, then reached by the menu button (every load of
    WebKit's engine costs seconds; the tests that are about loading reload on purpose). The
    language is switched as a player does, by its button."""
    here = tab.evaluate("(url) => location.href.startsWith(url) && document.getElementById('app').dataset.ready === 'true'",
                        site.url)
    if not here:
        tab.goto(site.url + "?test=1")
        tab.wait_selector("#app[data-ready='true']", timeout=READY_S)
    else:
        tab.evaluate("() => { for (const d of document.querySelectorAll('dialog[open]')) d.close(); }")
        to_menu(tab)
    if lang and tab.evaluate("() => document.documentElement.lang") != lang:
        tab.click("#lang-toggle")
        tab.wait_for("(l) => document.documentElement.lang === l", lang, what=f"the page in {lang}")


def assert_clean(tab):
    errors = tab.errors()
    assert errors == [], f"{tab.name}: console errors {errors}"
    failed = tab.evaluate("() => document.getElementById('app').dataset.engineError || ''")
    assert not failed, failed


def wait_idle(tab, timeout=60):
    tab.wait_for("() => document.getElementById('app').dataset.busy === 'false' && window.urzeit.flightsRunning() === 0",
                 timeout=timeout, what="the page idle")


def wait_moved(tab, before, timeout=20):
    tab.wait_for("(b) => Number(document.getElementById('app').dataset.stateId) > b", before, timeout,
                 what=f"a move after state {before}")


def view(tab):
    return tab.evaluate("() => window.urzeit.view")


def to_menu(tab):
    if tab.evaluate("() => !document.getElementById('game').hidden"):
        tab.click("#back-button")
    tab.wait_for("() => !document.getElementById('menu').hidden", what="the menu")


def start(tab, game, seats=(("human", None), ("ai", "random")), players=None, mode=None):
    tab.click(f"[data-game-id='{game}']")
    tab.wait_for("() => !document.getElementById('seat-form').hidden", what="the seat form")
    if players:
        tab.select("#player-count", str(players))
    for i, (kind, level) in enumerate(seats):
        tab.select(f"#seat-list li[data-seat='{i}'] select.seat-kind", kind)
        if level:
            tab.select(f"#seat-list li[data-seat='{i}'] select.seat-level", level)
    if mode:
        tab.click(f"#game-options input[data-option='mode'][value='{mode}']")
    tab.click("#start-button")
    # the first game of a visit loads its rules into the engine: seconds for WebKit under load
    tab.wait_selector(f"#app[data-game='{game}']", timeout=90)
    tab.wait_for("() => window.urzeit.board && (window.urzeit.board.ready || window.urzeit.board.artReady)",
                 what="the board drawn")
    wait_idle(tab)


def scroll_to(tab, expr):
    """A point of the board (window.urzeit.board.<expr>), scrolled into the viewport first."""
    pt = tab.evaluate(f"() => window.urzeit.board.{expr}")
    if not 120 <= pt["y"] <= tab.height - 40:
        tab.evaluate(f"() => window.scrollBy(0, {pt['y']} - innerHeight / 2)")
        time.sleep(0.1)
        pt = tab.evaluate(f"() => window.urzeit.board.{expr}")
    return pt


# ---- one decision of the human seat per game, made through the table like a player ----------

def sammler_place(tab, action):
    tile = tab.evaluate("() => window.urzeit.view.tile_to_place")
    for _ in range(4):
        if tab.evaluate("(t) => window.urzeit.board.alias(t, window.urzeit.board.rotation)", tile) == action["rotation"]:
            break
        tab.click("#sammler-rotate-right")
    else:
        raise AssertionError(f"{tab.name}: no rotation gives {action}")
    pt = scroll_to(tab, f"cellCenter({action['x']}, {action['y']})")
    tab.click_at(pt["x"], pt["y"])
    pending = tab.evaluate("() => window.urzeit.board.pending")
    assert pending and (pending["x"], pending["y"]) == (action["x"], action["y"]), (tab.name, pending, action)
    before = tab.state_id()
    tab.click("#sammler-confirm")
    wait_moved(tab, before)
    wait_idle(tab)


def sammler_turn(tab, v, turn):
    placements = [a for a in v["legal"] if a["type"] == "place_tile"]
    seen = {tuple(c) for c in tab.evaluate("() => window.urzeit.board.spotsInView()")}
    placements = [a for a in placements if (a["x"], a["y"]) in seen] or placements
    sammler_place(tab, placements[(turn * 7) % len(placements)])
    while tab.evaluate("() => window.urzeit.view.phase") == "figure":
        before = tab.state_id()
        tab.click("#sammler-no-figure")
        wait_moved(tab, before)
        wait_idle(tab)
        if tab.evaluate("() => window.urzeit.view.phase === 'tile' && window.urzeit.view.tile_is_bonus && window.urzeit.view.current_seat === 0"):
            bonus = [a for a in view(tab)["legal"] if a["type"] == "place_tile"]
            sammler_place(tab, bonus[0])


def elawa_turn(tab, v, turn):
    before = tab.state_id()
    if v["phase"] == "take":
        stacks = sorted({a["stack"] for a in v["legal"] if a["type"] == "take_card"})
        tab.evaluate("() => document.querySelector('.elawa-canvas').scrollIntoView({block: 'center'})")
        pt = tab.evaluate("(i) => window.urzeit.board.stackPoint(i)", stacks[turn % len(stacks)])
        tab.click_at(pt["x"], pt["y"])
        tab.wait_for("() => window.urzeit.board.selected !== null", what="a stack chosen")
        tab.click("#elawa-confirm")
    elif v["phase"] == "take_visible":
        a = [x for x in v["legal"] if x["type"] == "take_visible"][0]
        tab.evaluate("() => document.querySelector('.elawa-canvas').scrollIntoView({block: 'center'})")
        pt = tab.evaluate("(i) => window.urzeit.board.stackPoint(i)", a["stack"])
        tab.click_at(pt["x"], pt["y"])
    elif v["phase"] == "discard":
        tab.click(".discard-token")
    else:
        has = tab.evaluate("() => [Boolean(document.querySelector('.store-option')), Boolean(document.querySelector('.play-option'))]")
        tab.click(".store-option" if has[0] else ".play-option" if has[1] else "#elawa-end-turn")
    wait_moved(tab, before)
    wait_idle(tab)


def spaeher_turn(tab, v, turn):
    me, legal, ph = v["seat"], v["legal"], v["phase"]
    types = {a["type"] for a in legal}
    before = tab.state_id()

    def at(expr):
        pt = scroll_to(tab, expr)
        tab.click_at(pt["x"], pt["y"])

    if ph == "turn" and "sunset" in types:  # the sunset at once: a game of about twenty decisions
        tab.click(".sunset-button")
    elif ph == "turn":
        recalls = [a for a in legal if a["type"] == "recall" and a["resource"]]
        hand = tab.evaluate("() => Boolean(document.querySelector('.sp-hand button.sp-card'))")
        if v["players"][me]["tribe"] == 0 and recalls:
            a = recalls[0]
            loc = next(x for x in v["locations"] if x["id"] == a["where"])
            i = next(k for k, (r, c) in enumerate(zip(loc["resources"], loc["covered"])) if r == a["resource"] and not c)
            at(f"resourcePoint('{a['where']}', {i})")
        elif hand:
            tab.click(".sp-hand button.sp-card")
        elif recalls:
            at(f"placePoint('{recalls[0]['where']}')")
        else:
            tab.click(".sunset-button")
    elif ph == "recall":
        kind = next(k for k in ("create", "grow", "cure", "finish") if k in types)
        tab.click(f".sp-side button[data-action*='\"{kind}\"']")
    elif ph == "steps" and "reveal" in types:
        at(f"deckPoint('{[a for a in legal if a['type'] == 'reveal'][0]['deck']}')")
    elif ph == "steps" and "place" in types:
        at(f"placePoint('{[a for a in legal if a['type'] == 'place'][0]['where']}')")
    elif ph in ("steps", "column", "sunset_take") and ("take" in types or "column" in types):
        at(f"columnPoint({[a for a in legal if a['type'] in ('take', 'column')][0]['column']})")
    elif ph == "sunset_lose":
        a = legal[0]
        at(f"tribePoint({me})" if a["where"] == "tribe" else f"placePoint('{a['where']}')")
    elif ph == "sunset_keep":
        tab.click(".sp-hand .sp-item[data-action*='keep_item']")
    else:
        tab.click(".sp-side button[data-action]")
    wait_moved(tab, before)
    wait_idle(tab)


TURN = {"sammler": sammler_turn, "elawa": elawa_turn, "spaeher": spaeher_turn}
START = {"sammler": {}, "elawa": {"players": 2}, "spaeher": {"mode": "intro"}}
# Short games by the engine's own setup option (as the live tests use it): the same table and
# end screen in a few decisions. Jäger und Späher is short by the player calling the sunset.
SHORT = {"sammler": {"setup": {"tiles": ["L07", "L20", "L03", "L11"]}}, "elawa": {"setup": {"fire": ["berry"]}}}


def start_short(tab, game, options):
    """A game with options the menu does not offer, opened at the table as a save is."""
    tab.evaluate("""async ([game, options]) => {
        const seats = [{kind: 'human', name: 'Spieler 1'}, {kind: 'ai', level: 'random', name: 'Computer 2'}];
        const r = await window.urzeit.request({op: 'new', game, seats, seed: 5, options});
        const save = await window.urzeit.request({op: 'save', match: r.match});
        await window.urzeit.request({op: 'close', match: r.match});
        await window.urzeit.loadSave(save); }""", [game, options])
    tab.wait_selector(f"#app[data-game='{game}']")
    tab.wait_for("() => window.urzeit.board && (window.urzeit.board.ready || window.urzeit.board.artReady)",
                 what="the board drawn")
    wait_idle(tab)


def whole_game(tab, site, game):
    """A whole game against the computer by clicks, to the end screen with every score."""
    t0 = time.monotonic()
    open_page(tab, site)
    if game in SHORT:
        start_short(tab, game, SHORT[game])
    else:
        start(tab, game, **START[game])
    turns = 0
    for turns in range(700):
        v = view(tab)
        if v["over"]:
            break
        assert v["current_seat"] == 0, (tab.name, game, v["phase"])
        TURN[game](tab, v, turns)
        if turns == 2:
            tab.screenshot(f"{game}-mid-game")
    else:
        raise AssertionError(f"{tab.name}: {game} did not end")
    tab.wait_selector("#end-screen:not([hidden])")
    v = view(tab)
    assert v["over"] and v["winners"] and len(v["scores"]) == len(v["seats"])
    shown = tab.evaluate("() => document.getElementById('end-screen').innerText")
    for score in v["scores"]:
        assert str(score) in shown, (tab.name, game, score)
    tab.screenshot(f"{game}-end")
    assert_clean(tab)
    log(tab, f"{game}: a whole game in {turns} decisions by clicks, {time.monotonic() - t0:.0f} s")


# ---- the other tests -------------------------------------------------------------------------

def first_visit(tab, site):
    """Boot without console errors, from the snapshot the build ships; a reload boots from it too."""
    t0 = time.monotonic()
    tab.goto(site.url + "?test=1")
    tab.wait_selector("#app[data-ready='true']", timeout=READY_S)
    ready_s = time.monotonic() - t0
    info = tab.evaluate(ENGINE)
    assert info["boot"] == "shipped", info
    assert_clean(tab)
    log(tab, f"first visit: engine ready after {info['ms'] / 1000:.1f} s in the worker ({ready_s:.1f} s to the test); "
             f"marks {json.dumps(info['marks'])}")
    t1 = time.monotonic()
    tab.reload()
    tab.wait_selector("#app[data-ready='true']", timeout=READY_S)
    again = tab.evaluate(ENGINE)
    assert again["boot"] == "shipped", again
    assert_clean(tab)
    log(tab, f"repeat visit: engine ready after {again['ms'] / 1000:.1f} s ({time.monotonic() - t1:.1f} s to the test)")


ENGINE = """async () => { const { engine } = await import('./js/boot.mjs');
    return { boot: engine.boot, ms: engine.readyMs, marks: engine.lastStatus[1].marks, note: engine.lastStatus[1].snapshotNote }; }"""


# (what sticks out inside a strip that scrolls by itself, such as a hand of cards, is no sideways page)
SIDEWAYS = """() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth,
  body: document.body.scrollWidth })"""


def phone_page(tab, site, width=360, height=740):
    """The menu, the rules and a table of each game at phone size: nothing scrolls sideways."""
    tab.size(width, height)
    try:
        open_page(tab, site, lang="de")
        log(tab, f"phone page at {tab.width} x {tab.height}")
        problems = []
        s = tab.evaluate(SIDEWAYS)
        if s["scroll"] > s["width"] + 1:
            problems.append(("menu", s))
        tab.screenshot("menu-phone")
        for game in GAMES:
            start(tab, game, **START[game])
            s = tab.evaluate(SIDEWAYS)
            if s["scroll"] > s["width"] + 1:
                problems.append((game, s))
            tab.evaluate("() => window.scrollTo(0, 0)")
            tab.screenshot(f"{game}-phone")
            to_menu(tab)
        assert problems == [], f"{tab.name}: the page scrolls sideways at {tab.width} px: {problems}"
        assert_clean(tab)
    finally:
        tab.size(1366, 800)


def save_and_resume(tab, site):
    """A game with a move made, reloaded: the same game at the same state, its log rebuilt."""
    open_page(tab, site)
    start(tab, "sammler")
    sammler_turn(tab, view(tab), 0)
    wait_idle(tab)
    before = view(tab)
    tab.wait_for("""() => Object.keys(localStorage).some((k) => k.startsWith('urzeit.save.')
        && JSON.parse(localStorage.getItem(k)).replay.actions.length === window.urzeit.view.state_id)""", what="the autosave")
    lines = tab.evaluate("() => document.getElementById('log').children.length")
    tab.reload()
    tab.wait_selector("#app[data-ready='true']", timeout=READY_S)
    tab.wait_selector("#app[data-game='sammler']")
    tab.wait_for("(id) => window.urzeit.view && window.urzeit.view.state_id === id", before["state_id"], what="the game resumed")
    assert view(tab)["legal"] == before["legal"]
    # the log is rebuilt from the replay after the view is shown
    tab.wait_for("(n) => document.getElementById('log').children.length === n", lines, what=f"the log's {lines} lines rebuilt")
    assert_clean(tab)


def offline(tab, site):
    """After the first visit the service worker has the whole build: the network off, a reload
    still boots the engine and a game starts."""
    open_page(tab, site)
    progress = """async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const m = await (await fetch('precache.json')).json();
        const kept = (await caches.has(m.cache)) ? (await (await caches.open(m.cache)).keys()).length : 0;
        return {installing: Boolean(reg && reg.installing), active: Boolean(reg && reg.active),
                controlled: Boolean(navigator.serviceWorker.controller), kept, files: m.files.length}; }"""
    precached = f"""async () => {{ const p = await ({progress})();
        return p.active && p.controlled && p.kept >= p.files ? p.kept : false; }}"""
    # an install whose download was cut (a loaded machine) is tried again at the next visit,
    # as a player's browser does: up to three visits. The check reads the whole cache, so it is
    # made once a second, not twenty times (it would slow the install it waits for).
    for visit in range(3):
        try:
            files = tab.wait_for(precached, timeout=90, interval=1.0, what="the build precached by the service worker")
            break
        except AssertionError:
            log(tab, f"not precached after visit {visit + 1}: {tab.evaluate(progress)}")
            if visit == 2:
                raise
            log(tab, "the page visited again")
            tab.reload()
            tab.wait_selector("#app[data-ready='true']", timeout=READY_S)
    site.offline = True
    try:
        tab.reload()
        tab.wait_selector("#app[data-ready='true']", timeout=READY_S)
        assert tab.evaluate("async () => { try { await fetch('build.json?' + Math.random()); return true; } catch { return false; } }") in (True, False)
        start(tab, "sammler")
        sammler_turn(tab, view(tab), 0)
        assert_clean(tab)
        log(tab, f"offline: {files} files from the service worker, a game played")
    finally:
        site.offline = False


def lesson_first_steps(tab, site):
    """The first lesson's opening: the words, the next button, the ringed control taken."""
    open_page(tab, site)
    tab.click("[data-game-id='sammler']")
    tab.wait_selector("#lesson-entry .lesson-start")
    tab.click("#lesson-entry .lesson-start")
    tab.wait_selector("#lesson-panel[data-step='0']", timeout=120)
    steps = []
    for _ in range(6):
        tab.wait_for("() => window.urzeit.lesson && !window.urzeit.lesson.busy", timeout=90, what="the lesson step")
        step, kind, text = tab.evaluate("""() => { const p = document.getElementById('lesson-panel');
            return [p.dataset.step, p.dataset.kind, document.getElementById('lesson-text').textContent.trim()]; }""")
        assert text and "{" not in text, (tab.name, step, text)
        steps.append(step)
        if len(set(steps)) >= 4 or kind == "end":
            break
        if kind == "read":
            tab.click("#lesson-next")
        else:
            tab.wait_for("() => window.urzeit.lesson.found && window.urzeit.lesson.found.element && !document.getElementById('lesson-ring').hidden",
                         what="the ring")
            before = tab.state_id()
            taken = """(b) => Number(document.getElementById('app').dataset.stateId) !== b
                || (window.urzeit.lesson.found && window.urzeit.lesson.found.element && window.urzeit.lesson.found.element.tagName === 'BUTTON')"""
            # a tap that did not take (on a loaded machine the board may still settle under the
            # ring) is tapped again where the ring is now, as a player would
            for attempt in range(3):
                time.sleep(0.2)
                r = tab.evaluate("""() => { const r = document.getElementById('lesson-ring').getBoundingClientRect();
                    const x = r.left + r.width / 2, y = r.top + r.height / 2, at = document.elementFromPoint(x, y);
                    return { x, y, at: at && (at.tagName + '#' + at.id + '.' + at.className), target: document.getElementById('lesson-ring').dataset.target,
                             scrollY, h: innerHeight }; }""")
                log(tab, f"lesson step {step}: the ring at {r} (tap {attempt + 1})")
                tab.click_at(r["x"], r["y"])
                try:
                    tab.wait_for(taken, before, timeout=30 if attempt < 2 else 90, what="the ringed move taken")  # an engine call: slow on a loaded machine
                    break
                except AssertionError:
                    if attempt == 2:
                        raise
                    tab.wait_for("() => !window.urzeit.lesson.busy", timeout=90, what="the lesson's engine call")
                    if tab.evaluate(taken, before):
                        break
        tab.wait_for("(s) => document.getElementById('lesson-panel').dataset.step !== s || !window.urzeit.lesson.busy", step, timeout=90)
    assert len(set(steps)) >= 3, (tab.name, steps)
    assert tab.evaluate("() => !document.querySelector('#lesson-say.lesson-undone')")
    tab.screenshot("lesson")
    assert_clean(tab)


DRAWN = {"sammler": "#rules-text canvas", "elawa": "#rules-text .ecard", "spaeher": "#rules-text .sp-card"}
PAINTED = """() => [...document.querySelectorAll('#rules-text canvas')].map((c) => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let solid = 0;
  for (let i = 0; i < d.length; i += 16) if (d[i + 3] > 200) solid++;
  return solid / (d.length / 16); })"""


def rules_drawn(tab, site):
    """Each game's rules with their pictures and the worked example."""
    open_page(tab, site)
    for game in GAMES:
        if tab.evaluate("() => document.getElementById('rules-dialog').open"):
            tab.click("#rules-close")
        tab.click(f"[data-game-id='{game}']")
        tab.click("#menu-rules-button")
        tab.wait_selector("#rules-dialog[open] .rules-example .rules-sum")
        assert tab.evaluate("(s) => document.querySelectorAll(s).length", DRAWN[game]) >= 1, (tab.name, game)
        shares = tab.evaluate(PAINTED)
        assert all(s > 0.5 for s in shares), (tab.name, game, shares)
        tab.screenshot(f"rules-{game}")
    tab.click("#rules-close")
    assert_clean(tab)


TIMES = ROOT / "test-artifacts" / "browser-times"


def record_time(browser, version, seconds, launch_s):
    """Each browser's wall time for its file, printed at the end of the run (conftest.py)."""
    TIMES.mkdir(parents=True, exist_ok=True)
    (TIMES / f"{browser}.json").write_text(json.dumps({"browser": browser, "version": version,
                                                       "seconds": round(seconds, 1), "launch": round(launch_s, 1)}))

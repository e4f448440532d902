"""Lessons that let the learner do it (issue #38), in headless Chromium: nothing moves under a
finger between pointerdown and click (after a wrong move was explained and undone); "show me"
points first and lets the learner make the move, a second press makes it; the last step answers
the learner's tap at once; chapters in the menu, each with its own tick; a light coach in the
real game after a lesson; the replay opens at the first turn with its controls next to the
board.

A lesson is reached at a given step by the progress the page keeps (localStorage), made by the
Python engine the page runs. With URZEIT_LESSON_SHOTS=docs/screenshots the chapter list's
picture goes to the docs too."""

import json
import os
import pathlib

import pytest

from browser_support import ARTIFACTS, ROOT, PageWatch, engine_call, play_bot_game

pytestmark = pytest.mark.browser
READY = 180_000

DEVICES = {
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "locale": "de-DE"},
    "desktop": {"viewport": {"width": 1366, "height": 800}, "locale": "en-GB"},
}

# Every pointerdown's element measured again at its click: what moved (or went) in between.
MONITOR = """(() => {
  const moved = [];
  let down = null;
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map((v) => Math.round(v)); };
  const name = (e) => (!e ? '' : e.id ? '#' + e.id : e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : ''));
  addEventListener('pointerdown', (ev) => { down = { el: ev.target, box: box(ev.target) }; }, true);
  addEventListener('pointercancel', () => { down = null; }, true);
  addEventListener('click', (ev) => {
    if (!down) return;
    const now = down.el.isConnected ? box(down.el) : null;
    if (!now || now.join() !== down.box.join()) moved.push({ what: name(down.el), before: down.box, after: now, clicked: name(ev.target) });
    down = null;
  }, true);
  globalThis.urzeitMoved = moved;
})();"""


def open_page(browser, served_dist, device, storage=None, test=True):
    context = browser.new_context(service_workers="block", **DEVICES[device])
    page = context.new_page()
    page.add_init_script("globalThis.urzeitTestNoSnapshot = true")
    page.add_init_script(MONITOR)
    if storage is not None:  # before the page's own scripts read it
        page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
                             f" localStorage.setItem('urzeit.lessons', {json.dumps(json.dumps(storage))}); }}")
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.goto(served_dist + ("?test=1" if test else ""))
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    return context, page


def progress_to(game, name, index):
    """The progress the page keeps for a lesson played by its script up to step `index`."""
    h = engine_call()
    r = h({"op": "lesson_start", "game": game, "name": name})
    while r["step"]["index"] < index:
        step = r["step"]
        if step["kind"] == "read":
            r = h({"op": "lesson_next", "lesson": r["lesson"], "step": step["index"]})
        else:
            r = h({"op": "lesson_act", "lesson": r["lesson"], "step": step["index"], "action": step["expect"][0]})
    return {f"{game}/{name}": {**r["progress"], "count": r["step"]["count"], "done": False}}


def step_of(page):
    return page.get_attribute("#lesson-panel", "data-step"), page.get_attribute("#lesson-panel", "data-kind")


def wait_step_change(page, step):
    page.wait_for_function(f"""() => {{ const p = document.getElementById('lesson-panel');
        return p && p.dataset.step !== '{step}' && !window.urzeit.lesson.busy; }}""")


def ring_centre(page):
    page.wait_for_selector("#lesson-ring:not([hidden])")
    page.wait_for_function("() => window.urzeit.lesson.found && window.urzeit.lesson.found.element && !window.urzeit.lesson.busy")
    page.wait_for_timeout(300)  # a scroll that brings the target into sight ends
    return page.evaluate("""() => { const r = document.getElementById('lesson-ring').getBoundingClientRect();
        return {x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }""")


def tap(page, device, x, y):
    if device == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def moved(page):
    return page.evaluate("() => globalThis.urzeitMoved")


def state_id(page):
    return page.evaluate("() => window.urzeit.view.state_id")


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    extra = os.environ.get("URZEIT_LESSON_SHOTS")
    if extra:
        page.screenshot(path=str(pathlib.Path(ROOT) / extra / f"{name}.png"))


def elawa_discard_step():
    """The Elawa lesson and step that ask to discard down to the chief's places."""
    from urzeit import games, lessons
    for name, lesson in lessons.of(games.get("elawa")).items():
        for i, step in enumerate(lesson["steps"]):
            if step["expect"] and step["expect"][0]["type"] == "discard":
                return name, i
    raise AssertionError("no Elawa lesson asks to discard")


# ---- nothing moves under a finger ----

def test_nothing_moves_under_the_finger_after_a_wrong_move_phone_carcassonne(browser, served_dist):
    """Phone, Carcassonne step 2: a tile laid elsewhere is undone with its reason; the learner's
    next tap on the ringed spot lands there (the reason does not vanish under the finger)."""
    context, page = open_page(browser, served_dist, "phone")
    try:
        page.evaluate("() => window.urzeit.startLesson('sammler', 'first', {fresh: true})")
        page.wait_for_selector("#lesson-panel[data-step='0']")
        page.wait_for_function("() => window.urzeit.board && window.urzeit.board.artReady")
        page.click("#lesson-next")
        wait_step_change(page, "0")
        before = state_id(page)
        pt = page.evaluate("() => window.urzeit.board.cellCenter(0, -1)")
        page.touchscreen.tap(pt["x"], pt["y"])
        page.locator("#sammler-confirm").tap()
        page.wait_for_selector("#lesson-say.lesson-undone")
        assert state_id(page) == before and step_of(page) == ("1", "move")
        page.evaluate("() => { globalThis.urzeitMoved.length = 0; }")
        r = ring_centre(page)
        page.touchscreen.tap(r["x"], r["y"])
        page.wait_for_timeout(500)
        assert moved(page) == []
        # the tap chose the ringed spot: the ring moves on to "rotate" or "place"
        page.wait_for_function("() => { const f = window.urzeit.lesson.found; return f && f.element && f.element.tagName === 'BUTTON'; }",
                               timeout=10_000)
        page.watch.assert_clean()
    finally:
        context.close()


def test_nothing_moves_under_the_pointer_after_a_wrong_move_desktop_elawa(browser, served_dist):
    """Desktop, Elawa's discard step: a wrong discard is undone with its reason; the click on
    the ringed "discard the flint" lands on it."""
    name, index = elawa_discard_step()
    context, page = open_page(browser, served_dist, "desktop", storage=progress_to("elawa", name, index))
    try:
        page.evaluate(f"() => window.urzeit.startLesson('elawa', '{name}')")
        page.wait_for_selector(f"#lesson-panel[data-step='{index}']")
        page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
        before = state_id(page)
        page.click("button[data-action*='discard'][data-action*='berry']")
        page.wait_for_selector("#lesson-say.lesson-undone")
        assert state_id(page) == before
        page.evaluate("() => { globalThis.urzeitMoved.length = 0; }")
        r = ring_centre(page)
        page.mouse.click(r["x"], r["y"])
        page.wait_for_timeout(500)
        assert moved(page) == []
        wait_step_change(page, str(index))
        assert not page.query_selector("#lesson-say.lesson-undone")
        page.watch.assert_clean()
    finally:
        context.close()


# ---- "show me" ----

def test_show_me_points_first_and_a_second_press_makes_the_move(browser, served_dist):
    context, page = open_page(browser, served_dist, "desktop")
    try:
        page.evaluate("() => window.urzeit.startLesson('sammler', 'first', {fresh: true})")
        page.wait_for_selector("#lesson-panel[data-step='0']")
        page.wait_for_function("() => window.urzeit.board && window.urzeit.board.artReady")
        page.click("#lesson-next")
        wait_step_change(page, "0")
        before = state_id(page)
        first_label = page.text_content("#lesson-show")
        page.click("#lesson-show")
        # an arrow points at what the ring shows; nothing is played yet
        page.wait_for_selector("#lesson-arrow:not([hidden])", timeout=10_000)
        page.wait_for_timeout(1200)  # the arrow's short flight ends
        r = ring_centre(page)
        tip = page.evaluate("() => { const a = document.getElementById('lesson-arrow'); return {x: Number(a.dataset.tipX), y: Number(a.dataset.tipY)}; }")
        assert r["left"] - 6 <= tip["x"] <= r["right"] + 6 and r["top"] - 6 <= tip["y"] <= r["bottom"] + 6, (tip, r)
        assert state_id(page) == before and step_of(page) == ("1", "move")
        assert page.text_content("#lesson-show") != first_label, "the button now offers to make the move"
        # the learner makes the move where it points: the spot, then the ring's buttons
        for _ in range(6):
            if step_of(page)[0] != "1":
                break
            r = ring_centre(page)
            page.mouse.click(r["x"], r["y"])
            page.wait_for_timeout(300)
            page.wait_for_function("() => !window.urzeit.lesson.busy")
        assert step_of(page)[0] == "2" and not page.query_selector("#lesson-say.lesson-undone")
        assert page.is_hidden("#lesson-arrow"), "the arrow goes with its step"
        # at the next step two presses make the move for the learner
        before = state_id(page)
        page.click("#lesson-show")
        page.wait_for_selector("#lesson-arrow:not([hidden])", timeout=10_000)
        assert state_id(page) == before
        page.click("#lesson-show")
        wait_step_change(page, "2")
        assert state_id(page) != before
        page.watch.assert_clean()
    finally:
        context.close()


# ---- the last step takes the learner's tap ----

def test_the_last_step_answers_the_tap_at_once(browser, served_dist):
    """The page at its own pace (no test mode): the learner's last move is answered the moment it
    is shown (the panel says it was right and Ayla answers), not after her moves."""
    storage = progress_to("sammler", "first", 14)
    context, page = open_page(browser, served_dist, "phone", storage=storage, test=False)
    try:
        page.click("[data-game-id='sammler']")
        page.wait_for_selector("#lesson-entry .lesson-start")
        page.click("#lesson-entry .lesson-start")
        page.wait_for_selector("#lesson-panel[data-step='14'][data-kind='move']", timeout=60_000)
        page.wait_for_selector("#lesson-ring:not([hidden])")
        page.wait_for_timeout(600)
        page.evaluate("""() => {
            const app = document.getElementById('app'), seen = app.dataset.stateId;
            globalThis.firstShown = null;
            new MutationObserver(() => {
                if (globalThis.firstShown || app.dataset.stateId === seen) return;
                const p = document.getElementById('lesson-panel');
                globalThis.firstShown = {kind: p.dataset.kind, text: document.getElementById('lesson-text').textContent};
            }).observe(app, {attributes: true, attributeFilter: ['data-state-id']});
        }""")
        r = page.evaluate("() => { const r = document.getElementById('lesson-ring').getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}; }")
        page.touchscreen.tap(r["x"], r["y"])
        page.wait_for_function("() => globalThis.firstShown", timeout=60_000)
        first = page.evaluate("() => globalThis.firstShown")
        assert first["kind"] in ("answer", "end"), first
        page.wait_for_selector("#lesson-panel[data-kind='end']", timeout=60_000)
        page.watch.assert_clean()
    finally:
        context.close()


# ---- chapters ----

def test_the_menu_lists_the_chapters_each_with_its_own_tick(browser, served_dist):
    context, page = open_page(browser, served_dist, "phone")
    try:
        page.click("[data-game-id='sammler']")
        page.wait_for_selector("#lesson-entry .lesson-chapter")
        chapters = page.locator("#lesson-entry .lesson-item[data-lesson='first'] .lesson-chapter")
        assert chapters.count() == 4
        assert "Karten anlegen" in chapters.nth(0).text_content() and "Flüsse" in chapters.nth(3).text_content()
        assert page.locator(".lesson-chapter[data-done='true']").count() == 0
        page.locator("#lesson-entry").scroll_into_view_if_needed()
        page.wait_for_timeout(200)
        box = page.locator("#lesson-entry").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, "the list fits a 360 px phone"
        # chapter 2 by itself: the lesson starts at its first step
        page.click(".lesson-chapter[data-chapter='1'] .lesson-chapter-start")
        page.wait_for_selector("#lesson-panel[data-step='3']")
        assert "Kapitel 2" in page.text_content("#lesson-count")
        for _ in range(12):
            step, kind = step_of(page)
            if kind == "chapter-end":
                break
            if kind == "read":
                page.click("#lesson-next")
            else:
                page.click("#lesson-show")
                page.click("#lesson-show")
            wait_step_change(page, step)
        assert step_of(page)[1] == "chapter-end"
        assert "✓" in page.text_content("#lesson-panel") and "Kapitel 2" in page.text_content("#lesson-panel")
        assert "Bonuskarte" in page.text_content("#lesson-next-chapter"), "the way on names the next chapter"
        page.click("#back-button")
        page.click("[data-game-id='sammler']")
        page.wait_for_selector("#lesson-entry .lesson-chapter")
        assert page.get_attribute(".lesson-chapter[data-chapter='1']", "data-done") == "true"
        assert page.get_attribute(".lesson-chapter[data-chapter='0']", "data-done") == "false"
        assert "Fortsetzen" in page.text_content(".lesson-chapter[data-chapter='2']"), "the next chapter goes on"
        page.locator("#lesson-entry").scroll_into_view_if_needed()
        page.evaluate("() => document.getElementById('lesson-entry').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        shot(page, "lesson-chapters-phone")
        page.watch.assert_clean()
    finally:
        context.close()


# ---- the coach in the real game after a lesson ----

def test_the_real_game_after_a_lesson_coaches_its_first_turns(browser, served_dist):
    storage = progress_to("sammler", "first", 14)
    context, page = open_page(browser, served_dist, "desktop", storage=storage)
    try:
        page.evaluate("() => window.urzeit.startLesson('sammler', 'first')")
        page.wait_for_selector("#lesson-panel[data-step='14']")
        page.click("#lesson-show")
        page.click("#lesson-show")
        page.wait_for_selector("#lesson-panel[data-kind='end']", timeout=60_000)
        page.click("#lesson-real-game")
        page.wait_for_selector("#app[data-mode='local']")
        # the learner's first turn: the hint comes without asking, with a way to turn it off
        page.wait_for_function("() => document.getElementById('app').dataset.hint", timeout=120_000)
        assert page.text_content("#notice").startswith("Hint")
        assert page.is_visible("#coach-off")
        page.click("#coach-off")
        page.wait_for_function("() => document.getElementById('notice').textContent === ''")
        assert page.get_attribute("#app", "data-coach") == "off" and not page.get_attribute("#app", "data-hint")
        # turned off: the next turn shows no hint by itself
        state = state_id(page)
        page.evaluate("() => window.urzeit.act(window.urzeit.legal.find((a) => a.type === 'place_tile'))")
        page.wait_for_function(f"() => window.urzeit.view.state_id !== {state} && window.urzeit.legal.length", timeout=60_000)
        page.wait_for_timeout(2500)
        assert not page.get_attribute("#app", "data-hint") and page.is_hidden("#coach-off")
        page.watch.assert_clean()
    finally:
        context.close()


# ---- the replay ----

@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_replay_opens_at_the_first_turn_with_its_controls_next_to_the_board(browser, served_dist, device):
    replay, _ = play_bot_game("sammler", 3)
    n = len(replay["actions"])
    context, page = open_page(browser, served_dist, device)
    try:
        step = "() => document.getElementById('app').dataset.replayStep"
        page.evaluate("(r) => window.urzeit.openReplay(r)", replay)
        page.wait_for_selector("#replay-bar:not([hidden])")
        page.wait_for_function(f"{step} === '0'")
        assert page.is_hidden("#end-screen")

        def boxes():
            return page.evaluate("""() => { const b = (id) => { const r = document.getElementById(id).getBoundingClientRect();
                return {top: r.top + scrollY, bottom: r.bottom + scrollY, hidden: document.getElementById(id).hidden}; };
                return {bar: b('replay-bar'), last: b('replay-last'), board: b('board'), end: b('end-screen')}; }""")
        at_start = boxes()
        assert 0 <= at_start["board"]["top"] - at_start["bar"]["bottom"] <= 40, "the controls sit next to the board"
        page.click("#replay-last")
        page.wait_for_function(f"{step} === '{n}'")
        at_end = boxes()
        assert page.is_visible("#end-screen"), "the game's end is shown"
        assert at_end["last"] == at_start["last"], "the buttons stay where they were"
        assert 0 <= at_end["board"]["top"] - at_end["bar"]["bottom"] <= 40, "no game-over box between the controls and the board"
        # where the player last was: the replay opens there again
        page.click("#replay-first")
        page.wait_for_function(f"{step} === '0'")
        page.click("#replay-next")
        page.wait_for_function(f"{step} !== '0'")
        here = page.evaluate(step)
        page.click("#back-button")
        page.evaluate("(r) => window.urzeit.openReplay(r)", replay)
        page.wait_for_function(f"{step} === '{here}'")
        page.watch.assert_clean()
    finally:
        context.close()

"""A lesson in headless Chromium, played as a learner would: every step's words on screen, a
ring whose middle is a control that exists (a button, or the board's canvas at the spot or
figure circle), clicked there; a wrong move undone with a reason; leave and resume; the tick
in the menu; the real game at the end. At 360x740 in German (touch) and 1366x800 in English.
Nothing moves under a finger between any pointerdown and its click on the way.

Screenshots of the first, a middle and the last step go to test-artifacts/ (with
URZEIT_LESSON_SHOTS=docs/screenshots also there: tools' README pictures)."""

import os
import pathlib

import pytest

from browser_support import ARTIFACTS, ROOT, PageWatch
from test_lesson_learner_page import MONITOR

pytestmark = pytest.mark.browser
READY = 120_000

DEVICES = {
    "phone": ({"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "locale": "de-DE"}, "de"),
    "desktop": ({"viewport": {"width": 1366, "height": 800}, "locale": "en-GB"}, "en"),
}
LESSONS = [("sammler", "first")]
SHOTS = {"first": 1, "middle": 8}  # step indexes worth a picture (and the end)


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    extra = os.environ.get("URZEIT_LESSON_SHOTS")
    if extra:
        page.screenshot(path=str(pathlib.Path(ROOT) / extra / f"{name}.png"))


def open_menu_entry(page, game):
    page.click(f"[data-game-id='{game}']")
    page.wait_for_selector("#lesson-entry .lesson-start")


def in_viewport(page, selector):
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }""", selector)


def ring(page):
    """The ring's middle and whether the control the renderer named is what lies there."""
    return page.evaluate("""() => {
        const ring = document.getElementById('lesson-ring'), found = window.urzeit.lesson.found;
        if (!ring || ring.hidden || !found || !found.element) return null;
        const r = ring.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const at = document.elementFromPoint(x, y);
        const control = found.element;
        return {x, y, inView: x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight,
                hit: Boolean(at) && (at === control || control.contains(at)),
                control: control.tagName === 'CANVAS' || control.tagName === 'BUTTON' || control.matches('button *, [role=button]') || Boolean(control.closest('.sammler-panel')),
                connected: control.isConnected, what: ring.dataset.target};
    }""")


def tap(page, touch, x, y):
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def step_of(page):
    return page.get_attribute("#lesson-panel", "data-step"), page.get_attribute("#lesson-panel", "data-kind")


def next_chapter(page):
    """A chapter ended: on to the next one."""
    assert in_viewport(page, "#lesson-next-chapter")
    page.click("#lesson-next-chapter")
    page.wait_for_function("() => document.getElementById('lesson-panel').dataset.kind !== 'chapter-end'")


def quick_step(page):
    """One step on the quick way: "next", on to the next chapter, or "show me" pressed twice
    (the first press points, the second makes the move)."""
    step, kind = step_of(page)
    if kind == "chapter-end":
        next_chapter(page)
        return
    if kind == "read":
        page.click("#lesson-next")
    else:
        page.click("#lesson-show")
        page.click("#lesson-show")
    wait_step_change(page, step)


def assert_nothing_moved(page):
    moved = page.evaluate("() => globalThis.urzeitMoved")
    assert moved == [], f"moved under a finger between pointerdown and click: {moved}"


def wait_step_change(page, step):
    page.wait_for_function(f"""() => {{ const p = document.getElementById('lesson-panel');
        return p && p.dataset.step !== '{step}' && !window.urzeit.lesson.busy; }}""")


def play(page, device, lang, touch, leave_at=None):
    """Follow the lesson to its end by what it rings; returns the steps seen."""
    seen = []
    for _ in range(120):
        page.wait_for_function("() => !window.urzeit.lesson.busy")
        step, kind = step_of(page)
        if kind == "end":
            return seen
        if kind == "chapter-end":
            next_chapter(page)
            continue
        assert in_viewport(page, "#lesson-text"), f"step {step}: the instruction is off screen"
        text = page.text_content("#lesson-text").strip()
        assert text and "{" not in text and "place_" not in text, text
        if int(step) in SHOTS.values() and step not in seen:
            name = next(k for k, v in SHOTS.items() if v == int(step))
            page.wait_for_timeout(300)  # the board's pan and the ring settle
            shot(page, f"lesson-sammler-{name}-{device}")
        if step not in seen:
            seen.append(step)
        if leave_at is not None and int(step) == leave_at:
            return seen
        if kind == "read":
            assert in_viewport(page, "#lesson-next")
            page.click("#lesson-next")
            wait_step_change(page, step)
            continue
        page.wait_for_selector("#lesson-ring:not([hidden])")
        page.wait_for_function("() => window.urzeit.lesson.found && window.urzeit.lesson.found.element")
        page.wait_for_timeout(120)  # a scroll that brings the target into sight ends
        r = ring(page)
        assert r and r["inView"] and r["connected"] and r["control"], (step, r)
        assert r["hit"], f"step {step}: the ring's middle is not its control ({r['what']})"
        before = page.evaluate("() => window.urzeit.view.state_id")
        tap(page, touch, r["x"], r["y"])
        # a tap chooses a spot (the ring moves to rotate or place) or makes the move
        page.wait_for_function(f"""() => window.urzeit.view.state_id !== {before}
            || (window.urzeit.lesson.found && window.urzeit.lesson.found.element && window.urzeit.lesson.found.element.tagName === 'BUTTON')""")
        page.wait_for_function("() => !window.urzeit.lesson.busy")
        if page.evaluate("() => window.urzeit.view.state_id") != before:  # the ringed move was taken
            assert not page.query_selector("#lesson-say.lesson-undone"), page.text_content("#lesson-say")
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_sammler_lesson_played_as_a_learner(browser, served_dist, device):
    options, lang = DEVICES[device]
    touch = bool(options.get("has_touch"))
    context = browser.new_context(service_workers="block", **options)
    page = context.new_page()
    page.add_init_script("globalThis.urzeitTestNoSnapshot = true")
    page.add_init_script(MONITOR)
    watch = PageWatch(page, served_dist.rstrip("/"))
    try:
        page.goto(served_dist + "?test=1")
        page.wait_for_selector("#app[data-ready='true']", timeout=READY)
        open_menu_entry(page, "sammler")
        entry = page.text_content("#lesson-entry")
        assert ("Lernen" if lang == "de" else "Learn") in entry and "✓" not in entry
        page.click("#lesson-entry .lesson-start")
        page.wait_for_selector("#lesson-panel[data-step='0']")
        page.wait_for_function("() => window.urzeit.board && window.urzeit.board.artReady")
        assert page.get_attribute("#app", "data-mode") == "lesson"
        assert page.is_hidden("#undo-button") and page.is_hidden("#hint-button")
        if device == "desktop":
            # an unexpected move is undone with a friendly reason; nothing changed
            page.click("#lesson-next")
            wait_step_change(page, "0")
            before = page.evaluate("() => window.urzeit.view.state_id")
            pt = page.evaluate("() => window.urzeit.board.cellCenter(0, -1)")
            page.mouse.click(pt["x"], pt["y"])
            page.click("#sammler-confirm")
            page.wait_for_selector("#lesson-say.lesson-undone")
            assert "Lektion" not in page.text_content("#lesson-say") and "lesson" in page.text_content("#lesson-say")
            assert page.evaluate("() => window.urzeit.view.state_id") == before
            assert step_of(page) == ("1", "move")
            # the other language: the step's words at once (both come with the step)
            english = page.text_content("#lesson-text")
            page.click("#lang-toggle")
            page.wait_for_function("(en) => document.getElementById('lesson-text').textContent !== en", arg=english)
            assert "Lege deine Karte" in page.text_content("#lesson-text")
            assert "Schritt 2 von" in page.text_content("#lesson-count")
            page.click("#lang-toggle")
            page.wait_for_function("(en) => document.getElementById('lesson-text').textContent === en", arg=english)
            # the reason goes once the learner touches the table again (it would read as if the
            # new choice were wrong too)
            box = page.locator("#board").bounding_box()
            page.mouse.click(box["x"] + 4, box["y"] + 4)
            page.wait_for_function("() => !document.querySelector('#lesson-say.lesson-undone')")
            assert step_of(page) == ("1", "move")
        else:
            # leave in the middle, resume from the menu: the same step and the same table
            play(page, device, lang, touch, leave_at=6)
            state = page.evaluate("() => window.urzeit.view.state_id")
            page.click("#back-button")
            open_menu_entry(page, "sammler")
            resume = page.text_content("#lesson-entry .lesson-start")
            assert "Fortsetzen" in resume and "Kapitel 2, Schritt 4 von 4" in resume, resume  # step 7 of 15
            page.click("#lesson-entry .lesson-start")
            page.wait_for_selector("#lesson-panel[data-step='6']")
            assert page.evaluate("() => window.urzeit.view.state_id") == state
            assert page.text_content("#log").strip(), "the log of the moves so far is back"
            # a reload returns to the lesson at the same step, not to the menu
            page.reload()
            page.wait_for_selector("#lesson-panel[data-step='6']", timeout=60_000)
            assert page.evaluate("() => window.urzeit.view.state_id") == state
            assert page.text_content("#log").strip()
        play(page, device, lang, touch)
        page.wait_for_timeout(300)
        shot(page, f"lesson-sammler-last-{device}")
        assert in_viewport(page, "#lesson-text") and in_viewport(page, "#lesson-real-game")
        assert "19" in page.text_content("#lesson-text")
        assert page.evaluate("() => window.urzeit.view.over && window.urzeit.view.scores.join()") == "19,10"
        assert page.is_visible(".end-breakdown") and not page.query_selector("#again-button")
        # the menu ticks the lesson done
        page.click("#back-button")
        open_menu_entry(page, "sammler")
        assert page.get_attribute(".lesson-item[data-lesson='first']", "data-done") == "true"
        assert "✓" in page.text_content("#lesson-entry")
        assert "✓" in page.text_content("[data-game-id='sammler'] .meta")
        if device == "desktop":  # the lesson again, to its end at once by "show me", then the real game
            page.click("#lesson-entry .lesson-start")
            page.wait_for_selector("#lesson-panel[data-step='0']")
            page.click("#lesson-next")
            wait_step_change(page, "0")
            # the engine forgot the lesson (a restart): the next move starts it again from its progress
            old = page.evaluate("() => window.urzeit.lesson.id")
            page.evaluate(f"() => window.urzeit.request({{op: 'lesson_close', lesson: '{old}'}})")
            page.click("#lesson-show")  # it points; the second press makes the move
            page.click("#lesson-show")
            page.wait_for_function(f"() => window.urzeit.lesson.id && window.urzeit.lesson.id !== '{old}' && !window.urzeit.lesson.busy")
            assert step_of(page) == ("1", "move")
            for _ in range(60):
                if step_of(page)[1] == "end":
                    break
                quick_step(page)
            page.click("#lesson-real-game")
            page.wait_for_selector("#app[data-mode='local']")
            seats = page.evaluate("() => window.urzeit.view.seats")
            assert [s["kind"] for s in seats] == ["human", "ai"] and seats[1]["level"] == "easy"
            assert page.is_hidden("#lesson-panel") and page.is_hidden("#lesson-ring")
            assert page.evaluate("() => window.urzeit.view.stack.land") > 20, "a full game, not the lesson's tiles"
        assert_nothing_moved(page)
        watch.assert_clean()
    finally:
        context.close()

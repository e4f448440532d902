"""Jäger und Späher's lesson in headless Chromium, played as a learner would: every step's
words on screen, the ring of a step that is about something on a real part of the table, the
ring of a move step on the control that makes the move (a hand card, a marked place, a resource,
a column, a step's button), tapped there; a wrong move undone with a reason; the score and the
real game at the end. At 360x740 in German (touch) and 1366x800 in English.

Screenshots of the first, a middle and the last step go to test-artifacts/ (with
URZEIT_LESSON_SHOTS=docs/screenshots also there)."""

import pytest

from browser_support import PageWatch
from test_lesson_learner_page import MONITOR
from test_lesson_page import (DEVICES, READY, assert_nothing_moved, in_viewport, next_chapter, open_menu_entry, quick_step, shot,
                              step_of, tap, wait_step_change)

pytestmark = pytest.mark.browser
SHOTS = {"first": 2, "middle": 13}  # step indexes worth a picture (and the end)


def ring(page):
    """The ring's middle, whether it is in view and what lies there is the control named."""
    return page.evaluate("""() => {
        const ring = document.getElementById('lesson-ring'), found = window.urzeit.lesson.found;
        if (!ring || ring.hidden || !found || !found.element) return null;
        const r = ring.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const at = document.elementFromPoint(x, y);
        const control = found.element;
        return {x, y, inView: x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight,
                hit: Boolean(at) && (at === control || control.contains(at)),
                control: control.matches('button, [role=button], .takeable, [data-action]'),
                onTable: Boolean(control.closest('.spaeher')), connected: control.isConnected,
                what: ring.dataset.target};
    }""")


def play(page, device, touch):
    """Follow the lesson to its end by what it rings; returns the steps seen."""
    seen = []
    for _ in range(80):
        page.wait_for_function("() => !window.urzeit.lesson.busy")
        step, kind = step_of(page)
        if kind == "end":
            return seen
        if kind == "chapter-end":
            next_chapter(page)
            continue
        if not in_viewport(page, "#lesson-text"):
            shot(page, f"lesson-spaeher-offscreen-{device}-{step}")
            raise AssertionError(f"step {step}: the instruction is off screen")
        text = page.text_content("#lesson-text").strip()
        assert text and "{" not in text and "\"type\"" not in text and "W11" not in text and "J13" not in text, text
        if int(step) in SHOTS.values() and step not in seen:
            name = next(k for k, v in SHOTS.items() if v == int(step))
            page.wait_for_timeout(300)  # a scroll to the ringed control settles
            shot(page, f"lesson-spaeher-{name}-{device}")
        seen.append(step)
        if kind == "read":
            page.wait_for_selector("#lesson-ring:not([hidden])")
            page.wait_for_timeout(120)
            r = ring(page)
            assert r and r["onTable"] and r["connected"] and r["inView"], (step, r)
            assert in_viewport(page, "#lesson-next")
            page.click("#lesson-next")
            wait_step_change(page, step)
            continue
        page.wait_for_selector("#lesson-ring:not([hidden])")
        page.wait_for_function("() => window.urzeit.lesson.found && window.urzeit.lesson.found.element")
        page.wait_for_timeout(150)  # a scroll that brings the target into sight ends
        r = ring(page)
        if not (r and r["inView"] and r["hit"]):
            shot(page, f"lesson-spaeher-missed-{device}-{step}")
        assert r and r["inView"] and r["connected"] and r["control"] and r["onTable"], (step, r)
        assert r["hit"], f"step {step}: the ring's middle is not its control ({r['what']})"
        tap(page, touch, r["x"], r["y"])
        wait_step_change(page, step)
        assert not page.query_selector("#lesson-say.lesson-undone"), page.text_content("#lesson-say")
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_spaeher_lesson_played_as_a_learner(browser, served_dist, device):
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
        open_menu_entry(page, "spaeher")
        assert ("Lernen" if lang == "de" else "Learn") in page.text_content("#lesson-entry")
        page.click("#lesson-entry .lesson-start")
        page.wait_for_selector("#lesson-panel[data-step='0']")
        page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
        assert page.get_attribute("#app", "data-mode") == "lesson"
        if device == "desktop":
            # an unexpected move (the Hunter instead of the Gatherer) is undone with a reason
            page.click("#lesson-next")
            wait_step_change(page, "0")
            page.click("#lesson-next")
            wait_step_change(page, "1")
            before = page.evaluate("() => window.urzeit.view.state_id")
            page.click(".sp-hand .sp-card[data-action*='jaeger']")
            page.wait_for_selector("#lesson-say.lesson-undone")
            assert "Gatherer" in page.text_content("#lesson-say")
            assert page.evaluate("() => window.urzeit.view.state_id") == before
            assert step_of(page) == ("2", "move")
        seen = play(page, device, touch)
        assert len(seen) >= 20
        page.wait_for_timeout(300)
        shot(page, f"lesson-spaeher-last-{device}")
        assert in_viewport(page, "#lesson-text") and in_viewport(page, "#lesson-real-game")
        assert "8" in page.text_content("#lesson-text") and ("Rad" if lang == "de" else "Wheel") in page.text_content("#lesson-text")
        assert page.evaluate("() => window.urzeit.view.over && window.urzeit.view.scores.join()") == "8,6"
        page.click("#back-button")
        open_menu_entry(page, "spaeher")
        assert page.get_attribute(".lesson-item[data-lesson='first']", "data-done") == "true"
        if device == "desktop":  # the real game against the easy computer, from the lesson's end
            page.click("#lesson-entry .lesson-start")
            page.wait_for_selector("#lesson-panel[data-step='0']")
            for _ in range(60):
                if step_of(page)[1] == "end":
                    break
                quick_step(page)
            page.click("#lesson-real-game")
            page.wait_for_selector("#app[data-mode='local']")
            seats = page.evaluate("() => window.urzeit.view.seats")
            assert [s["kind"] for s in seats] == ["human", "ai"] and seats[1]["level"] == "easy"
            assert page.evaluate("() => window.urzeit.view.mode") == "normal" and page.is_hidden("#lesson-ring")
        assert_nothing_moved(page)
        watch.assert_clean()
    finally:
        context.close()

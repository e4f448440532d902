"""The hint that teaches on a phone (issue #27, goal 2): at 360 x 740 in German the hint names
the move and why ("Tipp: … – schließt deinen Wald: +8 Punkte …"), in words, where the eye is."""

import re

import pytest

from browser_support import ARTIFACTS, PageWatch, wait_idle
from stability_support import PHONE, READY

pytestmark = pytest.mark.browser

ENGLISH = re.compile(r"\b(the|your|points?|then|takes|sends|with)\b")


def test_the_hint_says_why_in_german_on_a_phone(browser, served_dist):
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script("localStorage.setItem('urzeit.lang', 'de'); globalThis.urzeitTestNoSnapshot = true")
    page = ctx.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.goto(served_dist + "?test=1&seed=5")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    for game in ("sammler", "elawa", "spaeher"):
        if page.locator("#menu").is_hidden():
            page.locator("#back-button").click()
        page.click(f"[data-game-id='{game}']")
        page.select_option("#seat-list li[data-seat='1'] select.seat-kind", "ai")
        page.select_option("#seat-list li[data-seat='1'] select.seat-level", "random")
        page.click("#start-button")
        page.wait_for_selector(f"#app[data-game='{game}']")
        wait_idle(page)
        page.wait_for_function("() => !document.getElementById('hint-button').disabled")
        page.locator("#hint-button").tap()
        page.wait_for_function("() => document.getElementById('notice').textContent.startsWith('Tipp: ')")
        wait_idle(page)
        text = page.locator("#notice").inner_text()
        label, _, why = text.removeprefix("Tipp: ").partition(" – ")
        assert label and why, (game, text)  # the move and why
        assert not ENGLISH.search(why) and not re.search(r"[_{}\[\]]|None|undefined", why), (game, text)
        box = page.locator("#notice").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740 and box["x"] + box["width"] <= 361, (game, box)
        page.screenshot(path=str(ARTIFACTS / f"hint-{game}-360x740-de.png"))
    page.watch.assert_clean()
    ctx.close()

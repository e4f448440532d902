"""The hint that teaches (issue #27, goal 2): at 360 x 740 in German (and 1366 x 800 in
English) the hint names the move and why ("Tipp: … – schließt deinen Wald: +8 Punkte …"), in
words, where the eye is."""

import re

import pytest

from browser_support import ARTIFACTS, PageWatch, wait_idle
from stability_support import PHONE, READY

pytestmark = pytest.mark.browser

OTHER = {"de": re.compile(r"\b(the|your|points?|then|takes|sends|with)\b"),
         "en": re.compile(r"\b(der|die|das|deinen?|Punkte?|danach|nimmt|schickt|mit)\b")}
PREFIX = {"de": "Tipp: ", "en": "Hint: "}
SIZES = {"de": PHONE, "en": {"viewport": {"width": 1366, "height": 800}}}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_hint_says_why(browser, served_dist, lang):
    ctx = browser.new_context(**SIZES[lang])
    ctx.add_init_script(f"localStorage.setItem('urzeit.lang', '{lang}'); globalThis.urzeitTestNoSnapshot = true")
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
        page.locator("#hint-button").click()
        page.wait_for_function(f"() => document.getElementById('notice').textContent.startsWith('{PREFIX[lang]}')")
        wait_idle(page)
        text = page.locator("#notice").inner_text()
        label, _, why = text.removeprefix(PREFIX[lang]).partition(" – ")
        assert label and why, (game, text)  # the move and why
        assert not OTHER[lang].search(why) and not re.search(r"[_{}\[\]]|None|undefined", why), (game, text)
        box, size = page.locator("#notice").bounding_box(), SIZES[lang]["viewport"]
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (game, box)
        assert box["x"] + box["width"] <= size["width"] + 1, (game, box)
        name = "360x740-de" if lang == "de" else "1366x800-en"
        page.screenshot(path=str(ARTIFACTS / f"hint-{game}-{name}.png"))
    page.watch.assert_clean()
    ctx.close()

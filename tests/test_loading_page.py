"""While the engine loads, the top bar says how far it is (issue #38 goal 5): the megabytes
downloaded of the whole, then Python's start, in the player's language, on a 360 px phone
without sideways scrolling."""

import re

import pytest

from browser_support import PageWatch, screenshot

pytestmark = pytest.mark.browser
READY = 120_000
# every text the status line shows, from the first paint on
RECORD = """document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('engine-text');
  window.loadingTexts = [el.textContent];
  new MutationObserver(() => {
    window.loadingTexts.push(el.textContent);
    if (/MB/.test(el.textContent) && !window.loadingWidth) window.loadingWidth = document.documentElement.scrollWidth;
  }).observe(el, { childList: true, characterData: true, subtree: true });
});"""


@pytest.mark.parametrize("lang,bytes_,start", [
    ("de", r"^Das Spiel wird geladen: \d+,\d von (\d+,\d) MB …$", "Das Spiel wird geladen: Python startet …"),
    ("en", r"^Loading the game: \d+\.\d of (\d+\.\d) MB …$", "Loading the game: Python starts …"),
])
def test_the_loading_line_counts_the_megabytes_then_names_the_step(browser, served_dist, lang, bytes_, start):
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.add_init_script(f"globalThis.urzeitTestNoSnapshot = true; localStorage.setItem('urzeit.lang', '{lang}');" + RECORD)
    watch = PageWatch(page, served_dist.rstrip("/"))
    try:
        page.goto(served_dist + "?test=1")
        page.wait_for_selector("#app[data-ready='true']", timeout=READY)
        texts = page.evaluate("() => window.loadingTexts")
        counted = [t for t in texts if re.match(bytes_, t)]
        assert counted, texts
        totals = {re.match(bytes_, t).group(1) for t in counted}
        assert len(totals) == 1, totals  # one whole, counted up to
        assert start in texts, texts
        assert page.evaluate("() => window.loadingWidth") <= 360
        assert texts[-1] in ("Bereit zum Spielen", "Ready to play")
        screenshot(page, f"loaded-{lang}-phone")
        watch.assert_clean()
    finally:
        context.close()

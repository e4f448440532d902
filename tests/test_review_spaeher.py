"""Jäger und Späher after a fresh-eyes review, in headless Chromium: on a 360 x 740 phone
(German) a new step's choice is in view (its pane shown, the page unmoved) and a tab marks where
a choice waits, the sunset bar is one small line whose numbers agree with its sum; on a 1366 x 800 desktop
(English) no card detail opens under a pointer that rested where "Start game" was; the menu's
two headings differ (play mode, the game's variant)."""

import pytest

from browser_support import ARTIFACTS, PageWatch, state_id, wait_idle

pytestmark = pytest.mark.browser
READY = 180_000

# The step's first choice between the prompt and the bar at the screen's foot.
BAND_JS = """(sel) => {
  const e = document.querySelector(sel);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  const top = document.querySelector('.sp-banner').getBoundingClientRect().bottom;
  const side = document.querySelector('.sp-side');
  const foot = side && side.childElementCount ? side.getBoundingClientRect().top : innerHeight;
  return { inBand: r.height > 0 && r.top >= top - 1 && r.top < foot - 30, top: r.top, bandTop: top, foot };
}"""


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"review-spaeher-{name}.png"))


def open_menu(page, url, seed, lang):
    page.add_init_script(f"localStorage.setItem('urzeit.lang', '{lang}')")
    page.goto(f"{url}?test=1&seed={seed}")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.click("[data-game-id='spaeher']")


def menu_headings(page):
    return page.evaluate("() => [...document.querySelectorAll('#menu-screen legend, fieldset legend')]"
                         ".filter((l) => l.getClientRects().length).map((l) => l.textContent.trim())")


def act(page, action):
    before = state_id(page)
    page.evaluate("(a) => window.urzeit.act(a)", action)
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
    wait_idle(page)
    page.wait_for_timeout(150)


def test_phone_choice_in_view_sunset_bar_and_menu_words(browser, served_dist):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                              device_scale_factor=2, service_workers="block")
    page = ctx.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    open_menu(page, served_dist, 7, "de")
    # finding 4: the play mode and the game's own option have different headings
    headings = menu_headings(page)
    assert "Spielart" in headings and "Variante" in headings, headings
    assert len(headings) == len(set(headings)), headings
    assert page.locator("#option-mode legend").inner_text() == "Variante"
    page.locator("#option-mode").scroll_into_view_if_needed()
    shot(page, "menu")
    page.select_option("#seat-list li[data-seat='1'] select.seat-level", "easy")
    page.tap("#start-button")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    wait_idle(page)
    page.wait_for_timeout(200)

    # finding 2: the sunset bar is one line, its sum behind "Wie?", its numbers agree
    bar = page.locator(".sp-side")
    assert bar.bounding_box()["height"] <= 60, bar.bounding_box()
    button = page.locator(".sunset-button").inner_text()
    view = page.evaluate("() => window.urzeit.view")
    me = view["players"][0]
    change = me["sunset_preview"]["vp_after"] - me["vp"]
    assert f"Sonnenuntergang: {'+' if change >= 0 else '−'}{abs(change)} Punkt" in button, button
    assert not page.locator("#sunset-preview").is_visible()
    page.tap(".sp-sunset-why")
    preview = page.locator("#sunset-preview")
    assert preview.is_visible()
    text = preview.inner_text()
    # the sum, then what it makes of the points held: "… = −6; nie unter 0: 3 → 0 Punkte"
    assert f": {me['vp']} → {me['sunset_preview']['vp_after']} Punkt" in text, text
    if me["vp"] + me["sunset_preview"]["delta"] < 0:
        assert "nie unter 0" in text
    assert page.locator(".sp-sunset-why").get_attribute("aria-expanded") == "true"
    shot(page, "sunset-open")
    page.tap(".sp-sunset-why")
    assert not preview.is_visible()
    # at the foot of the hand the last card stands whole above the bar
    page.evaluate("() => { const h = document.querySelector('.sp-hand'); h.scrollTop = h.scrollHeight; }")
    page.wait_for_timeout(100)
    last = page.locator(".sp-hand .sp-card").last.bounding_box()
    assert last["y"] + last["height"] <= bar.bounding_box()["y"] + 1
    shot(page, "sunset-bar")

    # finding 1 (issue 38: without the page scrolling): the player plays the Sammlerin; the pane
    # of the places shows the Wildnis to choose, below the prompt and above the bar
    page.locator(".sp-hand button.sp-card[data-card='sammlerin']").tap()
    page.wait_for_function("() => window.urzeit.view.phase === 'steps'")
    wait_idle(page)
    page.wait_for_timeout(150)
    where = page.evaluate(BAND_JS, ".sp-table .choosable")
    assert where and where["inBand"], where
    assert page.evaluate("() => window.scrollY") == 0
    shot(page, "choice-in-view")
    # the player looks at the display: the tab of the places says the choice is there, one tap back
    page.tap(".sp-tab[data-pane='display']")
    assert page.evaluate("() => document.querySelector('.sp-tab[data-pane=\"places\"]').classList.contains('asks')")
    shot(page, "choice-elsewhere")
    page.tap(".sp-tab[data-pane='places']")
    assert page.evaluate(BAND_JS, ".sp-table .choosable")["inBand"]

    # the members placed, then the column step: its columns in view
    for _ in range(4):
        view = page.evaluate("() => window.urzeit.view")
        if view["phase"] == "column":
            break
        place = next((a for a in view["legal"] if a["type"] == "place"), None)
        act(page, place or next(a for a in view["legal"] if a["type"] == "stop"))
    assert page.evaluate("() => window.urzeit.view.phase") == "column"
    where = page.evaluate(BAND_JS, ".sp-col.choosable")
    assert where and where["inBand"], where
    shot(page, "column-in-view")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.watch.assert_clean()
    ctx.close()


def test_desktop_no_detail_under_a_resting_pointer_and_menu_words(browser, served_dist):
    ctx = browser.new_context(viewport={"width": 1366, "height": 800}, service_workers="block")
    page = ctx.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    open_menu(page, served_dist, 3, "en")
    headings = menu_headings(page)
    assert "Variant" in headings and len(headings) == len(set(headings)), headings
    page.select_option("#seat-list li[data-seat='1'] select.seat-level", "random")
    # the mouse clicks "Start game" and rests there while the table appears under it
    page.locator("#start-button").scroll_into_view_if_needed()
    box = page.locator("#start-button").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.click(x, y)
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    wait_idle(page)
    under = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                          " const c = e && e.closest('[data-detail]'); return c ? c.dataset.detail : null; }", [x, y])
    assert under, "the pointer should rest on a card of the new table"
    page.wait_for_timeout(700)
    assert page.evaluate("() => window.urzeit.board.detail") is None, under
    page.screenshot(path=str(ARTIFACTS / "review-spaeher-desktop-start-en.png"))
    # a real move onto a card opens its detail
    card = page.locator(".sp-display .sp-col .sp-card").first.bounding_box()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + 12, steps=5)
    page.wait_for_function("() => window.urzeit.board.detail !== null")
    page.watch.assert_clean()
    ctx.close()

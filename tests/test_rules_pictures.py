"""Rules with pictures (issue #27, goal 3): the rules dialog shows each game's components drawn
by its own renderer and a worked scoring example the engine builds, in both languages, with a
table of contents and a search box, at 360 x 740 (German) and 1366 x 800 (English)."""

import pytest

from browser_support import ARTIFACTS, PageWatch
from stability_support import PHONE, READY

pytestmark = pytest.mark.browser

# what each game's pictures must hold: selector -> at least this many elements
DRAWN = {
    "sammler": {"#rules-text canvas": 2},
    "elawa": {"#rules-text .ecard": 6, "#rules-text .rules-badge": 4, "#rules-text .token": 5},
    "spaeher": {"#rules-text .sp-card": 1, "#rules-text .sp-loc": 1, "#rules-text .sp-cell": 31,
                "#rules-text .rules-badge": 6},
}
WORD = {"de": {"sammler": "Tiger", "elawa": "Feuer", "spaeher": "Sonnenuntergang"},
        "en": {"sammler": "tiger", "elawa": "fire", "spaeher": "sunset"}}
NOTHING = {"de": "Nichts gefunden für „xqzzyv“.", "en": "Nothing found for “xqzzyv”."}

# a canvas has a picture: enough pixels that are not transparent, in more than two colours
PAINTED = """(c) => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let solid = 0; const colours = new Set();
  for (let i = 0; i < d.length; i += 16) if (d[i + 3] > 200) { solid++; colours.add((d[i] >> 5) * 64 + (d[i + 1] >> 5) * 8 + (d[i + 2] >> 5)); }
  return { share: solid / (d.length / 16), colours: colours.size }; }"""


def engine_points():
    """Each example's points as the Python engine scores the same fixed position."""
    from urzeit import games
    out = {}
    for g in ("sammler", "elawa", "spaeher"):
        state, facts = games.get(g).rules_example()
        seat = facts.get("seat", 0)
        out[g] = state.scores()[seat]
    return out


def open_rules(page, game):
    if page.locator("#rules-dialog").is_visible():
        page.locator("#rules-close").click()
    page.click(f"[data-game-id='{game}']")
    page.locator("#menu-rules-button").click()
    page.wait_for_selector("#rules-dialog[open] .rules-example .rules-sum")


def check_game(page, game, lang, points, width):
    open_rules(page, game)
    # the rules start at their top, whatever the last game's rules were scrolled to
    assert page.evaluate("() => document.getElementById('rules-text').scrollTop") == 0, game
    for selector, least in DRAWN[game].items():
        assert page.locator(selector).count() >= least, (game, selector)
    for canvas in page.locator("#rules-text canvas").element_handles():
        painted = canvas.evaluate(PAINTED)
        assert painted["share"] > 0.5 and painted["colours"] > 3, (game, painted)
    # the worked example's points are the engine's for that position
    total = page.locator(".rules-example .rules-sum")
    assert int(total.get_attribute("data-points")) == points[game]
    assert str(points[game]) in total.inner_text()
    # nothing sticks out of the dialog
    box = page.locator("#rules-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (game, box)
    wide = page.evaluate("() => [...document.querySelectorAll('#rules-text .rules-pic *')].filter((e) => "
                         "e.getBoundingClientRect().right > document.getElementById('rules-text').getBoundingClientRect().right + 1).length")
    assert wide == 0, game
    # the table of contents (folded on a phone) jumps: the section is at the top of the rules
    # and has the focus
    fold = page.locator("#rules-toc-box")
    assert (fold.get_attribute("open") is not None) == (width >= 700), game
    if width < 700:
        page.locator("#rules-toc-box > summary").click()
    items = page.locator("#rules-toc .rules-toc-item")
    assert items.count() >= 4, game
    last = items.nth(items.count() - 1)
    target = last.get_attribute("data-target")
    last.click()
    page.wait_for_function(f"() => document.activeElement && document.activeElement.id === '{target}'")
    gap, bottom, height = page.evaluate(f"""() => {{ const box = document.getElementById('rules-text');
        return [document.getElementById('{target}').getBoundingClientRect().top - box.getBoundingClientRect().top,
                box.scrollTop + box.clientHeight >= box.scrollHeight - 1, box.clientHeight]; }}""")
    # at the top of the rules, or (a last section shorter than the box) scrolled to the end, in sight
    assert -2 <= gap <= 12 or (bottom and 0 <= gap < height - 20), (game, gap, bottom)
    # the keyboard: Tab reaches the contents from the search box (Enter opens its fold), Enter jumps
    page.locator("#rules-search").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.tagName") == "SUMMARY"
    if width < 700:  # the jump above folded the contents again
        page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('rules-toc-item')")
    first = page.evaluate("() => document.activeElement.dataset.target")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.activeElement.id === '{first}'")
    # the search keeps the sections with the word and says how many; Enter goes to the first
    word = WORD[lang][game]
    page.locator("#rules-search").fill(word)
    found = page.locator("#rules-found").inner_text()
    shown = page.locator("#rules-text .rules-sec:not([hidden])")
    assert shown.count() >= 1 and found and str(shown.count()) in found, (game, found)
    assert all(word.lower() in shown.nth(i).inner_text().lower() for i in range(shown.count())), game
    assert page.locator("#rules-toc .rules-toc-item:not([hidden])").count() == shown.count()
    # the word is marked where it stands and the first hit is in sight
    marks = page.locator("#rules-text mark.rules-hit")
    assert marks.count() >= shown.count() and marks.first.inner_text().lower() == word.lower(), game
    inside = page.evaluate("""() => { const m = document.querySelector('#rules-text mark.rules-hit').getBoundingClientRect();
        const b = document.getElementById('rules-text').getBoundingClientRect(); return m.top >= b.top && m.bottom <= b.bottom; }""")
    assert inside, game
    page.locator("#rules-search").press("Enter")
    page.wait_for_function("() => document.activeElement.classList.contains('rules-sec')")
    assert word.lower() in page.evaluate("() => document.activeElement.textContent").lower()
    # nonsense: nothing shown and a clear line saying so
    page.locator("#rules-search").fill("xqzzyv")
    assert page.locator("#rules-found").inner_text() == NOTHING[lang]
    assert page.locator("#rules-found").is_visible()
    assert page.locator("#rules-text .rules-sec:not([hidden])").count() == 0
    page.locator("#rules-search").fill("")
    assert page.locator("#rules-text .rules-sec[hidden]").count() == 0
    assert page.locator("#rules-text mark.rules-hit").count() == 0
    page.evaluate("() => { document.getElementById('rules-text').scrollTop = 400; }")  # read on, then closed


@pytest.mark.parametrize("size,lang", [("phone", "de"), ("desktop", "en")])
def test_rules_show_pictures_a_worked_example_contents_and_search(browser, served_dist, size, lang):
    points = engine_points()
    options = PHONE if size == "phone" else {"viewport": {"width": 1366, "height": 800}}
    ctx = browser.new_context(**options)
    ctx.add_init_script(f"localStorage.setItem('urzeit.lang', '{lang}'); globalThis.urzeitTestNoSnapshot = true")
    page = ctx.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    width = options["viewport"]["width"]
    name = "360x740-de" if size == "phone" else "1366x800-en"
    for game in ("sammler", "elawa", "spaeher"):
        check_game(page, game, lang, points, width)
        page.screenshot(path=str(ARTIFACTS / f"rules-{game}-{name}.png"))
        # and the worked example, scrolled into sight
        page.locator(".rules-example").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"rules-{game}-{name}-example.png"))
    page.watch.assert_clean()
    ctx.close()

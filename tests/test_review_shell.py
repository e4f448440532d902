"""Shell fixes a new player hit on the phone (a fresh-eyes review): the whole prompt is readable
(it grows, or a "… mehr" opens it),
the end card is not covered by the sticky status line and its buttons come before the long
breakdown, the page does not scroll itself on a wide screen when everything fits, a shared
invitation says it is the friend's text, a live invite offers one way to invite, and a fair
Elawa game calls the player's own hand "Deine Hand"."""

import pytest

from browser_support import ARTIFACTS, engine_call, play_bot_game, wait_idle
from stability_support import PHONE, READY
from urzeit.games.elawa import words

READY_SEL = "#app[data-ready='true']"


def open_page(browser, served_dist, lang, phone):
    ctx = browser.new_context(**PHONE) if phone else browser.new_context(viewport={"width": 1366, "height": 800})
    ctx.add_init_script(f"localStorage.setItem('urzeit.lang', '{lang}'); globalThis.urzeitTestNoSnapshot = true")
    page = ctx.new_page()
    page.goto(served_dist + "?test=1")
    page.wait_for_selector(READY_SEL, timeout=READY)
    return ctx, page


def load(page, save, game):
    page.evaluate("(s) => window.urzeit.loadSave(s)", save)
    page.wait_for_selector(f"#app[data-game='{game}']")
    wait_idle(page)
    page.wait_for_timeout(150)


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"review-{name}.png"))


def sammler_ending_in_a_forced_pass():
    """Seed 46's last action is the page player's figure step with nothing to place: loaded just
    before it, the page plays it itself with its note ("Keine Figuren mehr …") and the game ends."""
    h = engine_call()
    r = h({"op": "new", "game": "sammler", "seed": 46, "options": {},
           "seats": [{"kind": "human", "name": "Spieler 1"}, {"kind": "ai", "name": "Computer 2", "level": "random"}]})
    m, v = r["match"], r["view"]
    while not v["over"]:
        v = h({"op": "ai", "match": m, "seat": v["current_seat"], "level": "random", "viewer": None})["view"]
    replay = h({"op": "save", "match": m})
    return {**replay, "actions": replay["actions"][:-1]}


CLIPPED = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.offsetParent)
  .map((e) => ({ text: e.textContent, scroll: e.scrollHeight, client: e.clientHeight }))"""


@pytest.mark.browser
def test_phone_prompt_whole_and_end_card_clear(browser, served_dist):
    ctx, page = open_page(browser, served_dist, "de", phone=True)
    # 1. Jäger und Späher's (and Elawa's) first prompt: long in German, never cut
    for game, sel in (("spaeher", ".sp-prompt"), ("elawa", ".elawa-bar .prompt")):
        replay, cut = play_bot_game(game, 11)
        load(page, {**replay, "actions": replay["actions"][:cut["first"]]}, game)
        boxes = page.evaluate(CLIPPED, sel)
        assert boxes and all(b["text"] for b in boxes), (game, boxes)
        if any(b["scroll"] > b["client"] + 1 for b in boxes):  # a steady box: "… mehr" shows it whole
            more = page.get_by_role("button", name="… mehr")
            assert more.is_visible(), (game, boxes)
            shot(page, f"prompt-{game}-more")
            more.tap()
            page.wait_for_timeout(100)
            boxes = page.evaluate(CLIPPED, sel)
        assert all(b["scroll"] <= b["client"] + 1 for b in boxes), (game, boxes)
        turn = page.evaluate("() => { const e = document.getElementById('turn-info'); return [e.scrollWidth, e.clientWidth]; }")
        assert turn[0] <= turn[1] + 1, turn  # the status line is not cut either
        shot(page, f"prompt-{game}")
    # 2./3. the end: the computer plays the last moves; a note of the game before goes, the status
    # line does not sit on the end card's heading, the buttons come right after the result
    load(page, sammler_ending_in_a_forced_pass(), "sammler")
    page.wait_for_selector("#end-screen:not([hidden])", timeout=60_000)
    wait_idle(page)
    page.wait_for_timeout(200)
    assert page.locator("#notice").inner_text() == ""
    boxes = page.evaluate("""() => Object.fromEntries(['end-title', 'status-line', 'again-button', 'end-menu-button']
      .map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return [id, { top: r.top, bottom: r.bottom }]; }))""")
    title, status = boxes["end-title"], boxes["status-line"]
    assert title["bottom"] <= status["top"] or status["bottom"] <= title["top"], boxes
    for b in ("again-button", "end-menu-button"):
        assert boxes[b]["bottom"] <= title["top"] + 740, boxes  # within the end card's first screen
    assert page.evaluate("""() => { const e = document.getElementById('end-screen');
      return [...e.children].indexOf(e.querySelector('.end-buttons')) < [...e.children].indexOf(e.querySelector('.end-breakdown')); }""")
    shot(page, "end-sammler")
    ctx.close()


@pytest.mark.browser
def test_wide_screen_does_not_scroll_itself(browser, served_dist):
    ctx, page = open_page(browser, served_dist, "en", phone=False)
    for game in ("elawa", "sammler"):
        replay, cut = play_bot_game(game, 11)
        load(page, {**replay, "actions": replay["actions"][:cut["first"]]}, game)
        page.evaluate("() => window.scrollTo(0, 0)")
        for move in range(4):
            legal = page.evaluate("() => window.urzeit.legal")
            if not legal:
                break
            page.evaluate("(a) => window.urzeit.act(a)", legal[0])
            page.wait_for_timeout(100)
            wait_idle(page)
            page.wait_for_timeout(200)
            y = page.evaluate("() => window.scrollY")
            assert y == 0, (game, move, y)
        assert page.locator("#back-button").is_visible() and page.locator("#hint-button").is_visible()
    ctx.close()


@pytest.mark.browser
def test_invitations_say_whose_text_and_live_offers_one_way(browser, served_dist):
    ctx, page = open_page(browser, served_dist, "de", phone=True)
    # 5. the fair invitation's words are the friend's: labelled
    page.evaluate("() => window.urzeit.startFair({game: 'nim', players: 2, options: {}, name: 'Ada'})")
    page.wait_for_selector("#share-dialog[open]", timeout=30_000)
    assert page.locator("#share-for").inner_text() == "Das bekommt dein Gegenüber:"
    assert page.locator("#share-for").is_visible()
    assert "lädt dich" in page.locator("#share-message").inner_text()
    shot(page, "invite-fair")
    page.click("#share-close") if page.locator("#share-close").count() else page.keyboard.press("Escape")
    # 6. a live invite: "Einladen" (and "Per Link weiterspielen" as the fallback), no fair-link send
    page.evaluate("() => window.urzeit.startLive({game: 'elawa', players: 2, options: {}, name: 'Ada'})")
    page.wait_for_selector("#live-panel .live-seat[data-seat='1'] .live-invite", timeout=30_000)
    page.wait_for_timeout(300)
    assert not page.locator("#fair-send").is_visible()
    assert not page.locator("#fair-status-text").is_visible()
    primary = page.evaluate("""() => [...document.querySelectorAll('#game button, #game a')]
      .filter((b) => b.offsetParent && /einladen|link an/i.test(b.textContent)).map((b) => b.textContent)""")
    assert primary == ["Einladen"], primary
    shot(page, "invite-live")
    ctx.close()


def test_a_fair_elawa_view_calls_the_own_hand_yours():
    h = engine_call()
    for lang, mine in (("de", "Deine Hand"), ("en", "Your hand")):
        fair = h({"op": "fair_new", "game": "elawa", "players": 2, "seat": 0, "options": {}, "name": "Ada", "lang": lang})
        assert fair["view"]["words"]["hand"] == mine
        # hot seat: two people at one screen, each hand named
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]
        r = h({"op": "new", "game": "elawa", "seats": seats, "seed": 3, "lang": lang})
        v = h({"op": "view", "match": r["match"], "seat": 0, "lang": lang})
        assert "Ada" in v["words"]["hand"]
        # the same seats in a fair (live) game, once everyone joined: one person's own screen
        v.pop("words")
        assert words.view_words({**v, "fair": {"gid": "x", "waiting": {"for": None, "seats": []}}}, lang)["hand"] == mine

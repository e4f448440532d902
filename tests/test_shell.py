"""The page's own screens: the menu's game cards and options, the end screen and its ways on,
the language switch rewording everything already shown, sharing, capped saves, scrolling."""

import json

import pytest

from browser_support import PageWatch, play_bot_game, screenshot, wait_idle

pytestmark = pytest.mark.browser
READY = 90_000


def ready(page, url, lang="de"):
    page.add_init_script(f"localStorage.setItem('urzeit.lang', '{lang}')")
    page.goto(url + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)


def test_menu_cards_show_picture_description_players_and_time_and_options_in_words(page, served_dist):
    ready(page, served_dist)
    cards = page.locator("#game-list .game-card")
    for gid in ("sammler", "spaeher", "elawa"):
        card = page.locator(f"[data-game-id='{gid}']")
        assert card.locator(".picture > *").count() == 1, gid
        assert len(card.locator(".description").inner_text()) > 30
        assert "Spieler" in card.locator(".meta").inner_text() and "Min." in card.locator(".meta").inner_text()
    assert cards.count() == 4  # with ?test=1 the test game shows too
    page.click("[data-game-id='elawa']")
    # chief 2's option matters only on the advanced side, and is then explained
    assert page.locator("#option-chief2").count() == 0
    page.check("#option-chief_side-advanced")
    assert page.locator("#option-chief2").count() == 1
    texts = page.locator("#option-chief2 label").all_inner_texts()
    assert all("Karte" in t for t in texts) and not any("/" in t for t in texts)
    assert page.locator(".option-help").first.inner_text()
    page.click("#lang-toggle")
    assert page.locator("[data-game-id='spaeher'] .title").inner_text() == "Hunters and Scouts"
    assert "players" in page.locator("[data-game-id='elawa'] .meta").inner_text()
    page.watch.assert_clean()


def test_end_screen_offers_play_again_new_game_and_menu_and_no_undo(page, served_dist):
    ready(page, served_dist)
    replay, cut = play_bot_game("elawa", 3)
    page.evaluate("(s) => window.urzeit.loadSave(s)", replay)
    page.wait_for_selector("#end-screen:not([hidden])")
    wait_idle(page)
    end = page.locator("#end-screen")
    assert "gewinnt" in end.locator(".end-result").inner_text() or "gemeinsam" in end.locator(".end-result").inner_text()
    assert end.locator("[data-player]").count() == 2  # the renderer's breakdown, one part per player
    assert page.locator("#undo-button").is_hidden()
    assert page.evaluate("() => window.urzeit.view.undo") is False
    screenshot(page, "shell-end-elawa")
    # play again: the same seats, a new shuffle, a fresh game
    page.click("#again-button")
    page.wait_for_function("() => window.urzeit.view && !window.urzeit.view.over")
    wait_idle(page)
    view = page.evaluate("() => window.urzeit.view")
    assert [s["name"] for s in view["seats"]] == [s["name"] for s in replay["seats"]]
    assert [s["kind"] for s in view["seats"]] == [s["kind"] for s in replay["seats"]]
    assert page.locator("#end-screen").is_hidden()
    saved = page.evaluate("() => window.urzeit.request({op: 'save', match: window.urzeit.view.match})")
    assert saved["seed"] != replay["seed"] and saved["options"] == replay["options"]
    # the end screen's other ways on
    page.evaluate("(s) => window.urzeit.loadSave(s)", replay)
    page.wait_for_selector("#end-screen:not([hidden])")
    page.click("#new-game-button")
    page.wait_for_selector("#menu:not([hidden])")
    # a new game of the same kind: its seats are ready to change
    assert page.locator("#seat-form").is_visible()
    assert page.locator("[data-game-id='elawa']").get_attribute("aria-checked") == "true"
    page.evaluate("(s) => window.urzeit.loadSave(s)", replay)
    page.wait_for_selector("#end-screen:not([hidden])")
    page.click("#end-menu-button")
    page.wait_for_selector("#menu:not([hidden])")
    assert page.locator("#game").is_hidden()
    page.watch.assert_clean()


def test_switching_the_language_rewords_names_log_title_and_tooltips(page, served_dist):
    ready(page, served_dist)
    page.click("[data-game-id='sammler']")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='sammler']")
    wait_idle(page)
    v = page.evaluate("() => window.urzeit.view")
    page.evaluate("(a) => window.urzeit.act(a)", [a for a in v["legal"] if a["type"] == "place_tile"][0])
    wait_idle(page)
    page.evaluate("() => window.urzeit.act({type: 'pass'})")
    page.wait_for_function("() => window.urzeit.view.current_seat === 0 && document.getElementById('app').dataset.busy === 'false'")
    de_log = page.locator("#log").inner_text()
    assert "Spieler 1" in page.locator("#scoreboard").inner_text()
    assert page.locator("#game-title").inner_text() == "Carcassonne – Jäger und Sammler"
    undo_de = page.locator("#undo-button").get_attribute("title")
    page.click("#lang-toggle")
    assert page.locator("#game-title").inner_text() == "Carcassonne – Hunters and Gatherers"
    assert "Player 1" in page.locator("#scoreboard").inner_text()
    en_log = page.locator("#log").inner_text()
    assert en_log and en_log != de_log and "Spieler 1" not in en_log
    undo_en = page.locator("#undo-button").get_attribute("title")
    assert undo_de and undo_en and undo_de != undo_en
    assert page.locator("#undo-button").inner_text() == "Undo"
    page.watch.assert_clean()


@pytest.mark.parametrize("native", [False, True])
def test_share_offers_the_share_sheet_where_there_is_one_else_copy(browser, served_dist, native):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    if native:
        page.add_init_script("""navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };""")
    else:
        page.add_init_script("""delete Navigator.prototype.share;""")
        context.grant_permissions(["clipboard-read", "clipboard-write"])
    ready(page, served_dist)
    page.click("[data-game-id='sammler']")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='sammler']")
    wait_idle(page)
    page.click("#more-button")  # a phone: share is under "more"
    page.click("#share-button")
    page.wait_for_selector("#share-dialog[open]")
    link = page.locator("#share-link").input_value()
    assert "#g=" in link
    assert "Du bist am Zug" in page.locator("#share-message").inner_text()
    if native:
        assert page.locator("#share-native").is_visible()
        page.click("#share-native")
        page.wait_for_function("() => window.__shared")
        shared = page.evaluate("() => window.__shared")
        assert shared["url"] == link and "Du bist am Zug" in shared["text"] and "Carcassonne" in shared["text"]
        assert page.locator("#share-note").inner_text() == "Geteilt."
    else:
        assert page.locator("#share-native").is_hidden()
        page.click("#share-copy")
        page.wait_for_function("() => document.getElementById('share-note').textContent === 'Kopiert.'")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert link in copied and "Du bist am Zug" in copied
    screenshot(page, f"shell-share-{'native' if native else 'copy'}")
    page.watch.assert_clean()
    context.close()


def test_saves_are_capped_and_finished_ones_go_first(page, served_dist):
    ready(page, served_dist)
    replay, _ = play_bot_game("elawa", 4)
    page.evaluate("""(replay) => {
        for (let i = 0; i < 14; i++) localStorage.setItem('urzeit.save.old' + i, JSON.stringify({version: 1, id: 'old' + i,
            game: 'elawa', date: new Date(2020, 0, 1 + i).toISOString(), replay, seats: replay.seats, scores: [0, 0], over: i < 5}));
    }""", {**replay, "actions": []})
    page.click("[data-game-id='elawa']")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='elawa']")
    wait_idle(page)
    page.wait_for_timeout(300)
    keys = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('urzeit.save.'))")
    assert len(keys) == 12
    records = [json.loads(page.evaluate(f"() => localStorage.getItem('{k}')")) for k in keys]
    # 15 saves: the 3 oldest finished games went, every unfinished one stayed
    assert sorted(r["id"] for r in records if r["over"]) == ["old3", "old4"]
    assert sum(1 for r in records if not r["over"]) == 10
    page.click("#back-button")
    assert page.locator("#saved-cap").inner_text()
    assert page.locator("#saved-list .saved-remove").count() == 12  # each can be deleted
    page.watch.assert_clean()


def test_a_new_game_on_a_phone_starts_at_the_top_not_at_the_menus_scroll(browser, served_dist):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    ready(page, served_dist)
    page.tap("[data-game-id='spaeher']")
    page.wait_for_timeout(500)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("() => window.scrollY") > 300
    page.tap("#start-button")
    page.wait_for_selector("#app[data-game='spaeher']")
    wait_idle(page)
    # not left at the menu's scroll: the table is on screen, with the bar or the table's own
    # prompt at the top (a phone scrolls to the hand that needs a decision)
    top = page.evaluate("() => document.getElementById('board').getBoundingClientRect().top")
    assert top < 740
    bar = page.evaluate("() => document.getElementById('back-button').getBoundingClientRect().top")
    prompt = page.evaluate("() => document.querySelector('.sp-banner').getBoundingClientRect().top")
    assert bar >= 0 or 0 <= prompt < 100, (bar, prompt)
    # the keyboard hint of Carcassonne is not shown on a touch screen
    page.tap("#back-button")
    page.tap("[data-game-id='sammler']")
    page.tap("#start-button")
    page.wait_for_selector("#app[data-game='sammler']")
    wait_idle(page)
    page.wait_for_selector(".sammler-panel .hint")
    assert "R" not in page.locator(".sammler-panel .hint").inner_text().split()
    # the narrowest phone (320 px, German): the top bar keeps one line once the game is ready,
    # its status still read out
    page.set_viewport_size({"width": 320, "height": 640})
    bar = page.locator("header.topbar").bounding_box()
    button = page.locator("#lang-toggle").bounding_box()
    assert bar["height"] < 2 * button["height"] + 10 and button["y"] < bar["y"] + bar["height"] / 2
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
    assert page.locator("#engine-text").text_content().strip()
    context.close()


def test_engine_reasons_are_worded_by_the_page_never_in_english_for_a_german_player(page, served_dist):
    ready(page, served_dist)
    words = page.evaluate("""async () => {
        const i18n = await import('./js/i18n.mjs');
        const err = {code: 'illegal_action', reason: 'undo.nothing', params: {}, message: 'nothing to undo yet'};
        const unknown = {code: 'illegal_action', reason: 'no.such.reason', message: 'some english detail'};
        const bare = {code: 'weird_code', message: 'english'};
        return [i18n.errorText(err), i18n.errorText(unknown), i18n.errorText(bare),
                i18n.reasonText('undo.game_over')];
    }""")
    hello = page.evaluate("() => window.urzeit.request({op: 'hello'})")
    assert words[0] == hello["messages"]["undo.nothing"]["de"]
    assert words[1] == "Dieser Zug ist nicht erlaubt"  # no text for the reason: the code's words
    assert words[2] == "Das hat nicht geklappt"
    assert words[3] == hello["messages"]["undo.game_over"]["de"]
    assert not any("english" in w or "undo yet" in w for w in words)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_on_a_phone_a_running_games_resume_is_above_the_game_cards(browser, served_dist, lang):
    """Issue 26: "Fortsetzen" sat below all three game cards; a finished game stays below."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    ready(page, served_dist, lang)
    page.tap("[data-game-id='elawa']")
    page.tap("#start-button")
    page.wait_for_selector("#app[data-game='elawa']")
    wait_idle(page)
    page.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
    wait_idle(page)
    page.wait_for_function("() => Object.keys(localStorage).some((k) => k.includes('save'))")
    page.tap("#back-button")
    page.wait_for_selector("#menu:not([hidden]) .saved-resume")
    page.evaluate("() => window.scrollTo(0, 0)")
    resume = page.locator(".saved-resume").first.bounding_box()
    card = page.locator("#game-list .game-card").first.bounding_box()
    assert resume["y"] + resume["height"] <= 740 and resume["y"] < card["y"], (resume, card)
    assert page.locator(".saved-resume").first.inner_text() == ("Fortsetzen" if lang == "de" else "Resume")
    screenshot(page, f"phone-menu-resume-{lang}")
    context.close()

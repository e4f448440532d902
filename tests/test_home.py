"""Play like at home: autosave and resume, undo, export/import and stepping through a
replay, pass-and-play privacy, bad saved data, and offline play."""

import json

import pytest

from browser_support import PageWatch, engine_call, play_bot_game, screenshot, wait_idle, wait_until

pytestmark = pytest.mark.browser
READY = 60_000


def ready(page, url):
    page.goto(url + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)


def start(page, game, seats=None, players=None):
    page.click(f"[data-game-id='{game}']")
    if players:
        page.select_option("#player-count", str(players))
    for i, kind in enumerate(seats or []):
        page.select_option(f"#seat-list li[data-seat='{i}'] select.seat-kind", kind)
    page.click("#start-button")
    page.wait_for_selector(f"#app[data-game='{game}']")
    page.wait_for_function("() => !window.urzeit.board || window.urzeit.board.ready !== false")
    wait_idle(page)


def act(page, action):
    before = int(page.locator("#app").get_attribute("data-state-id"))
    r = page.evaluate("(a) => window.urzeit.act(a)", action)
    assert r["ok"], r
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")
    wait_idle(page)


def sammler_place(page):
    v = page.evaluate("() => window.urzeit.view")
    act(page, [a for a in v["legal"] if a["type"] == "place_tile"][0])


def test_autosave_and_resume_after_reload(page, served_dist):
    ready(page, served_dist)
    start(page, "sammler")
    sammler_place(page)
    act(page, {"type": "pass"})
    tiles = len(page.evaluate("() => window.urzeit.view.tiles"))
    page.wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('urzeit.save.'))")
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.wait_for_selector("#app[data-game='sammler']")  # a reload returns to the table
    page.click("#back-button")
    assert page.locator("#saved-list .saved-game").count() == 1
    text = page.locator("#saved-list .saved-game").inner_text()
    assert "Sammler" in text or "Gatherers" in text
    screenshot(page, "menu-with-saved-game")
    page.click("#saved-list .saved-resume")
    page.wait_for_selector("#app[data-game='sammler']")
    wait_idle(page)
    assert len(page.evaluate("() => window.urzeit.view.tiles")) == tiles
    assert page.evaluate("() => window.urzeit.view.current_seat") == 0


def undo_greyed(page):
    # greyed out, not `disabled`: a tap on it still says why
    return page.locator("#undo-button").get_attribute("aria-disabled") == "true"


def test_undo_is_offered_until_hidden_information_is_revealed(page, served_dist):
    ready(page, served_dist)
    start(page, "sammler")
    assert undo_greyed(page)
    sammler_place(page)  # placing a tile reveals nothing: it can be taken back
    assert not undo_greyed(page)
    page.click("#undo-button")
    page.wait_for_function("() => window.urzeit.view.phase === 'tile'")
    assert len(page.evaluate("() => window.urzeit.view.tiles")) == 1
    sammler_place(page)
    act(page, {"type": "pass"})  # the turn ends and new tiles are drawn
    assert undo_greyed(page)
    # the reason in the player's words (the engine's reason key, worded by the page)
    assert page.evaluate("() => window.urzeit.view.undo_reason_key") == "undo.revealed"
    words = page.evaluate("() => window.urzeit.request({op: 'hello'}).then(h => h.messages['undo.revealed'])")
    lang = page.evaluate("() => document.documentElement.lang")
    assert page.locator("#undo-button").get_attribute("title") == words[lang]


def test_export_import_and_step_through_a_replay(page, served_dist, tmp_path):
    ready(page, served_dist)
    start(page, "sammler")
    for _ in range(2):
        sammler_place(page)
        act(page, {"type": "pass"})
    with page.expect_download() as info:
        page.click("#export-button")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    replay = json.loads(path.read_text())
    assert replay["format"] == "urzeit-replay" and len(replay["actions"]) >= 6
    page.click("#back-button")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#replay-bar:not([hidden])")
    n = len(replay["actions"])
    # it opens at the first turn (tests/test_lesson_learner_page.py: issue #38)
    page.wait_for_function("() => document.getElementById('app').dataset.replayStep === '0'")
    assert len(page.evaluate("() => window.urzeit.view.tiles")) == 1
    page.click("#replay-last")
    page.wait_for_function(f"() => document.getElementById('app').dataset.replayStep === '{n}'")
    tiles_end = len(page.evaluate("() => window.urzeit.view.tiles"))
    page.click("#replay-first")
    page.wait_for_function("() => document.getElementById('app').dataset.replayStep === '0'")
    assert len(page.evaluate("() => window.urzeit.view.tiles")) == 1
    page.check("#replay-by-decision")  # one decision at a time on request
    page.click("#replay-next")
    page.wait_for_function("() => document.getElementById('app').dataset.replayStep === '1'")
    assert len(page.evaluate("() => window.urzeit.view.tiles")) == 2
    page.uncheck("#replay-by-decision")
    page.click("#replay-last")
    page.wait_for_function(f"() => document.getElementById('app').dataset.replayStep === '{n}'")
    assert len(page.evaluate("() => window.urzeit.view.tiles")) == tiles_end
    screenshot(page, "replay-viewer")


def test_corrupt_files_and_storage_entries_give_messages_and_keep_other_saves(page, served_dist, tmp_path):
    ready(page, served_dist)
    start(page, "sammler")
    sammler_place(page)
    act(page, {"type": "pass"})
    page.click("#back-button")
    page.evaluate("() => localStorage.setItem('urzeit.save.broken1', '{not json')")
    page.evaluate("() => localStorage.setItem('urzeit.save.broken2', JSON.stringify({version: 1, game: 'x'}))")
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    items = page.locator("#saved-list .saved-game")
    assert items.count() == 3
    assert page.locator("#saved-list .saved-game.broken").count() == 2
    # a corrupt or foreign file is refused with a message
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "urzeit-replay", "version": 2, "game": "sammler", "players": 2, "seed": 1, '
                   '"options": {}, "actions": [{"type": "place_tile", "x": 40, "y": 40, "rotation": 0}]}')
    page.set_input_files("#import-file", str(bad))
    page.wait_for_function("() => document.getElementById('import-message').textContent.length > 0")
    # the player reads the reason in their language; the engine's English detail is folded away
    message = page.locator("#import-message")
    assert any(w in message.inner_text() for w in ("ungültig", "invalid", "nicht", "not"))
    assert page.locator("#menu").is_visible()  # the player went to the menu: a reload stays there
    assert "cannot be replayed" not in message.inner_text()
    assert "cannot be replayed" in message.locator("details.error-details").text_content()
    junk = tmp_path / "junk.json"
    junk.write_text("%PDF-1.4 not a save")
    page.set_input_files("#import-file", str(junk))
    page.wait_for_function("() => document.getElementById('import-message').textContent.includes('JSON')")
    # deleting the broken entries leaves the good one
    page.locator("#saved-list .saved-game.broken .saved-remove").first.click()
    page.locator("#saved-list .saved-game.broken .saved-remove").first.click()
    assert page.locator("#saved-list .saved-game").count() == 1
    assert page.locator("#saved-list .saved-resume").count() == 1


def test_pass_and_play_hides_the_hands_between_two_humans(page, served_dist):
    ready(page, served_dist)
    start(page, "elawa", seats=["human", "human"])
    first = page.evaluate("() => window.urzeit.view.current_seat")
    v = page.evaluate("() => window.urzeit.view")
    act(page, [a for a in v["legal"] if a["type"] == "take_card"][0])
    for _ in range(8):  # end the turn (discarding down to the capacity if needed)
        if page.locator("#pass-screen").is_visible():
            break
        v = page.evaluate("() => window.urzeit.view")
        action = [a for a in v["legal"] if a["type"] in ("end_turn", "discard")][0]
        page.evaluate("(a) => window.urzeit.act(a)", action)
        page.wait_for_timeout(150)
        wait_idle(page)
    page.wait_for_selector("#pass-screen:not([hidden])")
    assert page.locator("#board").evaluate("(e) => getComputedStyle(e).visibility") == "hidden"
    assert page.locator("#legal-actions button").count() == 0
    screenshot(page, "pass-and-play")
    page.click("#pass-ready")
    page.wait_for_function(f"() => window.urzeit.view.seat === {1 - first}")
    assert page.locator("#board").evaluate("(e) => getComputedStyle(e).visibility") == "visible"


@pytest.mark.first_visit  # the product's own first visit: no snapshot seeded
def test_the_game_works_offline_after_the_first_visit(browser, served_dist):
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.goto(served_dist)
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    wait_until(page, "async () => (await caches.keys()).some((k) => k.startsWith('urzeit-'))")
    wait_until(page, """async () => {
        const keys = await caches.keys();
        for (const k of keys) { const c = await caches.open(k); if (await c.match('precache.json')) return true; }
        return false; }""")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.click("[data-game-id='elawa']")
    page.click("#start-button")
    page.wait_for_selector("#app[data-game='elawa']")
    context.close()


@pytest.mark.first_visit  # the product's own first visit: no snapshot seeded
def test_an_installable_app_with_its_manifest_and_icons_even_offline(browser, served_dist):
    """The page links a web app manifest Chromium parses without complaint; every icon it
    names loads at its stated size; the service worker controls the page and answers the
    manifest and every icon with the network off."""
    import struct
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.goto(served_dist)
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    href = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
    assert href == served_dist + "manifest.webmanifest"
    assert page.evaluate("() => document.querySelector('meta[name=theme-color]').content") == "#3d2c1e"
    response = page.request.get(href)
    assert response.ok and response.headers["content-type"].startswith("application/manifest+json")
    m = response.json()
    assert m["name"] and m["short_name"] == "Urzeit" and m["display"] == "standalone"
    # relative, so the app works under a GitHub Pages sub-path (/<repo>/)
    assert m["start_url"] == "./" and m["scope"] == "./"
    assert m["theme_color"].startswith("#") and m["background_color"].startswith("#")
    cdp = context.new_cdp_session(page)
    parsed = cdp.send("Page.getAppManifest")
    assert parsed["url"] == href and parsed["errors"] == [], parsed["errors"]
    seen = parsed["manifest"]  # as Chromium understood it
    assert seen["startUrl"] == served_dist and seen["scope"] == served_dist and seen["display"] == "kStandalone"
    icons = m["icons"]
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in icons if i["type"] == "image/png"}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes
    assert any(i["type"] == "image/svg+xml" for i in icons)
    apple = page.evaluate("() => document.querySelector('link[rel=apple-touch-icon]').getAttribute('href')")
    for icon in icons + [{"src": apple, "type": "image/png", "sizes": "180x180"}]:
        r = page.request.get(served_dist + icon["src"])
        assert r.ok and r.headers["content-type"] == icon["type"], icon
        body = r.body()
        if icon["type"] == "image/png":
            assert body[:8] == b"\x89PNG\r\n\x1a\n", icon
            width, height = struct.unpack(">II", body[16:24])
            assert f"{width}x{height}" == icon["sizes"], icon
        else:
            assert body.lstrip().startswith(b"<svg"), icon
        # and the browser decodes it at that size
        natural = page.evaluate("""(src) => new Promise((ok, bad) => { const img = new Image();
            img.onload = () => ok([img.naturalWidth, img.naturalHeight]); img.onerror = () => bad(src); img.src = src; })""",
                                icon["src"])
        if icon["type"] == "image/png":
            assert f"{natural[0]}x{natural[1]}" == icon["sizes"], icon
    # the service worker takes over and has precached the manifest and the icons
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    wait_until(page, "async () => { for (const k of await caches.keys()) if (await (await caches.open(k)).match('precache.json')) return true; return false; }")
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    # Chromium's own installability check: only "incognito" (every Playwright context is) remains
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    precache = page.evaluate("() => fetch('precache.json').then((r) => r.json())")
    for src in ["manifest.webmanifest", apple] + [i["src"] for i in icons]:
        assert src in precache["files"], src
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    answered = page.evaluate("""async (srcs) => { const out = [];
        for (const s of srcs) { const r = await fetch(s); out.push([s, r.status, (await r.arrayBuffer()).byteLength]); }
        return out; }""", ["manifest.webmanifest", apple] + [i["src"] for i in icons])
    assert all(status == 200 and size > 0 for _, status, size in answered), answered
    assert page.evaluate("() => fetch('manifest.webmanifest').then((r) => r.json()).then((j) => j.short_name)") == "Urzeit"
    page.watch.assert_clean()
    context.close()


def test_a_crashed_engine_is_restarted_and_the_game_restored(page, served_dist):
    ready(page, served_dist)
    start(page, "sammler")
    sammler_place(page)
    act(page, {"type": "pass"})
    tiles = len(page.evaluate("() => window.urzeit.view.tiles"))
    page.wait_for_function("() => Object.keys(localStorage).some((k) => k.startsWith('urzeit.save.'))")
    page.evaluate("() => { window.urzeit.setWatchdog(2000); window.urzeit.killWorker(); }")
    # the next move gets no answer: the page notices, says so, restarts and restores
    page.evaluate("() => { window.urzeit.act(window.urzeit.view.legal[0]); }")
    page.wait_for_selector("#app[data-recovering='true']", timeout=10_000)
    assert "restart" in page.locator("#message").inner_text() or "neu gestartet" in page.locator("#message").inner_text()
    page.wait_for_selector("#app[data-recovering='false'][data-ready='true']", timeout=READY)
    page.wait_for_selector("#app[data-game='sammler']")
    wait_idle(page)
    assert len(page.evaluate("() => window.urzeit.view.tiles")) == tiles
    assert page.evaluate("() => window.urzeit.view.current_seat") == 0
    screenshot(page, "engine-restored")


def test_correspondence_by_link_between_two_devices(browser, page, served_dist):
    ready(page, served_dist)
    start(page, "sammler", seats=["human", "human"])
    sammler_place(page)
    act(page, {"type": "pass"})
    page.click("#share-button")
    page.wait_for_selector("#share-dialog[open]")
    assert "trust" in page.locator("#share-note").inner_text() or "vertraust" in page.locator("#share-note").inner_text()
    link = page.locator("#share-link").input_value()
    assert "#g=" in link and len(link) < 4000
    # the friend's device
    other = browser.new_context(service_workers="block")
    friend = other.new_page()
    friend.goto(link.replace("/#", "/?test=1#"))
    friend.wait_for_selector("#app[data-game='sammler']", timeout=READY)
    wait_idle(friend)
    assert len(friend.evaluate("() => window.urzeit.view.tiles")) == 2
    assert friend.evaluate("() => window.urzeit.view.current_seat") == 1
    sammler_place(friend)
    act(friend, {"type": "pass"})
    friend.click("#share-button")
    friend.wait_for_selector("#share-dialog[open]")
    back = friend.locator("#share-link").input_value()
    other.close()
    # same path and query, a new fragment: the browser does not reload, the page hears a hashchange
    # and imports the link a moment later, so wait for the friend's tile rather than for idle
    page.goto(back.replace("/#", "/?test=1#"))
    page.wait_for_function("() => window.urzeit.view && window.urzeit.view.tiles.length === 3", timeout=READY)
    assert page.evaluate("() => window.urzeit.view.current_seat") == 0


def test_a_manipulated_link_gives_a_message_and_keeps_the_saves(page, served_dist):
    ready(page, served_dist)
    start(page, "sammler")
    sammler_place(page)
    act(page, {"type": "pass"})
    page.click("#back-button")
    saves = page.locator("#saved-list .saved-game").count()
    page.goto(served_dist + "?test=1#g=AAAAthis-is-not-a-game")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.wait_for_function("() => document.getElementById('import-message').textContent.length > 0")
    assert page.locator("#saved-list .saved-game").count() == saves
    assert page.locator("#app").get_attribute("data-game") is None


@pytest.mark.parametrize("lang,needle", [("de", "Rot erhält 6 Punkte"), ("en", "Red scores 6")])
def test_rules_in_both_languages_with_the_worked_examples(page, served_dist, lang, needle):
    ready(page, served_dist)
    if (page.locator("#lang-toggle").inner_text() == "EN") != (lang == "de"):
        page.click("#lang-toggle")
    page.click("[data-game-id='sammler']")
    page.click("#menu-rules-button")
    page.wait_for_selector("#rules-dialog[open]")
    assert needle in page.locator("#rules-text").inner_text()
    screenshot(page, f"rules-{lang}")


def test_keyboard_players_can_act_through_the_list_of_legal_actions(page, served_dist):
    ready(page, served_dist)
    start(page, "elawa")
    before = int(page.locator("#app").get_attribute("data-state-id"))
    page.locator("#legal-box summary").click()  # the list is folded away until asked for
    page.locator("#legal-actions button").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.stateId) > {before}")


def test_playable_on_a_phone_with_touch(browser, served_dist):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    ready(page, served_dist)
    page.tap("[data-game-id='sammler']")
    page.tap("#start-button")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.artReady")
    wait_idle(page)
    v = page.evaluate("() => window.urzeit.view")
    a = [x for x in v["legal"] if x["type"] == "place_tile" and x["rotation"] == page.evaluate(
        f"() => window.urzeit.board.alias('{v['tile_to_place']}', window.urzeit.board.rotation)")][0]
    pt = page.evaluate(f"() => window.urzeit.board.cellCenter({a['x']}, {a['y']})")
    page.touchscreen.tap(pt["x"], pt["y"])
    page.wait_for_function("() => window.urzeit.board.pending !== null")
    page.tap("#sammler-confirm")
    page.wait_for_function("() => window.urzeit.view.phase === 'figure'")
    page.tap("#sammler-no-figure")
    wait_idle(page)
    assert len(page.evaluate("() => window.urzeit.view.tiles")) >= 2
    screenshot(page, "phone-sammler")
    page.watch.assert_clean()
    context.close()


def test_a_hint_shows_what_the_hard_bot_would_play_and_changes_nothing(page, served_dist):
    ready(page, served_dist)
    start(page, "sammler")
    before = int(page.locator("#app").get_attribute("data-state-id"))
    page.click("#hint-button")
    page.wait_for_function("() => document.getElementById('app').dataset.hint")
    hint = json.loads(page.locator("#app").get_attribute("data-hint"))
    assert hint in page.evaluate("() => window.urzeit.view.legal")
    assert int(page.locator("#app").get_attribute("data-state-id")) == before
    assert page.locator("#legal-actions button.hinted").count() == 1
    pending = page.evaluate("() => window.urzeit.board.pending")  # shown on the board
    assert (pending["x"], pending["y"]) == (hint["x"], hint["y"])
    screenshot(page, "sammler-hint")


@pytest.mark.first_visit  # the product's own first visit: no snapshot seeded
def test_a_new_build_replaces_the_old_offline_cache(browser, tmp_path):
    """Two builds served one after the other from the same place: after the visit to the
    second, only its cache is left."""
    import shutil
    import sys
    import threading
    from browser_support import DIST, ROOT
    sys.path.insert(0, str(ROOT))
    import build
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    info = json.loads((site / "build.json").read_text())
    first = build.write_precache(info, site)
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    cached = """async () => { const names = [];
        for (const k of await caches.keys()) { const c = await caches.open(k); if (await c.match('precache.json')) names.push(k); }
        return names; }"""
    page.goto(url)
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    wait_until(page, f"async () => (await ({cached})()).includes('{first}')")
    # the next build: one file changed, so a new cache name
    (site / "css" / "style.css").write_text((site / "css" / "style.css").read_text() + "\n/* build 2 */\n")
    second = build.write_precache(info, site)
    assert second != first
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    wait_until(page, f"async () => {{ const n = await ({cached})(); return n.length === 1 && n[0] === '{second}'; }}")
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.wait_for_function(f"() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'")
    # (the worker being replaced may still answer a moment after the reload: the next fetch is the new one's)
    try:
        wait_until(page, "() => fetch('css/style.css').then((r) => r.text()).then((t) => t.includes('/* build 2 */'))",
                   timeout_ms=30_000, every_ms=500)
    except AssertionError:
        pass  # the assert below shows what was served
    css = page.evaluate("() => fetch('css/style.css').then((r) => r.text())")
    assert "/* build 2 */" in css, page.evaluate(f"async () => [navigator.serviceWorker.controller.scriptURL, await caches.keys(), (await (await caches.open('{second}')).match('css/style.css')) ? 'in second' : 'not in second']")
    context.close()
    server.shutdown()


def test_the_worker_answers_while_the_computer_thinks(page, served_dist):
    ready(page, served_dist)
    # a first visit makes its memory snapshot in a second worker once the engine is idle: let
    # that finish (it takes a core), this test times the search's slices
    page.evaluate("""async () => { const { engine } = await import('./js/boot.mjs');
        const until = performance.now() + 120000;
        const pending = () => engine.snapshotState === 'making'
            || (engine.snapshotState === 'waiting' && Number.isFinite(engine.snapshotIdleMs));
        while (pending() && performance.now() < until)
            await new Promise((r) => setTimeout(r, 200)); }""")
    # Jäger und Späher's hard search plays whole sample games: long enough to answer in between
    m = page.evaluate("""() => window.urzeit.request({op: 'new', game: 'spaeher', seed: 5,
        seats: [{kind: 'ai', level: 'hard'}, {kind: 'human'}]})""")
    # An engine booted from a memory snapshot (the build's, on a first visit) runs its first
    # search on wasm code the browser compiles as it goes (one sample game then outlasts a
    # slice many times over): one search first, on another match, then the timed one.
    page.evaluate("""async () => { const w = await window.urzeit.request({op: 'new', game: 'spaeher', seed: 6,
        seats: [{kind: 'ai', level: 'hard'}, {kind: 'human'}]});
        await window.urzeit.request({op: 'ai', match: w.match, seat: 0, budget_ms: 0, slice_ms: 20}); }""")
    result = page.evaluate("""async (id) => {
        const order = [];
        const before = window.urzeit.progressCount;
        const bot = window.urzeit.request({op: 'ai', match: id, seat: 0, budget_ms: 0, slice_ms: 20})
            .then(() => order.push('bot'));
        await new Promise((r) => setTimeout(r, 60));
        const t0 = performance.now();
        await window.urzeit.request({op: 'view', match: id, seat: 1});
        order.push('view');
        const answerMs = performance.now() - t0;
        await bot;
        return {order, answerMs, progress: window.urzeit.progressCount - before};
    }""", m["match"])
    # the view was answered in a pause of the search, long before the bot's move came
    assert result["order"] == ["view", "bot"], result
    assert result["answerMs"] < 250 and result["progress"] >= 5, result


def test_the_file_picker_speaks_the_players_language(page, served_dist):
    ready(page, served_dist)
    if page.locator("#lang-toggle").inner_text() != "EN":
        page.click("#lang-toggle")  # German
    label = page.locator("label.file-button")
    assert label.inner_text().strip() == "Spiel oder Wiederholung laden …"
    # the browser's own "Choose File / No file chosen" stays invisible, the input still works
    assert page.locator("#import-file").evaluate("(e) => getComputedStyle(e).opacity") == "0"
    page.locator("#import-file").focus()
    assert page.evaluate("() => document.activeElement.id") == "import-file"


def test_a_save_of_an_older_version_is_refused_with_words_and_kept(page, served_dist):
    """Saves from before chance steps (replay version 1) would replay into another game: the
    page says so in the player's words and deletes nothing."""
    ready(page, served_dist)
    old = {"format": "urzeit-replay", "version": 1, "game": "sammler", "players": 2, "seed": 1, "options": {},
           "seats": [{"kind": "human", "name": "Ada"}, {"kind": "ai", "name": "Bot", "level": "easy"}],
           "actions": []}
    record = {"version": 1, "id": "old1", "game": "sammler", "date": "2026-11-30T10:00:00Z", "replay": old,
              "seats": [{"kind": "human", "name": "Ada"}, {"kind": "ai", "name": "Bot"}], "scores": [0, 0], "over": False}
    page.evaluate("(r) => localStorage.setItem('urzeit.save.old1', JSON.stringify(r))", record)
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.locator("#saved-list .saved-game .saved-resume").first.click()
    page.wait_for_function("() => document.getElementById('import-message').textContent.length > 0")
    text = page.locator("#import-message").inner_text()
    assert "älteren" in text or "older" in text
    assert page.locator("#saved-list .saved-game").count() == 1  # nothing deleted


# ---- nothing a player saw is lost (issue 26) ----

def phone_or_desk(browser, served_dist, width, height, lang):
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    page = context.new_page()
    page.add_init_script("globalThis.urzeitTestNoSnapshot = true")
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    ready(page, served_dist)
    set_lang(page, lang)
    return context, page


def set_lang(page, lang):
    if page.locator("#lang-toggle").inner_text() != ("EN" if lang == "de" else "DE"):
        page.click("#lang-toggle")
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")


def log_lines(page):
    return page.evaluate("() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)")


def saved_up_to_date(page):
    page.wait_for_function("""() => Object.keys(localStorage).some((k) => k.startsWith('urzeit.save.')
        && JSON.parse(localStorage.getItem(k)).replay.actions.length === window.urzeit.view.state_id)""")


def test_a_reload_returns_to_the_game_with_its_whole_log(browser, served_dist):
    context, page = phone_or_desk(browser, served_dist, 360, 740, "de")
    start(page, "sammler")
    for _ in range(3):
        sammler_place(page)
        act(page, {"type": "pass"})
    de = log_lines(page)
    set_lang(page, "en")
    en = log_lines(page)
    set_lang(page, "de")
    assert len(de) >= 4 and de != en
    saved_up_to_date(page)
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    # back at the table, not in the menu; the menu one tap away
    page.wait_for_selector("#app[data-game='sammler']")
    wait_idle(page)
    assert page.locator("#menu").is_hidden() and page.locator("#back-button").is_visible()
    box = page.locator("#back-button").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] < 740
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length === {len(de)}")
    assert log_lines(page) == de  # the same lines, the same grouping
    screenshot(page, "reload-back-at-the-table-360-de")
    set_lang(page, "en")
    assert log_lines(page) == en
    # and through the menu's "Resume"
    page.click("#back-button")
    page.click("#saved-list .saved-resume")
    page.wait_for_selector("#app[data-game='sammler']")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length === {len(en)}")
    assert log_lines(page) == en
    # a trip through the menu ends the return: the next reload shows the menu
    page.click("#back-button")
    page.reload()
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.wait_for_timeout(300)
    assert page.locator("#menu").is_visible() and page.locator("#app").get_attribute("data-game") is None
    page.watch.assert_clean()
    context.close()


def history_turns(replay):
    """The replay's turns (a seat's decisions until another seat decides) in a spectator's words."""
    h = engine_call()
    steps = h({"op": "history", "match": h({"op": "load", "save": replay})["match"], "seat": None})["steps"]
    turns = []
    for i, st in enumerate(steps):
        if turns and turns[-1]["seat"] == st["seat"]:
            turns[-1]["end"] = i + 1
            turns[-1]["lines"] += st["log"]
        else:
            turns.append({"seat": st["seat"], "end": i + 1, "lines": list(st["log"])})
    return turns


@pytest.mark.parametrize("width,height,lang", [(1366, 800, "en"), (360, 740, "de")])
def test_the_replay_viewer_tells_every_turn_and_jumps_to_any(browser, served_dist, width, height, lang):
    replay, _ = play_bot_game("sammler", 3)
    turns = history_turns(replay)
    n = len(turns)
    assert n < len(replay["actions"])  # a turn is more than one decision
    context, page = phone_or_desk(browser, served_dist, width, height, lang)
    page.evaluate("(r) => window.urzeit.openReplay(r)", replay)
    page.wait_for_selector("#replay-bar:not([hidden])")
    step = "() => document.getElementById('app').dataset.replayStep"
    page.wait_for_function(f"{step} === '0'")  # it opens at the first turn
    page.click("#replay-last")
    page.wait_for_function(f"{step} === '{len(replay['actions'])}'")
    word = {"de": "Zug", "en": "Turn"}[lang]
    assert page.locator("#replay-pos").inner_text() == f"{word} {n} / {n}"
    # every turn listed in words
    assert page.locator("#log button.replay-turn").count() == n
    assert page.locator("#log button.replay-turn").nth(4).inner_text() == "5. " + " ".join(x[lang] for x in turns[4]["lines"] if x[lang])
    page.click("#replay-first")
    page.wait_for_function(f"{step} === '0'")
    page.click("#replay-next")  # one turn: all its decisions
    page.wait_for_function(f"{step} === '{turns[0]['end']}'")
    assert page.locator("#replay-pos").inner_text() == f"{word} 1 / {n}"
    assert page.locator("#replay-text").inner_text() == " ".join(x[lang] for x in turns[0]["lines"] if x[lang])
    page.locator("#log button.replay-turn").nth(6).click()  # a jump to turn 7
    page.wait_for_function(f"{step} === '{turns[6]['end']}'")
    assert page.locator("#log button.replay-turn").nth(6).get_attribute("aria-current") == "step"
    assert page.locator("#replay-text").inner_text() == " ".join(x[lang] for x in turns[6]["lines"] if x[lang])
    page.click("#replay-prev")
    page.wait_for_function(f"{step} === '{turns[5]['end']}'")
    screenshot(page, f"replay-turns-{width}-{lang}")
    page.watch.assert_clean()
    context.close()


def undo_with_computer_moves():
    """A spaeher game where the player's undo would take back computer moves too."""
    h = engine_call()
    m = h({"op": "new", "game": "spaeher", "seats": [{"kind": "human", "name": "Spieler 1"},
          {"kind": "ai", "name": "Computer 2", "level": "random"}], "seed": 1})["match"]
    for _ in range(60):
        v = h({"op": "view", "match": m, "seat": 0})
        if v["current_seat"] == 0 and v["undo"] and v["undo_computer_moves"] > 1:
            return h({"op": "save", "match": m}), v["undo_computer_moves"]
        if v["current_seat"] == 0:
            h({"op": "act", "match": m, "seat": 0, "state_id": v["state_id"], "action": v["legal"][0]})
        else:
            h({"op": "ai", "match": m, "seat": 1})
    raise AssertionError("no such position")


def test_undo_says_it_takes_back_the_computers_moves_and_why_it_cannot(browser, served_dist):
    save, n = undo_with_computer_moves()
    context, page = phone_or_desk(browser, served_dist, 360, 740, "de")
    page.evaluate("(s) => window.urzeit.loadSave(s)", save)
    page.wait_for_selector("#app[data-game='spaeher']")
    wait_idle(page)
    said = f"Nimmt deinen letzten Zug und die {n} Züge des Computers zurück"
    assert page.locator("#undo-button").get_attribute("title") == said
    page.click("#undo-button")
    page.wait_for_function("() => document.getElementById('undo-note').textContent.length > 0")
    told = f"Zurückgenommen: dein letzter Zug und die {n} Züge des Computers"
    assert page.locator("#undo-note").inner_text() == told and page.locator("#undo-note").is_visible()
    assert log_lines(page)[-1] == "↶ " + told
    set_lang(page, "en")
    assert log_lines(page)[-1] == f"↶ Taken back: your last move and the computer’s {n} moves"
    set_lang(page, "de")
    # greyed out: a tap says why, in a line a phone shows (not only a hover title)
    page.click("#back-button")
    start(page, "sammler")
    assert undo_greyed(page)
    page.click("#undo-button", force=True)  # Playwright waits for aria-disabled; a finger does not
    words = page.evaluate("() => window.urzeit.request({op: 'hello'}).then(h => h.messages['undo.nothing'].de)")
    note = page.locator("#undo-note")
    assert note.inner_text() == words and note.is_visible()
    box = note.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    screenshot(page, "undo-reason-360-de")
    page.watch.assert_clean()
    context.close()


@pytest.mark.parametrize("width,height,lang", [(1366, 800, "en"), (360, 740, "de")])
def test_sharing_a_finished_game_says_it_is_over_and_the_link_fits(browser, served_dist, width, height, lang):
    context, page = phone_or_desk(browser, served_dist, width, height, lang)
    start(page, "nim")
    page.evaluate("() => { document.getElementById('legal-box').open = true; }")
    for _ in range(40):
        wait_idle(page)
        if page.locator("#app").get_attribute("data-over") == "true":
            break
        page.locator("#legal-actions button.legal-action").first.click()
    assert page.locator("#app").get_attribute("data-over") == "true"
    if not page.locator("#share-button").is_visible():  # a phone: under "more"
        page.click("#more-button")
    page.click("#share-button")
    page.wait_for_selector("#share-dialog[open]")
    text = page.locator("#share-message").inner_text()
    assert ("zu Ende" if lang == "de" else "is over") in text
    assert "am Zug" not in text and "Your move" not in text
    dialog = page.locator("#share-dialog").bounding_box()
    link = page.locator("#share-link").bounding_box()
    assert dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= width
    assert link["x"] >= dialog["x"] and link["x"] + link["width"] <= dialog["x"] + dialog["width"], (link, dialog)
    screenshot(page, f"share-at-the-end-{width}-{lang}")
    url = page.locator("#share-link").input_value()
    page.keyboard.press("Escape")
    # the link shows the finished game: in the replay viewer, at its end
    other = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    friend = other.new_page()
    friend.goto(url.replace("/#", "/?test=1#"))
    friend.wait_for_selector("#replay-bar:not([hidden])", timeout=READY)
    friend.wait_for_selector("#app[data-over='true']")
    assert friend.locator("#log button.replay-turn").count() >= 1
    other.close()
    context.close()


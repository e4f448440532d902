"""Fair play by link in the page (issue 24), in one short game between two browser contexts
(two players' own storage): the local share dialog offers a fair game instead; the invitation
says what it is, on both sides; the host's table says whom it waits for before anything is drawn
(Sammler and Elawa); fair games are resumed from the menu after the page was closed, on both
sides, and deleted only after a question; a link opened twice, one meant for another seat, a
tampered one, or one opened where the seat's secret is missing says so and changes nothing;
both end screens and menus say the record was verified."""

import base64
import json
import zlib

import pytest

from browser_support import PageWatch, engine_call, screenshot

READY = 60_000
SHORT = {"setup": {"tiles": ["L07", "L20", "L03", "L11"]}}  # four tiles: a game of eight moves


def ready(page, url):
    page.goto(url + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)


def open_link(page, link):
    if page.url.startswith("http"):  # the same page: only the fragment changes (no reload)
        page.evaluate("() => { delete document.getElementById('app').dataset.fairLink; }")
    page.goto(link.replace("/#", "/?test=1#"))
    page.wait_for_selector("#app[data-fair-link='done']", timeout=READY)
    page.wait_for_function("() => document.getElementById('app').dataset.busy !== 'true'")


def take_link(page):
    """The link the page offers for the next player (its share dialog opens by itself)."""
    page.wait_for_selector("#share-dialog[open]")
    link = page.locator("#share-link").input_value()
    page.evaluate("() => document.getElementById('share-dialog').close()")
    return link


def unpack(link):
    code = link.split("#f=", 1)[1]
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    return json.loads(zlib.decompress(raw, -15))


def repack(link, data):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(json.dumps(data, separators=(",", ":")).encode()) + c.flush()
    return link.split("#f=", 1)[0] + "#f=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def stored(page):
    return page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('urzeit.fair.') && k !== 'urzeit.fair.name')"
                         ".map((k) => localStorage.getItem(k))")


def new_page(context, served_dist):
    page = context.new_page()
    page.add_init_script("globalThis.urzeitTestNoSnapshot = true; globalThis.urzeitTestRelays = []")
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    ready(page, served_dist)
    return page


def fair_entries(page):
    return page.locator("#saved-list .fair-game")


def status(page):
    page.wait_for_selector("#fair-status:not([hidden])")
    return page.locator("#fair-status-text").inner_text()


def stored_keys(page):
    return page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('urzeit.fair.')"
                         " && k !== 'urzeit.fair.name').sort()")


def tamper(page, link):
    """One character of a move changed: refused with words, nothing stored changes."""
    data = unpack(link)
    act = next(m for m in data["m"] if m["kind"] == "act")
    a = act["action"]
    if "rotation" in a:
        a["rotation"] = (a["rotation"] + 1) % 4
    else:
        a["type"] += "x"
    before = stored(page)
    open_link(page, repack(link, data))
    assert page.locator("#app").get_attribute("data-fair-refused") == "fair.bad_signature"
    msg = page.locator("#fair-note").inner_text()  # at the top of the table, seen without scrolling
    assert "nicht angenommen" in msg or "refused" in msg
    assert stored(page) == before


def play_to_the_end(pages, cur):
    """Both sides play and pass links until the game is over; `pages[cur]` goes first. The
    first link with a move is tampered with once on the way. Returns the links' lengths."""
    sizes, tampered = [], False
    p = pages[cur]
    if p.locator("#app").get_attribute("data-fair-waiting") != "me" and not p.locator("#share-dialog[open]").count():
        p.click("#fair-send")  # a resumed game sends nothing by itself
    for _ in range(60):
        p = pages[cur]
        if all(q.evaluate("() => window.urzeit.view.over") for q in pages.values()):
            assert tampered
            return sizes
        if p.locator("#app").get_attribute("data-fair-waiting") == "me":
            r = p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
            assert r["ok"], r
            continue
        link = take_link(p)  # a move or a link taken opens the share dialog by itself
        sizes.append(len(link))
        if not tampered and any(m["kind"] == "act" for m in unpack(link)["m"]):
            tamper(pages[1 - cur], link)
            tampered = True
        open_link(pages[1 - cur], link)
        assert pages[1 - cur].locator("#message").inner_text() == pages[1 - cur].locator("#fair-note").inner_text() == ""
        cur = 1 - cur
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, players", [("elawa", 2), ("elawa", 4), ("sammler", 2)])
def test_the_table_before_the_first_draws_is_worded(game, players):
    """The host's table waits for the others' joins: nothing drawn yet (Elawa: no chief, no
    places), and the view's words say so in both languages instead of failing."""
    h = engine_call()
    for lang in ("de", "en"):
        r = h({"op": "fair_new", "game": game, "players": players, "seat": 0, "options": {}, "name": "Ada", "lang": lang})
        assert r["view"]["chance"] is not None and r["waiting"] == {"for": "join", "seats": list(range(1, players))}
        words = json.dumps(r["view"]["words"], ensure_ascii=False)
        assert "None" not in words and "null" not in words


@pytest.mark.browser
def test_fair_games_from_the_menu_and_what_links_say(browser, served_dist):
    host_ctx = browser.new_context(service_workers="block", viewport={"width": 1366, "height": 800}, locale="en-US")
    friend_ctx = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740}, locale="de-DE")
    host = new_page(host_ctx, served_dist)
    # the menu offers fair play where the engine does (hello), not elsewhere
    spaeher_fair = host.evaluate("() => window.urzeit.request({op: 'hello'})"
                                 ".then((h) => h.games.find((g) => g.id === 'spaeher').fair.ok)")
    host.click("[data-game-id='spaeher']")
    assert host.locator("#play-mode").is_visible() == spaeher_fair
    host.click("[data-game-id='sammler']")
    host.click("#mode-fair")
    assert host.locator("#seat-list .seat-kind").count() == 0
    host.click("#mode-local")

    # A local game's share dialog keeps its warning and offers the fair way: a new fair game
    # of the same title and seats, its invitation worded as one.
    host.click("[data-game-id='sammler']")
    host.fill("#seat-list input", "Ada")
    host.click("#start-button")
    host.wait_for_selector("#app[data-game='sammler'][data-mode='local']")
    host.click("#share-button")
    host.wait_for_selector("#share-dialog[open]")
    assert "trust" in host.locator("#share-note").inner_text()
    assert host.locator("#share-fair").is_visible()
    line = host.locator("#share-fair-line").inner_text()
    assert "nobody" in line and "signed" in line
    screenshot(host, "fair-page-local-share-desktop")
    host.click("#share-fair-button")
    host.wait_for_selector("#app[data-mode='fair']")
    host.wait_for_selector("#share-dialog[open][data-invite='true']")
    assert host.locator("#share-fair").is_hidden()
    assert host.locator("#share-title").inner_text() == "Invitation to seat 2 – “Carcassonne – Hunters and Gatherers”"
    assert host.locator("#share-message").inner_text() == (
        "Ada invites you to a fair game of “Carcassonne – Hunters and Gatherers”: you play seat 2 of 2.")
    note = host.locator("#share-note").inner_text()
    assert "open it in their own browser" in note and "not even the one who invites" in note and "signed" in note
    invite = unpack(host.locator("#share-link").input_value())
    assert invite["invite"] and invite["to"] == 1
    assert invite["m"][0]["table"]["players"] == 2 and invite["m"][0]["table"]["game"] == "sammler"
    screenshot(host, "fair-page-invite-desktop")
    host.evaluate("() => document.getElementById('share-dialog').close()")
    # behind it, the table says whom it waits for and that nothing is drawn yet
    text = status(host)
    assert text.startswith("Waiting since ") and "for Player 2 to join" in text and "Nothing is drawn yet" in text
    assert host.locator("#fair-send").inner_text() == "Send the link to Player 2"
    assert host.locator("#turn-info").inner_text() == ""
    screenshot(host, "fair-page-waiting-desktop")

    # Elawa: the same line before its first reveals
    host.evaluate("() => window.urzeit.startFair({game: 'elawa', players: 3, options: {}, name: 'Ada'})")
    host.wait_for_selector("#app[data-game='elawa'][data-mode='fair']")
    take_link(host)
    text = status(host)
    assert "for Player 2 and Player 3 to join" in text and "Nothing is drawn yet" in text, text
    screenshot(host, "fair-page-waiting-elawa-desktop")
    host.click("#lang-toggle")  # the line follows the language
    assert status(host).startswith("Warte seit ") and "darauf, dass Spieler 2 und Spieler 3 beitreten" in status(host)
    host.click("#lang-toggle")

    # the menu lists both; deleting asks first and says what is lost
    host.click("#back-button")
    assert fair_entries(host).count() == 2
    elawa = host.locator("#saved-list .fair-game", has_text="Elawa")
    assert "waiting for Player 2 and Player 3" in elawa.inner_text() and "fair by link" in elawa.inner_text()
    keys = stored_keys(host)
    elawa.locator(".fair-remove").click()
    host.wait_for_selector("#fair-delete-dialog[open]")
    assert "cannot go on in this game" in host.locator("#fair-delete-text").inner_text()
    screenshot(host, "fair-page-delete-desktop")
    host.click("#fair-delete-cancel")
    assert fair_entries(host).count() == 2 and stored_keys(host) == keys
    elawa.locator(".fair-remove").click()
    host.click("#fair-delete-ok")
    host.wait_for_function("() => document.querySelectorAll('#saved-list .fair-game').length === 1")
    assert len(stored_keys(host)) == 1 and "Elawa" not in host.locator("#saved-list").inner_text()

    # A short fair game between Ada (desktop, English) and Bo (phone, German).
    host.evaluate("(o) => window.urzeit.startFair({game: 'sammler', players: 2, options: o, name: 'Ada'})", SHORT)
    host.wait_for_selector("#share-dialog[open][data-invite='true']")
    invite = take_link(host)
    data = unpack(invite)
    assert data["to"] == 1 and data["invite"] and [m["kind"] for m in data["m"]] == ["join"]
    secret = next(json.loads(x)["private"] for x in stored(host) if json.loads(x)["gid"] == data["m"][0]["gid"])
    assert secret["key"] not in invite and secret["chain"] not in invite  # no secret travels
    assert len(invite) < 2000
    friend = new_page(friend_ctx, served_dist)
    friend.goto(invite.replace("/#", "/?test=1#"))
    friend.wait_for_selector("#fair-name-dialog[open]", timeout=READY)
    assert friend.locator("#fair-name-title").inner_text() == "Ada lädt dich zu „Carcassonne – Jäger und Sammler“ ein"
    assert "du spielst Platz 2 von 2" in friend.locator("#fair-name-seat").inner_text()
    assert "auch nicht, wer einlädt" in friend.locator("#fair-name-dialog").inner_text()
    screenshot(friend, "fair-page-join-phone")
    friend.fill("#fair-name", "Bo")
    friend.click("#fair-name-ok")
    friend.wait_for_selector("#app[data-mode='fair']")
    to_ada = take_link(friend)
    text = status(friend)
    assert text.startswith("Warte seit ") and "die Zufallszahl von Ada" in text and "zum ersten Mal gezogen" in text, text
    screenshot(friend, "fair-page-waiting-phone")
    friend.set_viewport_size({"width": 820, "height": 1180})
    screenshot(friend, "fair-page-waiting-tablet")
    friend.set_viewport_size({"width": 360, "height": 740})

    # Bo closes the page; the menu offers the game, and the link to Ada is made again
    friend.close()
    friend = new_page(friend_ctx, served_dist)
    entry = fair_entries(friend)
    assert entry.count() == 1 and "wartet auf Ada" in entry.inner_text() and "letzte Nachricht" in entry.inner_text()
    screenshot(friend, "fair-page-menu-phone")
    entry.locator(".fair-open").click()
    friend.wait_for_selector("#app[data-mode='fair'][data-game='sammler']")
    assert "auf Ada" in status(friend)
    assert friend.locator("#share-dialog[open]").count() == 0  # opening sends nothing by itself
    friend.click("#fair-send")
    assert unpack(take_link(friend))["m"] == unpack(to_ada)["m"]
    # the old invitation again: nothing new, no second name asked, nothing stored changes
    before = stored(friend)
    open_link(friend, invite)
    assert friend.locator("#app").get_attribute("data-fair-refused") == "fair.nothing_new"
    assert "schon geöffnet" in friend.locator("#fair-note").inner_text()
    assert stored(friend) == before and friend.locator("#fair-name-dialog[open]").count() == 0
    screenshot(friend, "fair-page-old-link-phone")

    # a browser without seat 0's secret cannot take Ada's link
    third = browser.new_context(service_workers="block")
    stranger = third.new_page()
    stranger.add_init_script("globalThis.urzeitTestNoSnapshot = true; globalThis.urzeitTestRelays = []")
    open_link(stranger, to_ada)
    assert stranger.locator("#app").get_attribute("data-fair-missing") == "0"
    assert stranger.locator("#app").get_attribute("data-game") is None
    text = stranger.locator("#import-message").inner_text()
    assert "Schlüssel" in text or "key" in text
    third.close()

    # Ada opens Bo's link, then again: nothing new, said plainly, nothing stored changes
    open_link(host, to_ada)
    assert host.locator("#message").inner_text() == ""
    if host.locator("#share-dialog[open]").count():
        to_bo = take_link(host)
    before = stored(host)
    open_link(host, to_ada)
    assert host.locator("#app").get_attribute("data-fair-refused") == "fair.nothing_new"
    assert "opened this link before" in host.locator("#fair-note").inner_text()
    assert stored(host) == before
    # a link for another seat (her own invitation to Bo) is not taken as hers
    open_link(host, invite)
    assert host.locator("#app").get_attribute("data-fair-refused") == "other_seat"
    assert "This link is for Bo (seat 2), not for you" in host.locator("#fair-note").inner_text()
    screenshot(host, "fair-page-other-seat-desktop")
    assert stored(host) == before and host.locator("#fair-name-dialog[open]").count() == 0

    # Ada closes the page too and resumes from the menu
    mine = host.evaluate("() => document.getElementById('app').dataset.fairWaiting") == "me"
    host.close()
    host = new_page(host_ctx, served_dist)
    entry = host.locator("#saved-list .fair-game", has_text="Bo")
    assert ("your move" if mine else "waiting for Bo") in entry.inner_text()
    entry.locator(".fair-open").click()
    host.wait_for_selector("#app[data-mode='fair'][data-game='sammler']")
    if mine:
        assert status(host) == "Your move."
        assert host.evaluate("() => window.urzeit.legal.length") > 0
    else:
        assert "for Bo" in status(host)

    # to the end: both menus show the result and the check
    sizes = play_to_the_end({0: host, 1: friend}, 0)
    print("link sizes", sizes)
    assert max(sizes) < 3000, sizes
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
        assert "rüft" in p.locator("#end-fair").inner_text() or "erified" in p.locator("#end-fair").inner_text()
        assert p.locator("#notice").inner_text() == "", "the end screen says how it ended; no 'your move'"
    # whoever made the last move is asked to send it; the other's table only shows the end
    last = host.evaluate("() => window.urzeit.request({op: 'fair_record', party: window.urzeit.view.match})"
                                            ".then((r) => r.messages[r.messages.length - 1].seat)")
    assert [p.locator("#fair-status").is_visible() for p in (host, friend)] == [last == 0, last == 1]
    screenshot(friend, "fair-end-phone")
    record = host.evaluate("() => window.urzeit.request({op: 'fair_record', party: window.urzeit.view.match})")
    assert record["result"]["over"] and "key" not in json.dumps(record["messages"][2:])
    host.click("#end-menu-button")
    done = host.locator("#saved-list .fair-game", has_text="Bo")
    assert "verified" in done.inner_text() and ("wins" in done.inner_text() or "A draw" in done.inner_text())
    assert done.locator(".fair-open").inner_text() == "Watch"
    friend.click("#end-menu-button")
    done = fair_entries(friend)
    assert "geprüft" in done.inner_text() and ("gewinnt" in done.inner_text() or "Unentschieden" in done.inner_text())
    screenshot(friend, "fair-page-menu-finished-phone")
    screenshot(host, "fair-page-menu-desktop")
    # a finished game opens to its end screen, checked again
    done.locator(".fair-open").click()
    friend.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    for p in (host, friend):
        p.watch.assert_clean()
    host_ctx.close()
    friend_ctx.close()

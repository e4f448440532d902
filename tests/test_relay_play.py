"""A table friends come back to (issue 37), through real relay software on localhost
(tests/relay_support.py: PyPI nostr-relay, and a hostile proxy before it): one link to join, the
pages finding each other again by themselves after a reload, the game going on through the relays
when no direct channel opens, a turn-based game with only one page open at a time — and the relay
reading and forging nothing."""

import sys
import time

import pytest

from browser_support import ROOT, screenshot
from relay_support import HostileProxy, nostr_relay  # noqa: F401 (a fixture)
from test_live_play import READY, SHORT, SHORT_ELAWA, new_page, open_link_here, play, ready, same_state, state_id

pytestmark = pytest.mark.browser
# no direct channel can open: no candidates at all (a network that would need TURN)
NO_DIRECT = """(() => { const P = globalThis.RTCPeerConnection;
  globalThis.RTCPeerConnection = function (cfg) { return new P({ ...(cfg || {}), iceTransportPolicy: 'relay' }); };
  globalThis.RTCPeerConnection.prototype = P.prototype; })();"""


def relay_page(browser, url, lang="de", phone=True, context=None, direct=True):
    p = new_page(browser, lang, phone, context)
    p.add_init_script(f"globalThis.urzeitTestRelays = [{url!r}]")
    if not direct:
        p.add_init_script(NO_DIRECT)
    return p


def all_live(pages, timeout=20_000):
    """Waits until every page's live channel is open; if one is not, says what each page's
    signalling did (its last steps) before failing."""
    try:
        for p in pages:
            p.wait_for_selector("#app[data-live='open']", timeout=timeout)
    except Exception:
        for i, p in enumerate(pages):
            print(f"page {i}: live={p.locator('#app').get_attribute('data-live')}", p.evaluate("() => JSON.stringify(window.urzeit.live.state)"))
        raise


def checked(page):
    rec = page.evaluate("() => window.urzeit.request({op: 'fair_record', party: window.urzeit.session.matchId})")
    sys.path.insert(0, str(ROOT / "py"))
    from urzeit import fair
    fair.check(rec)
    return rec


SECRET_LINE = "Treffen am Schwanensee um acht"
HOST, FRIEND = "Adalbertine", "Bonifatius"  # names long enough to be sure no ciphertext holds them by chance


def host_live(page, served_dist, game="sammler", options=SHORT):
    ready(page, served_dist)
    page.evaluate("([g, o, n]) => window.urzeit.startLive({game: g, players: 2, options: o, name: n})", [game, options, HOST])
    page.wait_for_selector("#live-panel .live-seat[data-seat='1'] .live-invite", timeout=READY)
    page.click("#live-panel .live-invite[data-seat='1']")
    page.wait_for_function("() => (document.getElementById('live-invite-dialog-link') || {}).value?.includes('#l=')")
    return page.locator("#live-invite-dialog-link").input_value()


def join_by_one_link(friend, link, name=FRIEND):
    friend.goto(link.replace("/#", "/?test=1#"))
    friend.wait_for_selector("#live-name-dialog[open]", timeout=READY)
    friend.fill("#live-name", name)
    friend.click("#live-name-ok")


def test_one_link_to_join_and_the_pages_find_each_other_again(browser, served_dist, nostr_relay):
    host = relay_page(browser, nostr_relay.url, "en", phone=False)
    link = host_live(host, served_dist)
    friend = relay_page(browser, nostr_relay.url)
    t0 = time.monotonic()
    join_by_one_link(friend, link)
    # no answer link to send back: the table opens on both sides
    for p in (host, friend):
        p.wait_for_selector("#app[data-live='open'][data-mode='fair']", timeout=30_000)
    joined = time.monotonic() - t0
    assert friend.locator("#app").get_attribute("data-live-answer-by") == "relays"
    assert friend.locator("#live-answer-dialog[open]").count() == 0  # closed once connected
    assert host.locator("#live-invite-dialog[open]").count() == 0
    play([host, friend], moves=3)

    # the friend reloads: the pages find each other again by themselves
    at = same_state([host, friend])
    friend.reload()
    friend.wait_for_selector("#app[data-game='sammler'][data-mode='fair']", timeout=READY)
    t1 = time.monotonic()  # both online again
    host.wait_for_selector("#live-panel .live-seat[data-seat='1'] .live-state:has-text('away since')", timeout=10_000)
    all_live([host, friend])
    back = time.monotonic() - t1
    assert same_state([host, friend]) == at
    # while away, the host's panel said so, and since when
    play([host, friend], moves=2)

    # a chat line goes the same ways, sealed: the relay keeps no word of it
    host.click("#live-chat summary")
    host.fill("#live-chat-text", SECRET_LINE)
    host.click("#live-chat-send")
    friend.wait_for_function("(t) => document.getElementById('live-said').textContent.endsWith(t)", arg=SECRET_LINE, timeout=10_000)

    # the host reloads
    host.reload()
    host.wait_for_selector("#app[data-game='sammler'][data-mode='fair']", timeout=READY)
    t2 = time.monotonic()
    all_live([host, friend])
    host_back = time.monotonic() - t2
    print(f"joined by one link in {joined:.1f} s (the friend's page loading included); once both were online again, "
          f"the friend's reload reconnected in {back:.1f} s, the host's in {host_back:.1f} s")
    assert back < 10 and host_back < 10
    play([host, friend])
    assert checked(host) == checked(friend)
    # what the relay keeps: ciphertext only — no move, no name
    stored = " ".join(str(r) for r in nostr_relay.stored_events())
    assert stored and HOST not in stored and FRIEND not in stored and '"kind": "act"' not in stored and '"kind":"act"' not in stored
    assert SECRET_LINE not in stored and "Schwanensee" not in stored
    host.context.close()
    friend.context.close()


def test_three_pages_join_by_one_link_each_and_find_each_other_again(browser, served_dist, nostr_relay):
    """A host and two friends: each friend joins by the one link the host sent to its seat; after a
    reload of a friend and of the host every page is back at the table by itself."""
    host = relay_page(browser, nostr_relay.url, "en", phone=False)
    ready(host, served_dist)
    host.evaluate("([o, n]) => window.urzeit.startLive({game: 'sammler', players: 3, options: o, name: n})", [SHORT, HOST])
    host.wait_for_selector("#live-panel .live-invite[data-seat='2']", timeout=READY)
    pages = [host]
    for seat, (name, lang) in ((1, (FRIEND, "de")), (2, ("Cunigunde", "en"))):
        host.evaluate("() => { const d = document.getElementById('live-invite-dialog'); if (d && d.open) d.close(); }")
        host.click(f"#live-panel .live-invite[data-seat='{seat}']")
        host.wait_for_function("() => (document.getElementById('live-invite-dialog-link') || {}).value?.includes('#l=')")
        friend = relay_page(browser, nostr_relay.url, lang, phone=seat == 1)
        join_by_one_link(friend, host.locator("#live-invite-dialog-link").input_value(), name)
        friend.wait_for_selector("#app[data-live='open'][data-mode='fair']", timeout=30_000)
        pages.append(friend)
    for p in pages:
        p.wait_for_selector("#app[data-live='open']", timeout=30_000)
        p.wait_for_function("() => window.urzeit.view.seats.every((s) => s.name && !s.name.startsWith('Spieler'))", timeout=30_000)
    assert pages[2].evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == [HOST, FRIEND, "Cunigunde"]
    assert host.locator("#live-invite-dialog[open]").count() == 0
    play(pages, moves=4)

    for who in (2, 0):  # a friend's page reloads, then the host's
        at = same_state(pages)
        pages[who].reload()
        pages[who].wait_for_selector("#app[data-game='sammler'][data-mode='fair']", timeout=READY)
        t0 = time.monotonic()
        all_live(pages)
        print(f"three pages: after the reload of seat {who}, all connected again in {time.monotonic() - t0:.1f} s")
        assert time.monotonic() - t0 < 10  # the goal: within 10 s of both being online
        assert same_state(pages) == at
        play(pages, moves=3)
    play(pages)
    records = [checked(p) for p in pages]
    assert records[0] == records[1] == records[2] and records[0]["result"]["over"]
    stored = " ".join(str(r) for r in nostr_relay.stored_events())
    assert HOST not in stored and FRIEND not in stored and "Cunigunde" not in stored
    for p in pages:
        p.context.close()


def test_the_host_back_from_the_menu_plays_live_again(browser, served_dist, nostr_relay):
    """The host leaves a live game (a friend and a computer seat at it) for the menu and opens it
    again from there: the pages find each other through the relays, the computer seat plays on."""
    host = relay_page(browser, nostr_relay.url, "en", phone=False)
    ready(host, served_dist)
    host.evaluate("([o, n]) => window.urzeit.startLive({game: 'sammler', players: 3, options: o, name: n,"
                  " seats: [{}, {kind: 'friend'}, {kind: 'ai', level: 'easy'}]})", [SHORT, HOST])
    host.wait_for_selector("#live-panel .live-invite[data-seat='1']", timeout=READY)
    host.click("#live-panel .live-invite[data-seat='1']")
    host.wait_for_function("() => (document.getElementById('live-invite-dialog-link') || {}).value?.includes('#l=')")
    friend = relay_page(browser, nostr_relay.url)
    join_by_one_link(friend, host.locator("#live-invite-dialog-link").input_value())
    for p in (host, friend):
        p.wait_for_selector("#app[data-live='open'][data-mode='fair']", timeout=30_000)
    play([host, friend], moves=3)
    at = same_state([host, friend])

    host.click("#back-button")
    host.wait_for_selector("#menu:not([hidden])")
    friend.wait_for_selector("#live-panel .live-seat[data-seat='0'] .live-state:has-text('weg seit')", timeout=10_000)
    host.click("#saved-list .fair-game.running .fair-open")
    host.wait_for_selector("#app[data-game='sammler'][data-mode='fair']", timeout=READY)
    t0 = time.monotonic()
    all_live([host, friend])
    print(f"the host back from the menu: connected again in {time.monotonic() - t0:.1f} s")
    assert time.monotonic() - t0 < 10
    assert same_state([host, friend]) == at
    # the computer seat is the host's again: it keeps playing
    assert "Computer" in host.locator("#live-panel .live-seat[data-seat='2']").inner_text()
    play([host, friend])
    assert checked(host) == checked(friend)
    host.context.close()
    friend.context.close()


def test_without_a_direct_channel_the_game_goes_on_through_the_relays(browser, served_dist, nostr_relay):
    host = relay_page(browser, nostr_relay.url, "en", phone=False, direct=False)
    link = host_live(host, served_dist, "elawa", SHORT_ELAWA)
    friend = relay_page(browser, nostr_relay.url, direct=False)
    join_by_one_link(friend, link)
    friend.wait_for_selector("#app[data-mode='fair'][data-game='elawa']", timeout=60_000)
    for p in (host, friend):
        p.wait_for_selector("#app[data-live-way='relays']", timeout=60_000)
    assert "Relais" in friend.locator("#live-way").inner_text()
    play([host, friend])
    assert checked(host) == checked(friend)
    host.context.close()
    friend.context.close()


def test_a_turn_based_game_with_only_one_page_open_at_a_time(browser, served_dist, nostr_relay):
    """Ada and Bo play Elawa by turns, days apart: each opens the game, finds every move since,
    moves and closes the page. After the invitation, no link goes between them."""
    ada_ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 860})
    bo_ctx = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740})
    ada = relay_page(browser, nostr_relay.url, "en", context=ada_ctx)
    ready(ada, served_dist)
    ada.evaluate("([o, n]) => window.urzeit.startFair({game: 'elawa', players: 2, options: o, name: n})", [SHORT_ELAWA, HOST])
    ada.wait_for_selector("#share-dialog[open]", timeout=READY)  # the invitation: the one link
    invitation = ada.locator("#share-link").input_value()
    ada.close()
    bo = relay_page(browser, nostr_relay.url, context=bo_ctx)
    bo.goto(invitation.replace("/#", "/?test=1#"))
    bo.wait_for_selector("#fair-name-dialog[open]", timeout=READY)
    bo.fill("#fair-name", FRIEND)
    bo.click("#fair-name-ok")
    bo.wait_for_selector("#app[data-mode='fair'][data-game='elawa'][data-relays='open']", timeout=READY)
    pages, turn, moves, p = {"ada": ada_ctx, "bo": bo_ctx}, "bo", 0, bo
    opened_on_my_turn = news_seen = 0
    chat = {"said": False, "read": False}
    for _ in range(80):
        if p is None:
            p = relay_page(browser, nostr_relay.url, "en" if turn == "ada" else "de", context=pages[turn])
            ready(p, served_dist)
            # the menu asked the relays: the other player moved while this page was closed
            entry = p.wait_for_selector("#saved-list .fair-game[data-fair-news='true']", timeout=30_000)
            other = FRIEND if turn == "ada" else HOST
            assert other in entry.inner_text() and p.title().startswith("●")
            news_seen += 1
            p.click("#saved-list .fair-game .fair-open")  # the running game, from the menu
            p.wait_for_selector("#app[data-mode='fair'][data-game='elawa']", timeout=READY)
        # every move since, from the relays: then it is this player's move, the other's (the
        # other's part of the set-up still to come), or the game is over
        p.wait_for_function("() => window.urzeit.session.relays && window.urzeit.session.relays.read", timeout=30_000)
        p.wait_for_function("() => document.getElementById('app').dataset.busy !== 'true'", timeout=30_000)
        if p.evaluate("() => window.urzeit.view.over"):
            rec = checked(p)
            break
        # the chat goes the same way, over days: a line from Bo, found by Ada when she next opens the game
        if turn == "bo" and not chat["said"]:
            p.click("#live-chat summary")
            p.fill("#live-chat-text", SECRET_LINE)
            p.click("#live-chat-send")
            p.wait_for_function("(t) => document.getElementById('live-said').textContent.endsWith(t)", arg=SECRET_LINE)
            screenshot(p, "turns-chat-phone")
            chat["said"] = True
        elif turn == "ada" and chat["said"] and not chat["read"]:
            p.wait_for_function("(t) => document.getElementById('live-chat-lines').textContent.includes(t)", arg=SECRET_LINE, timeout=20_000)
            assert p.locator("#live-chat-lines img, #live-chat-lines script").count() == 0
            chat["read"] = True
        if p.locator("#app").get_attribute("data-fair-waiting") == "me":
            opened_on_my_turn += 1
        while p.locator("#app").get_attribute("data-fair-waiting") == "me" and not p.evaluate("() => window.urzeit.view.over"):
            assert p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")["ok"]
            moves += 1
        # no link to send: the relays carry it
        assert p.locator("#share-dialog[open]").count() == 0, f"{turn} after {moves} moves: {p.evaluate('() => window.urzeit.session')}"
        p.wait_for_function("() => window.urzeit.session.relays.unsent === 0", timeout=20_000)  # the relays took it
        p.close()
        p = None
        turn = "bo" if turn == "ada" else "ada"
    else:
        raise AssertionError("the game did not end")
    assert moves > 4 and opened_on_my_turn > 4 and news_seen > 4 and rec["result"]["over"] and chat["read"]
    stored = " ".join(str(r) for r in nostr_relay.stored_events())
    assert HOST not in stored and FRIEND not in stored and '"kind":"act"' not in stored and "Schwanensee" not in stored
    ada_ctx.close()
    bo_ctx.close()


def test_a_hostile_relay_changes_nothing(browser, served_dist, nostr_relay):
    proxy = HostileProxy(nostr_relay.url, seed=3, drop=0.0).start()
    try:
        host = relay_page(browser, proxy.url, "en", phone=False, direct=False)
        link = host_live(host, served_dist, "elawa", SHORT_ELAWA)
        friend = relay_page(browser, proxy.url, direct=False)
        join_by_one_link(friend, link)
        friend.wait_for_selector("#app[data-mode='fair'][data-game='elawa']", timeout=60_000)
        play([host, friend])
        assert checked(host) == checked(friend)
        assert proxy.log["injected"] > 20 and proxy.log["duplicated"] > 0
        for p in (host, friend):
            assert p.locator("#app").get_attribute("data-live-refused") is None  # a forgery never reached the game
        host.context.close()
        friend.context.close()
    finally:
        proxy.stop()


def test_the_relay_stopped_mid_game(browser, served_dist, tmp_path):
    """The only relay stops in the middle of a game: pages with a direct channel play on as if
    nothing happened; pages whose moves went through the relay say they are not connected and
    go on by link; once the relay is back, the moves go through it again."""
    from relay_support import Relay
    relay = Relay(tmp_path).start()
    try:
        # a direct channel: the relay only signalled; its stop changes nothing
        host = relay_page(browser, relay.url, "en", phone=False)
        friend = relay_page(browser, relay.url)
        join_by_one_link(friend, host_live(host, served_dist))
        for p in (host, friend):
            p.wait_for_selector("#app[data-live='open'][data-mode='fair']", timeout=30_000)
        play([host, friend], moves=2)
        relay.stop()
        for p in (host, friend):
            p.wait_for_selector("#app:not([data-relays='open'])", timeout=20_000)
        at = same_state([host, friend])
        play([host, friend], moves=4)
        assert same_state([host, friend]) > at
        assert host.locator("#app").get_attribute("data-live") == "open" == friend.locator("#app").get_attribute("data-live")
        host.context.close()
        friend.context.close()

        # no direct channel: the moves went through the relay; when it stops, the game goes on by link
        relay.start()
        host = relay_page(browser, relay.url, "en", phone=False, direct=False)
        friend = relay_page(browser, relay.url, direct=False)
        join_by_one_link(friend, host_live(host, served_dist, "elawa", SHORT_ELAWA))
        for p in (host, friend):
            p.wait_for_selector("#app[data-live-way='relays']", timeout=60_000)
        play([host, friend], moves=3)
        at = same_state([host, friend])
        relay.stop()
        for p in (host, friend):
            p.wait_for_selector("#app:not([data-live-way='relays'])", timeout=20_000)
        seen, sender = {}, None
        for _ in range(8):  # links each way until each side has sent one
            if len(seen) == 2:
                break
            mine = [p for p in (host, friend) if p.locator("#app").get_attribute("data-fair-waiting") == "me"]
            mover = mine[0] if mine else sender  # nobody to move: the one who took the last link sends its answer
            other, to = (friend, 1) if mover is host else (host, 0)
            if mine:
                play([mover], moves=1)
            seen[mover is host] = mover.locator(f"#live-panel .live-seat[data-seat='{to}'] .live-state").inner_text()
            mover.click(f"#live-panel .live-by-link[data-seat='{to}']")
            mover.wait_for_selector("#share-dialog[open]")
            link = mover.locator("#share-link").input_value()
            mover.evaluate("() => document.getElementById('share-dialog').close()")
            before = state_id(other)
            open_link_here(other, link)
            other.wait_for_function("(n) => window.urzeit.view.state_id > n", arg=before, timeout=READY)
            sender = other
        # each side says the other is away (and since when) and offers the link
        assert "away since" in seen[True] and "weg seit" in seen[False], seen
        assert same_state([host, friend]) > at

        # the relay is back: the pages find it again and the moves go through it
        relay.start()
        for p in (host, friend):
            p.wait_for_selector("#app[data-live-way='relays']", timeout=60_000)
        play([host, friend])
        assert checked(host) == checked(friend)
        host.context.close()
        friend.context.close()
    finally:
        relay.stop()

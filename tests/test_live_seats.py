"""Live play with the host's own other seats (issue 25, goal 4): a computer seat and a hot-seat
seat beside friends at one live table. The host's browser holds each of those seats' own party
(keys, secrets), runs the computer's bot and lets the hot-seat player move on its screen; the
friends see those seats named as what they are. Every record passes `fair.check`."""

import pytest

from browser_support import screenshot
from test_live_play import (READY, SHORT, open_invite_here, SHORT_ELAWA, checked, connected, invite, new_page, open_invite, paste_answer, ready,
                            refused, state_id)

pytestmark = pytest.mark.browser


def my_turn(p):
    return p.locator("#app").get_attribute("data-fair-waiting") == "me" and p.evaluate("() => window.urzeit.legal.length")


def play_humans(pages, limit=600, moves_max=None):
    """Each page moves (its first legal move) when its shown seat is to move; the computer
    seats move by themselves. Until every page shows the end (or `moves_max` moves)."""
    moves = 0
    for _ in range(limit):
        if moves_max is not None and moves >= moves_max:
            return moves
        if all(p.evaluate("() => Boolean(window.urzeit.view && window.urzeit.view.over)") for p in pages):
            return moves
        for p in pages:
            if p.locator("#pass-screen").is_visible():
                p.click("#pass-ready")
            if my_turn(p):
                r = p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
                assert r["ok"], r
                moves += 1
                break
        else:
            pages[0].wait_for_timeout(20)
    raise AssertionError("the game did not end")


def test_computer_seat_and_friend_at_one_live_table(browser, served_dist):
    host = new_page(browser, "en", phone=False)
    ready(host, served_dist)
    # the set-up offers each other seat as a friend, a person here or the computer
    host.click("[data-game-id='sammler']")
    host.click("#mode-live")
    host.select_option("#player-count", "3")
    host.select_option(".seat-live[data-seat='1']", "ai")
    assert host.locator("#seat-list .seat[data-seat='1'] .seat-level").count() == 1
    # every level the local table offers, the expert included
    assert host.locator("#seat-list .seat[data-seat='1'] .seat-level option").all_inner_texts() == [
        "Random", "Easy", "Medium", "Hard", "Expert"]
    host.select_option(".seat-live[data-seat='2']", "human")
    assert host.locator("#seat-list .seat[data-seat='2'] input").count() == 1  # a hot-seat player's name
    host.select_option(".seat-live[data-seat='2']", "friend")
    screenshot(host, "live-setup-desktop")
    host.evaluate("(o) => window.urzeit.startLive({game: 'sammler', players: 3, options: o, name: 'Ada',"
                  " seats: [{kind: 'friend'}, {kind: 'ai', level: 'expert'}, {kind: 'friend'}]})", SHORT)
    host.wait_for_selector("#live-panel .live-seat[data-seat='2'] .live-invite")
    bot = host.locator("#live-panel .live-seat[data-seat='1']")
    assert bot.get_attribute("data-here") == "ai" and bot.locator(".live-invite").count() == 0
    assert bot.locator(".live-name").inner_text() == "Computer (Expert)"  # named once, where it plays beside it
    assert bot.locator(".live-state").inner_text() == "on this device"

    friend = new_page(browser, "de", phone=True)
    link = invite(host, 2)
    # the invite names the seat as the panel does
    panel_name = host.locator("#live-panel .live-seat[data-seat='2'] .live-name").inner_text()
    assert f"Live invite for {panel_name}" in host.locator("#live-invite-dialog").inner_text()
    paste_answer(host, open_invite(friend, link, "Cy"))
    connected(host, friend)
    seat = friend.locator("#live-panel .live-seat[data-seat='1']")
    friend.wait_for_function("() => document.querySelector(\"#live-panel .live-seat[data-seat='1']\").dataset.here === 'ai'")
    assert seat.locator(".live-name").inner_text() == "Computer (Experte)"
    assert seat.locator(".live-state").inner_text() == "beim Gastgeber"
    assert seat.get_attribute("data-state") == "open"
    assert friend.evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == ["Ada", "Computer (Experte)", "Cy"]
    play_humans([host, friend], moves_max=3)
    # the computer moved after Ada's first move: its move, worded on the friend's page (checked now:
    # the log of a fair table starts anew after a reload or a resumed connection)
    friend.wait_for_function("() => document.getElementById('log').innerText.includes('Computer (Experte)')", timeout=30_000)
    # a reload of the host: its computer seat comes back from this tab's session (its own key)
    host.reload()
    host.wait_for_selector("#app[data-game='sammler'][data-mode='fair']", timeout=READY)
    host.wait_for_selector("#live-panel .live-seat[data-seat='1'][data-here='ai']")
    open_invite_here(friend, invite(host, 2), "Cy")
    assert friend.locator("#app").get_attribute("data-live-invite") == "resumed"
    paste_answer(host, friend.locator("#live-answer-dialog-link").input_value())
    connected(host, friend)
    play_humans([host, friend])
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    rec = checked(host)
    assert rec == checked(friend)
    bot_moves = [m for m in rec["messages"] if m["kind"] == "act" and m["seat"] == 1]
    assert len(bot_moves) >= 2  # signed by the computer seat's own key
    screenshot(friend, "live-seats-end-phone")
    # a rematch keeps the seats: the computer seat is made again (new keys) and plays on
    host.click("#live-rematch")
    for p in (host, friend):
        p.wait_for_function("(g) => window.urzeit.view.fair.gid !== g && window.urzeit.view.fair.state", arg=rec["gid"],
                            timeout=30_000)
    assert friend.evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == ["Ada", "Computer (Experte)", "Cy"]
    play_humans([host, friend])
    again = checked(friend)
    assert again["gid"] != rec["gid"] and any(m["kind"] == "act" and m["seat"] == 1 for m in again["messages"])
    friend.context.close()
    host.context.close()


def test_hot_seat_seat_and_friend_at_one_live_table(browser, served_dist):
    # Elawa hides each hand: the hot-seat player's hand shows only on its turn, behind the pass screen
    host = new_page(browser, "de", phone=True)
    ready(host, served_dist)
    host.click("[data-game-id='elawa']")
    host.click("#mode-live")
    host.select_option("#player-count", "3")
    host.select_option(".seat-live[data-seat='1']", "human")
    host.fill("#seat-list .seat[data-seat='1'] input", "Bea")
    host.select_option(".seat-live[data-seat='2']", "ai")
    screenshot(host, "live-setup-phone")
    assert host.evaluate("() => document.documentElement.scrollWidth") <= 360  # nothing sticks out on a phone
    host.evaluate("(o) => window.urzeit.startLive({game: 'elawa', players: 3, options: o, name: 'Ada',"
                  " seats: [{kind: 'friend'}, {kind: 'human', name: 'Bea'}, {kind: 'friend'}]})", SHORT_ELAWA)
    host.wait_for_selector("#live-panel .live-seat[data-seat='2'] .live-invite")
    assert host.locator("#live-panel .live-seat[data-seat='1']").get_attribute("data-here") == "human"
    assert "Mensch an diesem Gerät" in host.locator("#live-panel .live-seat[data-seat='1']").inner_text()
    friend = new_page(browser, "en", phone=False)
    paste_answer(host, open_invite(friend, invite(host, 2), "Cy"))
    connected(host, friend)
    friend.wait_for_function("() => document.querySelector(\"#live-panel .live-seat[data-seat='1']\").dataset.here === 'human'")
    assert "on the host's device" in friend.locator("#live-panel .live-seat[data-seat='1']").inner_text()
    assert friend.evaluate("() => window.urzeit.view.seats.map((s) => s.name)") == ["Ada", "Bea", "Cy"]
    seen = set()
    for _ in range(400):
        if host.locator("#pass-screen").is_visible():
            assert host.locator("#board").evaluate("(b) => getComputedStyle(b).visibility") == "hidden"
            screenshot(host, "live-hotseat-pass-phone")
            host.click("#pass-ready")
        shown = host.evaluate("() => window.urzeit.view.seat")
        seen.add(shown)
        if shown == 1 and my_turn(host):
            break
        for p in (host, friend):
            if my_turn(p):
                assert p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")["ok"]
                break
        else:
            host.wait_for_timeout(20)
    # Bea's turn: the host's page shows Bea's own party (her hand), the friend waits for her
    assert host.evaluate("() => window.urzeit.view.current_seat") == 1 and 1 in seen
    assert host.locator("#app").get_attribute("data-passing") != "true"
    screenshot(host, "live-hotseat-turn-phone")
    screenshot(friend, "live-hotseat-friend-desktop")
    play_humans([host, friend])
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    assert host.evaluate("() => window.urzeit.view.seat") == 0  # at the end: the host's own seat again
    rec = checked(host)
    assert rec == checked(friend)
    assert any(m["kind"] == "act" and m["seat"] == 1 for m in rec["messages"])
    friend.context.close()
    host.context.close()


def test_chat_lines_are_signed_text_and_flood_limited(browser, served_dist):
    from test_live_play import host_table, play, same_state
    host = host_table(browser, served_dist, "sammler", 2, SHORT, lang="en", phone=False)
    friend = new_page(browser, "de", phone=True)
    # an answer the host never opens: when the friend's wait runs out, it says so and offers the link game
    ready(friend, served_dist)
    friend.evaluate("() => { globalThis.urzeitLiveAnswerMs = 1500; }")
    open_invite_here(friend, invite(host, 1), "Bo")
    friend.wait_for_selector("#app[data-live-answer-timeout='true']", timeout=15_000)
    assert "nicht innerhalb von 10 Minuten" in friend.locator("#message").inner_text()
    assert "per Link" in friend.locator("#message").inner_text()
    assert friend.locator("#live-answer-dialog[open]").count() == 0
    assert host.locator("#live-panel .live-by-link[data-seat='1']").count() == 1  # the host's way to the link game
    friend.evaluate("() => { delete globalThis.urzeitLiveAnswerMs; }")
    open_invite_here(friend, invite(host, 1), "Bo")
    paste_answer(host, friend.locator("#live-answer-dialog-link").input_value())
    connected(host, friend)
    # a game frame lost on the way: the friend sees the host is further on and asks for what it lacks
    at = same_state([host, friend])
    host.evaluate("() => window.urzeit.live.loseNext(1)")
    play([host, friend], moves=1)
    assert same_state([host, friend]) > at
    assert int(friend.locator("#app").get_attribute("data-live-asked") or 0) >= 1
    assert friend.locator("#live-panel .live-seat[data-seat='0']").get_attribute("data-state") == "open"  # no reconnect
    # a line typed by the friend: markup arrives as the same characters, never as an element
    evil = "<img src=x onerror=\"document.title='pwned'\"> hallo"
    friend.click("#live-chat summary")
    friend.fill("#live-chat-text", evil)
    screenshot(friend, "live-chat-open-phone")
    friend.click("#live-chat-send")
    host.wait_for_function("(t) => document.getElementById('live-said').textContent === 'Bo: ' + t", arg=evil)
    assert friend.locator("#live-said").inner_text() == "Bo: " + evil and friend.locator("#live-chat-text").input_value() == ""
    for p in (host, friend):
        assert p.locator("#live-panel img").count() == 0 and p.title() != "pwned"
    screenshot(friend, "live-chat-phone")
    host.click("#live-chat summary")
    host.click("#live-panel .live-phrase[data-phrase='0']")  # a preset phrase: signed too, in each one's words
    friend.wait_for_function("() => document.getElementById('live-said').textContent === 'Ada: Hallo!'")
    screenshot(host, "live-chat-desktop")
    assert host.locator("#live-chat-text").get_attribute("maxlength") == "200"
    # a line changed on the way (or made up by the relaying host) fails the signature; a replay is refused
    line = friend.evaluate("() => window.urzeit.request({op: 'fair_chat', party: window.urzeit.view.match, text: 'gg'})")["message"]
    send = "(f) => window.urzeit.live.sendRaw(0, JSON.stringify(f))"
    friend.evaluate(send, {"t": "chat", "m": dict(line, text="I resign")})
    refused(host, "fair.bad_signature")
    friend.evaluate(send, {"t": "chat", "m": line})
    host.wait_for_function("() => document.getElementById('live-said').textContent === 'Bo: gg'")
    # the same line again (a relay brings lines again after a reload): shown once, not refused
    shown = host.locator("#live-chat-lines > *").count()
    friend.evaluate(send, {"t": "chat", "m": line})
    host.wait_for_timeout(500)
    assert host.locator("#live-chat-lines > *").count() == shown and shown > 0
    friend.evaluate(send, {"t": "chat", "m": dict(line, seat=0)})  # claims to be the host's seat
    refused(host, "malformed")
    # flooding: at most five lines in ten seconds are shown, the rest refused
    for i in range(7):
        friend.evaluate("(i) => window.urzeit.request({op: 'fair_chat', party: window.urzeit.view.match, text: 'x' + i})"
                        ".then((r) => window.urzeit.live.sendRaw(0, JSON.stringify({t: 'chat', m: r.message})))", i)
    refused(host, "chat_flood")
    assert host.locator("#live-said").inner_text() != "Bo: x6"
    assert state_id(host) == state_id(friend)  # the game is untouched by all this
    friend.context.close()
    host.context.close()

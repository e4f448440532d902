"""Jäger und Späher fair by link in the page (issue 24, private draws by mental poker), between
two browser contexts: the host on a desktop in English, the friend on a phone in German. The
set-up takes three links (the invitation with the host's shuffle, the friend's join with its
shuffle, the host's lock with its first move: docs/fair-play.md), offered and worded, with a
progress line while the worker computes; each seat sees its own items and only a count of the other's, whose names
and ids never reach its page or storage before the end; the end's deck secrets are exchanged,
both end screens say the record was verified, and the exported record passes `urzeit check`."""

import json
import re
import subprocess
import sys

import pytest

from browser_support import ROOT, engine_call, screenshot
from test_fair_links import READY, new_page, open_link, status, take_link, unpack

# a short game: the intro deal, one hunting ground and two Wildnis cards (public decks only:
# the private item deck's order cannot be fixed in a fair game)
SHORT = {"mode": "intro", "setup": {"hunt": ["J01"], "wild": ["W01", "W02"]}}
ITEMS = {c["id"]: c for c in json.loads((ROOT / "py/urzeit/games/spaeher/cards.json").read_text())["items"]}


def kinds(link):
    return [m["kind"] for m in unpack(link)["m"]]


def storage_text(page):
    return page.evaluate("() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join('\\n')")


def assert_hidden(owner, seat, other, lang):
    """The items `owner` holds (face down) appear nowhere in `other`'s page or storage."""
    items = owner.evaluate("(s) => window.urzeit.view.players[s].items", seat)
    assert items is not None
    other_view = other.evaluate("() => window.urzeit.view")
    assert other_view["players"][seat]["items"] is None
    assert other_view["players"][seat]["item_count"] >= 1  # a count only (a draw may be on its way to the owner)
    items = [i for i in items if i != "?"]
    own = {ITEMS[i][f"name_{lang}"] for i in other_view["players"][1 - seat]["items"] or []}
    text, store, view = other.evaluate("() => document.body.innerText"), storage_text(other), json.dumps(other_view)
    for item in items:
        assert f'"{item}"' not in store and f'"{item}"' not in view, item
        name = ITEMS[item][f"name_{lang}"]
        if name not in own:
            assert not re.search(rf"\b{re.escape(name)}\b", text), name
    return len(items)


def play(pages, cur, look=None):
    """Both sides move (the first legal move) and pass the links the page offers until both
    have every deck secret; `pages[cur]` sends first. (link lengths, the waits worded)"""
    sizes, waits = [], set()
    for _ in range(80):
        p = pages[cur]
        if all(q.evaluate("() => window.urzeit.view.over && window.urzeit.view.fair.waiting.for === null")
               for q in pages.values()):
            return sizes, waits
        if look:
            look(pages)
        if p.locator("#app").get_attribute("data-fair-waiting") == "me":
            r = p.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")
            assert r["ok"], r
            continue
        waiting = p.evaluate("() => window.urzeit.view.fair.waiting.for")
        if waiting in ("keys", "unlock") and status(p) != "":
            text, de = status(p), p.evaluate("() => document.documentElement.lang") == "de"
            if waiting == "keys" or not p.evaluate("() => window.urzeit.view.over"):
                words = {"keys": ("Schlüssel", "key"), "unlock": ("Geheimnis", "secret")}[waiting]
                assert words[0 if de else 1] in text, text
                waits.add(waiting)
            else:  # this side sent its secret with the last move: the end says what it waits for
                words = ("Geheimnis", "secret")
                assert words[0 if de else 1] in p.locator("#end-fair").inner_text()
                waits.add("unlock")
        link = take_link(p)
        sizes.append(len(link))
        open_link(pages[1 - cur], link)
        assert pages[1 - cur].locator("#message").inner_text() == pages[1 - cur].locator("#fair-note").inner_text() == ""
        cur = 1 - cur
    raise AssertionError("the game did not end")


def test_the_other_seat_reads_that_an_item_was_kept_not_which():
    """A sunset's kept item travels as "?": the other seat's log says one was kept, the
    keeper's log names it (normal mode; public decks short so that sunsets come soon)."""
    h = engine_call()
    opts = {"mode": "normal", "setup": {"hunt": ["J01"], "wild": ["W01", "W02"]}}
    r = {0: h({"op": "fair_new", "game": "spaeher", "players": 2, "seat": 0, "options": opts, "name": "Anna", "lang": "de"})}
    link = h({"op": "fair_link", "party": r[0]["party"], "to": 1})
    r[1] = h({"op": "fair_join", "messages": link["messages"], "seat": 1, "name": "Bo", "names": link["names"], "lang": "de"})
    cur, kept = 1, []
    for _ in range(300):
        v = r[cur]["view"]
        if r[cur]["waiting"] == {"for": "move", "seats": [cur]}:
            action = v["legal"][0]
            r[cur] = h({"op": "fair_act", "party": r[cur]["party"], "action": action, "lang": "de"})
            if action["type"] == "keep_item":
                name = ITEMS[action["item"]]["name_de"]
                assert any(name in line["de"] for line in r[cur]["log"])  # its owner reads which
                kept.append((action["item"], name))
            continue
        if v["over"]:
            break
        link = h({"op": "fair_link", "party": r[cur]["party"], "to": 1 - cur})
        r[1 - cur] = h({"op": "fair_receive", "party": r[1 - cur]["party"], "messages": link["messages"], "lang": "de"})
        lines = " ".join(line["de"] for line in r[1 - cur]["log"])
        if kept and "Behält einen Gegenstand" in lines:
            item, name = kept[-1]
            assert name not in lines and f'"{item}"' not in json.dumps(r[1 - cur]["view"])
            return
        cur = 1 - cur
    raise AssertionError("no item was kept at a sunset")


def test_the_set_up_links_carry_each_deck_step_and_every_held_message_counts():
    """The invitation carries the host's shuffle, the friend's answer its join, shuffle and keys of
    the host's first hand, the host's next link its lock and keys (the set-up in three links), and
    a view's state_id grows with every message held,
    also a seat's keys or deck secret that waits for the other's (the page's end check keys on it)."""
    h = engine_call()
    a = h({"op": "fair_new", "game": "nim", "players": 2, "seat": 0, "options": {}, "name": "Anna"})
    link = h({"op": "fair_link", "party": a["party"], "to": 1})
    b = h({"op": "fair_join", "messages": link["messages"], "seat": 1, "name": "Bo"})
    parties, last, cur, ids = {0: a["party"], 1: b["party"]}, {0: a, 1: b}, 1, []
    for _ in range(60):
        link = h({"op": "fair_link", "party": parties[cur], "to": 1 - cur})
        kinds = [m["kind"] for m in link["messages"] if m["seat"] == cur]
        before = last[1 - cur]["view"]["state_id"]
        last[1 - cur] = r = h({"op": "fair_receive", "party": parties[1 - cur], "messages": link["messages"]})
        assert r["view"]["state_id"] == before + r["accepted"] + len(r["send"]), (kinds, r["send"])
        ids.append(kinds)
        while r["waiting"] == {"for": "move", "seats": [1 - cur]}:
            last[1 - cur] = r = h({"op": "fair_act", "party": parties[1 - cur], "action": r["view"]["legal"][0]})
        if all(last[x]["view"]["over"] and last[x]["waiting"]["for"] is None for x in (0, 1)):
            break
        cur = 1 - cur
    assert ids[0] == ["join", "shuffle", "keys"] and ids[1][:2] == ["lock", "keys"]
    assert ids[-1] == ["unlock"]


def working_line(page, where="fair-status-text"):
    """The status line (before a seat has its table: the import line) while the worker shuffles,
    read in the same moment the page says it is working (a second read may come after the
    shuffle: on a loaded machine it is quicker than the test)."""
    return page.wait_for_function("""(where) => document.getElementById("app").dataset.fairWorking === "deck"
        && document.getElementById(where).innerText""", arg=where, timeout=READY).json_value()


@pytest.mark.browser
def test_spaeher_fair_by_link_between_a_phone_and_a_desktop(browser, served_dist, tmp_path):
    host_ctx = browser.new_context(service_workers="block", viewport={"width": 1366, "height": 800}, locale="en-US",
                                   accept_downloads=True)
    friend_ctx = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740}, locale="de-DE")
    host = new_page(host_ctx, served_dist)
    host.evaluate("(o) => window.urzeit.startFair({game: 'spaeher', players: 2, options: o, name: 'Ada'})", SHORT)
    invite = take_link(host)
    # the invitation carries Ada's join and her shuffle of the deck
    assert kinds(invite) == ["join", "shuffle"] and unpack(invite)["invite"]
    sizes = {"invite": len(invite)}

    # Bo joins and his browser shuffles too: a progress line while the worker computes, then
    # his link (his join, his shuffle, his value of the set-up's draws, the keys of Ada's items)
    friend = new_page(friend_ctx, served_dist)
    friend.goto(invite.replace("/#", "/?test=1#"))
    friend.wait_for_selector("#fair-name-dialog[open]", timeout=READY)
    friend.fill("#fair-name", "Bo")
    friend.click("#fair-name-ok")
    assert "gemischt" in working_line(friend, "import-message")
    screenshot(friend, "fair-spaeher-shuffling-phone")
    friend.wait_for_selector("#app[data-mode='fair'][data-game='spaeher']")
    friend.wait_for_selector("#share-dialog[open][data-kinds~='shuffle']")
    assert "mischen die verdeckten Karten" in friend.locator("#share-message").inner_text()
    assert re.search(r"etwa 1[01] kB", friend.locator("#share-note").inner_text())
    join = take_link(friend)
    assert kinds(join) == ["join", "shuffle", "reveal", "keys"]
    assert "ihr mischt den Stapel der verdeckten Karten gemeinsam" in status(friend)
    sizes["join"] = len(join)

    # Ada locks the deck (with her value and the keys of Bo's first items) and moves first if it
    # is hers: the third link; from here on links are short
    host.evaluate("() => { delete document.getElementById('app').dataset.fairLink; }")
    host.goto(join.replace("/#", "/?test=1#"))
    assert "shuffling the deck" in working_line(host)
    screenshot(host, "fair-spaeher-deck-link-desktop")  # the lock is quick here: often its link already
    host.wait_for_selector("#app[data-fair-link='done']", timeout=READY)
    host.wait_for_function("() => document.getElementById('app').dataset.busy !== 'true'")
    while host.locator("#app").get_attribute("data-fair-waiting") == "me":
        assert host.evaluate("() => window.urzeit.act(window.urzeit.legal[0])")["ok"]
    lock = take_link(host)
    assert kinds(lock)[0] == "lock" and sorted(kinds(lock)[1:3]) == ["keys", "reveal"]  # (the intro deals first)
    sizes["lock"] = len(lock)

    pages, langs = {0: host, 1: friend}, {0: "en", 1: "de"}
    open_link(friend, lock)
    hidden_seen, shots = [], []

    def look(pages):
        if all(q.evaluate("() => window.urzeit.view.players[0].item_count > 0") for q in pages.values()):
            for s in (0, 1):
                if not pages[s].evaluate("() => window.urzeit.view.over"):
                    hidden_seen.append(assert_hidden(pages[s], s, pages[1 - s], langs[1 - s]))
            if not shots and sum(hidden_seen):
                for s, name in ((0, "desktop"), (1, "phone")):
                    screenshot(pages[s], f"fair-spaeher-table-{name}")
                friend.set_viewport_size({"width": 820, "height": 1180})
                screenshot(friend, "fair-spaeher-table-tablet")
                friend.set_viewport_size({"width": 360, "height": 740})
                shots.append(True)
                assert "2 hidden items" in host.locator("#board").inner_text()
                assert "2 Gegenstände verdeckt" in friend.locator("#board").inner_text()

    turn_sizes, waits = play(pages, 1, look)
    assert sum(hidden_seen) > 0 and {"keys", "unlock"} <= waits, waits
    print("set-up link sizes", sizes, "largest turn link", max(turn_sizes), "links", len(turn_sizes))
    assert sizes["invite"] < 14_000 and sizes["join"] < 14_000 and max(turn_sizes) < 3000, (sizes, turn_sizes)

    scores = host.evaluate("() => window.urzeit.view.scores")
    for p, word in ((host, "Verified"), (friend, "Geprüft")):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
        assert word in p.locator("#end-fair").inner_text()
        end = p.locator("#end-screen").inner_text()
        assert all(str(s) in end for s in scores), end
    screenshot(friend, "fair-spaeher-end-phone")
    screenshot(host, "fair-spaeher-end-desktop")

    # the record Ada exports passes the command line's check
    with host.expect_download() as download:
        host.evaluate("() => document.getElementById('export-button').click()")
    path = tmp_path / "record.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["result"]["over"] and {m["kind"] for m in record["messages"]} >= {"shuffle", "lock", "keys", "unlock"}
    r = subprocess.run([sys.executable, "-m", "urzeit.cli", "check", str(path)], capture_output=True, text=True,
                       env={"PYTHONPATH": str(ROOT / "py"), "PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin"},
                       cwd=ROOT, timeout=240)
    assert r.returncode == 0 and r.stdout.startswith("OK"), r.stdout + r.stderr

    # nim (hidden hands) by the same pages: set-up, play and the end, verified on both sides
    host.evaluate("() => window.urzeit.startFair({game: 'nim', players: 2, options: {}, name: 'Ada'})")
    invite = take_link(host)
    friend.evaluate("() => { delete document.getElementById('app').dataset.fairLink; }")
    friend.goto(invite.replace("/#", "/?test=1#"))
    friend.wait_for_selector("#fair-name-dialog[open]", timeout=READY)
    assert friend.locator("#fair-name").input_value() == "Bo"
    friend.click("#fair-name-ok")
    friend.wait_for_selector("#app[data-mode='fair'][data-game='nim']")
    nim_sizes, waits = play({0: host, 1: friend}, 1)
    assert "keys" in waits
    for p in (host, friend):
        p.wait_for_selector("#end-fair[data-verified='true']", timeout=30_000)
    print("nim link sizes", nim_sizes)

    for p in (host, friend):
        p.watch.assert_clean()
    host_ctx.close()
    friend_ctx.close()

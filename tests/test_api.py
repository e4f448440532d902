"""urzeit.api.handle: every op, every error code, and no match changes on an error."""

import json

import pytest

from urzeit import api
from urzeit import match as matches
from urzeit.core.errors import ERROR_CODES


def call(**req):
    return json.loads(api.handle(json.dumps(req)))


def ok(**req):
    reply = call(**req)
    assert reply["ok"], reply
    return reply["result"]


def err(code, raw=None, **req):
    reply = json.loads(api.handle(raw)) if raw is not None else call(**req)
    assert reply["ok"] is False, reply
    assert reply["error"]["code"] == code, reply
    assert reply["error"]["message"]
    return reply["error"]


SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "ai", "level": "easy"}]
NIM_SETUP = {"pile": 15, "setup": {"deck": [1, 1, 2, 2, 3, 3, 1, 2, 3, 1, 2, 3]}}


def new_match(seats=SEATS, options=NIM_SETUP):
    r = ok(op="new", game="nim", seats=seats, seed=7, options=options)
    return r["match"], r["view"]


def snapshot(match):
    m = matches.peek(match)
    return json.dumps(m.state.to_json(), sort_keys=True), m.revision, len(m.steps)


def test_hello_lists_games_and_levels():
    r = ok(op="hello")
    assert r["version"]
    nim = [g for g in r["games"] if g["id"] == "nim"][0]
    assert nim["players"] == [2, 2] and nim["listed"] is False and nim["titles"]["de"]
    assert r["levels"] == ["random", "easy", "medium", "hard", "expert"]


def test_new_view_act_flow():
    match, view = new_match()
    assert view["seat"] == 0 and view["current_seat"] == 0 and view["state_id"] == 0
    assert view["legal"] and view["hand"] == [1, 2, 3]
    assert view["seats"][0]["name"] == "Ada" and view["seats"][1]["name"] == "Computer 2"
    r = ok(op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 2})
    assert r["events"][0] == {"type": "take", "player": 0, "n": 2, "pile": 13}
    assert r["view"]["state_id"] == 1 and r["view"]["current_seat"] == 1
    assert "legal" not in r["view"]
    spectator = ok(op="view", match=match, seat=None)
    assert spectator["hand"] is None and "legal" not in spectator


def test_ai_moves_for_its_seat_and_returns_the_viewer_view():
    match, _ = new_match()
    ok(op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 1})
    r = ok(op="ai", match=match, seat=1, viewer=0)
    assert r["action"]["type"] == "take"
    assert r["view"]["seat"] == 0 and r["view"]["hand"] is not None
    assert r["view"]["state_id"] == 2
    r2 = ok(op="view", match=match, seat=None)
    assert r2["pile"] == 15 - 1 - r["action"]["n"]


def test_undo_takes_back_own_move_and_the_computer_reply():
    # no draws: a deck of exactly six cards would still draw; use pile so no draw happens?
    # Draws reveal hidden cards, so undo after a take is refused; check both paths.
    match, _ = new_match()
    ok(op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 2})
    e = err("illegal_action", op="undo", match=match, seat=0)
    assert "hidden information" in e["message"]
    e = err("illegal_action", op="undo", match=match, seat=1)
    assert "no move" in e["message"]


def test_undo_allowed_before_any_reveal():
    # Pile of 4, hands of 2s and 3s: after one take nobody can play; passes reveal nothing.
    deck = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    match, _ = new_match(seats=[{"kind": "human"}, {"kind": "human"}],
                         options={"pile": 4, "setup": {"deck": deck}})
    ok(op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 3})
    # that take drew a card: seat 0 may not undo; seat 1's pass revealed nothing
    v = ok(op="act", match=match, seat=1, state_id=1, action={"type": "pass"})["view"]
    assert v["over"] is False and v["undo"] is True
    v = ok(op="undo", match=match, seat=1)
    assert v["current_seat"] == 1 and v["legal"] == [{"type": "pass"}]
    assert v["state_id"] == 3  # undo is a change too: stale clicks stay refused
    err("stale_state", op="act", match=match, seat=1, state_id=2, action={"type": "pass"})


def test_undo_is_refused_once_the_game_is_over():
    deck = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    match, _ = new_match(seats=[{"kind": "human"}, {"kind": "ai"}],
                         options={"pile": 4, "setup": {"deck": deck}})
    ok(op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 3})
    ok(op="ai", match=match, seat=1)
    v = ok(op="view", match=match, seat=0)
    v = ok(op="act", match=match, seat=0, state_id=v["state_id"], action={"type": "pass"})["view"]
    assert v["over"] is True
    assert v["undo"] is False and v["undo_reason_key"] == "undo.game_over"
    before = snapshot(match)
    e = err("illegal_action", op="undo", match=match, seat=0)
    assert e["reason"] == "undo.game_over"
    assert snapshot(match) == before


def test_save_and_load_rebuild_the_same_match():
    match, _ = new_match()
    for _ in range(3):
        v = ok(op="view", match=match, seat=0)
        if v["over"]:
            break
        ok(op="act", match=match, seat=0, state_id=v["state_id"], action=v["legal"][0])
        if not ok(op="view", match=match, seat=None)["over"]:
            ok(op="ai", match=match, seat=1)
    save = ok(op="save", match=match)
    assert save["format"] == "urzeit-replay" and save["game"] == "nim"
    assert set(save) >= {"format", "version", "game", "players", "seed", "options", "actions"}
    loaded = ok(op="load", save=save)
    assert loaded["match"] != match
    a, b = matches.peek(match), matches.peek(loaded["match"])
    assert a.state.to_json() == b.state.to_json()
    assert [s.before.to_json() for s in a.steps] == [s.before.to_json() for s in b.steps]
    loaded2 = ok(op="load", save=json.dumps(save))  # the text of a file works too
    assert matches.peek(loaded2["match"]).state.to_json() == a.state.to_json()


def test_every_error_code_is_reachable_and_changes_nothing():
    match, view = new_match()
    before = snapshot(match)
    seen = set()
    seen.add(err("bad_request", raw="{not json")["code"] and "bad_request")
    err("bad_request", raw="[1, 2]")
    err("bad_request", op="explode")
    err("bad_request", op="hello", extra=1)
    err("bad_request", op="new", game="nim", seats="two", seed=1)
    err("bad_request", op="new", game="nim", seats=SEATS, seed=-1)
    err("bad_request", op="new", game="nim", seats=SEATS, seed=1, options={"bogus": 1})
    err("bad_request", op="act", match=match, seat=7, state_id=0, action={"type": "pass"})
    err("bad_request", op="act", match=match, seat=True, state_id=0, action={"type": "pass"})
    seen.add(err("unknown_game", op="new", game="chess", seats=SEATS, seed=1)["code"] and "unknown_game")
    err("unknown_match", op="view", match="m999999", seat=0)
    seen.add("unknown_match")
    err("not_your_turn", op="act", match=match, seat=1, state_id=0, action={"type": "take", "n": 1})
    err("not_your_turn", op="ai", match=match, seat=1)
    seen.add("not_your_turn")
    err("stale_state", op="act", match=match, seat=0, state_id=5, action={"type": "take", "n": 1})
    seen.add("stale_state")
    err("illegal_action", op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 9})
    err("illegal_action", op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": True})
    err("illegal_action", op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 1.0})
    err("illegal_action", op="act", match=match, seat=0, state_id=0, action="take")
    seen.add("illegal_action")
    err("bad_save", op="load", save={"format": "other"})
    err("bad_save", op="load", save="not json at all")
    seen.add("bad_save")
    assert seen == set(ERROR_CODES)
    assert snapshot(match) == before


def test_bad_saves_are_refused_with_a_reason():
    match, _ = new_match()
    ok(op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 1})
    good = ok(op="save", match=match)
    count = len(matches.open_ids())
    cases = [
        dict(good, version=99),
        dict(good, game="chess"),
        dict(good, actions=[{"type": "take", "n": 99}]),
        dict(good, actions="x"),
        dict(good, seed="seven"),
        dict(good, players=5),
        dict(good, options={"bogus": True}),
        {k: v for k, v in good.items() if k != "actions"},
        dict(good, actions=good["actions"] + [{"type": "take", "n": 1}] * 40),
    ]
    for bad in cases:
        e = err("bad_save", op="load", save=bad)
        assert len(e["message"]) > 10
    assert len(matches.open_ids()) == count  # nothing half-built was kept


def test_act_after_game_over_is_refused():
    match, _ = new_match(options={"pile": 5, "setup": NIM_SETUP["setup"]})
    ok(op="act", match=match, seat=0, state_id=0, action={"type": "take", "n": 3})
    ok(op="ai", match=match, seat=1)  # may or may not win; play until over
    for _ in range(20):
        v = ok(op="view", match=match, seat=None)
        if v["over"]:
            break
        ok(op="ai", match=match, seat=v["current_seat"])
    v = ok(op="view", match=match, seat=0)
    assert v["over"]
    err("illegal_action", op="act", match=match, seat=0, state_id=v["state_id"], action={"type": "pass"})
    err("illegal_action", op="ai", match=match, seat=0)


@pytest.mark.parametrize("raw", ["", "null", "1e999999", '"op"', '{"op": null}',
                                 '{"op": "view", "match": [], "seat": 0}',
                                 '{"op": "load", "save": {"format": "urzeit-replay", "version": 1, '
                                 '"game": "nim", "players": 2, "seed": 1, "options": {}, "actions": [[[[]]]]}}',
                                 "[" * 100000])
def test_malformed_requests_get_error_replies(raw):
    reply = json.loads(api.handle(raw))
    assert reply["ok"] is False
    assert reply["error"]["code"] in ERROR_CODES


@pytest.mark.parametrize("op", [[], {}, 1.5, True])
def test_an_op_of_the_wrong_type_is_a_bad_request(op):  # found by the fuzzer
    err("bad_request", raw=json.dumps({"op": op}))


def test_the_least_recently_used_match_is_forgotten_first():
    keep, _ = new_match()
    for _ in range(matches.MAX_MATCHES + 5):
        new_match()
        ok(op="view", match=keep, seat=0)  # in use: it stays
    assert keep in matches.open_ids() and len(matches.open_ids()) <= matches.MAX_MATCHES


def test_a_bot_move_in_time_slices_equals_the_move_in_one_go():
    def new():
        return call(op="new", game="elawa", seed=8, options={"setup": {"chiefs": ["C1", "C2"]}},  # seat 0 begins
                    seats=[{"kind": "ai", "level": "hard"}, {"kind": "human"}])["result"]["match"]

    whole = call(op="ai", match=new(), seat=0, budget_ms=0)["result"]["action"]
    m = new()
    # 1 ms slices: the first move's search (160 simulations) takes several on any machine
    r = call(op="ai", match=m, seat=0, budget_ms=0, slice_ms=1)["result"]
    slices = 1
    while r.get("pending"):
        assert set(r) == {"pending", "job"}
        r = call(op="ai_continue", job=r["job"], slice_ms=1)["result"]
        slices += 1
    assert slices >= 2 and r["action"] == whole
    assert r["view"]["state_id"] == 1  # applied once, at the end


def test_a_level_that_does_not_search_also_answers_in_slices():
    # sammler hard judges every placement by the Outlook: it too yields, so the worker answers
    # in between, and the sliced move is the move in one go
    def new():  # random moves until the hard seat has many placements to judge
        m = call(op="new", game="sammler", seed=8,
                 seats=[{"kind": "ai", "level": "hard"}, {"kind": "human"}])["result"]["match"]
        while True:
            view = call(op="view", match=m, seat=0)["result"]
            if view["current_seat"] == 0 and view["phase"] == "tile" and len(view["legal"]) > 20:
                return m
            call(op="ai", match=m, seat=view["current_seat"], level="random")

    whole = call(op="ai", match=new(), seat=0)["result"]["action"]
    r = call(op="ai", match=new(), seat=0, slice_ms=1)["result"]
    slices = 1
    while r.get("pending"):
        r = call(op="ai_continue", job=r["job"], slice_ms=1)["result"]
        slices += 1
    assert slices > 1 and r["action"] == whole


def test_a_sliced_search_goes_stale_when_the_game_changes_meanwhile():
    m = call(op="new", game="elawa", seed=3, seats=[{"kind": "ai", "level": "hard"}, {"kind": "human"}],
             options={"setup": {"chiefs": ["C1", "C2"]}})["result"]["match"]  # the bot's seat 0 begins
    r = call(op="ai", match=m, seat=0, budget_ms=0, slice_ms=1)["result"]
    assert r["pending"]
    other = call(op="ai", match=m, seat=0, level="random")  # the game moves on meanwhile
    assert other["ok"]
    stale = call(op="ai_continue", job=r["job"])
    assert stale["error"]["code"] == "stale_state"
    assert call(op="ai_continue", job=r["job"])["error"]["code"] == "unknown_match"  # and is gone
    assert call(op="ai_continue", job=7)["error"]["code"] == "unknown_match"


def test_close_forgets_a_match_and_a_closed_match_is_unknown():
    match, _ = new_match()
    assert api.call({"op": "close", "match": match}) == {"ok": True, "result": {"closed": True}}
    r = api.call({"op": "view", "match": match, "seat": 0})
    assert not r["ok"] and r["error"]["code"] == "unknown_match"
    assert api.call({"op": "close", "match": match})["result"] == {"closed": False}
    assert api.call({"op": "close", "match": 5})["result"] == {"closed": False}


def test_words_come_with_a_view_when_a_language_is_asked_for():
    r = api.call({"op": "new", "game": "nim", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1})
    assert "words" not in r["result"]["view"]
    match = r["result"]["match"]
    view = api.call({"op": "view", "match": match, "seat": 0, "lang": "de"})["result"]
    assert len(view["words"]["legal"]) == len(view["legal"])
    bad = api.call({"op": "view", "match": match, "seat": 0, "lang": "fr"})
    assert not bad["ok"] and bad["error"]["code"] == "bad_request"
    act = api.call({"op": "act", "match": match, "seat": 0, "state_id": view["state_id"],
                    "action": view["legal"][0], "lang": "en"})["result"]
    assert isinstance(act["log"], list)


def test_old_saves_are_refused_with_a_reason_never_misloaded():
    r = api.call({"op": "new", "game": "nim", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1})
    save = api.call({"op": "save", "match": r["result"]["match"]})["result"]
    assert save["version"] == 2
    old = dict(save, version=1)
    reply = api.call({"op": "load", "save": old})
    assert not reply["ok"] and reply["error"]["code"] == "bad_save"
    assert reply["error"]["reason"] == "save.old_version"


@pytest.mark.parametrize("game", ["nim", "sammler", "elawa", "spaeher"])
def test_history_words_every_step_as_the_live_replies_did(game):
    """A page opened from a save rebuilds its log from `history`: the same lines, groups and
    both languages as the live act/ai replies gave the human seat."""
    r = ok(op="new", game=game, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=5, lang="de")
    match, v, live = r["match"], r["view"], []
    for _ in range(120):
        if v["over"]:
            break
        if v["current_seat"] == 0:
            reply = ok(op="act", match=match, seat=0, state_id=v["state_id"], action=v["legal"][-1], lang="en")
        else:
            reply = ok(op="ai", match=match, seat=v["current_seat"], viewer=0, lang="de")
        live += reply["log"]
        v = ok(op="view", match=match, seat=0)
    steps = ok(op="history", match=match, seat=0)["steps"]
    assert len(steps) == len(matches.peek(match).steps)
    assert [line for s in steps for line in s["log"]] == live and live
    assert {s["seat"] for s in steps} == {0, 1}
    # a reload: the loaded match tells the same history
    loaded = ok(op="load", save=ok(op="save", match=match))["match"]
    assert ok(op="history", match=loaded, seat=0)["steps"] == steps
    # a spectator (the replay viewer) gets lines too, one list per step
    assert len(ok(op="history", match=loaded, seat=None)["steps"]) == len(steps)


def test_the_view_counts_the_computer_moves_an_undo_takes_back():
    r = ok(op="new", game="nim", seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], seed=2)
    match = r["match"]
    for _ in range(40):
        v = ok(op="view", match=match, seat=0)
        if v["current_seat"] == 0 and v["undo"] and v["undo_computer_moves"]:
            break
        if v["current_seat"] == 0:
            ok(op="act", match=match, seat=0, state_id=v["state_id"], action=v["legal"][0])
        else:
            ok(op="ai", match=match, seat=1)
    m = matches.peek(match)
    assert v["undo_computer_moves"] == sum(1 for st in m.steps[m.undo_target(0):] if st.seat == 1) >= 1
    assert ok(op="view", match=match, seat=1)["undo_computer_moves"] == 0


def test_a_bad_language_changes_nothing_even_where_the_op_would_have():
    match, view = new_match()
    ok(op="act", match=match, seat=0, state_id=view["state_id"], action=view["legal"][0])
    before = snapshot(match)
    r = call(op="undo", match=match, seat=0, lang="fr")
    assert not r["ok"] and r["error"]["code"] == "bad_request"
    assert snapshot(match) == before  # the undo did not happen

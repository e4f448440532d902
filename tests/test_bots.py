"""Bots: honest (they see only their seat's view and determinize), legal, and sensible."""

import json

import pytest

from urzeit import ai, api, games
from urzeit.core.rng import Rng

from sammler_support import play


GAME_ID = "sammler"


def bot_move(state, seat, level, seed=11):
    """Ask a bot the way the api does: the seat's view and a determinizer, never the state."""
    view = state.view(seat)
    view["seat"] = seat
    view["scores"] = state.scores()
    view["legal"] = state.legal_actions()
    return ai.choose_action("sammler", view, lambda rng: state.determinize(seat, rng), level, seed, budget_ms=0)




@pytest.mark.parametrize("level", ["easy", "medium"])
def test_sammler_bot_ignores_what_it_cannot_know(level):
    game = games.get("sammler")
    state = game.new_game(2, 5, {})
    rng = Rng(3)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    other = state.clone()
    other.land.reverse()  # same knowledge, different hidden draw order
    other.bonus.reverse()
    other.rng = Rng(987654321)
    assert other.land != state.land
    seat = state.current_player
    assert bot_move(state, seat, level) == bot_move(other, seat, level)


def test_bot_moves_are_always_legal_through_the_api():
    for level in ["easy", "medium", "hard"]:
        seats = [{"kind": "ai", "level": level}, {"kind": "ai", "level": "random"}]
        r = json.loads(api.handle(json.dumps({"op": "new", "game": "sammler", "seats": seats, "seed": 3,
                                              "options": {"setup": {"tiles": ["L20", "L07", "L03", "L48", "L09", "L01"]}}})))
        match, view = r["result"]["match"], r["result"]["view"]
        while not view["over"]:
            reply = json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": view["current_seat"]})))
            assert reply["ok"], reply
            view = reply["result"]["view"]


@pytest.mark.parametrize("level", ["medium", "hard"])  # easy is allowed some noise
def test_bot_completes_its_own_scoring_forest_rather_than_feeding_nothing(level):
    # Red has a gatherer in a 1-side-open forest (L04 north of the start); red draws L05,
    # which closes it for 4 points. A sensible bot closes its own forest.
    state, _ = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L20", -1, 0, 0, None, None)])
    from urzeit.games.sammler import tiles as T
    state.tile = T.BY_ID["L05"].index
    state.land = [T.BY_ID["L01"].index] * 4
    assert state.current_player == 0
    action = bot_move(state, 0, level)
    assert action == {"type": "place_tile", "x": 0, "y": -2, "rotation": 0}


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_bot_does_not_complete_an_opponents_forest_for_nothing(level):
    # Blue's gatherer sits in the open forest north of the start; red draws the tile that
    # would close it (4 points for blue), and has other places for it.
    state, _ = play([("L04", 0, -1, 2, None, None), ("L20", -1, 0, 0, None, None)])
    from urzeit.games.sammler import tiles as T
    state.figures.append([1, "gatherer", 1, 1, state.base[1] + 1, 0])
    state.members[1] -= 1
    state.tile = T.BY_ID["L05"].index
    state.land = [T.BY_ID["L01"].index] * 4
    action = bot_move(state, 0, level)
    assert (action["x"], action["y"]) != (0, -2)


def test_hint_reports_the_bot_move_without_playing_it():
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    r = json.loads(api.handle(json.dumps({"op": "new", "game": "sammler", "seats": seats, "seed": 9})))
    match = r["result"]["match"]
    before = json.dumps(api._matches[match].state.to_json())
    hint = json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": 0, "level": "hard", "apply": False,
                                             "viewer": 0})))["result"]
    assert hint["action"] in hint["view"]["legal"] and hint["events"] == []
    assert json.dumps(api._matches[match].state.to_json()) == before
    assert hint["view"]["state_id"] == 0

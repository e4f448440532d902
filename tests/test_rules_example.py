"""The worked scoring examples of the rules screen (Game.rules_example, api op rules_example):
each is the rules' own example, built by the engine from a fixed position, and scores as the
rules say; the op refuses a game without one and unknown fields."""

from urzeit import api, games


def test_each_example_scores_as_the_rules_say():
    state, facts = games.get("sammler").rules_example()
    assert facts["score"]["points"] == 10 and facts["score"]["tiles"] == 5 and facts["bonus"] is True
    assert state.scores() == [10, 0] and [f["owner"] for f in facts["figures"]] == [0]
    state, facts = games.get("elawa").rules_example()
    assert [c["points"] for c in facts["cards"]] == [8, 9, 6, 16, 3] and facts["total"] == 42 == state.score_of(0)
    state, facts = games.get("spaeher").rules_example()
    s = facts["sunset"]
    assert (s["members"], s["hunger"], s["hand_penalty"], s["delta"]) == (3, 1, 1, 1)
    assert facts["vp_after"] == facts["vp_before"] + 1 == state.vp[facts["seat"]] and facts["hunger_after"] == 1 + 3


def test_the_op_words_the_view_and_refuses_what_it_cannot_do():
    r = api.call({"op": "rules_example", "game": "elawa", "lang": "de"})
    assert r["ok"] and r["result"]["view"]["words"]["cards"]["R11"]["name"] == "Roter Urmensch"
    assert r["result"]["view"]["players"][0]["hand"] is None  # a spectator's view
    for bad in ({"op": "rules_example", "game": "nim"}, {"op": "rules_example", "game": "chess"},
                {"op": "rules_example", "game": "elawa", "lang": "fr"}, {"op": "rules_example"},
                {"op": "rules_example", "game": "elawa", "seat": 0}):
        reply = api.call(bad)
        assert not reply["ok"] and reply["error"]["code"] in ("bad_request", "unknown_game"), (bad, reply)

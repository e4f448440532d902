"""End-of-game figures (State.end_figures / end_stats, issue 26): every game's points by source
add up to its final scores, over many random games and bot games, and the api hands them with
their names in both languages in a finished view."""

import pytest

from urzeit import api, games
from urzeit.core.words import LANGS

from helpers import random_playout

GAMES = [g.id for g in games.all_games()]


def check_stats(state):
    stats = state.end_stats()
    scores, winners = state.scores(), state.winners()
    assert len(stats) == len(scores)
    for p, s in enumerate(stats):
        assert s["score"] == scores[p]
        assert s["won"] == (p in winners)
        assert sum(s["points"].values()) == scores[p], (p, s)
        assert all(type(v) is int for v in [*s["points"].values(), *s["counts"].values()])
        assert set(s["points"]).isdisjoint(s["counts"])
    keys = {k for s in stats for k in [*s["points"], *s["counts"]]}
    assert all(set(s["points"]) == set(stats[0]["points"]) for s in stats)  # the same figures per seat
    return keys


@pytest.mark.parametrize("game_id", GAMES)
def test_figures_add_up_to_the_scores_in_random_games(game_id):
    game = games.get(game_id)
    words = game.words()
    for seed in range(40):
        n = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new_game(n, seed, {})
        assert state.end_stats() is None  # nothing before the end
        random_playout(state, seed)
        keys = check_stats(state)
        for lang in LANGS:  # every figure has a name in both languages
            assert keys <= set(words.figure_words(lang)), (lang, keys - set(words.figure_words(lang)))
        restored = game.from_json(state.to_json())  # the figures survive a save of the state
        assert restored.end_stats() == state.end_stats()


@pytest.mark.parametrize("game_id", GAMES)
def test_figures_add_up_in_bot_games_through_the_api(game_id):
    game = games.get(game_id)
    for seed in (5, 6):  # two-player games keep it short; the random games above cover every count
        seats = [{"kind": "ai", "level": "easy"} for _ in range(game.min_players)]
        reply = api.call({"op": "new", "game": game_id, "seats": seats, "seed": seed})["result"]
        m, view = reply["match"], reply["view"]
        assert view["stats"] is None
        for _ in range(3000):
            if view["over"]:
                break
            r = api.call({"op": "ai", "match": m, "seat": view["current_seat"], "budget_ms": 5})
            assert r["ok"], r
            view = r["result"]["view"]
        assert view["over"]
        done = api.call({"op": "view", "match": m, "seat": 0, "lang": "de"})["result"]
        stats = done["stats"]
        assert [s["score"] for s in stats] == done["scores"]
        assert [p for p, s in enumerate(stats) if s["won"]] == done["winners"]
        for s in stats:
            assert sum(s["points"].values()) == s["score"]
        names = done["words"]["figures"]
        for s in stats:
            for key in [*s["points"], *s["counts"]]:
                assert set(names[key]) == set(LANGS) and all(names[key][lg] and names[key][lg] != key for lg in LANGS)
        api.call({"op": "close", "match": m})


def test_the_figures_are_the_games_own():
    """Each game reports what its players care about, from the actual scoring."""
    sammler = games.get("sammler").new_game(2, 3, {})
    random_playout(sammler, 3)
    stats = sammler.end_stats()
    assert set(stats[0]["points"]) == {"forests", "rivers", "huts", "hunters"}
    log = sammler.score_log
    for p, s in enumerate(stats):
        assert s["points"]["hunters"] == sum(e["points"] for e in log if e["player"] == p and e["category"] == "hunters")
        assert s["counts"]["forests_scored"] == sum(1 for e in log if e["player"] == p and e["category"] == "forests")
    assert sum(s["counts"]["bonus_tiles"] for s in stats) == sum(1 for t in sammler.placed if t[4])  # the gold's tiles

    elawa = games.get("elawa").new_game(3, 4, {})
    random_playout(elawa, 4)
    for p, s in enumerate(elawa.end_stats()):
        assert sum(v for k, v in s["counts"].items() if k.startswith("cards_")) == len(elawa.tribes[p])
        assert s["counts"]["resources_taken"] >= s["counts"]["resources_left"] == sum(elawa.avail[p].values())
        assert s["counts"]["resources_taken"] > 0

    spaeher = games.get("spaeher").new_game(2, 8, {})
    random_playout(spaeher, 8)
    for p, s in enumerate(spaeher.end_stats()):
        assert set(s["points"]) == {"start", "sunsets", "items", "sites"}
        assert s["counts"]["items_made"] == len(spaeher.created[p])
        assert s["counts"]["sunsets_called"] == spaeher.sunsets[p]


def test_a_running_game_has_no_stats_in_its_view():
    reply = api.call({"op": "new", "game": "nim", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1,
                      "lang": "en"})["result"]
    assert reply["view"]["stats"] is None and "figures" not in reply["view"]["words"]


def test_a_fair_games_view_carries_its_stats_at_the_end():
    from test_fair_api import ok, play_on, two_parties
    p = two_parties()
    assert ok({"op": "fair_view", "party": p[0], "lang": "de"})["view"]["stats"] is None
    play_on(p)
    v = ok({"op": "fair_view", "party": p[0], "lang": "de"})["view"]
    assert v["over"] and [s["score"] for s in v["stats"]] == v["scores"]
    assert all(sum(s["points"].values()) == s["score"] for s in v["stats"])
    assert v["words"]["figures"]["forests"] == {"de": "Wälder", "en": "Forests"} and v["fair"]["gid"]

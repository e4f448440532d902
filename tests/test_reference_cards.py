"""Issue #14: a second opinion inside every card game.

tests/reference/elawa_ref.py and spaeher_ref.py are small, slow scorers written from the rules text
and the card data alone (no engine code). Here they follow random and bot games through the api
and must agree with the engine after every action: scores, and the state they score from.
bench/reference_cards.py runs thousands of games.
"""

import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "reference"))

import elawa_ref  # noqa: E402
import spaeher_ref  # noqa: E402
from urzeit.api import handle  # noqa: E402
from urzeit.core.rng import Rng  # noqa: E402


def random_chooser(seed):
    rng = Rng(seed)
    return lambda match, seat, view: view["legal"][rng.below(len(view["legal"]))]


def bot_chooser(level="easy", handle=handle):
    def choose(match, seat, view):
        r = json.loads(handle(json.dumps({"op": "ai", "match": match, "seat": seat, "apply": False, "level": level})))
        return r["result"]["action"]
    return choose


ELAWA_OPTIONS = [{}, {"chief_side": "advanced"}, {"chief_side": "advanced", "chief2": "every_second"}]


def elawa_games(seeds, chooser_for, handle=handle):
    total, problems = 0, []
    for seed in seeds:
        players = 2 + seed % 3
        options = ELAWA_OPTIONS[seed % len(ELAWA_OPTIONS)]
        n, pr = elawa_ref.play_game(handle, seed, players, options, chooser_for(seed))
        total += n
        problems += pr
    return total, problems


def spaeher_games(seeds, chooser_for, handle=handle):
    total, problems = 0, []
    for seed in seeds:
        options = {"mode": "intro" if seed % 2 else "normal"}
        n, pr = spaeher_ref.play_game(handle, seed, options, chooser_for(seed))
        total += n
        problems += pr
    return total, problems


# ---- the references themselves, on hand-built positions ------------------------------------

def test_elawa_reference_scores_the_rules_example():
    # elawa.txt: "2 Punkte je verschiedene Rohstoffsorte (= 8), 3 Punkte je Urmenschen-Karte (= 9),
    # dazu 6 + 16 + 3 für Farbkarten"
    tribe = ["G08", "G12", "B07", "R11", "Y07"]
    stored = {"G08": ["berry", "meat", "flint", "fur"]}
    points = {c: elawa_ref.card_points(c, tribe, stored) for c in tribe}
    assert points == {"G08": 8, "G12": 9, "B07": 6, "R11": 16, "Y07": 3}
    assert elawa_ref.tribe_score(tribe, stored) == 42
    # a hut counts itself when it scores its own colour, a tool when it scores tools
    assert elawa_ref.card_points("B01", ["B01", "B06"], {}) == 6
    assert elawa_ref.card_points("P04", ["P04", "B06"], {}) == 4
    assert elawa_ref.card_points("Y12", ["Y12", "B12", "G02"], {}) == 4
    # bones are jokers in payment
    assert elawa_ref.pays(["bone", "meat"], ["berry", "meat"])
    assert not elawa_ref.pays(["meat", "meat"], ["berry", "meat"])


def test_spaeher_reference_sunset_follows_the_summary():
    view = {"first": 0, "display": [[], [], []], "decks": {"items": 20}, "sites": [], "current_seat": 0,
            "players": [{"hand": ["jaeger", "spaeher"]}, {"hand": []}]}
    ref = spaeher_ref.SpaeherRef(view, "normal")
    p = ref.players[0]
    p.vp, p.hunger = 3, 2
    # 2 members on the tribe card (5 - 1 camp - 2 supply): +2, -2 hunger, -2 hand cards, floor 0
    ref.apply(0, {"type": "sunset"}, [], "turn")
    assert (p.vp, p.hunger) == (1, 4)  # 3 + (2 - 2 - 2) = 1, then +1 hunger per member
    # the track never goes below 0
    p.hand = ["jaeger"] * 6
    ref.apply(0, {"type": "sunset"}, [], "turn")
    assert (p.vp, p.hunger) == (0, 6)
    # an item's points count at once
    p.pool.update(["wood", "stone"])
    p.items = 1
    ref.apply(0, {"type": "create", "item": "rad"}, [], "recall")
    assert (p.vp, p.items, p.created) == (3, 0, ["rad"])


# ---- the comparison can fail ---------------------------------------------------------------

def tampered(after_acts):
    """An api whose views lie about seat 0's score once `after_acts` actions were played."""
    count = {"acts": 0}

    def fake(text):
        req = json.loads(text)
        reply = json.loads(handle(text))
        if req.get("op") == "act":
            count["acts"] += 1
        if reply.get("ok") and count["acts"] >= after_acts:
            res = reply["result"]
            view = res.get("view", res)
            if isinstance(view, dict) and "scores" in view:
                view["scores"][0] += 1
        return json.dumps(reply)
    return fake


def test_a_wrong_engine_score_is_reported():
    _, pe = elawa_ref.play_game(tampered(5), 1, 2, {}, random_chooser(1))
    assert any("scores engine" in x for x in pe) and "reproduce" in pe[-1]
    _, ps = spaeher_ref.play_game(tampered(5), 1, {"mode": "normal"}, random_chooser(1))
    assert any("scores engine" in x for x in ps) and "reproduce" in ps[-1]


# ---- many games ----------------------------------------------------------------------------
# Sizes chosen to keep this file under about 90 s on the 2-core worker machine (measured).

@pytest.mark.slow
def test_elawa_random_games_agree_with_the_reference():
    actions, problems = elawa_games(range(1, 301), lambda s: random_chooser(1000 + s))
    assert actions > 25000
    assert problems == []


def test_elawa_bot_games_agree_with_the_reference():
    actions, problems = elawa_games(range(500, 512), lambda s: bot_chooser("easy"))
    assert actions > 900
    assert problems == []


def test_spaeher_random_games_agree_with_the_reference():
    # random games now end by the stall rule after about 100 actions
    actions, problems = spaeher_games(range(1, 41), lambda s: random_chooser(2000 + s))
    assert actions > 3000
    assert problems == []


@pytest.mark.slow
def test_spaeher_bot_games_agree_with_the_reference():
    actions, problems = spaeher_games(range(1, 41), lambda s: bot_chooser("easy"))
    assert actions > 6000
    assert problems == []

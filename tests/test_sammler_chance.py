"""Carcassonne – Jäger und Sammler: every tile drawn is a chance step of its own, drawn from
the unordered pool of what is left (nothing about future draws is in the state)."""

import json

from urzeit.core.chance import RecordingDriver, SeededDriver, drive
from urzeit.core.rng import Rng
from urzeit.games.sammler import components as T

from helpers import canon
from sammler_support import SAMMLER, new, turn


def _pooled(land, bonus):
    """The position where blue is about to complete the start tile's forest (gold) with an
    L03, rebuilt with hand-made pools, no script and no Rng (chance waits for a driver)."""
    s = new(["L03", "L03", "L01"])
    turn(s, 1, 0, 2)  # red closes the start forest's east side
    d = s.to_json()
    d.update(script=None, rng=None, land=land, bonus=bonus)
    return SAMMLER.from_json(d)


def test_the_due_draw_offers_exactly_the_remaining_pool():
    s = _pooled(["L05", "L01", "L01"], ["B10", "B02", "B10"])
    assert s.land == sorted(s.land)  # a pool, kept sorted
    s.apply({"type": "place_tile", "x": 0, "y": 1, "rotation": 3})
    assert s.chance_due() is None
    s.apply({"type": "pass"})  # the gold forest is complete: blue draws a bonus tile
    c = s.chance_due()
    assert (c.kind, c.outcomes, c.weights, c.seen_by) == ("sammler.bonus", ["B02", "B10"], [1, 2], None)
    assert s.current_player is None and s.legal_actions() == []
    events = s.apply_chance("B10")
    assert [(e["type"], e["tile"], e["bonus"]) for e in events] == [("draw", "B10", True)]
    assert s.current_player == 1 and s.view(1)["tile_to_place"] == "B10"
    assert s.view(None)["stack"] == {"land": 3, "bonus": 2}
    turn(s, 0, -1, 2)
    c = s.chance_due()
    assert (c.kind, c.outcomes, c.weights, c.seen_by) == ("sammler.land", ["L01", "L05"], [2, 1], None)
    s.apply_chance("L01")
    assert s.current_player == 0 and s.view(0)["remaining"] == {"L01": 1, "L05": 1}


def test_a_new_game_draws_its_first_tile_from_the_whole_box():
    s = SAMMLER.new_game(2, 1, {}, chance="external")
    c = s.chance_due()
    assert c.kind == "sammler.land" and c.seen_by is None
    assert dict(zip(c.outcomes, c.weights)) == {t.id: t.count for t in T.LAND}
    assert c.outcomes == sorted(c.outcomes)
    assert s.view(0)["tile_to_place"] is None and s.view(0)["stack"] == {"land": 78, "bonus": 12}


def test_a_scripted_setup_draws_in_its_order_as_one_outcome_chances():
    s = SAMMLER.new_game(2, 1, {"setup": {"tiles": ["L20", "L07"], "bonus": ["B02"]}}, chance="external")
    c = s.chance_due()
    assert (c.outcomes, c.weights) == (["L20"], [1])
    drive(s, lambda chance: chance.outcomes[0])
    assert s.view(0)["tile_to_place"] == "L20"
    # the script and the pool travel with the state
    again = SAMMLER.from_json(json.loads(json.dumps(s.to_json())))
    turn(again, -1, 0, 0)
    assert again.chance_due().outcomes == ["L07"]


def test_seeded_draws_are_the_chance_picks_of_the_base():
    """The state's fast settle takes pool[r]: the outcome Chance.pick gives for the same r."""
    s = SAMMLER.new_game(3, 4, {}, chance="external")
    for seed in range(200):
        a, b = Rng(seed), Rng(seed)
        pool = s.land
        assert T.TYPES[pool[a.below(len(pool))]].id == s.chance_due().pick(b)
    seeded = SAMMLER.new_game(3, 4, {})
    by_hand = SAMMLER.new_game(3, 4, {}, chance="external")
    drive(by_hand, SeededDriver(4))  # the base's way: Chance.pick from Rng(seed)
    one, other = seeded.to_json(), by_hand.to_json()
    one.pop("rng"), other.pop("rng")
    assert one == other


def _play_on(state, rng):
    state.apply(rng.choice(state.legal_actions()))


def test_different_seeds_give_equal_states_until_a_draw_differs():
    """External chance: the state holds no trace of the future. Game b gets game a's first
    ten outcomes, then its own: both states are equal at every step until the draws part."""
    recorder = RecordingDriver(SeededDriver(5))
    a = SAMMLER.new_game(2, 5, {}, chance="external")
    b = SAMMLER.new_game(2, 6, {}, chance="external")
    own = SeededDriver(6)
    pick = Rng(1)
    draws = parted = 0
    for _ in range(400):
        if a.is_over or b.is_over:
            break
        if a.chance_due() is not None:
            assert b.chance_due() is not None and canon(a.to_json()) == canon(b.to_json())
            outcome = recorder(a.chance_due())
            other = outcome if draws < 10 else own(b.chance_due())
            a.apply_chance(outcome)
            b.apply_chance(other)
            draws += 1
            if outcome != other:
                parted = draws
                break
            continue
        assert canon(a.to_json()) == canon(b.to_json())
        action = pick.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert parted > 10, "the games share ten draws, then part"
    assert canon(a.to_json()) != canon(b.to_json())


def test_the_view_while_a_draw_is_due_shows_nothing_of_its_outcome():
    s = SAMMLER.new_game(3, 8, {}, chance="external")
    drive(s, SeededDriver(8))
    rng = Rng(2)
    while s.chance_due() is None:
        _play_on(s, rng)
    views = [canon(s.view(seat)) for seat in (None, 0, 1, 2)]
    c = s.chance_due()
    assert c.public() == {"kind": "sammler.land", "seen_by": None, "count": s.view(None)["stack"]["land"]}
    for outcome in c.outcomes:  # whatever comes, nobody could tell it before
        t = s.clone()
        t.apply_chance(outcome)
        assert t.view(0)["tile_to_place"] == outcome or outcome in t.view(0)["discarded"]
    for seat, text in zip((None, 0, 1, 2), views):
        v = json.loads(text)
        assert v["tile_to_place"] is None and v["phase"] == "draw"
        # the same position with another future shows the same view
        other = s.clone()
        other.rng = Rng(99)
        assert canon(other.view(seat)) == text

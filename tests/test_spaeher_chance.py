"""Jäger und Späher: every card drawn is a chance step of its own, drawn from an unordered pool;
a private item draw tells the other seat nothing."""

import json
from collections import Counter

from urzeit import games
from urzeit.core.chance import SeededDriver, drive
from urzeit.core.rng import Rng
from urzeit.games.spaeher.components import CHARS, ITEMS, LOCS, SETUP, SITES

from helpers import canon

G = games.get("spaeher")


def external(mode="normal", **setup):
    options = {"mode": mode, "setup": setup} if setup else {"mode": mode}
    return G.new_game(2, 1, options, chance="external")


def counts(c):
    return dict(zip(c.outcomes, c.weights))


def test_set_up_draws_wait_as_chance_steps_in_a_fixed_order():
    s = external()
    kinds = [s.chance(slot).kind for slot in s.due]
    assert kinds == (["spaeher.special"] * 6 + ["spaeher.site"] * 3 + ["spaeher.item"] * 3
                     + ["spaeher.wild"] * SETUP["open_wilderness"])
    assert s.current_player is None and s.legal_actions() == []
    assert s.display == [[], [], []] and s.sites == [] and s.items == [[], []] and s.locations == []
    assert [s.chance(slot).seen_by for slot in s.due if slot[0] == "deal"] == [0, 1, 1]
    drive(s, SeededDriver(4))
    assert s.current_player == 0 and all(len(c) == 2 for c in s.display) and len(s.sites) == 3
    assert [len(i) for i in s.items] == [1, 2] and len(s.locations) == SETUP["open_wilderness"]
    assert sorted(s.item_deck + s.items[0] + s.items[1]) == sorted(ITEMS)


def test_outcomes_and_weights_are_exactly_what_is_left_in_the_pool():
    s = external()
    specials = Counter(c for c, v in CHARS.items() for _ in range(v["copies"]) if v["kind"] == "special")
    assert counts(s.chance_due()) == specials and counts(s.chance_due())["kundschafter"] == 3
    s.apply_chance("kundschafter")
    s.apply_chance("kundschafter")
    specials["kundschafter"] -= 2
    assert counts(s.chance_due()) == specials  # two fewer copies: weight 1
    drive(s, SeededDriver(1))
    # a hand-built position: the Sammlerin reveals a Wildnis from the three left
    s.wild_deck = ["W03", "W07", "W11"]
    s.hand[0] = ["sammlerin"]
    s.apply({"type": "play", "card": "sammlerin"})
    c = s.chance_due()
    assert (c.kind, c.outcomes, c.weights, c.seen_by) == ("spaeher.wild", ["W03", "W07", "W11"], [1, 1, 1], None)
    assert s.current_player is None and s.revealed is None
    events = s.apply_chance("W07")
    assert s.wild_deck == ["W03", "W11"] and s.revealed == "W07"
    assert {"type": "reveal", "location": "W07", "reveals": True} in events
    assert s.current_player == 0 and {"type": "place", "where": "W07"} in s.legal_actions()
    # the sacred sites: each one left with either side, equally likely
    t = external()
    for _ in range(6):
        t.apply_chance(t.chance_due().outcomes[0])
    c = t.chance_due()
    assert c.kind == "spaeher.site" and c.outcomes == [[x, side] for x in sorted(SITES) for side in (0, 1)]
    t.apply_chance(["S4", 1])
    assert t.chance_due().outcomes == [[x, side] for x in sorted(SITES) if x != "S4" for side in (0, 1)]
    assert t.sites == [{"id": "S4", "side": 1, "members": [0, 0]}]


def test_a_setup_deck_is_a_script_of_one_outcome_chances():
    s = external("intro", hunt=["J02", "J05"], wild=["W01", "W02", "W09"])
    while s.due[0][0] != "open":
        s.apply_chance(s.chance_due().outcomes[0])
    c = s.chance_due()
    assert (c.kind, c.outcomes, c.weights) == ("spaeher.wild", ["W09"], [1])
    drive(s, SeededDriver(3))
    assert [l["id"] for l in s.locations] == ["W09", "W02"] and s.wild_deck == ["W01"]
    s.hand[0] = ["jaeger"]
    s.apply({"type": "play", "card": "jaeger"})
    assert s.chance_due().outcomes == ["J05"] and s.hunt_deck == ["J02", "J05"]  # a pool; the script orders


def _first_draws_equal(record, k):
    """A driver that repeats `record`'s first k outcomes, then draws another one than it did."""
    i = [0]

    def driver(c):
        n = i[0]
        i[0] += 1
        if n < k:
            return record[n]
        return next(o for o in c.outcomes if o != record[n]) if n < len(record) else c.outcomes[0]
    return driver


def test_nothing_about_future_draws_is_in_the_state_until_a_draw_differs():
    """Two external games with different seeds, the same actions and the same outcomes are
    equal; after the first outcome that differs they are not."""
    for mode in ("normal", "intro"):
        a = G.new_game(2, 5, {"mode": mode}, chance="external")
        b = G.new_game(2, 6, {"mode": mode}, chance="external")
        record = []
        seeded = SeededDriver(8)

        def da(c):
            record.append(seeded(c))
            return record[-1]
        differ_at = len(a.due) + 3  # the third draw once play has begun
        db = _first_draws_equal(record, differ_at)
        drawn = 0
        rng = Rng(2)
        for _ in range(400):
            if a.is_over:
                break
            while a.chance_due() is not None:
                assert b.chance_due() is not None
                assert canon(a.to_json()) == canon(b.to_json()), "equal while every draw was equal"
                a.apply_chance(da(a.chance_due()))
                b.apply_chance(db(b.chance_due()))
                drawn += 1
                if drawn > differ_at:
                    assert canon(a.to_json()) != canon(b.to_json())
                    break
            if drawn > differ_at:
                break
            assert canon(a.to_json()) == canon(b.to_json())
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
        assert drawn > differ_at, mode


def _seat_0_draws_an_item():
    s = external()
    drive(s, SeededDriver(2))
    s.hand[0] = ["toepferin"]  # draws two items
    s.apply({"type": "play", "card": "toepferin"})
    return s


def test_a_private_item_draw_shows_the_other_seat_nothing_before_or_after():
    s = _seat_0_draws_an_item()
    c = s.chance_due()
    assert c.kind == "spaeher.item" and c.seen_by == 0 and c.outcomes == s.item_deck
    assert c.public() == {"kind": "spaeher.item", "seen_by": 0, "count": len(s.item_deck)}
    during = canon(s.view(1))
    assert not any(i in during for i in c.outcomes if i not in s.items[1])
    views, events = set(), set()
    for item in c.outcomes[:6]:
        t = s.clone()
        ev = t.apply_chance(item)
        assert item in t.items[0] and t.chance_due().seen_by == 0  # the second of two
        assert item not in canon(t.view(1)) or item in t.items[1]
        views.add(canon(t.view(1)))
        events.add(canon(ev))
        assert item in canon(t.view(0))  # the drawer sees it
    assert len(views) == 1 and len(events) == 1  # whichever item: the same view and events
    assert json.loads(next(iter(events))) == [{"type": "draw_item", "player": 0, "reveals": True}]
    # and the draw did not change what seat 1 saw before it, apart from the count
    after = s.clone()
    drive(after, SeededDriver(5))
    v1, v0 = after.view(1), s.view(1)
    assert v1["players"][0]["item_count"] == v0["players"][0]["item_count"] + 2
    assert v1["players"][0]["items"] is None and v1["decks"]["items"] == v0["decks"]["items"] - 2


def test_a_seeded_game_draws_what_a_seeded_driver_would():
    """Local play (the state's own Rng) and an external game driven by a driver seeded alike
    draw the same cards."""
    a = G.new_game(2, 9, {})
    b = G.new_game(2, 0, {}, chance="external")
    drive(b, SeededDriver(9))
    ja, jb = a.to_json(), b.to_json()
    ja.pop("rng"), jb.pop("rng")
    assert ja == jb
    assert sorted(LOCS) == sorted(a.wild_deck + a.hunt_deck + [l["id"] for l in a.locations])

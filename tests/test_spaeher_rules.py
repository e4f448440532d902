"""Jäger und Späher: the rules of the summary on hand-built positions (the engine is in
progress and not in the menu yet; see docs/spaeher.md)."""

import pytest

from urzeit import games
from urzeit.core.errors import IllegalAction
from urzeit.games.spaeher import CHARS, ITEMS, LOCS, SITES, TURN_LIMIT

G = games.get("spaeher")


def new(mode="normal", **setup):
    return G.new_game(2, 1, {"mode": mode, "setup": setup} if setup else {"mode": mode})


def test_component_counts_match_the_box():
    assert sum(c["copies"] for c in CHARS.values()) == 24
    assert sum(c["copies"] for c in CHARS.values() if c["kind"] == "special") == 12
    assert CHARS["kundschafter"]["copies"] == 3
    assert len(ITEMS) == 31 and len(SITES) == 6
    assert sum(1 for l in LOCS.values() if l["kind"] == "wild") == 18
    assert sum(1 for l in LOCS.values() if l["kind"] == "hunt") == 18
    assert all(l["resources"] and set(l["resources"]) <= {"stone", "wood", "clay", "fruit"}
               for l in LOCS.values() if l["kind"] == "wild")
    assert all(c["reconstructed"] for c in ITEMS.values())
    assert {"rad", "lehmfiguren", "steinhuetten"} <= set(ITEMS)


def test_setup_intro_and_normal():
    s = new("intro")
    assert s.vp == [10, 10] and s.hunger == [2, 2] and [len(i) for i in s.items] == [2, 2]
    assert s.tribe == [2, 2] and s.camp == [1, 1] and s.supply == [2, 2]
    assert s.display == [["kundschafter", "schamane"], ["kundschafter", "schamane"], ["kundschafter", "schamane_besonders"]]
    assert len(s.locations) == 2 and not s.sites and "schamane" not in s.hand[0]
    n = new("normal")
    assert n.vp == [3, 3] and [len(i) for i in n.items] == [1, 2] and len(n.sites) == 3
    assert "schamane" in n.hand[0] and all(len(c) == 2 for c in n.display)


def test_played_character_goes_to_the_shortest_column_with_a_choice_on_ties():
    s = new("intro")
    s.apply({"type": "play", "card": "nachwuchs"})  # camp -> tribe, no choices
    assert s.tribe[0] == 3 and s.camp[0] == 0
    assert s.phase == "column"  # all three columns have 2 cards
    s.apply({"type": "column", "column": 1})
    assert s.display[1][-1] == "nachwuchs" and s.current_player == 1


def test_sunset_scores_members_minus_hunger_minus_hand_never_below_zero_then_feeds():
    s = new("intro")
    s.hand[0] = ["jaeger"]
    s.apply({"type": "sunset"})
    # 2 members - 2 hunger - 1 card still in hand (early sunset)
    assert s.vp[0] == 10 - 1 and s.hunger[0] == 2 + 2
    assert s.phase == "sunset_take"
    for _ in range(6):
        s.apply({"type": "take", "column": [c for c in range(3) if s.display[c]][0]})
    assert s.current_player == 1 and len(s.hand[0]) == 1 + 6  # the kept card plus six
    z = new("intro")
    z.vp[0] = 0
    z.hunger[0] = 7
    z.apply({"type": "sunset"})
    assert z.vp[0] == 0  # never below zero


def test_eight_hunger_costs_a_member_and_three_tiles():
    s = new("intro")
    s.hunger[0] = 6
    s.hand[0] = []
    s.apply({"type": "sunset"})
    assert s.hunger[0] == 8 and s.phase == "sunset_lose"
    s.apply({"type": "lose_member", "where": "tribe"})
    assert s.hunger[0] == 5 and s.tribe[0] == 1 and s.supply[0] == 3


def test_recall_takes_one_uncovered_resource_each_used_at_once():
    s = new("intro", hunt=["J02"], wild=["W01", "W02"])  # J02: meat, meat; W02: wood, clay
    s.apply({"type": "play", "card": "jaeger"})  # reveals J02, places up to 2 there
    s.apply({"type": "place", "where": "J02"})
    s.apply({"type": "place", "where": "J02"})
    if s.phase == "column":
        s.apply({"type": "column", "column": 0})
    while s.current_player != 0:  # the opponent's turn: whatever it does
        s.apply(s.legal_actions()[-1])
    s.apply({"type": "recall", "where": "J02", "resource": "meat"})
    assert s.pool == ["meat"] and s.phase == "recall"
    with pytest.raises(IllegalAction):
        s.apply({"type": "play", "card": "spaeher"})  # one action per turn
    s.apply({"type": "recall", "where": "J02", "resource": "meat"})
    assert "J02" not in [l["id"] for l in s.locations]  # both spaces covered: the card leaves
    hunger = s.hunger[0]
    s.apply({"type": "cure"})
    assert s.hunger[0] == hunger - 1
    s.apply({"type": "finish"})
    assert s.pool == [] and s.current_player == 1  # the unused meat is lost


def test_items_need_the_exact_resources_of_one_recall_and_score_at_once():
    s = new("intro")
    s.items[0] = ["lehmfiguren"]
    s.phase = "recall"
    s.pool = ["clay"]
    assert {"type": "create", "item": "lehmfiguren"} not in s.legal_actions()
    s.pool = ["clay", "clay"]
    vp = s.vp[0]
    s.apply({"type": "create", "item": "lehmfiguren"})
    assert s.vp[0] == vp + ITEMS["lehmfiguren"]["vp"] and s.created[0] == ["lehmfiguren"]


def test_two_skins_bring_a_member_to_the_cave_camp():
    s = new("intro")
    s.phase = "recall"
    s.pool = ["skin", "skin"]
    s.apply({"type": "grow"})
    assert s.camp[0] == 2 and s.supply[0] == 1


def test_at_most_three_members_on_a_location():
    s = new("intro")
    loc = s.locations[0]
    loc["members"] = [1, 1, 1]
    assert loc["id"] not in s._place_targets(0, "any")


def test_sacred_site_members_drive_the_others_away():
    s = new("normal", sites=[["S1", 0], ["S2", 0], ["S3", 1]])
    site = s.sites[0]
    site["members"] = [0, 1]
    s.tribe[0] = 2
    s._place_on_site(0, site, [])
    assert site["members"] == [1, 1]  # not ahead yet: both stay
    s._place_on_site(0, site, [])
    assert site["members"] == [2, 0] and s.tribe[1] == 3


def test_end_at_24_second_player_gets_one_more_turn_and_wins_ties():
    s = new("intro")
    s.vp = [24, 20]
    s.hand[0] = []
    s.hunger[0] = 2
    s.apply({"type": "sunset"})
    while s.current_player == 0:
        s.apply(s.legal_actions()[0])
    assert not s.is_over and s.final == 1
    s.vp[1] = s.vp[0]
    s.hand[1] = []
    s.apply({"type": "sunset"})
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.winner() == 1  # a tie goes to the second player


def test_stalled_games_end_at_our_turn_limit():
    s = new("intro")
    s.turns = TURN_LIMIT - 1
    s.apply({"type": "sunset"})
    while s.current_player == 0:
        s.apply(s.legal_actions()[0])
    s.apply({"type": "sunset"})
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.is_over

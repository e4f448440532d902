"""Jäger und Späher: every card of our reconstruction (py/urzeit/games/spaeher/cards.json)
does what its data says, checked on hand-built positions."""

import pytest

from urzeit import games
from urzeit.core.errors import IllegalAction
from urzeit.games.spaeher.components import CHARS, ITEMS, LOCS, SITES

G = games.get("spaeher")


def new(mode="normal", **setup):
    return G.new_game(2, 3, {"mode": mode, "setup": setup})


def play(s, card):
    s.hand[0] = [card]
    return s.apply({"type": "play", "card": card})


def place_all(s, where=None):
    """Place members while the card lets us; return where they went."""
    went = []
    while s.phase == "steps" and s.steps[0]["op"] == "place":
        targets = [a["where"] for a in s.legal_actions() if a["type"] == "place"]
        target = where if where in targets else targets[0]
        s.apply({"type": "place", "where": target})
        went.append(target)
    return went


# ---- characters ---------------------------------------------------------------------------

def test_every_card_is_marked_and_every_character_has_steps():
    for table in (CHARS, ITEMS, LOCS, SITES):
        assert all("reconstructed" in c for c in table.values())
    assert all(c["steps"] for c in CHARS.values())
    assert all(c["name_de"] and c["name_en"] for c in CHARS.values())


@pytest.mark.parametrize("card,deck,most", [("jaeger", "hunt", 2), ("sammlerin", "wild", 3),
                                            ("fallensteller", "hunt", 2)])
def test_characters_that_reveal_a_given_deck_send_members_only_there(card, deck, most):
    s = new(hunt=["J01", "J09"], wild=["W01", "W15", "W02", "W07"])  # W07, W02 open at the start
    s.tribe[0], s.hunger[0] = 4, 3
    play(s, card)
    revealed = "J09" if deck == "hunt" else "W15"  # decks are drawn from the end
    assert s.revealed == revealed and revealed in [l["id"] for l in s.locations]
    assert {a["where"] for a in s.legal_actions() if a["type"] == "place"} == {revealed}
    assert place_all(s) == [revealed] * most
    assert s.tribe[0] == 4 - most
    if card == "fallensteller":
        assert s.hunger[0] == 2  # and cures one hunger


@pytest.mark.parametrize("card,most", [("spaeher", 2), ("kundschafter", 3)])
def test_scouts_choose_the_deck_and_send_members_to_the_new_card(card, most):
    s = new(hunt=["J01", "J09"], wild=["W03", "W01", "W02", "W07"])
    s.tribe[0] = 4
    play(s, card)
    assert s.legal_actions() == [{"type": "reveal", "deck": "hunt"}, {"type": "reveal", "deck": "wild"}]
    s.apply({"type": "reveal", "deck": "wild"})
    assert s.revealed == "W01"
    assert place_all(s) == ["W01"] * most


def test_holzfaeller_reveals_a_wilderness_and_may_go_to_any_wilderness():
    s = new(wild=["W01", "W02", "W07"])  # W07, W02 open at the start, W01 revealed
    s.tribe[0] = 3
    play(s, "holzfaeller")
    assert {a["where"] for a in s.legal_actions() if a["type"] == "place"} == {"W01", "W02", "W07"}
    assert len(place_all(s)) == 3


def test_haeuptling_draws_a_hidden_item_and_sends_one_member_anywhere():
    s = new(items=["rad", "kanu", "totem", "netz"], sites=[["S1", 0], ["S2", 0], ["S3", 0]])
    before = list(s.items[0])
    play(s, "haeuptling")
    assert len(s.items[0]) == len(before) + 1 and s.view(1)["players"][0]["items"] is None
    targets = {a["where"] for a in s.legal_actions() if a["type"] == "place"}
    assert {"S1", "S2", "S3"} <= targets and {l["id"] for l in s.locations} <= targets
    assert len(place_all(s)) == 1


@pytest.mark.parametrize("card,n", [("nachwuchs", 1), ("sippenmutter", 2)])
def test_offspring_comes_from_the_cave_camp_then_from_the_supply(card, n):
    s = new()
    s.camp[0], s.supply[0], s.tribe[0] = 1, 2, 2
    play(s, card)
    assert s.camp[0] == 0 and s.tribe[0] == 2 + n and s.supply[0] == 2 - (n - 1)
    e = new()
    e.camp[0], e.supply[0], e.tribe[0] = 0, 0, 5
    play(e, card)
    assert e.tribe[0] == 5  # nobody left to come


@pytest.mark.parametrize("card,n", [("schamane", 1), ("schamane_besonders", 2)])
def test_shamans_take_exposed_characters_from_the_display(card, n):
    s = new(display=[["heilerin"], ["toepferin", "aeltester"], ["jaeger"]])
    play(s, card)
    s.apply({"type": "take", "column": 1})
    assert "aeltester" in s.hand[0]
    if n == 2:
        s.apply({"type": "take", "column": 1})
        assert "toepferin" in s.hand[0]
    assert s.phase in ("column", "turn")


def test_heilerin_cures_two_hunger_but_not_below_zero():
    s = new()
    s.hunger[0] = 3
    play(s, "heilerin")
    assert s.hunger[0] == 1
    z = new()
    z.hunger[0] = 1
    play(z, "heilerin")
    assert z.hunger[0] == 0


def test_toepferin_draws_two_items_and_aeltester_one_item_and_a_character():
    s = new(items=["rad", "kanu", "totem", "netz", "speer"])
    n = len(s.items[0])
    play(s, "toepferin")
    assert len(s.items[0]) == n + 2
    a = new(items=["rad", "kanu", "totem", "netz", "speer"], display=[["heilerin"], ["jaeger"], ["spaeher"]])
    n = len(a.items[0])
    play(a, "aeltester")
    assert len(a.items[0]) == n + 1
    a.apply({"type": "take", "column": 0})
    assert "heilerin" in a.hand[0]


def test_faehrtenleser_and_feuerhueterin_send_two_anywhere():
    s = new(display=[["heilerin"], ["jaeger"], ["spaeher"]])
    s.tribe[0] = 3
    play(s, "faehrtenleser")
    assert len(place_all(s)) == 2
    s.apply({"type": "take", "column": 2})
    assert "spaeher" in s.hand[0]
    f = new()
    f.tribe[0], f.hunger[0] = 3, 2
    play(f, "feuerhueterin")
    assert f.hunger[0] == 1 and len(place_all(f)) == 2


def test_each_step_is_up_to_its_number_and_can_stop():
    s = new(hunt=["J01"])
    s.tribe[0] = 3
    play(s, "jaeger")
    s.apply({"type": "place", "where": "J01"})
    s.apply({"type": "stop"})
    assert s.tribe[0] == 2 and s.phase in ("column", "turn")


# ---- items -------------------------------------------------------------------------------------

@pytest.mark.parametrize("item", sorted(ITEMS))
def test_every_item_costs_exactly_its_resources_and_scores_at_once(item):
    data = ITEMS[item]
    s = new(hunt=["J01"])
    s.locations.append({"id": "J01", "covered": [False] * 3, "members": []})
    s.items[0] = [item]
    s.phase = "recall"
    s.pool = list(data["cost"])[:-1]
    assert {"type": "create", "item": item} not in s.legal_actions()  # one short
    s.pool = list(data["cost"])
    s.hunger[0], s.tribe[0] = 3, 2
    vp, drawn = s.vp[0], len(s.item_deck)
    s.apply({"type": "create", "item": item})
    assert s.vp[0] == vp + data["vp"] and s.created[0] == [item] and s.pool == []
    effect = data["effect"]
    if effect is None:
        assert s.phase == "recall"
    elif effect["op"] == "cure":
        assert s.hunger[0] == 3 - effect["n"]
    elif effect["op"] == "draw_items":
        assert len(s.item_deck) == drawn - effect["n"] and len(s.items[0]) == effect["n"]
    elif effect["op"] == "place":
        assert s.phase == "steps" and place_all(s) and s.phase == "recall"
        assert s.tribe[0] == 2 - effect["max"]


def test_items_follow_the_catalogue():
    assert len(ITEMS) == 31
    assert all(2 <= len(i["cost"]) <= 4 for i in ITEMS.values())
    assert all(set(i["cost"]) <= {"skin", "stone", "wood", "clay", "fruit"} for i in ITEMS.values())
    assert all(i["effect"] is None or i["effect"]["op"] in ("cure", "draw_items", "place") for i in ITEMS.values())


# ---- locations ---------------------------------------------------------------------------------

@pytest.mark.parametrize("loc_id", sorted(LOCS))
def test_every_location_gives_each_of_its_resources_once(loc_id):
    resources = LOCS[loc_id]["resources"]
    kind = LOCS[loc_id]["kind"]
    assert 3 <= len(resources) <= 4
    if kind == "hunt":  # mainly meat and skins (S9)
        assert sum(r in ("meat", "skin") for r in resources) >= len(resources) - 1 and "meat" in resources
    else:
        assert set(resources) <= {"stone", "wood", "clay", "fruit"}
    others = ["W16", "W17"] if loc_id not in ("W16", "W17") else ["W14", "W18"]
    s = new(**{kind: [loc_id]}) if kind == "hunt" else new(wild=[loc_id] + others)
    s.tribe[0] = 5
    s.hand[0] = ["kundschafter"]
    s.apply({"type": "play", "card": "kundschafter"})
    s.apply({"type": "reveal", "deck": kind})
    place_all(s, loc_id)
    if s.phase == "column":
        s.apply({"type": "column", "column": 0})
    s.current = 0
    s.phase = "turn"
    got = []
    for _ in range(len(resources)):
        loc = s.location(loc_id)
        if loc is None or 0 not in loc["members"]:
            s.location(loc_id)["members"].append(0) if loc else None
        free = [a for a in s.legal_actions() if a["type"] == "recall" and a["where"] == loc_id]
        if not free:
            break
        s.apply(free[0])
        got.append(free[0]["resource"])
    assert sorted(got) == sorted(resources)
    assert loc_id not in [l["id"] for l in s.locations]  # all covered: the card left the game


# ---- sacred sites ------------------------------------------------------------------------------

@pytest.mark.parametrize("site_id,side", [(s, i) for s in sorted(SITES) for i in (0, 1)])
def test_every_sacred_site_face_works_at_its_trigger(site_id, side):
    face = SITES[site_id]["sides"][side]
    effect = face["effect"]
    s = new(sites=[[site_id, side]], items=["rad", "kanu", "totem", "netz", "speer"],
            display=[["heilerin"], ["jaeger"], ["spaeher"]])
    s.hunger[0], s.tribe[0] = 3, 3
    s.hand[0] = ["haeuptling", "heilerin"]
    s.apply({"type": "play", "card": "haeuptling"})  # draws an item, then sends one member
    items_before, vp_before, hunger_before, hand_before = len(s.items[0]), s.vp[0], s.hunger[0], len(s.hand[0])
    s.apply({"type": "place", "where": site_id})
    if face["trigger"] == "place":
        if effect["op"] == "cure":
            assert s.hunger[0] == hunger_before - effect["n"]
        elif effect["op"] == "draw_items":
            assert len(s.items[0]) == items_before + effect["n"]
        elif effect["op"] == "take_character":
            s.apply({"type": "take", "column": 0})
            assert len(s.hand[0]) == hand_before + 1
        return
    assert (s.vp[0], s.hunger[0], len(s.items[0])) == (vp_before, hunger_before, items_before)  # not yet
    if s.phase == "column":
        s.apply({"type": "column", "column": 0})
    s.current, s.phase = 0, "turn"
    if face["trigger"] == "sunset":
        members = s.members_in_play(0)
        hunger = s.hunger[0]
        hand = len(s.hand[0])
        s.apply({"type": "sunset"})
        base = max(0, vp_before + members - hunger - hand)
        if effect["op"] == "vp":
            assert s.vp[0] == base + effect["n"]
        else:
            assert s.hunger[0] == max(0, hunger - effect["n"]) + members
    else:  # create
        s.phase = "recall"
        s.items[0] = ["rad"]
        s.pool = list(ITEMS["rad"]["cost"])
        s.apply({"type": "create", "item": "rad"})
        assert s.vp[0] == vp_before + ITEMS["rad"]["vp"] + effect["n"]


def test_a_site_helps_only_the_player_who_holds_it():
    s = new(sites=[["S1", 1], ["S2", 0], ["S3", 0]])  # S1 side 1: +1 at sunset
    s.sites[0]["members"] = [0, 2]
    s.hand[0] = []
    members, hunger = s.members_in_play(0), s.hunger[0]
    s.apply({"type": "sunset"})
    assert s.vp[0] == max(0, 3 + members - hunger)


def test_recalling_from_a_sacred_site_brings_no_resource():
    s = new(sites=[["S1", 0], ["S2", 0], ["S3", 0]])
    s.sites[1]["members"] = [1, 0]
    s.tribe[0] = 1
    assert {"type": "recall", "where": "S2", "resource": None} in s.legal_actions()
    s.apply({"type": "recall", "where": "S2", "resource": None})
    assert s.pool == [] and s.tribe[0] == 2 and s.sites[1]["members"] == [0, 0]


def test_placing_needs_members_on_the_tribe_card():
    s = new()
    s.tribe[0] = 0
    s.hand[0] = ["sammlerin"]
    s.apply({"type": "play", "card": "sammlerin"})  # reveals, but nobody can go
    assert s.phase in ("column", "turn")
    with pytest.raises(IllegalAction):
        s.apply({"type": "place", "where": s.locations[0]["id"]})


def test_with_an_empty_deck_the_revealing_characters_send_members_to_open_cards_of_that_kind():
    s = new(hunt=[], wild=["W01", "W02"])
    s.locations.append({"id": "J04", "covered": [False] * 3, "members": []})
    s.tribe[0] = 3
    play(s, "jaeger")  # the reveal fizzles (gap #23): any open hunting ground instead
    assert s.revealed is None
    assert {a["where"] for a in s.legal_actions() if a["type"] == "place"} == {"J04"}
    assert place_all(s) == ["J04", "J04"]

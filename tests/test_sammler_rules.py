"""Carcassonne – Jäger und Sammler: every rule of the rules text on hand-built positions.

Board facts used below: the start tile S01 lies at (0, 0): meadow to the north (with a
mammoth, also reaching the north part of the west side), forest to the east and south (with
a gold nugget), and to the west a river that ends in a lake with 1 fish on the tile.
"""

import pytest

from urzeit.core.chance import drive
from urzeit.core.errors import BadRequest, IllegalAction

from urzeit.games.sammler import components as T

from sammler_support import SAMMLER, final, new, play, position, turn


def type_index(tid):
    return T.BY_ID[tid].index


def scores(events):
    return [(e["players"], e["points"], e["category"]) for e in events if e["type"] == "score"]


# ---- Landschaftskarte legen ------------------------------------------------------------

def test_start_tile_and_first_draw():
    s = new(["L01", "L02"])
    v = s.view(0)
    assert v["tiles"] == [{"type": "S01", "x": 0, "y": 0, "rotation": 0, "bonus": False}]
    assert v["tile_to_place"] == "L01" and v["stack"] == {"land": 1, "bonus": 0}
    assert v["supply"] == [{"members": 5, "huts": 2}] * 2


def test_new_tile_must_continue_every_edge_and_touch_by_a_side():
    s = new(["L01"])  # all meadow: only the meadow side of the start tile takes it
    assert s.legal_actions() == [{"type": "place_tile", "x": 0, "y": -1, "rotation": 0}]
    with pytest.raises(IllegalAction, match="does not fit"):
        s.apply({"type": "place_tile", "x": 1, "y": 0, "rotation": 0})  # meadow against forest
    with pytest.raises(IllegalAction, match="touches no placed tile"):
        s.apply({"type": "place_tile", "x": 1, "y": -1, "rotation": 0})  # corner only
    with pytest.raises(IllegalAction, match="already holds"):
        s.apply({"type": "place_tile", "x": 0, "y": 0, "rotation": 0})
    assert s.view(0)["tiles"] == [{"type": "S01", "x": 0, "y": 0, "rotation": 0, "bonus": False}]


def test_each_fitting_position_and_rotation_offered_once():
    s = new(["L03"])  # meadow N, forest E, meadow S, meadow W: 4 different rotations
    legal = {(a["x"], a["y"], a["rotation"]) for a in s.legal_actions()}
    # north of the start tile (needs meadow facing south): every rotation but the forest-south one
    assert {r for x, y, r in legal if (x, y) == (0, -1)} == {0, 2, 3}
    # east of the start tile (needs forest facing west): only rotation 2
    assert {r for x, y, r in legal if (x, y) == (1, 0)} == {2}
    assert {r for x, y, r in legal if (x, y) == (0, 1)} == {3}
    assert not any((x, y) == (-1, 0) for x, y, r in legal)  # the river side needs a river


def test_rotations_that_look_the_same_are_offered_once():
    s = new(["L07"])  # forest E-W between two empty meadows: 180 degrees looks the same
    rotations = {a["rotation"] for a in s.legal_actions()}
    assert rotations <= {0, 1}
    north = [a for a in s.legal_actions() if (a["x"], a["y"]) == (0, -1)]
    assert [a["rotation"] for a in north] == [0]  # rotation 2 fits too but looks the same
    with pytest.raises(IllegalAction, match="offered once"):
        s.apply({"type": "place_tile", "x": 0, "y": -1, "rotation": 2})


def test_rotation_turns_clockwise():
    s = new(["L03"])
    turn(s, 1, 0, 2)  # forest (east in the catalogue) now faces west
    assert s.view(0)["tiles"][1] == {"type": "L03", "x": 1, "y": 0, "rotation": 2, "bonus": False}
    assert s.open[(2, 0)] == "...M"


def test_tile_that_fits_nowhere_leaves_the_game_and_the_next_is_drawn():
    s = SAMMLER.new_game(2, 1, {"setup": {"tiles": ["L01", "L18", "L02"]}}, chance="external")
    s.open = {(0, -1): "FFFF"}  # hand-made: the only open place wants forest on all sides
    events = drive(s, lambda c: c.outcomes[0])  # each draw is a chance step of its own
    assert [e["type"] for e in events] == ["draw", "discard", "draw"]
    assert s.view(0)["discarded"] == ["L01"] and s.view(0)["tile_to_place"] == "L18"


def test_every_landscape_tile_is_placed_or_discarded_exactly_once():
    from urzeit.core.rng import Rng
    for seed in range(60):
        s = SAMMLER.new_game(2, seed, {})
        rng = Rng(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        v = s.view(None)
        land_placed = sum(1 for t in v["tiles"] if t["type"].startswith("L"))
        assert land_placed + len([d for d in v["discarded"] if d.startswith("L")]) == 78


def test_the_board_is_unbounded():
    s = new(["L20"] * 12)
    for i in range(1, 13):
        turn(s, -i, 0, 0)  # a straight river ever further west
    assert min(t["x"] for t in s.view(0)["tiles"]) == -12


# ---- Stammesmitglied oder Hütte setzen --------------------------------------------------

def test_figure_only_on_the_tile_just_placed_and_by_zone_kind():
    s = new(["L20", "L01"])  # straight river west of the start
    s.apply({"type": "place_tile", "x": -1, "y": 0, "rotation": 0})
    legal = s.legal_actions()
    assert {"type": "place_figure", "figure": "fisher", "zone": "R1"} in legal
    assert {"type": "place_figure", "figure": "hut", "zone": "R1"} in legal
    assert {"type": "place_figure", "figure": "hunter", "zone": "M1"} in legal
    assert legal[-1] == {"type": "pass"}
    with pytest.raises(IllegalAction, match="cannot stand"):
        s.apply({"type": "place_figure", "figure": "gatherer", "zone": "R1"})
    with pytest.raises(IllegalAction, match="no zone"):
        s.apply({"type": "place_figure", "figure": "fisher", "zone": "F1"})
    with pytest.raises(IllegalAction, match="place the tile first|already placed"):
        s.apply({"type": "place_tile", "x": -2, "y": 0, "rotation": 0})


def test_no_second_figure_of_a_kind_on_a_connected_feature_however_far():
    # Blau kann nur einen Jäger einsetzen: the forest already has a gatherer
    # Blau kann nur einen Jäger einsetzen: red's gatherer two tiles away blocks the forest,
    # for red as well
    s3 = new(["L07", "L07", "L07"])
    turn(s3, 1, 0, 0, "gatherer", "F1")
    turn(s3, 2, 0, 0)
    s3.apply({"type": "place_tile", "x": 3, "y": 0, "rotation": 0})
    kinds = {(a.get("figure"), a.get("zone")) for a in s3.legal_actions()}
    assert ("gatherer", "F1") not in kinds
    assert ("hunter", "M1") in kinds and ("hunter", "M2") in kinds


def test_hunter_blocked_on_the_big_meadow_but_allowed_on_the_small_one():
    # Rot kann ... als Jäger aber nur auf der kleinen Wiese: the north meadow has a hunter
    s = new(["L01", "L20"])
    turn(s, 0, -1, 0, "hunter", "M1")  # blue... red's hunter on the meadow north of the start
    s.apply({"type": "place_tile", "x": -1, "y": 0, "rotation": 0})  # river: north part joins it
    figures = {(a.get("figure"), a.get("zone")) for a in s.legal_actions()}
    assert ("hunter", "M1") not in figures  # north of the river: connected to the hunted meadow
    assert ("hunter", "M2") in figures      # south of the river: a small meadow of its own
    assert ("fisher", "R1") in figures



def test_a_meadow_on_both_banks_of_a_river_edge_joins_both_banks():
    # L44's meadow M1 lies on both sides of its short river (E0 and E2). Placed with that edge
    # against L20's river, it joins L20's north meadow (with red's hunter) and its south
    # meadow: "Auf den durch die neue Karte verbundenen ... Wiesen darf kein anderes
    # Stammesmitglied (auch kein eigenes) stehen".
    s = new(["L20", "L44", "L02"])
    turn(s, -1, 0, 0, "hunter", "M1")
    turn(s, -2, 0, 0)
    s.apply({"type": "place_tile", "x": -1, "y": 1, "rotation": 0})  # meadow under L20's south bank
    assert ("hunter", "M1") not in {(a.get("figure"), a.get("zone")) for a in s.legal_actions()}
    s.apply({"type": "pass"})
    # one meadow: the start tile's mammoth, L44's mammoth, L20's deer and L02's deer
    assert s.is_over and s.scores() == [8, 0]


def test_huts_one_per_river_system_through_lakes_and_fishers_do_not_block_huts():
    # start lake (1 fish) -> river west -> L64 lake (2 fish) with 4 rivers
    s = new(["L64", "L20", "L20"])
    turn(s, -1, 0, 0, "hut", "L1")  # red: hut on the lake of L64
    s.apply({"type": "place_tile", "x": -1, "y": -1, "rotation": 1})  # river north of L64
    figures = {(a.get("figure"), a.get("zone")) for a in s.legal_actions()}
    assert ("hut", "R1") not in figures  # the same river system (through the lake)
    assert ("fisher", "R1") in figures   # huts do not block fishers
    s.apply({"type": "place_figure", "figure": "fisher", "zone": "R1"})
    s.apply({"type": "place_tile", "x": -1, "y": 1, "rotation": 1})
    figures = {(a.get("figure"), a.get("zone")) for a in s.legal_actions()}
    assert ("hut", "R1") not in figures and ("fisher", "R1") in figures  # a separate river, same system


def test_hut_allowed_where_only_a_fisher_stands():
    # Der rote Fischer darf eingesetzt werden / die blaue Hütte darf eingesetzt werden
    s = new(["L20", "L20"])
    turn(s, -1, 0, 0, "fisher", "R1")
    s.apply({"type": "place_tile", "x": -2, "y": 0, "rotation": 0})
    figures = {(a.get("figure"), a.get("zone")) for a in s.legal_actions()}
    assert ("hut", "R1") in figures and ("fisher", "R1") not in figures


def test_empty_supply_allows_only_the_tile():
    s = new(["L20", "L20"])
    s.members[0] = 0
    s.huts[0] = 0
    s.apply({"type": "place_tile", "x": -1, "y": 0, "rotation": 0})
    assert s.legal_actions() == [{"type": "pass"}]
    with pytest.raises(IllegalAction, match="no tribe member"):
        s.apply({"type": "place_figure", "figure": "fisher", "zone": "R1"})


def test_hunters_and_huts_stay_gatherers_return():
    s, events = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L05", 0, -2, 0, "hunter", "M1")])
    assert s.members == [5, 4]  # red's gatherer came back, blue's hunter stays
    assert [f["kind"] for f in s.view(0)["figures"]] == ["hunter"]


# ---- Wertung fertiger Flüsse und Wälder (worked examples) -------------------------------

def test_example_river_red_scores_6():
    # "Rot erhält 6 Punkte": 3 sections, lakes with 1 and 2 fish; blue completes it
    s, events = play([("L20", -1, 0, 0, "fisher", "R1"), ("L48", -2, 0, 2, None, None)])
    assert scores(events) == [([0], 6, "rivers")]
    assert s.scores() == [6, 0] and s.members[0] == 5


def test_example_river_red_scores_3_even_if_blue_completes():
    # "Rot erhält 3 Punkte (2 Abschnitte und 1 Fisch)": spring and a lake with one fish
    s, events = play([("L30", 0, -1, 1, "fisher", "R1"), ("L44", 1, -1, 2, None, None)])
    assert scores(events) == [([0], 3, "rivers")]
    assert s.scores() == [3, 0]


def test_example_forest_red_scores_4():
    s, events = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L05", 0, -2, 0, None, None)])
    assert scores(events) == [([0], 4, "forests")]
    assert s.view(0)["stack"]["bonus"] == 0


def test_place_score_and_return_in_the_same_turn():
    s, events = play([("L04", 0, -1, 2, None, None), ("L05", 0, -2, 0, "gatherer", "F1")])
    assert scores(events) == [([1], 4, "forests")]
    assert s.members == [5, 5]
    assert any(e["type"] == "return" and e["player"] == 1 for e in events)


def test_example_gold_forest_red_scores_10_and_the_completer_draws_a_bonus_tile():
    moves = [("L07", 1, 0, 0, "gatherer", "F1"),  # red
             ("L03", 2, 0, 2, None, None),        # blue
             ("L07", 0, 1, 1, None, None),        # red
             ("L03", 0, 2, 3, None, None)]        # blue completes the 5-tile forest with gold
    s, events = play(moves, bonus=["B10", "B02"])
    assert scores(events) == [([0], 10, "forests")]
    v = s.view(1)
    assert s.current_player == 1  # blue completed it and draws the bonus tile
    assert v["tile_to_place"] == "B10" and v["tile_is_bonus"] is True
    assert v["stack"]["bonus"] == 1
    # the bonus tile goes anywhere by the usual rules, with a figure if blue wants
    turn(s, 0, -1, 2, "hunter", "M1")
    assert s.current_player == 0 and s.view(0)["tile_to_place"] == "L01"
    assert s.view(0)["tiles"][-1] == {"type": "B10", "x": 0, "y": -1, "rotation": 2, "bonus": True}


def test_returned_gatherer_can_go_onto_the_bonus_tile():
    s, events = play([("L03", 1, 0, 2, None, None), ("L03", 0, 1, 3, "gatherer", "F1")], bonus=["B02"])
    assert scores(events) == [([1], 6, "forests")]  # 3 tiles with the start tile's gold
    assert s.current_player == 1 and s.members[1] == 5
    s.apply({"type": "place_tile", "x": 0, "y": -1, "rotation": 3})
    assert {"type": "place_figure", "figure": "gatherer", "zone": "F1"} in s.legal_actions()


# Forest B: L09 north of the start (gold), closed on its west by an L03; open to the north.
FOREST_B = [("L09", 0, -1, 2, "gatherer", "F1"),  # red
            ("L03", -1, -1, 0, None, None),       # blue
            ("L03", 1, 0, 2, None, None),         # red closes the start forest's east side
            ("L03", 0, 1, 3, None, None)]         # blue completes the start forest (gold)


def test_a_forest_completed_by_a_bonus_tile_gives_no_further_bonus_tile():
    s, events = play(FOREST_B, bonus=["B10", "B02"])
    assert s.current_player == 1 and s.view(1)["tile_to_place"] == "B10"
    events = turn(s, 0, -2, 0)  # B10's forest closes forest B, which has gold
    assert scores(events) == [([0], 6, "forests")]  # 3 tiles, red's gatherer
    assert not any(e["type"] == "draw" and e["bonus"] for e in events)
    assert s.view(0)["stack"]["bonus"] == 1
    assert s.current_player == 0 and s.view(0)["tile_to_place"] == "L01"


def test_mushrooms_score_2_and_gold_placed_earlier_counts_for_a_landscape_completion():
    s, _ = play(FOREST_B + [("B02", 0, -2, 1, None, None)], bonus=["B02", "B10"], extra_tiles=0)
    s2, events = play(FOREST_B + [("B02", 0, -2, 1, None, None), ("L03", -1, -2, 0, None, None)],
                      bonus=["B02", "B10"])
    # forest B: L09, two L03, B02 = 4 tiles (8) + 1 mushroom group (2)
    assert scores(events)[-1] == ([0], 10, "forests")
    assert s2.current_player == 0 and s2.view(0)["tile_to_place"] == "B10"  # red completed it


def test_empty_bonus_stack_gives_nothing():
    s, events = play([("L03", 1, 0, 2, None, None), ("L03", 0, 1, 3, None, None)], bonus=[])
    assert not any(e["type"] == "draw" and e["bonus"] for e in events)
    assert s.current_player == 0 and s.view(0)["tile_is_bonus"] is False


def test_ties_score_in_full_for_everyone():
    # two separate forests with one gatherer each get joined, then completed
    moves = [("L07", 1, 0, 0, "gatherer", "F1"),   # red: forest east of the start
             ("L09", 1, 1, 1, "gatherer", "F1"),   # blue: a separate forest (south and west)
             ("L09", 0, 1, 3, None, None),         # red joins both forests
             ("L03", 2, 0, 2, None, None),         # blue closes the east end
             ("L03", 1, 2, 3, None, None)]         # red closes the south end
    s, events = play(moves)
    assert scores(events) == [([0, 1], 12, "forests")]
    assert s.scores() == [12, 12] and s.members == [5, 5]


def test_completed_feature_without_figures_scores_nothing():
    s, events = play([("L04", 0, -1, 2, None, None), ("L05", 0, -2, 0, None, None)])
    assert scores(events) == []
    assert any(e["type"] == "complete" and e["points"] == 4 for e in events)


def test_a_river_that_closes_a_loop_is_complete():
    moves = [("L23", 0, -1, 1, "fisher", "R1"), ("L23", 1, -1, 0, None, None),
             ("L23", 0, -2, 2, None, None), ("L23", 1, -2, 3, None, None)]
    s, events = play(moves)
    assert scores(events) == [([0], 4, "rivers")]  # 4 sections, no lake



# Readings (docs/sammler.md): "für jedes Waldstück 2 Punkte" / "für jeden Abschnitt 1 Punkt" count tiles,
# not pieces: a tile whose two forest (or river) pieces belong to one forest (river) counts
# once; a lake at both ends of one river counts its fish once.

def rotation_with(tid, edges):
    return next(r for r in range(4) if T.BY_ID[tid].rotations[r].edges == edges)


def complete_with_last_tile(placed, last, figure, zone):
    """Build `placed`, then let red place `last` = (tile id, x, y, rotation) with a figure."""
    d = position(placed, []).to_json()
    d["tile"], d["tile_is_bonus"], d["phase"] = last[0], False, "tile"
    s = SAMMLER.from_json(d)
    return turn(s, last[1], last[2], last[3], figure, zone)


def test_a_forest_counts_per_tile_not_per_piece():
    # L06 has two forest pieces (east F1, west F2); five tiles north of it join them
    ring = [("L09", 11, 10, rotation_with("L09", "FMMF")), ("L11", 11, 9, rotation_with("L11", "MMFF")),
            ("L07", 10, 9, 0), ("L09", 9, 9, rotation_with("L09", "MFFM")),
            ("L10", 9, 10, rotation_with("L10", "FFMM"))]
    events = complete_with_last_tile(ring, ("L06", 10, 10, 0), "gatherer", "F1")
    assert scores(events) == [([0], 12, "forests")]  # 6 tiles (7 pieces), no mushrooms


def test_a_river_counts_per_tile_not_per_piece():
    # L43 has two river pieces (R1 north-east, R2 south-west); three bends join them; the
    # other ends run into lakes with 1 fish each
    bends = [("L23", 11, 10, rotation_with("L23", "MMRR")), ("L23", 11, 11, rotation_with("L23", "RMMR")),
             ("L23", 10, 11, rotation_with("L23", "RRMM")),
             ("L44", 10, 9, rotation_with("L44", "MMRM")), ("L44", 9, 10, rotation_with("L44", "MRMM"))]
    events = complete_with_last_tile(bends, ("L43", 10, 10, 0), "fisher", "R1")
    assert scores(events) == [([0], 8, "rivers")]  # 6 tiles (7 pieces) + 2 fish


def test_a_river_with_both_ends_in_one_lake_counts_its_fish_once():
    # L53: R1 (north) and R2 (west) both run into its lake (1 fish); three bends join them
    bends = [("L23", 10, 9, rotation_with("L23", "MMRR")), ("L23", 9, 9, rotation_with("L23", "MRRM")),
             ("L23", 9, 10, rotation_with("L23", "RRMM"))]
    events = complete_with_last_tile(bends, ("L53", 10, 10, 0), "fisher", "R1")
    assert scores(events) == [([0], 5, "rivers")]  # 4 tiles + 1 fish


# ---- Spielende und Schlusswertung ---------------------------------------------------------

def test_game_ends_after_the_turn_of_the_last_landscape_tile_bonus_tiles_included():
    s = new(["L03", "L03"], bonus=["B10"])
    turn(s, 1, 0, 2)
    events = turn(s, 0, 1, 3)  # last landscape tile completes the gold forest
    assert not s.is_over and s.view(1)["tile_to_place"] == "B10"
    events = turn(s, 0, -1, 2)
    assert s.is_over and s.current_player is None and s.legal_actions() == []
    assert events[-1]["type"] == "game_over"
    with pytest.raises(IllegalAction, match="over"):
        s.apply({"type": "pass"})


def test_unfinished_forests_and_rivers_score_nothing_at_the_end():
    s, events = play([("L07", 1, 0, 0, "gatherer", "F1"), ("L20", -1, 0, 0, "fisher", "R1")], extra_tiles=0)
    assert s.is_over and s.scores() == [0, 0]


def test_example_huts_blue_scores_5_fish_in_the_whole_system_finished_or_not():
    # start lake (1) + L64 lake (2) + L48 lake (2) are one river system
    s = position([("L64", -1, 0, 0), ("L48", -2, 0, 2)], [(1, "hut", 2, "L1", 0)])
    assert final(s) == [{"type": "score", "category": "huts", "players": [1], "points": 5,
                         "feature": "river_system", "x": 0, "y": 0, "fish": 5}]
    assert s.scores() == [0, 5]


def test_huts_majority_and_tie_in_one_system():
    s = position([("L64", -1, 0, 0), ("L48", -2, 0, 2)], [(1, "hut", 2, "L1", 0), (0, "hut", 1, "L1", 0)])
    assert [(e["players"], e["points"]) for e in final(s)] == [([0, 1], 5)]
    s = position([("L64", -1, 0, 0), ("L48", -2, 0, 2)],
                 [(1, "hut", 2, "L1", 0), (0, "hut", 1, "L1", 0), (0, "hut", 0, "L1", 0)])
    assert [(e["players"], e["points"]) for e in final(s)] == [([0], 5)]


def test_example_meadow_1_green_scores_2_for_one_deer():
    s = position([("L20", -1, 0, 0)], [(0, "hunter", 1, "M2", 0)])
    assert [(e["players"], e["points"], e["deer"]) for e in final(s)] == [([0], 2, 1)]


def test_example_meadow_2_tiger_takes_the_deer_both_tied_players_score_2():
    s = position([("L02", 0, -1, 0), ("L13", -1, -1, 0)],
                 [(0, "hunter", 1, "M1", 0), (1, "hunter", 2, "M1", 0)])
    ev = final(s)
    assert [(e["players"], e["points"]) for e in ev] == [([0, 1], 2)]
    assert (ev[0]["deer"], ev[0]["mammoth"], ev[0]["tigers"], ev[0]["deer_counted"]) == (1, 1, 1, 0)


def test_example_meadow_3_red_has_most_hunters_and_scores_8_alone():
    placed = [("L01", 0, -1, 0), ("L02", 1, -1, 0), ("L13", -1, -1, 0), ("L12", 2, -1, 2), ("B05", 1, -2, 0)]
    s = position(placed, [(0, "hunter", 1, "M1", 0), (0, "hunter", 4, "M1", 0), (1, "hunter", 2, "M1", 0)])
    ev = final(s)
    assert [(e["players"], e["points"]) for e in ev] == [([0], 8)]
    assert (ev[0]["deer"], ev[0]["mammoth"], ev[0]["aurochs"], ev[0]["tigers"]) == (2, 2, 1, 1)


def test_example_meadow_4_more_tigers_than_deer_gives_zero_not_negative():
    s = position([("L20", -1, 0, 0), ("L21", -2, 0, 0), ("L26", -1, 1, 2)], [(1, "hunter", 1, "M2", 0)])
    assert final(s) == []
    assert s.scores() == [0, 0]
    meadow = [f for f in s.features() if f["kind"] == "meadow" and f["figures"]][0]
    assert (meadow["deer"], meadow["tigers"], meadow["value"]) == (1, 2, 0)


def test_fire_drives_away_every_tiger_of_its_meadow():
    # meadow 4 plus the fire tile joined to it: now the deer counts
    s = position([("L20", -1, 0, 0), ("L21", -2, 0, 0), ("L26", -1, 1, 2), ("B09", -2, 1, 0)],
                 [(1, "hunter", 1, "M2", 0)])
    ev = final(s)
    assert [(e["players"], e["points"], e["fire"]) for e in ev] == [([1], 2, True)]


def test_cult_site_hunter_scores_the_meadow_alone():
    # B11 (cult site, tiger) north of the start: its meadow joins the start's north meadow
    placed = [("B11", 0, -1, 2), ("L01", 1, -1, 0), ("L02", 2, -1, 0)]
    figures = [(0, "hunter", 1, "M1", 1), (1, "hunter", 2, "M1", 0), (1, "hunter", 3, "M1", 0)]
    s = position(placed, figures)
    ev = final(s)
    # meadow: mammoth (start) + mammoth (L01) + deer (L02) - tiger (B11) = 4 points
    assert [(e["players"], e["points"], e["cult_site"]) for e in ev] == [([0], 4, True)]


def test_cult_flag_is_set_only_when_the_hunter_comes_with_the_cult_site_tile():
    s, events = play([("L03", 1, 0, 2, None, None), ("L03", 0, 1, 3, None, None)], bonus=["B11"])
    s.apply({"type": "place_tile", "x": 0, "y": -1, "rotation": 2})
    s.apply({"type": "place_figure", "figure": "hunter", "zone": "M1"})
    assert s.view(0)["figures"][-1]["cult"] is True
    s2 = position([("L01", 0, -1, 0)], [(0, "hunter", 1, "M1", 0)])
    assert s2.view(0)["figures"][0]["cult"] is False


def test_breakdown_at_the_end_explains_every_point():
    s, _ = play([("L20", -1, 0, 0, "fisher", "R1"), ("L48", -2, 0, 2, "hunter", "M2")], extra_tiles=0)
    assert s.is_over
    b = s.view(0)["breakdown"]
    assert b[0]["rivers"] == 6 and b[0]["total"] == s.scores()[0]
    for p in range(2):
        assert sum(e["points"] for e in b[p]["entries"]) == b[p]["total"] == s.scores()[p]


# ---- setup and views ------------------------------------------------------------------

@pytest.mark.parametrize("setup, reason", [
    ({"tiles": ["S01"]}, "setup_unknown_tile"), ({"tiles": ["B01"]}, "setup_unknown_tile"),
    ({"tiles": []}, "setup_no_tiles"), ({"tiles": ["L01"], "bonus": ["L02"]}, "setup_unknown_tile"),
    ({"tiles": "L01"}, "setup_not_a_list"), ({"bonus": ["B01"]}, "setup_shape"),
    ({"tiles": ["L01"], "x": 1}, "setup_shape"), ([1], "setup_shape")])
def test_bad_setup_is_refused(setup, reason):
    with pytest.raises(BadRequest) as refused:
        SAMMLER.new_game(2, 1, {"setup": setup})
    assert refused.value.reason == "sammler." + reason


def refusal(state, action):
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert state.to_json() == before  # bad input changes nothing
    return refused.value.reason


def test_every_refusal_names_its_reason_for_the_player():
    s = new(["L20", "L07", "L01"])
    tile = {"type": "place_tile", "x": -1, "y": 0, "rotation": 0}
    assert refusal(s, {"type": "pass"}) == "sammler.place_tile_first"
    assert refusal(s, {"type": "place_tile", "x": -1, "y": 0}) == "sammler.bad_place_tile"
    assert refusal(s, {**tile, "rotation": 4}) == "sammler.bad_rotation"
    assert refusal(s, {**tile, "x": 0}) == "sammler.place_taken"
    assert refusal(s, {**tile, "x": -2}) == "sammler.tile_not_adjacent"
    assert refusal(s, {**tile, "rotation": 1}) == "sammler.tile_does_not_fit"
    assert refusal(new(["L07"]), {"type": "place_tile", "x": 0, "y": -1, "rotation": 2}) == \
        "sammler.rotation_looks_the_same"
    assert refusal(s, ["place_tile"]) == "action_shape"
    s.apply(tile)
    assert refusal(s, tile) == "sammler.tile_already_placed"
    assert refusal(s, {"type": "draw"}) == "sammler.figure_or_pass"
    assert refusal(s, {"type": "pass", "x": 1}) == "sammler.bad_action"
    figure = {"type": "place_figure", "figure": "fisher", "zone": "R1"}
    assert refusal(s, {**figure, "zone": ["R1"]}) == "sammler.bad_place_figure"
    assert refusal(s, {**figure, "x": -1}) == "sammler.bad_place_figure"
    assert refusal(s, {**figure, "figure": "chief"}) == "sammler.unknown_figure"
    assert refusal(s, {**figure, "zone": "F1"}) == "sammler.no_such_zone"
    assert refusal(s, {**figure, "figure": "gatherer"}) == "sammler.gatherer_only_in_forest"
    assert refusal(s, {**figure, "zone": "M1"}) == "sammler.fisher_only_on_river"
    assert refusal(s, {**figure, "figure": "hunter"}) == "sammler.hunter_only_on_meadow"
    assert refusal(s, {**figure, "figure": "hut", "zone": "M1"}) == "sammler.hut_only_on_river_or_lake"
    # the start tile's meadow M1 reaches L20's north bank
    s.figures.append([0, "hunter", 0, 0, 0, 0])
    assert refusal(s, {**figure, "figure": "hunter", "zone": "M1"}) == "sammler.meadow_has_hunter"
    s.figures.append([0, "fisher", 0, 2, 2, 0])
    assert refusal(s, figure) == "sammler.river_has_fisher"
    s.figures.append([1, "hut", 0, 2, 2, 0])
    assert refusal(s, {**figure, "figure": "hut"}) == "sammler.hut_on_river_system"
    s.huts[0] = 0
    assert refusal(s, {**figure, "figure": "hut"}) == "sammler.no_hut_left"
    s.members[0] = 0
    assert refusal(s, {**figure, "zone": "R1"}) == "sammler.no_member_left"
    s.apply({"type": "pass"})
    s.figures.append([0, "gatherer", 0, 1, 1, 0])  # on the start tile's forest
    s.apply({"type": "place_tile", "x": 1, "y": 0, "rotation": 0})  # L07 continues that forest
    assert refusal(s, {"type": "place_figure", "figure": "gatherer", "zone": "F1"}) == "sammler.forest_has_gatherer"
    over = new(["L01"])
    turn(over, 0, -1, 0)
    assert over.is_over and refusal(over, {"type": "pass"}) == "game_over"


def test_full_box_and_hidden_draw_order():
    s = SAMMLER.new_game(3, 99, {})
    v = s.view(0)
    assert v["stack"] == {"land": 77, "bonus": 12}
    assert sum(v["remaining"].values()) == 77
    other = SAMMLER.new_game(3, 100, {})
    assert s.to_json()["land"] != other.to_json()["land"]
    # the view has counts, never the order
    assert isinstance(v["remaining"], dict) and list(v["remaining"]) == sorted(v["remaining"])


def test_view_features_show_extent_owners_completion_and_value():
    s, _ = play([("L20", -1, 0, 0, "fisher", "R1")])
    rivers = [f for f in s.view(0)["features"] if f["kind"] == "river"]
    river = [f for f in rivers if [-1, 0, "R1"] in f["zones"]][0]
    assert [0, 0, "R1"] in river["zones"]
    assert river["owners"] == [0] and river["complete"] is False
    assert river["value"] == 2 + 1  # two sections and the start lake's fish so far
    systems = [f for f in s.view(0)["features"] if f["kind"] == "river_system"]
    assert any([0, 0, "L1"] in f["zones"] and f["fish"] == 1 for f in systems)

"""The whole tile catalogue, checked against tiles.json read afresh: every zone joins its
neighbours across every side in every rotation, and each look of a tile is offered once.

The oracles here work on the raw catalogue (segment names, zone ids), not on the lookup
tables of components.py, so a mistake there cannot hide itself.
"""

import itertools
import json
import pathlib

from urzeit.games.sammler import components as T

from sammler_support import SAMMLER, position

RAW = json.loads((pathlib.Path(T.__file__).with_name("tiles.json")).read_text(encoding="utf-8"))
TILES = {t["id"]: t for t in RAW["tile_types"]}
SIDES = "NESW"
DELTAS = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
FAR = (10, 10)  # away from the start tile, so only the two tiles under test meet


def rotated_segments(tile, r):
    """{segment number 0..11 after r quarter turns clockwise: zone id}"""
    out = {}
    for z in tile["zones"]:
        for name in z["segments"]:
            seg = SIDES.index(name[0]) * 3 + int(name[1])
            out[(seg + 3 * r) % 12] = z["id"]
    return out


def zones_on_side_in_several_segments(tile):
    """(zone id, catalogue side) where the zone touches that side in two or more segments."""
    found = []
    for z in tile["zones"]:
        for s, side in enumerate(SIDES):
            if sum(1 for name in z["segments"] if name[0] == side) >= 2:
                found.append((z["id"], s))
    return found


def edge_of(tile, r, side):
    return tile["edges"][(side - r) % 4]


def best_neighbour(edge_type, facing_side):
    """A (tile id, rotation) whose `facing_side` has edge_type with the most different zones
    on its three segments (for a river edge: two different bank meadows)."""
    best, most = None, 0
    for tid, tile in sorted(TILES.items()):
        if tile["kind"] == "start":
            continue
        for r in range(4):
            if edge_of(tile, r, facing_side) != edge_type:
                continue
            segs = rotated_segments(tile, r)
            distinct = len({segs[facing_side * 3 + k] for k in range(3)})
            if distinct > most:
                best, most = (tid, r), distinct
    return best


def expected_groups(placed):
    """Which (tile index, zone id) are one feature, from the segment rule alone
    (segment k of a side touches segment 2 - k of the facing side)."""
    parent = {}

    def find(a):
        while parent.setdefault(a, a) != a:
            a = parent[a]
        return a

    board = {(x, y): i for i, (_, x, y, _) in enumerate(placed)}
    for i, (tid, x, y, r) in enumerate(placed):
        segs = rotated_segments(TILES[tid], r)
        for z in TILES[tid]["zones"]:
            find((i, z["id"]))
        for side, (dx, dy) in DELTAS.items():
            j = board.get((x + dx, y + dy))
            if j is None:
                continue
            ntid, _, _, nr = placed[j]
            nsegs = rotated_segments(TILES[ntid], nr)
            opp = (side + 2) % 4
            for k in range(3):
                a, b = find((i, segs[side * 3 + k])), find((j, nsegs[opp * 3 + 2 - k]))
                parent[a] = b
    return find


def expected_open_sides(placed, find):
    """Per feature (group root): the sides of its forest/river zones with no tile beyond."""
    board = {(x, y) for _, x, y, _ in placed}
    open_sides = {}
    for i, (tid, x, y, r) in enumerate(placed):
        for z in TILES[tid]["zones"]:
            if z["type"] not in ("forest", "river"):
                continue
            sides = {(SIDES.index(n[0]) + r) % 4 for n in z["segments"]}
            free = sum(1 for s in sides if (x + DELTAS[s][0], y + DELTAS[s][1]) not in board)
            root = find((i, z["id"]))
            open_sides[root] = open_sides.get(root, 0) + free
    return open_sides


def check_joins(placed):
    """Build the board in this order; the engine's features must be exactly the expected ones."""
    state = position(placed, [])
    find = expected_groups(placed)
    offset = 1  # placed[0] is state.placed[1] (the start tile comes first)
    nodes = []
    for i, (tid, _, _, _) in enumerate(placed):
        tile = T.BY_ID[tid]
        for z in TILES[tid]["zones"]:
            nodes.append(((i, z["id"]), state.base[i + offset] + tile.zone_ids[z["id"]]))
    for (ka, na), (kb, nb) in itertools.combinations(nodes, 2):
        same = find(ka) == find(kb)
        assert (state.feature_root(na) == state.feature_root(nb)) == same, (placed, ka, kb, same)
    open_sides = expected_open_sides(placed, find)
    for key, node in nodes:
        if state.node_kind[node] in ("forest", "river"):
            assert state.openc[state.feature_root(node)] == open_sides[find(key)], (placed, key)


def test_every_zone_joins_every_segment_it_touches_on_a_side_in_every_rotation():
    # "Look for every other place where one zone touches one side in two segments."
    scanned = set()
    for tid, tile in sorted(TILES.items()):
        if tile["kind"] == "start":
            continue
        for zone_id, side in zones_on_side_in_several_segments(tile):
            scanned.add((tid, zone_id))
            for r in range(4):
                s = (side + r) % 4
                opp = (s + 2) % 4
                nb = best_neighbour(edge_of(tile, r, s), opp)
                here = (tid, FAR[0], FAR[1], r)
                there = (nb[0], FAR[0] + DELTAS[s][0], FAR[1] + DELTAS[s][1], nb[1])
                check_joins([here, there])
                check_joins([there, here])  # the tile under test placed second
    assert ("L44", "M1") in scanned  # the meadow on both banks of its short river
    assert len(scanned) > 100


def test_the_river_edge_neighbour_has_two_different_banks():
    # the scan above is only a proof for L44 if the neighbour's banks are different meadows
    tid, r = best_neighbour("R", 3)
    segs = rotated_segments(TILES[tid], r)
    assert segs[9] != segs[11]


# ---- rotations that look the same ---------------------------------------------------------

def zone_looks(zone, lake_of):
    """A zone's attributes with its links named through `lake_of` (a relabelling)."""
    ends = sorted(lake_of(e.split(":")[1]) if e.startswith("lake:") else e.split(":")[0]
                  for e in zone.get("ends", []))
    return (zone["type"], zone.get("gold_nuggets", 0), zone.get("mushroom_groups", 0),
            tuple(sorted((k, v) for k, v in zone.get("animals", {}).items() if v)), tuple(ends))


def look_the_same(tile, r1, r2):
    """Is there a relabelling of zones and lakes that turns rotation r1 into rotation r2?"""
    if any(edge_of(tile, r1, s) != edge_of(tile, r2, s) for s in range(4)):
        return False
    a, b = rotated_segments(tile, r1), rotated_segments(tile, r2)
    mapping = {}
    for seg in range(12):
        if mapping.setdefault(a[seg], b[seg]) != b[seg]:
            return False
    zones = {z["id"]: z for z in tile["zones"]}
    lakes = {lake["id"]: lake for lake in tile.get("lakes", [])}
    free = [z for z in zones if z not in mapping]
    targets = [z for z in zones if z not in mapping.values()]
    # (fire and the cult site lie on a tile's only meadow, which always maps to itself)
    for perm in itertools.permutations(targets):
        zmap = {**mapping, **dict(zip(free, perm))}
        if len(set(zmap.values())) != len(zmap):
            continue
        for lperm in itertools.permutations(lakes):
            lmap = dict(zip(lakes, lperm))
            if all(lakes[k]["fish"] == lakes[lmap[k]]["fish"] for k in lakes) and all(
                    zone_looks(zones[z], lmap.get) == zone_looks(zones[zmap[z]], str) for z in zones):
                return True
    return False


def test_each_look_of_every_tile_is_offered_once_and_every_different_look_is_offered():
    # docs/sammler.md: "Rotations that look the same are offered once"
    for tid, raw in sorted(TILES.items()):
        offered = T.BY_ID[tid].distinct_rotations
        for r in range(4):
            same = [d for d in offered if look_the_same(raw, r, d)]
            assert len(same) == 1, (tid, r, offered, same)  # one offered rotation stands for r
            assert T.BY_ID[tid].offered_rotation(r) == same[0]


def test_bonus_tile_b07_is_offered_in_two_rotations():
    # B07: rivers N+E into one lake, S+W into another (2 fish each); a half turn looks the
    # same, a quarter turn does not
    assert look_the_same(TILES["B07"], 0, 2) and look_the_same(TILES["B07"], 1, 3)
    assert not look_the_same(TILES["B07"], 0, 1)
    d = position([], []).to_json()
    d["tile"], d["tile_is_bonus"], d["phase"], d["last"] = "B07", True, "tile", None
    state = SAMMLER.from_json(d)
    # west of the start tile (its river side) every rotation of a tile with four rivers fits
    assert [a["rotation"] for a in state.legal_actions() if (a["x"], a["y"]) == (-1, 0)] == [0, 1]

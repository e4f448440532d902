"""Helpers to build sammler positions by hand: by playing forced tiles, or from a position."""

from urzeit import games
from urzeit.games.sammler import components as T

SAMMLER = games.get("sammler")


def new(tiles, bonus=(), players=2):
    return SAMMLER.new_game(players, 1, {"setup": {"tiles": list(tiles), "bonus": list(bonus)}})


def turn(state, x, y, rotation, figure=None, zone=None):
    """Place the drawn tile, then a figure (or pass); returns all events."""
    events = state.apply({"type": "place_tile", "x": x, "y": y, "rotation": rotation})
    if figure:
        events += state.apply({"type": "place_figure", "figure": figure, "zone": zone})
    else:
        events += state.apply({"type": "pass"})
    return events


def play(moves, bonus=(), players=2, extra_tiles=1):
    """moves: (tile id, x, y, rotation, figure, zone) in turn order; bonus tiles included
    where they are drawn. extra_tiles keeps the game running after the moves."""
    land = [m[0] for m in moves if not m[0].startswith("B")] + ["L01"] * extra_tiles
    state = new(land, bonus, players)
    events = []
    for tile, x, y, r, figure, zone in moves:
        assert state.view(None)["tile_to_place"] == tile, (tile, state.view(None)["tile_to_place"])
        events += turn(state, x, y, r, figure, zone)
    return state, events


def position(placed, figures, players=2):
    """A state from a hand-built board: placed = [(tile id, x, y, rotation)] after the start
    tile; figures = [(owner, kind, index into placed (0 = start tile), zone id, cult)]."""
    d = new(["L01"], players=players).to_json()
    d["placed"] = [["S01", 0, 0, 0, False]] + [[t, x, y, r, t.startswith("B")] for t, x, y, r in placed]
    d["figures"] = [[o, k, i, z, c] for o, k, i, z, c in figures]
    d["land"] = []
    state = SAMMLER.from_json(d)
    assert_edges_match(state)
    return state


def assert_edges_match(state):
    for t, x, y, r, _ in state.placed:
        edges = T.TYPES[t].rotations[r].edges
        for side, (dx, dy) in enumerate(T.DELTAS):
            nb = state.board.get((x + dx, y + dy))
            if nb is not None:
                nt, _, _, nr, _ = state.placed[nb]
                assert T.TYPES[nt].rotations[nr].edges[(side + 2) % 4] == edges[side], (T.TYPES[t].id, x, y)


def final(state):
    events = []
    state._final_scoring(events)
    return [e for e in events if e["type"] == "score"]

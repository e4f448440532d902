"""Invariants of a sammler game, checked after every action (tests and bench/sammler_fuzz.py)."""

import json

from urzeit.games.sammler import components as T
from urzeit.games.sammler.rules import HUTS, MEMBERS, SammlerState


def tile_accounting(state: SammlerState) -> dict:
    """How many tiles of each kind are on the board, discarded, in the stacks or in hand."""
    counts = {"land": 0, "bonus": 0}
    for t in [p[0] for p in state.placed[1:]] + state.discarded + state.land + state.bonus:
        counts[T.TYPES[t].kind] += 1
    if state.tile is not None:
        counts[T.TYPES[state.tile].kind] += 1
    return counts


def check(state, game, before_scores, totals, round_trip=True):
    # each landscape tile placed or discarded exactly once (or still to come)
    assert tile_accounting(state) == totals
    placed_positions = [(p[1], p[2]) for p in state.placed]
    assert len(placed_positions) == len(set(placed_positions))
    # figures conserved
    for p in range(state.n):
        members_out = sum(1 for f in state.figures if f[0] == p and f[1] != "hut")
        huts_out = sum(1 for f in state.figures if f[0] == p and f[1] == "hut")
        assert state.members[p] + members_out == MEMBERS
        assert state.huts[p] + huts_out == HUTS
        assert state.members[p] >= 0 and state.huts[p] >= 0
    # scores never decrease
    assert all(a >= b for a, b in zip(state.scores(), before_scores))
    assert all(c >= 0 for c in state.openc)
    if round_trip:
        d = state.to_json()
        again = game.from_json(json.loads(json.dumps(d)))
        assert again.to_json() == d

"""Random full games with the invariants checked after every action (bench/sammler_fuzz.py
runs 10,000 games; CI runs a smaller count)."""

import pytest

from urzeit import games
from urzeit.core.rng import Rng

from sammler_invariants import check, tile_accounting

GAME = games.get("sammler")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_keep_every_invariant(players):
    for seed in range(8):
        state = GAME.new_game(players, 1000 * players + seed, {})
        totals = tile_accounting(state)
        assert totals == {"land": 78, "bonus": 12}
        rng = Rng(seed)
        while not state.is_over:
            before = state.scores()
            state.apply(rng.choice(state.legal_actions()))
            check(state, GAME, before, totals)
        assert state.view(None)["breakdown"] is not None

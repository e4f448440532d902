"""Random self-play, used by the benchmarks in CPython and in Pyodide (same code in both)."""

import json
import time

from .. import games
from ..core.rng import Rng


def random_games(game_id: str, players: int, count: int, seed: int = 0) -> dict:
    """Play `count` full games with uniformly random legal actions; return speed figures."""
    game = games.get(game_id)
    actions = 0
    start = time.perf_counter()
    finals = []
    for i in range(count):
        state = game.new_game(players, seed + i, {})
        rng = Rng(seed + i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        finals.append(state.scores())
    elapsed = time.perf_counter() - start
    return {"game": game_id, "players": players, "games": count, "actions": actions,
            "seconds": elapsed, "games_per_second": count / elapsed, "last_scores": finals[-1]}


def random_games_json(request: str) -> str:
    """JSON in, JSON out: the form the Pyodide benchmark calls."""
    r = json.loads(request)
    return json.dumps(random_games(r["game"], r["players"], r["count"], r.get("seed", 0)))

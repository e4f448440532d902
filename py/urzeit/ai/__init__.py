"""Computer opponents: `random`, `easy`, `medium`, `hard` for every game.

A bot sees only its seat's view (with the legal actions) and may call `determinize` for
states consistent with what that seat knows; it never reads the true state. Its choices
depend only on that and on its seed, so a bot game replays exactly.
"""

import math

from ..core.rng import Rng
from . import mcts

LEVELS = ("random", "easy", "medium", "hard")

# MCTS iterations per level: sized so a move stays within its time budget in Pyodide
# (easy <= 0.2 s, medium <= 0.7 s, hard <= 2 s; see bench/bot_speed.py).
ITERATIONS = {"sammler": {"medium": 250, "hard": 700}, "elawa": {"medium": 160, "hard": 420},
              "spaeher": {"medium": 30, "hard": 90}}
# A move never takes longer than this (seconds) unless the caller sets budget_ms; 0 = no cap.
TIME_CAP = {"medium": 0.6, "hard": 1.8}


def choose_action(game_id: str, view: dict, determinize, level: str, seed: int,
                  budget_ms: int | None = None) -> dict:
    steps = choose_action_steps(game_id, view, determinize, level, seed, budget_ms)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def choose_action_steps(game_id: str, view: dict, determinize, level: str, seed: int,
                        budget_ms: int | None = None):
    """choose_action as a generator that yields between search iterations (for time slices)."""
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("the bot was asked to move with no legal action")
    rng = Rng(seed)
    if len(legal) == 1 or level == "random":
        return rng.choice(legal)
    seat = view["seat"]
    policy = _policy(game_id, view)
    if policy is None:
        return rng.choice(legal)
    if level == "easy":
        state = determinize(Rng(rng.next_u64()))
        if hasattr(policy, "easy"):  # a game's own rule-based player
            return policy.easy(state, seat, legal, rng)
        return _greedy(state, seat, legal, policy, rng)
    time_limit = TIME_CAP[level] if budget_ms is None else (budget_ms / 1000 or None)
    if hasattr(policy, "search_steps"):  # a game's own search (the day cycle of Jäger und Späher)
        return (yield from policy.search_steps(determinize, seat, legal, rng, ITERATIONS[game_id][level], time_limit))
    action, _ = yield from mcts.search_steps(determinize, seat, policy, ITERATIONS[game_id][level], rng,
                                             time_limit_s=time_limit)
    return action if action is not None else rng.choice(legal)


def _policy(game_id, view):
    if game_id == "sammler":
        from ..games.sammler.bot import Policy
        return Policy(len(view["scores"]))
    if game_id == "elawa":
        from ..games.elawa.bot import Policy
        return Policy(len(view["scores"]))
    if game_id == "spaeher":
        from ..games.spaeher.bot import Policy
        return Policy(2)
    return None


def _greedy(state, seat, legal, policy, rng, temperature=1.5):
    """Easy: the best move of this turn by the heuristic, with a little noise."""
    scores = policy.greedy_scores(state, seat, legal)
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    pick = rng.random() * sum(weights)
    for action, w in zip(legal, weights):
        pick -= w
        if pick <= 0:
            return action
    return legal[-1]

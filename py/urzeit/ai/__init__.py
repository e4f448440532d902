"""Computer opponents: `random`, `easy`, `medium`, `hard` for every game.

A bot sees only its seat's view (with the legal actions) and may call `determinize` for
states consistent with what that seat knows; it never reads the true state. Its choices
depend only on that and on its seed, so a bot game replays exactly.
"""

import math

from ..core.rng import Rng
from . import flat, mcts, paired

LEVELS = ("random", "easy", "medium", "hard", "expert")

# A move never takes longer than this (seconds) unless the caller sets budget_ms; 0 = no cap.
TIME_CAP = {"medium": 0.6, "hard": 1.8, "expert": 2.6}
# The page plays whole turns: a computer turn (tile, figure, bonus tile; a card game's several
# steps) searches at most this long in all (seconds), whatever its number of decisions.
TURN_BUDGET = {"medium": 0.35, "hard": 1.4, "expert": 2.6}  # the page adds ~0.1 s a decision (replies, drawing)
# (a game's bot module may set its own TURN_BUDGET where its turns leave more room)
TURN_SHARE = 0.6      # a decision may use this share of what is left of its turn's budget
TURN_FLOOR = 0.05     # and always this much, so a late small decision is still searched


def decision_limit(level, budget_ms=None, turn_ms=None, turn_budget=None):
    """The time limit (seconds, None = no cap) of one decision: budget_ms when the caller
    sets it (0 = none); else, inside a turn the page times (turn_ms already spent), a share
    of the turn's budget (the game's `turn_budget`, else TURN_BUDGET); else the per-move cap."""
    if budget_ms is not None:
        return budget_ms / 1000 or None
    if turn_ms is not None:
        return max(TURN_FLOOR, ((turn_budget or TURN_BUDGET)[level] - turn_ms / 1000) * TURN_SHARE)
    return TIME_CAP[level]


def choose_action(game, view: dict, determinize, level: str, seed: int,
                  budget_ms: int | None = None, turn_ms: int | None = None) -> dict:
    steps = choose_action_steps(game, view, determinize, level, seed, budget_ms, turn_ms)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def choose_action_steps(game, view: dict, determinize, level: str, seed: int,
                        budget_ms: int | None = None, turn_ms: int | None = None, stats=None):
    """choose_action as a generator that yields between search iterations (for time slices).
    `stats` (a dict), if given, receives what the search did: simulations, planned, limit_s,
    and cut (True when the time limit, not the planned simulations, ended it)."""
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("the bot was asked to move with no legal action")
    rng = Rng(seed)
    if len(legal) == 1 or level == "random":
        return rng.choice(legal)
    seat = view["seat"]
    bot = game.bot()  # the game's own bot module (its package's `bot`), or None
    if bot is None:
        return rng.choice(legal)
    policy = bot.Policy(len(view["scores"]), level=level)  # levels may judge differently
    if level == "easy":
        state = determinize(Rng(rng.next_u64()))
        own = policy.easy(state, seat, legal, rng)  # a game's own rule-based player, or None
        if own is not None:
            return own
        return (yield from _greedy(state, seat, legal, policy, rng, policy.easy_temperature))
    time_limit = decision_limit(level, budget_ms, turn_ms, policy.turn_budget)
    iterations = bot.ITERATIONS[level]
    if iterations == 0:  # a level that does not search: this turn's best move by its judgement
        return (yield from _greedy(determinize(Rng(rng.next_u64())), seat, legal, policy, rng, temperature=0))
    iterations = policy.iterations(view, legal, iterations)  # a game may search small decisions less
    if policy.search == "flat":
        search = flat.search_steps(determinize, seat, legal, policy, iterations, rng, time_limit)
    elif policy.search == "paired":
        search = paired.search_steps(determinize, seat, legal, policy, iterations, rng, time_limit)
    else:
        search = mcts.search_steps(determinize, seat, policy, iterations, rng, time_limit_s=time_limit)
    done = 0
    while True:
        try:
            next(search)
        except StopIteration as finished:
            result = finished.value
            break
        done += 1
        yield done
    if stats is not None:
        stats.update(simulations=done, planned=iterations, limit_s=time_limit,
                     cut=bool(time_limit) and 0 < done < iterations)  # only the deadline stops a search early
    action = result[0] if isinstance(result, tuple) else result
    return action if action is not None else rng.choice(legal)


GREEDY_CHUNK = 8  # actions judged between two yields (the worker answers in between)


def _greedy(state, seat, legal, policy, rng, temperature=1.5):
    """The best move of this turn by the heuristic, with noise (easy) or without (temperature
    0). A generator: it yields after every few actions judged, like a search."""
    scores = []
    for i in range(0, len(legal), GREEDY_CHUNK):
        scores += policy.greedy_scores(state, seat, legal[i:i + GREEDY_CHUNK])
        if i + GREEDY_CHUNK < len(legal):
            yield i
    top = max(scores)
    if temperature == 0:  # no noise: the first of the best
        return legal[scores.index(top)]
    weights = [math.exp((s - top) / temperature) for s in scores]
    pick = rng.random() * sum(weights)
    for action, w in zip(legal, weights):
        pick -= w
        if pick <= 0:
            return action
    return legal[-1]

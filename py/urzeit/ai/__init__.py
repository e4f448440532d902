"""Computer opponents: `random`, `easy`, `medium`, `hard`, `expert` for every game.

A bot sees only its seat's view (with the legal actions) and may call `determinize` for
states consistent with what that seat knows; it never reads the true state. Its choices
depend only on that and on its seed, so a bot game replays exactly.
"""

import math

from ..core.rng import Rng
from . import flat, mcts, paired

LEVELS = ("random", "easy", "medium", "hard", "expert")
# A game whose bot module has no such level plays the next lower one (its ITERATIONS lack it).
FALLBACK = {"expert": "hard"}

# A move never takes longer than this (seconds) unless the caller sets budget_ms; 0 = no cap.
# The hint asks the expert for one decision without turn_ms: it too stays within 3 s.
TIME_CAP = {"medium": 0.6, "hard": 1.8, "expert": 2.5}
# The page plays whole turns: a computer turn (tile, figure, bonus tile; a card game's several
# steps) searches at most this long in all (seconds), whatever its number of decisions.
# The page adds ~0.1 s a decision (replies, drawing); expert's whole turn aims at p95 <= 3 s.
TURN_BUDGET = {"medium": 0.35, "hard": 1.4, "expert": 2.4}
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
        budgets = turn_budget if turn_budget and level in turn_budget else TURN_BUDGET
        return max(TURN_FLOOR, (budgets[level] - turn_ms / 1000) * TURN_SHARE)
    return TIME_CAP[level]


def level_of(bot, level: str) -> str:
    """The level a game's bot module plays for `level`: a level it does not define (expert,
    before the game has one) falls back to the next lower one."""
    while level in FALLBACK and level not in bot.ITERATIONS:
        level = FALLBACK[level]
    return level


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
    level = level_of(bot, level)
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
        return (yield from _greedy(determinize(Rng(rng.next_u64())), seat, legal, policy, rng,
                                   temperature=policy.greedy_temperature))
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


def explain(game, state, seat, action, seed):
    """Why the bot likes `action` for `seat`, as data its game's words turn into a sentence
    ({"parts": [{"kind": ..., numbers}]}), or None when the game's bot cannot say. The bot
    module's explain(state, seat, action) is given a world the seat cannot tell from the real
    one (state.determinize), so a reason never rests on what the seat may not know."""
    bot = game.bot()
    reason = getattr(bot, "explain", None) if bot is not None else None
    if reason is None or action is None:
        return None
    return reason(state.determinize(seat, Rng(seed)), seat, action)


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

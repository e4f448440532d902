"""What the bots know about Elawa: a value of the position for every seat and a quick
rollout policy (play cards when possible, then end the turn)."""

import math

from ...ai.policy import CardGamePolicy

from .components import CARDS

TOKEN_VALUE = 0.9       # a resource still to be spent
HAND_VALUE = 0.35       # share of a hand card's printed points it is likely to bring


def estimates(state) -> list[float]:
    est = []
    for p in range(state.n):
        value = float(state.score_of(p))
        value += TOKEN_VALUE * sum(state.avail[p].values())
        for c in state.hands[p]:
            sc = CARDS[c]["scoring"]
            value += HAND_VALUE * (sc["points"] if sc["kind"] == "fixed" else 2 * sc["points"])
        est.append(value)
    return est


def margin(state, seat) -> float:
    est = estimates(state) if not state.is_over else [float(s) for s in state.scores()]
    if state.is_over:
        winners = state.winners()
        return 100.0 if winners == [seat] else (0.0 if seat in winners else -100.0)
    return est[seat] - max(est[q] for q in range(state.n) if q != seat)


def evaluate(state) -> list[float]:
    if state.is_over:
        winners = state.winners()
        return [(1.0 / len(winners)) if p in winners else 0.0 for p in range(state.n)]
    est = estimates(state)
    return [1.0 / (1.0 + math.exp(-(est[p] - max(est[q] for q in range(state.n) if q != p)) / 6.0))
            for p in range(state.n)]


def greedy_scores(state, seat, legal):
    result = []
    for action in legal:
        s = state.clone()
        s.apply_legal(action)
        result.append(margin(s, seat))
    return result


# Search iterations per level, sized so a move stays within its time budget in Pyodide
# (medium <= 0.7 s, hard <= 2 s; see bench/bot_speed.py).
ITERATIONS = {"medium": 160, "hard": 420}

class Policy(CardGamePolicy):
    def __init__(self, n_players, level="medium", rollout_actions=40):
        super().__init__(n_players, rollout_actions)

    def rollout(self, state, rng):
        for _ in range(self.rollout_actions):
            if state.is_over:
                return
            legal = state.legal_actions()
            if state.phase == "play":
                plays = [a for a in legal if a["type"] != "end_turn"]
                action = rng.choice(plays) if plays and rng.random() < 0.85 else legal[-1]
            else:
                action = rng.choice(legal)
            state.apply_legal(action)

    def evaluate(self, state):
        return evaluate(state)

    def greedy_scores(self, state, seat, legal):
        return greedy_scores(state, seat, legal)

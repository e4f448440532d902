"""What the bots know about Jäger und Späher: a value of the position for both seats."""

import math

from ...ai.policy import CardGamePolicy

from . import GOAL, ITEMS, LOCS


def estimates(state) -> list[float]:
    est = []
    for p in range(2):
        value = float(state.vp[p])
        in_play = state.members_in_play(p)
        value += 1.0 * in_play - 1.1 * state.hunger[p] + 0.6 * state.camp[p]
        # members standing on resources are resources on the way
        for loc in state.locations:
            free = sum(1 for c in loc["covered"] if not c)
            value += 0.45 * min(loc["members"].count(p), free)
        value += 0.3 * len(state.hand[p])
        value += sum(0.25 * ITEMS[i]["vp"] for i in state.items[p])
        # resources within reach that fit an item in hand: the way to points
        reach = list(state.pool) if state.current == p else []
        for loc in state.locations:
            if p in loc["members"]:
                reach += [r for r, c in zip(LOCS[loc["id"]]["resources"], loc["covered"]) if not c]
        best = 0.0
        for item in state.items[p]:
            cost = list(ITEMS[item]["cost"])
            have = list(reach)
            got = 0
            for r in cost:
                if r in have:
                    have.remove(r)
                    got += 1
            best = max(best, ITEMS[item]["vp"] * got / len(cost))
        value += 0.6 * best
        if state.current == p:
            value += 0.4 * state.pool.count("meat") * (state.hunger[p] > 0)
        est.append(value)
    return est


def margin(state, seat) -> float:
    if state.is_over:
        return 100.0 if state.winner() == seat else -100.0
    est = estimates(state)
    return est[seat] - est[1 - seat]


def evaluate(state) -> list[float]:
    if state.is_over:
        w = state.winner()
        return [1.0 if p == w else 0.0 for p in range(2)]
    est = estimates(state)
    return [1.0 / (1.0 + math.exp(-(est[p] - est[1 - p]) / 5.0)) for p in range(2)]


def finish_turn_greedily(s, seat, limit=24):
    """Play the rest of the own turn by one-step greed: recalls pay off only with the
    items, cures and members that follow them in the same turn."""
    for _ in range(limit):
        if s.is_over or s.current != seat:
            return
        legal = s.legal_actions()
        best, best_value = legal[-1], -1e9
        for action in legal:
            t = s.clone()
            t.apply(action)
            value = margin(t, seat)
            if value > best_value + 1e-9:
                best, best_value = action, value
        s.apply(best)


def greedy_scores(state, seat, legal):
    """The value of each action once the own turn is played out."""
    result = []
    for action in legal:
        s = state.clone()
        s.apply(action)
        finish_turn_greedily(s, seat)
        result.append(margin(s, seat))
    return result


class Policy(CardGamePolicy):
    def __init__(self, n_players, rollout_actions=30):
        super().__init__(n_players, rollout_actions)

    def rollout(self, state, rng):
        for _ in range(self.rollout_actions):
            if state.is_over:
                return
            legal = state.legal_actions()
            useful = [a for a in legal if a["type"] in ("create", "cure", "grow")]
            state.apply(rng.choice(useful) if useful else rng.choice(legal))

    def evaluate(self, state):
        return evaluate(state)

    def greedy_scores(self, state, seat, legal):
        return greedy_scores(state, seat, legal)

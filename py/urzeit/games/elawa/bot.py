"""What the bots know about Elawa: a value of the position for every seat and a quick
rollout policy (play cards when possible, then end the turn)."""

import math

from ...ai.policy import CardGamePolicy

from .components import CARDS
from .rules import card_points

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


def _lead(values, p) -> float:
    """p's value minus the best rival's."""
    return values[p] - max(v for q, v in enumerate(values) if q != p)


def margin(state, seat) -> float:
    if state.is_over:  # the outcome first, then by how much (a bigger win is better)
        winners = state.winners()
        outcome = 100.0 if winners == [seat] else (0.0 if seat in winners else -100.0)
        return outcome + _lead(state.scores(), seat)
    return _lead(estimates(state), seat)


def _lead_value(lead):
    return 1.0 / (1.0 + math.exp(-lead / 6.0))


def evaluate(state) -> list[float]:
    if state.is_over:  # mostly who won, a little by how much
        winners = state.winners()
        scores = state.scores()
        return [0.9 * ((1.0 / len(winners)) if p in winners else 0.0) + 0.1 * _lead_value(_lead(scores, p))
                for p in range(state.n)]
    est = estimates(state)
    return [_lead_value(_lead(est, p)) for p in range(state.n)]


END_TURN = {"type": "end_turn"}


def greedy_scores(state, seat, legal):
    """The value of each action for `seat`; a play or a storing is also judged as if the turn
    ended right after it, so the value of the card is weighed against the game's end."""
    result = []
    for action in legal:
        s = state.clone()
        s.apply_legal(action)
        value = margin(s, seat)
        if action["type"] in ("play", "store") and not s.is_over and s.current == seat and s.phase == "play":
            s.apply_legal(END_TURN)  # always legal in the play step
            value = max(value, margin(s, seat))
        result.append(value)
    return result


# Search iterations per level; 0 = no search: the best move of this turn by the evaluation
# (docs/bots.md: easy = that with noise, medium = that, hard = ISMCTS over determinizations).
ITERATIONS = {"medium": 0, "hard": 160}


class Policy(CardGamePolicy):
    # easy's noise (points of margin): easy is medium's judgement with this much doubt, so
    # that medium clearly beats it (measured: 65 % at 1.5, see docs/bots.md)
    easy_temperature = 3.0

    # No random rollouts: a leaf of the search (the end of the bot's turn and the next
    # player's first steps) is judged by the evaluation at once. Measured: as strong as 40
    # rollout actions and several times cheaper.
    def __init__(self, n_players, level="medium", rollout_actions=0):
        super().__init__(n_players, level, rollout_actions)

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


# ---- why a move is good: the hint's reason (urzeit.ai.explain) ------------------------------

def _best_play(state, seat):
    """The card of seat's hand that brings the most points if played now: (card, points) or None."""
    before = state.score_of(seat)
    best = None
    for card_id in sorted(set(state.hands[seat])):
        if not state.play_options(seat, card_id):
            continue
        tribe = state.tribes[seat] + [card_id]
        gain = sum(card_points(c, tribe, state.stored[seat]) for c in tribe) - before
        if best is None or gain > best[1]:
            best = (card_id, gain)
    return best


def explain(state, seat, action):
    """What `action` brings `seat`, as {"parts": [{"kind", ...}]} for the words (hint_text).
    Read are the table's open tops and seat's own hand and tribe; nothing is drawn (the clone
    has no Rng), so what a take reveals next plays no part."""
    s = state.clone()
    s.rng = None
    kind = action["type"]
    before = s.score_of(seat)
    if kind == "take_card":
        card = s.cards[action["stack"]][-1]
        events = s.apply_legal(action)
        tokens = sorted(e["token"] for e in events if e["type"] == "gain" and e["player"] == seat)
        parts = [{"kind": "take", "card": card, "tokens": tokens}]
        best = _best_play(s, seat) if s.phase == "play" else None
        if best is not None and best[1] > 0:
            parts.append({"kind": "then_play", "card": best[0], "points": best[1]})
        else:  # nothing to play yet: what the card itself is worth
            tribe = s.tribes[seat] + [card]
            worth = sum(card_points(c, tribe, s.stored[seat]) for c in tribe) - before
            if worth > 0:
                parts.append({"kind": "worth", "card": card, "points": worth})
        return {"parts": parts}
    if kind == "take_visible":
        card = s.cards[action["stack"]][-1]
        tribe = s.tribes[seat] + [card]
        worth = sum(card_points(c, tribe, s.stored[seat]) for c in tribe) - before
        return {"parts": [{"kind": "take_visible", "card": card, "points": worth}]}
    if kind in ("play", "store"):
        s.apply_legal(action)
        part = {"kind": kind, "card": action["card"], "points": s.score_of(seat) - before}
        if kind == "play" and action.get("sacrifice"):
            part["sacrifice"] = action["sacrifice"]
        return {"parts": [part]}
    if kind == "end_turn":
        return {"parts": [{"kind": "end", "tokens": min(sum(s.avail[seat].values()), s.capacity(seat))}]}
    if kind == "discard":
        return {"parts": [{"kind": "discard", "token": action["token"], "capacity": s.capacity(seat)}]}
    return None

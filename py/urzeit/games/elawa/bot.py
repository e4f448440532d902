"""What the bots know about Elawa: a tribe-builder's value of the position for every seat
(`worth`), the greedy choice by it (easy, medium), and what the searches need (hard: ISMCTS
leaves judged at once; expert: flat samples that play on by the noise-free choice)."""

import math

from ...ai.policy import CardGamePolicy

from .components import CARDS
from .scoring import card_points

# The judgement before issue #28 (`simple_estimates`, kept to compare against in pilots):
TOKEN_VALUE = 0.9       # a resource still to be spent
HAND_VALUE = 0.35       # share of a hand card's printed points it is likely to bring

# The tribe-builder's judgement (issue #28): a resource is worth what it helps to pay for,
# a hand card what it will likely score, given the turns left; every figure below is a
# player's rule of thumb, tuned by self-play (docs/bots.md).
SPARE_TOKEN = 0.45      # a resource no hand card needs (it may pay for a card still to come)
PLAY_NOW = 0.97         # a card payable on one's own play step (a little less than playing it)
PAYABLE = 0.85          # a card payable with what one has, played next turn
PARTIAL = 0.7           # a card still short of resources, at best
SHORT_PER_TURN = 1.4    # resources a player can gather for a card per turn left
PLAYS_PER_TURN = 0.45   # tribe cards a player adds per turn (for huts' and tools' growth)
STORES_PER_TURN = 0.1   # resources a supply card gets per turn left
TURNS_PER_FIRE = 2.3    # turns of the table between two emptied resource stacks
OPENING = 8             # turns of the table before the first stack runs dry
TYPE_SHARE = {k: v / 60 for k, v in {"hut": 14, "supply": 14, "caveman": 23, "tool": 9}.items()}


def turns_left(state, p) -> float:
    """About how many more turns p will take (not counting the turn p is in)."""
    if state.over:
        return 0.0
    n = state.n
    # where p comes in the order of turns from the current player's next turn on
    ahead = (p - state.current) % n or n
    if state.final_round:  # the round ends before the first player would move again
        end = (state.first - state.current) % n or n
        return 1.0 if ahead < end else 0.0
    table = state.fire * TURNS_PER_FIRE + max(0, OPENING - state.turns) + n / 2
    return max(0.0, (table - ahead) / n + 1)


def growth(card_id, tribe, stored, left) -> float:
    """What a card in the tribe may still add in the turns left: a hut or tool by the cards
    still to come, a supply card by the resources still to be put on it."""
    sc = CARDS[card_id]["scoring"]
    kind = sc["kind"]
    plays = PLAYS_PER_TURN * left
    if kind == "per_card_of_colour_in_tribe":
        return sc["points"] * plays * 0.2  # five colours
    if kind == "per_card_of_type_in_tribe":
        return sc["points"] * plays * TYPE_SHARE[sc["card_type"]]
    if kind == "per_resource_on_card":
        return sc["points"] * STORES_PER_TURN * left
    if kind == "per_distinct_resource_kind_on_card":
        return sc["points"] * min(4 - len(set(stored.get(card_id, ()))), STORES_PER_TURN * 1.4 * left)
    return 0.0


def _short(cost, avail):
    """Resources still missing to pay `cost` from `avail` (bones stand in last); takes what it uses."""
    missing, need_bone = 0, 0
    for sym in cost:
        if avail.get(sym, 0) > 0:
            avail[sym] -= 1
        else:
            need_bone += 1
    bones = avail.get("bone", 0)
    used = min(bones, need_bone)
    if used:
        avail["bone"] = bones - used
    return need_bone - used


def worth(state, p) -> float:
    """p's points now plus what the tribe, the hand and the resources will likely bring."""
    tribe, stored = state.tribes[p], state.stored[p]
    left = turns_left(state, p)
    base = sum(card_points(c, tribe, stored) for c in tribe)
    value = float(base) + sum(growth(c, tribe, stored, left) for c in tribe)
    hand = state.hands[p]
    avail = dict(state.avail[p])
    if hand:
        now = state.current == p and state.phase in ("play", "take_visible") and not state.over
        cards = []
        for c in hand:
            with_c = tribe + [c]
            gain = sum(card_points(x, with_c, stored) for x in with_c) - base + growth(c, with_c, stored, left)
            cards.append((gain, c))
        cards.sort(key=lambda x: (-x[0], x[1]))
        sure = PLAY_NOW if now else PAYABLE * min(1.0, left)
        coming = SHORT_PER_TURN * left  # the resources still to come, shared by the cards short of them
        for gain, c in cards:
            cost = CARDS[c]["cost"]
            short = _short(cost["resources"], avail)
            if cost["sacrifice"] and len(hand) < 2:
                short += 1
            if short == 0:
                value += gain * sure
            elif coming > 0:
                value += gain * PARTIAL * min(1.0, left) * max(0.0, 1 - short / (0.5 + coming))
                coming = max(0.0, coming - short)
    spare = sum(avail.values())
    if spare:
        held = sum(state.avail[p].values())
        room = max(0, state.capacity(p) - (held - spare)) if state.chiefs[p] else spare
        value += SPARE_TOKEN * min(spare, room) * min(1.0, left)
    return value


def estimates(state) -> list[float]:
    return [worth(state, p) for p in range(state.n)]


def simple_estimates(state) -> list[float]:
    """The judgement before issue #28: points, resources 0.9, hand cards a share of their points."""
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
# (docs/bots.md: easy = that with much noise, medium = that with some noise, hard = ISMCTS over
# determinizations, expert = a flat search whose samples play on by the judgement).
ITERATIONS = {"medium": 0, "hard": 160, "expert": 48}
SEARCH = {"expert": "flat"}                    # a level's search, if not "mcts" (ai.mcts)
# A level's doubt (points of margin) when it does not search: medium takes a good move, not
# always the best (measured: the noise-free judgement beats it 77 %, it beats easy 71 %)
GREEDY_TEMPERATURE = {"medium": 1.5}


class Policy(CardGamePolicy):
    # easy's noise (points of margin): the judgement with this much doubt; medium (1.5) beats
    # it 72 % over 200 games, and it beats random 94 % (docs/bots.md)
    easy_temperature = 3.0

    greedy_temperatures = GREEDY_TEMPERATURE

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

    @property
    def search(self):
        return SEARCH.get(self.level, "mcts")

    # ---- the flat search (expert): every move tried in sampled worlds, then the table plays
    # on as the noise-free judgement would, until the bot is about to take its next card

    def worth_searching(self, state):
        return state.phase in ("take", "play")

    def first_choice(self, state, rng=None):
        legal = state.legal_actions()
        scores = greedy_scores(state, state.current, legal)
        return legal[scores.index(max(scores))]

    def sample_value(self, state, seat, rng):
        for _ in range(80):
            if state.over or (state.phase == "take" and state.current == seat):
                break
            state.apply_legal(self.first_choice(state))
        if state.over:
            return evaluate(state)[seat]
        return _lead_value(_lead(estimates(state), seat))

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
            else:  # it scores by what comes later: resources stored on it, cards beside it
                parts.append({"kind": "later", "card": card})
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

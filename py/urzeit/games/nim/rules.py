"""Hidden-hand Nim: a tiny 2-player test game that exercises the whole contract.

A public pile of stones; each player holds a secret hand of cards worth 1 to 3, drawn from
a shuffled deck. On your turn play a card to take that many stones (never more than the
pile) and draw a new card; with no playable card you pass. Whoever takes the last stone
wins; two passes in a row end the game with no winner. Tests use it; the menu never shows it.
"""

from ...core.errors import IllegalAction
from ...core.game import HIDDEN, Chance, State
from ...core.rng import Rng

DECK = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
HAND_SIZE = 3


class NimState(State):
    """`deck` is the unseen pool (sorted: its order does not exist until a card is drawn);
    `script` is a fixed draw order from options.setup (drawn from its end), else None."""
    __slots__ = ("pile", "hands", "deck", "script", "current", "passes", "winner", "over", "rng", "due")

    def clone(self) -> "NimState":
        s = NimState.__new__(NimState)
        s.pile = self.pile
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.script = None if self.script is None else list(self.script)
        s.current = self.current
        s.passes = self.passes
        s.winner = self.winner
        s.over = self.over
        s.rng = None if self.rng is None else self.rng.clone()
        s.due = list(self.due)
        return s

    def legal_actions(self) -> list[dict]:
        if self.over or self.due:
            return []
        playable = sorted({v for v in self.hands[self.current] if v != HIDDEN and v <= self.pile})
        if not playable:
            return [{"type": "pass"}]
        return [{"type": "take", "n": v} for v in playable]

    def why_not(self, action) -> str | None:
        if action.get("type") == "take" and action.get("n") not in self.hands[self.current]:
            return "you hold no card with that number"
        if action.get("type") == "take" and isinstance(action.get("n"), int) and action["n"] > self.pile:
            return "you cannot take more stones than the pile holds"
        if action.get("type") == "pass":
            return "you may pass only when no card can be played"
        return None

    def do_apply(self, action: dict) -> list[dict]:
        p = self.current
        if action["type"] == "pass":
            self.passes += 1
            events = [{"type": "pass", "player": p}]
            if self.passes >= 2:
                self.over = True
                events.append({"type": "game_over", "winner": None})
            self.current = 1 - p
            return events
        n = action["n"]
        self.hands[p].remove(n)
        self.pile -= n
        self.passes = 0
        events = [{"type": "take", "player": p, "n": n, "pile": self.pile}]
        if self.pile == 0:
            self.winner = p
            self.over = True
            events.append({"type": "game_over", "winner": p})
            return events
        if self.cards_left():
            self.due.append(("draw", p))
        self.current = 1 - p
        return events

    # ---- chance: a card drawn face down, seen by its drawer only --------------------------

    def chance(self, slot) -> Chance:
        p = slot[1]
        if self.script is not None:
            return Chance("nim.card", [self.script[-1]], [1], seen_by=p)
        values = sorted(set(self.deck))
        return Chance("nim.card", values, [self.deck.count(v) for v in values], seen_by=p)

    def do_chance(self, slot, card) -> list[dict]:
        kind, p = slot
        if self.script is not None:
            self.script.pop()
        hand = self.hands[p]
        if card == HIDDEN:  # a fair remote game: another seat's card (docs/fair-play.md), kept last
            hand.append(HIDDEN)
        else:
            self.deck.remove(card)
            self.hands[p] = sorted([v for v in hand if v != HIDDEN] + [card]) + [HIDDEN] * hand.count(HIDDEN)
        if kind == "deal":
            return []
        # The card drawn is private: the event says only that one was drawn.
        return [{"type": "draw", "player": p, "reveals": True}]

    # ---- hidden cards (a fair remote game) ---------------------------------------------------

    def cards_left(self) -> int:
        """Cards in the deck: the unseen pool less the hidden cards drawn from it."""
        return len(self.deck) - sum(h.count(HIDDEN) for h in self.hands)

    def private_deck(self):
        return sorted(self.deck) if self.script is None else None

    def reveal(self, seat, card) -> None:
        if HIDDEN not in self.hands[seat] or card not in self.deck:
            raise IllegalAction(f"seat {seat} holds no hidden card that could be {card!r}", reason="chance_outcome",
                                params={"kind": "nim.card"})
        hand = self.hands[seat]
        hand.remove(HIDDEN)
        self.deck.remove(card)
        self.hands[seat] = sorted([v for v in hand if v != HIDDEN] + [card]) + [HIDDEN] * hand.count(HIDDEN)

    def conceal(self, action):
        """Taking shows the card played; passing shows nothing (checked at the end)."""
        return action, ([action["n"]] if action["type"] == "take" else []), []

    def scores(self) -> list[int]:
        return [1 if self.winner == p else 0 for p in range(2)]

    def end_figures(self) -> list[dict]:
        """The one source of points: taking the last stone."""
        return [{"points": {"last_stone": s}, "counts": {}} for s in self.scores()]

    def winners(self) -> list[int]:
        return [self.winner] if self.over and self.winner is not None else []

    def breakdown(self) -> list[dict]:
        return [{"won": self.winner == p} for p in range(2)]

    def view(self, player) -> dict:
        return {
            "pile": self.pile,
            "deck_count": self.cards_left(),
            "hand_counts": [len(h) for h in self.hands],
            "hand": list(self.hands[player]) if player in (0, 1) else None,
            "winner": self.winner,
            "breakdown": self.breakdown() if self.over else None,
        }

    def redeal(self, player: int, rng: Rng) -> None:
        """Re-deal the other hand from what `player` cannot see; future draws stay chance."""
        other = 1 - player
        unseen = sorted(v for v in self.hands[other] + self.deck if v != HIDDEN)
        rng.shuffle(unseen)
        k = len(self.hands[other])
        self.hands[other] = sorted(unseen[:k])
        self.deck = sorted(unseen[k:])

    def to_json(self) -> dict:
        return {
            "pile": self.pile, "hands": [list(h) for h in self.hands], "deck": list(self.deck),
            "script": self.script, "current": self.current, "passes": self.passes,
            "winner": self.winner, "over": self.over, **self.base_json(),
        }

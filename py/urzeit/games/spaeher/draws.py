"""Jäger und Späher's draws: every card drawn is a chance step of its own, from the unseen
pools (the item, wilderness and hunting-ground decks, the special characters and sacred
sites laid out at set-up); an item drawn face down in a fair remote game is hidden until its
owner shows it. A part of SpaeherState (rules.py)."""

from ...core.errors import IllegalAction
from ...core.game import HIDDEN, Chance
from .components import LOCS


def _counted(pool):
    """Outcomes and weights of a sorted pool: each id once, weighted by its copies."""
    if len(set(pool)) == len(pool):  # the usual case, cheaper (rollouts draw often)
        return list(pool), [1] * len(pool)
    outcomes, weights = [], []
    for x in pool:
        if outcomes and outcomes[-1] == x:
            weights[-1] += 1
        else:
            outcomes.append(x)
            weights.append(1)
    return outcomes, weights


# The chance kind of each pool.
KINDS = {"items": "spaeher.item", "wild": "spaeher.wild", "hunt": "spaeher.hunt"}


class SpaeherDraws:
    """SpaeherState's chance steps and its hidden items."""
    __slots__ = ()

    # Slots: ("special", column) and ("site",) lay out the display and the sacred sites at
    # set-up; ("deal", p) and ("item", p) an item drawn face down by p (at set-up / by a card);
    # ("open", "wild") a Wildnis opened at set-up, ("reveal", deck) one revealed in play.

    def _pool(self, key):
        return self.item_deck if key == "items" else self.wild_deck if key == "wild" else self.hunt_deck

    def chance(self, slot) -> Chance:
        kind = slot[0]
        if kind == "special":
            return Chance("spaeher.special", *_counted(self.special_pool))
        if kind == "site":  # a site and the side it shows, each equally likely
            return Chance("spaeher.site", [[x, side] for x in self.site_pool for side in (0, 1)])
        key = "items" if kind in ("deal", "item") else slot[1]
        seen_by = slot[1] if key == "items" else None
        script = self.script.get(key) if self.script is not None else None
        if script is not None:
            return Chance(KINDS[key], [script[-1]], [1], seen_by=seen_by)
        return Chance(KINDS[key], *_counted(self._pool(key)), seen_by=seen_by)

    def do_chance(self, slot, outcome) -> list[dict]:
        kind = slot[0]
        if kind == "special":
            self.special_pool.remove(outcome)
            self.display[slot[1]].append(outcome)
            return []
        if kind == "site":
            self.site_pool.remove(outcome[0])
            self.sites.append({"id": outcome[0], "side": outcome[1], "members": [0, 0]})
            return []
        key = "items" if kind in ("deal", "item") else slot[1]
        if outcome != HIDDEN:  # a hidden card stays among the unseen: this state does not know it
            self._pool(key).remove(outcome)
        if self.script is not None and self.script.get(key) is not None:
            self.script[key].pop()
        events = []
        if key == "items":
            self.items[slot[1]].append(outcome)
            if kind == "deal":
                return events
            # a private draw: the event tells only that p drew one
            events.append({"type": "draw_item", "player": slot[1], "reveals": True})
        else:
            self.locations.append({"id": outcome, "covered": [False] * len(LOCS[outcome]["resources"]),
                                   "members": []})
            if kind == "open":
                return events
            self.revealed = outcome
            events.append({"type": "reveal", "location": outcome, "reveals": True})
        self._run_steps(events)  # carry on with the card's steps where the draw paused them
        self._after_action(events)
        return events

    # hidden items (a fair remote game: another seat's cards, docs/fair-play.md)

    def items_left(self) -> int:
        """Cards in the item deck: the unseen pool less the hidden cards drawn from it."""
        hidden = sum(i.count(HIDDEN) for i in self.items) + self.discarded.count(HIDDEN)
        return len(self.item_deck) - hidden

    def private_deck(self):
        return sorted(self.item_deck) if self.script is None or "items" not in self.script else None

    def reveal(self, seat, card) -> None:
        if HIDDEN not in self.items[seat]:
            raise IllegalAction(f"seat {seat} holds no hidden item", reason="chance_outcome",
                                params={"kind": KINDS["items"]})
        if card not in self.item_deck:
            raise IllegalAction(f"{card!r} is not an item this table has not seen", reason="chance_outcome",
                                params={"kind": KINDS["items"]})
        self.items[seat].remove(HIDDEN)
        self.items[seat].append(card)
        self.item_deck.remove(card)

    def conceal(self, action):
        """Creating an item shows it; keeping one at a sunset keeps it face down and puts the
        others away face down."""
        if action["type"] == "create":
            return action, [action["item"]], []
        if action["type"] == "keep_item":
            dropped = list(self.items[self.current])
            dropped.remove(action["item"])
            return {"type": "keep_item", "item": HIDDEN}, [], dropped
        return action, [], []

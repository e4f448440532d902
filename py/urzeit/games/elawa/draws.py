"""Elawa's draws: every face-down thing is drawn when the table reveals it, as a chance step
(a card stack's next top, a resource stack's next token, a token from the fire or the supply,
a chief); the unseen tokens are pools by the supply they came from. A part of ElawaState
(rules.py)."""

from ...core.game import Chance
from .components import CHIEFS, TOKENS

STACK_TOKENS = 5   # tokens per resource stack (gap #2)
SORTED_TOKENS = tuple(sorted(TOKENS))  # a token draw's outcomes, in a fixed order


def token_counts(tokens) -> dict:
    """A pool of tokens as counts of every kind (an unordered pool has nothing else)."""
    pool = dict.fromkeys(TOKENS, 0)
    for t in tokens:
        pool[t] += 1
    return pool


class ElawaDraws:
    """ElawaState's chance steps and its token supply."""
    __slots__ = ()

    def chance(self, slot) -> Chance:
        kind, x = slot
        sc = self.script
        if kind == "card":  # stack x's next top
            if sc is not None and sc["cards"] is not None:
                return Chance("elawa.card", [sc["cards"][x][-1]])
            return Chance("elawa.card", list(self.deck))
        if kind == "token":  # resource stack x's next top
            if sc is not None and len(sc["res"][x]) == len(self.res_gen[x]):
                return Chance("elawa.token", [sc["res"][x][-1]])
            return self._token_chance("elawa.token", self.res_gen[x][-1])
        if kind == "fire":  # seat x takes one from the fire (gap #11)
            if sc is not None and sc["fire"] is not None:
                return Chance("elawa.fire", [sc["fire"][-1]])
            return self._token_chance("elawa.fire", 0)
        if kind == "supply":  # seat x takes a random token from the supply
            if sc is not None and sc["supply"] is not None and self.supply_gen == 0:
                return Chance("elawa.supply", [sc["supply"][-1]])
            return self._token_chance("elawa.supply", self.supply_gen)
        # kind == "chief": seat x's chief card
        if sc is not None and sc["chiefs"] is not None:
            return Chance("elawa.chief", [sc["chiefs"][x]])
        return Chance("elawa.chief", [c for c in sorted(CHIEFS) if c not in self.chiefs])

    def settle(self, events: list | None = None) -> list[dict]:
        """The base's settle with the same draws (Chance.pick: below(total), then the outcomes
        in order), picked straight from the pools without building a Chance: seeded games and
        the bots' simulations draw some 80 times a game."""
        events = [] if events is None else events
        due, rng = self.due, self.rng
        while due:
            slot = due.pop(0)
            kind = slot[0]
            if self.script is not None or kind == "chief":
                outcome = self.chance(slot).pick(rng)
            elif kind == "card":
                outcome = self.deck[rng.below(len(self.deck))]
            else:
                pool = self.pools[self.res_gen[slot[1]][-1] if kind == "token" else
                                  0 if kind == "fire" else self.supply_gen]
                r = rng.below(sum(pool.values()))
                for outcome in SORTED_TOKENS:
                    r -= pool[outcome]
                    if r < 0:
                        break
            events += self.do_chance(slot, outcome)
        return events

    def _token_chance(self, kind, gen) -> Chance:
        pool = self.pools[gen]
        if gen == 0 and self.script is not None:  # the script's tokens are spoken for
            pool = dict(pool)
            sc = self.script
            for t in [t for r in sc["res"] for t in r] + (sc["fire"] or []) + (sc["supply"] or []):
                pool[t] -= 1
        outcomes = [t for t in SORTED_TOKENS if pool[t] > 0]
        return Chance(kind, outcomes, [pool[t] for t in outcomes])

    def do_chance(self, slot, outcome) -> list[dict]:
        kind, x = slot
        sc = self.script
        if kind == "card":
            if sc is not None and sc["cards"] is not None:
                sc["cards"][x].pop()
            self.deck.remove(outcome)
            self.hidden[x] -= 1
            self.cards[x].append(outcome)
            return []  # the view shows the new top
        if kind == "token":
            if sc is not None and len(sc["res"][x]) == len(self.res_gen[x]):
                sc["res"][x].pop()
            self.pools[self.res_gen[x].pop()][outcome] -= 1
            self.res[x].append(outcome)
            return []
        if kind == "chief":
            self.chiefs[x] = outcome
            if None not in self.chiefs:  # gap #5: the lowest chief number begins
                self.first = min(range(self.n), key=lambda p: CHIEFS[self.chiefs[p]]["number"])
                self.current = self.first
            return []
        self._gain(x, outcome)
        if kind == "fire":
            if sc is not None and sc["fire"] is not None:
                sc["fire"].pop()
            self.pools[0][outcome] -= 1
            self.fire -= 1
            events = [{"type": "gain", "player": x, "token": outcome, "from": "fire", "reveals": True}]
            if not self.fire and not self.final_round:  # gap #32
                self.final_round = True
                events.append({"type": "final_round"})
            return events
        if sc is not None and sc["supply"] is not None and self.supply_gen == 0:
            sc["supply"].pop()
        self.pools[self.supply_gen][outcome] -= 1
        self.supply -= 1
        return [{"type": "gain", "player": x, "token": outcome, "from": "supply", "reveals": True}]

    # the token supply

    def _supply_ready(self) -> bool:
        """Whether the supply has a token; a dry supply takes the discards back first (gap #13)."""
        if not self.supply and self.discards:
            self.pools.append(token_counts(self.discards))
            self.supply, self.discards = len(self.discards), []
            self.supply_gen += 1
        return self.supply > 0

    def _refill(self, i) -> bool:
        """Rebuild emptied resource stack i with up to 5 face-down tokens from the supply (gap
        #11); its top is then revealed by chance. False: the supply had none."""
        sc = self.script
        for _ in range(STACK_TOKENS):
            if not self._supply_ready():
                break
            self.supply -= 1
            self.res_gen[i].append(self.supply_gen)
            if sc is not None and sc["supply"] is not None and self.supply_gen == 0:
                sc["res"][i].append(sc["supply"].pop())
        return bool(self.res_gen[i])

    def _gain(self, p, token):
        self.avail[p][token] = self.avail[p].get(token, 0) + 1
        self.taken[p] += 1

    def _spend(self, p, token):
        self.avail[p][token] -= 1
        if not self.avail[p][token]:
            del self.avail[p][token]
        self.discards.append(token)

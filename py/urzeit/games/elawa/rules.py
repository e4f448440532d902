"""Elawa's rules: the state, the four steps of a turn, scoring, views and the Game class.

Rules: shared/rules/elawa.txt (German summary) and the answers in
shared/data/elawa/rules_gaps.md (cited below as "gap #n"). The card data is
cards.json (the summary's seven colours are wrong: there are five).
A turn has the rules' four steps: take_card_and_resources (1. Karte und Rohstoffe nehmen),
then any number of play_tribe_card (2. Stammeskarten ausspielen) and use_supply_card
(3. Vorratskarten nutzen), and manage_resources (4. Rohstoffe verwalten: end_turn, then
discard down to the chief's capacity).
"""

import functools

from ...core.actions import find_legal
from ...core.errors import BadRequest, IllegalAction
from ...core.game import PRIVATE_HANDS, Chance, Game, State
from ...core.rng import Rng
from .components import CARD_IDS, CARD_KINDS, CARDS, CHIEFS, FIRE, STACKS, TOKEN_COUNTS, TOKENS


def card_points(card_id: str, tribe: list, stored: dict) -> int:
    """What one card in a tribe scores (gap #33)."""
    card = CARDS[card_id]
    sc = card["scoring"]
    kind = sc["kind"]
    if kind == "fixed":
        return sc["points"]
    if kind == "per_card_of_colour_in_tribe":
        n = sum(1 for c in tribe if CARDS[c]["colour"] == sc["colour"] and (c != card_id or sc["counts_itself"]))
        return sc["points"] * n
    if kind == "per_card_of_type_in_tribe":
        n = sum(1 for c in tribe if CARDS[c]["type"] == sc["card_type"] and (c != card_id or sc["counts_itself"]))
        return sc["points"] * n
    if kind == "per_resource_on_card":
        return sc["points"] * len(stored.get(card_id, ()))
    if kind == "per_distinct_resource_kind_on_card":
        return sc["points"] * len(set(stored.get(card_id, ())))  # a bone stands in for one kind
    raise ValueError(kind)


def _payments(cost: list, available: dict) -> list[list]:
    """Every distinct multiset of tokens that pays `cost` exactly (bones are jokers)."""
    need = {}
    for sym in cost:
        need[sym] = need.get(sym, 0) + 1
    kinds = sorted(need)
    results = []

    def walk(i, bones_left, paid):
        if i == len(kinds):
            results.append(sorted(paid))
            return
        k = kinds[i]
        for own in range(min(need[k], available.get(k, 0)), -1, -1):
            jokers = need[k] - own
            if jokers <= bones_left:
                walk(i + 1, bones_left - jokers, paid + [k] * own + ["bone"] * jokers)

    walk(0, available.get("bone", 0), [])
    return results


# How many of each token can matter to paying for a card: of a kind at most as many as its
# cost shows, bones (jokers) at most one per symbol; _payments reads nothing beyond that.
PAY_CAPS = {cid: tuple(len(c["cost"]["resources"]) if t == "bone" else c["cost"]["resources"].count(t)
                       for t in TOKENS) for cid, c in CARDS.items()}


@functools.lru_cache(maxsize=4096)
def _pay_choices(card_id: str, have: tuple, discount: bool) -> tuple:
    """Every distinct way to pay for card_id, as (pay, with_sacrifice) pairs sorted the way
    legal_actions lists the plays (a pay without a sacrifice before the same pay with one).
    `have`: the available tokens as counts in TOKENS order, capped by PAY_CAPS (so a few
    keys serve every position); `discount`: chief 2's discount applies now. Pure, so it is
    cached: the bots' rollouts ask it many thousand times a move."""
    card = CARDS[card_id]
    cost = list(card["cost"]["resources"])
    variants = [(cost, card["cost"]["sacrifice"])]
    if discount:
        variants = []
        for sym in sorted(set(cost)):
            reduced = list(cost)
            reduced.remove(sym)
            variants.append((reduced, card["cost"]["sacrifice"]))
        if card["cost"]["sacrifice"]:
            variants.append((cost, False))
        if not variants:
            variants = [(cost, False)]
    available = dict(zip(TOKENS, have))
    return tuple(sorted({(tuple(pay), sacrifice) for need, sacrifice in variants
                         for pay in _payments(need, available)}))


def _plays(card_id: str, hand: list, counts: list, discount: bool) -> list[dict]:
    """The play actions of card_id. `hand`: the player's hand cards, sorted, no repeats;
    `counts`: the available tokens in TOKENS order; `discount`: chief 2's discount now."""
    choices = _pay_choices(card_id, tuple(map(min, counts, PAY_CAPS[card_id])), discount)
    # a pay with a sacrifice is one play per other hand card (none: gap #17, no such play)
    others = [c for c in hand if c != card_id] if CARDS[card_id]["cost"]["sacrifice"] else ()
    return [{"type": "play", "card": card_id, "pay": list(pay), "sacrifice": victim}
            for pay, sacrifice in choices for victim in (others if sacrifice else (None,))]


ACTION_FIELDS = {"take_card": {"type", "stack", "skip"}, "take_visible": {"type", "stack"},
                 "play": {"type", "card", "pay", "sacrifice"}, "store": {"type", "card", "token"},
                 "end_turn": {"type"}, "discard": {"type", "token"}}
STEP_OF = {"take_card": "take", "take_visible": "take_visible", "play": "play", "store": "play",
           "end_turn": "play", "discard": "discard"}
SETUP_KEYS = {"cards", "tokens", "fire", "supply", "chiefs"}
STACK_CARDS = 10   # cards per stack at the start (gap #1); a setup may use fewer
STACK_TOKENS = 5   # tokens per resource stack (gap #2)
SORTED_TOKENS = tuple(sorted(TOKENS))  # a token draw's outcomes, in a fixed order


def _token_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(t, str) and t in TOKENS for t in value)


def _setup_cards(cards) -> list:
    """A setup's card stacks must be a possible deal of the box: 6 stacks of at most 10
    cards, no card twice, at least one card to take (else no one could move)."""
    if (not isinstance(cards, list) or len(cards) != STACKS
            or not all(isinstance(st, list) and len(st) <= STACK_CARDS
                       and all(isinstance(c, str) and c in CARDS for c in st) for st in cards)):
        raise BadRequest("setup.cards: 6 stacks (bottom to top) of at most 10 card ids each",
                         reason="elawa.setup_cards")
    flat = [c for st in cards for c in st]
    if len(set(flat)) != len(flat):
        raise BadRequest("setup.cards: every card of the box exists once", reason="elawa.setup_card_twice")
    if not flat:
        raise BadRequest("setup.cards: at least one card must be there to take", reason="elawa.setup_no_cards")
    return cards


def _setup_tokens(setup, fire_size) -> tuple:
    """Resource stacks (1 to 5 tokens each), fire (1 up to its full size) and supply: together
    exactly the box's 80 tokens. Parts the setup leaves out are drawn from the rest of the box
    when they are revealed (the supply holds whatever remains). Returns the stack sizes, the
    fire's and the supply's counts."""
    tokens, fire, supply = setup.get("tokens"), setup.get("fire"), setup.get("supply")
    if tokens is not None and not (isinstance(tokens, list) and len(tokens) == STACKS and all(
            _token_list(r) and 1 <= len(r) <= STACK_TOKENS for r in tokens)):
        raise BadRequest("setup.tokens: 6 stacks (bottom to top) of 1 to 5 tokens each", reason="elawa.setup_tokens")
    if fire is not None and not (_token_list(fire) and 1 <= len(fire) <= fire_size):
        raise BadRequest(f"setup.fire: 1 to {fire_size} tokens (an empty fire would never end the game)",
                         reason="elawa.setup_fire", params={"most": fire_size})
    if supply is not None and not _token_list(supply):
        raise BadRequest("setup.supply: a list of tokens", reason="elawa.setup_supply")
    left = {t: TOKEN_COUNTS[t] for t in TOKENS}
    for t in [t for r in tokens or [] for t in r] + list(fire or []) + list(supply or []):
        left[t] -= 1
    if any(left[t] < 0 for t in TOKENS):
        raise BadRequest(f"the setup uses more tokens of a kind than the box holds ({TOKEN_COUNTS})",
                         reason="elawa.setup_too_many_tokens")
    rest = sum(left.values())
    need = (STACKS * STACK_TOKENS if tokens is None else 0) + (fire_size if fire is None else 0)
    if rest < need or (supply is not None and rest != need):
        raise BadRequest("the setup's tokens, fire and supply must be the box's 80 tokens",
                         reason="elawa.setup_token_total")
    sizes = [STACK_TOKENS] * STACKS if tokens is None else [len(r) for r in tokens]
    fire_n = fire_size if fire is None else len(fire)
    return sizes, fire_n, (rest - need if supply is None else len(supply))


def _unseen_places(hand: list, seen: list) -> list[int]:
    """Positions in a hand of the cards no one saw being taken."""
    left, places = list(seen), []
    for i, c in enumerate(hand):
        if c in left:
            left.remove(c)
        else:
            places.append(i)
    return places


def _counts(tokens) -> dict:
    """A pool of tokens as counts of every kind (an unordered pool has nothing else)."""
    pool = dict.fromkeys(TOKENS, 0)
    for t in tokens:
        pool[t] += 1
    return pool


class ElawaState(State):
    __slots__ = ("n", "rng", "due", "side", "chief2", "chiefs", "first", "cards", "hidden", "deck",
                 "res", "res_gen", "pools", "fire", "supply", "supply_gen", "discards", "removed",
                 "hands", "tribes", "stored", "avail", "current", "phase", "pending_takes", "played",
                 "stored_now", "final_round", "over", "turns", "seen_hands", "script", "taken")
    # The table holds only what is seen; what is face down is a count and a pool, its order
    # does not exist until a draw (a chance step) reveals it:
    # cards[i] = card stack i's open top ([] or [card]); hidden[i] = face-down cards below it;
    # deck = the unseen cards (sorted), the pool a stack's next top is drawn from.
    # res[i] = resource stack i's open top ([] or [token]); res_gen[i] = per face-down token
    # below it (bottom to top) the supply it came from; pools[g] = the unseen tokens of supply
    # g as counts (0: the box at set-up, with the fire; k: the discards that came back as the
    # supply the k-th time it ran dry, gap #13); fire, supply = counts (supply_gen: its g).
    # seen_hands[p] = the cards of p's hand everyone saw p take (all, as every card comes from
    # an open top). script: None, or what options.setup still fixes: {"chiefs", "cards" (per
    # stack, bottom to top), "res" (per stack: its lowest face-down tokens), "fire", "supply"}
    # (each list drawn from its end; None: that part is random).
    # taken[p] = the resource tokens p has taken in the whole game (an end-of-game figure).

    def clone(self) -> "ElawaState":
        s = ElawaState.__new__(ElawaState)
        s.n, s.side, s.chief2 = self.n, self.side, self.chief2
        s.rng = None if self.rng is None else self.rng.clone()
        s.due = list(self.due)
        s.chiefs, s.first = list(self.chiefs), self.first
        s.cards = [list(x) for x in self.cards]
        s.hidden, s.deck = list(self.hidden), list(self.deck)
        s.res = [list(x) for x in self.res]
        s.res_gen = [list(g) for g in self.res_gen]
        s.pools = [dict(g) for g in self.pools]
        s.fire, s.supply, s.supply_gen = self.fire, self.supply, self.supply_gen
        s.discards, s.removed = list(self.discards), list(self.removed)
        s.hands = [list(h) for h in self.hands]
        s.tribes = [list(t) for t in self.tribes]
        s.stored = [{k: list(v) for k, v in st.items()} for st in self.stored]
        s.avail = [dict(a) for a in self.avail]
        s.current, s.phase, s.pending_takes = self.current, self.phase, self.pending_takes
        s.played, s.stored_now = self.played, list(self.stored_now)
        s.final_round, s.over, s.turns = self.final_round, self.over, self.turns
        s.seen_hands = [list(h) for h in self.seen_hands]
        s.taken = list(self.taken)
        s.script = _copy_script(self.script)
        return s

    # ---- contract ----------------------------------------------------------------------

    def capacity(self, p: int) -> int:
        return CHIEFS[self.chiefs[p]]["advanced_side" if self.side == "advanced" else "normal_side"]["capacity"]

    def power(self, p: int):
        return CHIEFS[self.chiefs[p]]["advanced_side"]["power"] if self.side == "advanced" else None

    def score_of(self, p: int) -> int:
        return sum(card_points(c, self.tribes[p], self.stored[p]) for c in self.tribes[p])

    def scores(self) -> list[int]:
        return [self.score_of(p) for p in range(self.n)]

    def winners(self) -> list[int]:
        """Most points; on a tie the most available resources (gap #34); else shared."""
        if not self.over:
            return []
        key = [(self.score_of(p), sum(self.avail[p].values())) for p in range(self.n)]
        best = max(key)
        return [p for p in range(self.n) if key[p] == best]

    def cards_left(self) -> bool:
        """Any card still to take (an open top, or one about to be revealed)."""
        return any(self.cards) or any(self.hidden)

    # ---- chance: every face-down thing is drawn when the table reveals it ---------------

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

    # ---- tokens --------------------------------------------------------------------

    def _supply_ready(self) -> bool:
        """Whether the supply has a token; a dry supply takes the discards back first (gap #13)."""
        if not self.supply and self.discards:
            self.pools.append(_counts(self.discards))
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

    # ---- actions -------------------------------------------------------------------

    def legal_actions(self) -> list[dict]:
        if self.over or self.due:  # a chance step comes first
            return []
        p = self.current
        if self.phase == "take":
            result = []
            skip = self.power(p) == "skip_one_pile"
            for i in range(STACKS):
                if not self.cards[i]:
                    continue
                result.append({"type": "take_card", "stack": i, "skip": None})
                if skip:
                    n = CARDS[self.cards[i][-1]]["take"]
                    for j in range(1, n + 2):
                        result.append({"type": "take_card", "stack": i, "skip": (i + j) % STACKS})
            return result
        if self.phase == "take_visible":
            return [{"type": "take_visible", "stack": i} for i in range(STACKS) if self.cards[i]]
        if self.phase == "discard":
            return [{"type": "discard", "token": t} for t in TOKENS if self.avail[p].get(t)]
        # play and store, in any order, then end the turn
        result = []
        hand = sorted(set(self.hands[p]))
        counts, discount = [self.avail[p].get(t, 0) for t in TOKENS], self._discount_now(p)
        for card_id in hand:
            result += _plays(card_id, hand, counts, discount)
        return result + self._stores_and_end(p)

    def _stores_and_end(self, p) -> list[dict]:
        """The play step's store actions and end_turn, as legal_actions lists them."""
        result = []
        for card_id in self.tribes[p]:
            if CARDS[card_id]["type"] == "supply" and card_id not in self.stored_now:
                for token in self._storable(p, card_id):
                    result.append({"type": "store", "card": card_id, "token": token})
        result.append({"type": "end_turn"})
        return result

    def check_action(self, action: dict) -> dict:
        """The legal action equal to `action`. In the play step only the actions it could
        equal are listed (a play: that card's plays), not every hand card's payments; an
        equal action is in that part or nowhere, so the answer is the whole list's."""
        if self.phase == "play" and not self.over and not self.due:
            p, kind = self.current, action["type"]
            if kind == "play":
                card = action.get("card")
                legal = self.play_options(p, card) if isinstance(card, str) and card in self.hands[p] else []
                return find_legal(action, legal, self.why_not)
            if kind in ("store", "end_turn"):
                return find_legal(action, self._stores_and_end(p), self.why_not)
        return find_legal(action, self.legal_actions(), self.why_not)

    def _discount_now(self, p) -> bool:
        """Chief 2 (advanced): the 2nd card of a turn costs one symbol or the sacrifice less
        (gap #28, BGA); the option "every_second" also discounts the 4th, 6th, ..."""
        if self.power(p) != "second_card_one_less":
            return False
        nth = self.played + 1
        return nth == 2 if self.chief2 == "second_only" else nth % 2 == 0

    def play_options(self, p, card_id) -> list[dict]:
        return _plays(card_id, sorted(set(self.hands[p])), [self.avail[p].get(t, 0) for t in TOKENS],
                      self._discount_now(p))

    def _storable(self, p, card_id) -> list[str]:
        """Gap #21/#24: one matching token (or a bone) per supply card per turn; the "≠"
        card takes up to 4 different kinds, one bone standing in for a missing kind."""
        sc = CARDS[card_id]["scoring"]
        have = self.avail[p]
        on = self.stored[p].get(card_id, [])
        if sc["kind"] == "per_resource_on_card":
            return [t for t in (sc["resource"], "bone") if have.get(t)]
        if len(on) >= 4:
            return []
        return [t for t in TOKENS if have.get(t) and t not in on]

    def do_apply(self, action: dict) -> list[dict]:
        """A legal action, by the rules' steps (the base's apply checks it first)."""
        p = self.current
        kind = action["type"]
        if kind == "take_card":
            return self.take_card_and_resources(p, action["stack"], action["skip"])
        if kind == "take_visible":
            return self.take_visible_card(p, action["stack"])
        if kind == "play":
            return self.play_tribe_card(p, action)
        if kind == "store":
            return self.use_supply_card(p, action["card"], action["token"])
        return self.manage_resources(p, action)  # end_turn or discard

    def why_not(self, action):
        """Say exactly why a move that is not among the legal actions is refused (raises)."""
        kind = action["type"]
        if kind not in ACTION_FIELDS:
            raise IllegalAction(f"unknown action {kind!r}", reason="elawa.unknown_action")
        fields = ACTION_FIELDS[kind]
        if set(action) != fields:
            raise IllegalAction(f"{kind} has exactly the fields {sorted(fields)}; missing {sorted(fields - set(action))},"
                                f" unknown {sorted(set(action) - fields)}", reason="elawa.action_fields")
        p = self.current
        if STEP_OF[kind] != self.phase:
            self._refuse_step(p, kind)
        if kind in ("take_card", "take_visible"):
            stack = action["stack"]
            if type(stack) is not int or not 0 <= stack < STACKS:
                raise IllegalAction("stack is a number from 0 to 5", reason="elawa.no_such_stack")
            if not self.cards[stack]:
                raise IllegalAction(f"card stack {stack} is empty", reason="elawa.stack_empty",
                                    params={"stack": stack + 1})
            if kind == "take_card":
                self._refuse_skip(p, stack, action["skip"])
        if kind == "play":
            self._refuse_play(p, action)
        if kind == "store":
            self._refuse_store(p, action["card"], action["token"])
        if kind == "discard" and not (isinstance(action["token"], str) and self.avail[p].get(action["token"])):
            raise IllegalAction("you have no such resource to discard", reason="elawa.discard_not_held")
        raise IllegalAction(f"{action} is not legal now", reason="elawa.not_legal")

    def _refuse_step(self, p, kind):
        if self.phase == "take":
            raise IllegalAction(f"{kind}: first take a card (step 1)", reason="elawa.take_a_card_first")
        if self.phase == "take_visible":
            raise IllegalAction(f"{kind}: first take a visible card without resources", reason="elawa.take_visible_first",
                                params={"count": self.pending_takes})
        if self.phase == "discard":
            excess = sum(self.avail[p].values()) - self.capacity(p)
            raise IllegalAction(f"{kind}: first discard {excess} resource(s) down to the chief's capacity",
                                reason="elawa.discard_first", params={"count": excess, "capacity": self.capacity(p)})
        if kind == "take_card":
            raise IllegalAction("you have already taken this turn's card", reason="elawa.card_already_taken")
        if kind == "take_visible":
            raise IllegalAction("nothing lets you take a visible card now", reason="elawa.no_visible_take")
        raise IllegalAction("discarding comes only at the end of the turn, down to the chief's capacity",
                            reason="elawa.discard_at_turn_end", params={"capacity": self.capacity(p)})

    def _refuse_skip(self, p, stack, skip):
        if skip is None:
            return
        if self.power(p) != "skip_one_pile":
            raise IllegalAction("only chief 1 on the advanced side may skip a resource stack",
                                reason="elawa.skip_needs_chief1")
        reach = CARDS[self.cards[stack][-1]]["take"] + 1
        if type(skip) is not int or skip not in [(stack + j) % STACKS for j in range(1, reach + 1)]:
            raise IllegalAction(f"skip one of the next {reach} resource stacks after stack {stack}, or none",
                                reason="elawa.skip_out_of_reach", params={"count": reach})

    def _refuse_play(self, p, action):
        card_id, pay, victim = action["card"], action["pay"], action["sacrifice"]
        if not isinstance(card_id, str) or card_id not in self.hands[p]:
            raise IllegalAction("that card is not in your hand", reason="elawa.card_not_in_hand")
        if victim == card_id:
            raise IllegalAction("the card being played cannot be its own sacrifice", reason="elawa.sacrifice_itself")
        if victim is not None and (not isinstance(victim, str) or victim not in self.hands[p]):
            raise IllegalAction("the sacrifice must be another card in your hand", reason="elawa.sacrifice_not_in_hand")
        options = self.play_options(p, card_id)
        card = CARDS[card_id]
        if card["cost"]["sacrifice"] and victim is None and not self._discount_now(p):
            if not [c for c in self.hands[p] if c != card_id]:
                raise IllegalAction("this card asks for a sacrifice and you hold no other card",
                                    reason="elawa.sacrifice_no_other_card")
            raise IllegalAction("this card asks for a sacrifice: name another hand card", reason="elawa.sacrifice_missing")
        if victim is not None and not card["cost"]["sacrifice"]:
            raise IllegalAction("this card asks for no sacrifice", reason="elawa.no_sacrifice_needed")
        if victim is not None and options and not any(a["sacrifice"] for a in options):
            raise IllegalAction("chief 2 drops this sacrifice only instead of a resource", reason="elawa.sacrifice_not_now")
        if not _token_list(pay):
            raise IllegalAction("pay is a list of resources", reason="elawa.pay_not_tokens")
        short = [t for t in TOKENS if pay.count(t) > self.avail[p].get(t, 0)]
        if short:
            raise IllegalAction(f"you do not have the resources you pay with ({short})", reason="elawa.pay_not_held")
        cost = len(card["cost"]["resources"])
        if self._discount_now(p):
            raise IllegalAction(f"the payment does not match the card's cost ({cost} symbols, one less with chief 2)",
                                reason="elawa.pay_wrong_discount", params={"cost": cost, "paid": len(pay)})
        raise IllegalAction(f"the payment does not match the card's cost ({cost} symbols; bones stand in for any one)",
                            reason="elawa.pay_wrong", params={"cost": cost, "paid": len(pay)})

    def _refuse_store(self, p, card_id, token):
        if not isinstance(card_id, str) or card_id not in self.tribes[p]:
            raise IllegalAction("store only on a supply card of your own tribe", reason="elawa.store_not_in_tribe")
        if CARDS[card_id]["type"] != "supply":
            raise IllegalAction("only supply cards take resources", reason="elawa.store_not_a_supply_card")
        if card_id in self.stored_now:
            raise IllegalAction("a supply card takes one resource per turn", reason="elawa.store_once_per_turn")
        if not (isinstance(token, str) and self.avail[p].get(token)):
            raise IllegalAction("you have no such resource available", reason="elawa.store_not_held")
        if CARDS[card_id]["scoring"]["kind"] == "per_resource_on_card":
            raise IllegalAction("this supply card takes only its own resource or a bone", reason="elawa.store_wrong_kind")
        if len(self.stored[p].get(card_id, [])) >= 4:
            raise IllegalAction("this supply card is full (4 different kinds)", reason="elawa.store_full")
        raise IllegalAction("this supply card takes every kind once (one bone for a missing kind)",
                            reason="elawa.store_kind_twice")

    def take_card_and_resources(self, p, stack, skip) -> list[dict]:
        """Step 1 (Karte und Rohstoffe nehmen): the card to the hand, then one token from each of
        the next N stacks. Every token taken is an open top; what comes up after it (the next
        card, the next token, a fire token, a rebuilt stack's top) is drawn as chance."""
        card_id = self.cards[stack].pop()
        if self.hidden[stack]:
            self.due.append(("card", stack))
        self.hands[p].append(card_id)
        self.seen_hands[p].append(card_id)  # taken from a visible top: everyone saw it
        n = CARDS[card_id]["take"]
        order = [(stack + j) % STACKS for j in range(1, n + 2 if skip is not None else n + 1)]
        if skip is not None:
            order.remove(skip)
        events = [{"type": "take_card", "player": p, "card": card_id, "stack": stack, "skip": skip,
                   "reveals": True}]
        emptied = 0
        fire = self.fire  # tokens left on the fire for this take's emptied stacks
        for i in order:
            if not self.res[i]:
                continue  # a stack the empty supply could not rebuild gives nothing
            token = self.res[i].pop()
            self._gain(p, token)
            events.append({"type": "gain", "player": p, "token": token, "from": f"stack {i}"})
            if self.res_gen[i]:
                self.due.append(("token", i))
                continue
            emptied += 1
            if fire:  # gap #11/#12
                fire -= 1
                self.due.append(("fire", p))
            if self._refill(i):
                self.due.append(("token", i))
            events.append({"type": "refill", "stack": i})
        if self.power(p) == "one_resource_card_bonus" and n == 1 and self._supply_ready():  # chief 4
            self.due.append(("supply", p))
        self.phase = "play"
        if self.power(p) == "empty_pile_take_card" and emptied:  # chief 3, gap #29
            self.pending_takes += emptied
        self._resolve_pending()
        return events

    def _resolve_pending(self):
        if self.pending_takes and self.cards_left():
            self.phase = "take_visible"
        else:
            self.pending_takes = 0  # gap #36: nothing to take, the take is skipped
            self.phase = "play"

    def take_visible_card(self, p, stack) -> list[dict]:
        """A card effect or chief 3: a visible top card to the hand, without resources."""
        card_id = self.cards[stack].pop()
        if self.hidden[stack]:
            self.due.append(("card", stack))
        self.hands[p].append(card_id)
        self.seen_hands[p].append(card_id)  # taken from a visible top: everyone saw it
        self.pending_takes -= 1
        self._resolve_pending()
        return [{"type": "take_visible", "player": p, "card": card_id, "stack": stack, "reveals": True}]

    def play_tribe_card(self, p, action) -> list[dict]:
        """Step 2 (Stammeskarten ausspielen): pay, sacrifice, into the tribe, its effect."""
        card_id = action["card"]
        self._leave_hand(p, card_id)
        for token in action["pay"]:
            self._spend(p, token)
        if action["sacrifice"]:
            self._leave_hand(p, action["sacrifice"])
            self.removed.append(action["sacrifice"])  # gap #17: out of the game
        self.tribes[p].append(card_id)
        self.played += 1
        events = [{"type": "play", "player": p, "card": card_id, "pay": list(action["pay"]),
                   "sacrifice": action["sacrifice"]}]
        effect = CARDS[card_id]["immediate_effect"]
        if effect == "take_random_resource":
            if self._supply_ready():
                self.due.append(("supply", p))
        elif effect == "take_visible_card":
            self.pending_takes += 1
            self._resolve_pending()
        return events

    def _leave_hand(self, p, card_id):
        self.hands[p].remove(card_id)
        if card_id in self.seen_hands[p]:
            self.seen_hands[p].remove(card_id)

    def use_supply_card(self, p, card_id, token) -> list[dict]:
        """Step 3 (Vorratskarten nutzen): one available token onto a supply card (gap #21)."""
        self.avail[p][token] -= 1
        if not self.avail[p][token]:
            del self.avail[p][token]
        self.stored[p].setdefault(card_id, []).append(token)
        self.stored_now.append(card_id)
        return [{"type": "store", "player": p, "card": card_id, "token": token}]

    def manage_resources(self, p, action) -> list[dict]:
        """Step 4 (Rohstoffe verwalten): end_turn, then discard one token at a time down to
        the chief's capacity (gap #26)."""
        if action["type"] == "end_turn":
            if sum(self.avail[p].values()) > self.capacity(p):
                self.phase = "discard"
                return [{"type": "over_capacity", "player": p, "capacity": self.capacity(p)}]
            return self._next_turn()
        self._spend(p, action["token"])
        events = [{"type": "discard", "player": p, "token": action["token"]}]
        if sum(self.avail[p].values()) <= self.capacity(p):
            events += self._next_turn()
        return events

    def _next_turn(self) -> list[dict]:
        """Next player clockwise; after the fire is empty, the round ends before the first
        player would move again (gap #32)."""
        events = [{"type": "end_turn", "player": self.current}]
        self.turns += 1
        nxt = (self.current + 1) % self.n
        if (self.final_round and nxt == self.first) or not self.cards_left():
            self.over = True
            self.phase = "over"
            events.append({"type": "game_over", "scores": self.scores(), "winners": self.winners()})
            return events
        self.current = nxt
        self.phase = "take"
        self.played = 0
        self.stored_now = []
        return events

    def end_figures(self) -> list[dict]:
        """As Board Game Arena shows it: points by card kind (they add up to the score), the
        tribe's cards by kind, the resources taken and those left at the end (the tie-break)."""
        result = []
        for p in range(self.n):
            tribe = self.tribes[p]
            points = {k: 0 for k in CARD_KINDS}
            counts = {f"cards_{k}": 0 for k in CARD_KINDS}
            for c in tribe:
                points[CARDS[c]["type"]] += card_points(c, tribe, self.stored[p])
                counts[f"cards_{CARDS[c]['type']}"] += 1
            counts["resources_taken"] = self.taken[p]
            counts["resources_left"] = sum(self.avail[p].values())
            result.append({"points": points, "counts": counts})
        return result

    # ---- views -------------------------------------------------------------------------

    def breakdown(self) -> list[dict]:
        return [{"total": self.score_of(p),
                 "cards": [{"card": c, "points": card_points(c, self.tribes[p], self.stored[p])} for c in self.tribes[p]],
                 "resources": sum(self.avail[p].values())} for p in range(self.n)]

    def view(self, player) -> dict:
        players = []
        for p in range(self.n):
            chief = self.chiefs[p]  # None until the set-up deals it
            players.append({
                "chief": chief, "number": CHIEFS[chief]["number"] if chief else None,
                "capacity": self.capacity(p) if chief else None, "power": self.power(p) if chief else None,
                "tribe": [{"card": c, "stored": list(self.stored[p].get(c, []))} for c in self.tribes[p]],
                "available": {t: self.avail[p][t] for t in TOKENS if self.avail[p].get(t)},
                "hand": sorted(self.hands[p]) if player == p else None,
                "seen_hand": sorted(self.seen_hands[p]),  # public: everyone saw these taken
                "hand_count": len(self.hands[p]),
                "score": self.score_of(p),
            })
        return {
            "phase": self.phase if not self.over else "over",
            "side": self.side,
            "first": self.first,
            "stacks": [{"top": s[-1] if s else None, "count": len(s) + h} for s, h in zip(self.cards, self.hidden)],
            "resources": [{"top": r[-1] if r else None, "count": len(r) + len(g)} for r, g in zip(self.res, self.res_gen)],
            "fire": self.fire,
            "supply": self.supply,
            "discards": len(self.discards),
            "removed": sorted(self.removed),
            "players": players,
            "played_this_turn": self.played,
            "stored_this_turn": list(self.stored_now),
            "pending_takes": self.pending_takes,
            "final_round": self.final_round,
            "turns": self.turns,
            "winners": self.winners() if self.over else None,
            "breakdown": self.breakdown() if self.over else None,
        }

    def redeal(self, player: int, rng: Rng) -> None:
        """Re-deal the hand cards of others no one saw taken, with the unseen cards. The
        face-down stacks, the fire and the supply are pools already (what comes up is drawn
        as chance)."""
        unseen = {q: _unseen_places(self.hands[q], self.seen_hands[q]) for q in range(self.n) if q != player}
        if any(unseen.values()):
            cards = sorted([self.hands[q][i] for q in unseen for i in unseen[q]] + self.deck)
            rng.shuffle(cards)
            for q in sorted(unseen):
                for i in unseen[q]:
                    self.hands[q][i] = cards.pop()
            self.deck = sorted(cards)

    def to_json(self) -> dict:
        return {
            "n": self.n, "side": self.side, "chief2": self.chief2,
            "chiefs": list(self.chiefs), "first": self.first,
            "cards": [list(x) for x in self.cards], "hidden": list(self.hidden), "deck": list(self.deck),
            "res": [list(x) for x in self.res], "res_gen": [list(g) for g in self.res_gen],
            "pools": [{t: g[t] for t in TOKENS} for g in self.pools],
            "fire": self.fire, "supply": self.supply, "supply_gen": self.supply_gen,
            "discards": list(self.discards), "removed": list(self.removed),
            "hands": [list(h) for h in self.hands],
            "tribes": [list(t) for t in self.tribes],
            "stored": [{k: list(v) for k, v in sorted(st.items())} for st in self.stored],
            "avail": [{t: a[t] for t in TOKENS if a.get(t)} for a in self.avail],
            "current": self.current, "phase": self.phase, "pending_takes": self.pending_takes,
            "played": self.played, "stored_now": list(self.stored_now),
            "final_round": self.final_round, "over": self.over, "turns": self.turns,
            "seen_hands": [list(h) for h in self.seen_hands], "taken": list(self.taken),
            "script": _copy_script(self.script),
            **self.base_json(),
        }


def _copy_script(sc):
    if sc is None:
        return None
    return {k: (None if v is None else [list(x) if isinstance(x, list) else x for x in v]) for k, v in sc.items()}


class Elawa(Game):
    id = "elawa"
    data_files = ("cards.json",)  # the page draws the cards from it too
    titles = {"de": "Elawa", "en": "Elawa"}
    min_players = 2
    information = PRIVATE_HANDS
    max_players = 4
    options = {
        "chief_side": {"default": "normal", "choices": ["normal", "advanced"],
                       "label": {"de": "Häuptlingsseite", "en": "Chief side"}},
        "chief2": {"default": "second_only", "choices": ["second_only", "every_second"],
                   "label": {"de": "Häuptling 2: nur die zweite Karte / jede zweite Karte",
                             "en": "Chief 2: only the 2nd card / every 2nd card"}},
        "setup": {"default": None},
    }

    # The rules' scoring example with the real cards: storage card G08 with 4 kinds on it, tool
    # G12 (3 per caveman) and the cavemen P10, R11, P09: 8 + 9 + 6 + 16 + 3 = 42.
    EXAMPLE = (("G08", "G12", "P10", "R11", "P09"), {"G08": ["berry", "meat", "flint", "fur"]})

    def rules_example(self):
        s = self.new_game(2, 1, {})
        tribe, stored = self.EXAMPLE
        s.tribes[0] = list(tribe)
        s.stored[0] = {k: list(v) for k, v in stored.items()}
        entry = s.breakdown()[0]
        return s, {"seat": 0, "cards": entry["cards"], "total": entry["total"]}

    def _new(self, players: int, seed: int, options: dict) -> ElawaState:
        """The table before any draw: every stack, the fire and the supply face down as counts
        over the box's pools; the set-up's draws (the chiefs, every stack's top) are due."""
        s = ElawaState.__new__(ElawaState)
        s.n = players
        s.rng = Rng(seed)
        s.side, s.chief2 = options["chief_side"], options["chief2"]
        setup = {} if options["setup"] is None else options["setup"]
        if not isinstance(setup, dict) or set(setup) - SETUP_KEYS:
            raise BadRequest("setup may fix cards (6 stacks, bottom to top), tokens (6 stacks), fire, supply and chiefs",
                             reason="elawa.setup_fields")
        chiefs = setup.get("chiefs")
        if "chiefs" in setup and (
                not isinstance(chiefs, list) or len(chiefs) != players
                or not all(isinstance(c, str) and c in CHIEFS for c in chiefs) or len(set(chiefs)) != players):
            raise BadRequest(f"setup.chiefs: {players} different chiefs of {sorted(CHIEFS)}",
                             reason="elawa.setup_chiefs", params={"players": players})
        cards = _setup_cards(setup["cards"]) if "cards" in setup else None
        sizes, s.fire, s.supply = _setup_tokens(setup, FIRE[players])
        s.chiefs, s.first, s.current = [None] * players, None, None
        s.cards = [[] for _ in range(STACKS)]
        if cards is None:
            s.hidden, s.deck = [STACK_CARDS] * STACKS, sorted(CARD_IDS)
        else:
            s.hidden, s.deck = [len(st) for st in cards], sorted(c for st in cards for c in st)
        s.res = [[] for _ in range(STACKS)]
        s.res_gen = [[0] * k for k in sizes]
        s.pools, s.supply_gen = [{t: TOKEN_COUNTS[t] for t in TOKENS}], 0
        s.script = None
        if options["setup"] is not None:
            tokens = setup.get("tokens")
            s.script = {
                "chiefs": None if chiefs is None else list(chiefs),
                "cards": None if cards is None else [list(st) for st in cards],
                "res": [[] for _ in range(STACKS)] if tokens is None else [list(r) for r in tokens],
                "fire": None if setup.get("fire") is None else list(setup["fire"]),
                "supply": None if setup.get("supply") is None else list(setup["supply"]),
            }
        s.discards, s.removed = [], []
        s.hands = [[] for _ in range(players)]
        s.tribes = [[] for _ in range(players)]
        s.stored = [{} for _ in range(players)]
        s.avail = [{} for _ in range(players)]
        s.phase = "take"
        s.pending_takes = 0
        s.played = 0
        s.stored_now = []
        s.final_round = False
        s.over = False
        s.turns = 0
        s.seen_hands = [[] for _ in range(players)]
        s.taken = [0] * players
        # the set-up's draws, in the table's order: chiefs (gap #4), card tops, token tops
        s.due = ([("chief", p) for p in range(players)] + [("card", i) for i in range(STACKS) if s.hidden[i]]
                 + [("token", i) for i in range(STACKS) if s.res_gen[i]])
        return s

    def from_json(self, d: dict) -> ElawaState:
        s = ElawaState.__new__(ElawaState)
        s.n, s.side, s.chief2 = d["n"], d["side"], d["chief2"]
        s.chiefs, s.first = list(d["chiefs"]), d["first"]
        s.cards = [list(x) for x in d["cards"]]
        s.hidden, s.deck = list(d["hidden"]), list(d["deck"])
        s.res = [list(x) for x in d["res"]]
        s.res_gen = [list(g) for g in d["res_gen"]]
        s.pools = [{t: g[t] for t in TOKENS} for g in d["pools"]]
        s.fire, s.supply, s.supply_gen = d["fire"], d["supply"], d["supply_gen"]
        s.discards, s.removed = list(d["discards"]), list(d["removed"])
        s.hands = [list(h) for h in d["hands"]]
        s.tribes = [list(t) for t in d["tribes"]]
        s.stored = [{k: list(v) for k, v in st.items()} for st in d["stored"]]
        s.avail = [dict(a) for a in d["avail"]]
        s.current, s.phase, s.pending_takes = d["current"], d["phase"], d["pending_takes"]
        s.played, s.stored_now = d["played"], list(d["stored_now"])
        s.final_round, s.over, s.turns = d["final_round"], d["over"], d["turns"]
        s.seen_hands = [list(h) for h in d["seen_hands"]]
        s.taken = list(d.get("taken", [0] * s.n))  # a state written before it was counted
        s.script = _copy_script(d.get("script"))
        s.base_from_json(d)
        return s


GAME = Elawa()

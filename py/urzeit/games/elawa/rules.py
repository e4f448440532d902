"""Elawa's state: the four steps of a turn and the views (its draws in draws.py, its scoring
in scoring.py; the Game in game.py).

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
from ...core.errors import IllegalAction
from ...core.game import State
from ...core.rng import Rng
from .components import CARDS, CHIEFS, STACKS, TOKENS
from .draws import ElawaDraws
from .scoring import ElawaScoring


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


def token_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(t, str) and t in TOKENS for t in value)



def _unseen_places(hand: list, seen: list) -> list[int]:
    """Positions in a hand of the cards no one saw being taken."""
    left, places = list(seen), []
    for i, c in enumerate(hand):
        if c in left:
            left.remove(c)
        else:
            places.append(i)
    return places



class ElawaState(ElawaDraws, ElawaScoring, State):
    __slots__ = ("n", "rng", "due", "side", "chief2", "chiefs", "first", "cards", "hidden", "deck",
                 "res", "res_gen", "pools", "fire", "supply", "supply_gen", "discards", "removed",
                 "hands", "tribes", "stored", "avail", "current", "phase", "pending_takes", "played",
                 "stored_now", "final_round", "over", "turns", "seen_hands", "script", "taken", "later")
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
    # later: None, or (draw_late: a fair remote game) the new tops the mover does not need
    # this turn, drawn when its turn ends or before it takes a visible card.

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
        s.script = copy_script(self.script)
        s.later = None if self.later is None else list(self.later)
        return s

    # ---- contract ----------------------------------------------------------------------

    def capacity(self, p: int) -> int:
        return CHIEFS[self.chiefs[p]]["advanced_side" if self.side == "advanced" else "normal_side"]["capacity"]

    def power(self, p: int):
        return CHIEFS[self.chiefs[p]]["advanced_side"]["power"] if self.side == "advanced" else None

    def cards_left(self) -> bool:
        """Any card still to take (an open top, or one about to be revealed)."""
        return any(self.cards) or any(self.hidden)

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
        if not token_list(pay):
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
            self._top_due(("card", stack))
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
                self._top_due(("token", i))
                continue
            emptied += 1
            if fire:  # gap #11/#12
                fire -= 1
                self.due.append(("fire", p))
            if self._refill(i):
                self._top_due(("token", i))
            events.append({"type": "refill", "stack": i})
        if self.power(p) == "one_resource_card_bonus" and n == 1 and self._supply_ready():  # chief 4
            self.due.append(("supply", p))
        self.phase = "play"
        if self.power(p) == "empty_pile_take_card" and emptied:  # chief 3, gap #29
            self.pending_takes += emptied
        self._resolve_pending()
        return events

    def _top_due(self, slot):
        """A new top comes up: drawn at once, or (draw_late) when the turn ends."""
        (self.due if self.later is None else self.later).append(slot)

    def draw_late(self) -> None:
        """The new tops of a take wait until the turn ends (or until a visible card is taken):
        the mover needs none of them before (docs/fair-play.md). External chance only."""
        if self.rng is None and self.later is None:
            self.later = []

    def _draw_tops(self):
        if self.later:
            self.due += self.later
            self.later = []

    def _resolve_pending(self):
        if self.pending_takes and self.cards_left():
            self.phase = "take_visible"
            self._draw_tops()  # the mover chooses among the visible tops
        else:
            self.pending_takes = 0  # gap #36: nothing to take, the take is skipped
            self.phase = "play"

    def take_visible_card(self, p, stack) -> list[dict]:
        """A card effect or chief 3: a visible top card to the hand, without resources."""
        card_id = self.cards[stack].pop()
        if self.hidden[stack]:
            self._top_due(("card", stack))
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
            if self.later:
                self.later = []  # tops nobody takes any more stay face down
            events.append({"type": "game_over", "scores": self.scores(), "winners": self.winners()})
            return events
        self._draw_tops()
        self.current = nxt
        self.phase = "take"
        self.played = 0
        self.stored_now = []
        return events

    # ---- views -------------------------------------------------------------------------

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
            "script": copy_script(self.script),
            **({} if self.later is None else {"later": [list(x) for x in self.later]}),
            **self.base_json(),
        }


def copy_script(sc):
    if sc is None:
        return None
    return {k: (None if v is None else [list(x) if isinstance(x, list) else x for x in v]) for k, v in sc.items()}



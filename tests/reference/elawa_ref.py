"""An independent reference for Elawa, written from the rules text and the card data only.

Sources: shared/rules/elawa.txt, shared/data/elawa/rules_gaps.md ("gap #n"), docs/elawa.md
(actions, view), py/urzeit/games/elawa/cards.json (data). No engine code was read.

The reference keeps its own model of every player (hand, tribe, tokens stored on supply cards,
available tokens) and of the table (card stacks, resource stacks, fire, supply), updated from the
actions alone. Only what is hidden and random comes from the events: the kind of a token drawn
from the fire or the supply. The top card of a card stack and the top token of a resource stack
are public; the reference reads them from the spectator view before each action (it never needs
what is below). After every action it scores every tribe itself and compares with the view.

Talks to the engine only through `urzeit.api.handle` (JSON text).
"""

import json
import pathlib
from collections import Counter

DATA = pathlib.Path(__file__).resolve().parents[2] / "py" / "urzeit" / "games" / "elawa" / "cards.json"
_data = json.loads(DATA.read_text(encoding="utf-8"))
CARDS = {c["id"]: c for c in _data["tribe_cards"]}
CHIEFS = {c["id"]: c for c in _data["chiefs"]}
FIRE_BY_PLAYERS = {int(k): v for k, v in _data["components"]["fire_stack_by_players"].items()}
KINDS = ("berry", "meat", "flint", "fur")
BONE = "bone"
CHIEF4 = "one_resource_card_bonus"
STATS = Counter()  # how often rare rules came up in the games followed (for the bench)


def call(handle, request):
    return json.loads(handle(json.dumps(request)))


# ---- scoring (gap #33) -------------------------------------------------------------------

def card_points(card_id, tribe, stored):
    """Points of one card in a tribe: `tribe` is the list of card ids, `stored` {card: [tokens]}."""
    rule = CARDS[card_id]["scoring"]
    kind = rule["kind"]
    if kind == "fixed":  # Urmensch
        return rule["points"]
    if kind == "per_card_of_colour_in_tribe":  # Hütte: X per card of colour C, itself included
        n = sum(1 for c in tribe if CARDS[c]["colour"] == rule["colour"])
        return rule["points"] * n
    if kind == "per_card_of_type_in_tribe":  # Werkzeug: X per card of type T, itself included
        n = sum(1 for c in tribe if CARDS[c]["type"] == rule["card_type"])
        return rule["points"] * n
    if kind == "per_resource_on_card":  # Vorrat: X per token on the card
        return rule["points"] * len(stored.get(card_id, []))
    if kind == "per_distinct_resource_kind_on_card":  # "≠" Vorrat: X per different kind (gap #24)
        return rule["points"] * len(set(stored.get(card_id, [])))
    raise ValueError(f"unknown scoring kind {kind}")


def tribe_score(tribe, stored):
    return sum(card_points(c, tribe, stored) for c in tribe)


# ---- payment (gap #16, #17, #28) -----------------------------------------------------------

def pays(pay, cost):
    """True if the multiset `pay` pays exactly the symbols `cost`, bones standing in for any."""
    if len(pay) != len(cost):
        return False
    p, c = Counter(pay), Counter(cost)
    return all(p[k] <= c[k] for k in KINDS) and set(p) <= set(KINDS) | {BONE}


def can_afford(available, cost):
    missing = sum(max(0, n - available.get(k, 0)) for k, n in Counter(cost).items())
    return missing <= available.get(BONE, 0)


class Player:
    def __init__(self, chief, side):
        self.chief = chief
        self.number = CHIEFS[chief]["number"]
        s = CHIEFS[chief][side + "_side"]
        self.capacity = s["capacity"]
        self.power = s["power"]
        self.hand = []
        self.tribe = []
        self.stored = {}
        self.available = Counter()


class ElawaRef:
    def __init__(self, view, options):
        """`view`: the spectator view right after `new`."""
        self.side = options.get("chief_side", "normal")
        self.chief2 = options.get("chief2", "second_only")
        self.n = len(view["players"])
        self.players = [Player(p["chief"], self.side) for p in view["players"]]
        # gap #5: the lowest chief number starts and decides when the final round ends
        self.first = min(range(self.n), key=lambda i: self.players[i].number)
        self.current = self.first
        self.card_counts = [10] * 6  # gap #1
        self.token_counts = [5] * 6  # gap #2
        self.fire = FIRE_BY_PLAYERS[self.n]
        self.pool = 80 - 30 - self.fire  # supply + discard pile (gap #13: discards come back)
        self.phase = "take"
        self.pending_takes = 0
        self.played_this_turn = 0
        self.stored_this_turn = set()
        self.final_round = False
        self.over = False
        self.notes = []  # our own rule-check failures (an engine action our model calls illegal)
        self.card_tops = [s["top"] for s in view["stacks"]]
        self.token_tops = [s["top"] for s in view["resources"]]

    # -- public information seen before an action
    def observe(self, view):
        self.card_tops = [s["top"] for s in view["stacks"]]
        self.token_tops = [s["top"] for s in view["resources"]]

    def note(self, text):
        self.notes.append(text)

    # -- random draws: the kinds come from the events, in order
    def _drawn(self, events, source):
        return [e["token"] for e in events if e["type"] == "gain" and e["from"] == source]

    def _take_top_card(self, p, stack):
        card = self.card_tops[stack]
        if self.card_counts[stack] == 0 or card is None:
            self.note(f"took from empty card stack {stack}")
            return None
        self.card_counts[stack] -= 1
        self.card_tops[stack] = None  # the next card is unknown until the next view
        p.hand.append(card)
        return card

    def _refill(self, i):
        # gap #11: rebuild the emptied stack with 5 from the supply (gap #13: spent tokens come back)
        if self.pool < 5:
            STATS["supply and discards short of a refill"] += 1
        got = min(5, self.pool)
        self.pool -= got
        self.token_counts[i] = got

    def apply(self, seat, action, events):
        p = self.players[seat]
        t = action["type"]
        if seat != self.current:
            self.note(f"seat {seat} acted, reference expected seat {self.current}")
        fire_tokens = self._drawn(events, "fire")
        supply_tokens = self._drawn(events, "supply")
        if t == "take_card":
            if self.phase != "take":
                self.note(f"take_card in phase {self.phase}")
            stack = action["stack"]
            card = self._take_top_card(p, stack)
            if card is None:
                return
            n = CARDS[card]["take"]
            # gap #8: the N stacks that follow, clockwise; chief 1 (gap #27) may leave out one of N+1
            skip = action.get("skip")
            if skip is not None:
                STATS["chief 1 skipped a stack"] += 1
                if p.power != "skip_one_pile":
                    self.note("skip without chief 1")
                order = [(stack + k) % 6 for k in range(1, n + 2)]
                if skip not in order:
                    self.note(f"skip {skip} not among {order}")
                order = [i for i in order if i != skip][:n]
            else:
                order = [(stack + k) % 6 for k in range(1, n + 1)]
            emptied = 0
            fire_iter = iter(fire_tokens)
            for i in order:
                if self.token_counts[i] == 0:
                    continue  # a stack that could not be refilled gives nothing
                p.available[self.token_tops[i]] += 1
                self.token_counts[i] -= 1
                if self.token_counts[i] == 0:
                    emptied += 1
                    if self.fire == 0:
                        STATS["stack emptied with the fire out"] += 1
                    if self.fire > 0:  # gap #12: an empty fire gives nothing
                        self.fire -= 1
                        tok = next(fire_iter, None)
                        if tok is None:
                            self.note("emptied a stack but no fire token in the events")
                        else:
                            p.available[tok] += 1
                        if self.fire == 0:
                            self.final_round = True  # gap #32
                    self._refill(i)
            if next(fire_iter, None) is not None:
                self.note("more fire tokens in the events than emptied stacks")
            self.phase = "play"
            if p.power == "empty_pile_take_card":  # chief 3, gap #29
                self.pending_takes += emptied
                STATS["chief 3 bonus card"] += emptied
            if n == 1 and p.power == CHIEF4:  # chief 4, gap #30
                STATS["chief 4 bonus token"] += 1
                self._supply_gain(p, supply_tokens)
            elif supply_tokens:
                self.note("supply token without a reason")
            self._settle_pending()
        elif t == "take_visible":
            if self.pending_takes <= 0:
                self.note("take_visible with nothing pending")
            self._take_top_card(p, action["stack"])
            self.pending_takes -= 1
        elif t == "play":
            self._play(p, action, supply_tokens)
        elif t == "store":
            self._store(p, action)
        elif t == "end_turn":
            if self.pending_takes:
                self.note("end_turn with a pending take")
            if sum(p.available.values()) > p.capacity:  # step 4 (gap #26)
                self.phase = "discard"
            else:
                self._next_turn()
        elif t == "discard":
            tok = action["token"]
            if p.available[tok] <= 0:
                self.note(f"discarded {tok} not held")
            p.available[tok] -= 1
            self.pool += 1
            if sum(p.available.values()) <= p.capacity:
                self._next_turn()
        else:
            self.note(f"unknown action {t}")
        p.available = +p.available

    def _supply_gain(self, p, supply_tokens):
        if self.pool > 0:
            if not supply_tokens:
                self.note("expected a random token from the supply")
                return
            p.available[supply_tokens[0]] += 1
            self.pool -= 1

    def _settle_pending(self):
        # gap #36: with no card left anywhere a pending "take a visible card" is skipped
        if sum(self.card_counts) == 0:
            self.pending_takes = 0

    def _play(self, p, action, supply_tokens):
        card, pay, sac = action["card"], list(action["pay"]), action.get("sacrifice")
        if self.phase != "play" or self.pending_takes:
            self.note(f"play in phase {self.phase} with {self.pending_takes} pending takes")
        if card not in p.hand:
            self.note(f"played {card} not in hand {p.hand}")
            return
        cost = list(CARDS[card]["cost"]["resources"])
        needs_sac = CARDS[card]["cost"]["sacrifice"]
        self.played_this_turn += 1
        ok_full = pays(pay, cost) and (sac is not None) == needs_sac
        ok_discount = False
        if p.power == "second_card_one_less":  # chief 2, gap #28
            nth = self.played_this_turn
            if (self.chief2 == "second_only" and nth == 2) or (self.chief2 == "every_second" and nth % 2 == 0):
                if needs_sac and sac is None and pays(pay, cost):
                    ok_discount = True
                for i in range(len(cost)):
                    if pays(pay, cost[:i] + cost[i + 1:]) and (sac is not None) == needs_sac:
                        ok_discount = True
        if ok_discount and not ok_full:
            STATS["chief 2 discount"] += 1
        if not (ok_full or ok_discount):
            self.note(f"payment {pay} / sacrifice {sac} does not pay {card} {cost} sac={needs_sac}")
        for tok in pay:
            if p.available[tok] <= 0:
                self.note(f"paid {tok} not held")
            p.available[tok] -= 1
            self.pool += 1
        p.hand.remove(card)
        if sac is not None:
            if sac not in p.hand:  # gap #17: another card from the hand
                self.note(f"sacrificed {sac} not in hand")
            else:
                p.hand.remove(sac)
        p.tribe.append(card)
        effect = CARDS[card]["immediate_effect"]
        if effect == "take_visible_card":  # gap #18
            self.pending_takes += 1
            self._settle_pending()
        if effect == "take_random_resource":  # gap #19
            self._supply_gain(p, supply_tokens)
        elif supply_tokens and effect != "take_random_resource":
            self.note("supply token without a reason")

    def _store(self, p, action):
        card, tok = action["card"], action["token"]
        if card not in p.tribe or CARDS[card]["type"] != "supply":
            self.note(f"store on {card}, not a supply card in the tribe")
            return
        if card in self.stored_this_turn:  # gap #21: once per card per turn
            self.note(f"second store on {card} this turn")
        st = CARDS[card]["storage"]
        on = p.stored.setdefault(card, [])
        if tok not in st["accepts"]:
            self.note(f"{card} does not accept {tok}")
        if st.get("each_kind_at_most_once") and (tok in on or len(on) >= 4):  # gap #24
            self.note(f"{card} already holds {on}, refused {tok}")
        if p.available[tok] <= 0:
            self.note(f"stored {tok} not held")
        p.available[tok] -= 1
        on.append(tok)
        self.stored_this_turn.add(card)

    def _next_turn(self):
        self.phase = "take"
        self.played_this_turn = 0
        self.stored_this_turn = set()
        nxt = (self.current + 1) % self.n
        # gap #32: finish the round; gap #36: no card left to choose ends the game
        if sum(self.card_counts) == 0:
            STATS["game ended with no card left (gap #36)"] += 1
        if (self.final_round and nxt == self.first) or sum(self.card_counts) == 0:
            self.over = True
            self.phase = "over"
        self.current = nxt

    # -- scores and comparison
    def scores(self):
        return [tribe_score(p.tribe, p.stored) for p in self.players]

    def winners(self):
        sc = self.scores()
        best = max(sc)
        tied = [i for i in range(self.n) if sc[i] == best]
        res = [sum(self.players[i].available.values()) for i in tied]  # gap #34
        return [i for i, r in zip(tied, res) if r == max(res)]

    def compare(self, view):
        """Differences between the reference and a spectator view, as readable lines."""
        out = []
        if view["scores"] != self.scores():
            out.append(f"scores engine {view['scores']} reference {self.scores()}")
        for i, (vp, p) in enumerate(zip(view["players"], self.players)):
            if [x["card"] for x in vp["tribe"]] != p.tribe:
                out.append(f"p{i} tribe engine {[x['card'] for x in vp['tribe']]} reference {p.tribe}")
            st = {x["card"]: sorted(x["stored"]) for x in vp["tribe"] if x["stored"]}
            if st != {k: sorted(v) for k, v in p.stored.items() if v}:
                out.append(f"p{i} stored engine {st} reference {p.stored}")
            if {k: v for k, v in vp["available"].items() if v} != dict(+p.available):
                out.append(f"p{i} available engine {vp['available']} reference {dict(p.available)}")
            if vp["hand_count"] != len(p.hand):
                out.append(f"p{i} hand count engine {vp['hand_count']} reference {len(p.hand)}")
            if vp.get("hand") is not None and sorted(vp["hand"]) != sorted(p.hand):
                out.append(f"p{i} hand engine {vp['hand']} reference {p.hand}")
        if [s["count"] for s in view["stacks"]] != self.card_counts:
            out.append(f"card stacks engine {[s['count'] for s in view['stacks']]} reference {self.card_counts}")
        if [s["count"] for s in view["resources"]] != self.token_counts:
            out.append(f"resource stacks engine {[s['count'] for s in view['resources']]} reference {self.token_counts}")
        if view["fire"] != self.fire:
            out.append(f"fire engine {view['fire']} reference {self.fire}")
        if view["supply"] + view["discards"] != self.pool:
            out.append(f"supply+discards engine {view['supply'] + view['discards']} reference {self.pool}")
        if view["over"] != self.over:
            out.append(f"over engine {view['over']} reference {self.over}")
        elif not self.over and view["current_seat"] != self.current:
            out.append(f"current seat engine {view['current_seat']} reference {self.current}")
        if not self.over and view["pending_takes"] != self.pending_takes:
            out.append(f"pending takes engine {view['pending_takes']} reference {self.pending_takes}")
        if view["over"]:
            if view["winners"] != self.winners():
                out.append(f"winners engine {view['winners']} reference {self.winners()}")
            for i, (b, p) in enumerate(zip(view["breakdown"], self.players)):
                mine = [{"card": c, "points": card_points(c, p.tribe, p.stored)} for c in p.tribe]
                if b["cards"] != mine or b["total"] != tribe_score(p.tribe, p.stored):
                    out.append(f"p{i} breakdown engine {b} reference {mine}")
                if b["resources"] != sum(p.available.values()):
                    out.append(f"p{i} breakdown resources engine {b['resources']} reference {sum(p.available.values())}")
        return out

    def check_legal(self, seat, legal):
        """Rule checks on the engine's legal list for the seat to move (what must / must not be there)."""
        out = []
        p = self.players[seat]
        types = {a["type"] for a in legal}
        if self.phase == "take":
            want = sorted(i for i in range(6) if self.card_counts[i] > 0)
            got = sorted({a["stack"] for a in legal if a["type"] == "take_card"})
            if got != want or types != {"take_card"}:
                out.append(f"take: legal stacks {got} types {types}, reference {want}")
        elif self.phase == "play" and self.pending_takes:
            want = sorted(i for i in range(6) if self.card_counts[i] > 0)
            got = sorted(a["stack"] for a in legal if a["type"] == "take_visible")
            if got != want or types != {"take_visible"}:
                out.append(f"take_visible: legal {got} types {types}, reference {want}")
        elif self.phase == "play":
            if "end_turn" not in types:
                out.append("end_turn missing")
            # every card in hand that can be paid must be offered (and nothing else)
            playable = set()
            nth = self.played_this_turn + 1
            discount = p.power == "second_card_one_less" and (
                (self.chief2 == "second_only" and nth == 2) or (self.chief2 == "every_second" and nth % 2 == 0))
            for c in set(p.hand):
                cost = CARDS[c]["cost"]["resources"]
                sac = CARDS[c]["cost"]["sacrifice"]
                others = len(p.hand) - 1
                ok = can_afford(p.available, cost) and (not sac or others >= 1)
                if discount and not ok:
                    if sac and can_afford(p.available, cost):
                        ok = True
                    if any(can_afford(p.available, cost[:i] + cost[i + 1:]) for i in range(len(cost))) and (not sac or others >= 1):
                        ok = True
                if ok:
                    playable.add(c)
            got = {a["card"] for a in legal if a["type"] == "play"}
            if got != playable:
                out.append(f"playable engine {sorted(got)} reference {sorted(playable)}")
            stores = set()
            for c in p.tribe:
                if CARDS[c]["type"] != "supply" or c in self.stored_this_turn:
                    continue
                st = CARDS[c]["storage"]
                on = p.stored.get(c, [])
                for tok in st["accepts"]:
                    if p.available[tok] <= 0:
                        continue
                    if st.get("each_kind_at_most_once") and (tok in on or len(on) >= 4):
                        continue
                    stores.add((c, tok))
            got = {(a["card"], a["token"]) for a in legal if a["type"] == "store"}
            if got != stores:
                out.append(f"stores engine {sorted(got)} reference {sorted(stores)}")
        elif self.phase == "discard":
            want = sorted(k for k, v in p.available.items() if v > 0)
            got = sorted(a["token"] for a in legal if a["type"] == "discard")
            if got != want or types != {"discard"}:
                out.append(f"discard: legal {got} types {types}, reference {want}")
        return out


def play_game(handle, seed, players, options, chooser, check_legal=True):
    """Play one game through the api, comparing after every action.

    `chooser(match, seat, view)` returns the action for the seat to move (from `view["legal"]`
    or an `op: ai` hint). Returns (actions compared, list of disagreement lines).
    """
    seats = [{"kind": "human"} for _ in range(players)]
    r = call(handle, {"op": "new", "game": "elawa", "seats": seats, "seed": seed, "options": options})
    match = r["result"]["match"]
    spect = call(handle, {"op": "view", "match": match, "seat": None})["result"]
    ref = ElawaRef(spect, options)
    problems = [f"setup: {x}" for x in ref.compare(spect)]
    actions = 0
    log = []
    view = spect  # the latest view; a seat's own view carries its hand and, if it moves, `legal`
    while not view["over"] and not problems:
        seat = view["current_seat"]
        ref.observe(view)
        if view["seat"] != seat:
            view = call(handle, {"op": "view", "match": match, "seat": seat})["result"]
            problems += [f"before action {actions}: {x}" for x in ref.compare(view)]
        if check_legal:
            problems += [f"legal before action {actions}: {x}" for x in ref.check_legal(seat, view["legal"])]
        action = chooser(match, seat, view)
        r = call(handle, {"op": "act", "match": match, "seat": seat, "state_id": view["state_id"], "action": action})
        if not r["ok"]:
            problems.append(f"action {actions} {action} refused: {r['error']}")
            break
        log.append(action)
        ref.apply(seat, action, r["result"]["events"])
        actions += 1
        view = r["result"]["view"]
        diff = ref.compare(view) + ref.notes
        ref.notes = []
        if diff:
            problems += [f"after action {actions} (seat {seat} {action}): {x}" for x in diff]
    if view["over"] and not problems:
        # the spectator's final view: every hand is shown at the end? compare what it shows
        spect = call(handle, {"op": "view", "match": match, "seat": None})["result"]
        problems += [f"final spectator view: {x}" for x in ref.compare(spect)]
    if problems:
        problems.append(f"reproduce: seed {seed}, {players} players, options {options}, actions {json.dumps(log)}")
    return actions, problems

"""Jäger und Späher (Gerhard Hecht, Kosmos 2014), game id "spaeher".

Rules: shared/rules/jaeger-und-spaeher.txt; open questions answered by the DEFAULTs of
shared/data/spaeher/rules_gaps.md (cited as "gap #n"). Most card texts are unknown: our
reconstruction is the data file cards.json beside this module, every card marked; see
docs/spaeher.md. A turn is one of three actions: play a character (Charakterkarte
ausspielen), recall members (Stammesmitglieder zurücknehmen), or sunset
(Sonnenuntergang durchführen).
"""

from ...core.errors import BadRequest, IllegalAction
from ...core.game import HIDDEN, PRIVATE_HANDS, Chance, Game, State
from ...core.rng import Rng
from .components import CAPACITY, CHARS, GOAL, HUNGER_CAP, ITEMS, LOCS, SETUP, SITES, STALL_SUNSETS, START_HAND, TURN_LIMIT


# What the player is asked to do in each phase, for "not possible now".
PHASES = {
    "turn": {"name_de": "eine Aktion wählen: Charakter ausspielen, zurückholen oder Sonnenuntergang",
             "name_en": "choose an action: play a character, recall members or call the sunset"},
    "recall": {"name_de": "Mitglieder zurückholen und die Rohstoffe nutzen",
               "name_en": "recall members and use the resources"},
    "steps": {"name_de": "die Anweisungen der Karte ausführen", "name_en": "carry out the card's instructions"},
    "column": {"name_de": "eine Spalte für die gespielte Karte wählen",
               "name_en": "choose a column for the card just played"},
    "sunset_lose": {"name_de": "ein Stammesmitglied abgeben (8 Hunger)", "name_en": "give up a member (8 hunger)"},
    "sunset_keep": {"name_de": "einen Gegenstand behalten", "name_en": "keep one item"},
    "sunset_take": {"name_de": "Charaktere aus der Auslage nehmen", "name_en": "take characters from the display"},
}

# The setup's fields in players' words, for a bad setup.
SETUP_FIELDS = {
    "items": {"name_de": "Gegenstände", "name_en": "items"},
    "wild": {"name_de": "Wildnis", "name_en": "wilderness"},
    "hunt": {"name_de": "Jagdgebiete", "name_en": "hunting grounds"},
    "display": {"name_de": "Auslage", "name_en": "display"},
}


def _names(entry, key) -> dict:
    """Params naming a card in both languages: {key}_de and {key}_en (messages.json)."""
    return {f"{key}_de": entry["name_de"], f"{key}_en": entry["name_en"]}


def _covers(pool: list, cost: list) -> bool:
    rest = list(pool)
    for r in cost:
        if r not in rest:
            return False
        rest.remove(r)
    return True


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


class SpaeherState(State):
    """`item_deck`, `wild_deck` and `hunt_deck` are the unseen pools, kept sorted: no order of
    a face-down stack exists until a card is drawn (a chance step, see `chance`). `special_pool`
    and `site_pool` hold the special characters and sacred sites not (yet) laid out at set-up.
    `script` holds fixed draw orders from options.setup ({"items"|"wild"|"hunt": ids, drawn
    from the end}), else None."""
    __slots__ = ("mode", "rng", "vp", "hunger", "tribe", "camp", "supply", "hand", "items", "created",
                 "item_deck", "wild_deck", "hunt_deck", "locations", "sites", "display", "first",
                 "current", "phase", "steps", "playing", "revealed", "pool", "taken", "take_range",
                 "final", "over", "turns", "sunsets", "discarded", "hunt_over", "fresh", "calm", "last_vp",
                 "end", "dropped", "earned", "special_pool", "site_pool", "script", "due")

    def clone(self) -> "SpaeherState":
        s = SpaeherState.__new__(SpaeherState)
        s.mode, s.rng = self.mode, None if self.rng is None else self.rng.clone()
        s.due = list(self.due)
        s.special_pool, s.site_pool = list(self.special_pool), list(self.site_pool)
        s.script = None if self.script is None else {k: list(v) for k, v in self.script.items()}
        s.vp, s.hunger = list(self.vp), list(self.hunger)
        s.tribe, s.camp, s.supply = list(self.tribe), list(self.camp), list(self.supply)
        s.hand = [list(h) for h in self.hand]
        s.items = [list(i) for i in self.items]
        s.created = [list(c) for c in self.created]
        s.item_deck, s.wild_deck, s.hunt_deck = list(self.item_deck), list(self.wild_deck), list(self.hunt_deck)
        s.locations = [{"id": l["id"], "covered": list(l["covered"]), "members": list(l["members"])} for l in self.locations]
        s.sites = [{"id": x["id"], "side": x["side"], "members": list(x["members"])} for x in self.sites]
        s.display = [list(c) for c in self.display]
        s.first, s.current, s.phase = self.first, self.current, self.phase
        s.steps = [dict(x) for x in self.steps]
        s.playing, s.revealed = self.playing, self.revealed
        s.pool = list(self.pool)
        s.taken, s.take_range = self.taken, list(self.take_range)
        s.final, s.over, s.turns = self.final, self.over, self.turns
        s.sunsets, s.discarded = list(self.sunsets), list(self.discarded)
        s.dropped = [list(x) for x in self.dropped]
        s.hunt_over = None if self.hunt_over is None else list(self.hunt_over)
        s.fresh, s.calm, s.last_vp, s.end = list(self.fresh), list(self.calm), list(self.last_vp), self.end
        s.earned = [dict(e) for e in self.earned]
        return s

    # ---- contract ----------------------------------------------------------------------

    def scores(self) -> list[int]:
        return list(self.vp)

    def winners(self) -> list[int]:
        """More points wins. A tie at the goal goes to the second player (gap #56). A game that
        ends without the goal (hunt over, stalled, turn limit) and is tied goes to the tribe
        that would score more at a sunset now (members - hunger - cards in hand; ours), and
        only then to the second player. So there is always exactly one winner."""
        if not self.over:
            return []
        if self.vp[0] != self.vp[1]:
            return [0 if self.vp[0] > self.vp[1] else 1]
        if self.end != "goal":
            balance = [self.sunset_preview(p)["delta"] for p in range(2)]
            if balance[0] != balance[1]:
                return [0 if balance[0] > balance[1] else 1]
        return [1 - self.first]

    def winner(self):
        """The one winner (the view's and the end event's field), None before the end."""
        w = self.winners()
        return w[0] if w else None

    # ---- helpers -----------------------------------------------------------------------

    def location(self, loc_id):
        """The open location card with this id ({"id", "covered", "members"}), or None."""
        for l in self.locations:  # a plain loop: the planner asks this in every rollout step
            if l["id"] == loc_id:
                return l
        return None

    def site(self, site_id):
        """The sacred site with this id ({"id", "side", "members"}), or None."""
        for x in self.sites:
            if x["id"] == site_id:
                return x
        return None

    def members_in_play(self, p) -> int:
        """On the tribe card, on locations and on sacred sites (gap #41)."""
        return (self.tribe[p] + sum(l["members"].count(p) for l in self.locations)
                + sum(x["members"][p] for x in self.sites))

    def sunset_preview(self, p) -> dict:
        members = self.members_in_play(p)
        penalty = len(self.hand[p])
        delta = members - self.hunger[p] - penalty
        return {"members": members, "hunger": self.hunger[p], "hand_penalty": penalty,
                "delta": delta, "vp_after": max(0, self.vp[p] + delta)}

    def _site_effect(self, site, p, trigger, events):
        """A sacred site's function at its trigger, for a player with a member there (gap #52)."""
        face = SITES[site["id"]]["sides"][site["side"]]
        if face["trigger"] != trigger or site["members"][p] == 0 or site["members"][p] < site["members"][1 - p]:
            return
        events.append({"type": "site", "player": p, "site": site["id"], "name": face["name_de"]})
        effect = face["effect"]
        if trigger == "sunset":  # only points or cures: applied at once
            if effect["op"] == "vp":
                self.vp[p] += effect["n"]
                self.earned[p]["sites"] += effect["n"]
            else:
                self.hunger[p] = max(0, self.hunger[p] - effect["n"])
        else:
            self._queue([dict(effect)], front=True)

    # ---- legal actions -----------------------------------------------------------------

    def legal_actions(self) -> list[dict]:
        if self.over or self.due:
            return []
        p = self.current
        ph = self.phase
        if ph == "turn":
            result = [{"type": "play", "card": c} for c in sorted(set(self.hand[p]))]
            result += self._recall_actions(p)
            result.append({"type": "sunset"})
            return result
        if ph == "recall":
            result = self._recall_actions(p)
            if "meat" in self.pool and self.hunger[p] > 0:
                result.append({"type": "cure"})
            if self.pool.count("skin") >= 2 and self.supply[p] > 0:
                result.append({"type": "grow"})
            for item in sorted(set(self.items[p])):
                if item != HIDDEN and _covers(self.pool, ITEMS[item]["cost"]):
                    result.append({"type": "create", "item": item})
            result.append({"type": "finish"})
            return result
        if ph == "steps":
            step = self.steps[0]
            if step["op"] == "reveal":
                return [{"type": "reveal", "deck": d} for d in ("hunt", "wild")
                        if (self.hunt_deck if d == "hunt" else self.wild_deck)]
            if step["op"] == "place":
                return [{"type": "place", "where": w} for w in self._place_targets(p, self._where(step))] + [{"type": "stop"}]
            if step["op"] == "take_character":
                return [{"type": "take", "column": c} for c in range(3) if self.display[c]] + [{"type": "stop"}]
        if ph == "column":
            return [{"type": "column", "column": c} for c in self._shortest_columns()]
        if ph == "sunset_lose":
            result = [{"type": "lose_member", "where": "tribe"}] if self.tribe[p] else []
            result += [{"type": "lose_member", "where": l["id"]} for l in self.locations if p in l["members"]]
            result += [{"type": "lose_member", "where": x["id"]} for x in self.sites if x["members"][p]]
            return result
        if ph == "sunset_keep":
            return [{"type": "keep_item", "item": i} for i in sorted(set(self.items[p]))]
        if ph == "sunset_take":
            result = [{"type": "take", "column": c} for c in range(3) if self.display[c]]
            if self.taken >= self.take_range[0]:
                result.append({"type": "stop"})
            return result
        return []

    def _recall_actions(self, p):
        """Each member out there may come home, with one free resource of its card or, since
        taking one is optional ("kann"), with none. Members placed during this turn (by an
        item created in this recall) stay where they were placed."""
        result = []
        for l in self.locations:
            if l["members"].count(p) > self.fresh.count(l["id"]):
                free = sorted({r for r, c in zip(LOCS[l["id"]]["resources"], l["covered"]) if not c})
                for r in free:
                    result.append({"type": "recall", "where": l["id"], "resource": r})
                result.append({"type": "recall", "where": l["id"], "resource": None})
        for x in self.sites:
            if x["members"][p] > self.fresh.count(x["id"]):
                result.append({"type": "recall", "where": x["id"], "resource": None})  # gap #29
        return result

    def _where(self, step):
        """Where a place step may send members. "revealed" means the card this character just
        revealed; when its deck was empty (gap #23: the reveal fizzles), ours: any open card
        of that deck's kind (step "else"), so late in the game the card is not dead."""
        if step["where"] == "revealed" and self.revealed is None:
            return step.get("else", "any")
        return step["where"]

    def _place_targets(self, p, where):
        if self.tribe[p] == 0:  # gap #18: only members standing on the tribe card
            return []
        targets = []
        for l in self.locations:
            kind = LOCS[l["id"]]["kind"]
            if where == "revealed" and l["id"] != self.revealed:
                continue
            if where in ("wild", "hunt") and kind != where:
                continue
            if len(l["members"]) < CAPACITY and not all(l["covered"]):  # gap #19, #20
                targets.append(l["id"])
        if where == "any":
            targets += [x["id"] for x in self.sites]
        return targets

    def _shortest_columns(self):
        low = min(len(c) for c in self.display)
        return [c for c in range(3) if len(self.display[c]) == low]

    # ---- applying ------------------------------------------------------------------------

    def do_apply(self, action: dict) -> list[dict]:
        """One legal action. A draw on the way pauses the action (a slot in `due`);
        `do_chance` carries it on from there."""
        p = self.current
        t = action["type"]
        events = []
        if t == "play":
            self.hand[p].remove(action["card"])
            self.playing = action["card"]
            self.revealed = None
            events.append({"type": "play", "player": p, "card": action["card"]})
            self.phase = "steps"
            self._queue([dict(s) for s in CHARS[action["card"]]["steps"]])
            self._run_steps(events)
        elif t == "recall":
            self._recall(p, action["where"], action["resource"], events)
            self.phase = "recall"
        elif t == "cure":
            self.pool.remove("meat")
            self.hunger[p] -= 1
            events.append({"type": "cure", "player": p})
        elif t == "grow":
            self.pool.remove("skin")
            self.pool.remove("skin")
            self.supply[p] -= 1
            self.camp[p] += 1
            events.append({"type": "grow", "player": p})
        elif t == "create":
            self._create(p, action["item"], events)
        elif t == "finish":
            if self.pool:
                events.append({"type": "lost", "player": p, "resources": list(self.pool)})
            self.pool = []
            self._end_turn(events)
        elif t == "sunset":
            self._sunset(p, events)
        elif t in ("reveal", "place", "take", "stop") and self.phase == "steps":
            self._step_action(p, action, events)
        elif t == "column":
            self.display[action["column"]].append(self.playing)
            self.playing = None
            self._end_turn(events)
        elif t == "lose_member":
            self._lose_member(p, action["where"], events)
            self._continue_sunset(p, events)
        elif t == "keep_item":
            kept = action["item"]
            dropped = list(self.items[p])
            dropped.remove(kept)
            self.discarded += dropped
            self.dropped[p] += dropped  # face down: only p knows which
            self.items[p] = [kept]
            events.append({"type": "keep_item", "player": p, "dropped": len(dropped)})
            self._begin_take(p, events)
        elif t in ("take", "stop") and self.phase == "sunset_take":
            if t == "take":
                card = self.display[action["column"]].pop()
                self.hand[p].append(card)
                self.hand[p].sort()
                self.taken += 1
                events.append({"type": "take", "player": p, "card": card})
            if t == "stop" or self.taken >= self.take_range[1] or not any(self.display):
                self._end_turn(events)
        self._after_action(events)
        return events

    def _after_action(self, events):
        """The end of an action, once no draw is due: the sites' majorities (not while members
        of one place step are still arriving)."""
        if not self.due and not self._placing():
            self._drive_off_minorities(events)

    def _placing(self) -> bool:
        """In the middle of a character's or item's place step: its members arrive together."""
        return not self.over and self.phase == "steps" and self.steps[0]["op"] == "place"

    def _drive_off_minorities(self, events):
        """Sacred sites: as soon as one side has more members on a site than the other, the
        other side's members go home to their tribe card ("sobald", gap #51). Checked after
        every action (recalls and losses included); the members of one place step count as
        arriving together. On a tie both stay."""
        for site in self.sites:
            m = site["members"]
            if m[0] and m[1] and m[0] != m[1]:
                o = 0 if m[0] < m[1] else 1
                self.tribe[o] += m[o]
                events.append({"type": "driven_off", "player": o, "site": site["id"], "n": m[o]})
                m[o] = 0

    def why_not(self, action):
        """Raise the player's reason why `action` is not legal now (with its reason key)."""
        t = action.get("type")
        turn = self.phase == "turn"
        card = action.get("card")
        if t == "play" and turn and isinstance(card, str) and card in CHARS:
            raise IllegalAction("that character is not in your hand", reason="spaeher.not_in_hand",
                                params=_names(CHARS[card], "card"))
        if t == "place" and self.phase == "steps":
            raise IllegalAction("no room there: at most 3 members on a location, and it needs a free resource",
                                reason="spaeher.no_room", params={"most": CAPACITY})
        if t == "recall" and self.phase in ("turn", "recall"):
            raise IllegalAction("no member of yours there can come home now (or that resource is covered)",
                                reason="spaeher.cannot_recall")
        if t in ("cure", "grow", "create") and self.phase != "recall":
            raise IllegalAction("resources are used during a recall", reason="spaeher.resources_in_recall")
        item = action.get("item")
        if t == "create" and isinstance(item, str) and item in ITEMS:
            raise IllegalAction("the resources brought back must pay the item's cost exactly",
                                reason="spaeher.item_cost", params=_names(ITEMS[item], "item"))
        if t == "cure":
            raise IllegalAction("no meat brought back, or no hunger to cure", reason="spaeher.no_meat")
        if t == "grow":
            raise IllegalAction("two skins and a member in the supply are needed", reason="spaeher.no_skins")
        if t == "take" and self.phase in ("steps", "sunset_take"):
            raise IllegalAction("that column is empty", reason="spaeher.empty_column")
        raise IllegalAction(f"{t!r} is not possible now (step: {self.phase})", reason="spaeher.not_now",
                            params=_names(PHASES.get(self.phase, PHASES["turn"]), "step"))

    # ---- character steps -----------------------------------------------------------------

    def _queue(self, steps, front=False):
        self.steps = steps + self.steps if front else self.steps + steps

    def _run_steps(self, events):
        """Do the automatic steps; stop at the first that needs a choice."""
        p = self.current
        while self.steps:
            step = self.steps[0]
            op = step["op"]
            if op == "draw_items":
                if step["n"] > 0 and self.items_left():  # gap #24: an empty deck gives nothing
                    step["n"] -= 1
                    self.due.append(("item", p))
                    return  # drawn as a chance step; do_chance carries on
                self.steps.pop(0)
            elif op == "cure":
                cured = min(step["n"], self.hunger[p])
                self.hunger[p] -= cured
                events.append({"type": "cure", "player": p, "n": cured})
                self.steps.pop(0)
            elif op == "vp":  # only sacred sites give points as a step (cards.json)
                self.vp[p] += step["n"]
                self.earned[p]["sites"] += step["n"]
                events.append({"type": "vp", "player": p, "n": step["n"]})
                self.steps.pop(0)
            elif op == "offspring":  # gap #37 DEFAULT (a): from the cave camp to the tribe card
                n = min(step["n"], self.camp[p])
                self.camp[p] -= n
                self.tribe[p] += n
                born = min(step["n"] - n, self.supply[p]) if step.get("from_supply") else 0
                self.supply[p] -= born  # our reconstruction: an empty camp is filled from the supply
                self.tribe[p] += born
                events.append({"type": "offspring", "player": p, "n": n + born})
                self.steps.pop(0)
            elif op == "site_effect":
                self.steps.pop(0)
                self._drive_off_minorities(events)
                self._site_effect(self.site(step["site"]), p, "place", events)
            elif op == "reveal" and step["deck"] != "choice":
                self.steps.pop(0)
                if self._reveal(step["deck"]):
                    return
            elif op == "reveal" and not (self.wild_deck or self.hunt_deck):
                self.steps.pop(0)  # gap #23: the reveal fizzles
            elif op == "place" and (step["max"] <= 0 or not self._place_targets(p, self._where(step))):
                self.steps.pop(0)
            elif op == "take_character" and (step["n"] <= 0 or not any(self.display)):
                self.steps.pop(0)
            else:
                return  # a choice
        self._steps_done(events)

    def _steps_done(self, events):
        if self.playing is None:  # the steps came from an item created during a recall
            self.phase = "recall"
            return
        columns = self._shortest_columns()
        if len(columns) == 1:  # the column with the fewest cards (gap #17)
            self.display[columns[0]].append(self.playing)
            self.playing = None
            self._end_turn(events)
        else:
            self.phase = "column"

    def _step_action(self, p, action, events):
        step = self.steps[0]
        t = action["type"]
        if t == "stop":
            self.steps.pop(0)
        elif t == "reveal":
            self.steps.pop(0)
            if self._reveal(action["deck"]):
                return
        elif t == "place":
            self.tribe[p] -= 1
            step["max"] -= 1
            if step["max"] <= 0:
                self.steps.pop(0)
            loc = self.location(action["where"])
            events.append({"type": "place", "player": p, "where": action["where"]})
            self.fresh.append(action["where"])
            if loc is not None:
                loc["members"].append(p)
            else:
                self._place_on_site(p, self.site(action["where"]), events)
        elif t == "take":
            card = self.display[action["column"]].pop()
            self.hand[p].append(card)
            self.hand[p].sort()
            events.append({"type": "take", "player": p, "card": card})
            step["n"] -= 1
            if step["n"] <= 0:
                self.steps.pop(0)
        self._run_steps(events)

    def _reveal(self, deck) -> bool:
        """Queue the reveal of a location from `deck`; False if the deck is empty (gap #23)."""
        if not (self.hunt_deck if deck == "hunt" else self.wild_deck):
            return False
        self.due.append(("reveal", deck))
        return True

    # ---- chance: every card drawn is a step of its own ------------------------------------
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

    # ---- hidden items (a fair remote game: another seat's cards, docs/fair-play.md) -------

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

    def _place_on_site(self, p, site, events):
        """A member on a sacred site. A "place" site works once the place step is over and the
        majority settled (gap #51, #52): only for a member still standing there."""
        site["members"][p] += 1
        at = 1 if self.steps and self.steps[0]["op"] == "place" else 0
        self.steps.insert(at, {"op": "site_effect", "site": site["id"]})

    # ---- recall and resources ------------------------------------------------------------

    def _recall(self, p, where, resource, events):
        loc = self.location(where)
        if loc is None:  # a sacred site: no resource (gap #29)
            site = self.site(where)
            site["members"][p] -= 1
            self.tribe[p] += 1
            events.append({"type": "recall", "player": p, "where": where, "resource": None})
            return
        loc["members"].remove(p)
        self.tribe[p] += 1
        if resource is not None:
            for i, (r, c) in enumerate(zip(LOCS[where]["resources"], loc["covered"])):
                if r == resource and not c:
                    loc["covered"][i] = True  # a consumption stone covers it (gap #26)
                    break
            self.pool.append(resource)
        events.append({"type": "recall", "player": p, "where": where, "resource": resource})
        if all(loc["covered"]):  # the card leaves the game; members on it go home (gap #28)
            for q in loc["members"]:
                self.tribe[q] += 1
            self.locations.remove(loc)
            events.append({"type": "exhausted", "location": where})

    def _create(self, p, item, events):
        for r in ITEMS[item]["cost"]:
            self.pool.remove(r)
        self.items[p].remove(item)
        self.created[p].append(item)
        self.vp[p] += ITEMS[item]["vp"]  # on creation (gap #34)
        self.earned[p]["items"] += ITEMS[item]["vp"]
        events.append({"type": "create", "player": p, "item": item, "vp": ITEMS[item]["vp"]})
        effects = []
        for site in self.sites:
            face = SITES[site["id"]]["sides"][site["side"]]
            if face["trigger"] == "create" and site["members"][p]:
                effects.append(dict(face["effect"]))
        if ITEMS[item]["effect"]:
            effects.append(dict(ITEMS[item]["effect"]))
        if effects:
            self.phase = "steps"
            self._queue(effects)
            self._run_steps(events)

    # ---- sunset --------------------------------------------------------------------------

    def _sunset(self, p, events):
        pre = self.sunset_preview(p)
        change = pre["vp_after"] - self.vp[p]  # the delta, unless it would go below 0
        self.vp[p] = pre["vp_after"]  # never below 0 (gap #41)
        self.earned[p]["sunsets"] += change
        self.sunsets[p] += 1
        self.calm[p] += 1  # back to 0 at the end of the turn if anyone's points rose
        events.append({"type": "sunset", "player": p, **pre, "points": change})
        for site in self.sites:
            self._site_effect(site, p, "sunset", events)
        self.hunger[p] += pre["members"]  # feeding (gap #42)
        self._continue_sunset(p, events)

    def _continue_sunset(self, p, events):
        if self.hunger[p] >= HUNGER_CAP and self.members_in_play(p) > 0:  # gap #43
            self.phase = "sunset_lose"
            return
        if self.mode == "normal" and len(self.items[p]) > 1:  # keep one uncreated item
            self.phase = "sunset_keep"
            return
        self._begin_take(p, events)

    def _lose_member(self, p, where, events):
        if where == "tribe":
            self.tribe[p] -= 1
        elif self.location(where):
            self.location(where)["members"].remove(p)
        else:
            self.site(where)["members"][p] -= 1
        self.supply[p] += 1
        self.hunger[p] -= 3
        events.append({"type": "lose_member", "player": p, "where": where})

    def _begin_take(self, p, events):
        self.taken = 0
        self.take_range = list(SETUP[self.mode]["take_at_sunset"])
        if not any(self.display):  # gap #47
            self._end_turn(events)
        else:
            self.phase = "sunset_take"

    # ---- turn end and game end -----------------------------------------------------------

    def _end_turn(self, events):
        p = self.current
        self.turns += 1
        self.steps, self.pool, self.playing, self.revealed, self.fresh = [], [], None, None, []
        events.append({"type": "end_turn", "player": p})
        if any(v > w for v, w in zip(self.vp, self.last_vp)):
            self.calm = [0, 0]
        self.last_vp = list(self.vp)
        if self.final is not None and p == self.final:
            return self._game_over(events, "goal")
        if p != self.first and min(self.calm) >= STALL_SUNSETS:
            return self._game_over(events, "stalled")  # ours: nobody gained a point for that long
        if self.turns >= TURN_LIMIT and p != self.first:  # our last safety net
            return self._game_over(events, "turn_limit")
        if self.hunt_over is None and not self._meat_left():
            self.hunt_over = list(self.sunsets)
            events.append({"type": "hunt_over"})
        if self.hunt_over is not None and p != self.first and all(
                n > h for n, h in zip(self.sunsets, self.hunt_over)):
            return self._game_over(events, "hunt_over")  # each has had one more sunset since
        if self.final is None and max(self.vp) >= GOAL:
            if p == self.first:  # the second player gets one more full turn (gap #55)
                self.final = 1 - p
            else:
                return self._game_over(events, "goal")
        self.current = 1 - p
        self.phase = "turn"

    def _meat_left(self) -> bool:
        """Our rule for a hunt that is over (docs/spaeher.md): with no hunting ground left to
        reveal and no meat on the open cards, hunger can only grow and the game could stall,
        so it ends after the round in which both players have had one more sunset."""
        if any(LOCS[c]["kind"] == "hunt" for c in self.hunt_deck):  # a setup may stack any card
            return True
        return any(r == "meat" and not c for l in self.locations
                   for r, c in zip(LOCS[l["id"]]["resources"], l["covered"]))

    def _game_over(self, events, end):
        self.over = True
        self.phase = "over"
        self.end = end
        events.append({"type": "game_over", "scores": list(self.vp), "winner": self.winner(), "end": end})

    def end_figures(self) -> list[dict]:
        """Points by source as they were earned (start, sunsets, items, sacred sites: they add
        up to the score), the items made and the sunsets called."""
        return [{"points": {k: self.earned[p][k] for k in ("start", "sunsets", "items", "sites")},
                 "counts": {"items_made": len(self.created[p]), "sunsets_called": self.sunsets[p]}}
                for p in range(2)]

    # ---- views -------------------------------------------------------------------------------

    def view(self, player) -> dict:
        players = []
        for p in range(2):
            players.append({
                "vp": self.vp[p], "hunger": self.hunger[p], "tribe": self.tribe[p], "camp": self.camp[p],
                "supply": self.supply[p], "hand": list(self.hand[p]),  # characters are public (gap #58)
                "items": sorted(self.items[p]) if player == p else None, "item_count": len(self.items[p]),
                "created": list(self.created[p]), "sunsets": self.sunsets[p],
                "sunset_preview": self.sunset_preview(p),
            })
        return {
            "phase": self.phase, "mode": self.mode, "first": self.first, "final_turn": self.final,
            "players": players,
            "display": [list(c) for c in self.display],
            "locations": [{"id": l["id"], "kind": LOCS[l["id"]]["kind"], "resources": LOCS[l["id"]]["resources"],
                           "covered": list(l["covered"]), "members": list(l["members"])} for l in self.locations],
            "sites": [{"id": x["id"], "side": x["side"], "name": SITES[x["id"]]["sides"][x["side"]]["name_de"],
                       "trigger": SITES[x["id"]]["sides"][x["side"]]["trigger"],
                       "effect": SITES[x["id"]]["sides"][x["side"]]["effect"], "members": list(x["members"])}
                      for x in self.sites],
            "decks": {"items": self.items_left(), "wild": len(self.wild_deck), "hunt": len(self.hunt_deck)},
            "pool": list(self.pool), "step": dict(self.steps[0]) if self.steps else None,
            "playing": self.playing, "revealed": self.revealed,
            "taken": self.taken, "take_range": list(self.take_range),
            "turns": self.turns, "hunt_over": self.hunt_over is not None, "end": self.end,
            "calm": list(self.calm),
            "winner": self.winner() if self.over else None,
            # where the points came from: they add up to the total
            "breakdown": [{"total": self.vp[p], "created": list(self.created[p]), "sunsets": self.sunsets[p],
                           "points": dict(self.earned[p])} for p in range(2)] if self.over else None,
        }

    def redeal(self, player: int, rng: Rng) -> None:
        """Re-deal what `player` cannot see: the other player's uncreated items and the items
        the other player dropped face down at a sunset, from one pool with the item deck (the
        player knows its own items and drops, the created ones and how many each pile holds).
        The decks are unordered pools already: every future draw stays chance."""
        o = 1 - player
        unknown_drops = list(self.discarded)
        for item in self.dropped[player]:
            unknown_drops.remove(item)
        pool = sorted(x for x in self.items[o] + self.item_deck + unknown_drops if x != HIDDEN)
        rng.shuffle(pool)
        k, m = len(self.items[o]), len(unknown_drops)
        self.items[o], self.item_deck = pool[:k], pool[k + m:]
        self.dropped[o] = pool[k:k + m]
        self.item_deck.sort()
        self.discarded = sorted(self.dropped[player] + self.dropped[o])

    def to_json(self) -> dict:
        return {
            "mode": self.mode, "vp": list(self.vp), "hunger": list(self.hunger),
            "tribe": list(self.tribe), "camp": list(self.camp), "supply": list(self.supply),
            "hand": [list(h) for h in self.hand], "items": [list(i) for i in self.items],
            "created": [list(c) for c in self.created], "item_deck": list(self.item_deck),
            "wild_deck": list(self.wild_deck), "hunt_deck": list(self.hunt_deck),
            "locations": [{"id": l["id"], "covered": list(l["covered"]), "members": list(l["members"])} for l in self.locations],
            "sites": [{"id": x["id"], "side": x["side"], "members": list(x["members"])} for x in self.sites],
            "display": [list(c) for c in self.display], "first": self.first, "current": self.current,
            "phase": self.phase, "steps": [dict(x) for x in self.steps], "playing": self.playing,
            "revealed": self.revealed, "pool": list(self.pool), "taken": self.taken,
            "take_range": list(self.take_range), "final": self.final, "over": self.over, "turns": self.turns,
            "sunsets": list(self.sunsets), "discarded": list(self.discarded), "hunt_over": self.hunt_over,
            "fresh": list(self.fresh), "calm": list(self.calm), "last_vp": list(self.last_vp), "end": self.end,
            "dropped": [list(x) for x in self.dropped], "earned": [dict(e) for e in self.earned],
            "special_pool": list(self.special_pool), "site_pool": list(self.site_pool),
            "script": None if self.script is None else {k: list(v) for k, v in self.script.items()},
            **self.base_json(),
        }


def _earned_before(s, p) -> dict:
    """A snapshot from before the points were kept by source: the items' points are known, the
    start from the mode; the rest counts as sunsets (a sacred site's points among them)."""
    start, items = SETUP[s.mode]["start_vp"], sum(ITEMS[i]["vp"] for i in s.created[p])
    return {"start": start, "sunsets": s.vp[p] - start - items, "items": items, "sites": 0}


def _ids(value, table, what):
    if not isinstance(value, list) or not all(isinstance(v, str) and v in table for v in value):
        raise BadRequest(f"setup.{what}: a list of known ids", reason="spaeher.setup_ids",
                         params=_names(SETUP_FIELDS[what], "what"))
    return list(value)


class Spaeher(Game):
    id = "spaeher"
    data_files = ("cards.json",)  # the page draws the cards from it too
    titles = {"de": "Jäger und Späher", "en": "Hunters and Scouts"}
    min_players = 2
    max_players = 2
    information = PRIVATE_HANDS
    options = {
        "mode": {"default": "normal", "choices": ["intro", "normal"],
                 "label": {"de": "Variante", "en": "Variant"}},
        "setup": {"default": None},
    }

    def rules_example(self):
        """A sunset worked through: 3 members in play, 1 hunger, 1 card left in hand."""
        s = self.new_game(2, 1, {"mode": "intro"})
        p = s.current
        s.tribe[p], s.camp[p], s.hunger[p], s.hand[p] = 3, 0, 1, ["jaeger"]
        before = s.vp[p]
        events = s.apply({"type": "sunset"})
        sunset = next(e for e in events if e["type"] == "sunset")
        return s, {"seat": p, "sunset": sunset, "vp_before": before, "vp_after": s.vp[p], "hunger_after": s.hunger[p]}

    def _new(self, players: int, seed: int, options: dict) -> SpaeherState:
        """The table before any card is drawn: the pools sorted, every set-up draw queued in
        `due` (the display's special characters, the sacred sites, the items, the open
        Wildnis); options.setup fixes decks (a script, drawn from the end), display or sites."""
        s = SpaeherState.__new__(SpaeherState)
        s.mode = options["mode"]
        s.rng = Rng(seed)
        s.due = []
        setup = options["setup"] or {}
        if not isinstance(setup, dict) or set(setup) - {"items", "wild", "hunt", "display", "sites"}:
            raise BadRequest("setup may fix items, wild, hunt (decks, drawn from the end), display (3 columns) and sites",
                             reason="spaeher.setup_fields")
        cfg = SETUP[s.mode]
        script = {}
        for key, table in (("items", ITEMS), ("wild", LOCS), ("hunt", LOCS)):
            if key in setup:
                script[key] = _ids(setup[key], table, key)
        s.script = script or None
        s.item_deck = sorted(script.get("items", ITEMS))
        s.wild_deck = sorted(script["wild"] if "wild" in script else (k for k, v in LOCS.items() if v["kind"] == "wild"))
        s.hunt_deck = sorted(script["hunt"] if "hunt" in script else (k for k, v in LOCS.items() if v["kind"] == "hunt"))
        s.special_pool, s.site_pool = [], []
        if s.mode == "intro":  # Kundschafter under a Schamane in each column
            display = [["kundschafter", "schamane"], ["kundschafter", "schamane"], ["kundschafter", "schamane_besonders"]]
            hands = [list(START_HAND), list(START_HAND)]
        else:
            display = [[], [], []]
            hands = [sorted(START_HAND + ["schamane"]) for _ in range(2)]
        if "display" in setup:
            d = setup["display"]
            if not isinstance(d, list) or len(d) != 3:
                raise BadRequest("setup.display: 3 columns of character ids", reason="spaeher.setup_display")
            display = [_ids(col, CHARS, "display") for col in d]
        elif s.mode == "normal":  # two special characters in each column
            s.special_pool = sorted(c for c, v in CHARS.items() for _ in range(v["copies"]) if v["kind"] == "special")
            s.due += [("special", c) for c in range(3) for _ in range(2)]
        s.sites = []
        if "sites" in setup:
            if s.mode != "normal" or not isinstance(setup["sites"], list):
                raise BadRequest("setup.sites: [[site id, side 0 or 1], ...] in the normal game",
                                 reason="spaeher.setup_sites")
            for entry in setup["sites"]:
                if not (isinstance(entry, list) and len(entry) == 2 and entry[0] in SITES and entry[1] in (0, 1)):
                    raise BadRequest("setup.sites: [[site id, side 0 or 1], ...]", reason="spaeher.setup_sites")
                s.sites.append({"id": entry[0], "side": entry[1], "members": [0, 0]})
        elif s.mode == "normal":
            s.site_pool = sorted(SITES)
            s.due += [("site",)] * 3
        s.display = display
        s.hand = hands
        s.first = 0  # gap #13 DEFAULT: the seat order of the menu decides
        s.current = 0
        members = SETUP["members"]
        s.vp = [cfg["start_vp"]] * 2
        s.hunger = [SETUP["start_hunger"]] * 2
        s.tribe, s.camp, s.supply = [members["tribe"]] * 2, [members["camp"]] * 2, [members["supply"]] * 2
        s.items = [[], []]
        left = len(s.item_deck)  # a short scripted deck deals what it has, the first player first
        for p in range(2):
            n = min(cfg["items"][p], left)
            s.due += [("deal", p)] * n
            left -= n
        s.created = [[], []]
        s.locations = []
        s.due += [("open", "wild")] * min(SETUP["open_wilderness"], len(s.wild_deck))
        s.phase = "turn"
        s.steps, s.playing, s.revealed, s.pool = [], None, None, []
        s.taken, s.take_range = 0, list(cfg["take_at_sunset"])
        s.final, s.over, s.turns = None, False, 0
        s.sunsets, s.discarded = [0, 0], []
        s.dropped = [[], []]
        s.hunt_over = None
        s.fresh, s.calm, s.last_vp, s.end = [], [0, 0], list(s.vp), None
        s.earned = [{"start": cfg["start_vp"], "sunsets": 0, "items": 0, "sites": 0} for _ in range(2)]
        return s

    def from_json(self, d: dict) -> SpaeherState:
        s = SpaeherState.__new__(SpaeherState)
        s.mode = d["mode"]
        s.base_from_json(d)
        # saves from before chance steps: the decks become pools (their order is forgotten)
        s.special_pool, s.site_pool = list(d.get("special_pool", [])), list(d.get("site_pool", []))
        s.script = None if d.get("script") is None else {k: list(v) for k, v in d["script"].items()}
        s.vp, s.hunger = list(d["vp"]), list(d["hunger"])
        s.tribe, s.camp, s.supply = list(d["tribe"]), list(d["camp"]), list(d["supply"])
        s.hand = [list(h) for h in d["hand"]]
        s.items = [list(i) for i in d["items"]]
        s.created = [list(c) for c in d["created"]]
        s.item_deck, s.wild_deck, s.hunt_deck = sorted(d["item_deck"]), sorted(d["wild_deck"]), sorted(d["hunt_deck"])
        s.locations = [{"id": l["id"], "covered": list(l["covered"]), "members": list(l["members"])} for l in d["locations"]]
        s.sites = [{"id": x["id"], "side": x["side"], "members": list(x["members"])} for x in d["sites"]]
        s.display = [list(c) for c in d["display"]]
        s.first, s.current, s.phase = d["first"], d["current"], d["phase"]
        s.steps = [dict(x) for x in d["steps"]]
        s.playing, s.revealed, s.pool = d["playing"], d["revealed"], list(d["pool"])
        s.taken, s.take_range = d["taken"], list(d["take_range"])
        s.final, s.over, s.turns = d["final"], d["over"], d["turns"]
        s.sunsets, s.discarded = list(d["sunsets"]), list(d["discarded"])
        s.dropped = [list(x) for x in d.get("dropped", [[], []])]  # older saves: nobody remembers
        s.hunt_over = None if d.get("hunt_over") is None else list(d["hunt_over"])
        s.fresh = list(d.get("fresh", []))  # saves from before these fields
        s.calm, s.last_vp = list(d.get("calm", [0, 0])), list(d.get("last_vp", d["vp"]))
        s.end = d.get("end", "goal" if d["over"] else None)
        s.earned = [dict(e) for e in d["earned"]] if "earned" in d else [_earned_before(s, p) for p in range(2)]
        return s


GAME = Spaeher()

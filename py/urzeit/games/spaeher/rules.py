"""Jäger und Späher's state and its moves (its draws in draws.py, its scoring in scoring.py;
the Game in game.py). A turn is one of three actions: play a character (Charakterkarte
ausspielen), recall members (Stammesmitglieder zurücknehmen), or sunset (Sonnenuntergang
durchführen). Open questions are answered by the DEFAULTs of
shared/data/spaeher/rules_gaps.md (cited as "gap #n").
"""

from ...core.errors import IllegalAction
from ...core.game import HIDDEN, State
from ...core.rng import Rng
from .components import CAPACITY, CHARS, ITEMS, LOCS, SITES
from .draws import SpaeherDraws
from .scoring import SpaeherScoring


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


def card_params(entry, key) -> dict:
    """Params naming a card in both languages: {key}_de and {key}_en (messages.json)."""
    return {f"{key}_de": entry["name_de"], f"{key}_en": entry["name_en"]}


def _covers(pool: list, cost: list) -> bool:
    rest = list(pool)
    for r in cost:
        if r not in rest:
            return False
        rest.remove(r)
    return True



class SpaeherState(SpaeherDraws, SpaeherScoring, State):
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
                                params=card_params(CHARS[card], "card"))
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
                                reason="spaeher.item_cost", params=card_params(ITEMS[item], "item"))
        if t == "cure":
            raise IllegalAction("no meat brought back, or no hunger to cure", reason="spaeher.no_meat")
        if t == "grow":
            raise IllegalAction("two skins and a member in the supply are needed", reason="spaeher.no_skins")
        if t == "take" and self.phase in ("steps", "sunset_take"):
            raise IllegalAction("that column is empty", reason="spaeher.empty_column")
        raise IllegalAction(f"{t!r} is not possible now (step: {self.phase})", reason="spaeher.not_now",
                            params=card_params(PHASES.get(self.phase, PHASES["turn"]), "step"))

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



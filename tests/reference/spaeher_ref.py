"""An independent reference for Jäger und Späher, from the rules text and our reconstruction.

Sources: shared/rules/jaeger-und-spaeher.txt (the summary, "S0"), shared/data/spaeher/rules_gaps.md
("gap #n", its DEFAULTs), docs/spaeher.md, and the data py/urzeit/games/spaeher/cards.json. No
engine code was read.

The reference keeps, per player, the points track, hunger tiles, members in the cave camp and in
the supply (so those on the tribe card or on location cards are 5 minus those), the character hand,
the count of uncreated items, the created items, the resources of a recall in progress and the
members on each sacred site; and the display columns. All of it is updated from the actions and the
card data. From the events it takes only what is random and hidden (which card a reveal turns up
is not needed; an item drawn is only counted).

Scores (S0 and gaps #41-#43, #34, #57): a sunset gives +1 per member on the tribe card or on
locations (sacred sites included), -1 per hunger tile, -1 per character card still in hand; the
track never goes below 0; then +1 hunger per such member; at 8 hunger a member is lost and 3 tiles
go. Creating an item gives its points at once. Sacred sites add what their data says at their
trigger when the player has a member there.
"""

import json
import pathlib
from collections import Counter

DATA = pathlib.Path(__file__).resolve().parents[2] / "py" / "urzeit" / "games" / "spaeher" / "cards.json"
_data = json.loads(DATA.read_text(encoding="utf-8"))
CHARACTERS = {c["id"]: c for c in _data["characters"]}
ITEMS = {c["id"]: c for c in _data["items"]}
SITES = {c["id"]: c for c in _data["sacred_sites"]}
SETUP = _data["setup"]
MEMBERS = sum(SETUP["members"].values())  # 5 per player
GOAL = SETUP["goal"]
HUNGER_CAP = SETUP["hunger_cap"]
STATS = Counter()  # how often rare rules came up in the games followed (for the bench)


def call(handle, request):
    return json.loads(handle(json.dumps(request)))


class Player:
    def __init__(self, vp, items, hand):
        self.vp = vp
        self.hunger = SETUP["start_hunger"]
        self.camp = SETUP["members"]["camp"]
        self.supply = SETUP["members"]["supply"]
        self.hand = list(hand)
        self.items = items
        self.created = []
        self.pool = Counter()  # resources brought back in the recall under way
        self.sunsets = 0

    def members_counted(self):
        """Members on the tribe card or on location cards (gap #36: not the cave camp)."""
        return MEMBERS - self.camp - self.supply


class SpaeherRef:
    def __init__(self, view, mode):
        self.mode = mode
        setup = SETUP[mode]
        self.first = view["first"]
        self.players = [Player(setup["start_vp"], setup["items"][0 if i == self.first else 1], vp["hand"])
                        for i, vp in enumerate(view["players"])]
        self.display = [list(col) for col in view["display"]]
        self.item_deck = view["decks"]["items"]
        # a sacred site in play: its face from the data, by id and side
        self.sites = {s["id"]: SITES[s["id"]]["sides"][s["side"]] for s in view["sites"]}
        self.site_members = {s["id"]: [0, 0] for s in view["sites"]}
        self.arriving = []  # (seat, site) placed in the placing step under way
        self.owed = []  # (seat, site) whose "place" effect is due
        self.playing = None  # the character played this turn (goes to a column at the end)
        self.over = False
        self.notes = []
        self.turn_player = view["current_seat"]

    def note(self, text):
        self.notes.append(text)

    # -- effects shared by characters, items and sites
    def cure(self, p, n):
        p.hunger = max(0, p.hunger - n)

    def draw_items(self, p, n):
        got = min(n, self.item_deck)  # gap #24: an empty deck gives nothing
        self.item_deck -= got
        p.items += got

    def offspring(self, p, n):
        for _ in range(n):
            if p.camp > 0:  # gap #37 (a): cave camp -> tribe card
                p.camp -= 1
            elif p.supply > 0:  # ours: an empty camp is filled from the supply
                p.supply -= 1

    def effect(self, p, eff, why=""):
        op = eff["op"]
        STATS[f"{why} {op}".strip()] += 1
        if op == "cure":
            self.cure(p, eff["n"])
        elif op == "vp":
            p.vp += eff["n"]
        elif op == "draw_items":
            self.draw_items(p, eff["n"])
        elif op in ("place", "take_character"):
            pass  # the player's own later actions
        else:
            self.note(f"unknown effect {op}")

    def settle_sites(self):
        """S0 / gap #51: as soon as one side outnumbers the other on a site, the other goes home."""
        for where in sorted(self.site_members):
            mine = self.site_members[where]
            for side in (0, 1):
                if mine[side] and mine[1 - side] > mine[side]:
                    mine[side] = 0
                    STATS["driven off a sacred site"] += 1

    def settle_arrivals(self, site_events):
        """The placing is over: majorities first, then each member still standing on a "place"
        site is owed that site's effect (one after another, so it may come an action later)."""
        arriving, self.arriving = self.arriving, []
        self.settle_sites()
        for seat, where in arriving:
            if self.sites[where]["trigger"] == "place" and self.site_members[where][seat] > 0:
                self.owed.append((seat, where))

    def pay_owed(self, seat, events):
        for e in events:
            if e["type"] == "site" and (e["player"], e["site"]) in self.owed:
                self.owed.remove((e["player"], e["site"]))
                face = self.sites[e["site"]]
                self.effect(self.players[e["player"]], face["effect"], "site on place:")
        if self.owed and any(e["type"] == "end_turn" for e in events):
            for _, where in self.owed:
                self.note(f"placing on {where} ({self.sites[where]['name_en']}) fired no site event")
            self.owed = []

    def held_sites(self, seat, trigger):
        return [s for s, face in sorted(self.sites.items())
                if face["trigger"] == trigger and self.site_members[s][seat] > 0]

    # -- one action and its events
    def apply(self, seat, action, events, phase):
        p = self.players[seat]
        t = action["type"]
        site_events = [e["site"] for e in events if e["type"] == "site"]
        if t != "place" and self.arriving:
            self.settle_arrivals(site_events)
        if t == "play":
            card = action["card"]
            if card not in p.hand:
                self.note(f"played {card} not in hand {p.hand}")
            else:
                p.hand.remove(card)
            self.playing = card
            for step in CHARACTERS[card]["steps"]:
                if step["op"] == "cure":
                    self.cure(p, step["n"])
                elif step["op"] == "offspring":
                    self.offspring(p, step["n"])
                elif step["op"] == "draw_items":
                    self.draw_items(p, step["n"])
        elif t == "place":
            where = action["where"]
            if where in self.sites:
                self.site_members[where][seat] += 1
                # docs/spaeher.md: members sent by one card arrive together; majority and a
                # "place" site's effect are settled when the placing is over
                self.arriving.append((seat, where))
        elif t == "recall":
            where = action["where"]
            if where in self.sites:
                self.site_members[where][seat] -= 1
                if action.get("resource"):
                    self.note(f"a resource {action['resource']} from sacred site {where}")
            elif action.get("resource"):
                p.pool[action["resource"]] += 1
        elif t == "cure":  # a meat brought back removes a hunger tile (S0)
            if p.pool["meat"] <= 0:
                self.note("cure without meat")
            p.pool["meat"] -= 1
            self.cure(p, 1)
        elif t == "grow":  # two skins: a member from the supply to the cave camp (S0, gap #33)
            if p.pool["skin"] < 2:
                self.note("grow without 2 skins")
            p.pool["skin"] -= 2
            if p.supply > 0:
                p.supply -= 1
                p.camp += 1
        elif t == "create":
            item = ITEMS[action["item"]]
            need = Counter(item["cost"])
            if any(p.pool[k] < n for k, n in need.items()):  # gap #30: exactly the cost
                self.note(f"created {item['id']} costing {item['cost']} from {dict(p.pool)}")
            p.pool -= need
            p.items -= 1
            p.created.append(item["id"])
            p.vp += item["vp"]  # gap #34: points on creation
            if item["effect"]:
                self.effect(p, item["effect"], "item:")
            for s in self.held_sites(seat, "create"):
                self.effect(p, self.sites[s]["effect"], "site on create:")
        elif t == "finish":
            p.pool = Counter()  # unused resources are lost (gap #30)
        elif t == "sunset":
            self.sunset(seat, p, events)
        elif t == "lose_member":  # gap #43: to the supply, 3 tiles go
            STATS["member lost to hunger"] += 1
            p.supply += 1
            p.hunger -= 3
            where = action["where"]
            if where in self.sites:
                self.site_members[where][seat] -= 1
        elif t == "keep_item":  # normal game: all uncreated items but one go (S0)
            p.items = 1
        elif t == "take":
            col = self.display[action["column"]]
            if not col:
                self.note(f"took from empty column {action['column']}")
            else:
                p.hand.append(col.pop())
        elif t == "column":  # the played character goes on a column (S0), a tie: the player's choice
            sizes = [len(c) for c in self.display]
            if sizes[action["column"]] != min(sizes) or sizes.count(min(sizes)) < 2:
                self.note(f"column {action['column']} chosen with sizes {sizes}")
            self.display[action["column"]].append(self.playing)
            self.playing = None
        elif t in ("stop", "reveal"):
            pass
        else:
            self.note(f"unknown action {t}")
        if t == "place" and self.arriving and (site_events or any(e["type"] in ("driven_off", "end_turn") for e in events)):
            self.settle_arrivals(site_events)
        self.pay_owed(seat, events)
        if t in ("recall", "lose_member"):
            self.settle_sites()  # "sobald": a recall can leave one side outnumbered
        p.pool = +p.pool
        if self.playing is not None and any(e["type"] == "end_turn" for e in events):
            # S0: onto the column with the fewest cards; only a tie asks the player (a column action)
            sizes = [len(c) for c in self.display]
            fewest = [i for i, n in enumerate(sizes) if n == min(sizes)]
            if len(fewest) != 1:
                self.note(f"turn ended with {self.playing} unplaced and a tie between columns {fewest}")
            self.display[fewest[0]].append(self.playing)
            self.playing = None
        if any(e["type"] == "driven_off" for e in events):
            for e in events:
                if e["type"] == "driven_off" and self.site_members[e["site"]][e["player"]] != 0:
                    self.note(f"engine drove off {e}, reference still has {self.site_members[e['site']]}")

    def sunset(self, seat, p, events):
        members = p.members_counted()
        penalty = len(p.hand)
        delta = members - p.hunger - penalty
        ev = [e for e in events if e["type"] == "sunset"]
        if ev and (ev[0]["members"], ev[0]["hunger"], ev[0]["hand_penalty"]) != (members, p.hunger, penalty):
            self.note(f"sunset event {ev[0]} reference members {members} hunger {p.hunger} hand {penalty}")
        if p.vp + delta < 0:
            STATS["sunset floored at 0"] += 1
        p.vp = max(0, p.vp + delta)  # never below 0 (S0)
        for s in self.held_sites(seat, "sunset"):
            self.effect(p, self.sites[s]["effect"], "site on sunset:")
        p.hunger += members  # feeding (gap #42)
        p.sunsets += 1

    def scores(self):
        return [p.vp for p in self.players]

    def winner(self):
        a, b = self.scores()
        second = 1 - self.first
        # S0: further past the goal wins, a tie goes to the second player
        if a != b:
            return 0 if a > b else 1
        if a < GOAL:
            # docs/spaeher.md, ties without the goal (ours): the better sunset balance now wins
            balance = [q.members_counted() - q.hunger - len(q.hand) for q in self.players]
            if balance[0] != balance[1]:
                return 0 if balance[0] > balance[1] else 1
        return second

    def compare(self, view, turn_over=True):
        """Differences from a spectator view. The automatic steps of a character (cure, offspring,
        draw items) are applied when it is played, the engine runs them in printed order between
        the player's choices; they commute, so hunger, members and items are compared only once
        the turn is over (`turn_over`). Points are compared after every action."""
        out = []
        if view["scores"] != self.scores():
            out.append(f"scores engine {view['scores']} reference {self.scores()}")
        for i, (vp, p) in enumerate(zip(view["players"], self.players)):
            mine = {"vp": p.vp, "hunger": p.hunger, "camp": p.camp, "supply": p.supply,
                    "tribe+locations": p.members_counted(), "item_count": p.items,
                    "created": p.created}
            located = sum(len([m for m in loc["members"] if m == i]) for loc in view["locations"])
            located += sum(s["members"][i] for s in view["sites"])
            theirs = {"vp": vp["vp"], "hunger": vp["hunger"], "camp": vp["camp"], "supply": vp["supply"],
                      "tribe+locations": vp["tribe"] + located, "item_count": vp["item_count"],
                      "created": vp["created"]}
            for k in mine:
                if not turn_over and k not in ("vp", "created"):
                    continue
                if mine[k] != theirs[k]:
                    out.append(f"p{i} {k} engine {theirs[k]} reference {mine[k]}")
            if vp.get("hand") is not None and sorted(vp["hand"]) != sorted(p.hand):
                out.append(f"p{i} hand engine {sorted(vp['hand'])} reference {sorted(p.hand)}")
        if view["display"] != self.display:
            out.append(f"display engine {view['display']} reference {self.display}")
        if view["decks"]["items"] != self.item_deck:
            out.append(f"item deck engine {view['decks']['items']} reference {self.item_deck}")
        for s in view["sites"]:
            if s["members"] != self.site_members[s["id"]]:
                out.append(f"site {s['id']} members engine {s['members']} reference {self.site_members[s['id']]}")
            face = self.sites[s["id"]]
            if (s["trigger"], s["effect"]) != (face["trigger"], face["effect"]):
                out.append(f"site {s['id']} face engine {s['trigger']} {s['effect']} data {face}")
        if view["over"]:
            if view["winner"] != self.winner():
                out.append(f"winner engine {view['winner']} reference {self.winner()}")
            for i, (b, p) in enumerate(zip(view["breakdown"], self.players)):
                if (b["total"], b["created"], b["sunsets"]) != (p.vp, p.created, p.sunsets):
                    out.append(f"p{i} breakdown engine {b} reference total {p.vp} created {p.created} sunsets {p.sunsets}")
        return out

    def turn_ended(self, seat, view):
        """S0 / gap #55: the game ends after the second player's turn once someone has 24."""
        out = []
        reached = any(v >= GOAL for v in self.scores())
        second = 1 - self.first
        if reached and seat == second and not view["over"]:
            out.append(f"{self.scores()} reached {GOAL} and the second player's turn ended, engine goes on")
        if reached and seat == self.first and view["over"] and max(self.scores()) >= GOAL:
            out.append(f"engine ended after the start player's turn at {self.scores()}; the second player must get a turn")
        return out


def check_action(seat, action, view):
    """Rule checks of a recall or a placement against the public table before it (gaps #19, #20, #26)."""
    out = []
    where = action.get("where")
    locs = {loc["id"]: loc for loc in view["locations"]}
    if action["type"] == "recall" and where in locs:
        loc = locs[where]
        if seat not in loc["members"]:
            out.append(f"recall from {where} without a member there: {loc}")
        res = action.get("resource")
        free = [r for r, c in zip(loc["resources"], loc["covered"]) if not c]
        if res is not None and res not in free:
            out.append(f"recall takes {res} from {where}, uncovered there: {free}")
        # (a member may come back empty-handed when the others took the last spaces: gap #27)
    if action["type"] == "place" and where in locs:
        loc = locs[where]
        free = sum(1 for c in loc["covered"] if not c)
        if len(loc["members"]) >= SETUP["location_capacity"]:
            out.append(f"place on {where} already holding {loc['members']}")
        if free == 0:  # gap #20
            out.append(f"place on {where} with no open space")
    return out


def play_game(handle, seed, options, chooser):
    """Play one game through the api, comparing after every action. Returns (actions, problems)."""
    mode = options.get("mode", "normal")
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = call(handle, {"op": "new", "game": "spaeher", "seats": seats, "seed": seed, "options": options})
    match = r["result"]["match"]
    spect = call(handle, {"op": "view", "match": match, "seat": None})["result"]
    ref = SpaeherRef(spect, mode)
    problems = [f"setup: {x}" for x in ref.compare(spect)]
    actions = 0
    log = []
    view = spect  # the latest view; a seat's own view carries its hand and, if it moves, `legal`
    while not view["over"] and not problems:
        seat = view["current_seat"]
        if view["seat"] != seat:
            view = call(handle, {"op": "view", "match": match, "seat": seat})["result"]
        action = chooser(match, seat, view)
        problems += [f"before action {actions + 1} ({action}): {x}" for x in check_action(seat, action, view)]
        r = call(handle, {"op": "act", "match": match, "seat": seat, "state_id": view["state_id"], "action": action})
        if not r["ok"]:
            problems.append(f"action {actions} {action} refused: {r['error']}")
            break
        log.append(action)
        events = r["result"]["events"]
        ref.apply(seat, action, events, view["phase"])
        actions += 1
        view = r["result"]["view"]
        turn_over = view["over"] or any(e["type"] == "end_turn" for e in events)
        diff = ref.compare(view, turn_over) + ref.notes
        if any(e["type"] == "end_turn" for e in events):
            diff += ref.turn_ended(seat, view)
        ref.notes = []
        if diff:
            problems += [f"after action {actions} (seat {seat} {action}): {x}" for x in diff]
    if view["over"] and not problems:
        spect = call(handle, {"op": "view", "match": match, "seat": None})["result"]
        problems += [f"final spectator view: {x}" for x in ref.compare(spect)]
    if problems:
        problems.append(f"reproduce: seed {seed}, options {options}, actions {json.dumps(log)}")
    return actions, problems

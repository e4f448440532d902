"""What the bots know about Jäger und Späher.

The game is a day cycle: send members out (hunt for meat, gather for items), bring them
back, use what they bring at once, then call the sunset before hunger eats the points.
`plan` is a rule-based player of that cycle (the easy bot, and the rollout of the
searching bots); the medium and hard bots search with urzeit.ai's flat Monte Carlo, each
sample played to the end by `plan`. The expert's samples are shorter (a few turns by `plan`)
and end in a judgement learned from self-play (value.json, tools/train_spaeher_value.py):
less luck in each sample, so more of them in less time.
"""

import json
import math
import pathlib

from ...ai.policy import Policy as BasePolicy
from .components import CHARS, GOAL, ITEMS, LOCS, SITES

PLACING = {c for c, v in CHARS.items() if any(s["op"] == "place" for s in v["steps"])}


def _needs(state, p):
    """How much each resource is worth to p right now (what is already brought back counts)."""
    pool = state.pool if state.current == p else []
    hunger_left = state.hunger[p] - pool.count("meat")
    need = {"meat": 1.6 if hunger_left > 0 else 0.05,
            "skin": 0.9 if state.supply[p] > 0 else 0.05}
    if pool.count("skin") % 2 == 1 and state.supply[p] > 0:
        need["skin"] = 1.3  # completes a pair
    for r in ("stone", "wood", "clay", "fruit"):
        need[r] = 0.0
    # item resources: first what the best item within reach still lacks
    target = _target_item(state, p, pool)
    for item in state.items[p]:
        cost = _lacking(item, pool)
        share = ITEMS[item]["vp"] / max(1, len(ITEMS[item]["cost"]))
        bonus = 1.5 if item == target else 0.2
        for r in set(cost):
            need[r] = max(need.get(r, 0.0), bonus + share * (1.0 if item == target else 0.3))
    return need


def _lacking(item, pool):
    cost = list(ITEMS[item]["cost"])
    for r in pool:
        if r in cost:
            cost.remove(r)
    return cost


def _reach(state, p):
    """Resources p's members out there could still bring back (one each)."""
    got = []
    for loc in state.locations:
        n = loc["members"].count(p)
        if n:
            free = [r for r, c in zip(LOCS[loc["id"]]["resources"], loc["covered"]) if not c]
            got.append((n, free))
    return got


def _target_item(state, p, pool):
    """The most valuable item that the members out there can still complete."""
    best, best_vp = None, 0
    reach = _reach(state, p)
    for item in sorted(set(state.items[p])):
        lack = _lacking(item, pool)
        if len(lack) > sum(n for n, _ in reach):
            continue
        ok = True
        for r in set(lack):
            if lack.count(r) > sum(min(n, free.count(r)) for n, free in reach):
                ok = False
        if ok and ITEMS[item]["vp"] > best_vp:
            best, best_vp = item, ITEMS[item]["vp"]
    return best


def _fits_item(state, p, free):
    """The best points per member of an item this location alone could pay."""
    best = 0.0
    for item in state.items[p]:
        cost = list(ITEMS[item]["cost"])
        rest = list(free)
        if all(r in rest and not rest.remove(r) for r in cost):
            best = max(best, ITEMS[item]["vp"] / len(cost))
    return best


def _loc_value(state, p, loc, need):
    free = [r for r, c in zip(LOCS[loc["id"]]["resources"], loc["covered"]) if not c]
    waiting = len(loc["members"])
    if waiting >= len(free):
        return 0.0
    values = sorted((need.get(r, 0.0) for r in free), reverse=True)
    return values[waiting] + _fits_item(state, p, free)


def _site_value(state, p, site):
    face = SITES[site["id"]]["sides"][site["side"]]
    o = 1 - p
    if site["members"][o] > site["members"][p] + 1:
        return 0.0  # one more member would be driven home at once
    if site["members"][o] == site["members"][p] + 1:
        return 0.3  # a tie: a second member of the same card would drive them off
    if site["members"][p] > 0:
        return 0.1  # one member is enough to use it
    return {"vp": 1.0, "cure": 0.9, "draw_items": 0.7, "take_character": 0.6}[face["effect"]["op"]]


def _target_value(state, p, where, need):
    loc = state.location(where)
    if loc is not None:
        return _loc_value(state, p, loc, need)
    return _site_value(state, p, state.site(where))


def _card_value(state, p, card, need):
    value = 0.0
    tribe = state.tribe[p]
    for step in CHARS[card]["steps"]:
        op = step["op"]
        if op == "place":
            value += 1.0 * min(step["max"], tribe)
            tribe -= min(step["max"], tribe)
        elif op == "offspring":
            pool = state.camp[p] + (state.supply[p] if step.get("from_supply") else 0)
            value += 1.5 * min(step["n"], pool)
        elif op == "cure":
            value += 1.4 * min(step["n"], state.hunger[p])
        elif op == "draw_items":
            value += 0.8 * step["n"] if len(state.items[p]) < 3 else 0.2
        elif op == "take_character":
            value += 0.6 * step["n"]
    return value


def plan(state, rng=None) -> dict:
    """The rule-based choice for the player to move (the easy bot and the rollouts)."""
    p = state.current
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    need = _needs(state, p)
    if ph == "turn":
        plays = [a for a in legal if a["type"] == "play"]
        recalls = [a for a in legal if a["type"] == "recall" and a["resource"] is not None]
        # Nachwuchs first: more members to send out
        best, best_v = None, 0.0
        for a in plays:
            v = _card_value(state, p, a["card"], need)
            if a["card"] in PLACING:
                v += 0.5 if state.tribe[p] else -1.0
            elif any(s["op"] == "cure" for s in CHARS[a["card"]]["steps"]) and recalls:
                v -= 1.0  # cure after the meat has come home
            if v > best_v + 1e-9:
                best, best_v = a, v
        recall_v = sum(max(need.get(a["resource"], 0), 0.2) for a in recalls)
        if recalls and (state.tribe[p] == 0 or recall_v > best_v + 0.5 or best is None):
            return max(recalls, key=lambda a: need.get(a["resource"], 0))
        if best is not None:
            return best
        if plays:  # an early sunset costs a point per card still in hand
            return plays[0]
        return {"type": "sunset"}
    if ph == "recall":
        for t in ("create", "grow", "cure"):
            options = [a for a in legal if a["type"] == t]
            if t == "create" and options:
                return max(options, key=lambda a: ITEMS[a["item"]]["vp"])
            if options:
                return options[0]
        recalls = [a for a in legal if a["type"] == "recall" and a["resource"] is not None]
        if recalls:
            return max(recalls, key=lambda a: need.get(a["resource"], 0))
        return {"type": "finish"}
    if ph == "steps":
        kind = legal[0]["type"]
        if kind == "reveal":
            decks = [a["deck"] for a in legal]
            want_meat = state.hunger[p] + state.members_in_play(p) >= 4 or need["meat"] > 1
            item_need = max(need[r] for r in ("stone", "wood", "clay", "fruit"))
            deck = "hunt" if (want_meat or item_need < 0.5) else "wild"
            return {"type": "reveal", "deck": deck if deck in decks else decks[0]}
        if kind in ("place", "stop") and any(a["type"] == "place" for a in legal):
            places = [a for a in legal if a["type"] == "place"]
            return max(places, key=lambda a: (_target_value(state, p, a["where"], need), a["where"]))
        takes = [a for a in legal if a["type"] == "take"]
        if takes:
            return max(takes, key=lambda a: _card_value(state, p, state.display[a["column"]][-1], need)
                       + (0.5 if state.display[a["column"]][-1] in PLACING else 0))
        return legal[-1]
    if ph == "column":
        return legal[0]
    if ph == "sunset_lose":
        tribe = [a for a in legal if a["where"] == "tribe"]
        return tribe[0] if tribe else legal[0]
    if ph == "sunset_keep":
        return max(legal, key=lambda a: ITEMS[a["item"]]["vp"] / len(ITEMS[a["item"]]["cost"]))
    if ph == "sunset_take":
        takes = [a for a in legal if a["type"] == "take"]
        if takes and state.taken < state.take_range[1]:
            return max(takes, key=lambda a: (state.display[a["column"]][-1] in PLACING,
                                             _card_value(state, p, state.display[a["column"]][-1], need)))
        return legal[-1]
    return legal[0] if rng is None else rng.choice(legal)


def rollout_value(state, seat, rng, epsilon=0.05, limit=1500, sunsets=None) -> float:
    """Play on with the planner for both seats (a little noise) and value the end for seat.
    With `sunsets` the rollout stops once each player has had that many more sunsets (a day
    cycle each) and the position is judged by `position_value`; without, it plays to the end."""
    stop = None if sunsets is None else [n + sunsets for n in state.sunsets]
    for _ in range(limit):
        if state.is_over or (stop is not None and state.sunsets[0] >= stop[0] and state.sunsets[1] >= stop[1]):
            break
        if rng.random() < epsilon:
            state.apply_legal(rng.choice(state.legal_actions()))
        else:
            state.apply_legal(plan(state, rng))
    return position_value(state, seat)


def outlook(state, p) -> float:
    """What p's position is worth in points beyond the points scored: the next sunset's count
    (members - hunger - cards in hand; never below 0 points) and a share of the items held."""
    delta = max(state.sunset_preview(p)["delta"], -state.vp[p])
    return 0.6 * delta + 0.25 * sum(ITEMS[i]["vp"] for i in state.items[p])


def position_value(state, seat) -> float:
    """Seat's chance in [0, 1]: a finished game counts mostly who won and partly by how much
    (close calls still teach something); an unfinished one by points and outlook."""
    o = 1 - seat
    if state.is_over:
        margin = state.vp[seat] - state.vp[o]
        won = 1.0 if state.winner() == seat else 0.0
        return 0.7 * won + 0.3 / (1.0 + math.exp(-margin / 4.0))
    margin = state.vp[seat] + outlook(state, seat) - state.vp[o] - outlook(state, o)
    return 1.0 / (1.0 + math.exp(-margin / 4.0))


# ---- the expert's learned judgement (tools/train_spaeher_value.py -> value.json) -------------

FEATURES = ("bias", "to_move", "vp", "vp_other", "goal_gap", "goal_gap_other", "balance",
            "balance_other", "members", "members_other", "hunger", "hunger_other", "hand",
            "hand_other", "camp_supply", "camp_supply_other", "items_vp", "items_vp_other",
            "meat_open", "progress")


def features(state, p) -> list:
    """The position from p's side as numbers (FEATURES' order): points, the distance to the
    goal, the next sunset's count, members, hunger, cards in hand, members still to come, the
    points of the items held, the meat still open on the table and how far the game is."""
    o = 1 - p
    row = [1.0, 1.0 if state.current == p else 0.0]
    for q in (p, o):
        row.append(state.vp[q])
    for q in (p, o):
        row.append(max(0, GOAL - state.vp[q]))
    for q in (p, o):
        row.append(state.sunset_preview(q)["delta"])
    for q in (p, o):
        row.append(state.members_in_play(q))
    for q in (p, o):
        row.append(state.hunger[q])
    for q in (p, o):
        row.append(len(state.hand[q]))
    for q in (p, o):
        row.append(state.camp[q] + state.supply[q])
    for q in (p, o):
        row.append(sum(ITEMS[i]["vp"] for i in state.items[q] if i in ITEMS))
    row.append(sum(1 for l in state.locations for r, c in zip(LOCS[l["id"]]["resources"], l["covered"])
                   if r == "meat" and not c))
    row.append(min(state.turns, 120) / 120)
    return row


_VALUE = None


def learned_value(state, seat) -> float:
    """Seat's winning chance by the learned weights (a finished game: as position_value)."""
    global _VALUE
    if state.is_over:
        return position_value(state, seat)
    if _VALUE is None:
        data = json.loads(pathlib.Path(__file__).with_name("value.json").read_text(encoding="utf-8"))
        if list(data["features"]) != list(FEATURES):
            raise ValueError("value.json was learned for other features: run tools/train_spaeher_value.py")
        _VALUE = data
    margin = sum(w * x for w, x in zip(_VALUE["weights"], features(state, seat)))
    return 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -margin / _VALUE["scale"]))))


def learned_rollout_value(state, seat, rng, epsilon=0.05) -> float:
    """Play EXPERT["turns"] turns on by the planner, then judge by learned_value."""
    stop = state.turns + EXPERT["turns"]
    while not state.is_over and not (state.turns >= stop and state.phase == "turn"):
        if rng.random() < epsilon:
            state.apply_legal(rng.choice(state.legal_actions()))
        else:
            state.apply_legal(plan(state, rng))
    return learned_value(state, seat)


def worth_searching(state) -> bool:
    """The choices that shape a day: which action, which deck, which character, which item.
    Where members go and which resource a recall brings follow from those, and the planner
    gets them right; searching them too would triple the thinking time for little."""
    if state.phase in ("turn", "sunset_keep", "sunset_lose"):
        return True
    return state.phase == "steps" and state.steps[0]["op"] in ("reveal", "take_character")


# Samples per searched decision. Levels measured (docs/bots.md, 20-game pilots): 8 samples beat
# the planner alone 80 %, 30 beat 8 by 80 %; stopping samples at the next sunset with
# position_value lost to whole-game samples (30 %), and searching every choice, not only the
# day-shaping ones, gained nothing (40 %) at four times the cost.
ITERATIONS = {"medium": 8, "hard": 30, "expert": 120}
# The expert's samples play EXPERT["turns"] turns on and judge the position by what self-play
# taught (value.json): shorter samples, so more of them, each with less luck in it.
EXPERT = {"turns": 8}
# How each level's samples end (None: the game's end; n: each player's n-th sunset from now,
# then judged by position_value; an experiment, off).
HORIZON = {"medium": None, "hard": None, "expert": None}
# The search time of a whole computer turn in the page (ai.TURN_BUDGET for the other games).
# A sample plays the rest of the game (50-100 ms in Pyodide early on), so the common budget cut
# most searches short; this game's turns leave room for more (bench/page_turns.py: p95 576 /
# 1352 ms at 0.35 / 1.4 s, goals 1 / 2 s).
TURN_BUDGET = {"medium": 0.6, "hard": 1.75, "expert": 2.4}


class Policy(BasePolicy):
    """What urzeit.ai asks of this game: the planner as the easy bot, flat Monte Carlo
    samples played on by the planner for the search (medium, hard), paired worlds (expert)."""
    turn_budget = TURN_BUDGET

    search = "flat"


    def easy(self, state, seat, legal, rng):
        return plan(state, rng)

    def worth_searching(self, state):
        # the expert's short samples are cheap and steady enough to search every choice
        # (where members go, what a recall brings); the others search the day-shaping ones
        return self.level == "expert" or worth_searching(state)

    def first_choice(self, state, rng=None):
        return plan(state, rng)

    def sample_value(self, state, seat, rng):
        if self.level == "expert":
            return learned_rollout_value(state, seat, rng)
        return rollout_value(state, seat, rng, sunsets=HORIZON.get(self.level))


# ---- why a move is good: the hint's reason (urzeit.ai.explain) ------------------------------

_DECK_GOODS = {"hunt": {"meat", "skin"}, "wild": {"stone", "wood", "clay", "fruit"}}


def _offered(steps):
    """The resources a character's place steps can reach (a hunting ground: meat and skins; the
    wilderness: stone, wood, clay, fruit; "any" or a deck of choice: all)."""
    goods, deck = set(), None
    for step in steps:
        if step["op"] == "reveal":
            deck = step["deck"]
        elif step["op"] == "place":
            where = deck if step["where"] == "revealed" else step["where"]
            goods |= _DECK_GOODS.get(where, _DECK_GOODS["hunt"] | _DECK_GOODS["wild"])
    return goods


def _does(card):
    """What a character does, in numbers: {"card", "send", "cure", "offspring", "items", "chars"}."""
    part = {"card": card}
    for step in CHARS[card]["steps"]:
        key = {"place": "send", "cure": "cure", "offspring": "offspring", "draw_items": "items",
               "take_character": "chars"}.get(step["op"])
        if key:
            part[key] = part.get(key, 0) + step.get("max", step.get("n", 0))
    return part


def _what_for(state, p, free):
    """Why p wants what a location offers: an item of p's that lacks one of those resources
    (the most points), else meat against hunger, else skins for a new member; {} if nothing."""
    pool = state.pool if state.current == p else []
    items = [i for i in sorted(set(state.items[p])) if i in ITEMS and set(_lacking(i, pool)) & set(free)]
    if items:
        item = max(items, key=lambda i: (ITEMS[i]["vp"], i))
        return {"item": item, "points": ITEMS[item]["vp"], "wanted": sorted(set(_lacking(item, pool)) & set(free))}
    hunger = state.hunger[p] - pool.count("meat")
    if "meat" in free and hunger > 0:
        return {"hunger": hunger}
    if "skin" in free and state.supply[p] > 0:
        return {"member": True}
    return {}


def _column_reason(state, p, column):
    """Why the played card goes on this column of the display: of the open cards, the one it
    covers helps the other tribe most; or it is the one of least use to p, and the best for p
    stays open. Only what both see counts (the other tribe's camp, hunger, number of items)."""
    tops = {i: col[-1] for i, col in enumerate(state.display) if col}
    covered = tops.get(column)
    if covered is None:
        return {"kind": "column", "covers": None}
    others = [c for i, c in sorted(tops.items()) if i != column]
    part = {"kind": "column", "covers": covered}
    if not others:
        return part
    o = 1 - p
    theirs = lambda c: _card_value(state, o, c, None)
    mine = lambda c: _card_value(state, p, c, None)
    if theirs(covered) > 0 and theirs(covered) >= max(map(theirs, others)) and theirs(covered) > mine(covered):
        part["why"] = "theirs"
    elif mine(covered) <= min(map(mine, others)):
        best = max(others, key=lambda c: (mine(c), c))
        if mine(best) > mine(covered):
            part.update(why="least", keeps=best)
    return part


def explain(state, seat, action):
    """What `action` brings `seat`, as {"parts": [{"kind", ...}]} for the words (hint_text):
    points, hunger, the sunset's sum. Read are the table and seat's own items only (the other
    tribe's items are re-dealt in the world the hint is given), and nothing is drawn."""
    s = state.clone()
    s.rng = None
    p = seat
    kind = action["type"]
    pre = s.sunset_preview(p)
    if kind == "create":
        return {"parts": [{"kind": "create", "item": action["item"], "points": ITEMS[action["item"]]["vp"]}]}
    if kind == "sunset":
        return {"parts": [{"kind": "sunset", "points": pre["vp_after"] - s.vp[p], "members": pre["members"],
                           "hunger": pre["hunger"], "hand": pre["hand_penalty"]}]}
    if kind == "recall":
        r = action["resource"]
        if r is None:
            return {"parts": [{"kind": "home"}]}
        pool = (s.pool if s.phase == "recall" else []) + [r]
        if r == "meat" and s.hunger[p] > pool.count("meat") - 1:
            return {"parts": [{"kind": "recall", "resource": r, "for": "hunger", "hunger": s.hunger[p]}]}
        if r == "skin" and s.supply[p] > 0:
            return {"parts": [{"kind": "recall", "resource": r, "for": "member", "skins": pool.count("skin")}]}
        useful = [i for i in sorted(set(s.items[p])) if i in ITEMS and r in _lacking(i, pool[:-1])]
        if useful:
            item = max(useful, key=lambda i: (ITEMS[i]["vp"], i))
            done = not _lacking(item, pool)
            return {"parts": [{"kind": "recall", "resource": r, "for": "item", "item": item,
                               "points": ITEMS[item]["vp"], "ready": done}]}
        # nothing lacking: the member comes home all the same, and what it takes is covered
        loc = s.location(action["where"])
        rival = bool(loc) and (1 - p) in loc["members"]
        return {"parts": [{"kind": "recall", "resource": r, "for": "deny" if rival else "home"}]}
    if kind == "cure":
        return {"parts": [{"kind": "cure", "hunger": s.hunger[p] - 1}]}
    if kind == "grow":
        return {"parts": [{"kind": "grow"}]}
    if kind == "play":
        part = {"kind": "play", **_does(action["card"])}
        if "chars" in part:  # what there is to take: the open card of most use now
            tops = sorted({col[-1] for col in s.display if col})
            if tops:
                part["best"] = max(tops, key=lambda c: (_card_value(s, p, c, None), c))
        if "cure" in part:
            part["cure"] = min(part["cure"], s.hunger[p])
        if "offspring" in part:  # new members come from the cave camp, then the supply
            part["offspring"] = min(part["offspring"], s.camp[p] + s.supply[p])
        if "send" in part:  # why now: who is at home to go, and what they could bring
            part["send"] = min(part["send"], s.tribe[p])
            pool = s.pool if s.current == p else []
            offered = _offered(CHARS[action["card"]]["steps"])
            wants = {r for i in set(s.items[p]) if i in ITEMS for r in _lacking(i, pool)}
            if s.supply[p] > 0:
                wants.add("skin")  # 2 skins make a new member
            part["wants"] = sorted(wants & offered - {"meat"})
            part["hunger"] = max(0, s.hunger[p] - pool.count("meat")) if "meat" in offered else 0
        return {"parts": [part]}
    if kind == "column":  # the played card covers the column's top until it is taken again
        return {"parts": [_column_reason(s, p, action["column"])]}
    if kind == "place":
        loc = s.location(action["where"])
        if loc is None:
            return {"parts": [{"kind": "site", "where": action["where"]}]}
        free = [r for r, c in zip(LOCS[loc["id"]]["resources"], loc["covered"]) if not c]
        return {"parts": [{"kind": "place", "where": loc["id"], "resources": free, **_what_for(s, p, free)}]}
    if kind == "take":
        card = s.display[action["column"]][-1]  # the label names it: say what it will do
        return {"parts": [{"kind": "take", **_does(card)}]}
    if kind == "reveal":  # what the deck's locations hold, and whether meat is wanted now
        return {"parts": [{"kind": "reveal", "deck": action["deck"], "hunger": s.hunger[p]}]}
    if kind == "stop":
        if s.phase == "sunset_take":  # each card kept costs a point at an early sunset
            return {"parts": [{"kind": "stop_take", "hand": len(s.hand[p])}]}
        return {"parts": [{"kind": "stop_place", "home": s.tribe[p]}]}
    if kind == "finish":
        return {"parts": [{"kind": "finish", "lost": len(s.pool)}]}
    if kind == "keep_item":
        return {"parts": [{"kind": "keep_item", "item": action["item"], "points": ITEMS[action["item"]]["vp"]}]}
    if kind == "lose_member":  # which member: one at home brings nothing back, one out there might
        where = action["where"]
        loc = s.location(where) if where != "tribe" else None
        part = {"kind": "lose", "from": "tribe" if where == "tribe" else ("location" if loc else "site"),
                "hunger": s.hunger[p] - 3}
        if loc is not None:
            part["resources"] = [r for r, c in zip(LOCS[loc["id"]]["resources"], loc["covered"]) if not c]
            part["taken"] = any(loc["covered"])
        else:
            part["out"] = sum(l["members"].count(p) for l in s.locations)
        return {"parts": [part]}
    return None

"""Jäger und Späher in words, once, in German and English: the log lines of a move, the labels
of legal actions, the prompt, the sunset preview and the end table's words (the page only draws
them), and `describe` for `urzeit replay`, built from the same parts as the log. The words
themselves are phrases.py's, one table per language.

Everything is worded from the api's JSON (an action, a view, events) and cards.json beside this
module. A log line is worded for the seat whose view it gets: the other seat's face-down items
are never named (only a count).
"""

import json
import pathlib

from ...core.words import phrases, seat_name
from .phrases import PHRASES

RESOURCES = ("meat", "skin", "stone", "wood", "clay", "fruit")  # the order cards list them in
NOUNS = {lang: table["nouns"] for lang, table in PHRASES.items()}  # each noun's (singular, plural)


def _w(lang) -> dict:
    return phrases(PHRASES, lang)


def _lang(lang) -> str:
    return lang if lang in PHRASES else "en"


# ---- nouns and their forms ------------------------------------------------------------------

def noun(n, key, lang):
    """The noun for n things: singular for exactly 1 (and for mass nouns the same word)."""
    one, many = _w(lang)["nouns"][key]
    return one if n == 1 else many


def count(n, key, lang, article=False):
    """"2 Felle", "1 Fell"; with article: "ein Mitglied", "einen Gegenstand", "an item"."""
    one = _w(lang)["one"]
    if article and n == 1 and key in one:
        return f"{one[key]} {noun(1, key, lang)}"
    return f"{n} {noun(n, key, lang)}"


def signed(n, lang):
    """"+2 Punkte", "−1 Punkt", "+0 Punkte"."""
    return f"{'+' if n >= 0 else '−'}{count(abs(n), 'point', lang)}"


# ---- the card data ----------------------------------------------------------------------------

_DATA = None


def _data():
    global _DATA
    if _DATA is None:
        d = json.loads(pathlib.Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))
        _DATA = {"chars": {c["id"]: c for c in d["characters"]}, "items": {c["id"]: c for c in d["items"]},
                 "locs": {c["id"]: c for c in d["locations"]}, "sites": {c["id"]: c for c in d["sacred_sites"]}}
    return _DATA


def quote(text, lang):
    return _w(lang)["quote"].format(text=text)


def card(kind, card_id, lang):
    """A character or item by its printed name: „Jäger“, the Hunter (English with "the")."""
    entry = _data()[kind].get(card_id)
    return _w(lang)["card"].format(name=entry[f"name_{lang}"] if entry else "?")


def card_bare(kind, card_id, lang):
    """The name alone, quoted in German (a label's object: "„Jäger“ ausspielen", "Play the Hunter")."""
    entry = _data()[kind].get(card_id)
    return quote(entry[f"name_{lang}"], lang) if entry else "?"


def resource_list(resources, lang):
    """"2 Fleisch, Fell": each resource once, with its number and plural when there is more than
    one (without the number "Fleisch, Fell" and "Fleisch, Felle" read as one card misspelt)."""
    return ", ".join(count(n, r, lang) if n > 1 else noun(1, r, lang)
                     for r in RESOURCES if (n := resources.count(r)))


def loc_name(loc_id, lang, view=None):
    """"Jagdgebiet (Fleisch, Felle)"; two open cards alike are numbered in table order."""
    kinds = _w(lang)["kinds"]
    loc = _data()["locs"].get(loc_id)
    if loc is None:
        return kinds["wild"]
    res = resource_list(loc["resources"], lang)
    same = [l["id"] for l in (view or {}).get("locations", [])
            if l["kind"] == loc["kind"] and resource_list(l["resources"], lang) == res]
    number = f" {same.index(loc_id) + 1}" if len(same) > 1 and loc_id in same else ""
    return f"{kinds[loc['kind']]}{number} ({res})"


def site_name(site_id, lang, view=None, name_de=None):
    """A sacred site by the name of the side that lies up (from the view, or an event's name)."""
    site = _data()["sites"].get(site_id)
    if site is None:
        return "?"
    side = next((s.get("side", 0) for s in (view or {}).get("sites", []) if s.get("id") == site_id), None)
    if side is None:
        side = next((i for i, f in enumerate(site["sides"]) if f["name_de"] == name_de), 0)
    return site["sides"][side][f"name_{lang}"]


def place(where, how, lang, view=None, numbered=True):
    """A place with its preposition and article: how is "to", "from", "def" or "indef". A log
    line does not number alike locations (the numbers change as the table does)."""
    w = _w(lang)
    if where == "tribe":
        return w["tribe_card"][how]
    if where in _data()["sites"]:
        return f"{w['sacred_site'][how]} {w['site_name'].format(name=site_name(where, lang, view))}"
    loc = _data()["locs"].get(where)
    kind = loc["kind"] if loc else "wild"
    return f"{w['art'][kind][how]} {loc_name(where, lang, view if numbered else None)}"


def cap(text):
    return text[:1].upper() + text[1:]


# ---- the parts of a move ----------------------------------------------------------------------

def _part(e, lang, names, view):
    """One event of a move as a clause without its subject ("spielt „Jäger“"), or None."""
    w = _w(lang)
    t = e.get("type")
    if t == "play":
        return w["play"].format(card=card("chars", e["card"], lang))
    if t == "reveal":
        return w["reveal"].format(place=place(e["location"], "indef", lang, None))
    if t == "place":
        return w["place"].format(place=place(e["where"], "to", lang, view, False))
    if t == "recall":
        where = place(e["where"], "from", lang, view, False)
        if e.get("resource"):
            return w["recall_with"].format(where=where, resource=count(1, e["resource"], lang))
        return w["recall"].format(where=where)
    if t == "create":
        return w["create"].format(item=card("items", e["item"], lang), points=signed(e["vp"], lang))
    if t == "sunset":
        hand = f" − {count(e['hand_penalty'], 'hand_card', lang)}" if e.get("hand_penalty") else ""
        points = e.get("points", e["delta"])
        sums = f"{count(e['members'], 'member', lang)} − {e['hunger']} {noun(e['hunger'], 'hunger', lang)}{hand}"
        return w["sunset"].format(sums=sums, points=signed(points, lang))
    if t == "cure":
        n = e.get("n", 1)
        if n == 0:
            return None
        return w["cure"].format(n=n)
    if t == "grow":
        return w["grow"]
    if t == "take":
        return w["take"].format(card=card("chars", e["card"], lang))
    if t == "lose_member":
        return w["lose_member"].format(where=place(e["where"], "from", lang, view, False))
    if t == "draw_item":
        return w["draw_item"].format(items=count(e.get("n", 1), "item", lang, article=True))
    if t == "offspring":
        if not e["n"]:
            return w["no_offspring"]
        return w["offspring"].format(members=count(e["n"], "new_member", lang))
    if t == "vp":
        return signed(e["n"], lang)
    if t == "site":
        return w["site"].format(name=site_name(e["site"], lang, None, e.get("name")))
    if t == "driven_off":
        who = names[e["player"]] if 0 <= e.get("player", -1) < len(names) else "?"
        site = place(e["site"], w["driven_off_place"], lang, view, False)
        n = e.get("n", 1)
        return w["driven_off"][n != 1].format(members=count(n, "member", lang), who=who, site=site)
    if t == "keep_item":
        return None  # worded from the action (the item is named only for its owner)
    if t == "lost":
        n = len(e["resources"])
        return w["lost"][n != 1].format(n=n)
    if t == "exhausted":
        return w["exhausted"].format(place=place(e["location"], "def", lang, None))
    if t == "hunt_over":
        return None  # a sentence of its own
    return None


def _action_part(action, before, events, lang):
    """A move that no event tells (a column, a stop, the kept item)."""
    w = _w(lang)
    kind = action.get("type")
    if kind == "column":
        playing = before.get("playing")
        name = card("chars", playing, lang) if playing else w["the_card"]
        return w["column"].format(card=name, column=action["column"] + 1)
    if kind == "stop":
        step = before.get("step") or {}
        return w["stop_place" if before.get("phase") == "steps" and step.get("op") == "place" else "stop_take"]
    if kind == "keep_item":
        e = next((x for x in events if x.get("type") == "keep_item"), {})
        mover = before.get("current_seat")
        players = before.get("players") or []
        mine = 0 <= (mover if isinstance(mover, int) else -1) < len(players) and players[mover].get("items") is not None
        dropped = count(e.get("dropped", 0), "item", lang)
        if mine:  # the owner reads which item; anyone else only that one was kept
            return w["keeps"].format(item=card("items", action["item"], lang), dropped=dropped)
        return w["keeps_one"].format(dropped=dropped)
    if kind == "finish" and not events_of(events, "lost"):
        return w["done"]
    return None


def events_of(events, kind):
    return [e for e in events if e.get("type") == kind]


def _names(view, lang):
    return [seat_name(view, p, lang) for p in range(len(view.get("seats") or []))]


def _clauses(before, action, events, lang):
    """The clauses of one move, in order ("spielt „Jäger“", "deckt … auf"); draws of one step
    become one clause ("zieht 2 Gegenstände")."""
    names = _names(before, lang)
    mover = before.get("current_seat")
    parts = []
    own = _action_part(action, before, events, lang)
    if own and action.get("type") in ("column", "stop"):
        parts.append(own)
    kind = action.get("type")
    if kind in ("play", "place", "recall", "create") and not events_of(events, kind):
        # no events given (a move read alone): the action tells itself
        item = _data()["items"].get(action.get("item"), {})
        events = [{**action, "player": mover, "vp": item.get("vp", 0)}] + list(events)
    draws = 0
    for e in events + [{"type": "end"}]:
        if e.get("type") == "draw_item":
            draws += 1
            continue
        if draws:
            parts.append(_part({"type": "draw_item", "n": draws}, lang, names, before))
            draws = 0
        if e.get("type") == "keep_item" and own:
            parts.append(own)
            continue
        text = _part(e, lang, names, before)
        if text is None:
            continue
        # another tribe's part carries its name (being driven off names it already)
        p = e.get("player")
        if isinstance(p, int) and p != mover and e.get("type") != "driven_off" and 0 <= p < len(names):
            text = f"{names[p]}: {text}"
        parts.append(text)
    if own and action.get("type") == "finish":
        parts.append(own)
    return parts


def _hunt_over(lang):
    return _w(lang)["hunt_over"]


def log(before_view, action, events, lang="en"):
    """The move as the seat of `before_view` may read it: one sentence in the line of its turn
    (the turn's first move names the player: "Ada: spielt „Jäger“, deckt … auf."), the end of
    the hunt in that line too, the end of the game a line of its own."""
    lang = _lang(lang)
    mover = before_view.get("current_seat")
    names = _names(before_view, lang)
    group = f"turn:{before_view.get('turns', 0)}"
    parts = _clauses(before_view, action, events, lang)
    lines = []
    if parts:
        text = ", ".join(parts) + "."
        if before_view.get("phase") == "turn" and isinstance(mover, int) and 0 <= mover < len(names):
            text = f"{names[mover]}: {text}"
        else:
            text = cap(text)
        lines.append({"text": text, "group": group})
    if events_of(events, "hunt_over"):
        lines.append({"text": _hunt_over(lang), "group": group})
    for e in events_of(events, "game_over"):
        scores = " : ".join(f"{names[i] if i < len(names) else '?'} {s}" for i, s in enumerate(e["scores"]))
        why = _w(lang)["end_why"].get(e.get("end"), "")
        lines.append({"text": _w(lang)["game_over"].format(why=why, scores=scores), "group": None})
    return lines


def describe(action, before_view, events, lang="en"):
    """One applied move in one line, for `urzeit replay`: the log's clauses without the name
    (the command line prints it)."""
    lang = _lang(lang)
    parts = _clauses(before_view or {}, action, events, lang)
    if events_of(events, "hunt_over"):
        parts.append(_w(lang)["hunt_is_over"])
    if not parts:
        return _w(lang)["moves"]
    return "; ".join(parts)


# ---- legal actions -----------------------------------------------------------------------------

def label(view, action, lang="en"):
    """A legal action as its button or list entry says it."""
    lang = _lang(lang)
    w = _w(lang)
    t = w["labels"]
    kind = action.get("type")
    players = view.get("players") or []
    seat = view.get("seat")
    me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
    if kind == "play":
        return t["play"].format(bare=card_bare("chars", action["card"], lang), card=card("chars", action["card"], lang))
    if kind == "recall":
        where = place(action["where"], "from", lang, view)
        if action.get("resource"):
            return t["recall_with"].format(where=where, resource=count(1, action["resource"], lang))
        plain = action["where"] in _data()["sites"]  # a site has no resource to leave
        return t["recall"].format(where=where) + ("" if plain else t["without_resource"])
    if kind == "place":
        return t["place"].format(place=place(action["where"], "to", lang, view))
    if kind == "reveal":
        indef = w["art"][action["deck"]]["indef"]
        return t["reveal"].format(indef=indef, Indef=cap(indef), kind=w["kinds"][action["deck"]])
    if kind in ("take", "column"):
        col = action["column"]
        display = view.get("display") or []
        cid = (display[col][-1] if col < len(display) and display[col] else None) if kind == "take" else view.get("playing")
        return t[kind].format(bare=card_bare("chars", cid, lang), card=card("chars", cid, lang), column=col + 1)
    if kind == "sunset":
        if me:
            pre = me["sunset_preview"]
            return t["sunset_points"].format(points=signed(pre["vp_after"] - me["vp"], lang))
        return t["sunset"]
    if kind in ("cure", "grow"):
        return t[kind]
    if kind == "create":
        item = _data()["items"].get(action["item"], {})
        return t["create"].format(bare=card_bare("items", action["item"], lang), card=card("items", action["item"], lang),
                                  points=signed(item.get("vp", 0), lang))
    if kind == "finish":
        n = len(view.get("pool") or [])
        if not n:
            return t["finish"]
        return t["finish_lost"][n != 1].format(resources=count(n, "resource", lang))
    if kind == "stop":
        step = view.get("step") or {}
        return t["stop_place" if view.get("phase") == "steps" and step.get("op") == "place" else "stop_take"]
    if kind == "keep_item":
        return t["keep_item"].format(bare=card_bare("items", action["item"], lang), card=card("items", action["item"], lang))
    if kind == "lose_member":
        return t["lose_member"].format(place=place(action["where"], "from", lang, view))
    return t["move"]


# ---- the view's further texts ------------------------------------------------------------------

def _prompt(view, lang):
    t = _w(lang)["prompts"]
    if view.get("over"):
        return ""
    if not view.get("legal"):
        return t["waiting"]
    ph = view.get("phase")
    playing = card_bare("chars", view["playing"], lang) if view.get("playing") else None
    if ph == "steps" and view.get("step"):
        op = view["step"]["op"]
        if op == "place":
            return t["place"].format(Who=cap(playing or t["the_item"]), n=view["step"].get("max", 1))
        if op == "reveal":
            return t["reveal"]
        return t["take"]
    if ph == "column":
        return t["column"].format(bare=playing, card=card("chars", view.get("playing"), lang))
    if ph == "sunset_take":
        lo, hi = view["take_range"]
        allowed = str(lo) if lo == hi else f"{lo}–{hi}"
        return t["sunset_take"].format(n=view["taken"], allowed=allowed)
    return t.get(ph, "") if ph in ("turn", "recall", "sunset_lose", "sunset_keep") else ""


def preview(pre, lang, vp=None):
    """The sunset preview, the sum and what it makes of the points you have (never below 0):
    "2 Mitglieder − 2 Hunger − 6 Handkarten = −6; nie unter 0: 3 → 0 Punkte"."""
    hand = f" − {count(pre['hand_penalty'], 'hand_card', lang)}" if pre.get("hand_penalty") else ""
    delta = f"{'+' if pre['delta'] >= 0 else '−'}{abs(pre['delta'])}"
    total = (f"{count(pre['members'], 'member', lang)} − {pre['hunger']} {noun(pre['hunger'], 'hunger', lang)}{hand}"
             f" = {delta}")
    if vp is None:
        return f"{total} → {count(pre['vp_after'], 'point', lang)}"
    floor = _w(lang)["never_below"] if vp + pre["delta"] < 0 else ""
    return f"{total}{floor}: {vp} → {count(pre['vp_after'], 'point', lang)}"


def _end(view, lang):
    """The end table's words: rows, cells (points and what was counted), who created what, why."""
    w = _w(lang)
    names = _names(view, lang)
    items = _data()["items"]
    players = []
    for i, b in enumerate(view.get("breakdown") or []):
        made = sum(items[x]["vp"] for x in b["created"] if x in items)
        points = b.get("points") or {"start": 0, "sunsets": b["total"] - made, "items": made, "sites": 0}
        n = b.get("sunsets", 0)
        sunsets = w["times"].get(n) or w["times_n"].format(n=n)
        k = len(b["created"])
        created = w["none_created"] if k == 0 else w["created_n"].format(n=k)
        cells = {key: count(v, "point", lang) if key == "start" or v == 0 else signed(v, lang) for key, v in points.items()}
        listed = ", ".join(f"{card_bare('items', x, lang)} ({signed(items[x]['vp'] if x in items else 0, lang)})"
                           for x in b["created"])
        who = names[i] if i < len(names) else "?"
        players.append({"cells": cells, "counts": {"sunsets": sunsets, "items": created},
                        "total": count(b["total"], "point", lang),
                        "created": w["created"].format(who=who, items=listed) if k else ""})
    why = [w["end_why"][view["end"]]] if view.get("end") in w["end_why"] else []
    scores = view.get("scores") or []
    if len(scores) == 2 and scores[0] == scores[1]:
        why.append(w["tie_goal" if view.get("end") == "goal" else "tie"])
    return {"rows": dict(w["end_rows"]), "total": w["total"], "winner": w["winner"], "players": players, "why": why}


def view_words(view, lang="en"):
    """The prompt and its notices, the sunset preview of the viewer's tribe, the stop button's
    word the prompt names, and at the end the end table's words."""
    lang = _lang(lang)
    w = _w(lang)
    words = {"prompt": _prompt(view, lang), "notices": [], "stop": w["stop"]}
    if not view.get("over"):
        if view.get("final_turn") is not None:
            words["notices"].append(w["final_turn"])
        if view.get("hunt_over"):
            words["notices"].append(_hunt_over(lang))
    players = view.get("players") or []
    seat = view.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(players):
        words["preview"] = preview(players[seat]["sunset_preview"], lang, players[seat].get("vp"))
    if view.get("over") and view.get("breakdown"):
        words["end"] = _end(view, lang)
    return words


def figure_words(lang="en"):
    return dict(_w(lang)["figures"])


# ---- a hint's reason (urzeit.ai.explain, the bot's explain) ---------------------------------

def _and(items, lang):
    """'A und B', 'A, B und C'."""
    word = f" {_w(lang)['and']} "
    return word.join(items) if len(items) <= 2 else ", ".join(items[:-1]) + word + items[-1]


def _does(part, lang):
    """What a character card does for you (a hint's "play" and "take" share these)."""
    h = _w(lang)["hint"]
    does = []
    if part.get("items"):
        does.append(h["draws"].format(items=count(part["items"], "item", lang)))
    if part.get("chars"):
        does.append(h["takes"].format(characters=count(part["chars"], "character", lang)))
    return does


def _hint_part(part, lang):
    h = _w(lang)["hint"]
    kind = part.get("kind")
    if kind == "create":
        return h["create"].format(points=signed(part["points"], lang))
    if kind == "sunset":
        hand = f" − {count(part['hand'], 'hand_card', lang)}" if part["hand"] else ""
        return (f"{signed(part['points'], lang)}: {count(part['members'], 'member', lang)} − "
                f"{part['hunger']} {noun(part['hunger'], 'hunger', lang)}{hand}")
    if kind == "recall":
        why = part.get("for")
        if why == "hunger":
            return h["hunger"].format(hunger=part["hunger"])
        if why == "member":
            return h["member"]
        if why == "item":
            return h["item_ready" if part.get("ready") else "item"].format(
                item=card("items", part["item"], lang), points=signed(part["points"], lang))
        if why == "deny":
            return h["deny"]
        return h["resource"]
    if kind in ("home", "grow"):
        return h[kind]
    if kind == "cure":
        return h["cure"].format(hunger=part["hunger"])
    if kind == "play":
        # why now, not what the card does: what the members can fetch, the points it saves
        does = []
        if part.get("send") == 0:  # no one at camp: played now, it costs no point at an early sunset
            does.append(h["no_one"])
        if part.get("send"):
            n = part["send"]
            wants = [noun(2, r, lang) for r in RESOURCES if r in (part.get("wants") or [])]
            if part.get("hunger"):
                wants.insert(0, h["meat_against"].format(hunger=part["hunger"]))
            members = count(n, "member", lang)
            if wants:
                does.append(h["fetch"][n != 1].format(members=members, what=_and(wants, lang)))
            else:
                does.append(h["fetch_resources"][n != 1].format(members=members))
        if part.get("cure"):
            c = part["cure"]
            does.append(h["cure_at_sunset"].format(n=c, points=signed(c, lang)))
        if part.get("offspring"):
            c = part["offspring"]
            does.append(h["offspring_at_sunset"].format(members=count(c, "new_member", lang), points=signed(c, lang)))
        does += _does(part, lang)
        if part.get("best"):  # what taking prepares
            does[-1] += h["best_open"].format(card=card("chars", part["best"], lang))
        elif part.get("items") and len(does) == 1:  # only drawing: what items are for
            does[-1] += h["items_for"]
        return ", ".join(does)
    if kind == "place":
        if not part["resources"]:
            return h["room"]
        there = h["there"].format(resources=resource_list(part["resources"], lang))
        if part.get("item"):
            lack = "items_lack" if len(part["wanted"]) > 1 else "item"
            why = h[lack].format(item=card("items", part["item"], lang), points=signed(part["points"], lang))
            wanted = _and([noun(1, r, lang) for r in RESOURCES if r in part["wanted"]], lang)
            return f"{there} – {wanted} {why}"
        if part.get("hunger"):
            return there + h["hunt_meat"].format(hunger=part["hunger"])
        if part.get("member"):
            return f"{there} – {h['member']}"
        return there
    if kind == "site":
        return h["site"]
    if kind == "take":  # the label names the card: say what it will do for you
        does = []
        if part.get("send"):
            does.append(h["sends"].format(members=count(part["send"], "member", lang)))
        if part.get("cure"):
            does.append(h["less_hunger"].format(n=part["cure"]))
        if part.get("offspring"):
            does.append(h["brings"].format(members=count(part["offspring"], "new_member", lang)))
        does += _does(part, lang)
        return h["next_turns_for"].format(what=", ".join(does)) if does else h["next_turns"]
    if kind == "reveal":
        if part["deck"] == "hunt":
            return h["hunt"] + (h["hunt_meat"].format(hunger=part["hunger"]) if part["hunger"] else "")
        return h["wild"]
    if kind == "stop_take":
        return h["stop_take"].format(hand=count(part["hand"], "hand_card", lang))
    if kind == "stop_place":
        n = part["home"]
        return h["stop_place"][n != 1].format(members=count(n, "member", lang))
    if kind == "finish":
        if not part["lost"]:
            return h["nothing_to_do"]
        return h["rest"].format(resources=count(part["lost"], "resource", lang))
    if kind == "keep_item":  # the label names the item
        return h["keep_item"].format(points=signed(part["points"], lang))
    if kind == "lose":
        left = h["lose"].format(hunger=part["hunger"])
        if part.get("from") == "tribe" and part.get("out"):
            why = h["out_there"][part["out"] != 1]
        elif part.get("from") == "location" and not part.get("resources"):
            why = h["nothing_there"]
        elif part.get("from") == "location" and part.get("taken"):
            why = h["only"].format(resources=resource_list(part["resources"], lang))
        else:
            return left
        return f"{left}; {why}"
    if kind == "column":
        if not part.get("covers"):
            return h["empty_column"]
        covers = card("chars", part["covers"], lang)
        if part.get("why") == "theirs":
            return h["covers_theirs"].format(card=covers)
        if part.get("why") == "least":
            return h["covers_least"].format(card=covers, keeps=card("chars", part["keeps"], lang))
        return h["covers"].format(card=covers)
    return ""


def hint_text(view, reason, lang="en"):
    """Why the hinted move is good, from the bot's reason: 'damit kannst du „Rad“ erschaffen:
    +3 Punkte'."""
    lang = _lang(lang)
    return "; ".join(t for t in (_hint_part(p, lang) for p in reason.get("parts", [])) if t)

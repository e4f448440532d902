"""Carcassonne – Jäger und Sammler in words, German and English, once for the page (labels of
legal actions, log lines, the view's texts) and the command line (`urzeit replay`).

Everything is worded from the api's JSON alone (a view, an action, the events it caused) and
the tile catalogue tiles.json, read here by path. A tile is told by what is on it (forest,
river, lake, meadow, fire, cult site), a place by its direction from the tile placed last or
the start tile, a part of a tile by its compass side: never by catalogue ids or coordinates.
The words themselves are phrases.py's, one table per language.
"""

import json
import math
import pathlib

from ...core.words import phrases, seat_name
from .phrases import PHRASES

ORDER = ("forest", "river", "lake", "meadow")
DELTAS = {(0, -1): "n", (1, 0): "e", (0, 1): "s", (-1, 0): "w"}  # y grows to the south
SIDES = "NESW"

_TYPES = None


def _types():
    global _TYPES
    if _TYPES is None:
        data = json.loads(pathlib.Path(__file__).with_name("tiles.json").read_text(encoding="utf-8"))
        _TYPES = {t["id"]: t for t in data["tile_types"]}
    return _TYPES


def _w(lang) -> dict:
    return phrases(PHRASES, lang)


def _lang(lang):
    return lang if lang in PHRASES else "en"


def count(n, noun, lang="en"):
    """'1 Karte', '2 Fische', '5 tiles': the number and the word in its right form."""
    one, many = _w(lang)["nouns"][noun]
    return f"{n} {one if n == 1 else many}"


def join(items, lang="en"):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {_w(lang)['and']} " + items[-1]


def _cap(text):
    return text[:1].upper() + text[1:]


# ---- tiles and places -------------------------------------------------------------------

def tile_contents(type_id, lang="en"):
    """What a player sees on a tile: its feature kinds and its special symbols."""
    w = _w(lang)
    t = _types().get(type_id)
    if t is None:
        return ""
    kinds = {z["type"] for z in t["zones"]}
    if t.get("lakes"):
        kinds.add("lake")
    things = [w["kinds"][k] for k in ORDER if k in kinds]
    things += [w["specials"][s] for s in ("fire", "cult_site") if t.get("specials", {}).get(s)]
    return join(things, lang)


def tile_name(type_id, bonus, lang="en", article=False):
    """A tile named by what it shows: 'Landschaftskarte mit Wald und Wiese', 'a bonus tile with a fire'."""
    w = _w(lang)
    t = _types().get(type_id)
    if t is not None and t.get("kind") == "start" and not article:
        return w["start_name"]
    things = tile_contents(type_id, lang)
    if article:  # in a sentence: what is on it in brackets, so a place after it reads apart
        base = w["bonus_tile" if bonus else "land_tile"]
        return f"{base} ({things})" if things else base
    base = w["bonus_name" if bonus else "tile_name"]
    return w["with"].format(tile=base, things=things) if things else base


def where(x, y, view, lang="en"):
    """Where (x, y) lies, told so that no two cells share the words: beside the tile placed
    last, beside the start tile, or so many tiles north/south and east/west of the start tile."""
    w = _w(lang)
    last = view.get("last_placed")
    if last and (last["x"], last["y"]) != (0, 0) and (x - last["x"], y - last["y"]) in DELTAS:
        return w["of_last"].format(dir=w["dirs"][DELTAS[(x - last["x"], y - last["y"])]])
    ns = "n" if y < 0 else "s" if y > 0 else ""
    ew = "e" if x > 0 else "w" if x < 0 else ""
    if max(abs(x), abs(y)) == 1:  # beside the start tile, or a corner away
        return w["of_start"].format(dir=w["dirs"][ns + ew])
    if not ns or not ew:
        return w["far"].format(n=count(max(abs(x), abs(y)), "tile", lang), dir=w["dirs"][ns + ew])
    return w["far2"].format(n=count(abs(y), "tile", lang), dir=w["dirs"][ns], m=abs(x), dir2=w["dirs"][ew])


# ---- parts of a tile --------------------------------------------------------------------

def _segment_point(seg, rotation):
    """The middle of an edge segment ('N0'..'W2', clockwise along each side) after turning the
    tile clockwise by rotation quarter turns, in a 100-unit square."""
    side = (SIDES.index(seg[0]) + rotation) % 4
    t = (int(seg[1]) + 0.5) / 3
    return [(100 * t, 0), (100, 100 * t), (100 - 100 * t, 100), (0, 100 - 100 * t)][side]


def _zone_side(tile, zone_id, rotation):
    """Which part of the turned tile a zone lies on: a compass point, or 'c' for the middle."""
    zones = {z["id"]: z for z in tile["zones"]}
    if zone_id in zones:
        segs = zones[zone_id]["segments"]
    else:  # a lake: where its rivers come from
        lake = next((lk for lk in tile.get("lakes", []) if lk["id"] == zone_id), None)
        segs = [s for r in (lake["rivers"] if lake else []) for s in zones[r]["segments"]]
    if not segs:
        return "c"
    pts = [_segment_point(s, rotation) for s in segs]
    dx = sum(p[0] for p in pts) / len(pts) - 50
    dy = sum(p[1] for p in pts) / len(pts) - 50
    if math.hypot(dx, dy) < 12:
        return "c"
    octant = round(math.atan2(dy, dx) / (math.pi / 4)) % 8  # 0 east, 2 south (y grows down)
    return ["e", "se", "s", "sw", "w", "nw", "n", "ne"][octant]


def _placed(view):
    """The tile placed last (the one figures go on) as the view shows it, and its catalogue entry."""
    last = view.get("last_placed")
    if not last:
        return None, None
    tv = next((t for t in view.get("tiles", []) if t["x"] == last["x"] and t["y"] == last["y"]), None)
    return tv, (_types().get(tv["type"]) if tv else None)


def _zone_kind(tile, zone_id):
    if tile is None:
        return None
    if any(lk["id"] == zone_id for lk in tile.get("lakes", [])):
        return "lake"
    return next((z["type"] for z in tile["zones"] if z["id"] == zone_id), None)


# ---- features ---------------------------------------------------------------------------

def contents(f, lang="en"):
    """What a feature (or a score entry) is made of: '3 Karten, 1 Pilzgruppe'."""
    w = _w(lang)
    kind = f.get("kind") or f.get("feature")
    cat = f.get("category")
    if kind == "forest" or cat == "forests":
        bits = [count(f.get("tiles", 0), "tile", lang)]
        if f.get("mushrooms"):
            bits.append(count(f["mushrooms"], "mushroom", lang))
        if f.get("gold"):
            bits.append(count(f["gold"], "gold", lang))
        return ", ".join(bits)
    if kind == "river" or cat == "rivers":
        return f"{count(f.get('tiles', 0), 'tile', lang)}, {count(f.get('fish', 0), 'fish', lang)}"
    if kind == "river_system" or cat == "huts":
        return count(f.get("fish", 0), "fish", lang)
    bits = []
    for animal in ("mammoth", "aurochs"):
        if f.get(animal):
            bits.append(count(f[animal], animal, lang))
    deer, counted = f.get("deer", 0), f.get("deer_counted", f.get("deer", 0))
    if deer:
        bits.append(w["deer_of"][counted != 1].format(c=counted, d=deer) if counted < deer else count(deer, "deer", lang))
    if f.get("tigers"):
        bits.append(count(f["tigers"], "tiger", lang))
    if f.get("fire"):
        bits.append(w["fire"])
    if f.get("cult_site"):
        bits.append(w["cult"])
    return ", ".join(bits) if bits else w["no_animals"]


def _scored(category, d, lang):
    w = _w(lang)
    key = {"forests": "forest_done", "rivers": "river_done", "huts": "huts_score", "hunters": "hunters_score"}
    return w[key[category]].format(d=d) if category in key else d


def score_entry(e, lang="en"):
    """One entry of the final breakdown: 'Wald fertig (3 Karten, 1 Pilzgruppe): 8 Punkte'."""
    return f"{_cap(_scored(e.get('category'), contents(e, lang), lang))}: {count(e['points'], 'point', lang)}"


def _names(view, players, lang):
    return join([seat_name(view, p, lang) for p in players], lang)


def feature_text(view, f, lang="en", systems=None):
    """A feature explained, one fact a line (the board's tooltip). `systems`: the view's river
    systems by id, when the caller words every feature (found once, not once per river)."""
    w = _w(lang)
    kind = f["kind"]
    owners = _names(view, f["owners"], lang) if f.get("owners") else w["nobody"]
    points = count(f.get("value", 0), "point", lang)
    if kind in ("forest", "river"):
        lines = [f"{_cap(w['kinds'][kind])} · {w['complete'] if f.get('complete') else w['open']}",
                 contents(f, lang),
                 f"{w['worth'].format(p=points)} ({w['forest_rule' if kind == 'forest' else 'river_rule']})"]
        if kind == "forest" and f.get("gold"):
            lines.append(w["gold_rule"])
    elif kind == "meadow":
        lines = [_cap(w["kinds"]["meadow"]), contents(f, lang), f"{w['worth_end'].format(p=points)} ({w['meadow_rule']})"]
    else:
        lines = [_cap(w["kinds"]["river_system"]), contents(f, lang), w["system_rule"]]
    lines.append(f"{w['holder'][kind]}: {owners}")
    if kind == "river":  # huts belong to the whole river system, through lakes
        if systems is None:
            systems = _river_systems(view)
        system = systems.get(f.get("system"))
        if system:
            huts = _names(view, system["owners"], lang) if system["owners"] else w["nobody"]
            lines.append(f"{_cap(w['kinds']['river_system'])}: {contents(system, lang)} · {w['holder']['river_system']}: {huts}")
    return "\n".join(lines)


def _river_systems(view):
    return {g["id"]: g for g in view.get("features", []) if g["kind"] == "river_system"}


def _feature_of(view, x, y, zone, hut=False):
    """The feature a figure on (x, y, zone) would join: a hut joins the whole river system."""
    found = [f for f in view.get("features", [])
             if (f["kind"] == "river_system") == hut and any(z[0] == x and z[1] == y and z[2] == zone for z in f["zones"])]
    return found[0] if found else None


# ---- moves ------------------------------------------------------------------------------

def _tile_phrase(action, view, events, lang):
    w = _w(lang)
    placed = next((e for e in events if e.get("type") == "place_tile"), None)
    type_id = placed["tile"] if placed else view.get("tile_to_place")
    bonus = placed["bonus"] if placed else view.get("tile_is_bonus")
    return w["lay"].format(tile=tile_name(type_id, bonus, lang, article=True), where=where(action["x"], action["y"], view, lang))


def _onto(view, zone, figure, lang, cult=False):
    w = _w(lang)
    _, tile = _placed(view)
    kind = _zone_kind(tile, zone) or {"gatherer": "forest", "fisher": "river", "hunter": "meadow", "hut": "river"}[figure]
    return w["onto"][kind] + (" " + w["at_cult"] if cult else "")


def _figure_phrase(action, view, events, lang):
    w = _w(lang)
    if action.get("type") == "pass":
        return w["none"]
    placed = next((e for e in events if e.get("type") == "place_figure"), None)
    cult = bool(placed and placed.get("cult"))
    return w["put"].format(figure=w["a_figure"].get(action["figure"], ""), onto=_onto(view, action["zone"], action["figure"], lang, cult))


def _event_lines(view, events, lang):
    """What a move's events tell everyone: completions and who scored, gold, a tile put aside,
    the final scoring. Sentences without their full stop (the caller adds it)."""
    w = _w(lang)
    lines = []
    final = any(e.get("type") == "game_over" for e in events)
    said_final = False
    i = 0
    while i < len(events):
        e = events[i]
        kind = e.get("type")
        if kind == "complete":
            if e.get("players"):
                score = events[i + 1] if i + 1 < len(events) and events[i + 1].get("type") == "score" else e
                who = e["players"]
                key = "gets" if len(who) == 1 else "get_each"
                d = contents(score | {"kind": e["feature"]}, lang)
                lines.append(f"{_scored('forests' if e['feature'] == 'forest' else 'rivers', d, lang)}: "
                             + w[key].format(who=_names(view, who, lang), points=count(e["points"], "point", lang)))
                i += 2 if score is not e else 1
                continue
            lines.append(w["no_owner"][e["feature"]])
        elif kind == "score":  # the final scoring: no complete event before it
            if final and not said_final:
                lines.append(w["final"])
                said_final = True
            who = e.get("players") or []
            key = "gets" if len(who) == 1 else "get_each"
            lines.append(f"{_scored(e.get('category'), contents(e, lang), lang)}: "
                         + w[key].format(who=_names(view, who, lang), points=count(e["points"], "point", lang)))
        elif kind == "draw" and e.get("bonus"):
            lines.append(w["gold"].format(who=seat_name(view, e.get("player"), lang)))
        elif kind == "discard":
            lines.append(_cap(w["discard"].format(tile=tile_name(e["tile"], e.get("bonus"), lang, article=True))))
        elif kind == "game_over" and not said_final:
            lines.append(w["final"])
            said_final = True
        i += 1
    return lines


def _move(before_view, action, events, lang):
    """(phrase, event lines): the move itself without its subject, and what followed."""
    kind = action.get("type")
    if kind == "place_tile":
        phrase = _tile_phrase(action, before_view, events, lang)
    elif kind in ("place_figure", "pass"):
        phrase = _figure_phrase(action, before_view, events, lang)
    else:
        phrase = _w(lang)["move"]
    return phrase, _event_lines(before_view, events, lang)


def describe(action, before_view, events, lang="en"):
    """One applied move in one line for the command line (its subject is printed before it)."""
    phrase, lines = _move(before_view, action, events, _lang(lang))
    return "; ".join([phrase] + lines)


def log(before_view, action, events, lang="en"):
    """A move's log lines: the tile and the figure of one turn share a line ('Ada legt … und
    setzt …'); each completion, gold find and the final scoring a line of its own."""
    lang = _lang(lang)
    phrase, lines = _move(before_view, action, events, lang)
    group = f"turn-{before_view.get('turn', 0)}"
    if action.get("type") == "place_tile":
        first = {"text": f"{seat_name(before_view, before_view.get('current_seat'), lang)} {phrase}", "group": group}
    elif action.get("type") in ("place_figure", "pass"):
        first = {"text": _w(lang)["then"].format(what=phrase), "group": group}
    else:
        first = {"text": f"{seat_name(before_view, before_view.get('current_seat'), lang)} {phrase}.", "group": None}
    return [first] + [{"text": line + ".", "group": None} for line in lines]


# ---- legal actions and the view's texts --------------------------------------------------

def label(view, action, lang="en"):
    """A legal action as the action list and the figure choices say it; no two alike."""
    lang = _lang(lang)
    w = _w(lang)
    kind = action.get("type")
    if kind == "place_tile":
        text = w["lay_label"].format(where=where(action["x"], action["y"], view, lang))
        turn = w["turns"][action.get("rotation", 0) % 4]
        return f"{text}, {turn}" if turn else text
    if kind == "place_figure":
        return _figure_label(view, action, lang)
    if kind == "pass":
        return w["no_figure"]
    return w["move"]


def _figure_label(view, action, lang):
    """'Sammler in den Wald (3 Karten, 1 Pilzgruppe)', with the part of the tile when the
    same words would fit another choice."""
    w = _w(lang)
    tv, tile = _placed(view)

    def words(a, side=False):
        text = f"{w['figure'][a['figure']]} {_onto(view, a['zone'], a['figure'], lang)}"
        if side and tile:
            text += " " + w["sides"][_zone_side(tile, a["zone"], tv["rotation"])]
        f = _feature_of(view, tv["x"], tv["y"], a["zone"], a["figure"] == "hut") if tv else None
        return text + (f" ({contents(f, lang)})" if f else "")

    plain = words(action)
    twins = [a for a in view.get("legal", []) if a.get("type") == "place_figure" and a != action and words(a) == plain]
    return words(action, side=True) if twins else plain


def view_words(view, lang="en"):
    """The texts the board shows besides the labels: each feature explained (parallel to
    view.features), the tile to place named, the tiles still to come named, the stacks, each
    seat's supply, and at the end each player's breakdown."""
    lang = _lang(lang)
    w = _w(lang)
    systems = _river_systems(view)
    out = {
        "features": [feature_text(view, f, lang, systems) for f in view.get("features", [])],
        "remaining": {t: tile_name(t, False, lang) for t in view.get("remaining", {})},
        "stack": w["stack"].format(land=count(view["stack"]["land"], "tile", lang), bonus=view["stack"]["bonus"])
        if view.get("stack") else "",
        "supply": [w["supply"].format(who=seat_name(view, i, lang), members=count(sp["members"], "member", lang),
                                      huts=count(sp["huts"], "hut", lang))
                   for i, sp in enumerate(view.get("supply", []))],
    }
    if view.get("tile_to_place"):
        out["tile"] = tile_name(view["tile_to_place"], view.get("tile_is_bonus"), lang)
    if view.get("breakdown"):
        out["breakdown"] = [{
            "total": count(b["total"], "point", lang),
            "sums": " · ".join(f"{w['cats'][c]} {b[c]}" for c in ("forests", "rivers", "huts", "hunters")),
            "entries": [score_entry(e, lang) for e in b["entries"]] or [w["nothing"]],
        } for b in view["breakdown"]]
    return out


def figure_words(lang="en"):
    return dict(_w(lang)["figures"])


# ---- a hint's reason (urzeit.ai.explain, the bot's explain) ---------------------------------

def _scoreless_meadow(part):
    """A meadow the reason says is worth 0 points: no animals yet, or its deer eaten."""
    return part.get("feature") == "meadow" and not part.get("points")


def _hint_part(part, lang):
    w = _w(lang)
    h = w["hint"]
    kind = part.get("kind")
    points = count(part.get("points", 0), "point", lang)
    if kind == "close":
        return h["close"].format(your=w["your"][part["feature"]], points=points, bonus=h["bonus"] if part.get("bonus") else "")
    if kind == "final":
        return h["final"].format(your=w["your"][part["feature"]], points=points)
    if kind == "back":
        n = part["members"]
        return h["back"][n != 1].format(members=count(n, "member", lang))
    if kind == "empty":
        return h["empty"]
    if part.get("then"):  # the figure step after the hinted tile: the tile's label does not name it
        rest = {**part, "then": False, "named": True}
        return h["then"].format(part=_hint_part(rest, lang))
    # a figure's own move names the figure and its place already: then only what it is worth
    named = part.get("named")
    if kind == "put":
        return w["puts"][part["figure"]]
    if kind == "claim":
        cult = h["cult"] if part.get("cult") else ""
        if _scoreless_meadow(part):
            return h["claim_named_bare" if named else "claim_bare"].format(puts=w["puts"][part["figure"]], cult=cult)
        if named:
            return h["claim_named"].format(puts=w["puts"][part["figure"]], cult=cult, points=points)
        the = w["the"].get(part.get("feature"), w["the"]["forest"])
        return h["claim"].format(the=the, cult=cult, points=points)
    if kind == "hut":
        return h["hut_named" if named else "hut"].format(fish=count(part["fish"], "fish", lang))
    if kind == "grow":
        return h["grow_bare" if _scoreless_meadow(part) else "grow"].format(your=w["your"][part["feature"]], points=points)
    if kind == "keep":
        return h["keep"].format(left=count(part["members"], "member", lang))
    if kind == "outlook":
        return h["outlook"].format(points=points)
    return h["least"]


def hint_text(view, reason, lang="en"):
    """Why the hinted move is good, from the bot's reason: 'schließt deinen Wald: +8 Punkte
    und eine Bonuskarte; 1 Stammesmitglied kommt zurück'."""
    lang = _lang(lang)
    return "; ".join(_hint_part(p, lang) for p in reason.get("parts", []))

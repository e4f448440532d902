"""Carcassonne – Jäger und Sammler in words, German and English, once for the page (labels of
legal actions, log lines, the view's texts) and the command line (`urzeit replay`).

Everything is worded from the api's JSON alone (a view, an action, the events it caused) and
the tile catalogue tiles.json, read here by path. A tile is told by what is on it (forest,
river, lake, meadow, fire, cult site), a place by its direction from the tile placed last or
the start tile, a part of a tile by its compass side: never by catalogue ids or coordinates.
The printed game's words: Landschaftskarte / tile, Stammesmitglied / tribe member.
"""

import json
import math
import pathlib

from ...core.words import seat_name

# Counted words: (singular, plural); German and English plurals differ.
NOUNS = {
    "de": {"tile": ("Karte", "Karten"), "fish": ("Fisch", "Fische"),
           "mushroom": ("Pilzgruppe", "Pilzgruppen"), "gold": ("Goldklumpen", "Goldklumpen"),
           "deer": ("Wild", "Wild"), "mammoth": ("Mammut", "Mammuts"), "aurochs": ("Auerochse", "Auerochsen"),
           "tiger": ("Tiger", "Tiger"), "hut": ("Hütte", "Hütten"),
           "member": ("Stammesmitglied", "Stammesmitglieder"), "point": ("Punkt", "Punkte")},
    "en": {"tile": ("tile", "tiles"), "fish": ("fish", "fish"),
           "mushroom": ("mushroom group", "mushroom groups"), "gold": ("gold nugget", "gold nuggets"),
           "deer": ("deer", "deer"), "mammoth": ("mammoth", "mammoths"), "aurochs": ("aurochs", "aurochs"),
           "tiger": ("tiger", "tigers"), "hut": ("hut", "huts"),
           "member": ("tribe member", "tribe members"), "point": ("point", "points")},
}

W = {
    "de": {
        "and": "und", "kinds": {"forest": "Wald", "river": "Fluss", "lake": "See", "meadow": "Wiese",
                                "river_system": "Flusssystem"},
        "specials": {"fire": "Feuer", "cult_site": "einer Kultstätte"},
        "land_tile": "eine Landschaftskarte", "bonus_tile": "eine Bonuskarte",
        "tile_name": "Landschaftskarte", "bonus_name": "Bonuskarte", "start_name": "Startkarte",
        "with": "{tile} mit {things}",
        "dirs": {"n": "nördlich", "s": "südlich", "e": "östlich", "w": "westlich", "ne": "nordöstlich",
                 "nw": "nordwestlich", "se": "südöstlich", "sw": "südwestlich"},
        "of_last": "{dir} der zuletzt gelegten Karte", "of_start": "{dir} der Startkarte",
        "far": "{n} {dir} der Startkarte", "far2": "{n} {dir} und {m} {dir2} der Startkarte",
        "sides": {"n": "im Norden", "s": "im Süden", "e": "im Osten", "w": "im Westen", "ne": "im Nordosten",
                  "nw": "im Nordwesten", "se": "im Südosten", "sw": "im Südwesten", "c": "in der Mitte"},
        "turns": ["", "nach rechts gedreht", "auf den Kopf gedreht", "nach links gedreht"],
        "lay_label": "Karte legen: {where}", "lay": "legt {tile} {where} an",
        "figure": {"gatherer": "Sammler", "fisher": "Fischer", "hunter": "Jäger", "hut": "Hütte"},
        "a_figure": {"gatherer": "einen Sammler", "fisher": "einen Fischer", "hunter": "einen Jäger",
                     "hut": "eine Hütte"},
        "onto": {"forest": "in den Wald", "river": "an den Fluss", "lake": "an den See", "meadow": "auf die Wiese"},
        "at_cult": "an der Kultstätte",
        "put": "setzt {figure} {onto}", "none": "setzt keine Figur", "no_figure": "Keine Figur",
        "then": "und {what}.",
        "forest_done": "Wald fertig ({d})", "river_done": "Fluss fertig ({d})",
        "huts_score": "Hütten am Flusssystem ({d})", "hunters_score": "Jäger auf der Wiese ({d})",
        "gets": "{who} bekommt {points}", "get_each": "{who} bekommen je {points}",
        "no_owner": {"forest": "Ein Wald ist fertig – ohne Sammler, keine Punkte",
                     "river": "Ein Fluss ist fertig – ohne Fischer, keine Punkte"},
        "gold": "{who} findet Gold und zieht eine Bonuskarte",
        "discard": "{tile} passt nirgends und scheidet aus",
        "final": "Schlusswertung: Hütten und Jäger werden gewertet",
        "no_animals": "keine Tiere", "fire": "Feuer vertreibt die Tiger", "cult": "Kultstätte: nur dieser Jäger zählt",
        "deer_of": ("{c} von {d} Wild zählt", "{c} von {d} Wild zählen"),
        "complete": "fertig", "open": "offen", "nobody": "niemand",
        "worth": "Wert jetzt: {p}", "worth_end": "Wert bei Spielende: {p}",
        "forest_rule": "2 Punkte je Karte und je Pilzgruppe, wenn der Wald fertig ist",
        "river_rule": "1 Punkt je Karte und je Fisch, wenn der Fluss fertig ist",
        "meadow_rule": "2 Punkte je Wild, Mammut und Auerochse; jeder Tiger frisst ein Wild",
        "system_rule": "Hütten: bei Spielende 1 Punkt je Fisch im ganzen Flusssystem",
        "gold_rule": "Gold: wer den Wald fertigstellt, zieht eine Bonuskarte",
        "holder": {"forest": "Sammler", "river": "Fischer", "meadow": "Jäger", "river_system": "Hütten"},
        "cats": {"forests": "Wälder", "rivers": "Flüsse", "huts": "Hütten", "hunters": "Jäger"},
        "nothing": "keine Punkte",
        "stack": "Stapel: {land} · Bonusstapel: {bonus}",
        "supply": "{who}: {members}, {huts}",
        "move": "zieht",
    },
    "en": {
        "and": "and", "kinds": {"forest": "forest", "river": "river", "lake": "lake", "meadow": "meadow",
                                "river_system": "river system"},
        "specials": {"fire": "a fire", "cult_site": "a cult site"},
        "land_tile": "a tile", "bonus_tile": "a bonus tile",
        "tile_name": "tile", "bonus_name": "bonus tile", "start_name": "start tile",
        "with": "{tile} with {things}",
        "dirs": {"n": "north", "s": "south", "e": "east", "w": "west", "ne": "north-east",
                 "nw": "north-west", "se": "south-east", "sw": "south-west"},
        "of_last": "{dir} of the tile placed last", "of_start": "{dir} of the start tile",
        "far": "{n} {dir} of the start tile", "far2": "{n} {dir} and {m} {dir2} of the start tile",
        "sides": {"n": "in the north", "s": "in the south", "e": "in the east", "w": "in the west",
                  "ne": "in the north-east", "nw": "in the north-west", "se": "in the south-east",
                  "sw": "in the south-west", "c": "in the middle"},
        "turns": ["", "turned right", "turned upside down", "turned left"],
        "lay_label": "Lay the tile {where}", "lay": "lays {tile} {where}",
        "figure": {"gatherer": "Gatherer", "fisher": "Fisher", "hunter": "Hunter", "hut": "Hut"},
        "a_figure": {"gatherer": "a gatherer", "fisher": "a fisher", "hunter": "a hunter", "hut": "a hut"},
        "onto": {"forest": "in the forest", "river": "on the river", "lake": "on the lake", "meadow": "on the meadow"},
        "at_cult": "at the cult site",
        "put": "puts {figure} {onto}", "none": "puts no figure", "no_figure": "No figure",
        "then": "and {what}.",
        "forest_done": "Forest complete ({d})", "river_done": "River complete ({d})",
        "huts_score": "Huts on a river system ({d})", "hunters_score": "Hunters on a meadow ({d})",
        "gets": "{who} scores {points}", "get_each": "{who} score {points} each",
        "no_owner": {"forest": "A forest is complete – no gatherer, no points",
                     "river": "A river is complete – no fisher, no points"},
        "gold": "{who} finds gold and draws a bonus tile",
        "discard": "{tile} fits nowhere and leaves the game",
        "final": "Final scoring: huts and hunters score",
        "no_animals": "no animals", "fire": "fire drives the tigers away", "cult": "cult site: only this hunter counts",
        "deer_of": ("{c} of {d} deer counts", "{c} of {d} deer count"),
        "complete": "complete", "open": "open", "nobody": "nobody",
        "worth": "Worth now: {p}", "worth_end": "Worth at the end: {p}",
        "forest_rule": "2 points per tile and per mushroom group once the forest is complete",
        "river_rule": "1 point per tile and per fish once the river is complete",
        "meadow_rule": "2 points per deer, mammoth and aurochs; each tiger eats one deer",
        "system_rule": "Huts: at the end 1 point per fish in the whole river system",
        "gold_rule": "Gold: whoever completes the forest draws a bonus tile",
        "holder": {"forest": "Gatherers", "river": "Fishers", "meadow": "Hunters", "river_system": "Huts"},
        "cats": {"forests": "Forests", "rivers": "Rivers", "huts": "Huts", "hunters": "Hunters"},
        "nothing": "no points",
        "stack": "Stack: {land} · Bonus tiles: {bonus}",
        "supply": "{who}: {members}, {huts}",
        "move": "moves",
    },
}
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


def _lang(lang):
    return "de" if lang == "de" else "en"


def count(n, noun, lang="en"):
    """'1 Karte', '2 Fische', '5 tiles': the number and the word in its right form."""
    one, many = NOUNS[_lang(lang)][noun]
    return f"{n} {one if n == 1 else many}"


def join(items, lang="en"):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {W[_lang(lang)]['and']} " + items[-1]


def _cap(text):
    return text[:1].upper() + text[1:]


# ---- tiles and places -------------------------------------------------------------------

def tile_contents(type_id, lang="en"):
    """What a player sees on a tile: its feature kinds and its special symbols."""
    w = W[_lang(lang)]
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
    w = W[_lang(lang)]
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
    w = W[_lang(lang)]
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
    w = W[_lang(lang)]
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
    w = W[_lang(lang)]
    key = {"forests": "forest_done", "rivers": "river_done", "huts": "huts_score", "hunters": "hunters_score"}
    return w[key[category]].format(d=d) if category in key else d


def score_entry(e, lang="en"):
    """One entry of the final breakdown: 'Wald fertig (3 Karten, 1 Pilzgruppe): 8 Punkte'."""
    return f"{_cap(_scored(e.get('category'), contents(e, lang), lang))}: {count(e['points'], 'point', lang)}"


def _names(view, players, lang):
    return join([seat_name(view, p, lang) for p in players], lang)


def feature_text(view, f, lang="en"):
    """A feature explained, one fact a line (the board's tooltip)."""
    w = W[_lang(lang)]
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
        system = next((g for g in view.get("features", []) if g["kind"] == "river_system" and g["id"] == f.get("system")), None)
        if system:
            huts = _names(view, system["owners"], lang) if system["owners"] else w["nobody"]
            lines.append(f"{_cap(w['kinds']['river_system'])}: {contents(system, lang)} · {w['holder']['river_system']}: {huts}")
    return "\n".join(lines)


def _feature_of(view, x, y, zone, hut=False):
    """The feature a figure on (x, y, zone) would join: a hut joins the whole river system."""
    found = [f for f in view.get("features", [])
             if (f["kind"] == "river_system") == hut and any(z[0] == x and z[1] == y and z[2] == zone for z in f["zones"])]
    return found[0] if found else None


# ---- moves ------------------------------------------------------------------------------

def _tile_phrase(action, view, events, lang):
    w = W[_lang(lang)]
    placed = next((e for e in events if e.get("type") == "place_tile"), None)
    type_id = placed["tile"] if placed else view.get("tile_to_place")
    bonus = placed["bonus"] if placed else view.get("tile_is_bonus")
    return w["lay"].format(tile=tile_name(type_id, bonus, lang, article=True), where=where(action["x"], action["y"], view, lang))


def _onto(view, zone, figure, lang, cult=False):
    w = W[_lang(lang)]
    _, tile = _placed(view)
    kind = _zone_kind(tile, zone) or {"gatherer": "forest", "fisher": "river", "hunter": "meadow", "hut": "river"}[figure]
    return w["onto"][kind] + (" " + w["at_cult"] if cult else "")


def _figure_phrase(action, view, events, lang):
    w = W[_lang(lang)]
    if action.get("type") == "pass":
        return w["none"]
    placed = next((e for e in events if e.get("type") == "place_figure"), None)
    cult = bool(placed and placed.get("cult"))
    return w["put"].format(figure=w["a_figure"].get(action["figure"], ""), onto=_onto(view, action["zone"], action["figure"], lang, cult))


def _event_lines(view, events, lang):
    """What a move's events tell everyone: completions and who scored, gold, a tile put aside,
    the final scoring. Sentences without their full stop (the caller adds it)."""
    w = W[_lang(lang)]
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
        phrase = W[_lang(lang)]["move"]
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
        first = {"text": W[lang]["then"].format(what=phrase), "group": group}
    else:
        first = {"text": f"{seat_name(before_view, before_view.get('current_seat'), lang)} {phrase}.", "group": None}
    return [first] + [{"text": line + ".", "group": None} for line in lines]


# ---- legal actions and the view's texts --------------------------------------------------

def label(view, action, lang="en"):
    """A legal action as the action list and the figure choices say it; no two alike."""
    lang = _lang(lang)
    w = W[lang]
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
    w = W[lang]
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
    w = W[lang]
    out = {
        "features": [feature_text(view, f, lang) for f in view.get("features", [])],
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


# The end-of-game figures (SammlerState.end_figures): points by feature, how many scored, bonus tiles.
FIGURE_WORDS = {
    "de": {"forests": "Wälder", "rivers": "Flüsse", "huts": "Hütten", "hunters": "Jäger",
           "forests_scored": "Gewertete Wälder", "rivers_scored": "Gewertete Flüsse",
           "huts_scored": "Gewertete Flusssysteme (Hütten)", "hunters_scored": "Gewertete Wiesen (Jäger)",
           "bonus_tiles": "Gelegte Bonuskarten (Gold)"},
    "en": {"forests": "Forests", "rivers": "Rivers", "huts": "Huts", "hunters": "Hunters",
           "forests_scored": "Forests scored", "rivers_scored": "Rivers scored",
           "huts_scored": "River systems scored (huts)", "hunters_scored": "Meadows scored (hunters)",
           "bonus_tiles": "Bonus tiles placed (gold)"},
}


def figure_words(lang="en"):
    return dict(FIGURE_WORDS["de" if lang == "de" else "en"])


# ---- a hint's reason (urzeit.ai.explain, the bot's explain) ---------------------------------

# "your forest" and where a figure goes: (possessive accusative, figure into it)
_YOUR = {"de": {"forest": "deinen Wald", "river": "deinen Fluss", "meadow": "deine Wiese",
                "river_system": "dein Flusssystem"},
         "en": {k: f"your {v}" for k, v in {"forest": "forest", "river": "river", "meadow": "meadow",
                                              "river_system": "river system"}.items()}}
_THE = {"de": {"forest": "der Wald", "river": "der Fluss", "meadow": "die Wiese"},
        "en": {"forest": "the forest", "river": "the river", "meadow": "the meadow"}}
_PUTS = {"de": {"gatherer": "setzt einen Sammler in den Wald", "fisher": "setzt einen Fischer an den Fluss",
                "hunter": "setzt einen Jäger auf die Wiese"},
         "en": {"gatherer": "puts a gatherer in the forest", "fisher": "puts a fisher on the river",
                "hunter": "puts a hunter on the meadow"}}


def _hint_part(part, lang):
    de = lang == "de"
    kind = part.get("kind")
    points = count(part.get("points", 0), "point", lang)
    if kind == "close":
        gain = f"+{points}" + ((" und eine Bonuskarte" if de else " and a bonus tile") if part.get("bonus") else "")
        return f"schließt {_YOUR[lang][part['feature']]}: {gain}" if de else f"closes {_YOUR[lang][part['feature']]}: {gain}"
    if kind == "final":
        return f"Schlusswertung für {_YOUR[lang][part['feature']]}: +{points}" if de else \
            f"final scoring of {_YOUR[lang][part['feature']]}: +{points}"
    if kind == "back":
        n = part["members"]
        return f"{count(n, 'member', lang)} {'kommt' if n == 1 else 'kommen'} zurück" if de else \
            f"{count(n, 'member', lang)} {'comes' if n == 1 else 'come'} back"
    if kind == "empty":
        return "kein Stammesmitglied mehr im Vorrat" if de else "no tribe member left in your supply"
    if part.get("then"):  # the figure step after the hinted tile: the tile's label does not name it
        rest = {**part, "then": False, "named": True}
        return ("danach: " if de else "then: ") + _hint_part(rest, lang)
    # a figure's own move names the figure and its place already: then only what it is worth
    named = part.get("named")
    if kind == "put":
        return _PUTS[lang][part["figure"]]
    if kind == "claim":
        cult = (" mit der Kultstätte" if de else " with the cult site") if part.get("cult") else ""
        if named:
            return f"{_PUTS[lang][part['figure']]}{cult} (jetzt {points} wert)" if de else \
                f"{_PUTS[lang][part['figure']]}{cult} (worth {points} now)"
        the = _THE[lang].get(part.get("feature"), _THE[lang]["forest"])
        return f"{the} ist{cult} jetzt {points} wert" if de else f"{the} is worth {points} now{cult}"
    if kind == "hut":
        fish = count(part["fish"], "fish", lang)
        if named:
            return f"baut eine Hütte am Flusssystem ({fish}, am Ende je 1 Punkt)" if de else \
                f"builds a hut on the river system ({fish}, 1 point each at the end)"
        return f"am Ende 1 Punkt je Fisch im Flusssystem (jetzt {fish})" if de else \
            f"1 point per fish in the river system at the end (now {fish})"
    if kind == "grow":
        return f"vergrößert {_YOUR[lang][part['feature']]} (jetzt {points} wert)" if de else \
            f"grows {_YOUR[lang][part['feature']]} (worth {points} now)"
    if kind == "keep":
        left = count(part["members"], "member", lang)
        return f"hält deine Stammesmitglieder für bessere Plätze zurück ({left} im Vorrat)" if de else \
            f"keeps your tribe members for better spots ({left} in your supply)"
    if kind == "outlook":
        return f"bringt dir nach der Einschätzung des Computers etwa {points} mehr als den anderen" if de else \
            f"by the computer's estimate about {points} more for you than for the others"
    return "keine Punkte in Reichweite: so hilft die Karte den anderen am wenigsten" if de else \
        "no points within reach: this way the tile helps the others least"


def hint_text(view, reason, lang="en"):
    """Why the hinted move is good, from the bot's reason: 'schließt deinen Wald: +8 Punkte
    und eine Bonuskarte; 1 Stammesmitglied kommt zurück'."""
    lang = _lang(lang)
    return "; ".join(_hint_part(p, lang) for p in reason.get("parts", []))

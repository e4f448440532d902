"""Carcassonne – Jäger und Sammler: moves in words, for replays read outside the page
(`urzeit replay`).

describe(action, before_view, events, lang) words one applied action from the api's JSON
alone (the action, the acting seat's view before it, the events it caused) and the tile
catalogue tiles.json, read here by path. A tile is told by what is on it (forest, river,
lake, meadow, fire, cult site) and where it went by its direction from the last tile or
the start tile: never by catalogue ids or board coordinates.
"""

from ...core.words import label, log, view_words  # noqa: F401  (defaults until this game words them)

import json
import pathlib

WORDS = {
    "en": {
        "kinds": {"forest": "forest", "river": "river", "lake": "lake", "meadow": "meadow",
                  "river_system": "river system"},
        "specials": {"fire": "a fire", "cult_site": "a cult site"},
        "figures": {"gatherer": "a gatherer", "fisher": "a fisher", "hunter": "a hunter", "hut": "a hut"},
        "dirs": {"n": "north", "s": "south", "e": "east", "w": "west", "ne": "north-east",
                 "nw": "north-west", "se": "south-east", "sw": "south-west"},
        "and": "and",
        "tile": "lays a tile with {things}",
        "bonus": "lays a bonus tile with {things}",
        "next_to": "{dir} of the {which}",
        "away": "{n} tiles {dir} of the start tile",
        "last": "last tile", "start": "start tile",
        "figure": "puts {figure} on the {kind}",
        "on": {"forest": "forest", "river": "river", "lake": "lake", "meadow": "meadow"},
        "none": "puts no figure",
        "complete": "completes a {kind} worth {points}",
        "scores": "{names} score",
        "scores1": "{names} scores",
        "nobody": "no one has a figure there",
        "back": "figures go back",
        "discard": "a drawn tile fits nowhere and is put aside",
        "final": "final scoring",
        "categories": {"forests": "forests", "rivers": "rivers", "huts": "huts", "hunters": "hunters"},
        "move": "moves",
    },
    "de": {
        "kinds": {"forest": "Wald", "river": "Fluss", "lake": "See", "meadow": "Wiese",
                  "river_system": "Flusssystem"},
        "specials": {"fire": "Feuer", "cult_site": "Kultstätte"},
        "figures": {"gatherer": "einen Sammler", "fisher": "einen Fischer", "hunter": "einen Jäger", "hut": "eine Hütte"},
        "dirs": {"n": "nördlich", "s": "südlich", "e": "östlich", "w": "westlich", "ne": "nordöstlich",
                 "nw": "nordwestlich", "se": "südöstlich", "sw": "südwestlich"},
        "and": "und",
        "tile": "legt eine Karte mit {things}",
        "bonus": "legt eine Bonuskarte mit {things}",
        "next_to": "{dir} der {which}",
        "away": "{n} Karten {dir} der Startkarte",
        "last": "letzten Karte", "start": "Startkarte",
        "figure": "setzt {figure} auf {kind}",
        "on": {"forest": "den Wald", "river": "den Fluss", "lake": "den See", "meadow": "die Wiese"},
        "none": "setzt keine Figur",
        "complete": "{kind} fertig, Wert {points}",
        "scores": "{names} punkten",
        "scores1": "{names} punktet",
        "nobody": "dort steht keine Figur",
        "back": "Figuren kommen zurück",
        "discard": "eine gezogene Karte passt nirgends und wird beiseitegelegt",
        "final": "Schlusswertung",
        "categories": {"forests": "Wälder", "rivers": "Flüsse", "huts": "Hütten", "hunters": "Jäger"},
        "move": "zieht",
    },
}
ORDER = ("forest", "river", "lake", "meadow")
DELTAS = {(0, -1): "n", (1, 0): "e", (0, 1): "s", (-1, 0): "w"}  # y grows to the south

_TYPES = None


def _types():
    global _TYPES
    if _TYPES is None:
        data = json.loads(pathlib.Path(__file__).with_name("tiles.json").read_text(encoding="utf-8"))
        _TYPES = {t["id"]: t for t in data["tile_types"]}
    return _TYPES


def _join(items, w):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {w['and']} " + items[-1]


def tile_contents(type_id, lang="en"):
    """What a player sees on a tile: its feature kinds and its special symbols."""
    w = WORDS[lang]
    t = _types().get(type_id)
    if t is None:
        return "?"
    kinds = {z["type"] for z in t["zones"]}
    if t.get("lakes"):
        kinds.add("lake")
    things = [w["kinds"][k] for k in ORDER if k in kinds]
    things += [w["specials"][s] for s in ("fire", "cult_site") if t.get("specials", {}).get(s)]
    return _join(things, w)


def _direction(dx, dy):
    ns = "n" if dy < 0 else "s" if dy > 0 else ""
    ew = "e" if dx > 0 else "w" if dx < 0 else ""
    # mostly one way: say that way only
    if abs(dx) > 2 * abs(dy):
        ns = ""
    elif abs(dy) > 2 * abs(dx):
        ew = ""
    return ns + ew


def where(x, y, before_view, lang="en"):
    """Where a new tile went, in words: next to the last tile, next to the start tile, or
    its direction and distance from the start tile."""
    w = WORDS[lang]
    last = before_view.get("last_placed")
    for which, at in (("last", (last["x"], last["y"]) if last else None), ("start", (0, 0))):
        if at is not None and (x - at[0], y - at[1]) in DELTAS:
            return w["next_to"].format(dir=w["dirs"][DELTAS[(x - at[0], y - at[1])]], which=w[which])
    n = max(abs(x), abs(y))
    if n == 1:  # a corner away: diagonal
        return w["next_to"].format(dir=w["dirs"][_direction(x, y)], which=w["start"])
    return w["away"].format(n=n, dir=w["dirs"][_direction(x, y)])


def _zone_kind(before_view, zone_id):
    last = before_view.get("last_placed")
    if last is None:
        return None
    tile = next((t for t in before_view.get("tiles", []) if t["x"] == last["x"] and t["y"] == last["y"]), None)
    t = _types().get(tile["type"]) if tile else None
    if t is None:
        return None
    if any(lk["id"] == zone_id for lk in t.get("lakes", [])):
        return "lake"
    return next((z["type"] for z in t["zones"] if z["id"] == zone_id), None)


def _names(seats, players):
    return [seats[p]["name"] if 0 <= p < len(seats) else "?" for p in players]


def _scoring(events, before_view, w):
    """Completed features during play, and the final scoring at the end."""
    seats = before_view.get("seats", [])
    parts = []
    final = {}
    scored = set()
    for i, e in enumerate(events):
        if e.get("type") == "complete":
            text = w["complete"].format(kind=w["kinds"].get(e["feature"], e["feature"]), points=e["points"])
            names = _names(seats, e.get("players") or [])
            if names:
                key = "scores1" if len(names) == 1 else "scores"
                text += ": " + w[key].format(names=_join(names, w))
            else:
                text += " (" + w["nobody"] + ")"
            parts.append(text)
            # its score event follows; the final scoring has no complete event
            if i + 1 < len(events) and events[i + 1].get("type") == "score":
                scored.add(i + 1)
        elif e.get("type") == "score" and i not in scored:
            cat = w["categories"].get(e.get("category"), e.get("category"))
            for name in _names(seats, e.get("players") or []):
                final.setdefault(name, {}).setdefault(cat, 0)
                final[name][cat] += e["points"]
        elif e.get("type") == "discard":
            parts.append(w["discard"])
    if final:
        parts.append(w["final"] + ": " + "; ".join(
            f"{name} " + ", ".join(f"+{pts} {cat}" for cat, pts in cats.items()) for name, cats in final.items()))
    return parts


def describe(action, before_view, events, lang="en"):
    lang = "de" if lang == "de" else "en"
    w = WORDS[lang]
    kind = action.get("type")
    if kind == "place_tile":
        placed = next((e for e in events if e.get("type") == "place_tile"), None)
        type_id = placed["tile"] if placed else before_view.get("tile_to_place")
        bonus = placed["bonus"] if placed else before_view.get("tile_is_bonus")
        text = w["bonus" if bonus else "tile"].format(things=tile_contents(type_id, lang))
        text += " " + where(action["x"], action["y"], before_view, lang)
    elif kind == "place_figure":
        zone_kind = _zone_kind(before_view, action["zone"])
        text = w["figure"].format(figure=w["figures"].get(action["figure"], "?"),
                                  kind=w["on"].get(zone_kind, "?"))
    elif kind == "pass":
        text = w["none"]
    else:
        text = w["move"]
    parts = _scoring(events, before_view, w)
    return "; ".join([text] + parts)

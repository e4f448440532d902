"""Jäger und Späher: moves in words, for replays read outside the page (`urzeit replay`).

describe(action, before_view, events, lang) words one applied action from the api's JSON
alone (the action, the acting seat's view before it, the events it caused) and the card
data in cards.json, read here by path: characters, items and sacred sites by their printed
names, locations by their kind and resources.
"""

from ...core.words import label, log, view_words  # noqa: F401  (defaults until this game words them)

import json
import pathlib

WORDS = {
    "en": {
        "res": {"meat": "meat", "skin": "skin", "stone": "stone", "wood": "wood", "clay": "clay", "fruit": "fruit"},
        "kind": {"wild": "the wilderness", "hunt": "the hunting ground"},
        "deck": {"wild": "a wilderness", "hunt": "a hunting ground"},
        "with": "with", "and": "and", "site": "the sacred site {name}", "tribe": "the tribe card",
        "ordinal": ["first", "second", "third"],
        "play": "plays the {card}",
        "recall": "calls a member back from {where}",
        "bringing": "bringing {res}",
        "cure": "eats a meat: one hunger less",
        "grow": "trades two skins for a new member in the cave camp",
        "create": "makes the {item} (+{vp} points)",
        "finish": "is done with the resources",
        "lost": "lost, unused: {res}",
        "reveal": "reveals {loc}",
        "place": "sends a member to {where}",
        "stop": "stops",
        "take": "takes the {card} from the display",
        "column": "puts the {card} into the {ordinal} column of the display",
        "sunset": "calls a sunset: {members} members − {hunger} hunger{hand} = {delta} → {vp} points",
        "hand": " − {n} hand cards",
        "keep_item": "keeps the {item}, discards the other items",
        "lose_member": "loses a member from {where} (hunger 8)",
        "draw_item": "draws an item",
        "offspring": "{n} new member(s)",
        "site_effect": "{name} takes effect",
        "driven_off": "{name}'s members are driven off {site}",
        "hunt_over": "the hunt is over",
        "exhausted": "{loc} is used up",
        "final_turn": "one last turn",
        "move": "moves",
    },
    "de": {
        "res": {"meat": "Fleisch", "skin": "Fell", "stone": "Stein", "wood": "Holz", "clay": "Lehm", "fruit": "Früchte"},
        "kind": {"wild": "der Wildnis", "hunt": "dem Jagdgebiet"},
        "deck": {"wild": "eine Wildnis", "hunt": "ein Jagdgebiet"},
        "with": "mit", "and": "und", "site": "der Kultstätte {name}", "tribe": "der Stammeskarte",
        "ordinal": ["erste", "zweite", "dritte"],
        "play": "spielt {card}",
        "recall": "holt ein Mitglied zurück von {where}",
        "bringing": "bringt {res} mit",
        "cure": "isst ein Fleisch: ein Hunger weniger",
        "grow": "tauscht zwei Felle gegen ein neues Mitglied im Höhlenlager",
        "create": "erschafft {item} (+{vp} Punkte)",
        "finish": "ist mit den Rohstoffen fertig",
        "lost": "verfällt ungenutzt: {res}",
        "reveal": "deckt {loc} auf",
        "place": "schickt ein Mitglied zu {where}",
        "stop": "hört auf",
        "take": "nimmt {card} aus der Auslage",
        "column": "legt {card} in die {ordinal} Spalte der Auslage",
        "sunset": "macht Sonnenuntergang: {members} Mitglieder − {hunger} Hunger{hand} = {delta} → {vp} Punkte",
        "hand": " − {n} Handkarten",
        "keep_item": "behält {item}, die anderen Gegenstände werden abgelegt",
        "lose_member": "verliert ein Mitglied von {where} (Hunger 8)",
        "draw_item": "zieht einen Gegenstand",
        "offspring": "{n} neue(s) Mitglied(er)",
        "site_effect": "{name} wirkt",
        "driven_off": "die Mitglieder von {name} werden von {site} vertrieben",
        "hunt_over": "die Jagd ist vorbei",
        "exhausted": "{loc} ist erschöpft",
        "final_turn": "ein letzter Zug",
        "move": "zieht",
    },
}

_DATA = None


def _data():
    global _DATA
    if _DATA is None:
        d = json.loads(pathlib.Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))
        _DATA = {
            "chars": {c["id"]: c for c in d["characters"]},
            "items": {c["id"]: c for c in d["items"]},
            "locs": {c["id"]: c for c in d["locations"]},
            "sites": {c["id"]: c for c in d["sacred_sites"]},
        }
    return _DATA


def _name(table, key, lang):
    entry = _data()[table].get(key)
    return entry[f"name_{lang}"] if entry else "?"


def _join(items, w):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {w['and']} " + items[-1]


def _site_name(site_id, before_view, lang):
    site = _data()["sites"].get(site_id)
    side = next((s.get("side", 0) for s in before_view.get("sites", []) if s.get("id") == site_id), 0)
    return site["sides"][side][f"name_{lang}"] if site else "?"


def _place(where, before_view, lang, w, kind_words=None):
    """A location by its kind and resources, a sacred site by its name, or the tribe card."""
    if where == "tribe":
        return w["tribe"]
    if where in _data()["sites"]:
        return w["site"].format(name=_site_name(where, before_view, lang))
    loc = _data()["locs"].get(where)
    if loc is None:
        return "?"
    res = _join((w["res"][r] for r in loc["resources"]), w)
    return f"{(kind_words or w['kind'])[loc['kind']]} {w['with']} {res}"


def describe(action, before_view, events, lang="en"):
    lang = "de" if lang == "de" else "en"
    w = WORDS[lang]
    kind = action.get("type")
    seats = before_view.get("seats", [])
    if kind == "play":
        text = w["play"].format(card=_name("chars", action["card"], lang))
    elif kind == "recall":
        text = w["recall"].format(where=_place(action["where"], before_view, lang, w))
        if action.get("resource"):
            text += ", " + w["bringing"].format(res=w["res"][action["resource"]])
    elif kind in ("cure", "grow", "finish", "stop"):
        text = w[kind]
    elif kind == "create":
        item = _data()["items"].get(action["item"], {})
        text = w["create"].format(item=_name("items", action["item"], lang), vp=item.get("vp", "?"))
    elif kind == "reveal":
        loc = next((e["location"] for e in events if e.get("type") == "reveal"), None)
        text = w["reveal"].format(loc=_place(loc, before_view, lang, w, w["deck"]) if loc else w["deck"][action["deck"]])
    elif kind == "place":
        text = w["place"].format(where=_place(action["where"], before_view, lang, w))
    elif kind == "take":
        card = next((e["card"] for e in events if e.get("type") == "take"), None)
        text = w["take"].format(card=_name("chars", card, lang))
    elif kind == "column":
        text = w["column"].format(card=_name("chars", before_view.get("playing"), lang),
                                  ordinal=w["ordinal"][action["column"]])
    elif kind == "sunset":
        e = next((e for e in events if e.get("type") == "sunset"), None)
        if e:
            hand = w["hand"].format(n=e["hand_penalty"]) if e.get("hand_penalty") else ""
            delta = f"+{e['delta']}" if e["delta"] >= 0 else f"−{-e['delta']}"
            text = w["sunset"].format(members=e["members"], hunger=e["hunger"], hand=hand, delta=delta, vp=e["vp_after"])
        else:
            text = w["sunset"].split(":")[0]
    elif kind == "keep_item":
        text = w["keep_item"].format(item=_name("items", action["item"], lang))
    elif kind == "lose_member":
        text = w["lose_member"].format(where=_place(action["where"], before_view, lang, w))
    else:
        text = w["move"]
    parts = [text]
    for e in events:
        t = e.get("type")
        if t == "lost":
            parts.append(w["lost"].format(res=_join((w["res"][r] for r in e["resources"]), w)))
        elif t == "draw_item":
            parts.append(w["draw_item"])
        elif t == "offspring":
            parts.append(w["offspring"].format(n=e["n"]))
        elif t == "site":
            parts.append(w["site_effect"].format(name=_site_name(e["site"], before_view, lang)))
        elif t == "driven_off":
            name = seats[e["player"]]["name"] if 0 <= e.get("player", -1) < len(seats) else "?"
            parts.append(w["driven_off"].format(name=name, site=w["site"].format(name=_site_name(e["site"], before_view, lang))))
        elif t == "exhausted":
            loc = _place(e["location"], before_view, lang, w)
            parts.append(w["exhausted"].format(loc=loc[:1].upper() + loc[1:]))
        elif t == "hunt_over":
            parts.append(w["hunt_over"])
    return "; ".join(parts)

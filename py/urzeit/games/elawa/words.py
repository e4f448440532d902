"""Elawa's moves in words, for replays read outside the page (`urzeit replay`).

describe(action, before_view, events, lang) words one applied action from the api's JSON
alone (the action, the acting seat's view before it, the events it caused) and the card
data in cards.json, read here by path: a card is named by its colour and type, as printed
(the card type "supply" is the Vorratskarte / storage card; "Vorrat"/"supply" is the token pool).
"""

from ...core.words import label, log, view_words  # noqa: F401  (defaults until this game words them)

import json
import pathlib

WORDS = {
    "en": {
        "types": {"caveman": "caveman", "hut": "hut", "supply": "storage card", "tool": "tool"},
        "colours": {"blue": "blue", "yellow": "yellow", "green": "green", "red": "red", "purple": "purple"},
        "tokens": {"berry": "berry", "meat": "meat", "flint": "flint", "fur": "fur", "bone": "bone"},
        "card": "the {colour} {type}",
        "and": "and",
        "take": "takes {card}",
        "gains": ", gaining {tokens}",
        "nothing": ", gaining no resources",
        "skip": "(skipping one stack)",
        "take_visible": "takes {card} from the circle, without resources",
        "play": "plays {card}",
        "pay": "paying {tokens}",
        "free": "for free",
        "sacrifice": "giving up {card}",
        "store": "stores a {token} on {card}",
        "discard": "puts back a {token}",
        "end_turn": "ends the turn",
        "final_round": "the final round begins",
        "over": "the game is over",
        "move": "moves",
    },
    "de": {
        "types": {"caveman": "Urmensch", "hut": "Hütte", "supply": "Vorratskarte", "tool": "Werkzeug"},
        "colours": {"blue": "blau", "yellow": "gelb", "green": "grün", "red": "rot", "purple": "violett"},
        "tokens": {"berry": "Beere", "meat": "Fleisch", "flint": "Feuerstein", "fur": "Fell", "bone": "Knochen"},
        "card": "„{type}, {colour}“",
        "and": "und",
        "take": "nimmt {card}",
        "gains": " und erhält {tokens}",
        "nothing": " ohne Rohstoffe",
        "skip": "(ein Stapel übersprungen)",
        "take_visible": "nimmt {card} aus dem Kreis, ohne Rohstoffe",
        "play": "spielt {card} aus",
        "pay": "zahlt {tokens}",
        "free": "kostenlos",
        "sacrifice": "opfert {card}",
        "store": "lagert {token} auf {card}",
        "discard": "legt {token} zurück",
        "end_turn": "beendet den Zug",
        "final_round": "die letzte Runde beginnt",
        "over": "das Spiel ist aus",
        "move": "zieht",
    },
}

_CARDS = None


def _cards():
    global _CARDS
    if _CARDS is None:
        data = json.loads((pathlib.Path(__file__).with_name("cards.json")).read_text(encoding="utf-8"))
        _CARDS = {c["id"]: c for c in data["tribe_cards"]}
    return _CARDS


def card_name(card_id, lang="en"):
    w = WORDS[lang]
    c = _cards().get(card_id)
    if c is None:
        return "?"
    return w["card"].format(colour=w["colours"][c["colour"]], type=w["types"][c["type"]])


def _join(items, w):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {w['and']} " + items[-1]


def describe(action, before_view, events, lang="en"):
    w = WORDS["de" if lang == "de" else "en"]
    lang = "de" if lang == "de" else "en"
    kind = action.get("type")
    me = before_view.get("current_seat")

    def gained():
        return [w["tokens"][e["token"]] for e in events if e.get("type") == "gain" and e.get("player") == me]

    if kind == "take_card":
        card = next((e["card"] for e in events if e.get("type") == "take_card"), None)
        text = w["take"].format(card=card_name(card, lang))
        got = gained()
        text += w["gains"].format(tokens=_join(got, w)) if got else w["nothing"]
        if action.get("skip") is not None:
            text += " " + w["skip"]
    elif kind == "take_visible":
        card = next((e["card"] for e in events if e.get("type") == "take_visible"), None)
        text = w["take_visible"].format(card=card_name(card, lang))
    elif kind == "play":
        text = w["play"].format(card=card_name(action["card"], lang))
        pay = [w["tokens"][t] for t in action.get("pay") or []]
        parts = [w["pay"].format(tokens=_join(pay, w)) if pay else w["free"]]
        if action.get("sacrifice"):
            parts.append(w["sacrifice"].format(card=card_name(action["sacrifice"], lang)))
        text += ", " + ", ".join(parts)
        got = gained()
        if got:
            text += ", + " + _join(got, w)
    elif kind == "store":
        text = w["store"].format(token=w["tokens"][action["token"]], card=card_name(action["card"], lang))
    elif kind == "discard":
        text = w["discard"].format(token=w["tokens"][action["token"]])
    elif kind == "end_turn":
        text = w["end_turn"]
    else:
        text = w["move"]
    if any(e.get("type") == "final_round" for e in events):
        text += "; " + w["final_round"]
    return text

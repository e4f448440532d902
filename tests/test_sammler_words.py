"""Carcassonne – Jäger und Sammler in words: random and bot games (2 to 5 players) through
urzeit.api.call with a language, and every label, log line and view text checked: words, not
data; German in German and English in English; the right form of every counted word; no two
legal actions alike; the command line's describe() tells the same move as the log."""

import random
import re

import pytest

from urzeit import api
from urzeit.games.sammler import words

# ids and data players must never read
RAW = [re.compile(p) for p in (r"_", r"[{}\[\]]", r"\bNone\b", r"\bnull\b", r"\bundefined\b", r"\bTrue\b",
                               r"\bFalse\b", r"\b[LBS]\d\d\b", r"\b[FMRL]\d\b", r"-?\d+\s*,\s*-?\d+\b(?! [A-Za-zÄÖÜäöü])",
                               r"\(\s*-?\d+\s*\|\s*-?\d+\s*\)", r"\bturn-\d")]
# words that give the other language away
ENGLISH = re.compile(r"\b(the|and|with|of|tile|tiles|forest|river|meadow|lake|lays|puts|scores?|points?|"
                     r"complete|nobody|gatherer|fisher|hunter|hut|huts|no figure|north|south|east|west)\b")
GERMAN = re.compile(r"\b(und|der|die|das|des|den|mit|legt|setzt|Karten?|Landschaftskarte|Bonuskarte|Startkarte|Wald|Fluss|"
                    r"Wiese|See|Punkte?|fertig|niemand|Sammler|Fischer|Jäger|Hütten?|keine|nördlich|südlich|"
                    r"östlich|westlich|bekommt?|bekommen)\b")
# every counted word in both forms: (n, expected) for 1, 2 and 5
FORMS = {
    "de": {"tile": ("Karte", "Karten"), "fish": ("Fisch", "Fische"), "mushroom": ("Pilzgruppe", "Pilzgruppen"),
           "gold": ("Goldklumpen", "Goldklumpen"), "deer": ("Wild", "Wild"), "mammoth": ("Mammut", "Mammuts"),
           "aurochs": ("Auerochse", "Auerochsen"), "tiger": ("Tiger", "Tiger"), "hut": ("Hütte", "Hütten"),
           "member": ("Stammesmitglied", "Stammesmitglieder"), "point": ("Punkt", "Punkte")},
    "en": {"tile": ("tile", "tiles"), "fish": ("fish", "fish"), "mushroom": ("mushroom group", "mushroom groups"),
           "gold": ("gold nugget", "gold nuggets"), "deer": ("deer", "deer"), "mammoth": ("mammoth", "mammoths"),
           "aurochs": ("aurochs", "aurochs"), "tiger": ("tiger", "tigers"), "hut": ("hut", "huts"),
           "member": ("tribe member", "tribe members"), "point": ("point", "points")},
}
NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_counted_words_take_their_form(lang):
    for noun, (one, many) in FORMS[lang].items():
        assert words.count(1, noun, lang) == f"1 {one}"
        assert words.count(2, noun, lang) == f"2 {many}"
        assert words.count(5, noun, lang) == f"5 {many}"
    assert words.score_entry({"category": "forests", "points": 8, "tiles": 3, "mushrooms": 1, "gold": 0}, "de") == \
        "Wald fertig (3 Karten, 1 Pilzgruppe): 8 Punkte"
    assert words.score_entry({"category": "hunters", "points": 2, "deer": 2, "deer_counted": 1, "mammoth": 0,
                              "aurochs": 0, "tigers": 1, "fire": False, "cult_site": False}, "en") == \
        "Hunters on a meadow (1 of 2 deer counts, 1 tiger): 2 points"
    assert words.score_entry({"category": "hunters", "points": 4, "deer": 3, "deer_counted": 2, "tigers": 1}, "de") == \
        "Jäger auf der Wiese (2 von 3 Wild zählen, 1 Tiger): 4 Punkte"


def check_forms(text, lang):
    """Every number before a counted word has the word's right form."""
    for one, many in FORMS[lang].values():
        for form in {one, many}:
            for m in re.finditer(rf"(?<![\d.])(\d+) {re.escape(form)}\b", text):
                n = int(m.group(1))
                # the longer word wins: "2 Punkte" is not "2 Punkt"+"e"
                if form == one and one != many and text[m.end():m.end() + 1].isalpha():
                    continue
                want = one if n == 1 else many
                if form != want and not (want.startswith(form) and text[m.start():].startswith(f"{n} {want}")):
                    raise AssertionError(f"{n} {form} should be {n} {want}: {text!r}")


def check_text(text, lang, what):
    assert isinstance(text, str) and text.strip(), (what, text)
    for pattern in RAW:
        assert not pattern.search(text), (what, pattern.pattern, text)
    names = re.compile(r"\b(" + "|".join(NAMES) + r"|Spieler \d|Player \d|Computer \d)\b")
    plain = names.sub("", text)
    other = ENGLISH if lang == "de" else GERMAN
    found = other.search(plain)
    assert not found, (what, lang, found.group(0), text)
    if lang == "en":
        assert not re.search(r"(Spieler|Player) \d", text) or "Player" in text, (what, text)
    check_forms(text, lang)


def check_view(view, lang):
    w = view.get("words") or {}
    legal = view.get("legal") or []
    assert len(w.get("legal", [])) == len(legal)
    for label in w.get("legal", []):
        check_text(label, lang, "label")
    assert len(set(w.get("legal", []))) == len(legal), [x for x in w["legal"] if w["legal"].count(x) > 1]
    assert len(w["features"]) == len(view["features"])
    for text in w["features"] + w["supply"] + [w["stack"]] + list(w["remaining"].values()):
        check_text(text, lang, "view")
    if view.get("tile_to_place"):
        check_text(w["tile"], lang, "tile")
    if view.get("breakdown"):
        for b in w["breakdown"]:
            for text in [b["total"], b["sums"]] + b["entries"]:
                check_text(text, lang, "breakdown")


def check_move(before, action, events, reply_log):
    """The reply's log in both languages, and describe() agreeing with it."""
    assert reply_log, action
    for lang in ("de", "en"):
        lines = [line[lang] for line in reply_log]
        for text in lines:
            check_text(text, lang, "log")
        said = words.describe(action, before, events, lang)
        check_text(said, lang, "describe")
        phrase, *rest = said.split("; ")
        assert phrase in lines[0], (phrase, lines[0])
        assert [line.rstrip(".") for line in lines[1:]] == rest, (lines, said)


def play(players, seed, lang, bots):
    rng = random.Random(seed)
    seats = [{"kind": "human", "name": NAMES[i]} if i % 2 == 0 or not bots else
             {"kind": "ai", "level": "easy"} for i in range(players)]
    if seed % 3 == 0:  # default names, worded in the reader's language
        seats = [{"kind": s["kind"], **({"level": s["level"]} if "level" in s else {})} for s in seats]
    r = api.call({"op": "new", "game": "sammler", "seats": seats, "seed": seed, "lang": lang})["result"]
    match = r["match"]
    moves = 0
    try:
        while True:
            view = api.call({"op": "view", "match": match, "seat": None})["result"]  # whose turn
            if view["over"]:
                view = api.call({"op": "view", "match": match, "seat": None, "lang": lang})["result"]
                check_view(view, lang)
                for s in range(players):
                    check_view(api.call({"op": "view", "match": match, "seat": s, "lang": lang})["result"], lang)
                return moves
            seat = view["current_seat"]
            before = api.call({"op": "view", "match": match, "seat": seat, "lang": lang})["result"]
            check_view(before, lang)
            if seats[seat]["kind"] == "ai":
                reply = api.call({"op": "ai", "match": match, "seat": seat, "viewer": (seat + 1) % players,
                                  "lang": lang, "budget_ms": 0})["result"]
                viewer_before = {**before, "seat": (seat + 1) % players}
                check_move(viewer_before, reply["action"], reply["events"], reply["log"])
            else:
                action = rng.choice(before["legal"])
                reply = api.call({"op": "act", "match": match, "seat": seat, "state_id": before["state_id"],
                                  "action": action, "lang": lang})["result"]
                check_move(before, action, reply["events"], reply["log"])
            moves += 1
    finally:
        api.call({"op": "close", "match": match})


@pytest.mark.parametrize("players,seed,lang,bots", [(2, 1, "de", False)] + [  # the quick layer: one game
    pytest.param(*case, marks=pytest.mark.slow) for case in [
        (2, 2, "en", True), (3, 3, "de", True), (3, 4, "en", False),
        (4, 5, "de", False), (4, 6, "en", True), (5, 7, "en", False), (5, 9, "de", True)]])
def test_every_word_of_a_whole_game(players, seed, lang, bots):
    assert play(players, seed, lang, bots) > 40


def test_figure_choices_that_read_alike_are_told_apart_by_their_side():
    """A tile with two meadows of the same contents: the choices name their side."""
    view = {"last_placed": {"x": 0, "y": 0}, "tiles": [{"type": "L21", "x": 0, "y": 0, "rotation": 0}],
            "features": [{"kind": "meadow", "zones": [[0, 0, "M1"]], "deer": 0, "mammoth": 0, "aurochs": 0, "tigers": 0},
                         {"kind": "meadow", "zones": [[0, 0, "M2"]], "deer": 0, "mammoth": 0, "aurochs": 0, "tigers": 0}],
            "legal": [{"type": "place_figure", "figure": "hunter", "zone": "M1"},
                      {"type": "place_figure", "figure": "hunter", "zone": "M2"}, {"type": "pass"}]}
    for lang in ("de", "en"):
        labels = [words.label(view, a, lang) for a in view["legal"]]
        assert len(set(labels)) == 3, labels
    assert words.label(view, view["legal"][0], "de") in (
        "Jäger auf die Wiese im Norden (keine Tiere)", "Jäger auf die Wiese im Süden (keine Tiere)")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_hint_says_why_in_words(lang):
    from helpers import hinted_game
    hints = hinted_game("sammler", lang, 7, decisions=30)
    whys = [h["why"] for _, h in hints if h.get("why")]
    assert len(whys) == len(hints) == 30  # every tile and figure step is explained
    for why in whys:
        check_text(why, lang, "hint")

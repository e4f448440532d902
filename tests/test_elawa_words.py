"""Elawa's words (games/elawa/words.py), as the page and the command line get them: every
action label, log line and view text of many random and bot games (2 to 4 players, German
and English) is words, not data; German cases and plurals and English plurals are right;
two legal actions never read alike; the command line's line is the log's; and no text tells
a seat about a card its view does not show."""

import random
import re

import pytest

from urzeit import api
from urzeit.games.elawa import words
from urzeit.games.elawa.components import CARDS, TOKENS

RAW = re.compile(r"[_{}\[\]]|\bNone\b|\bnull\b|\bundefined\b|\bTrue\b|\bFalse\b|\b[BYGRP]\d\d\b|\bC[1-4]\b|\"")
# words that give away the other language (player names here are plain and language-free)
ENGLISH = re.compile(r"\b(the|and|with|takes?|plays?|pays?|berry|berries|furs?|flint|bones?|cards?|turn|"
                     r"resources?|points?|of|from|stack|hand|tribe|chief|free|skip|fire|supply|Your|You)\b")
GERMAN = re.compile(r"\b(und|mit|die|der|das|den|dem|nimmt|Nimm|Beeren?|Fleisch|Fell|Felle|Fellen|Feuersteine?n?|"
                    r"Knochen|Karten?|Zug|Punkte?|von|Rohstoffe?|Stapel|Hand|Stamm|Häuptling|Feuer|Vorrat|Du|Deine)\b")
# a count with the wrong number: "1 Punkte", "2 Karte", "1 berries", "3 fur"
WRONG_NUMBER = re.compile(
    r"(?<![\d.])1 (Punkte|Karten|Handkarten|Rohstoffe|Beeren|Feuersteine|Feuersteinen|Felle|Fellen|"
    r"points|cards|hand cards|resources|berries|furs|bones|stacks)\b"
    r"|(?<![\d.])(0|[2-9]|\d\d+) (Punkt|Karte|Handkarte|Rohstoff|Beere|Feuerstein|Fell|"
    r"point|card|hand card|resource|berry|fur|bone|stack)\b(?! (stacks|cards)\b)")  # "2 resource stacks" is right
DE_TOKEN = re.compile(r"(?<![\d.])(\d+) (Beeren|Beere|Fleisch|Feuersteinen|Feuersteine|Feuerstein|Fellen|Felle|Fell|Knochen)\b")
DE_FORMS = {  # kind: (singular, plural nominative/accusative, plural dative)
    "Beere": ("Beere", "Beeren", "Beeren"), "Fleisch": ("Fleisch", "Fleisch", "Fleisch"),
    "Feuerstein": ("Feuerstein", "Feuersteine", "Feuersteinen"), "Fell": ("Fell", "Felle", "Fellen"),
    "Knochen": ("Knochen", "Knochen", "Knochen")}
STEM = {form: key for key, forms in DE_FORMS.items() for form in forms}


def call(**req):
    reply = api.call(req)
    assert reply["ok"], reply
    return reply["result"]


def texts(words_):
    """Every string in a view's words (the card table's keys are ids: only its values count)."""
    if isinstance(words_, str):
        yield words_
    elif isinstance(words_, dict):
        for v in words_.values():
            yield from texts(v)
    elif isinstance(words_, list):
        for v in words_:
            yield from texts(v)
    else:
        raise AssertionError(f"not words: {words_!r}")


def check_text(text, lang, where):
    assert isinstance(text, str) and text.strip(), where
    assert not RAW.search(text), (where, text)
    giveaway = (ENGLISH if lang == "de" else GERMAN).search(text)
    assert not giveaway, (where, text, giveaway.group(0))
    assert not WRONG_NUMBER.search(text), (where, text)
    if lang == "de":
        check_german_cases(text, where)
    else:
        assert not re.search(r"\b(a|an) [aeiou]", text) or "an empty" in text, (where, text)


def check_german_cases(text, where):
    # a token count: singular for 1, plural else, the dative plural after "mit" (the whole list)
    for m in DE_TOKEN.finditer(text):
        n, word = int(m.group(1)), m.group(2)
        sg, pl, dat = DE_FORMS[STEM[word]]
        before = text[:m.start()]
        governed = re.findall(r"\b(mit|zahlt|zahle|dazu|bekommt|Lege|legt|ab|kostet|opfert|,)\b", before)
        dative = bool(re.search(r"\bmit\b[^.;(]*$", before)) and not re.search(r"\b(dazu|zahlt|zahle)\b[^.;(]*$", before)
        want = sg if n == 1 else dat if dative else pl
        assert word == want, (where, text, m.group(0), want, governed)
    # the accusative after the verbs of taking, playing, sacrificing and putting on
    for m in re.finditer(r"\b(nimmt|Nimm|opfert|opfere|spielt|Spiele|auf) (\S+) \S+ (Urmensch\w*|Hütte|Werkzeug|Vorratskarte)\b", text):
        assert m.group(2) in ("den", "die", "das"), (where, text, m.group(0))
    assert not re.search(r"\bden \S+e (Urmensch|Hütte|Werkzeug|Vorratskarte)\b", text), (where, text)


def visible_cards(view):
    ids = {s["top"] for s in view["stacks"] if s["top"]} | set(view["removed"])
    for p in view["players"]:
        ids |= set(p["hand"] or []) | set(p["seen_hand"]) | {e["card"] for e in p["tribe"]}
    return ids


NAMES = {lang: {case: {cid: words.card_name(cid, lang, case) for cid in CARDS} for case in ("bare", "nom", "acc", "dat")}
         for lang in ("de", "en")}


def named_kinds(text, lang):
    """The (colour, kind) of every card a text names."""
    found = set()
    for case, names in NAMES[lang].items():
        for cid, name in names.items():
            if re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.I):
                found.add((CARDS[cid]["colour"], CARDS[cid]["type"]))
    return found


def check_no_leak(text, lang, views, where):
    shown = {(CARDS[c]["colour"], CARDS[c]["type"]) for v in views for c in visible_cards(v)}
    assert named_kinds(text, lang) <= shown, (where, text)


def play(players, lang, seed, side, hot_seat=False, bot_level="random"):
    """A whole game through the api with `lang`; every text checked on the way. Returns the
    number of moves."""
    rng = random.Random(seed)
    humans = 2 if hot_seat else 1
    seats = [{"kind": "human", "name": f"Spieler {i + 1}" if i else "Ada"} for i in range(humans)] + \
            [{"kind": "ai", "level": bot_level} for _ in range(players - humans)]
    started = call(op="new", game="elawa", seats=seats, seed=seed, options={"chief_side": side}, lang=lang)
    match = started["match"]
    moves = 0
    try:
        while True:
            spectator = call(op="view", match=match, seat=None, lang=lang)
            if spectator["over"]:
                break
            seat = spectator["current_seat"]
            view = call(op="view", match=match, seat=seat, lang=lang)
            labels = view["words"]["legal"]
            assert len(labels) == len(view["legal"]) == len(set(labels)), labels  # never two alike
            assert len(view["words"]["buttons"]) == len(view["legal"])
            for text in labels:
                check_text(text, lang, "label")
                check_no_leak(text, lang, [view], "label")
            for text in texts({k: v for k, v in view["words"].items() if k != "legal"}):
                check_text(text, lang, "view")
            assert set(view["words"]["cards"]) <= visible_cards(view)  # words only for what the view shows
            viewer = 0
            before = call(op="view", match=match, seat=viewer)
            actor_before = call(op="view", match=match, seat=seat)
            if seats[seat]["kind"] == "ai":
                reply = call(op="ai", match=match, seat=seat, viewer=viewer, lang=lang, budget_ms=5)
                action = reply["action"]
            else:
                action = rng.choice(view["legal"])
                reply = call(op="act", match=match, seat=seat, state_id=view["state_id"], action=action, lang=lang)
            after = call(op="view", match=match, seat=viewer, lang=lang)
            assert reply["log"], action
            for line in reply["log"]:
                for lg in ("de", "en"):
                    check_text(line[lg], lg, f"log {action}")
                    check_no_leak(line[lg], lg, [before, after], "log")
            # the command line's line is the log's, from the same phrases
            for lg in ("de", "en"):
                lines = words.log(actor_before, action, reply["events"], lg)
                name = words.seat_name(actor_before, seat, lg)
                assert lines[0]["text"].startswith(name + " ")
                said = [lines[0]["text"][len(name) + 1:-1]] + [x["text"][0].lower() + x["text"][1:-1] for x in lines[1:]]
                assert words.describe(action, actor_before, reply["events"], lg) == "; ".join(said)
                assert [x["text"] for x in lines] == [x[lg] for x in reply["log"]]  # the same for every seat
            moves += 1
            assert moves < 600
        final = call(op="view", match=match, seat=0, lang=lang)
        assert len(final["words"]["summary"]) == players
        for text in texts({k: v for k, v in final["words"].items() if k != "figures"}):
            check_text(text, lang, "end")
        # the end figures' names come in both languages (a kept statistic is read in either)
        for names in final["words"]["figures"].values():
            for lg in ("de", "en"):
                check_text(names[lg], lg, "figures")
    finally:
        call(op="close", match=match)
    return moves


@pytest.mark.parametrize("players,lang,side,seed", [
    (2, "de", "normal", 1), (2, "en", "advanced", 2), (3, "de", "advanced", 3),
    (3, "en", "normal", 4), (4, "de", "advanced", 5), (4, "en", "advanced", 6),
])
def test_random_games_are_worded_right(players, lang, side, seed):
    assert play(players, lang, seed, side) > 20


@pytest.mark.parametrize("lang", ["de", "en"])
def test_bot_games_and_hot_seat_are_worded_right(lang):
    play(3, lang, 21, "advanced", hot_seat=True, bot_level="easy")


def test_german_tokens_by_count_and_case():
    expected = {  # kind: {n: (nominative, accusative, dative)}
        "berry": {1: "1 Beere", 2: "2 Beeren", 5: "5 Beeren"},
        "meat": {1: "1 Fleisch", 2: "2 Fleisch", 5: "5 Fleisch"},
        "flint": {1: "1 Feuerstein", 2: "2 Feuersteine", 5: "5 Feuersteine"},
        "fur": {1: "1 Fell", 2: "2 Felle", 5: "5 Felle"},
        "bone": {1: "1 Knochen", 2: "2 Knochen", 5: "5 Knochen"},
    }
    dative = {"berry": "Beeren", "meat": "Fleisch", "flint": "Feuersteinen", "fur": "Fellen", "bone": "Knochen"}
    for kind, by_n in expected.items():
        for n, form in by_n.items():
            assert words.token_words(kind, n, "de", "nom") == form
            assert words.token_words(kind, n, "de", "acc") == form
            assert words.token_words(kind, n, "de", "dat") == (form if n == 1 else f"{n} {dative[kind]}")
    assert words.tokens_words(["fur", "flint", "flint"], "de", "dat") == "2 Feuersteinen und 1 Fell"
    english = {"berry": ("1 berry", "2 berries"), "meat": ("1 meat", "2 meat"), "flint": ("1 flint", "2 flint"),
               "fur": ("1 fur", "2 furs"), "bone": ("1 bone", "2 bones")}
    for kind, (one, two) in english.items():
        assert (words.token_words(kind, 1, "en"), words.token_words(kind, 2, "en")) == (one, two)
    assert words.tokens_words(["fur", "berry", "berry", "meat"], "en") == "2 berries, 1 meat and 1 fur"
    assert [words.token_name(k, "de", article=True) for k in TOKENS] == \
        ["die Beere", "das Fleisch", "den Feuerstein", "das Fell", "den Knochen"]


def test_german_card_names_by_case():
    by_kind = {}
    for cid, c in CARDS.items():
        by_kind.setdefault((c["type"], c["colour"]), cid)
    expected = {  # (kind, colour): bare, nominative, accusative, dative
        ("caveman", "red"): ("roter Urmensch", "der rote Urmensch", "den roten Urmenschen", "dem roten Urmenschen"),
        ("hut", "blue"): ("blaue Hütte", "die blaue Hütte", "die blaue Hütte", "der blauen Hütte"),
        ("tool", "green"): ("grünes Werkzeug", "das grüne Werkzeug", "das grüne Werkzeug", "dem grünen Werkzeug"),
        ("supply", "yellow"): ("gelbe Vorratskarte", "die gelbe Vorratskarte", "die gelbe Vorratskarte",
                               "der gelben Vorratskarte"),
        ("caveman", "purple"): ("violetter Urmensch", "der violette Urmensch", "den violetten Urmenschen",
                                "dem violetten Urmenschen"),
    }
    for key, forms in expected.items():
        cid = by_kind[key]
        assert tuple(words.card_name(cid, "de", case) for case in ("bare", "nom", "acc", "dat")) == forms
    cid = by_kind[("supply", "yellow")]
    assert (words.card_name(cid, "en"), words.card_name(cid, "en", "acc")) == ("yellow storage card", "the yellow storage card")


def test_storage_cards_are_never_called_the_supply():
    """"Vorrat"/"supply" is the token pool; the card kind is the Vorratskarte / storage card."""
    pool = re.compile(r"\b(Vorrat|supply)\b", re.I)
    for cid, c in CARDS.items():
        for lang in ("de", "en"):
            names = [words.card_name(cid, lang, case) for case in ("bare", "nom", "acc", "dat")]
            assert not [n for n in names + [words.scoring_text(cid, lang)] if pool.search(n)]
            if c["type"] == "supply":
                assert all("Vorratskarte" in n or "storage card" in n for n in names)


def test_a_view_words_nothing_it_does_not_show():
    """A spectator and the other seat see the same table; neither gets words (or ids) of a
    hand it is not shown, nor of the cards below the stack tops."""
    started = call(op="new", game="elawa", seed=9, lang="de",
                   seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    match = started["match"]
    view = started["view"]
    for _ in range(12):
        seat = view["current_seat"]
        view = call(op="view", match=match, seat=seat)
        call(op="act", match=match, seat=seat, state_id=view["state_id"], action=view["legal"][0])
        view = call(op="view", match=match, seat=seat)
    # a hand no one saw being taken (only hand-built positions have one) stays unnamed: hide Bo's
    other = 1 - view["current_seat"]
    hidden = dict(view, players=[dict(p, seen_hand=[]) if i == other else p for i, p in enumerate(view["players"])])
    for lang in ("de", "en"):
        said = words.view_words(hidden, lang)
        secret = set(view["players"][other]["seen_hand"]) - visible_cards(hidden)
        assert not secret & set(said["cards"])
        assert not any(words.card_name(c, lang) in t for c in secret for t in texts(said) if len(secret))
    below = set(CARDS) - visible_cards(view)
    spectator = call(op="view", match=match, seat=None, lang="en")
    assert not below & set(spectator["words"]["cards"])
    call(op="close", match=match)


def test_hot_seat_says_whose_hand():
    two = call(op="new", game="elawa", seed=4, lang="de",
               seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    first = two["view"]["seat"]  # the seat the chief draw lets begin
    assert two["view"]["words"]["hand"] == f"Hand von {['Ada', 'Bo'][first]}"
    assert call(op="view", match=two["match"], seat=1, lang="en")["words"]["hand"] == "Bo’s hand"
    assert call(op="view", match=two["match"], seat=0, lang="de")["words"]["hand"] == "Hand von Ada"
    one = call(op="new", game="elawa", seed=4, lang="de", seats=[{"kind": "human"}, {"kind": "ai"}])
    assert one["view"]["words"]["hand"] == "Deine Hand"
    # a default name in the reader's language, as the page shows it
    assert call(op="view", match=one["match"], seat=0, lang="en")["words"]["players"][0]["name"] == "Player 1"
    for m in (two["match"], one["match"]):
        call(op="close", match=m)


def test_a_move_in_both_languages():
    view = {"current_seat": 0, "turns": 3, "seats": [{"name": "Ada", "kind": "human"}]}
    flint = next(c for c, d in CARDS.items() if d["type"] == "caveman" and d["colour"] == "red")
    events = [{"type": "take_card", "player": 0, "card": flint, "stack": 0},
              {"type": "gain", "player": 0, "token": "flint", "from": "stack 1"},
              {"type": "gain", "player": 0, "token": "flint", "from": "stack 2"},
              {"type": "gain", "player": 0, "token": "fur", "from": "fire"},
              {"type": "final_round"}]
    action = {"type": "take_card", "stack": 0, "skip": None}
    assert [x["text"] for x in words.log(view, action, events, "de")] == [
        "Ada nimmt den roten Urmenschen mit 2 Feuersteinen, dazu 1 Fell vom Feuer.",
        "Das Feuer ist leer: die letzte Runde beginnt."]
    assert words.describe(action, view, events, "en") == \
        "takes the red caveman with 2 flint, plus 1 fur from the fire; the fire is empty: the final round begins"


def test_a_fair_game_waiting_for_its_players_is_worded():
    """Before every seat has joined, no chief is dealt: the view has no capacity yet (the page
    asks for words with every fair request)."""
    from urzeit import api
    for lang in ("de", "en"):
        r = api.call({"op": "fair_new", "game": "elawa", "players": 2, "seat": 0, "name": "Ada", "lang": lang})
        assert r["ok"], r
        players = r["result"]["view"]["words"]["players"]
        assert [p["places"] for p in players] == [{"de": "Häuptling noch nicht gezogen", "en": "Chief not drawn yet"}[lang]] * 2
        assert all("None" not in p["info"] and p["info"].startswith("0 ") for p in players)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_hint_says_why_in_words_and_names_only_cards_the_seat_sees(lang):
    from helpers import hinted_game
    hints = hinted_game("elawa", lang, 5, decisions=40)
    whys = [(v, h["why"]) for v, h in hints if h.get("why")]
    assert len(whys) >= 30
    for view, why in whys:
        check_text(why, lang, "hint")
        check_no_leak(why, lang, [view], "hint")

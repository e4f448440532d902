"""Jäger und Späher's words (py/urzeit/games/spaeher/words.py), as players read them: random and
bot games through the api with `lang`, every label, log line and view text checked: non-empty,
no raw ids or data, one language per line, German and English plurals and cases right for
every count, no two legal actions alike, describe the same as the log, and no face-down item
of the other seat ever named."""

import json
import pathlib
import random
import re

import pytest

from urzeit import api
from urzeit.games.spaeher import words

CARDS = json.loads(pathlib.Path(words.__file__).with_name("cards.json").read_text(encoding="utf-8"))
IDS = {c["id"] for key in ("characters", "items", "locations", "sacred_sites") for c in CARDS[key]}
ITEM_NAMES = {c["id"]: {"de": c["name_de"], "en": c["name_en"]} for c in CARDS["items"]}

RAW = re.compile(r"_|\{|\}|\[|\]|\bNone\b|\bnull\b|\bundefined\b|\bTrue\b|\bFalse\b|(?<![\w“”)])\?")
ID = re.compile(r"\b(" + "|".join(sorted(map(re.escape, IDS), key=len, reverse=True)) + r")\b")
# words that give a line away as the other language (whole words, case-sensitive)
ENGLISH = re.compile(r"\b(the|plays|sends|brings|takes|member|members|points?|skins|stones|wilderness|hunting|"
                     r"sunset|with|from|to|and|of|Done|Take|Send|Play|Your|Waiting|item|items|column)\b")
GERMAN = re.compile(r"\b(der|die|das|und|spielt|schickt|holt|nimmt|Mitglied|Mitglieder|Punkte?|Fell|Felle|"
                    r"Wildnis|Jagdgebiet|Sonnenuntergang|mit|aus|vom|zum|ein|eine|Spalte|Gegenstand|Fertig|Warte)\b")

# the forms a count takes: noun -> {n: form}
FORMS = {
    "de": {"member": {1: "1 Mitglied", 2: "2 Mitglieder", 5: "5 Mitglieder"},
           "new_member": {1: "1 neues Mitglied", 2: "2 neue Mitglieder", 5: "5 neue Mitglieder"},
           "item": {1: "1 Gegenstand", 2: "2 Gegenstände", 5: "5 Gegenstände"},
           "character": {1: "1 Charakter", 2: "2 Charaktere", 5: "5 Charaktere"},
           "point": {1: "1 Punkt", 2: "2 Punkte", 5: "5 Punkte"},
           "hand_card": {1: "1 Handkarte", 2: "2 Handkarten", 5: "5 Handkarten"},
           "resource": {1: "1 Rohstoff", 2: "2 Rohstoffe", 5: "5 Rohstoffe"},
           "hunger": {1: "1 Hunger", 2: "2 Hunger", 5: "5 Hunger"},
           "meat": {1: "1 Fleisch", 2: "2 Fleisch", 5: "5 Fleisch"}, "skin": {1: "1 Fell", 2: "2 Felle", 5: "5 Felle"},
           "stone": {1: "1 Stein", 2: "2 Steine", 5: "5 Steine"}, "wood": {1: "1 Holz", 2: "2 Holz", 5: "5 Holz"},
           "clay": {1: "1 Lehm", 2: "2 Lehm", 5: "5 Lehm"}, "fruit": {1: "1 Frucht", 2: "2 Früchte", 5: "5 Früchte"}},
    "en": {"member": {1: "1 member", 2: "2 members", 5: "5 members"},
           "new_member": {1: "1 new member", 2: "2 new members", 5: "5 new members"},
           "item": {1: "1 item", 2: "2 items", 5: "5 items"},
           "character": {1: "1 character", 2: "2 characters", 5: "5 characters"},
           "point": {1: "1 point", 2: "2 points", 5: "5 points"},
           "hand_card": {1: "1 card in hand", 2: "2 cards in hand", 5: "5 cards in hand"},
           "resource": {1: "1 resource", 2: "2 resources", 5: "5 resources"},
           "hunger": {1: "1 hunger", 2: "2 hunger", 5: "5 hunger"},
           "meat": {1: "1 meat", 2: "2 meat", 5: "5 meat"}, "skin": {1: "1 skin", 2: "2 skins", 5: "5 skins"},
           "stone": {1: "1 stone", 2: "2 stones", 5: "5 stones"}, "wood": {1: "1 wood", 2: "2 wood", 5: "5 wood"},
           "clay": {1: "1 clay", 2: "2 clay", 5: "5 clay"}, "fruit": {1: "1 fruit", 2: "2 fruit", 5: "5 fruit"}},
}
# with the article for one: accusative ("zieht einen Gegenstand", "draws an item")
ARTICLE = {"de": {"member": "ein Mitglied", "item": "einen Gegenstand", "character": "einen Charakter"},
           "en": {"member": "a member", "item": "an item", "character": "a character"}}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_count_has_its_form(lang):
    for key, forms in FORMS[lang].items():
        for n, form in forms.items():
            assert words.count(n, key, lang) == form, (key, n)
    for key, form in ARTICLE[lang].items():
        assert words.count(1, key, lang, article=True) == form
        assert words.count(2, key, lang, article=True) == FORMS[lang][key][2]
    assert words.signed(1, lang) == ("+1 Punkt" if lang == "de" else "+1 point")
    assert words.signed(-2, lang) == ("−2 Punkte" if lang == "de" else "−2 points")
    assert words.signed(0, lang) == ("+0 Punkte" if lang == "de" else "+0 points")


def test_a_cards_resources_follow_one_plural_rule():
    # issue 26: "Fleisch, Fell" and "Fleisch, Felle" were two cards (2 meat and a skin, a meat and
    # 2 skins) that read as one misspelt: more than one of a resource says its number
    assert words.resource_list(["meat", "meat", "skin"], "de") == "2 Fleisch, Fell"
    assert words.resource_list(["meat", "skin", "skin"], "de") == "Fleisch, 2 Felle"
    assert words.resource_list(["meat", "skin", "skin"], "en") == "meat, 2 skins"
    assert words.resource_list(["fruit", "fruit", "stone"], "de") == "Stein, 2 Früchte"
    assert words.place("W01", "to", "de") == "in die Wildnis (Stein, Holz, Lehm)"
    assert words.place("W01", "from", "de") == "aus der Wildnis (Stein, Holz, Lehm)"
    hunt = next(c["id"] for c in CARDS["locations"] if c["kind"] == "hunt")
    assert words.place(hunt, "to", "de").startswith("auf das Jagdgebiet (")
    assert words.place(hunt, "from", "de").startswith("vom Jagdgebiet (")
    assert words.place(hunt, "indef", "en").startswith("a hunting ground (")
    assert words.place("tribe", "from", "de") == "von der Stammeskarte"


# every "<n> <noun>" in a line: the noun's form must be the one for n
NOUN_FORMS = {lang: {form.split(" ", 1)[1]: key for key, forms in FORMS[lang].items() for form in forms.values()}
              for lang in FORMS}


def check_counts(text, lang):
    for n, rest in re.findall(r"(?<![\d.])(\d+) ([^\d,.;:()–−=→]+)", text):
        n = int(n)
        for form, key in sorted(NOUN_FORMS[lang].items(), key=lambda x: -len(x[0])):
            if rest.startswith(form) and (len(rest) == len(form) or not rest[len(form)].isalpha()):
                assert form == FORMS[lang][key][1 if n == 1 else 2].split(" ", 1)[1], (text, n, form)
                break
    if lang == "de":
        for n, verb in re.findall(r"(\d+) mitgebrachter? Rohstoffe? (verfällt|verfallen)", text):
            assert (verb == "verfällt") == (n == "1"), text
        for n, verb in re.findall(r"(\d+) Mitglieder? (wird|werden)", text):
            assert (verb == "wird") == (n == "1"), text


def check_text(text, lang, where):
    assert isinstance(text, str) and text.strip(), where
    assert not RAW.search(text), (where, text)
    assert not ID.search(text), (where, text)
    other = ENGLISH if lang == "de" else GERMAN
    assert not other.search(text), (where, lang, text, other.search(text).group(0))
    check_counts(text, lang)


def check_view_words(view, lang):
    w = view["words"]
    legal = view.get("legal") or []
    assert len(w.get("legal", [])) == len(legal)
    for action, text in zip(legal, w.get("legal", [])):
        check_text(text, lang, f"label of {action}")
    assert len(set(w.get("legal", []))) == len(legal), w.get("legal")
    if not view["over"]:
        check_text(w["prompt"], lang, "prompt")
    for note in w["notices"]:
        check_text(note, lang, "notice")
    check_text(w["stop"], lang, "stop")
    if "preview" in w:
        check_text(w["preview"], lang, "preview")
    if view["over"]:
        end = w["end"]
        for text in [*end["rows"].values(), end["total"], end["winner"], *end["why"]]:
            check_text(text, lang, "end")
        for p in end["players"]:
            for text in [*p["cells"].values(), *p["counts"].values(), p["total"]] + ([p["created"]] if p["created"] else []):
                check_text(text, lang, "end")


def hidden_items(match, seat):
    """The names of the items `seat` holds face down (the other seat must never read them)."""
    own = api.call({"op": "view", "match": match, "seat": seat})["result"]
    return set(own["players"][seat]["items"] or [])


def play(seed, mode, level, moves=500):
    """A game of seat 0 (random moves) against seat 1 (a bot, or random), checking every word
    on the way; returns how many log lines were read."""
    rng = random.Random(seed)
    r = api.call({"op": "new", "game": "spaeher", "seed": seed, "options": {"mode": mode}, "lang": "de",
                  "seats": [{"kind": "human", "name": "Spieler 1"}, {"kind": "ai", "level": level, "name": "Computer 2"}]})
    assert r["ok"], r
    match, view = r["result"]["match"], r["result"]["view"]
    read = 0
    try:
        for k in range(moves):
            if view["over"]:
                break
            seat = view["current_seat"]
            secret = hidden_items(match, 1)
            before = api.call({"op": "view", "match": match, "seat": 0})["result"]
            for lang in ("de", "en"):
                v = api.call({"op": "view", "match": match, "seat": seat, "lang": lang})["result"]
                check_view_words(v, lang)
                if seat == 0:
                    for action, text in zip(v["legal"], v["words"]["legal"]):
                        assert text == words.label(v, action, lang)
            if seat == 0:
                action = rng.choice(view["legal"])
                r = api.call({"op": "act", "match": match, "seat": 0, "state_id": view["state_id"], "action": action,
                              "lang": "de" if k % 2 else "en"})
            else:
                r = api.call({"op": "ai", "match": match, "seat": 1, "viewer": 0, "lang": "en" if k % 2 else "de"})
                action = r["result"]["action"]
            assert r["ok"], r
            reply = r["result"]
            events = reply["events"]
            created = {e["item"] for e in events if e.get("type") == "create"}
            assert reply["log"], (action, events)
            for line in reply["log"]:
                for lang in ("de", "en"):
                    check_text(line[lang], lang, f"log of {action}")
                    # seat 0 reads this: the items seat 1 holds face down are never named
                    for item in (secret if seat == 1 else set()) - created:
                        name = ITEM_NAMES[item][lang]
                        assert (f"„{name}“" if lang == "de" else f"the {name}") not in line[lang], (line, item)
                read += 1
            # describe: the same clauses as the log's line of this move
            for lang in ("de", "en"):
                first = words.log(before, action, events, lang)[0]["text"]
                text = re.sub(r"^(Spieler 1|Player 1|Computer 2): ", "", first).rstrip(".")
                told = words.describe(action, before, events, lang)
                told = told.replace("; die Jagd ist vorbei", "").replace("; the hunt is over", "")
                assert told.replace("; ", ", ") == text[:1].lower() + text[1:] or told.replace("; ", ", ") == text, (told, first)
            view = reply["view"]
        assert view["over"], "the game did not end"
        for lang in ("de", "en"):
            check_view_words(api.call({"op": "view", "match": match, "seat": 0, "lang": lang})["result"], lang)
    finally:
        api.call({"op": "close", "match": match})
    return read


@pytest.mark.parametrize("seed,mode,level", [(1, "normal", "easy"), (2, "intro", "easy"), (3, "normal", "random"),
                                             (4, "intro", "random"), (5, "normal", "random"), (6, "normal", "easy")])
def test_every_word_of_a_game(seed, mode, level):
    assert play(seed, mode, level) > 20


def test_the_other_seats_kept_item_is_not_named():
    """At a sunset with several items the player keeps one: its owner reads which, the other
    seat only that one was kept."""
    before = {"current_seat": 1, "phase": "sunset_keep", "turns": 4, "seats": [{"name": "Ada"}, {"name": "Bo"}],
              "players": [{"items": ["rad"]}, {"items": None}]}
    events = [{"type": "keep_item", "player": 1, "dropped": 2}]
    for lang in ("de", "en"):
        text = words.log(before, {"type": "keep_item", "item": "speer"}, events, lang)[0]["text"]
        assert ITEM_NAMES["speer"][lang] not in text and "2" in text, text
        mine = dict(before, players=[{"items": None}, {"items": ["speer", "rad", "korb"]}])
        text = words.log(mine, {"type": "keep_item", "item": "speer"}, events, lang)[0]["text"]
        assert ITEM_NAMES["speer"][lang] in text, text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_resource_list_of_the_cards_has_the_number_it_says(lang):
    """Each location's and each item's resources in words: one of a kind in the singular without
    a number, more with the number and the plural (by count, for every card of the game)."""
    lists = [c["resources"] for c in CARDS["locations"]] + [c["cost"] for c in CARDS["items"]]
    seen = set()
    for res in lists:
        said = words.resource_list(res, lang).split(", ")
        kinds = [r for r in words.RESOURCES if r in res]
        assert len(said) == len(kinds), (res, said)
        for r, part in zip(kinds, said):
            n = res.count(r)
            one, many = words.NOUNS[lang][r]
            assert part == (one if n == 1 else f"{n} {many}"), (res, part)
        seen.add(words.resource_list(res, lang))
    assert len(seen) == len({tuple(sorted(r)) for r in lists})  # two different cards never read alike


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_hint_says_why_in_words(lang):
    from helpers import hinted_game
    hints = hinted_game("spaeher", lang, 4, decisions=40, options={"mode": "normal"})
    whys = [h["why"] for _, h in hints if h.get("why")]
    assert len(whys) >= 25
    for why in whys:
        check_text(why, lang, "hint")

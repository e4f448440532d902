"""Hints that teach (issue #27, goal 2): the hint names the move and why, from what the bot's
evaluation sees, in German and English. Hand-built positions per game check the reason's kind
and numbers; the reason of a seat never depends on what that seat cannot see."""

import pytest

from urzeit import ai, api, games
from urzeit.games.elawa import bot as elawa_bot, words as elawa_words
from urzeit.games.elawa.components import CARD_IDS
from urzeit.games.sammler import bot as sammler_bot, words as sammler_words
from urzeit.games.spaeher import bot as spaeher_bot, words as spaeher_words
from urzeit.games.spaeher.components import ITEMS

# ---- Jäger und Sammler -----------------------------------------------------------------------

# Red's gatherer holds a forest with gold that one L03 at (0, 2) closes: 5 tiles, 10 points
# (the rules' example, test_sammler_rules); blue lays a river elsewhere in between.
GOLD_FOREST = [("L07", 1, 0, 0, "gatherer", "F1"), ("L03", 2, 0, 2, None, None),
               ("L07", 0, 1, 1, None, None), ("L20", -1, 0, 0, None, None)]
CLOSE = {"type": "place_tile", "x": 0, "y": 2, "rotation": 3}


def sammler_match(lang):
    tiles = [m[0] for m in GOLD_FOREST] + ["L03", "L01", "L01"]
    r = api.call({"op": "new", "game": "sammler", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1,
                  "options": {"setup": {"tiles": tiles, "bonus": ["B02"]}}, "lang": lang})["result"]
    m = r["match"]
    for tile, x, y, rot, figure, zone in GOLD_FOREST:
        for action in ({"type": "place_tile", "x": x, "y": y, "rotation": rot},
                       {"type": "place_figure", "figure": figure, "zone": zone} if figure else {"type": "pass"}):
            v = api.call({"op": "view", "match": m, "seat": None})["result"]
            reply = api.call({"op": "act", "match": m, "seat": v["current_seat"], "state_id": v["state_id"],
                              "action": action})
            assert reply["ok"], reply
    return m


def test_sammler_closing_the_gold_forest_says_closes_ten_points_and_a_bonus_tile():
    m = sammler_match("de")
    state = api.matches.get(m).state
    assert state.current == 0 and state.view(0)["tile_to_place"] == "L03"
    reason = sammler_bot.explain(state, 0, CLOSE)
    assert reason["parts"][0] == {"kind": "close", "feature": "forest", "points": 10, "bonus": True}
    assert {"kind": "back", "members": 1} in reason["parts"]
    assert sammler_words.hint_text(state.view(0), reason, "de").startswith(
        "schließt deinen Wald: +10 Punkte und eine Bonuskarte; 1 Stammesmitglied kommt zurück")
    assert sammler_words.hint_text(state.view(0), reason, "en").startswith(
        "closes your forest: +10 points and a bonus tile; 1 tribe member comes back")
    assert state.score == [0, 0]  # explaining changed nothing
    # the hint through the api: the computer finds that move and says why, in both languages
    for lang in ("de", "en"):
        r = api.call({"op": "ai", "match": m, "seat": 0, "level": "hard", "viewer": 0, "apply": False, "lang": lang})
        hint = r["result"]
        assert hint["action"] == CLOSE
        assert hint["reason"]["parts"][0]["points"] == 10
        assert hint["why"].startswith("schließt deinen Wald: +10 Punkte" if lang == "de" else "closes your forest: +10 points")


def test_sammler_figure_step_names_the_figure_and_what_its_feature_is_worth():
    m = sammler_match("en")
    state = api.matches.get(m).state.clone()
    state.apply({"type": "place_tile", "x": 0, "y": -1, "rotation": 0})  # an L03 north of the start
    claims = [a for a in state.legal_actions() if a["type"] == "place_figure" and a["figure"] == "gatherer"]
    assert claims
    reason = sammler_bot.explain(state, 0, claims[0])
    part = reason["parts"][0]
    assert part["kind"] in ("claim", "close")
    assert part["kind"] == "claim" and part["figure"] == "gatherer"
    zone = sammler_bot.T.TYPES[state.placed[state.last][0]].zone_ids[claims[0]["zone"]]
    root = state.feature_root(state.base[state.last] + zone)
    assert part["points"] == state.feature_value(root)[0] > 0  # 2 per tile and per mushroom group
    # the move's label names the figure and its place: the reason says only what it is worth
    label = sammler_words.label(state.view(0), claims[0], "de")
    assert label.startswith("Sammler in den Wald")
    assert sammler_words.hint_text(state.view(0), reason, "de") == f"der Wald ist jetzt {part['points']} Punkte wert"
    assert sammler_words.hint_text(state.view(0), reason, "en") == f"the forest is worth {part['points']} points now"
    # after a tile the figure is new: there the reason names it
    then = {"parts": [{**part, "then": True}]}
    assert sammler_words.hint_text(state.view(0), then, "de") == \
        f"danach: setzt einen Sammler in den Wald (jetzt {part['points']} Punkte wert)"
    keep = sammler_bot.explain(state, 0, {"type": "pass"})
    assert keep == {"parts": [{"kind": "keep", "members": 4}]}
    assert sammler_words.hint_text(state.view(0), keep, "de") == \
        "hält deine Stammesmitglieder für bessere Plätze zurück (4 Stammesmitglieder im Vorrat)"


def test_sammler_a_meadow_that_scores_nothing_yet_is_not_worth_0_points():
    m = sammler_match("en")
    state = api.matches.get(m).state.clone()
    state.apply({"type": "place_tile", "x": -1, "y": -1, "rotation": 0})
    hunter = {"type": "place_figure", "figure": "hunter", "zone": "M3"}
    assert hunter in state.legal_actions()
    reason = sammler_bot.explain(state, 0, hunter)
    assert reason == {"parts": [{"kind": "claim", "figure": "hunter", "feature": "meadow", "points": 0, "cult": False}]}
    view = state.view(0)
    assert sammler_words.hint_text(view, reason, "de") == "die Wiese bringt noch keine Punkte, doch spätere Karten können Tiere bringen"
    assert sammler_words.hint_text(view, reason, "en") == "the meadow scores nothing yet, but later tiles can bring animals"
    then = {"parts": [{**reason["parts"][0], "then": True}]}
    assert sammler_words.hint_text(view, then, "de") == "danach: setzt einen Jäger auf die Wiese (noch ohne Punkte)"
    # with animals the meadow's worth is said as before
    worth = {"parts": [{**reason["parts"][0], "points": 3}]}
    assert sammler_words.hint_text(view, worth, "de") == "die Wiese ist jetzt 3 Punkte wert"
    # a tile that grows the player's meadow, still without points
    grow = {"parts": [{"kind": "grow", "feature": "meadow", "points": 0}]}
    assert sammler_words.hint_text(view, grow, "de") == \
        "vergrößert deine Wiese (noch ohne Punkte, doch spätere Karten können Tiere bringen)"
    assert sammler_words.hint_text(view, {"parts": [{**grow["parts"][0], "points": 4}]}, "en") == "grows your meadow (worth 4 points now)"


def test_sammler_a_spectator_gets_the_move_but_no_reason():
    m = sammler_match("en")
    r = api.call({"op": "ai", "match": m, "seat": 0, "level": "hard", "viewer": 1, "apply": False, "lang": "en"})
    assert r["ok"] and "label" in r["result"] and "why" not in r["result"] and "reason" not in r["result"]


# ---- Elawa -----------------------------------------------------------------------------------

def elawa_state():
    """Seat 0 holds the purple caveman P08 (meat, meat, flint: 9 points) and 1 flint; the card
    G11 on stack 3 takes 2 and brings the meat of stacks 4 and 5. Seat 1 holds two cards no
    one saw it take (determinize re-deals them)."""
    from test_elawa_rules import give, new, stacks
    s = new(cards=stacks({3: "G11"}))
    give(s, 0, "flint", hand=["P08"])
    unseen = [c for c in CARD_IDS if c not in {"P08"} and c in s.deck][:2]
    for c in unseen:
        s.deck.remove(c)
    s.hands[1] += unseen
    return s


def test_elawa_take_says_the_resources_and_the_card_it_then_pays_for():
    s = elawa_state()
    take = {"type": "take_card", "stack": 3, "skip": None}
    reason = elawa_bot.explain(s, 0, take)
    assert reason == {"parts": [{"kind": "take", "card": "G11", "tokens": ["meat", "meat"]},
                                {"kind": "then_play", "card": "P08", "points": 9}]}
    # the label already says the card and its 2 meat: the reason says only what they are for
    assert "2 Fleisch" in elawa_words.label(s.view(0), take, "de")
    assert elawa_words.hint_text(s.view(0), reason, "de") == \
        "danach kannst du den violetten Urmenschen für 9 Punkte ausspielen"
    assert elawa_words.hint_text(s.view(0), reason, "en") == \
        "then you can play the purple caveman for 9 points"
    assert s.hands[0] == ["P08"] and s.avail[0] == {"flint": 1}  # explaining changed nothing
    s.hands[0] = []  # nothing to play after the take: the hint says what the card is worth
    alone = elawa_bot.explain(s, 0, take)
    assert alone["parts"][1] == {"kind": "worth", "card": "G11", "points": 11}
    assert elawa_words.hint_text(s.view(0), alone, "de") == "ausgespielt bringt die Karte 11 Punkte"
    assert elawa_words.hint_text(s.view(0), alone, "en") == "once played, it brings 11 points"
    assert "grünen Urmenschen" in elawa_words.label(s.view(0), take, "de")  # the label names the card


def test_elawa_take_of_a_card_that_scores_later_says_how():
    """A supply card is worth nothing when taken: the hint says what it will score by."""
    from test_elawa_rules import give, new, stacks
    s = new(cards=stacks({3: "B04"}))  # the blue supply card: 3 per flint stored on it
    give(s, 0, "fur")
    take = {"type": "take_card", "stack": 3, "skip": None}
    assert take in s.legal_actions()
    reason = elawa_bot.explain(s, 0, take)
    assert reason["parts"][-1] == {"kind": "later", "card": "B04"}
    assert elawa_words.hint_text(s.view(0), reason, "de") == \
        "noch bringt die Karte nichts, später zählt sie 3 je Feuerstein; dazu die Rohstoffe"
    assert elawa_words.hint_text(s.view(0), reason, "en") == \
        "it brings nothing yet, later it scores 3 per flint; and the resources come with it"


def test_elawa_play_says_the_points_and_end_turn_what_is_kept():
    s = elawa_state()
    s.apply({"type": "take_card", "stack": 3, "skip": None})
    play = next(a for a in s.legal_actions() if a["type"] == "play" and a["card"] == "P08")
    reason = elawa_bot.explain(s, 0, play)
    assert reason == {"parts": [{"kind": "play", "card": "P08", "points": 9}]}
    assert elawa_words.hint_text(s.view(0), reason, "de") == "+9 Punkte für deinen Stamm"
    end = elawa_bot.explain(s, 0, {"type": "end_turn"})
    assert end == {"parts": [{"kind": "end", "tokens": 3}]}
    assert elawa_words.hint_text(s.view(0), end, "de") == "mehr lohnt sich gerade nicht; du behältst 3 Rohstoffe für später"
    assert elawa_words.hint_text(s.view(0), {"parts": [{"kind": "end", "tokens": 1}]}, "en") == \
        "nothing more is worth it now; you keep 1 resource for later"


def test_elawa_reason_is_the_same_in_every_world_the_seat_cannot_tell_apart():
    s = elawa_state()
    game = games.get("elawa")
    for action in s.legal_actions():
        reasons = {repr(ai.explain(game, s, 0, action, seed)) for seed in range(6)}
        assert reasons == {repr(elawa_bot.explain(s, 0, action))}, action


# ---- Jäger und Späher ------------------------------------------------------------------------

def spaeher_state():
    """Seat 0 has brought back 1 clay and has a member on W01 (stone, wood, clay); its item is
    the clay figures (clay, clay: 3 points)."""
    from test_spaeher_rules import new
    s = new("intro")
    s.items[0] = ["lehmfiguren"]
    s.phase = "recall"
    s.pool = ["clay"]
    s.locations[0] = {"id": "W01", "covered": [False, False, False], "members": [0]}
    return s


def test_spaeher_recall_says_which_item_it_completes_and_its_points():
    s = spaeher_state()
    action = {"type": "recall", "where": "W01", "resource": "clay"}
    assert action in s.legal_actions()
    reason = spaeher_bot.explain(s, 0, action)
    assert reason == {"parts": [{"kind": "recall", "resource": "clay", "for": "item", "item": "lehmfiguren",
                                 "points": ITEMS["lehmfiguren"]["vp"], "ready": True}]}
    assert spaeher_words.hint_text(s.view(0), reason, "de") == "damit kannst du „Lehmfiguren“ erschaffen: +3 Punkte"
    assert spaeher_words.hint_text(s.view(0), reason, "en") == "with it you can create the Clay figures: +3 points"
    s.pool = []  # with no clay yet, one clay is only half the cost
    half = spaeher_bot.explain(s, 0, action)["parts"][0]
    assert half["ready"] is False
    assert spaeher_words.hint_text(s.view(0), {"parts": [half]}, "de") == "fehlt dir noch für „Lehmfiguren“ (+3 Punkte)"


def test_spaeher_sunset_says_the_sum_of_members_hunger_and_hand():
    from test_spaeher_rules import new
    s = new("intro")
    s.hand[0] = ["jaeger"]
    reason = spaeher_bot.explain(s, 0, {"type": "sunset"})
    pre = s.sunset_preview(0)
    assert reason["parts"][0] == {"kind": "sunset", "points": pre["vp_after"] - s.vp[0], "members": pre["members"],
                                  "hunger": pre["hunger"], "hand": 1}
    assert spaeher_words.hint_text(s.view(0), reason, "de") == "−1 Punkt: 2 Mitglieder − 2 Hunger − 1 Handkarte"
    assert spaeher_words.hint_text(s.view(0), reason, "en") == "−1 point: 2 members − 2 hunger − 1 card in hand"
    s.phase = "sunset_take"  # taking no more characters: each card kept costs a point at an early sunset
    stop = spaeher_bot.explain(s, 0, {"type": "stop"})
    assert stop == {"parts": [{"kind": "stop_take", "hand": 1}]}
    assert spaeher_words.hint_text(s.view(0), stop, "de") == \
        "jede weitere Handkarte kostet bei einem frühen Sonnenuntergang 1 Punkt (jetzt 1 Handkarte)"


def test_spaeher_reason_never_rests_on_the_other_tribes_items():
    s = spaeher_state()
    game = games.get("spaeher")
    for action in s.legal_actions():
        reasons = {repr(ai.explain(game, s, 0, action, seed)) for seed in range(6)}
        assert len(reasons) == 1, action


# ---- the reason adds to the move's label, never repeats it (player review) -------------------

def test_elawa_sacrifice_is_named_by_the_label_only_and_bones_say_what_they_stand_in_for():
    from test_elawa_rules import give, new, plays, to_play
    s = new()
    for c in ("R11", "B01"):  # R11: flint, fur, fur and a sacrifice; B01 the hand card to give
        for stack in s.cards:
            if c in stack:
                stack.remove(c)
    give(s, 0, "flint", "bone", "bone", hand=["R11", "B01"])
    to_play(s)
    [play] = plays(s, "R11")
    assert play["pay"] == ["bone", "bone", "flint"] and play["sacrifice"] == "B01"
    view = s.view(0)
    assert elawa_words.label(view, play, "de") == \
        "Spiele den roten Urmenschen aus, zahle 1 Feuerstein und 2 Knochen statt Fell, opfere die blaue Hütte"
    assert elawa_words.label(view, play, "en") == \
        "Play the red caveman, pay 1 flint and 2 bones for the furs, sacrifice the blue hut"
    reason = elawa_bot.explain(s, 0, play)
    assert reason["parts"][0]["sacrifice"] == "B01"
    for lang, victim in (("de", "Hütte"), ("en", "hut")):
        why = elawa_words.hint_text(view, reason, lang)
        assert why.startswith("+") and victim not in why, why
    store = {"parts": [{"kind": "store", "card": "B01", "points": 2}]}  # the label names the card
    assert elawa_words.hint_text(view, store, "de") == "+2 Punkte am Spielende"
    # the game's log says it the same way
    events = s.clone().apply(play)
    assert "2 Knochen statt Fell" in elawa_words.describe(play, view, events, "de")
    # a bone standing in for one of two kinds names that kind; without bones nothing is added
    assert elawa_words._joker_words("R11", ["bone", "flint", "fur"], "de") == " statt Fell"
    assert elawa_words._joker_words("R11", ["flint", "fur", "fur"], "de") == ""


def test_elawa_take_reason_does_not_repeat_the_resources_of_the_label():
    s = elawa_state()
    take = {"type": "take_card", "stack": 3, "skip": None}
    label = elawa_words.label(s.view(0), take, "de")
    why = elawa_words.hint_text(s.view(0), elawa_bot.explain(s, 0, take), "de")
    assert "Fleisch" in label and "Fleisch" not in why and "nimmt" not in why


def test_spaeher_play_says_what_the_members_can_fetch_and_what_cures_and_offspring_bring():
    from test_spaeher_rules import new
    s = new("intro")
    s.items[0] = ["lehmfiguren"]  # clay, clay
    s.hand[0] += ["heilerin"]
    view = s.view(0)
    hunter = spaeher_bot.explain(s, 0, {"type": "play", "card": "jaeger"})
    assert hunter == {"parts": [{"kind": "play", "card": "jaeger", "send": 2, "wants": ["skin"], "hunger": 2}]}
    assert spaeher_words.hint_text(view, hunter, "de") == "2 Mitglieder können Fleisch (gegen 2 Hunger) und Felle holen"
    assert spaeher_words.hint_text(view, hunter, "en") == "2 members can fetch meat (against 2 hunger) and skins"
    # the gatherer goes to the wilderness: the clay for the item, no meat
    gatherer = spaeher_bot.explain(s, 0, {"type": "play", "card": "sammlerin"})["parts"][0]
    assert gatherer["wants"] == ["clay"] and gatherer["hunger"] == 0
    assert spaeher_words.hint_text(view, {"parts": [gatherer]}, "de") == "2 Mitglieder können Lehm holen"
    s.tribe[0] = 1  # only who is at home can go
    assert spaeher_words.hint_text(s.view(0), spaeher_bot.explain(s, 0, {"type": "play", "card": "jaeger"}), "de") \
        == "1 Mitglied kann Fleisch (gegen 2 Hunger) und Felle holen"
    cure = spaeher_bot.explain(s, 0, {"type": "play", "card": "heilerin"})
    assert spaeher_words.hint_text(view, cure, "de") == "2 Hunger weniger: beim Sonnenuntergang +2 Punkte"
    assert spaeher_words.hint_text(view, cure, "en") == "2 hunger less: +2 points at sunset"
    born = spaeher_bot.explain(s, 0, {"type": "play", "card": "nachwuchs"})
    assert spaeher_words.hint_text(view, born, "de") == "1 neues Mitglied: beim Sonnenuntergang +1 Punkt"
    for card in ("jaeger", "heilerin", "nachwuchs"):  # no reason repeats the card's name
        why = spaeher_words.hint_text(view, spaeher_bot.explain(s, 0, {"type": "play", "card": card}), "de")
        assert spaeher_words.card("chars", card, "de") not in why


def test_spaeher_play_of_a_taker_or_a_drawer_says_what_it_prepares():
    from test_spaeher_rules import new
    s = new("intro")  # the display's tops: the shaman twice, the special shaman
    s.hand[0] += ["schamane", "toepferin"]
    shaman = spaeher_bot.explain(s, 0, {"type": "play", "card": "schamane"})
    assert shaman == {"parts": [{"kind": "play", "card": "schamane", "chars": 1, "best": "schamane_besonders"}]}
    assert spaeher_words.hint_text(s.view(0), shaman, "de") == \
        "nimmt 1 Charakter aus der Auslage; am meisten nützt dir dort jetzt „Schamane (besonderer)“"
    assert spaeher_words.hint_text(s.view(0), shaman, "en") == \
        "takes 1 character from the display; of most use to you there now: the Shaman (special)"
    potter = spaeher_bot.explain(s, 0, {"type": "play", "card": "toepferin"})
    assert spaeher_words.hint_text(s.view(0), potter, "de") == "zieht 2 Gegenstände; erschaffen bringen Gegenstände Punkte"


def test_spaeher_take_and_keep_say_what_the_card_does_not_its_name():
    from test_spaeher_rules import new
    s = new("intro")
    s.phase = "sunset_take"
    take = {"type": "take", "column": 2}  # the special shaman on top
    reason = spaeher_bot.explain(s, 0, take)
    assert reason == {"parts": [{"kind": "take", "card": "schamane_besonders", "chars": 2}]}
    assert "Schamane" in spaeher_words.label(s.view(0), take, "de")
    assert spaeher_words.hint_text(s.view(0), reason, "de") == \
        "für deine nächsten Züge: nimmt 2 Charaktere aus der Auslage"
    assert spaeher_words.hint_text(s.view(0), reason, "en") == "for your next turns: takes 2 characters from the display"
    keep = {"parts": [{"kind": "keep_item", "item": "lehmfiguren", "points": 3}]}
    assert spaeher_words.hint_text(s.view(0), keep, "de") == "erschaffen bringt er +3 Punkte"


def test_spaeher_column_says_why_that_card_is_covered():
    """What covering prevents (the other tribe's best card) or keeps (the seat's best stays open),
    from what both see: the other tribe's hunger and members, not its items."""
    from test_spaeher_rules import new
    s = new("intro")
    s.phase, s.playing = "column", "haeuptling"
    s.hand[0].remove("haeuptling")
    s.display[0][-1] = "heilerin"  # cures 2 hunger: of no use to seat 0 (no hunger), much to seat 1
    s.hunger = [0, 3]
    cover_healer = {"type": "column", "column": 0}
    reason = spaeher_bot.explain(s, 0, cover_healer)
    assert reason == {"parts": [{"kind": "column", "covers": "heilerin", "why": "theirs"}]}
    assert spaeher_words.hint_text(s.view(0), reason, "de") == \
        "verdeckt „Heilerin“: von den offenen Karten nützt sie dem anderen Stamm jetzt am meisten"
    assert spaeher_words.hint_text(s.view(0), reason, "en") == \
        "covers the Healer: of the open cards it would help the other tribe most now"
    s.hunger = [0, 0]  # now no one needs the healer: it is the card of least use, the special shaman stays open
    reason = spaeher_bot.explain(s, 0, cover_healer)
    assert reason == {"parts": [{"kind": "column", "covers": "heilerin", "why": "least", "keeps": "schamane_besonders"}]}
    assert spaeher_words.hint_text(s.view(0), reason, "de") == \
        "verdeckt „Heilerin“, die Karte, die dir am wenigsten nützt; „Schamane (besonderer)“ bleibt für dich offen"
    # covering the plain shaman neither keeps the best open nor takes the other tribe's best: the bare effect
    plain = spaeher_bot.explain(s, 0, {"type": "column", "column": 1})
    assert plain == {"parts": [{"kind": "column", "covers": "schamane"}]}
    s.display[1] = []
    empty = spaeher_bot.explain(s, 0, {"type": "column", "column": 1})
    assert spaeher_words.hint_text(s.view(0), empty, "de") == "die Spalte ist leer: alle offenen Karten bleiben erreichbar"
    assert s.hunger == [0, 0] and s.phase == "column"  # explaining changed nothing


def test_spaeher_place_says_what_the_resources_there_are_for():
    from test_spaeher_rules import new
    s = new("intro", hunt=["J02"], wild=["W01", "W02"])  # W01: stone, wood, clay
    s.apply({"type": "play", "card": "haeuptling"})  # draws an item, then sends a member anywhere
    s.items[0] = ["rad"]  # wood and stone
    assert {"type": "place", "where": "W01"} in s.legal_actions()
    wild = spaeher_bot.explain(s, 0, {"type": "place", "where": "W01"})["parts"][0]
    assert wild == {"kind": "place", "where": "W01", "resources": ["stone", "wood", "clay"], "item": "rad",
                    "points": ITEMS["rad"]["vp"], "wanted": ["stone", "wood"]}
    assert spaeher_words.hint_text(s.view(0), {"parts": [wild]}, "de") == \
        "dort gibt es Stein, Holz, Lehm – Stein und Holz fehlen dir noch für „Rad“ (+3 Punkte)"
    assert spaeher_words.hint_text(s.view(0), {"parts": [wild]}, "en") == \
        "there is stone, wood, clay to bring back – stone and wood still needed for the Wheel (+3 points)"
    s = new("intro", hunt=["J02"], wild=["W01", "W02"])  # J02: meat, meat, skin
    s.apply({"type": "play", "card": "jaeger"})  # reveals J02, sends up to 2 there
    assert {"type": "place", "where": "J02"} in s.legal_actions()
    assert spaeher_bot.explain(s, 0, {"type": "place", "where": "J02"})["parts"][0]["item"] == "sandalen"  # skin, fruit
    s.items[0] = []
    s.hunger[0] = 2
    hunt = spaeher_bot.explain(s, 0, {"type": "place", "where": "J02"})
    assert spaeher_words.hint_text(s.view(0), hunt, "de") == "dort gibt es 2 Fleisch, Fell – Fleisch gegen deinen Hunger (2)"
    s.hunger[0] = 0
    hunt = spaeher_bot.explain(s, 0, {"type": "place", "where": "J02"})
    assert spaeher_words.hint_text(s.view(0), hunt, "en") == "there is 2 meat, skin to bring back – 2 skins make a new member"


def test_spaeher_recall_of_an_unneeded_resource_says_what_it_still_does():
    s = spaeher_state()
    s.items[0] = []
    action = {"type": "recall", "where": "W01", "resource": "stone"}
    home = spaeher_bot.explain(s, 0, action)
    assert home == {"parts": [{"kind": "recall", "resource": "stone", "for": "home"}]}
    assert spaeher_words.hint_text(s.view(0), home, "de") == \
        "keiner der Rohstoffe dort fehlt dir; dein Mitglied kommt heim und kann wieder losgeschickt werden"
    s.locations[0]["members"] = [0, 1]  # the other tribe's member waits there too
    deny = spaeher_bot.explain(s, 0, action)
    assert deny["parts"][0]["for"] == "deny"
    assert spaeher_words.hint_text(s.view(0), deny, "en") == \
        "you do not need the resource, but now the other tribe's member there cannot take it"


def test_spaeher_column_says_which_card_it_covers():
    from test_spaeher_rules import new
    s = new("intro")
    s.phase, s.playing = "column", "haeuptling"
    s.hand[0].remove("haeuptling")
    action = {"type": "column", "column": 2}
    assert action in s.legal_actions()
    reason = spaeher_bot.explain(s, 0, action)
    assert reason == {"parts": [{"kind": "column", "covers": "schamane_besonders"}]}
    assert spaeher_words.label(s.view(0), action, "de") == "„Häuptling“ in Spalte 3 legen"
    assert spaeher_words.hint_text(s.view(0), reason, "de") == \
        "verdeckt „Schamane (besonderer)“, bis jemand die Karte darüber nimmt"
    assert spaeher_words.hint_text(s.view(0), reason, "en") == \
        "covers the Shaman (special) until someone takes the card on top"
    s.display[2] = []
    assert spaeher_bot.explain(s, 0, action)["parts"][0]["covers"] is None


def test_spaeher_lose_member_says_the_hunger_left_and_why_this_member():
    from test_spaeher_rules import new
    s = new("intro")
    s.phase, s.hunger[0], s.tribe[0] = "sunset_lose", 8, 1
    loc = s.locations[1]  # W01: stone, wood, clay; two of them already brought back
    loc["members"], loc["covered"] = [0], [True, False, True]
    home, out = {"type": "lose_member", "where": "tribe"}, {"type": "lose_member", "where": loc["id"]}
    assert home in s.legal_actions() and out in s.legal_actions()
    r = spaeher_bot.explain(s, 0, home)
    assert r == {"parts": [{"kind": "lose", "from": "tribe", "hunger": 5, "out": 1}]}
    assert spaeher_words.hint_text(s.view(0), r, "de") == \
        "3 Hunger weniger, dann 5; dein Mitglied draußen bringt noch Rohstoffe zurück"
    assert spaeher_words.hint_text(s.view(0), r, "en") == \
        "3 hunger less, then 5; your member out there still brings resources back"
    r = spaeher_bot.explain(s, 0, out)
    assert r["parts"][0]["resources"] == ["wood"]
    assert spaeher_words.hint_text(s.view(0), r, "de") == "3 Hunger weniger, dann 5; dort gibt es nur noch Holz"
    loc["covered"] = [True, True, True]
    assert spaeher_words.hint_text(s.view(0), spaeher_bot.explain(s, 0, out), "en") == \
        "3 hunger less, then 5; there is nothing left to fetch there"
    assert s.hunger[0] == 8 and s.tribe[0] == 1  # explaining changed nothing


# ---- every game: a hint in a real game has its why, in words, in both languages --------------

@pytest.mark.parametrize("game", ["sammler", "elawa", "spaeher"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_hints_in_play_give_a_reason_in_words(game, lang):
    r = api.call({"op": "new", "game": game, "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  "seed": 11, "lang": lang})["result"]
    m, whys = r["match"], []
    for _ in range(40):
        v = api.call({"op": "view", "match": m, "seat": 0})["result"]
        while not v["over"] and v["current_seat"] == 1:
            api.call({"op": "ai", "match": m, "seat": 1})
            v = api.call({"op": "view", "match": m, "seat": 0})["result"]
        if v["over"]:
            break
        hint = api.call({"op": "ai", "match": m, "seat": 0, "level": "medium", "viewer": 0, "apply": False,
                         "lang": lang})["result"]
        assert hint.get("why"), hint  # every hint says why (issue 38, goal 3)
        whys.append(hint["why"])
        api.call({"op": "act", "match": m, "seat": 0, "state_id": v["state_id"], "action": hint["action"]})
    assert len(whys) >= 6
    for why in whys:
        assert "_" not in why and "{" not in why and "None" not in why
    other = {"de": (" the ", " your ", " points"), "en": (" und ", " deinen ", " Punkte")}[lang]
    assert not any(w in f" {why} " for why in whys for w in other), whys

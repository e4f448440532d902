"""Elawa's lessons say what the game does: the numbers in their words (the resources taken,
the fire, the chief's places, the final round, the score) are checked against the engine's
views as each lesson is played by its expected moves. The first plays the chiefs' normal side,
the second ("advanced") their advanced side."""

from urzeit import api


def call(req):
    reply = api.call(req)
    assert reply["ok"], reply
    return reply["result"]


def walk(name):
    """The learner's view after each step (index: the step passed), and the last reply."""
    r = call({"op": "lesson_start", "game": "elawa", "name": name, "lang": "de"})
    views = {"start": r["view"]}
    while r["step"]["kind"] != "end":
        step = r["step"]
        req = {"op": "lesson_next"} if step["kind"] == "read" else {"op": "lesson_act", "action": step["expect"][0]}
        r = call({**req, "lesson": r["lesson"], "step": step["index"], "lang": "en"})
        views[step["index"]] = r["view"]
    return views, r


def me(view):
    return view["players"][view["seat"]]


def test_the_advanced_lessons_words_match_the_game():
    views, end = walk("advanced")
    start = views["start"]
    assert start["current_seat"] == 0 and start["players"][1]["tribe"], "Ayla began and played a card"
    assert [p["capacity"] for p in start["players"]] == [3, 3] and start["fire"] == 2
    # the red hut's number 2: the tops of the next 2 stacks, just what it costs
    assert me(views[1])["available"] == {"berry": 1, "fur": 1}
    assert me(views[2])["available"] == {} and [c["card"] for c in me(views[2])["tribe"]] == ["R02"]
    # chief 4: a card numbered 1 brought 1 meat and a bone from the supply
    assert me(views[4])["available"] == {"meat": 1, "bone": 1}
    # the yellow hut's 3 resources emptied a stack: 1 more from the fire, which keeps 1
    assert views[8]["fire"] == 1 and sum(me(views[8])["available"].values()) == 5
    assert sum(me(views[11])["available"].values()) == 4 and views[11]["phase"] == "discard"
    assert views[12]["removed"] == [] and me(views[12])["available"] == {"berry": 1, "fur": 1, "bone": 1}
    assert views[14]["removed"] == ["Y01"], "the yellow hut was sacrificed"
    assert views[16]["fire"] == 0 and views[16]["final_round"] and views[16]["current_seat"] == 0
    assert "fur" not in me(views[18])["available"] and me(views[18])["available"].get("bone") == 1
    # the end: the score as its words give it
    view = end["view"]
    assert view["over"] and view["scores"] == [23, 15]
    points = {b["card"]: b["points"] for b in view["breakdown"][0]["cards"]}
    assert points == {"R02": 8, "R05": 6, "R07": 7, "R12": 2}
    for lang in ("de", "en"):
        words = end["step"]["say"][lang]
        assert all(str(n) in words for n in (8, 6, 7, 2, 23, 15)), words


def test_the_first_lessons_words_match_the_game():
    views, end = walk("first")
    start = views["start"]
    assert start["current_seat"] == 0 and start["players"][1]["tribe"], "Ayla began and played a card"
    assert [p["capacity"] for p in start["players"]] == [4, 4], "the normal side: 4 places"
    assert me(views[1])["available"] == {"berry": 1, "fur": 1}
    assert me(views[4])["available"] == {"meat": 1}, "a card numbered 1: just 1 resource, no power"
    assert views[8]["fire"] == 1 and sum(me(views[8])["available"].values()) == 4
    assert me(views[11])["available"] == {"berry": 1, "flint": 1, "fur": 1}, "4 places: nothing to discard"
    assert views[13]["removed"] == ["Y01"], "the yellow hut was sacrificed"
    assert views[15]["fire"] == 0 and views[15]["final_round"] and views[15]["current_seat"] == 0
    assert me(views[17])["available"].get("bone") == 1 and "fur" not in me(views[17])["available"], "the tool brought a bone"
    view = end["view"]
    assert view["over"] and view["scores"] == [23, 15]
    points = {b["card"]: b["points"] for b in view["breakdown"][0]["cards"]}
    assert points == {"R02": 8, "R05": 6, "R07": 7, "R12": 2}
    for lang in ("de", "en"):
        words = end["step"]["say"][lang]
        assert all(str(n) in words for n in (8, 6, 7, 2, 23, 15)), words

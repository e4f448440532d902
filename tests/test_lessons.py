"""Lessons (docs/lessons.md): every registered lesson plays to its end by its expected moves
and by each move it accepts; random legal moves never leave the learner stuck; bad input is
refused and changes nothing."""

import json
import re

import pytest

from urzeit import api, games, lessons
from urzeit.core.rng import Rng

LESSONS = [(g.id, name) for g in games.all_games() for name in lessons.of(g)]


def call(req):
    reply = api.call(req)
    assert reply["ok"], reply
    return reply["result"]


def refused(req):
    reply = api.call(req)
    assert not reply["ok"], reply
    return reply["error"]


def start(game, name, **extra):
    return call({"op": "lesson_start", "game": game, "name": name, "lang": "de", **extra})


def go_on(r, move=None):
    """One step on: 'next' at a step that only speaks, else `move` or the expected move."""
    step = r["step"]
    if step["kind"] == "read":
        return call({"op": "lesson_next", "lesson": r["lesson"], "step": step["index"], "lang": "en"})
    return call({"op": "lesson_act", "lesson": r["lesson"], "step": step["index"],
                 "action": move if move is not None else step["expect"][0], "lang": "en"})


def play_out(r):
    while r["step"]["kind"] != "end":
        r = go_on(r)
        assert r["outcome"] in ("accepted", "read"), r["outcome"]
    return r


def test_there_are_lessons_and_hello_lists_them():
    assert ("sammler", "first") in LESSONS and ("nim", "first") in LESSONS
    hello = call({"op": "hello"})
    listed = {(g["id"], x["id"]) for g in hello["games"] for x in g["lessons"]}
    assert listed == set(LESSONS)
    for g in hello["games"]:
        for x in g["lessons"]:
            assert x["titles"]["de"] and x["titles"]["en"] and x["steps"] > 0


def sentences(text):
    return len(re.findall(r"[.!?…](\s|$)", text))


@pytest.mark.parametrize("game,name", LESSONS)
def test_each_step_says_one_or_two_sentences(game, name):
    """Short words: the panel sits over the table on a phone."""
    lesson = lessons.of(games.get(game))[name]
    for i, step in enumerate(lesson["steps"]):
        texts = [step["say"]] + [a["say"] for a in step["accept"] + step["refuse"]] + ([step["wrong"]] if step["wrong"] else [])
        for words in texts:
            for lg in ("de", "en"):
                assert 1 <= sentences(words[lg]) <= 2 and len(words[lg]) <= 220, (i, words[lg])
    for lg in ("de", "en"):  # the end explains the score: a little more room
        assert sentences(lesson["end"][lg]) <= 3 and len(lesson["end"][lg]) <= 300


@pytest.mark.parametrize("game,name", LESSONS)
def test_a_lesson_plays_to_its_end_by_its_expected_moves(game, name):
    r = start(game, name)
    seen = 0
    while r["step"]["kind"] != "end":
        step = r["step"]
        assert step["index"] == seen and step["count"] == len(lessons.of(games.get(game))[name]["steps"])
        for lg in ("de", "en"):
            assert step["say"][lg].strip()
        if step["kind"] == "move":
            # the expected move is one the learner may make: a way on always exists
            assert any(json.dumps(a, sort_keys=True) == json.dumps(step["expect"][0], sort_keys=True)
                       for a in r["view"]["legal"])
            assert r["view"]["current_seat"] == r["learner"]
        r = go_on(r)
        assert r["outcome"] in ("accepted", "read")
        for m in r["moves"]:
            assert m["log"] is not None and m["view"]["seat"] == r["learner"]
        seen += 1
    assert r["view"]["over"], "a lesson ends with the end of its game"
    assert r["step"]["say"]["de"] and r["step"]["say"]["en"]
    assert r["progress"]["at"] == seen


def other_ways(step, legal):
    """The legal moves a step takes besides its own way on: its other expected moves and the
    moves its accepted ways name or fit."""
    keys = {json.dumps(a, sort_keys=True) for a in step["expect"][1:]}
    for alt in step["accept"]:
        if "move" in alt:
            keys.add(json.dumps(alt["move"], sort_keys=True))
    fits = lambda m, a: all(k in a and json.dumps(a[k], sort_keys=True) == json.dumps(v, sort_keys=True) for k, v in m.items())  # noqa: E731
    return [a for a in legal if json.dumps(a, sort_keys=True) in keys
            or any("match" in alt and fits(alt["match"], a) for alt in step["accept"])]


@pytest.mark.parametrize("game,name", LESSONS)
def test_each_other_way_leads_to_the_end_or_says_why_not(game, name):
    """Every move a step takes besides its own (another expected move, an accepted one): taken
    and the lesson still plays to its end, or undone with the reason the script cannot follow
    it, nothing changed."""
    lesson = lessons.of(games.get(game))[name]
    for i, step in enumerate(lesson["steps"]):
        if not step["accept"] and len(step["expect"]) < 2:
            continue
        r = start(game, name)
        while r["step"]["index"] < i:
            r = go_on(r)
        tried = other_ways(step, r["view"]["legal"])
        assert tried or len(step["expect"]) > 1, f"step {i + 1}: an accepted way the learner can never make"
        for move in tried:
            if json.dumps(move, sort_keys=True) == json.dumps(r["step"]["expect"][0], sort_keys=True):
                continue  # the way on after what came before
            after = go_on(r, move)
            if after["outcome"] == "undone":
                assert after["say"]["de"].strip() and after["say"]["en"].strip()
                assert after["view"]["state_id"] == r["view"]["state_id"] and after["step"] == r["step"]
                continue
            assert after["outcome"] in ("accepted", "explained"), after["outcome"]
            if after["outcome"] == "explained":
                assert after["say"] in [a["say"] for a in step["accept"]]
            assert play_out(after)["view"]["over"]
            r = start(game, name, resume={"at": i, "moves": r["progress"]["moves"]})  # again before the move


def to_step(game, name, index):
    r = start(game, name)
    while r["step"]["index"] < index:
        r = go_on(r)
    return r


def test_a_move_in_another_order_is_taken_and_the_lesson_follows():
    """Jäger und Späher: both members come home from the wilderness; the stone first instead
    of the wood is fine (explained), the next step then expects the wood, and the lesson ends
    as the script does."""
    r = to_step("spaeher", "first", 6)
    wood = r["step"]["expect"][0]
    assert wood["resource"] == "wood"
    stone = {**wood, "resource": "stone"}
    r = go_on(r, stone)
    assert r["outcome"] == "explained" and "order" in r["say"]["en"]
    assert r["step"]["expect"][0] == wood, "the other resource is now the way on"
    # the second stone would leave the Wheel unpaid: the lesson cannot follow and says so
    again = go_on(r, stone)
    assert again["outcome"] == "undone" and "wood and stone" in again["say"]["en"]
    assert again["view"]["state_id"] == r["view"]["state_id"]
    end = play_out(r)
    assert end["view"]["over"] and end["view"]["scores"] == [8, 6]


def test_a_sensible_move_the_script_cannot_follow_is_undone_with_its_reason():
    """Carcassonne: the tile below the start tile continues the forest too, but the lesson's
    next tile needs that spot: undone, and the reason says so; nothing changed."""
    r = to_step("sammler", "first", 1)
    r2 = go_on(r, {"type": "place_tile", "x": 0, "y": 1, "rotation": 2})
    assert r2["outcome"] == "undone" and "needs the spot below" in r2["say"]["en"]
    assert r2["view"]["state_id"] == r["view"]["state_id"] and r2["step"] == r["step"] and r2["progress"] == r["progress"]


def test_an_accepted_pattern_the_script_cannot_follow_gets_the_general_reason():
    """A lesson whose accepted pattern the rest of its script cannot follow (Nim: taking 1
    instead of 3 leaves the last stones to someone else) undoes the move with the general
    reason; the move the script can follow is still explained."""
    import copy

    lesson = copy.deepcopy(lessons.of(games.get("nim"))["first"])
    step = next(s for s in lesson["steps"] if s["expect"])
    step["accept"] = [{"match": {"type": "take"}, "say": {"de": "Auch gut.", "en": "Fine too."}, "cannot": None}]
    run = lessons.LessonRun(games.get("nim"), lesson)
    run.open()
    while not run.current()["expect"]:
        run.next(run.step)
    before = (json.dumps(run.match.state.to_json(), sort_keys=True), run.step, list(run.moves))
    r = run.act(run.step, {"type": "take", "n": 1})
    assert r["outcome"] == "undone" and r["say"] == lessons.CANNOT_FOLLOW
    assert (json.dumps(run.match.state.to_json(), sort_keys=True), run.step, list(run.moves)) == before
    assert run.act(run.step, step["expect"][0])["outcome"] == "accepted"


@pytest.mark.parametrize("game,name", LESSONS)
def test_lessons_come_in_chapters_of_three_to_six_steps(game, name):
    hello = call({"op": "hello"})
    listed = next(x for g in hello["games"] if g["id"] == game for x in g["lessons"] if x["id"] == name)
    chapters = listed["chapters"]
    assert chapters and chapters[0]["first"] == 0
    assert sum(c["steps"] for c in chapters) == listed["steps"]
    for k, c in enumerate(chapters):
        assert 3 <= c["steps"] <= 6, (k, c)
        assert c["titles"]["de"].strip() and c["titles"]["en"].strip()
        if k:
            assert c["first"] == chapters[k - 1]["first"] + chapters[k - 1]["steps"]


@pytest.mark.parametrize("game,name", LESSONS)
def test_each_chapter_can_be_started_by_itself(game, name):
    """A learner picks up chapter k: the lesson starts at its first step, the table as the
    script leaves it there, and plays on to the end."""
    chapters = lessons.of(games.get(game))[name]["chapters"]
    for k, chapter in enumerate(chapters):
        by_script = to_step(game, name, chapter["first"])
        r = start(game, name, chapter=k)
        assert r["step"]["index"] == chapter["first"] and r["step"]["chapter"]["index"] == k
        assert r["step"]["chapter"]["titles"] == chapter["titles"]
        strip = lambda v: {x: v[x] for x in v if x not in ("match", "words")}  # noqa: E731
        assert strip(r["view"]) == strip(by_script["view"]) and r["progress"] == by_script["progress"]
        assert play_out(r)["view"]["over"]
    # a chapter the lesson does not have is refused; with progress too
    assert refused({"op": "lesson_start", "game": game, "name": name, "chapter": len(chapters)})["reason"] == "lesson.bad_chapter"
    assert refused({"op": "lesson_start", "game": game, "name": name, "chapter": "1"})["reason"] == "lesson.bad_chapter"
    assert refused({"op": "lesson_start", "game": game, "name": name, "chapter": 0,
                    "resume": {"at": 0, "moves": []}})["reason"] == "lesson.bad_chapter"


def test_the_first_elawa_lesson_plays_the_normal_side_and_the_advanced_side_comes_later():
    hello = call({"op": "hello"})
    names = [x["id"] for g in hello["games"] if g["id"] == "elawa" for x in g["lessons"]]
    assert names == ["first", "advanced"], "the menu lists the normal side first"
    first = start("elawa", "first")
    assert [p["capacity"] for p in first["view"]["players"]] == [4, 4], "the normal side: 4 places"
    advanced = start("elawa", "advanced")
    assert [p["capacity"] for p in advanced["view"]["players"]] == [3, 3]


@pytest.mark.parametrize("game,name", LESSONS)
def test_random_moves_never_leave_the_learner_stuck(game, name):
    """At every step a random legal move: accepted, explained or undone (the view unchanged,
    a reason in both languages), and the expected move is always there as the way on."""
    for seed in range(3):
        rng = Rng(seed + 11)
        r = start(game, name)
        guard = 0
        while r["step"]["kind"] != "end":
            guard += 1
            assert guard < 2000, "the lesson does not move on"
            step = r["step"]
            if step["kind"] == "read":
                r = go_on(r)
                continue
            legal = r["view"]["legal"]
            assert legal, "the learner has a move at every move step"
            keys = [json.dumps(a, sort_keys=True) for a in legal]
            assert json.dumps(step["expect"][0], sort_keys=True) in keys, "the 'show me' move is legal"
            move = legal[rng.below(len(legal))] if rng.below(3) else step["expect"][0]
            before = r
            r = go_on(r, move)
            if r["outcome"] == "undone":
                assert r["say"]["de"].strip() and r["say"]["en"].strip()
                assert r["view"]["state_id"] == before["view"]["state_id"] and r["step"] == before["step"]
                assert r["moves"] == []
            else:
                assert r["outcome"] in ("accepted", "explained")
                assert r["step"]["index"] == step["index"] + 1
        assert r["view"]["over"]


def test_resume_replays_the_progress():
    game, name = LESSONS[0]
    r = start(game, name)
    for _ in range(min(3, r["step"]["count"] - 1)):
        r = go_on(r)
    again = start(game, name, resume=r["progress"])
    assert again["step"] == r["step"]
    assert again["view"]["state_id"] == r["view"]["state_id"]
    strip = lambda v: {k: v[k] for k in v if k not in ("match", "words")}  # noqa: E731
    assert strip(again["view"]) == strip(r["view"])
    assert play_out(again)["view"]["over"]


def test_bad_input_is_refused_and_changes_nothing():
    game, name = LESSONS[0]
    assert refused({"op": "lesson_start", "game": game, "name": "no-such"})["reason"] == "lesson.unknown"
    assert refused({"op": "lesson_start", "game": "no-such", "name": name})["code"] == "unknown_game"
    assert refused({"op": "lesson_start", "game": game, "name": name, "resume": {"at": 99, "moves": []}})["reason"] \
        == "lesson.bad_progress"
    assert refused({"op": "lesson_start", "game": game, "name": name, "resume": {"at": 2, "moves": [{"type": "x"}]}})[
        "reason"] == "lesson.bad_progress"
    assert refused({"op": "lesson_view", "lesson": "l999999"})["code"] == "unknown_match"
    assert refused({"op": "lesson_act", "lesson": "x", "step": 0, "action": {}, "extra": 1})["code"] == "bad_request"
    r = start(game, name)
    while r["step"]["kind"] == "read":
        assert refused({"op": "lesson_act", "lesson": r["lesson"], "step": r["step"]["index"],
                        "action": {"type": "pass"}})["reason"] == "lesson.no_move_here"
        r = go_on(r)
    lid, i = r["lesson"], r["step"]["index"]
    before = call({"op": "lesson_view", "lesson": lid})
    assert refused({"op": "lesson_next", "lesson": lid, "step": i})["reason"] == "lesson.move_expected"
    assert refused({"op": "lesson_act", "lesson": lid, "step": i + 1, "action": r["step"]["expect"][0]})["code"] \
        == "stale_state"
    assert refused({"op": "lesson_act", "lesson": lid, "step": "0", "action": r["step"]["expect"][0]})["reason"] \
        == "lesson.bad_step"
    assert refused({"op": "lesson_act", "lesson": lid, "step": i, "action": "take"})["code"] == "illegal_action"
    assert refused({"op": "lesson_act", "lesson": lid, "step": i, "action": {"type": "no-such-move"}})["code"] \
        == "illegal_action"
    assert refused({"op": "lesson_act", "lesson": lid, "step": i, "action": r["step"]["expect"][0],
                    "lang": "fr"})["code"] == "bad_request"
    assert call({"op": "lesson_view", "lesson": lid}) == before
    assert call({"op": "lesson_close", "lesson": lid}) == {"closed": True}
    assert refused({"op": "lesson_view", "lesson": lid})["code"] == "unknown_match"


def test_a_script_that_does_not_fit_changes_nothing():
    """A lesson whose opponent move is illegal after the learner's: the learner's move is
    refused with the rules' reason and the lesson stays where it was (a lesson's bug never
    leaves a half-made turn)."""
    import copy

    from urzeit import lessons

    game, name = LESSONS[0]
    lesson = copy.deepcopy(lessons.of(games.get(game))[name])
    i = next(k for k, s in enumerate(lesson["steps"]) if s["expect"] and s["then"])
    lesson["steps"][i]["then"] = [{"type": "no-such-move"}]
    run = lessons.LessonRun(games.get(game), lesson)
    run.open()
    while run.step < i:
        step = run.current()
        run.act(run.step, step["expect"][0]) if step["expect"] else run.next(run.step)
    before = (json.dumps(run.match.state.to_json(), sort_keys=True), run.match.revision, len(run.match.steps),
              run.step, list(run.moves))
    with pytest.raises(Exception) as refused_move:
        run.act(i, lesson["steps"][i]["expect"][0])
    assert getattr(refused_move.value, "code", None) == "illegal_action"
    after = (json.dumps(run.match.state.to_json(), sort_keys=True), run.match.revision, len(run.match.steps),
             run.step, list(run.moves))
    assert after == before

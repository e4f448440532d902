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


@pytest.mark.parametrize("game,name", LESSONS)
def test_each_accepted_move_still_leads_to_the_end(game, name):
    lesson = lessons.of(games.get(game))[name]
    for i, step in enumerate(lesson["steps"]):
        for alt in step["accept"]:
            r = start(game, name)
            while r["step"]["index"] < i:
                r = go_on(r)
            r = go_on(r, alt["move"])
            assert r["outcome"] == "explained" and r["say"] == alt["say"]
            assert play_out(r)["view"]["over"]


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

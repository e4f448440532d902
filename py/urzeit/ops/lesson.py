"""The lesson protocol: a guided first game (docs/lessons.md), its steps and the learner's
moves; the lesson itself is `urzeit.lessons`."""

from .. import games, lessons
from .. import match as matches
from ..core.errors import BadRequest, UrzeitError
from . import operation
from .common import lang_of, log_lines, with_words


def _lesson_reply(run, lang, outcome="current", say=None, moves=()):
    """The lesson's step, what happened (each move worded, with the learner's view after it)
    and the learner's view now."""
    match = run.match
    worded = [{"seat": m["seat"], "action": m["action"], "events": m["events"],
               "log": log_lines(match, m["before"], m["action"], m["events"], lang) if lang else None,
               "view": with_words(match, m["after"], lang)} for m in moves]
    return {"lesson": run.id, "name": run.lesson["id"], "game": run.game.id, "match": match.id,
            "learner": run.learner, "outcome": outcome, "say": say, "step": run.info(), "moves": worded,
            "progress": {"at": run.step, "moves": list(run.moves)},
            "view": with_words(match, match.view(run.learner), lang)}


@operation("lesson_start", required=("game", "name"), optional=("resume", "chapter"), worded=True)
def op_lesson_start(req):
    game = games.get(req["game"])
    lang = lang_of(req)
    if req.get("resume") is not None and req.get("chapter") is not None:
        raise BadRequest("a lesson starts from its progress or at a chapter, not both", reason="lesson.bad_chapter")
    run = lessons.start(game, req["name"])
    try:
        moves = run.open()
        if req.get("resume") is not None:
            resume = req["resume"]
            if not isinstance(resume, dict) or set(resume) != {"at", "moves"}:
                raise BadRequest("resume is {at, moves}", reason="lesson.bad_progress")
            moves += run.resume(resume["at"], resume["moves"])
        elif req.get("chapter") is not None:
            moves += run.to_chapter(req["chapter"])
    except UrzeitError:
        lessons.close(run.id)
        matches.close(run.match.id)
        raise
    return _lesson_reply(run, lang, "started", None, moves)


@operation("lesson_view", required=("lesson",), worded=True)
def op_lesson_view(req):
    return _lesson_reply(lessons.get(req["lesson"]), lang_of(req))


@operation("lesson_act", required=("lesson", "step", "action"), worded=True)
def op_lesson_act(req):
    run = lessons.get(req["lesson"])
    lang = lang_of(req)
    r = run.act(req["step"], req["action"])
    return _lesson_reply(run, lang, r["outcome"], r["say"], r["moves"])


@operation("lesson_next", required=("lesson", "step"), worded=True)
def op_lesson_next(req):
    run = lessons.get(req["lesson"])
    lang = lang_of(req)
    r = run.next(req["step"])
    return _lesson_reply(run, lang, r["outcome"], r["say"], r["moves"])


@operation("lesson_close", required=("lesson",))
def op_lesson_close(req):
    run = lessons.peek(req["lesson"])
    if run is not None:
        matches.close(run.match.id)
    return {"closed": lessons.close(req["lesson"])}


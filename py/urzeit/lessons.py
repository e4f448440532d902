"""Lessons: a guided first game, played by a script (docs/lessons.md).

A lesson is data in its game's package (`lessons/<name>.json`): the game and its options, the
draws, the other seats' moves and, per learner step, the words, what to highlight and the
expected move. `LessonRun` is the driver: it holds one match, plays the other seats' scripted
moves and judges the learner's: expected or accepted (applied, with words), or anything else
legal (undone: nothing changes, a friendly reason). The api words the views and moves.
Nothing here names a game."""

import json

from .ai import LEVELS
from .core.actions import action_key
from .core.chance import ScriptedDraws, drive
from .core.errors import BadRequest, IllegalAction, StaleState, UnknownMatch
from .core.words import LANGS
from . import match as matches
from .match import Match, check_seats

LESSON_FORMAT = "urzeit-lesson"
LESSON_VERSION = 1
MAX_RUNS = 8  # lessons open at once; the page restarts a forgotten one from its progress

_runs: dict = {}
_counter = [0]
_loaded: dict = {}  # game id -> its lessons


# ---- the lesson data ----------------------------------------------------------------------

def _text(value, where) -> dict:
    if not isinstance(value, dict) or set(value) != set(LANGS) or not all(
            isinstance(value[lg], str) and value[lg].strip() for lg in LANGS):
        raise ValueError(f"{where}: words in {' and '.join(LANGS)}, both given")
    return dict(value)


def _action(value, where) -> dict:
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ValueError(f"{where}: an action is an object with a string 'type'")
    return value


def _pattern(value, where) -> dict:
    if not isinstance(value, dict) or not value:
        raise ValueError(f"{where}: a refusal's match names some fields of a move")
    return value


def parse(data: dict, game, name: str) -> dict:
    """A lesson file checked for its shape (the moves are checked by replaying: `check`)."""
    if not isinstance(data, dict) or data.get("format") != LESSON_FORMAT or data.get("version") != LESSON_VERSION:
        raise ValueError(f"{name}: not an {LESSON_FORMAT} version {LESSON_VERSION}")
    known = {"format", "version", "titles", "summary", "players", "seats", "seed", "options", "draws",
             "opening", "steps", "end"}
    if set(data) - known:
        raise ValueError(f"{name}: unknown fields {sorted(set(data) - known)}")
    seats = check_seats(data["seats"], game, LEVELS)
    if [s["kind"] for s in seats].count("human") != 1:
        raise ValueError(f"{name}: exactly one seat is the learner's (kind human)")
    steps = []
    for i, raw in enumerate(data["steps"]):
        where = f"{name} step {i + 1}"
        extra = set(raw) - {"say", "target", "expect", "accept", "refuse", "wrong", "then"}
        if extra:
            raise ValueError(f"{where}: unknown fields {sorted(extra)}")
        step = {"say": _text(raw["say"], where), "target": raw.get("target"),
                "expect": [_action(a, where) for a in raw.get("expect", [])],
                "accept": [{"move": _action(a["move"], where), "say": _text(a["say"], where)} for a in raw.get("accept", [])],
                "refuse": [{"match": _pattern(a["match"], where), "say": _text(a["say"], where)} for a in raw.get("refuse", [])],
                "wrong": _text(raw["wrong"], where) if "wrong" in raw else None,
                "then": [_action(a, where) for a in raw.get("then", [])]}
        if step["expect"] and step["wrong"] is None:
            raise ValueError(f"{where}: a step that expects a move says what is wrong with another")
        if step["target"] is not None and not isinstance(step["target"], dict):
            raise ValueError(f"{where}: target is an object (the renderer's) or absent")
        steps.append(step)
    if not steps:
        raise ValueError(f"{name}: a lesson has steps")
    draws = data.get("draws") or {}
    if not isinstance(draws, dict) or not all(isinstance(v, list) for v in draws.values()):
        raise ValueError(f"{name}: draws is {{chance kind: [outcomes in order]}}")
    return {"id": name, "game": game.id, "titles": _text(data["titles"], name),
            "summary": _text(data["summary"], name), "players": len(seats), "seats": seats,
            "seed": data.get("seed", 0), "options": data.get("options") or {}, "draws": draws,
            "opening": [_action(a, name) for a in data.get("opening", [])], "steps": steps,
            "end": _text(data["end"]["say"], name + " end")}


def of(game) -> dict:
    """The game's lessons, {name: lesson}: its package's lessons/*.json, read once."""
    if game.id not in _loaded:
        _loaded[game.id] = load_all(game)
    return _loaded[game.id]


def summaries(game) -> list[dict]:
    """The guided games the menu offers ("Lernen"): name, titles, one line, how many steps."""
    return [{"id": k, "titles": v["titles"], "summary": v["summary"], "steps": len(v["steps"])}
            for k, v in of(game).items()]


def load_all(game) -> dict:
    """{name: lesson} from the game's package folder `lessons/` (sorted by name)."""
    folder = game.data_path("lessons")
    if not folder.is_dir():
        return {}
    result = {}
    for path in sorted(folder.glob("*.json")):
        result[path.stem] = parse(json.loads(path.read_text(encoding="utf-8")), game, path.stem)
    return result


def _same(a, b) -> bool:
    return action_key(a) == action_key(b)


def _fits(pattern: dict, action) -> bool:
    """A refusal's pattern names some fields; an action fits it if those are equal."""
    return isinstance(action, dict) and all(k in action and action_key(action[k]) == action_key(v)
                                            for k, v in pattern.items())


# ---- the driver ---------------------------------------------------------------------------

class LessonRun:
    """One lesson being played: its match, the step it waits at, the learner's moves so far."""

    def __init__(self, game, lesson: dict):
        _counter[0] += 1
        self.id = f"l{_counter[0]}"
        self.game, self.lesson = game, lesson
        self.learner = next(i for i, s in enumerate(lesson["seats"]) if s["kind"] == "human")
        self.draws = ScriptedDraws(lesson["draws"], lesson["seed"])
        state = game.new_game(lesson["players"], lesson["seed"], lesson["options"], chance="external")
        self.match = Match(matches.next_id(), game, [dict(s) for s in lesson["seats"]], lesson["seed"],
                           lesson["options"], state)
        matches.store(self.match)  # the page asks its views like any match's (a language switch)
        self.step = 0
        self.moves = []  # the learner's applied moves, in order (the progress a page keeps)
        self.start_events = self._drive([])

    # -- moves --

    def _drive(self, events: list) -> list:
        return drive(self.match.state, self.draws, events)

    def _apply(self, action) -> dict:
        """Apply one move to the match (checked by the state: an illegal one changes nothing)
        and the draws it makes due: {seat, before (the learner's view), action, events}."""
        seat = self.match.state.current_player
        before = self.match.view(self.learner)
        events = self._drive(self.match.apply(action))
        return {"seat": seat, "before": before, "action": action, "events": events,
                "after": self.match.view(self.learner)}

    def _others(self, actions) -> list:
        done = []
        for a in actions:
            if self.match.state.is_over or self.match.state.current_player == self.learner:
                raise BadRequest(f"lesson {self.lesson['id']}: a scripted move of another seat when it is not theirs",
                                 reason="lesson.script_broken")
            done.append(self._apply(a))
        return done

    def open(self) -> list:
        """The opening moves of the other seats."""
        return self._others(self.lesson["opening"])

    def current(self) -> dict | None:
        return self.lesson["steps"][self.step] if self.step < len(self.lesson["steps"]) else None

    def _check_step(self, step_index):
        if type(step_index) is not int or step_index < 0:
            raise BadRequest("step must be the index of the current step", reason="lesson.bad_step")
        if step_index != self.step:
            raise StaleState(f"the lesson is at step {self.step}, not {step_index}", reason="lesson.stale_step")

    def act(self, step_index, action) -> dict:
        """The learner's move at this step: {outcome, say, moves}. accepted: the expected
        move; explained: another move the lesson accepts, with why; undone: a legal move the
        lesson does not take (nothing changes), with a friendly reason. An illegal move is the
        rules' error and changes nothing either."""
        self._check_step(step_index)
        step = self.current()
        if step is None or not step["expect"]:
            raise BadRequest("this step waits for 'next', not a move", reason="lesson.no_move_here")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action is an object with a string field 'type'", reason="action_shape")
        self.match.state.clone().apply(action)  # the rules' own refusal first; nothing changes
        if any(_same(action, e) for e in step["expect"]):
            outcome, say = "accepted", None
        else:
            accepted = next((a for a in step["accept"] if _same(action, a["move"])), None)
            if accepted is None:
                refused = next((r for r in step["refuse"] if _fits(r["match"], action)), None)
                return {"outcome": "undone", "say": (refused or {"say": step["wrong"]})["say"], "moves": []}
            outcome, say = "explained", accepted["say"]
        saved = self._snapshot()
        try:
            moves = [self._apply(action)]
            moves += self._others(step["then"])
        except Exception:  # a script that does not fit (tests/test_lessons.py): nothing changes
            self._restore(saved)
            raise
        self.moves.append(action)
        self.step += 1
        return {"outcome": outcome, "say": say, "moves": moves}

    def _snapshot(self):
        m = self.match
        return (m.state.clone(), list(m.steps), m.revision, {k: list(v) for k, v in self.draws.queues.items()},
                self.draws.rng.clone())

    def _restore(self, saved):
        m = self.match
        m.state, m.steps, m.revision, self.draws.queues, self.draws.rng = saved

    def next(self, step_index) -> dict:
        """On past a step that only says something (no move expected)."""
        self._check_step(step_index)
        step = self.current()
        if step is None:
            raise BadRequest("the lesson is over", reason="lesson.over")
        if step["expect"]:
            raise BadRequest("this step waits for a move", reason="lesson.move_expected")
        saved = self._snapshot()
        try:
            moves = self._others(step["then"])
        except Exception:
            self._restore(saved)
            raise
        self.step += 1
        return {"outcome": "read", "say": None, "moves": moves}

    def resume(self, at, moves) -> list:
        """Replay saved progress: `at` steps passed with the learner's `moves`. Progress that
        does not fit the lesson (changed since) is refused."""
        if type(at) is not int or not 0 <= at <= len(self.lesson["steps"]) or not isinstance(moves, list):
            raise BadRequest("resume is {at: steps passed, moves: [the learner's moves]}",
                             reason="lesson.bad_progress")
        done = []
        pending = list(moves)
        while self.step < at:
            try:
                if self.current()["expect"]:
                    if not pending:
                        raise BadRequest("too few moves")
                    r = self.act(self.step, pending.pop(0))
                    if r["outcome"] == "undone":
                        raise BadRequest("a move the lesson does not take")
                else:
                    r = self.next(self.step)
            except (BadRequest, IllegalAction) as e:
                raise BadRequest(f"the saved progress does not fit this lesson: {e.message}",
                                 reason="lesson.bad_progress") from None
            done += r["moves"]
        if pending:
            raise BadRequest("the saved progress has more moves than its steps", reason="lesson.bad_progress")
        return done

    def info(self) -> dict:
        """The step the lesson waits at, for the page (words in both languages)."""
        steps = self.lesson["steps"]
        step = self.current()
        over = self.match.state.is_over
        if step is None:
            return {"index": len(steps), "count": len(steps), "kind": "end", "say": self.lesson["end"],
                    "target": None, "expect": [], "over": over}
        return {"index": self.step, "count": len(steps), "kind": "move" if step["expect"] else "read",
                "say": step["say"], "target": step["target"], "expect": [dict(a) for a in step["expect"]],
                "over": over}


# ---- the store of open lessons ------------------------------------------------------------

def start(game, name) -> LessonRun:
    lessons = of(game)
    if not isinstance(name, str) or name not in lessons:
        raise BadRequest(f"{game.id} has no lesson {name!r}; known: {', '.join(lessons) or 'none'}",
                         reason="lesson.unknown")
    run = LessonRun(game, lessons[name])
    _runs[run.id] = run
    while len(_runs) > MAX_RUNS:
        _runs.pop(next(iter(_runs)))
    return run


def get(run_id) -> LessonRun:
    run = _runs.get(run_id) if isinstance(run_id, str) else None
    if run is None:
        raise UnknownMatch(f"no open lesson {run_id!r} (start it again with its progress)", reason="lesson.unknown_run")
    return run


def open_ids() -> list[str]:
    """The ids of the open lessons, oldest first."""
    return list(_runs)


def peek(run_id) -> LessonRun | None:
    return _runs.get(run_id) if isinstance(run_id, str) else None


def close(run_id) -> bool:
    return _runs.pop(run_id, None) is not None if isinstance(run_id, str) else False

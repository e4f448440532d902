"""Lessons: a guided first game, played by a script (docs/lessons.md).

A lesson is data in its game's package (`lessons/<name>.json`): the game and its options, the
draws, the other seats' moves and, per learner step, the words, what to highlight and the
expected move. `LessonRun` is the driver: it holds one match, plays the other seats' scripted
moves and judges the learner's: expected or accepted (applied, with words), or anything else
legal (undone: nothing changes, a friendly reason). A move other than the script's own is taken
only where the rest of the script can follow it (tried on the side first, as lichess's lessons
judge a goal, not a move); where it cannot, the reason says so. Steps come in chapters, each
one a learner can start by itself. The api words the views and moves. Nothing here names a
game."""

import json

from .ai import LEVELS
from .core.actions import action_key
from .core.chance import ScriptedDraws, drive
from .core.errors import BadRequest, IllegalAction, StaleState, UnknownMatch, UrzeitError
from .core.words import LANGS
from . import match as matches
from .match import Match, check_seats

LESSON_FORMAT = "urzeit-lesson"
LESSON_VERSION = 1
MAX_RUNS = 8  # lessons open at once; the page restarts a forgotten one from its progress
# Why a sensible move is undone when the lesson's next moves need the one it shows (a step may
# say it in its own words: an accepted move's "cannot").
CANNOT_FOLLOW = {"de": "Das geht auch – aber die Lektion ist für den gezeigten Zug geschrieben und käme danach nicht weiter. "
                       "Nimm bitte den.",
                 "en": "That works too – but the lesson is written for the move it shows and could not go on after "
                       "yours. Take that one, please."}

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
        raise ValueError(f"{where}: a match names some fields of a move")
    return value


def _accept(raw, where) -> dict:
    """Another way to the step's goal: one move, or every move that fits a pattern; `say` why it
    is fine, `cannot` (optional) why the lesson cannot go on from it where it cannot."""
    if not isinstance(raw, dict) or set(raw) - {"move", "match", "say", "cannot"} or ("move" in raw) == ("match" in raw):
        raise ValueError(f"{where}: an accepted move is {{move or match, say, [cannot]}}")
    accept = {"say": _text(raw["say"], where), "cannot": _text(raw["cannot"], where) if "cannot" in raw else None}
    if "move" in raw:
        accept["move"] = _action(raw["move"], where)
    else:
        accept["match"] = _pattern(raw["match"], where)
    return accept


def _chapters(raw_steps, titles, name) -> list[dict]:
    """The lesson's chapters: a step with "chapter" begins one (the first step must, if any
    does); without any the lesson is one chapter. Each: titles, first (step index), steps."""
    starts = [(i, _text(raw["chapter"], f"{name} step {i + 1} chapter"))
              for i, raw in enumerate(raw_steps) if "chapter" in raw]
    if not starts:
        starts = [(0, titles)]
    if starts[0][0] != 0:
        raise ValueError(f"{name}: the first step begins the first chapter")
    ends = [i for i, _ in starts[1:]] + [len(raw_steps)]
    return [{"titles": t, "first": i, "steps": end - i} for (i, t), end in zip(starts, ends)]


def parse(data: dict, game, name: str) -> dict:
    """A lesson file checked for its shape (the moves are checked by replaying: `check`)."""
    if not isinstance(data, dict) or data.get("format") != LESSON_FORMAT or data.get("version") != LESSON_VERSION:
        raise ValueError(f"{name}: not an {LESSON_FORMAT} version {LESSON_VERSION}")
    known = {"format", "version", "titles", "summary", "order", "players", "seats", "seed", "options", "draws",
             "opening", "steps", "end"}
    if set(data) - known:
        raise ValueError(f"{name}: unknown fields {sorted(set(data) - known)}")
    seats = check_seats(data["seats"], game, LEVELS)
    if [s["kind"] for s in seats].count("human") != 1:
        raise ValueError(f"{name}: exactly one seat is the learner's (kind human)")
    steps = []
    for i, raw in enumerate(data["steps"]):
        where = f"{name} step {i + 1}"
        extra = set(raw) - {"say", "target", "expect", "accept", "refuse", "wrong", "then", "chapter"}
        if extra:
            raise ValueError(f"{where}: unknown fields {sorted(extra)}")
        step = {"say": _text(raw["say"], where), "target": raw.get("target"),
                "expect": [_action(a, where) for a in raw.get("expect", [])],
                "accept": [_accept(a, where) for a in raw.get("accept", [])],
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
    order = data.get("order", 0)
    if type(order) is not int:
        raise ValueError(f"{name}: order is a whole number (the menu lists lessons by it, then by name)")
    titles = _text(data["titles"], name)
    chapters = _chapters(data["steps"], titles, name)
    draws = data.get("draws") or {}
    if not isinstance(draws, dict) or not all(isinstance(v, list) for v in draws.values()):
        raise ValueError(f"{name}: draws is {{chance kind: [outcomes in order]}}")
    return {"id": name, "game": game.id, "titles": titles, "order": order, "chapters": chapters,
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
    """The guided games the menu offers ("Lernen"): name, titles, one line, how many steps and
    the chapters (titles, first step, how many)."""
    return [{"id": k, "titles": v["titles"], "summary": v["summary"], "steps": len(v["steps"]),
             "chapters": [dict(c) for c in v["chapters"]]}
            for k, v in of(game).items()]


def load_all(game) -> dict:
    """{name: lesson} from the game's package folder `lessons/`, in the menu's order (each
    lesson's `order`, then its name)."""
    folder = game.data_path("lessons")
    if not folder.is_dir():
        return {}
    found = [parse(json.loads(path.read_text(encoding="utf-8")), game, path.stem) for path in sorted(folder.glob("*.json"))]
    return {lesson["id"]: lesson for lesson in sorted(found, key=lambda x: (x["order"], x["id"]))}


def _same(a, b) -> bool:
    return action_key(a) == action_key(b)


def _fits(pattern: dict, action) -> bool:
    """A refusal's pattern names some fields; an action fits it if those are equal."""
    return isinstance(action, dict) and all(k in action and action_key(action[k]) == action_key(v)
                                            for k, v in pattern.items())


def _takes(accept: dict, action) -> bool:
    """An accepted way names one move or fits a pattern."""
    return _same(action, accept["move"]) if "move" in accept else _fits(accept["match"], action)


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

    def _apply(self, action, quiet=False) -> dict | None:
        """Apply one move to the match (checked by the state: an illegal one changes nothing)
        and the draws it makes due: {seat, before (the learner's view), action, events}; a
        quiet one (a trial) keeps no views."""
        if quiet:
            self._drive(self.match.apply(action))
            return None
        seat = self.match.state.current_player
        before = self.match.view(self.learner)
        events = self._drive(self.match.apply(action))
        return {"seat": seat, "before": before, "action": action, "events": events,
                "after": self.match.view(self.learner)}

    def _others(self, actions, quiet=False) -> list:
        done = []
        for a in actions:
            if self.match.state.is_over or self.match.state.current_player == self.learner:
                raise BadRequest(f"lesson {self.lesson['id']}: a scripted move of another seat when it is not theirs",
                                 reason="lesson.script_broken")
            done.append(self._apply(a, quiet))
        return done

    def _legal_expected(self, step) -> list:
        """The step's expected moves that are legal now, in the script's order: the first is
        the lesson's own way on (the one "show me" makes); an earlier other way may have taken
        the place of one (two moves of a turn made the other way round)."""
        state = self.match.state
        if state.is_over or state.current_player != self.learner:
            return []
        legal = {action_key(a) for a in state.legal_actions()}
        return [a for a in step["expect"] if action_key(a) in legal]

    def _follows(self, action) -> bool:
        """Whether the rest of the script can go on after `action` at this step: its other seats'
        moves and every later step's own way on stay legal and the game ends with the last
        step. Tried on the side; nothing changes."""
        saved = self._snapshot()
        steps = self.lesson["steps"]
        try:
            self._apply(action, quiet=True)
            self._others(steps[self.step]["then"], quiet=True)
            for later in steps[self.step + 1:]:
                if later["expect"]:
                    way = self._legal_expected(later)
                    if not way:
                        return False
                    self._apply(way[0], quiet=True)
                self._others(later["then"], quiet=True)
            return self.match.state.is_over
        except UrzeitError:
            return False
        finally:
            self._restore(saved)

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
        way = self._legal_expected(step)
        if way and _same(action, way[0]):
            outcome, say = "accepted", None
        else:
            if any(_same(action, e) for e in step["expect"]):  # right elsewhere, not after what came before
                outcome, say, cannot = "accepted", None, step["wrong"]
            else:
                accepted = next((a for a in step["accept"] if _takes(a, action)), None)
                if accepted is None:
                    refused = next((r for r in step["refuse"] if _fits(r["match"], action)), None)
                    return {"outcome": "undone", "say": (refused or {"say": step["wrong"]})["say"], "moves": []}
                outcome, say, cannot = "explained", accepted["say"], accepted["cannot"]
            if not self._follows(action):  # a sensible move the script cannot go on from: it says so
                return {"outcome": "undone", "say": cannot or CANNOT_FOLLOW, "moves": []}
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

    def to_chapter(self, chapter) -> list:
        """On to the first step of `chapter` by the script's own moves (a learner picks one
        up without playing the ones before)."""
        chapters = self.lesson["chapters"]
        if type(chapter) is not int or not 0 <= chapter < len(chapters):
            raise BadRequest(f"chapter is the index of one of the lesson's {len(chapters)} chapters",
                             reason="lesson.bad_chapter")
        done = []
        while self.step < chapters[chapter]["first"]:
            step = self.current()
            if step["expect"]:
                way = self._legal_expected(step)
                if not way:
                    raise BadRequest(f"lesson {self.lesson['id']}: no expected move is legal at step {self.step + 1}",
                                     reason="lesson.script_broken")
                r = self.act(self.step, way[0])
            else:
                r = self.next(self.step)
            done += r["moves"]
        return done

    def chapter_of(self, index) -> int:
        """The chapter step `index` belongs to (the end counts to the last)."""
        return max(k for k, c in enumerate(self.lesson["chapters"]) if c["first"] <= index) if index > 0 else 0

    def info(self) -> dict:
        """The step the lesson waits at, for the page (words in both languages)."""
        steps = self.lesson["steps"]
        step = self.current()
        over = self.match.state.is_over
        k = self.chapter_of(self.step)
        chapter = {"index": k, "count": len(self.lesson["chapters"]), **self.lesson["chapters"][k]}
        if step is None:
            return {"index": len(steps), "count": len(steps), "kind": "end", "say": self.lesson["end"],
                    "target": None, "expect": [], "over": over, "chapter": chapter}
        return {"index": self.step, "count": len(steps), "kind": "move" if step["expect"] else "read",
                "say": step["say"], "target": step["target"], "expect": [dict(a) for a in self._legal_expected(step)],
                "over": over, "chapter": chapter}


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

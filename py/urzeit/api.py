"""The JSON entry point: urzeit.api.handle(request: str) -> str.

One request in, one reply out, both JSON text. Every failure becomes an error reply and
changes no match: actions are applied to a copy that replaces the match state only on
success. See docs/protocol.md.
"""

import json
import pathlib
import sys
import time

from . import __version__, ai, games
from .core.game import load_messages
from .core.errors import (BadRequest, BadSave, IllegalAction, NotYourTurn, StaleState,
                          UnknownMatch, UrzeitError)
from .core.rng import GOLDEN, MASK64, Rng

REPLAY_FORMAT = "urzeit-replay"
REPLAY_VERSION = 1
MAX_MATCHES = 64  # the least recently used matches are forgotten beyond this (the page keeps its own saves)
MAX_REQUEST_CHARS = 5_000_000
MAX_JOBS = 8  # searches waiting for their next time slice

_FIELDS = {
    "hello": ({"op"}, set()),
    "new": ({"op", "game", "seats", "seed"}, {"options"}),
    "view": ({"op", "match", "seat"}, set()),
    "act": ({"op", "match", "seat", "state_id", "action"}, set()),
    "ai": ({"op", "match", "seat"}, {"budget_ms", "turn_ms", "level", "viewer", "apply", "slice_ms"}),
    "ai_continue": ({"op", "job"}, {"slice_ms"}),
    "undo": ({"op", "match", "seat"}, set()),
    "save": ({"op", "match"}, set()),
    "load": ({"op", "save"}, set()),
}


class Step:
    """One applied action: the state before it, who acted, and whether it revealed hidden
    information (an undo barrier)."""
    __slots__ = ("before", "seat", "action", "reveals")

    def __init__(self, before, seat, action, reveals):
        self.before, self.seat, self.action, self.reveals = before, seat, action, reveals


class Match:
    def __init__(self, match_id, game, seats, seed, options, state):
        self.id = match_id
        self.game = game
        self.seats = seats
        self.seed = seed
        self.options = options
        self.state = state
        self.steps: list[Step] = []
        self.revision = 0  # the view's state_id: grows with every change, undo included

    def apply(self, action) -> list[dict]:
        seat = self.state.current_player
        new_state = self.state.clone()
        events = new_state.apply(action)
        reveals = any(e.get("reveals") for e in events)
        self.steps.append(Step(self.state, seat, action, reveals))
        self.state = new_state
        self.revision += 1
        return events

    def view(self, seat) -> dict:
        s = self.state
        v = s.view(seat)
        v.update({
            "game": self.game.id,
            "match": self.id,
            "state_id": self.revision,
            "seat": seat,
            "current_seat": s.current_player,
            "over": s.is_over,
            "scores": s.scores(),
            "seats": [dict(x) for x in self.seats],
        })
        if seat is not None and seat == s.current_player:
            v["legal"] = s.legal_actions()
        target = self.undo_target(seat) if seat is not None else UNDO_REFUSALS[0]
        v["undo"] = isinstance(target, int)
        # undo_reason: English detail; undo_reason_key: what the page words for the player
        v["undo_reason"] = None if v["undo"] else target[1]
        v["undo_reason_key"] = None if v["undo"] else target[0]
        return v

    def undo_target(self, seat):
        """Index of the step to go back to, or a (reason key, English detail) refusal."""
        if self.state.is_over:
            return UNDO_REFUSALS[3]  # a finished game stays finished
        for i in range(len(self.steps) - 1, -1, -1):
            if self.steps[i].seat == seat:
                later = self.steps[i:]
                if any(st.reveals for st in later):
                    return UNDO_REFUSALS[1]
                if any(st.seat != seat and self.seats[st.seat]["kind"] == "human" for st in later):
                    return UNDO_REFUSALS[2]
                return i
        return UNDO_REFUSALS[0]

    def replay(self) -> dict:
        return {
            "format": REPLAY_FORMAT,
            "version": REPLAY_VERSION,
            "game": self.game.id,
            "players": len(self.seats),
            "seed": self.seed,
            "options": self.options,
            "seats": [dict(x) for x in self.seats],
            "actions": [st.action for st in self.steps],
        }


UNDO_REFUSALS = (
    ("undo.nothing", "nothing to undo: you have made no move yet"),
    ("undo.revealed", "new hidden information was revealed since (a drawn tile or card)"),
    ("undo.other_human", "another player has moved since"),
    ("undo.game_over", "the game is over"),
)
_matches: dict[str, Match] = {}
_counter = [0]


def _store(match: Match) -> None:
    _matches[match.id] = match
    while len(_matches) > MAX_MATCHES:
        del _matches[next(iter(_matches))]


def _next_id() -> str:
    _counter[0] += 1
    return f"m{_counter[0]}"


def _int(req, key, lo, hi, allow_none=False):
    value = req.get(key)
    if value is None and allow_none:
        return None
    if type(value) is not int or not lo <= value <= hi:
        raise BadRequest(f"{key} must be an integer from {lo} to {hi}")
    return value


def _match(req) -> Match:
    match_id = req["match"]
    if not isinstance(match_id, str) or match_id not in _matches:
        raise UnknownMatch(f"no match {match_id!r} (it may have been closed; load a save)")
    _matches[match_id] = _matches.pop(match_id)  # most recently used last
    return _matches[match_id]


def _seat(req, match: Match, allow_none=False):
    return _int(req, "seat", 0, len(match.seats) - 1, allow_none)


def _check_seats(seats, game) -> list[dict]:
    if not isinstance(seats, list) or not game.min_players <= len(seats) <= game.max_players:
        raise BadRequest(f"seats must be a list of {game.min_players} to {game.max_players} seats")
    result = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "ai"):
            raise BadRequest(f"seat {i} must be an object with kind 'human' or 'ai'")
        unknown = set(seat) - {"kind", "level", "name"}
        if unknown:
            raise BadRequest(f"seat {i} has unknown field(s): {', '.join(sorted(unknown))}")
        name = seat.get("name", f"{'Spieler' if seat['kind'] == 'human' else 'Computer'} {i + 1}")
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise BadRequest(f"seat {i}: name must be text of 1 to 40 characters")
        clean = {"kind": seat["kind"], "name": name}
        if seat["kind"] == "ai":
            level = seat.get("level", "medium")
            if level not in ai.LEVELS:
                raise BadRequest(f"seat {i}: level must be one of {', '.join(ai.LEVELS)}")
            clean["level"] = level
        elif "level" in seat:
            raise BadRequest(f"seat {i}: only computer seats have a level")
        result.append(clean)
    return result


def op_hello(req):
    return {
        "engine": "urzeit",
        "version": __version__,
        "python": sys.version.split()[0],
        "games": [g.describe() for g in games.all_games()],
        "levels": list(ai.LEVELS),
        "messages": all_messages(),
    }


def all_messages() -> dict:
    """Every reason key the engine can send, worded in German and English."""
    texts = load_messages(pathlib.Path(__file__).parent / "core")
    for g in games.all_games():
        texts.update(g.messages())
    return texts


def op_new(req):
    game = games.get(req["game"])
    seats = _check_seats(req["seats"], game)
    seed = _int(req, "seed", 0, 2 ** 53 - 1)
    options = req.get("options") or {}
    state = game.new_game(len(seats), seed, options)
    match = Match(_next_id(), game, seats, seed, options, state)
    _store(match)
    return {"match": match.id, "view": match.view(_first_human(match))}


def _first_human(match):
    current = match.state.current_player
    if current is not None and match.seats[current]["kind"] == "human":
        return current
    for i, seat in enumerate(match.seats):
        if seat["kind"] == "human":
            return i
    return None


def op_view(req):
    match = _match(req)
    return match.view(_seat(req, match, allow_none=True))


def _check_turn(match, seat):
    if match.state.is_over:
        raise IllegalAction("the game is over", reason="game_over")
    if seat != match.state.current_player:
        raise NotYourTurn(f"it is seat {match.state.current_player}'s turn, not seat {seat}'s",
                          params={"seat": match.state.current_player})


def op_act(req):
    match = _match(req)
    seat = _seat(req, match)
    state_id = _int(req, "state_id", 0, 2 ** 53 - 1)
    if state_id != match.revision:
        raise StaleState(f"state_id {state_id} is not current ({match.revision}); reload the view")
    _check_turn(match, seat)
    events = match.apply(req["action"])
    return {"events": events, "view": match.view(seat)}


def op_ai(req):
    match = _match(req)
    seat = _seat(req, match)
    _check_turn(match, seat)
    budget = _int(req, "budget_ms", 0, 60_000, allow_none=True)
    turn_ms = _int(req, "turn_ms", 0, 3_600_000, allow_none=True)  # spent so far in this computer turn
    # The reply's view is the viewer's (default: a spectator's), never the bot seat's hand.
    viewer = _int(req, "viewer", 0, len(match.seats) - 1, allow_none=True)
    level = req.get("level") or match.seats[seat].get("level", "medium")
    if level not in ai.LEVELS:
        raise BadRequest(f"level must be one of {', '.join(ai.LEVELS)}")
    view = match.view(seat)
    state = match.state

    def determinize(rng):
        return state.determinize(seat, rng) if hasattr(state, "determinize") else state.clone()

    bot_seed = (match.seed * GOLDEN + match.revision + 1) & MASK64
    stats = {}
    steps = ai.choose_action_steps(match.game.id, view, determinize, level, bot_seed, budget, turn_ms, stats)
    job = {"match": match.id, "revision": match.revision, "steps": steps, "viewer": viewer, "stats": stats,
           "apply": req.get("apply", True) is not False}
    slice_ms = _int(req, "slice_ms", 1, 60_000, allow_none=True)
    if slice_ms is None:
        return _run_job(job, None)
    global _job_counter
    _job_counter += 1
    job_id = f"j{_job_counter}"
    _jobs[job_id] = job
    while len(_jobs) > MAX_JOBS:  # forget the oldest abandoned search
        _jobs.pop(next(iter(_jobs)))
    return _run_job(job, slice_ms, job_id)


def op_ai_continue(req):
    """The next time slice of a search that `ai` with slice_ms started."""
    job_id = req["job"]
    job = _jobs.get(job_id) if isinstance(job_id, str) else None
    if job is None:
        raise UnknownMatch("no such search: it finished, was replaced or never started")
    match = _matches.get(job["match"])
    if match is None or match.revision != job["revision"]:
        _jobs.pop(job_id, None)
        raise StaleState("the game changed while the computer was thinking; ask again")
    return _run_job(job, _int(req, "slice_ms", 1, 60_000, allow_none=True), job_id)


def _run_job(job, slice_ms, job_id=None):
    """Run a search until it ends or its slice is used up; a pending reply names the job."""
    deadline = time.perf_counter() + slice_ms / 1000 if slice_ms else None
    steps = job["steps"]
    while True:
        try:
            next(steps)
        except StopIteration as done:
            action = done.value
            break
        if deadline is not None and time.perf_counter() > deadline:
            return {"pending": True, "job": job_id}
    if job_id is not None:
        _jobs.pop(job_id, None)
    match = _matches[job["match"]]
    search = job["stats"]  # what the search did (simulations, planned, limit_s, cut); {} if none
    if not job["apply"]:  # a hint: what this bot would play, nothing changes
        return {"action": action, "events": [], "view": match.view(job["viewer"]), "search": search}
    events = match.apply(action)
    return {"action": action, "events": events, "view": match.view(job["viewer"]), "search": search}


def op_undo(req):
    match = _match(req)
    seat = _seat(req, match)
    target = match.undo_target(seat)
    if not isinstance(target, int):
        raise IllegalAction(f"cannot undo: {target[1]}", reason=target[0])
    match.state = match.steps[target].before
    del match.steps[target:]
    match.revision += 1
    return match.view(seat)


def op_save(req):
    return _match(req).replay()


def op_load(req):
    save = req["save"]
    if isinstance(save, str):
        try:
            save = json.loads(save)
        except ValueError as e:
            raise BadSave(f"the save is not JSON: {e}") from None
    match = rebuild(save)
    _store(match)
    return {"match": match.id, "view": match.view(_first_human(match))}


def rebuild(save) -> Match:
    """Build a match from a replay by applying its actions; any flaw is BadSave."""
    if not isinstance(save, dict) or save.get("format") != REPLAY_FORMAT:
        raise BadSave("this is not an Urzeit save (format must be 'urzeit-replay')")
    if save.get("version") != REPLAY_VERSION:
        raise BadSave(f"unsupported save version {save.get('version')!r}")
    missing = {"game", "players", "seed", "options", "actions"} - set(save)
    if missing:
        raise BadSave(f"the save lacks {', '.join(sorted(missing))}")
    try:
        game = games.get(save["game"])
    except UrzeitError as e:
        raise BadSave(e.message) from None
    players, actions = save["players"], save["actions"]
    if not isinstance(actions, list):
        raise BadSave("actions must be a list")
    seats = save.get("seats") or [{"kind": "human"} for _ in range(players if type(players) is int and 0 < players < 10 else 0)]
    try:
        seats = _check_seats(seats, game)
        if len(seats) != players:
            raise BadRequest("seats and players disagree")
        state = game.new_game(players, save["seed"], save["options"])
    except UrzeitError as e:
        raise BadSave(f"the save's setup is invalid: {e.message}") from None
    match = Match(_next_id(), game, seats, save["seed"], save["options"], state)
    for i, action in enumerate(actions):
        if match.state.is_over:
            raise BadSave(f"action {i} comes after the end of the game")
        try:
            match.apply(action)
        except UrzeitError as e:
            raise BadSave(f"action {i} cannot be replayed: {e.message}") from None
    return match


_OPS = {"hello": op_hello, "new": op_new, "view": op_view, "act": op_act, "ai": op_ai,
        "ai_continue": op_ai_continue, "undo": op_undo, "save": op_save, "load": op_load}
_jobs: dict = {}
_job_counter = 0


def _error(code: str, message: str, reason: str | None = None, params: dict | None = None) -> str:
    error = {"code": code, "message": message}
    if reason:
        error["reason"] = reason
        error["params"] = params or {}
    return json.dumps({"ok": False, "error": error})


def handle(request: str) -> str:
    """Answer one JSON request with one JSON reply; never raises."""
    try:
        if not isinstance(request, str) or len(request) > MAX_REQUEST_CHARS:
            raise BadRequest("the request must be JSON text of at most 5 MB")
        try:
            req = json.loads(request)
        except (ValueError, RecursionError) as e:
            raise BadRequest(f"the request is not valid JSON: {e}") from None
        if not isinstance(req, dict) or not isinstance(req.get("op"), str) or req["op"] not in _FIELDS:
            raise BadRequest(f"the request must be an object with op one of {', '.join(_FIELDS)}")
        required, optional = _FIELDS[req["op"]]
        missing = required - set(req)
        unknown = set(req) - required - optional
        if missing or unknown:
            raise BadRequest(f"op {req['op']}: missing {sorted(missing)}, unknown {sorted(unknown)}")
        result = _OPS[req["op"]](req)
        return json.dumps({"ok": True, "result": result}, separators=(",", ":"))
    except UrzeitError as e:
        return _error(e.code, e.message, e.reason, e.params)
    except Exception as e:  # a bug: report it, never crash the worker
        return _error("internal_error", f"{type(e).__name__}: {e}")

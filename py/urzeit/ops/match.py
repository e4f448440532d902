"""The match protocol: hello, a match played from a seat (new, view, act, ai and its time
slices, undo, history), its save and load, and a game's worked example (docs/protocol.md).
Every failure is an error reply and changes no match: actions are applied to a copy that
replaces the match state only on success."""

import functools
import json
import pathlib
import sys

from .. import __version__, ai, fair, games, lessons
from .. import match as matches
from ..core.errors import BadRequest, BadSave, IllegalAction, NotYourTurn, StaleState, UrzeitError
from ..core.game import load_messages
from ..core.rng import GOLDEN, MASK64
from ..match import Match
from . import operation, worded_ops
from . import jobs as sliced
from .common import int_field, lang_of, log_lines, with_words

jobs = sliced.jobs  # the searches running in time slices (ops/jobs.py)


def _match(req) -> Match:
    return matches.get(req["match"])


def _seat(req, match: Match, allow_none=False):
    return int_field(req, "seat", 0, len(match.seats) - 1, allow_none)


def _check_seats(seats, game) -> list[dict]:
    return matches.check_seats(seats, game, ai.LEVELS)


@operation("hello")
def op_hello(req):
    return _hello_reply()


@functools.cache
def _hello_reply() -> dict:
    """Made once per process from the package's files: the memory snapshots are taken after a
    hello, so a snapshot-booted engine answers it without running Python's slow first calls
    again (WebKit: ~0.13 s of its start). The reply is only ever serialized, never changed."""
    return {
        "engine": "urzeit",
        "version": __version__,
        "python": sys.version.split()[0],
        "games": [{**g.describe(), "lessons": lessons.summaries(g), "fair": _fair_support(g)}
                  for g in games.all_games()],
        "levels": list(ai.LEVELS),
        "messages": all_messages(),
        "worded_ops": worded_ops(),  # the page adds its language to these requests
    }


def _fair_support(game) -> dict:
    """Whether a game can be played fairly by link: {"ok": true} or the reason key why not."""
    try:
        fair.supported(game, game.min_players, {k: v.get("default") for k, v in game.options.items()})
        return {"ok": True}
    except UrzeitError as e:
        return {"ok": False, "reason": e.reason}


def all_messages() -> dict:
    """Every reason key the engine can send, worded in German and English."""
    package = pathlib.Path(__file__).resolve().parent.parent
    texts = load_messages(package / "core")
    texts.update(load_messages(package / "fair"))  # fair play's refusals
    for g in games.all_games():
        texts.update(g.messages())
    return texts


@operation("new", required=("game", "seats", "seed"), optional=("options",), worded=True)
def op_new(req):
    game = games.get(req["game"])
    seats = _check_seats(req["seats"], game)
    seed = int_field(req, "seed", 0, 2 ** 53 - 1)
    options = req.get("options") or {}
    lang = lang_of(req)
    state = game.new_game(len(seats), seed, options)
    match = Match(matches.next_id(), game, seats, seed, options, state)
    matches.store(match)
    return {"match": match.id, "view": with_words(match, match.view(_first_human(match)), lang)}


def _first_human(match):
    current = match.state.current_player
    if current is not None and match.seats[current]["kind"] == "human":
        return current
    for i, seat in enumerate(match.seats):
        if seat["kind"] == "human":
            return i
    return None


@operation("view", required=("match", "seat"), worded=True)
def op_view(req):
    match = _match(req)
    return with_words(match, match.view(_seat(req, match, allow_none=True)), lang_of(req))


def _check_turn(match, seat):
    if match.state.is_over:
        raise IllegalAction("the game is over", reason="game_over")
    if seat != match.state.current_player:
        raise NotYourTurn(f"it is seat {match.state.current_player}'s turn, not seat {seat}'s",
                          params={"seat": match.state.current_player})


@operation("act", required=("match", "seat", "state_id", "action"), worded=True)
def op_act(req):
    match = _match(req)
    seat = _seat(req, match)
    state_id = int_field(req, "state_id", 0, 2 ** 53 - 1)
    if state_id != match.revision:
        raise StaleState(f"state_id {state_id} is not current ({match.revision}); reload the view")
    _check_turn(match, seat)
    lang = lang_of(req)
    before = match.view(seat) if lang else None
    events = match.apply(req["action"])
    reply = {"events": events, "view": with_words(match, match.view(seat), lang)}
    if lang:
        reply["log"] = log_lines(match, before, req["action"], events, lang)
    return reply


@operation("ai", required=("match", "seat"),
           optional=("budget_ms", "turn_ms", "level", "viewer", "apply", "slice_ms"), worded=True)
def op_ai(req):
    match = _match(req)
    seat = _seat(req, match)
    _check_turn(match, seat)
    budget = int_field(req, "budget_ms", 0, 60_000, allow_none=True)
    turn_ms = int_field(req, "turn_ms", 0, 3_600_000, allow_none=True)  # spent so far in this computer turn
    # The reply's view is the viewer's (default: a spectator's), never the bot seat's hand.
    viewer = int_field(req, "viewer", 0, len(match.seats) - 1, allow_none=True)
    level = req.get("level") or match.seats[seat].get("level", "medium")
    lang = lang_of(req)
    if level not in ai.LEVELS:
        raise BadRequest(f"level must be one of {', '.join(ai.LEVELS)}")
    view = match.view(seat)
    state = match.state

    def determinize(rng):
        return state.determinize(seat, rng)

    bot_seed = (match.seed * GOLDEN + match.revision + 1) & MASK64
    stats = {}
    steps = ai.choose_action_steps(match.game, view, determinize, level, bot_seed, budget, turn_ms, stats)
    job = {"match": match.id, "revision": match.revision, "steps": steps, "viewer": viewer, "stats": stats,
           "seat": seat, "seed": bot_seed,
           "apply": req.get("apply", True) is not False, "lang": lang,
           "before": match.view(viewer) if lang else None}  # the log is worded for the viewer

    def stale():
        m = matches.peek(job["match"])
        return m is None or m.revision != job["revision"]
    job.update(stale=stale, finish=lambda action: _bot_reply(job, action))
    return sliced.start(job, int_field(req, "slice_ms", 1, 60_000, allow_none=True))


@operation("ai_continue", required=("job",), optional=("slice_ms",))
def op_ai_continue(req):
    """The next time slice of a search that `ai` (or `fair_ai`) with slice_ms started."""
    return sliced.resume(req["job"], int_field(req, "slice_ms", 1, 60_000, allow_none=True))


def _bot_reply(job, action):
    """A match's search is done: the move applied (or, for a hint, named and explained)."""
    match = matches.peek(job["match"])
    search = job["stats"]  # what the search did (simulations, planned, limit_s, cut); {} if none
    lang = job["lang"]
    if not job["apply"]:  # a hint: what this bot would play, nothing changes
        reply = {"action": action, "events": [], "view": with_words(match, match.view(job["viewer"]), lang),
                 "search": search}
        if lang and job["viewer"] is not None:
            seen = match.view(job["viewer"])
            words = match.game.words()
            reply["label"] = words.label(seen, action, lang)
            if job["viewer"] == job["seat"]:  # why: only for the seat's own eyes
                reply.update(_hint_reason(match, job["seat"], action, job["seed"], seen, words, lang))
        return reply
    events = match.apply(action)
    reply = {"action": action, "events": events, "view": with_words(match, match.view(job["viewer"]), lang),
             "search": search}
    if lang:
        reply["log"] = log_lines(match, job["before"], action, events, lang)
    return reply


def _hint_reason(match, seat, action, seed, seen, words, lang) -> dict:
    """A hint's reason as data ("reason") and in words ("why"), when the game can give one."""
    reason = ai.explain(match.game, match.state, seat, action, seed)
    if not reason:
        return {}
    hint_text = getattr(words, "hint_text", None)
    why = hint_text(seen, reason, lang) if hint_text else None
    return {"reason": reason, "why": why} if why else {"reason": reason}


@operation("undo", required=("match", "seat"), worded=True)
def op_undo(req):
    match = _match(req)
    seat = _seat(req, match)
    target = match.undo_target(seat)
    if not isinstance(target, int):
        raise IllegalAction(f"cannot undo: {target[1]}", reason=target[0])
    lang = lang_of(req)
    match.undo(target)
    return with_words(match, match.view(seat), lang)


@operation("history", required=("match", "seat"))
def op_history(req):
    """Every step's log lines, worded from `seat`'s view just before it (null: a spectator's),
    as the live replies gave them: a page opened from a save rebuilds its log from this."""
    match = _match(req)
    seat = _seat(req, match, allow_none=True)
    steps = []
    for i, step in enumerate(match.steps):
        log = log_lines(match, match.view_before(i, seat), step.action, match.replayed_events(i), "en")
        steps.append({"seat": step.seat, "log": log if log is not None else []})
    return {"steps": steps}


@operation("save", required=("match",))
def op_save(req):
    return _match(req).replay()


@operation("load", required=("save",), worded=True)
def op_load(req):
    save = req["save"]
    if isinstance(save, str):
        try:
            save = json.loads(save)
        except ValueError as e:
            raise BadSave(f"the save is not JSON: {e}") from None
    lang = lang_of(req)
    match = rebuild(save)
    matches.store(match)
    return {"match": match.id, "view": with_words(match, match.view(_first_human(match)), lang)}


def rebuild(save) -> Match:
    """Build a match from a replay by applying its actions; any flaw is BadSave."""
    return matches.rebuild(save, ai.LEVELS)


@operation("close", required=("match",))
def op_close(req):
    """Forget a match (the page keeps its own saves); closing an unknown match is no error."""
    return {"closed": matches.close(req["match"])}



@operation("rules_example", required=("game",), worded=True)
def op_rules_example(req):
    """The game's worked scoring example (Game.rules_example): the position's view, worded,
    and the facts it explains; stored as no match."""
    game = games.get(req["game"])
    example = game.rules_example()
    if example is None:
        raise BadRequest(f"{game.id} has no worked example")
    state, facts = example
    seats = [{"kind": "human", "name": f"Spieler {i + 1}"} for i in range(len(state.scores()))]
    match = Match("example", game, seats, 0, {}, state)
    return {"view": with_words(match, match.view(None), lang_of(req)), "facts": facts}

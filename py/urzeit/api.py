"""The JSON entry point: urzeit.api.handle(request: str) -> str.

One request in, one reply out, both JSON text. Every failure becomes an error reply and
changes no match: actions are applied to a copy that replaces the match state only on
success. See docs/protocol.md.
"""

import json
import pathlib
import secrets
import sys
import time

from . import __version__, ai, fair, games, lessons
from . import match as matches
from .fair import link as fair_link
from .fair import record as fair_record
from .fair.duel import bot_view
from .fair import chat as fair_chat
from .core.game import load_messages
from .core import words as core_words
from .core.words import LANGS
from .core.errors import BadRequest, BadSave, IllegalAction, NotYourTurn, StaleState, UnknownMatch, UrzeitError
from .core.rng import GOLDEN, MASK64
from .match import REPLAY_FORMAT, REPLAY_VERSION, Match  # noqa: F401  (the save format is the api's)

MAX_REQUEST_CHARS = 5_000_000
MAX_JOBS = 8  # searches waiting for their next time slice

_FIELDS = {
    "hello": ({"op"}, set()),
    "new": ({"op", "game", "seats", "seed"}, {"options", "lang"}),
    "view": ({"op", "match", "seat"}, {"lang"}),
    "act": ({"op", "match", "seat", "state_id", "action"}, {"lang"}),
    "ai": ({"op", "match", "seat"}, {"budget_ms", "turn_ms", "level", "viewer", "apply", "slice_ms", "lang"}),
    "ai_continue": ({"op", "job"}, {"slice_ms"}),
    "undo": ({"op", "match", "seat"}, {"lang"}),
    "history": ({"op", "match", "seat"}, set()),
    "save": ({"op", "match"}, set()),
    "load": ({"op", "save"}, {"lang"}),
    "close": ({"op", "match"}, set()),
    "rules_example": ({"op", "game"}, {"lang"}),
    "fair_new": ({"op", "game", "players", "seat"}, {"options", "name", "lang"}),
    "fair_join": ({"op", "messages", "seat"}, {"name", "names", "lang"}),
    "fair_receive": ({"op", "party", "messages"}, {"names", "lang"}),
    "fair_act": ({"op", "party", "action"}, {"lang"}),
    "fair_view": ({"op", "party"}, {"lang"}),
    "fair_link": ({"op", "party", "to"}, set()),
    "fair_private": ({"op", "party"}, set()),
    "fair_restore": ({"op", "private", "messages"}, {"names", "lang"}),
    "fair_record": ({"op", "party"}, set()),
    "fair_check": ({"op", "record"}, set()),
    "fair_close": ({"op", "party"}, set()),
    "fair_ai": ({"op", "party"}, {"level", "budget_ms", "slice_ms"}),
    "fair_chat": ({"op", "party"}, {"text", "p"}),
    "fair_chat_check": ({"op", "party", "message"}, set()),
    "lesson_start": ({"op", "game", "name"}, {"resume", "lang"}),
    "lesson_view": ({"op", "lesson"}, {"lang"}),
    "lesson_act": ({"op", "lesson", "step", "action"}, {"lang"}),
    "lesson_next": ({"op", "lesson", "step"}, {"lang"}),
    "lesson_close": ({"op", "lesson"}, set()),
}


def _int(req, key, lo, hi, allow_none=False):
    value = req.get(key)
    if value is None and allow_none:
        return None
    if type(value) is not int or not lo <= value <= hi:
        raise BadRequest(f"{key} must be an integer from {lo} to {hi}")
    return value


def _match(req) -> Match:
    return matches.get(req["match"])


def _seat(req, match: Match, allow_none=False):
    return _int(req, "seat", 0, len(match.seats) - 1, allow_none)


def _check_seats(seats, game) -> list[dict]:
    return matches.check_seats(seats, game, ai.LEVELS)


def _lang(req):
    """The language a request wants its words in (None: no words)."""
    lang = req.get("lang")
    if lang is not None and lang not in LANGS:
        raise BadRequest(f"lang must be one of {', '.join(LANGS)}")
    return lang


def _worded(match, view, lang):
    """The view with its `words` (legal actions' labels and the game's further texts) when
    the request asked for a language."""
    words = match.game.words() if lang else None
    if words is not None:
        texts = {"legal": [words.label(view, a, lang) for a in view["legal"]]} if view.get("legal") else {}
        texts.update(words.view_words(view, lang))
        if view.get("stats"):  # the end figures' names in both languages: the page keeps them
            texts["figures"] = _figure_words(words)
        view["words"] = texts
    return view


def _figure_words(words) -> dict:
    """{figure key: {"de", "en"}} from a game's words (core.words' default if it has none)."""
    worded = {lg: getattr(words, "figure_words", core_words.figure_words)(lg) for lg in LANGS}
    return {k: {lg: worded[lg].get(k, k) for lg in LANGS} for k in sorted(worded["en"])}


def _log(match, before, action, events, lang):
    """A move's log lines in both languages (a language switch rewords the log without asking
    again): [{"group", "de", "en"}]; a line with the same group as the line before continues it."""
    words = match.game.words() if lang else None
    if words is None:
        return None
    worded = {lg: [x if isinstance(x, dict) else {"text": x, "group": None}
                   for x in words.log(before, action, events, lg)] for lg in LANGS}
    if len({len(v) for v in worded.values()}) != 1:
        raise AssertionError(f"{match.game.id}: the log has a different number of lines per language")
    return [{"group": worded["en"][i].get("group"), **{lg: worded[lg][i]["text"] for lg in LANGS}}
            for i in range(len(worded["en"]))]


def op_hello(req):
    return {
        "engine": "urzeit",
        "version": __version__,
        "python": sys.version.split()[0],
        "games": [{**g.describe(), "fair": _fair_support(g)} for g in games.all_games()],
        "levels": list(ai.LEVELS),
        "messages": all_messages(),
    }


def all_messages() -> dict:
    """Every reason key the engine can send, worded in German and English."""
    texts = load_messages(pathlib.Path(__file__).parent / "core")
    texts.update(load_messages(pathlib.Path(__file__).parent / "fair"))  # fair play's refusals
    for g in games.all_games():
        texts.update(g.messages())
    return texts


def op_new(req):
    game = games.get(req["game"])
    seats = _check_seats(req["seats"], game)
    seed = _int(req, "seed", 0, 2 ** 53 - 1)
    options = req.get("options") or {}
    lang = _lang(req)
    state = game.new_game(len(seats), seed, options)
    match = Match(matches.next_id(), game, seats, seed, options, state)
    matches.store(match)
    return {"match": match.id, "view": _worded(match, match.view(_first_human(match)), lang)}


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
    return _worded(match, match.view(_seat(req, match, allow_none=True)), _lang(req))


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
    lang = _lang(req)
    before = match.view(seat) if lang else None
    events = match.apply(req["action"])
    reply = {"events": events, "view": _worded(match, match.view(seat), lang)}
    if lang:
        reply["log"] = _log(match, before, req["action"], events, lang)
    return reply


def op_ai(req):
    match = _match(req)
    seat = _seat(req, match)
    _check_turn(match, seat)
    budget = _int(req, "budget_ms", 0, 60_000, allow_none=True)
    turn_ms = _int(req, "turn_ms", 0, 3_600_000, allow_none=True)  # spent so far in this computer turn
    # The reply's view is the viewer's (default: a spectator's), never the bot seat's hand.
    viewer = _int(req, "viewer", 0, len(match.seats) - 1, allow_none=True)
    level = req.get("level") or match.seats[seat].get("level", "medium")
    lang = _lang(req)
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
    slice_ms = _int(req, "slice_ms", 1, 60_000, allow_none=True)
    if slice_ms is None:
        return _run_job(job, None)
    return _start_job(job, slice_ms)


def _start_job(job, slice_ms):
    """A search in time slices: its first slice now; `ai_continue` runs the next ones."""
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
    if "party" in job:  # a computer seat of a fair table: its party must not have moved on
        fs = _parties.get(job["party"])
        stale = fs is None or len(fs.party.accepted) != job["mark"]
    else:
        match = matches.peek(job["match"])
        stale = match is None or match.revision != job["revision"]
    if stale:
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
    if "finish" in job:
        return job["finish"](action)
    match = matches.peek(job["match"])
    search = job["stats"]  # what the search did (simulations, planned, limit_s, cut); {} if none
    lang = job["lang"]
    if not job["apply"]:  # a hint: what this bot would play, nothing changes
        reply = {"action": action, "events": [], "view": _worded(match, match.view(job["viewer"]), lang),
                 "search": search}
        if lang and job["viewer"] is not None:
            seen = match.view(job["viewer"])
            words = match.game.words()
            reply["label"] = words.label(seen, action, lang)
            if job["viewer"] == job["seat"]:  # why: only for the seat's own eyes
                reply.update(_hint_reason(match, job["seat"], action, job["seed"], seen, words, lang))
        return reply
    events = match.apply(action)
    reply = {"action": action, "events": events, "view": _worded(match, match.view(job["viewer"]), lang),
             "search": search}
    if lang:
        reply["log"] = _log(match, job["before"], action, events, lang)
    return reply


def _hint_reason(match, seat, action, seed, seen, words, lang) -> dict:
    """A hint's reason as data ("reason") and in words ("why"), when the game can give one."""
    reason = ai.explain(match.game, match.state, seat, action, seed)
    if not reason:
        return {}
    hint_text = getattr(words, "hint_text", None)
    why = hint_text(seen, reason, lang) if hint_text else None
    return {"reason": reason, "why": why} if why else {"reason": reason}


def op_undo(req):
    match = _match(req)
    seat = _seat(req, match)
    target = match.undo_target(seat)
    if not isinstance(target, int):
        raise IllegalAction(f"cannot undo: {target[1]}", reason=target[0])
    lang = _lang(req)
    match.undo(target)
    return _worded(match, match.view(seat), lang)


def op_history(req):
    """Every step's log lines, worded from `seat`'s view just before it (null: a spectator's),
    as the live replies gave them: a page opened from a save rebuilds its log from this."""
    match = _match(req)
    seat = _seat(req, match, allow_none=True)
    steps = []
    for i, step in enumerate(match.steps):
        log = _log(match, match.view_before(i, seat), step.action, match.replayed_events(i), "en")
        steps.append({"seat": step.seat, "log": log if log is not None else []})
    return {"steps": steps}


def op_save(req):
    return _match(req).replay()


def op_load(req):
    save = req["save"]
    if isinstance(save, str):
        try:
            save = json.loads(save)
        except ValueError as e:
            raise BadSave(f"the save is not JSON: {e}") from None
    lang = _lang(req)
    match = rebuild(save)
    matches.store(match)
    return {"match": match.id, "view": _worded(match, match.view(_first_human(match)), lang)}


def rebuild(save) -> Match:
    """Build a match from a replay by applying its actions; any flaw is BadSave."""
    return matches.rebuild(save, ai.LEVELS)


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
    return {"view": _worded(match, match.view(None), _lang(req)), "facts": facts}


def op_close(req):
    """Forget a match (the page keeps its own saves); closing an unknown match is no error."""
    return {"closed": matches.close(req["match"])}


# ---- fair play between players who do not trust each other (docs/fair-play.md) ----------

MAX_PARTIES = 16
MAX_NAME = 40
_parties: dict = {}
_party_counter = 0


def _fair_support(game) -> dict:
    """Whether a game can be played fairly by link: {"ok": true} or the reason key why not."""
    try:
        fair.supported(game, game.min_players, {k: v.get("default") for k, v in game.options.items()})
        return {"ok": True}
    except UrzeitError as e:
        return {"ok": False, "reason": e.reason}


class _FairSeat:
    """One fair party of this browser, with the players' names (public, unsigned: only words)."""

    def __init__(self, party, names):
        global _party_counter
        _party_counter += 1
        self.id = f"f{_party_counter}"
        self.party = party
        self.game = party.game
        self.names = [None] * party.players
        self.chat = {}  # the chat line's counters (fair/chat.py)
        self.merge_names(names)
        _parties[self.id] = self
        while len(_parties) > MAX_PARTIES:  # the page restores a forgotten party from its storage
            _parties.pop(next(iter(_parties)))

    def merge_names(self, names, own=None):
        if names is None:
            names = []
        if not isinstance(names, list) or len(names) > self.party.players:
            raise BadRequest("names is a list of at most one name per seat", reason="fair.bad_names")
        for i, n in enumerate(names):
            if n is None:
                continue
            if not isinstance(n, str) or not n.strip() or len(n) > MAX_NAME:
                raise BadRequest(f"a name is 1 to {MAX_NAME} characters", reason="fair.bad_names")
            if i != self.party.seat or self.names[i] is None:  # nobody renames this seat but its player
                self.names[i] = n.strip()
        if own is not None and self.party.seat is not None:  # an observer has no seat to name
            self.names[self.party.seat] = own


def _fair_name(req):
    name = req.get("name")
    if name is None:
        return None
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise BadRequest(f"a name is 1 to {MAX_NAME} characters", reason="fair.bad_names")
    return name.strip()


def _fair_seat(req) -> _FairSeat:
    fs = _parties.get(req["party"]) if isinstance(req["party"], str) else None
    if fs is None:
        raise UnknownMatch("no such fair party (restore it from its private part)", reason="fair.unknown_party")
    return fs


def _fair_view(fs, lang) -> dict:
    """The party's view in the shape of a match view, so a renderer draws it like any other."""
    p = fs.party
    s = p.state if p.started else p.game.new_game(p.players, 0, p.table["options"], chance="external")
    v = s.view(p.seat)
    v.update({
        "game": p.game.id, "match": fs.id, "state_id": fair_record.length(p), "seat": p.seat,
        "current_seat": None if s.is_over else s.current_player,  # while draws are due: who moves next
        "over": s.is_over, "scores": s.scores(), "winners": s.winners() if s.is_over else None,
        "stats": s.end_stats(),
        "chance": s.chance_due().public() if s.chance_due() is not None else None,
        "seats": [{"kind": "human", "name": n or f"Spieler {i + 1}"} for i, n in enumerate(fs.names)],
        "undo": False, "undo_reason": "no undo in a fair game", "undo_reason_key": "fair.no_undo",
        "fair": {"gid": p.gid_text, "waiting": fair_link.waiting(p),
                 "state": p.state_hash if p.started else None},  # live peers compare it after every change
    })
    if v["current_seat"] == p.seat and p.started and s.chance_due() is None:
        v["legal"] = s.legal_actions()
    return _worded(fs, v, lang)


def _fair_log(fs, accepted, lang):
    """Log lines of the moves among `accepted` ((message, state it was applied in) pairs)."""
    words = fs.game.words() if lang else None
    if words is None:
        return None
    lines = []
    for m, before in accepted:
        if m["kind"] != "act" or before is None:
            continue
        seat_view = before.view(fs.party.seat)
        seat_view.update({"seat": fs.party.seat, "current_seat": before.current_player,
                          "seats": [{"kind": "human", "name": n or f"Spieler {i + 1}"}
                                    for i, n in enumerate(fs.names)]})
        events = before.clone().apply(m["action"])
        worded = {lg: [x if isinstance(x, dict) else {"text": x, "group": None}
                       for x in words.log(seat_view, m["action"], events, lg)] for lg in LANGS}
        lines += [{"group": worded["en"][i].get("group"), **{lg: worded[lg][i]["text"] for lg in LANGS}}
                  for i in range(len(worded["en"]))]
    return lines


def _fair_reply(fs, out, lang, accepted=(), known=0, since=0):
    """`new`: every message the party took in by this request (its own among them), in the order
    it took them: the page appends them to its store and passes them on, never the whole record."""
    reply = {"party": fs.id, "view": _fair_view(fs, lang), "send": out, "waiting": fair_link.waiting(fs.party),
             "accepted": len(accepted), "known": known, "names": fs.names, "new": fs.party.accepted[since:]}
    log = _fair_log(fs, accepted, lang)
    if log is not None:
        reply["log"] = log
    return reply


def op_fair_new(req):
    """A new fair game: the invitation (table) and this seat's party, its join to send."""
    players = req["players"]
    game = games.get(req["game"])
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        raise BadRequest(f"players must be {game.min_players} to {game.max_players}", reason="fair.bad_table")
    if req["seat"] is None:  # whoever opens a table sits at it (only an invited page may watch)
        raise BadRequest("the one who opens a fair game takes a seat", reason="fair.bad_seat", params={"seat": "—"})
    table = fair.new_table(game.id, players, req.get("options") or {})
    party = fair.Party(table, req["seat"])
    fs = _FairSeat(party, None)
    fs.merge_names([], own=_fair_name(req))
    out = party.join()
    return _fair_reply(fs, out, _lang(req))


def op_fair_join(req):
    """The invited seat's party: from the invitation's messages (their joins carry the table)."""
    messages = req["messages"]
    first = messages[0] if isinstance(messages, list) and messages else None
    if not isinstance(first, dict) or first.get("kind") != "join" or not isinstance(first.get("table"), dict):
        raise BadRequest("an invitation starts with a join", reason="fair.bad_invitation")
    if req["seat"] is None:  # an invitation is for a seat
        raise BadRequest("an invitation is taken for a seat", reason="fair.bad_seat", params={"seat": "—"})
    party = fair.Party(first["table"], req["seat"])
    fs = _FairSeat(party, req.get("names"))
    fs.merge_names(None, own=_fair_name(req))
    try:
        trial, out, accepted, known = fair_link.receive(party, messages)
        if trial.joins[party.seat] is not None:
            raise IllegalAction(f"seat {party.seat} is taken", reason="fair.seat_taken", params={"seat": party.seat})
        out += trial.join()
    except UrzeitError:
        _parties.pop(fs.id, None)
        raise
    fs.party = trial
    return _fair_reply(fs, out, _lang(req), accepted, known)


def op_fair_receive(req):
    fs = _fair_seat(req)
    lang = _lang(req)
    since = len(fs.party.accepted)
    trial, out, accepted, known = fair_link.receive(fs.party, req["messages"])
    if req.get("names") is not None:
        fs.merge_names(req["names"])
    fs.party = trial
    return _fair_reply(fs, out, lang, accepted, known, since)


def op_fair_act(req):
    fs = _fair_seat(req)
    before = fs.party.state
    since = len(fs.party.accepted)
    out = fs.party.act(req["action"])  # checks everything before it changes anything
    # the log words this seat's own move as made (the message may show it with cards face down)
    return _fair_reply(fs, out, _lang(req), [(dict(out[0], action=req["action"]), before)], since=since)


def op_fair_view(req):
    fs = _fair_seat(req)
    return {"party": fs.id, "view": _fair_view(fs, _lang(req)), "waiting": fair_link.waiting(fs.party),
            "names": fs.names}


def op_fair_link(req):
    """What a link to seat `to` carries: the messages it may not have seen, and the names."""
    fs = _fair_seat(req)
    to = req["to"]
    if type(to) is not int or not 0 <= to < fs.party.players or to == fs.party.seat:
        raise BadRequest("to is another seat of the game", reason="fair.bad_seat", params={"seat": str(to)[:10]})
    return {"messages": fair_link.for_seat(fs.party, to), "invite": fs.party.joins[to] is None,
            "names": fs.names, "to": to, "gid": fs.party.gid_text}


def op_fair_private(req):
    return _fair_seat(req).party.private()


def op_fair_restore(req):
    accepted = []  # the moves so far, for the log (a reload shows what happened before it)
    party, out = fair.Party.restore(req["private"], req["messages"], accepted)
    fs = _FairSeat(party, req.get("names"))
    since = len(req["messages"])  # what the page holds already; `new`: what is due now
    try:
        return _fair_reply(fs, out, _lang(req), accepted, since=since)
    except Exception:  # the game goes on without its old log lines rather than not at all
        return _fair_reply(fs, out, _lang(req), since=since)


def op_fair_record(req):
    return fair.export(_fair_seat(req).party)


def op_fair_check(req):
    """A record checked: {"verified": true, "summary"} or what failed and where."""
    try:
        summary = fair.summary(req["record"])
    except UrzeitError as e:
        return {"verified": False, "error": {"code": e.code, "message": e.message, "reason": e.reason,
                                             "params": e.params or {}}}
    return {"verified": True, "summary": summary}


def op_fair_ai(req):
    """A computer seat at a live table (run by the host's browser): the move its bot chooses
    from its own party's state (its own cards, the others' hidden ones re-dealt). Not applied:
    the page sends it with fair_act like a person's move."""
    fs = _fair_seat(req)
    p = fs.party
    level = req.get("level", "medium")
    if level not in ai.LEVELS:
        raise BadRequest(f"level must be one of {', '.join(ai.LEVELS)}")
    budget = _int(req, "budget_ms", 0, 60_000, allow_none=True)
    waiting = fair_link.waiting(p)
    if not p.started or waiting != {"for": "move", "seats": [p.seat]}:
        raise NotYourTurn(f"seat {p.seat} has no move to make now", reason="fair.not_your_turn",
                          params={"seat": p.seat})
    s = p.state
    # from `secrets`: a friend who knew the seed could foresee the computer's choices
    bot_seed = secrets.randbits(64)
    slice_ms = _int(req, "slice_ms", 1, 60_000, allow_none=True)
    if slice_ms is None:
        action = ai.choose_action(p.game, bot_view(s, p.seat), lambda rng: s.determinize(p.seat, rng), level, bot_seed,
                                  budget)
        return {"party": fs.id, "action": action}
    # in slices, like a local table's computer: a peer's frames never wait for a whole search
    steps = ai.choose_action_steps(p.game, bot_view(s, p.seat), lambda rng: s.determinize(p.seat, rng), level,
                                   bot_seed, budget, None, {})
    return _start_job({"party": fs.id, "mark": len(p.accepted), "steps": steps,
                       "finish": lambda action: {"party": fs.id, "action": action}}, slice_ms)


def op_fair_chat(req):
    """A live table's chat line from this seat (`text`, at most 200 characters, or a preset
    phrase's number `p`), signed with its key: {"message"}."""
    fs = _fair_seat(req)
    return {"message": fair_chat.sign(fs.party, fs.chat, text=req.get("text"), phrase=req.get("p"))}


def op_fair_chat_check(req):
    """A chat line from another seat checked (signature, game, seat, not seen before):
    {"seat", "text"} or {"seat", "p"}."""
    fs = _fair_seat(req)
    return fair_chat.check(fs.party, fs.chat, req["message"])


def op_fair_close(req):
    return {"closed": _parties.pop(req["party"], None) is not None if isinstance(req["party"], str) else False}


# ---- lessons: a guided first game (docs/lessons.md) ---------------------------------------

def _lesson_reply(run, lang, outcome="current", say=None, moves=()):
    """The lesson's step, what happened (each move worded, with the learner's view after it)
    and the learner's view now."""
    match = run.match
    worded = [{"seat": m["seat"], "action": m["action"], "events": m["events"],
               "log": _log(match, m["before"], m["action"], m["events"], lang) if lang else None,
               "view": _worded(match, m["after"], lang)} for m in moves]
    return {"lesson": run.id, "name": run.lesson["id"], "game": run.game.id, "match": match.id,
            "learner": run.learner, "outcome": outcome, "say": say, "step": run.info(), "moves": worded,
            "progress": {"at": run.step, "moves": list(run.moves)},
            "view": _worded(match, match.view(run.learner), lang)}


def op_lesson_start(req):
    game = games.get(req["game"])
    lang = _lang(req)
    run = lessons.start(game, req["name"])
    try:
        moves = run.open()
        if req.get("resume") is not None:
            resume = req["resume"]
            if not isinstance(resume, dict) or set(resume) != {"at", "moves"}:
                raise BadRequest("resume is {at, moves}", reason="lesson.bad_progress")
            moves += run.resume(resume["at"], resume["moves"])
    except UrzeitError:
        lessons.close(run.id)
        matches.close(run.match.id)
        raise
    return _lesson_reply(run, lang, "started", None, moves)


def op_lesson_view(req):
    return _lesson_reply(lessons.get(req["lesson"]), _lang(req))


def op_lesson_act(req):
    run = lessons.get(req["lesson"])
    lang = _lang(req)
    r = run.act(req["step"], req["action"])
    return _lesson_reply(run, lang, r["outcome"], r["say"], r["moves"])


def op_lesson_next(req):
    run = lessons.get(req["lesson"])
    lang = _lang(req)
    r = run.next(req["step"])
    return _lesson_reply(run, lang, r["outcome"], r["say"], r["moves"])


def op_lesson_close(req):
    run = lessons.peek(req["lesson"])
    if run is not None:
        matches.close(run.match.id)
    return {"closed": lessons.close(req["lesson"])}


_OPS = {"hello": op_hello, "new": op_new, "view": op_view, "act": op_act, "ai": op_ai,
        "ai_continue": op_ai_continue, "undo": op_undo, "history": op_history, "save": op_save, "load": op_load,
        "close": op_close, "rules_example": op_rules_example,
        "fair_new": op_fair_new, "fair_join": op_fair_join, "fair_receive": op_fair_receive,
        "fair_act": op_fair_act, "fair_view": op_fair_view, "fair_link": op_fair_link,
        "fair_private": op_fair_private, "fair_restore": op_fair_restore, "fair_record": op_fair_record,
        "fair_check": op_fair_check, "fair_close": op_fair_close, "fair_ai": op_fair_ai,
        "fair_chat": op_fair_chat, "fair_chat_check": op_fair_chat_check,
        "lesson_start": op_lesson_start,
        "lesson_view": op_lesson_view, "lesson_act": op_lesson_act, "lesson_next": op_lesson_next,
        "lesson_close": op_lesson_close}
_jobs: dict = {}
_job_counter = 0


def _error(code: str, message: str, reason: str | None = None, params: dict | None = None) -> str:
    error = {"code": code, "message": message}
    if reason:
        error["reason"] = reason
        error["params"] = params or {}
    return json.dumps({"ok": False, "error": error})


def call(request: dict) -> dict:
    """handle() for Python callers (tests, the tournament, the command line): a request dict
    in, the parsed reply out, through exactly the same JSON path as the page."""
    return json.loads(handle(json.dumps(request)))


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
        _lang(req)  # a bad language is refused before any op changes anything
        result = _OPS[req["op"]](req)
        return json.dumps({"ok": True, "result": result}, separators=(",", ":"))
    except UrzeitError as e:
        return _error(e.code, e.message, e.reason, e.params)
    except Exception as e:  # a bug: report it, never crash the worker
        return _error("internal_error", f"{type(e).__name__}: {e}")

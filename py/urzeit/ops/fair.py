"""The fair protocol: a game between players who do not trust each other, played by link or
live (docs/fair-play.md, docs/live-play.md): this browser's parties, their messages, views,
records, computer seats and chat lines. The parties themselves are `urzeit.fair`."""

import secrets

from .. import ai, fair, games
from ..core.errors import BadRequest, IllegalAction, NotYourTurn, UnknownMatch, UrzeitError
from ..core.words import LANGS
from ..fair import chat as fair_chat
from ..fair import link as fair_link
from ..fair.duel import bot_view
from . import jobs as sliced
from . import operation
from .common import int_field, lang_of, with_words

MAX_PARTIES = 16
MAX_NAME = 40
parties: dict = {}
_party_counter = 0


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
        parties[self.id] = self
        while len(parties) > MAX_PARTIES:  # the page restores a forgotten party from its storage
            parties.pop(next(iter(parties)))

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
    fs = parties.get(req["party"]) if isinstance(req["party"], str) else None
    if fs is None:
        raise UnknownMatch("no such fair party (restore it from its private part)", reason="fair.unknown_party")
    return fs


def _fair_view(fs, lang) -> dict:
    """The party's view in the shape of a match view, so a renderer draws it like any other."""
    p = fs.party
    s = p.state if p.started else p.game.new_game(p.players, 0, p.table["options"], chance="external")
    v = s.view(p.seat)
    v.update({
        "game": p.game.id, "match": fs.id, "state_id": fair.record.length(p), "seat": p.seat,
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
    return with_words(fs, v, lang)


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


@operation("fair_new", required=("game", "players", "seat"), optional=("options", "name"), worded=True)
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
    return _fair_reply(fs, out, lang_of(req))


@operation("fair_join", required=("messages", "seat"), optional=("name", "names"), worded=True)
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
        parties.pop(fs.id, None)
        raise
    fs.party = trial
    return _fair_reply(fs, out, lang_of(req), accepted, known)


@operation("fair_receive", required=("party", "messages"), optional=("names",), worded=True)
def op_fair_receive(req):
    fs = _fair_seat(req)
    lang = lang_of(req)
    since = len(fs.party.accepted)
    trial, out, accepted, known = fair_link.receive(fs.party, req["messages"])
    if req.get("names") is not None:
        fs.merge_names(req["names"])
    fs.party = trial
    return _fair_reply(fs, out, lang, accepted, known, since)


@operation("fair_act", required=("party", "action"), worded=True)
def op_fair_act(req):
    fs = _fair_seat(req)
    before = fs.party.state
    since = len(fs.party.accepted)
    out = fs.party.act(req["action"])  # checks everything before it changes anything
    # the log words this seat's own move as made (the message may show it with cards face down)
    return _fair_reply(fs, out, lang_of(req), [(dict(out[0], action=req["action"]), before)], since=since)


@operation("fair_view", required=("party",), worded=True)
def op_fair_view(req):
    fs = _fair_seat(req)
    return {"party": fs.id, "view": _fair_view(fs, lang_of(req)), "waiting": fair_link.waiting(fs.party),
            "names": fs.names}


@operation("fair_link", required=("party", "to"))
def op_fair_link(req):
    """What a link to seat `to` carries: the messages it may not have seen, and the names."""
    fs = _fair_seat(req)
    to = req["to"]
    if type(to) is not int or not 0 <= to < fs.party.players or to == fs.party.seat:
        raise BadRequest("to is another seat of the game", reason="fair.bad_seat", params={"seat": str(to)[:10]})
    return {"messages": fair_link.for_seat(fs.party, to), "invite": fs.party.joins[to] is None,
            "names": fs.names, "to": to, "gid": fs.party.gid_text}


@operation("fair_private", required=("party",))
def op_fair_private(req):
    return _fair_seat(req).party.private()


@operation("fair_restore", required=("private", "messages"), optional=("names",), worded=True)
def op_fair_restore(req):
    accepted = []  # the moves so far, for the log (a reload shows what happened before it)
    party, out = fair.Party.restore(req["private"], req["messages"], accepted)
    fs = _FairSeat(party, req.get("names"))
    since = len(req["messages"])  # what the page holds already; `new`: what is due now
    try:
        return _fair_reply(fs, out, lang_of(req), accepted, since=since)
    except Exception:  # the game goes on without its old log lines rather than not at all
        return _fair_reply(fs, out, lang_of(req), since=since)


@operation("fair_record", required=("party",))
def op_fair_record(req):
    return fair.export(_fair_seat(req).party)


@operation("fair_check", required=("record",))
def op_fair_check(req):
    """A record checked: {"verified": true, "summary"} or what failed and where."""
    try:
        summary = fair.summary(req["record"])
    except UrzeitError as e:
        return {"verified": False, "error": {"code": e.code, "message": e.message, "reason": e.reason,
                                             "params": e.params or {}}}
    return {"verified": True, "summary": summary}


@operation("fair_close", required=("party",))
def op_fair_close(req):
    return {"closed": parties.pop(req["party"], None) is not None if isinstance(req["party"], str) else False}


@operation("fair_ai", required=("party",), optional=("level", "budget_ms", "slice_ms"))
def op_fair_ai(req):
    """A computer seat at a live table (run by the host's browser): the move its bot chooses
    from its own party's state (its own cards, the others' hidden ones re-dealt). Not applied:
    the page sends it with fair_act like a person's move."""
    fs = _fair_seat(req)
    p = fs.party
    level = req.get("level", "medium")
    if level not in ai.LEVELS:
        raise BadRequest(f"level must be one of {', '.join(ai.LEVELS)}")
    budget = int_field(req, "budget_ms", 0, 60_000, allow_none=True)
    waiting = fair_link.waiting(p)
    if not p.started or waiting != {"for": "move", "seats": [p.seat]}:
        raise NotYourTurn(f"seat {p.seat} has no move to make now", reason="fair.not_your_turn",
                          params={"seat": p.seat})
    s = p.state
    # from `secrets`: a friend who knew the seed could foresee the computer's choices
    bot_seed = secrets.randbits(64)
    # in time slices (slice_ms), like a local table's computer: a peer's frames never wait for a
    # whole search; a message taken in meanwhile makes the search stale
    steps = ai.choose_action_steps(p.game, bot_view(s, p.seat), lambda rng: s.determinize(p.seat, rng), level,
                                   bot_seed, budget, None, {})
    mark = len(p.accepted)
    job = {"steps": steps, "finish": lambda action: {"party": fs.id, "action": action},
           "stale": lambda: parties.get(fs.id) is not fs or len(fs.party.accepted) != mark}
    return sliced.start(job, int_field(req, "slice_ms", 1, 60_000, allow_none=True))


@operation("fair_chat", required=("party",), optional=("text", "p"))
def op_fair_chat(req):
    """A live table's chat line from this seat (`text`, at most 200 characters, or a preset
    phrase's number `p`), signed with its key: {"message"}."""
    fs = _fair_seat(req)
    return {"message": fair_chat.sign(fs.party, fs.chat, text=req.get("text"), phrase=req.get("p"))}


@operation("fair_chat_check", required=("party", "message"))
def op_fair_chat_check(req):
    """A chat line from another seat checked (signature, game, seat, not seen before):
    {"seat", "text"} or {"seat", "p"}."""
    fs = _fair_seat(req)
    return fair_chat.check(fs.party, fs.chat, req["message"])

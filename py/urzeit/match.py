"""The match model behind the api: a game being played (its state, seats and steps), undo,
the replay record (a save) and rebuilding a match from one, and the store of open matches."""

from . import games
from .core.errors import BadRequest, BadSave, UnknownMatch, UrzeitError

REPLAY_FORMAT = "urzeit-replay"
# 2: chance is drawn when the table reveals it (version 1 shuffled every stack at set-up, so
# its seeds give other draws: such a save is refused, never mis-loaded)
REPLAY_VERSION = 2
MAX_MATCHES = 64  # the least recently used matches are forgotten beyond this (the page keeps its own saves)
SEAT_KINDS = ("human", "ai")


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
            "winners": s.winners() if s.is_over else None,
            "stats": s.end_stats(),  # per seat at the end: score, won, points by source, counts
            "chance": s.chance_due().public() if s.due else None,
            "seats": [dict(x) for x in self.seats],
        })
        if seat is not None and seat == s.current_player:
            v["legal"] = s.legal_actions()
        target = self.undo_target(seat) if seat is not None else UNDO_REFUSALS[0]
        v["undo"] = isinstance(target, int)
        # the computer moves an undo takes back with the seat's own (the player is told so)
        v["undo_computer_moves"] = len(self.steps) - target - 1 if v["undo"] else 0
        # undo_reason: English detail; undo_reason_key: what the page words for the player
        v["undo_reason"] = None if v["undo"] else target[1]
        v["undo_reason_key"] = None if v["undo"] else target[0]
        return v

    def view_before(self, i, seat) -> dict:
        """The view `seat` had just before step i (what the live log of that step was worded from)."""
        past = Match(self.id, self.game, self.seats, self.seed, self.options, self.steps[i].before)
        past.steps = self.steps[:i]
        past.revision = i
        return past.view(seat)

    def replayed_events(self, i) -> list[dict]:
        """The events step i gave when it was played (applying is deterministic: the state
        carries its own random generator)."""
        return self.steps[i].before.clone().apply(self.steps[i].action)

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

    def undo(self, target: int) -> None:
        self.state = self.steps[target].before
        del self.steps[target:]
        self.revision += 1

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

# ---- the store of open matches ----------------------------------------------------------

_matches: dict[str, Match] = {}
_counter = [0]


def next_id() -> str:
    _counter[0] += 1
    return f"m{_counter[0]}"


def store(match: Match) -> None:
    _matches[match.id] = match
    while len(_matches) > MAX_MATCHES:
        del _matches[next(iter(_matches))]


def get(match_id) -> Match:
    """The open match with this id (most recently used last), or UnknownMatch."""
    if not isinstance(match_id, str) or match_id not in _matches:
        raise UnknownMatch(f"no match {match_id!r} (it may have been closed; load a save)")
    _matches[match_id] = _matches.pop(match_id)
    return _matches[match_id]


def peek(match_id) -> Match | None:
    """The open match with this id without touching the order, or None."""
    return _matches.get(match_id) if isinstance(match_id, str) else None


def close(match_id) -> bool:
    """Forget a match; False if it was not open."""
    return _matches.pop(match_id, None) is not None if isinstance(match_id, str) else False


def check_seats(seats, game, levels) -> list[dict]:
    if not isinstance(seats, list) or not game.min_players <= len(seats) <= game.max_players:
        raise BadRequest(f"seats must be a list of {game.min_players} to {game.max_players} seats")
    result = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
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
            if level not in levels:
                raise BadRequest(f"seat {i}: level must be one of {', '.join(levels)}")
            clean["level"] = level
        elif "level" in seat:
            raise BadRequest(f"seat {i}: only computer seats have a level")
        result.append(clean)
    return result


def rebuild(save, levels) -> Match:
    """Build a match from a replay by applying its actions; any flaw is BadSave."""
    if not isinstance(save, dict) or save.get("format") != REPLAY_FORMAT:
        raise BadSave("this is not an Urzeit save (format must be 'urzeit-replay')", reason="save.not_urzeit")
    if save.get("version") == 1:
        raise BadSave("this save was made by an earlier version of Urzeit, whose draws differ; "
                      "it cannot be continued", reason="save.old_version")
    if save.get("version") != REPLAY_VERSION:
        raise BadSave(f"unsupported save version {save.get('version')!r}", reason="save.unknown_version")
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
        seats = check_seats(seats, game, levels)
        if len(seats) != players:
            raise BadRequest("seats and players disagree")
        state = game.new_game(players, save["seed"], save["options"])
    except UrzeitError as e:
        raise BadSave(f"the save's setup is invalid: {e.message}") from None
    match = Match(next_id(), game, seats, save["seed"], save["options"], state)
    for i, action in enumerate(actions):
        if match.state.is_over:
            raise BadSave(f"action {i} comes after the end of the game")
        try:
            match.apply(action)
        except UrzeitError as e:
            raise BadSave(f"action {i} cannot be replayed: {e.message}") from None
    return match


def open_ids() -> list[str]:
    """The ids of the open matches, least recently used first."""
    return list(_matches)

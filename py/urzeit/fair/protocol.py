"""One seat's side of a fair game between players who do not trust each other (docs/fair-play.md).

A `Party` is one seat's browser: it makes its secret chain and signing key, sends `join`,
checks every message it receives, keeps its own engine state (external chance) and sends
`reveal` when a draw falls due and `act` when its player moves. Every draw comes from all
seats' reveals together. A message that does not fit is refused with an `urzeit.core.errors`
error (a `reason` key) and changes nothing. An observer (`seat=None`, `strict=True`) is the
verifier of a record: the same checks, no secrets, and the one canonical message order.

Messages (JSON objects; binary fields base64url without padding; "sig" signs the canonical
JSON of the rest with the seat's key):
  join   {kind, gid, seat, n: 0, table, key, commit, length}
  reveal {kind, gid, seat, n, round, value}
  act    {kind, gid, seat, n, step, action, before}
A round of reveals (`round` k: every seat's k-th link) settles every draw due before the next
decision (a set-up of forty cards is one round, not forty). `n` counts each seat's messages from 0; `gid` is the hash of the table (game, players,
options, nonce) every join repeats; `before` is the hash of the engine state the act is made in.
"""

import copy
import secrets

from .. import games
from ..core.actions import check_options
from ..core.chance import SeededDriver
from ..core.errors import BadRequest, BadSave, IllegalAction
from . import crypto

PROTOCOL = "urzeit-fair/1"
CHAIN_LENGTH = 1024     # draws a game may take; SHA-256 of 1024 links is about a millisecond
MAX_CHAIN = 1 << 16
FIELDS = {
    "join": ("kind", "gid", "seat", "n", "table", "key", "commit", "length", "sig"),
    "reveal": ("kind", "gid", "seat", "n", "round", "value", "sig"),
    "act": ("kind", "gid", "seat", "n", "step", "action", "before", "sig"),
}
TABLE_FIELDS = ("protocol", "game", "players", "options", "nonce")
PRIVATE_FORMAT = "urzeit-fair-private"
PRIVATE_FIELDS = ("format", "version", "gid", "table", "seat", "key", "chain", "length")


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def new_table(game_id: str, players: int, options: dict | None = None) -> dict:
    """An invitation: the game, its players and options, and a fresh nonce (so that no two
    games share an id, and no message of one is taken for another)."""
    game = games.get(game_id)
    table = {"protocol": PROTOCOL, "game": game_id, "players": players,
             "options": check_options(options, game.options), "nonce": crypto.b64(secrets.token_bytes(16))}
    check_table(table)
    return table


def check_table(table) -> tuple:
    """(game, gid bytes) of a valid table of a game this protocol can play; else BadRequest."""
    if not isinstance(table, dict) or sorted(table) != sorted(TABLE_FIELDS):
        raise BadRequest(f"a table has exactly the fields {', '.join(TABLE_FIELDS)}", reason="fair.bad_table")
    if table["protocol"] != PROTOCOL:
        raise BadRequest(f"this engine speaks {PROTOCOL}, not {table['protocol']!r}",
                         reason="fair.bad_protocol", params={"protocol": str(table["protocol"])[:40]})
    if crypto.unb64(table["nonce"], 16) is None:
        raise BadRequest("the table's nonce is 16 bytes, base64url", reason="fair.bad_table")
    game = games.get(table["game"])
    players = table["players"]
    if not _is_int(players):
        raise BadRequest("players must be an integer", reason="fair.bad_table")
    if check_options(table["options"], game.options) != table["options"]:
        raise BadRequest("the table's options must list every option of the game", reason="fair.bad_table")
    supported(game, players, table["options"])
    try:
        gid = crypto.sha256(crypto.canonical(table))
    except (TypeError, ValueError):
        raise BadRequest("the table is not plain JSON", reason="fair.bad_table") from None
    return game, gid


def supported(game, players: int, options: dict):
    """The state a fair game starts from, or the reason this game cannot be played fairly yet:
    its draws must be chance steps, and none of its set-up draws private (mental poker is the
    next step: docs/fair-play.md)."""
    state = game.new_game(players, 0, options, chance="external")
    if not callable(getattr(state, "chance", None)):
        raise BadRequest(f"{game.id} does not draw by chance steps yet", reason="fair.no_chance_steps",
                         params={"game": game.id})
    probe, driver = state.clone(), SeededDriver(0)
    while probe.chance_due() is not None:
        c = probe.chance_due()
        if c.seen_by is not None:
            raise BadRequest("private draws are not supported yet", reason="fair.private_draws",
                             params={"game": game.id})
        probe.apply_chance(driver(c))
    return state


def _private(state) -> bool:
    c = state.chance_due()
    return c is not None and c.seen_by is not None


class Party:
    """One seat (or, with seat=None, an observer that checks a record). `receive`, `join` and
    `act` return the messages this party sends next (its reveals as draws fall due)."""

    def __init__(self, table: dict, seat: int | None, chain_length: int = CHAIN_LENGTH, strict: bool = False):
        self.game, self.gid = check_table(table)
        self.table = table
        self.gid_text = crypto.b64(self.gid)
        self.players = n = table["players"]
        if seat is not None and not (_is_int(seat) and 0 <= seat < n):
            raise BadRequest(f"seat must be 0 to {n - 1}", reason="fair.bad_seat", params={"seat": str(seat)})
        self.seat = seat
        self.strict = strict  # the record's one order: joins and each draw's reveals by seat
        if seat is not None:
            if not (_is_int(chain_length) and 1 <= chain_length <= MAX_CHAIN):
                raise BadRequest(f"chain length must be 1 to {MAX_CHAIN}", reason="fair.bad_chain")
            self._secret = crypto.new_secret_key()
            self.key = crypto.public_key(self._secret)
            self._chain = crypto.Chain(chain_length)
        self.keys = [None] * n      # each seat's public key, from its join
        self.joins = [None] * n
        self.heads = [None] * n     # the value the seat's next reveal must hash to
        self.lengths = [0] * n
        self.next_n = [0] * n       # each seat's next message number
        self.state = None           # the engine state, once every seat has joined
        self.state_hash = None
        self.draws = []             # [kind, outcome] of every completed draw
        self.rounds = 0             # completed rounds of reveals
        self.pending = {}           # seat -> (value, message) for the round now due
        self.steps = 0              # acts applied
        self.transcript = []        # accepted messages in the record's order

    # ---- what the party knows ----------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.state is not None

    def fingerprint(self) -> str:
        """A hash of everything the party holds (tests: a refusal leaves it unchanged)."""
        return crypto.digest({"transcript": self.transcript, "next_n": self.next_n, "draws": self.draws,
                              "pending": [[s, m] for s, (_, m) in sorted(self.pending.items())],
                              "joins": self.joins, "state": self.state_hash, "steps": self.steps})

    def waiting_for(self) -> str:
        """What the game waits for, in words (a stalled game says who stalls it)."""
        if not self.started:
            return "joins from seats " + ", ".join(str(s) for s in range(self.players) if self.joins[s] is None)
        if self.state.is_over:
            return "nothing: the game is over"
        if self.state.chance_due() is not None:
            missing = [str(s) for s in range(self.players) if s not in self.pending]
            return f"reveals of round {self.rounds} from seats {', '.join(missing)}"
        return f"seat {self.state.current_player}'s move {self.steps}"

    # ---- kept between page loads (fair/link.py) --------------------------------------

    def private(self) -> dict:
        """This seat's secrets (signing key, chain seed): for its own browser's storage only."""
        self._own()
        return {"format": PRIVATE_FORMAT, "version": 1, "gid": self.gid_text, "table": self.table,
                "seat": self.seat, "key": crypto.b64(self._secret), "chain": crypto.b64(self._chain.links[0]),
                "length": self._chain.length}

    @classmethod
    def restore(cls, priv, messages) -> tuple:
        """The party again from its private part and the public messages it had accepted (from
        the player's own storage, trusted like the browser: signatures are not checked again);
        (party, the messages it has still to send)."""
        if not isinstance(priv, dict) or sorted(str(k) for k in priv) != sorted(PRIVATE_FIELDS) \
                or priv["format"] != PRIVATE_FORMAT or priv["version"] != 1:
            raise BadSave("not the private part of a fair party", reason="fair.bad_private")
        length = priv["length"]
        secret, seed = crypto.unb64(priv["key"], 32), crypto.unb64(priv["chain"], 32)
        if not (_is_int(length) and 1 <= length <= MAX_CHAIN) or secret is None or seed is None:
            raise BadSave("key and chain are 32 bytes, base64url", reason="fair.bad_private")
        party = cls(priv["table"], priv["seat"], chain_length=1)
        if party.seat is None or party.gid_text != priv["gid"]:
            raise BadSave("the private part belongs to another game", reason="fair.bad_private")
        party._secret, party.key, party._chain = secret, crypto.public_key(secret), crypto.Chain(length, seed)
        if not isinstance(messages, list):
            raise BadSave("the messages are a list", reason="fair.bad_private")
        mine = (crypto.b64(party.key), crypto.b64(party._chain.commitment))
        for m in messages:
            if isinstance(m, dict) and m.get("kind") == "join" and m.get("seat") == party.seat \
                    and (m.get("key"), m.get("commit")) != mine:
                raise BadSave("this seat joined with another key", reason="fair.private_mismatch",
                              params={"seat": party.seat})
            party._accept(m, own=True)  # no answers while replaying: they are among the messages
        out = [] if party.joins[party.seat] is not None else party.join()
        return party, out + party._due_reveals()

    def copy(self) -> "Party":
        """A copy to try messages on (states are replaced, never changed in place)."""
        c = copy.copy(self)
        for f in ("keys", "joins", "heads", "lengths", "next_n", "draws", "transcript"):
            setattr(c, f, list(getattr(self, f)))
        c.pending = dict(self.pending)
        return c

    # ---- sending -----------------------------------------------------------------------

    def _own(self):
        if self.seat is None:
            raise IllegalAction("an observer sends nothing", reason="fair.observer")

    def _make(self, fields: dict) -> dict:
        msg = {"gid": self.gid_text, "seat": self.seat, "n": self.next_n[self.seat], **fields}
        return crypto.sign_message(self._secret, self.key, msg)

    def join(self) -> list[dict]:
        """This seat's first message (and its first reveal if that starts the game)."""
        self._own()
        if self.joins[self.seat] is not None:
            raise IllegalAction("this seat has joined already", reason="fair.replayed",
                                params={"seat": self.seat, "what": "join"})
        msg = self._make({"kind": "join", "table": self.table, "key": crypto.b64(self.key),
                          "commit": crypto.b64(self._chain.commitment), "length": self._chain.length})
        self._accept(msg, own=True)
        return [msg] + self._due_reveals()

    def act(self, action) -> list[dict]:
        """This seat's move: checked by its own engine first, then sent."""
        self._own()
        if not self.started:
            raise IllegalAction("the game starts when every seat has joined", reason="fair.not_started")
        if self.state.current_player != self.seat:
            raise IllegalAction("it is not this seat's turn", reason="fair.not_your_turn",
                                params={"seat": self.seat})
        msg = self._make({"kind": "act", "step": self.steps, "action": action, "before": self.state_hash})
        self._accept(msg, own=True)
        return [msg] + self._due_reveals()

    def _due_reveals(self) -> list[dict]:
        """This seat's reveal when draws are due (one round settles them all)."""
        if (self.seat is None or not self.started or self.state.chance_due() is None
                or self.seat in self.pending or _private(self.state)):
            return []
        k = self.rounds
        if k >= self._chain.length:
            return []  # the chain is used up: the game stalls (a longer chain next time)
        msg = self._make({"kind": "reveal", "round": k, "value": crypto.b64(self._chain.reveal(k))})
        self._accept(msg, own=True)
        return [msg]

    # ---- receiving ---------------------------------------------------------------------

    def receive(self, msg) -> list[dict]:
        """Check and apply another seat's message; returns this seat's answers (reveals).
        A refused message raises and changes nothing."""
        self._accept(msg, own=False)
        return self._due_reveals()

    def receive_all(self, messages) -> tuple[list, list]:
        """Apply what fits, in any order (a mesh of channels may deliver one seat's reveal
        before another's move): retried until nothing more fits. (answers, refused) where
        refused holds (message, error) for what never fit."""
        waiting, out = list(messages), []
        progress = True
        while waiting and progress:
            progress, left = False, []
            for m in waiting:
                try:
                    out += self.receive(m)
                    progress = True
                except (BadRequest, IllegalAction) as e:
                    left.append((m, e))
            waiting = [m for m, _ in left]
        return out, (left if waiting else [])

    def _accept(self, msg, own: bool) -> None:
        """Every check first, then the change: a refusal leaves the party as it was."""
        if not isinstance(msg, dict):
            raise BadRequest("a message is a JSON object", reason="fair.bad_message", params={"field": "message"})
        kind = msg.get("kind")
        if kind not in FIELDS:
            raise BadRequest(f"unknown message kind {str(kind)[:20]!r}", reason="fair.bad_message",
                             params={"field": "kind"})
        fields = FIELDS[kind]
        for f in fields:
            if f not in msg:
                raise BadRequest(f"a {kind} message needs the field {f}", reason="fair.bad_message",
                                 params={"field": f})
        extra = sorted(str(f) for f in msg if f not in fields)
        if extra:
            raise BadRequest(f"a {kind} message has no field {extra[0][:20]}", reason="fair.bad_message",
                             params={"field": extra[0][:20]})
        if msg["gid"] != self.gid_text:
            raise BadRequest("the message belongs to another game", reason="fair.wrong_game")
        seat = msg["seat"]
        if not (_is_int(seat) and 0 <= seat < self.players):
            raise BadRequest(f"there is no seat {str(seat)[:10]}", reason="fair.bad_seat",
                             params={"seat": str(seat)[:10]})
        if not (_is_int(msg["n"]) and msg["n"] >= 0):
            raise BadRequest("n is a message number", reason="fair.bad_message", params={"field": "n"})
        if kind == "join":
            key = crypto.unb64(msg["key"], 32)
            if key is None:
                raise BadRequest("the key is 32 bytes, base64url", reason="fair.bad_message", params={"field": "key"})
        else:
            key = self.keys[seat]
            if key is None:
                raise IllegalAction(f"seat {seat} has not joined", reason="fair.not_joined", params={"seat": seat})
        sig = crypto.unb64(msg["sig"], 64)
        if sig is None:
            raise BadRequest("the signature is 64 bytes, base64url", reason="fair.bad_message",
                             params={"field": "sig"})
        try:
            body = crypto.message_bytes(msg)
        except (TypeError, ValueError):
            raise BadRequest("the message is not plain JSON", reason="fair.bad_message",
                             params={"field": "message"}) from None
        if not own and not crypto.verify(key, body, sig):
            raise BadRequest(f"the signature does not match seat {seat}'s key", reason="fair.bad_signature",
                             params={"seat": seat})
        if kind == "join" and self.joins[seat] is not None:
            if crypto.canonical(self.joins[seat]) == crypto.canonical(msg):
                raise IllegalAction(f"seat {seat}'s join again", reason="fair.replayed",
                                    params={"seat": seat, "what": "join"})
            raise IllegalAction(f"seat {seat} is taken by another key", reason="fair.seat_taken",
                                params={"seat": seat})
        if msg["n"] < self.next_n[seat]:
            raise IllegalAction(f"seat {seat}'s message {msg['n']} again", reason="fair.replayed",
                                params={"seat": seat, "what": msg["n"]})
        if msg["n"] > self.next_n[seat]:
            raise IllegalAction(f"seat {seat}'s message {msg['n']} before its message {self.next_n[seat]}",
                                reason="fair.out_of_order", params={"seat": seat, "what": msg["n"]})
        getattr(self, "_accept_" + kind)(msg, seat)

    def _accept_join(self, msg, seat) -> None:
        if crypto.canonical(msg["table"]) != crypto.canonical(self.table):
            raise BadRequest("the join's table is not the game's", reason="fair.wrong_game")
        commit = crypto.unb64(msg["commit"], 32)
        if commit is None:
            raise BadRequest("the commitment is 32 bytes, base64url", reason="fair.bad_message",
                             params={"field": "commit"})
        if not (_is_int(msg["length"]) and 1 <= msg["length"] <= MAX_CHAIN):
            raise BadRequest(f"a chain has 1 to {MAX_CHAIN} links", reason="fair.bad_message",
                             params={"field": "length"})
        if self.strict and seat != sum(j is not None for j in self.joins):
            raise IllegalAction("the record lists the joins by seat", reason="fair.out_of_order",
                                params={"seat": seat, "what": "join"})
        started = None
        if all(j is not None for s, j in enumerate(self.joins) if s != seat):
            started = self.game.new_game(self.players, 0, self.table["options"], chance="external")
            if _private(started):
                raise IllegalAction("private draws are not supported yet", reason="fair.private_draws",
                                    params={"game": self.game.id})
        # accepted: from here on nothing raises
        self.joins[seat] = msg
        self.keys[seat] = crypto.unb64(msg["key"], 32)
        self.heads[seat], self.lengths[seat] = commit, msg["length"]
        self.next_n[seat] = 1
        if started is not None:
            self.transcript += self.joins
            self._set_state(started)

    def _accept_reveal(self, msg, seat) -> None:
        if not self.started:
            raise IllegalAction("no draw before every seat has joined", reason="fair.not_started")
        k = msg["round"]
        if not _is_int(k):
            raise BadRequest("round is a number", reason="fair.bad_message", params={"field": "round"})
        if k < self.rounds or (k == self.rounds and seat in self.pending):
            raise IllegalAction(f"seat {seat}'s reveal of round {k} again", reason="fair.replayed",
                                params={"seat": seat, "what": f"reveal {k}"})
        if k > self.rounds or self.state.chance_due() is None:
            raise IllegalAction(f"round {k} is not due", reason="fair.not_due", params={"round": k})
        if self.strict and seat != min(s for s in range(self.players) if s not in self.pending):
            raise IllegalAction("the record lists each round's reveals by seat", reason="fair.out_of_order",
                                params={"seat": seat, "what": f"reveal {k}"})
        value = crypto.unb64(msg["value"], 32)
        if value is None:
            raise BadRequest("a reveal is 32 bytes, base64url", reason="fair.bad_message",
                             params={"field": "value"})
        if k >= self.lengths[seat]:
            raise IllegalAction(f"seat {seat}'s chain has no link for round {k}", reason="fair.chain_exhausted",
                                params={"seat": seat, "round": k})
        if not crypto.follows(value, self.heads[seat]):
            raise BadRequest(f"seat {seat}'s reveal of round {k} does not hash to its previous one",
                             reason="fair.bad_reveal", params={"seat": seat, "round": k})
        after, drawn = None, []
        if len(self.pending) + 1 == self.players:  # the last reveal: the round's draws are made
            values = [value if s == seat else self.pending[s][0] for s in range(self.players)]
            after = self.state.clone()
            while after.chance_due() is not None:  # every draw before the next decision
                due = after.chance_due()
                if due.seen_by is not None:
                    raise IllegalAction("private draws are not supported yet", reason="fair.private_draws",
                                        params={"game": self.game.id})
                outcome = due.outcomes[crypto.joint_draw(self.gid, k, values, due.weights, len(drawn))]
                after.apply_chance(outcome)
                drawn.append([due.kind, outcome])
        self.pending[seat] = (value, msg)
        self.next_n[seat] += 1
        if after is not None:
            for s in range(self.players):
                self.heads[s] = self.pending[s][0]
                self.transcript.append(self.pending[s][1])
            self.pending = {}
            self.draws += drawn
            self.rounds += 1
            self._set_state(after)

    def _accept_act(self, msg, seat) -> None:
        if not self.started:
            raise IllegalAction("the game starts when every seat has joined", reason="fair.not_started")
        if self.state.is_over:
            raise IllegalAction("the game is over", reason="fair.game_over")
        if not _is_int(msg["step"]):
            raise BadRequest("step is a number", reason="fair.bad_message", params={"field": "step"})
        if msg["step"] < self.steps:
            raise IllegalAction(f"move {msg['step']} again", reason="fair.replayed",
                                params={"seat": seat, "what": f"move {msg['step']}"})
        if msg["step"] > self.steps or self.state.chance_due() is not None:
            raise IllegalAction(f"move {msg['step']} is not due", reason="fair.not_due_move",
                                params={"step": msg["step"]})
        if self.state.current_player != seat:
            raise IllegalAction(f"it is not seat {seat}'s turn", reason="fair.not_their_turn",
                                params={"seat": seat})
        if msg["before"] != self.state_hash:
            raise IllegalAction(f"seat {seat} moved in another position than this one",
                                reason="fair.state_differs", params={"seat": seat})
        after = self.state.clone()
        try:
            after.apply(msg["action"])
        except (BadRequest, IllegalAction) as e:
            raise IllegalAction(f"seat {seat}'s move is not legal: {e.message}", reason="fair.illegal_action",
                                params={"seat": seat}) from None
        if _private(after):
            raise IllegalAction("private draws are not supported yet", reason="fair.private_draws",
                                params={"game": self.game.id})
        self.next_n[seat] += 1
        self.steps += 1
        self.transcript.append(msg)
        self._set_state(after)

    def _set_state(self, state) -> None:
        self.state = state
        self.state_hash = crypto.digest(state.to_json())

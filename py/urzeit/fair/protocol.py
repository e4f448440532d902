"""One seat's side of a fair game between players who do not trust each other (docs/fair-play.md).

A `Party` is one seat's browser: it makes its secret chain and signing key, sends `join`,
checks every message it receives, keeps its own engine state (external chance) and sends
`reveal` when a draw falls due and `act` when its player moves. Every draw comes from all
seats' chain values together. A message that does not fit is refused with an
`urzeit.core.errors` error (a `reason` key) and changes nothing. An observer (`seat=None`,
`strict=True`) is the verifier of a record: the same checks, no secrets, and the record's order
(each group of messages — the joins, a round's reveals, a private draw's keys, the deck secrets —
ascending by seat: a complete group in the one order, a group cut short at the record's end with
gaps).

Messages (JSON objects; binary fields base64url without padding; "sig" signs the canonical
JSON of the rest with the seat's key):
  join   {kind, gid, seat, n: 0, table, key, commit, length}
  reveal {kind, gid, seat, n, round, value}     the seat's next chain value, for a round of draws
  act    {kind, gid, seat, n, step, action, before} [open, drop, value]
  shuffle {kind, gid, seat, n, deck, commits}   mental poker (fair/poker.py): the deck
  lock   {kind, gid, seat, n, deck}             encrypted and shuffled by every seat, re-keyed
  keys   {kind, gid, seat, n, first, keys}      the seat's keys of the deck positions drawn now
  unlock {kind, gid, seat, n, seed}             by others; at the end, every seat's deck secret
  act    may carry open [[position, card, key]] (cards it shows) and drop [positions] (put away);
  an act after which draws fall due carries the mover's next chain value (`value`).
A round of values settles every draw due before the next decision (a set-up of forty cards, even
with private cards dealt among them, is one round). The set-up's round takes every seat's value;
a round a move makes due takes the mover's (with its move) and the next deciding seat's (the
seat after the mover if the mover decides again): one message a turn (docs/fair-play.md).
`n` counts each seat's messages from 0; `gid` is the hash of the table (game, players,
options, nonce) every join repeats; `before` is the hash of the engine state the act is made in.
"""

import copy
import secrets

from ..core.errors import BadRequest, BadSave, IllegalAction
from . import crypto, poker
from .deck import DeckSteps
# the helpers keep the names the party's code reads them by
from .deck import card_key as _key_of, matching as _matching
from .deck import private_batch as _private_batch
from .rounds import ChainRounds, setup_probe
from .rounds import falls_due as _falls_due
from .table import check_table, new_state
from .table import is_int as _is_int


def message_digest(msg: dict) -> bytes:
    """What tells two copies of a message apart: its signed body and its signature."""
    return crypto.sha256(crypto.message_bytes(msg) + str(msg.get("sig")).encode())


CHAIN_LENGTH = 1024     # draws a game may take; SHA-256 of 1024 links is about a millisecond
MAX_CHAIN = 1 << 16
FIELDS = {
    "join": ("kind", "gid", "seat", "n", "table", "key", "commit", "length", "sig"),
    "reveal": ("kind", "gid", "seat", "n", "round", "value", "sig"),
    "act": ("kind", "gid", "seat", "n", "step", "action", "before", "sig"),
    "shuffle": ("kind", "gid", "seat", "n", "deck", "commits", "sig"),
    "lock": ("kind", "gid", "seat", "n", "deck", "sig"),
    "keys": ("kind", "gid", "seat", "n", "first", "keys", "sig"),
    "unlock": ("kind", "gid", "seat", "n", "seed", "sig"),
}
OPTIONAL = {"act": ("open", "drop", "value")}  # present only when not empty: one spelling per message
# a record's groups of messages, each ascending by seat (Party.open_group)
ORDER = {"join": "the record lists the joins by seat", "reveal": "the record lists each round's reveals by seat",
         "keys": "the record lists each draw's keys by seat", "unlock": "the record lists the deck secrets by seat"}
PRIVATE_FORMAT = "urzeit-fair-private"
PRIVATE_FIELDS = ("format", "version", "gid", "table", "seat", "key", "chain", "length")
# + "deck" (the seed of the seat's deck secrets) in a game with private draws


class Party(ChainRounds, DeckSteps):
    """One seat (or, with seat=None, an observer that checks a record). `receive`, `join` and
    `act` return the messages this party sends next (reveals, deck steps, keys as they fall due).

    In a game with private draws each party holds two engine states: `public` (every private
    card HIDDEN: the same in every party, hashed as `before`) and `state`, its own seat's (its
    own cards known, the others' HIDDEN; the observer's is the public one)."""

    def __init__(self, table: dict, seat: int | None, chain_length: int = CHAIN_LENGTH, strict: bool = False):
        self.game, self.gid = check_table(table)
        self.table = table
        self.gid_text = crypto.b64(self.gid)
        self.players = n = table["players"]
        if seat is not None and not (_is_int(seat) and 0 <= seat < n):
            raise BadRequest(f"seat must be 0 to {n - 1}", reason="fair.bad_seat", params={"seat": str(seat)})
        self.seat = seat
        self.strict = strict  # the record's order: each group of messages ascending by seat
        deck = new_state(self.game, n, table["options"]).private_deck()
        self.deck = deck           # the private cards (sorted), or None: no mental poker
        self.setup_round, self.first_batch, self.deal_first = setup_probe(self.game, n, table["options"])
        if seat is not None:
            if not (_is_int(chain_length) and 1 <= chain_length <= MAX_CHAIN):
                raise BadRequest(f"chain length must be 1 to {MAX_CHAIN}", reason="fair.bad_chain")
            self._secret = crypto.new_secret_key()
            self.key = crypto.public_key(self._secret)
            self._chain = crypto.Chain(chain_length)
            self._poker = poker.Secrets(secrets.token_bytes(32), len(deck)) if deck is not None else None
        self.keys = [None] * n      # each seat's public key, from its join
        self.joins = [None] * n
        self.heads = [None] * n     # the seat's last chain value: its next one must hash to it
        self.lengths = [0] * n
        self.used = [0] * n         # chain values each seat has revealed
        self.next_n = [0] * n       # each seat's next message number
        self.values = {}            # seat -> its value of the round due now (or the set-up's, early)
        self.state = None           # the engine state, once every seat has joined (and shuffled)
        self.public = None
        self.state_hash = None
        self.draws = []             # [kind, outcome] of every completed draw (HIDDEN: a private one)
        self.rounds = 0             # rounds of values settled
        self.pending = {}           # seat -> reveal message of the round not settled yet
        self.open_round = None      # [round, values, draws so far]: settles draws until the next move
        self.last_actor = None      # the seat of the last move
        self.ahead = False          # the last message taken came before its draw was due (a record's end)
        self.steps = 0              # acts applied
        self.transcript = []        # accepted messages in the record's order
        self.early = []             # deck steps taken before every seat joined (they follow the joins)
        self.accepted = []          # every accepted message in the order this party took it (a
                                    # replay of them rebuilds it: the page stores these)
        self.digests = {}           # (seat, n) -> digest of every accepted message (links overlap)
        # mental poker (only with a private deck)
        if deck is not None:
            distinct = sorted({_key_of(c): c for c in deck}.items())
            self.codes = {k: poker.code(i) for i, (k, _) in enumerate(distinct)}
            self.cards = {poker.code(i): c for i, (_, c) in enumerate(distinct)}
            self.decks = [sorted(self.codes[_key_of(c)] for c in deck)]  # then each shuffle, each lock
        self.commits = [None] * n               # each seat's key commitment of every position
        self.card_keys = [{} for _ in range(n)]  # position -> key, as seats send them
        self.next_pos = 0                       # the next deck position to be drawn
        self.held = [[] for _ in range(n)]      # positions a seat drew and still hides
        self.shown = [{} for _ in range(n)]     # position -> card a seat showed
        self.put_away = [[] for _ in range(n)]  # positions a seat put away face down
        self.batch = {}             # seat -> keys message for the next private draws (due, or the deal's early)
        self.batch_owners = None    # the drawers those keys were sent for
        self.unlocks = {}           # seat -> unlock message (the end of the game)
        self.dealt = None           # position -> card, once every unlock is in and checked
        self.mine = {}              # position -> card this seat drew (its own secret)

    # ---- what the party knows ----------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.state is not None

    def fingerprint(self) -> str:
        """A hash of everything the party holds (tests: a refusal leaves it unchanged)."""
        return crypto.digest({
            "transcript": self.transcript, "next_n": self.next_n, "draws": self.draws,
            "pending": sorted([s, m] for s, m in self.pending.items()), "joins": self.joins,
            "values": sorted([s, crypto.b64(v)] for s, v in self.values.items()), "used": self.used,
            "open_round": None if self.open_round is None else [self.open_round[0], self.open_round[2]],
            "last_actor": self.last_actor, "early": self.early,
            "state": self.state_hash, "steps": self.steps, "rounds": self.rounds,
            "own": None if self.state is None else crypto.digest(self.state.to_json()),
            "decks": [[poker.to_text(x) for x in d] for d in self.decks] if self.deck is not None else None,
            "commits": self.commits, "next_pos": self.next_pos,
            "card_keys": [sorted([j, poker.to_text(k)] for j, k in d.items()) for d in self.card_keys],
            "held": self.held, "shown": [sorted([j, c] for j, c in d.items()) for d in self.shown],
            "put_away": self.put_away, "batch": sorted([s, m] for s, m in self.batch.items()),
            "unlocks": sorted([s, m] for s, m in self.unlocks.items()), "mine": sorted(self.mine.items())})

    def private(self) -> dict:
        """This seat's secrets (signing key, chain seed, deck seed): for its own browser's storage only."""
        self._own()
        out = {"format": PRIVATE_FORMAT, "version": 1, "gid": self.gid_text, "table": self.table,
               "seat": self.seat, "key": crypto.b64(self._secret), "chain": crypto.b64(self._chain.links[0]),
               "length": self._chain.length}
        if self._poker is not None:
            out["deck"] = crypto.b64(self._poker.seed)
        return out

    @classmethod
    def restore(cls, priv, messages, accepted=None) -> tuple:
        """The party again from its private part and the public messages it had accepted (from
        the player's own storage, trusted like the browser: signatures are not checked again);
        (party, the messages it has still to send). `accepted`, a list, receives each message
        with the state it was applied in (as link.receive gives them: the game's log again)."""
        if not isinstance(priv, dict) or sorted(str(k) for k in priv if k != "deck") != sorted(PRIVATE_FIELDS) \
                or priv["format"] != PRIVATE_FORMAT or priv["version"] != 1:
            raise BadSave("not the private part of a fair party", reason="fair.bad_private")
        length = priv["length"]
        secret, seed = crypto.unb64(priv["key"], 32), crypto.unb64(priv["chain"], 32)
        if not (_is_int(length) and 1 <= length <= MAX_CHAIN) or secret is None or seed is None:
            raise BadSave("key and chain are 32 bytes, base64url", reason="fair.bad_private")
        party = cls(priv["table"], priv["seat"], chain_length=1)
        if party.seat is None or party.gid_text != priv["gid"]:
            raise BadSave("the private part belongs to another game", reason="fair.bad_private")
        if party.deck is not None:
            deck_seed = crypto.unb64(priv.get("deck"), 32)
            if deck_seed is None:
                raise BadSave("the deck seed is 32 bytes, base64url", reason="fair.bad_private")
            party._poker = poker.Secrets(deck_seed, len(party.deck))
        elif "deck" in priv:
            raise BadSave("this game has no private deck", reason="fair.bad_private")
        party._secret, party.key, party._chain = secret, crypto.public_key(secret), crypto.Chain(length, seed)
        if not isinstance(messages, list):
            raise BadSave("the messages are a list", reason="fair.bad_private")
        mine = (crypto.b64(party.key), crypto.b64(party._chain.commitment))
        for m in messages:
            if isinstance(m, dict) and m.get("kind") == "join" and m.get("seat") == party.seat \
                    and (m.get("key"), m.get("commit")) != mine:
                raise BadSave("this seat joined with another key", reason="fair.private_mismatch",
                              params={"seat": party.seat})
            before = party.state
            logged = m
            if (accepted is not None and before is not None and before is not party.public
                    and isinstance(m, dict) and m.get("kind") == "act" and m.get("seat") == party.seat):
                # this seat's own move as it made it (the message shows it as the others saw it:
                # a card kept face down)
                real = _matching(before, m.get("action"), [c for _, c, _ in m.get("open", [])],
                                 [party.mine[j] for j in m.get("drop", []) if j in party.mine])
                logged = dict(m, action=real) if real is not None else m
            party._accept(m, own=True)  # no answers while replaying: they are among the messages
            if accepted is not None:
                m = logged
                if before is not None and m.get("kind") == "act" and "open" in m and m.get("seat") != party.seat:
                    before = before.clone()  # the state the move was made in: with the cards it shows
                    for _, card, _ in m["open"]:
                        before.reveal(m["seat"], card)
                accepted.append((m, before))
        out = [] if party.joins[party.seat] is not None else party.join()
        return party, out + party._due_messages()

    def copy(self) -> "Party":
        """A copy to try messages on (states are replaced, never changed in place)."""
        c = copy.copy(self)
        for f in ("keys", "joins", "heads", "lengths", "used", "next_n", "draws", "transcript", "early",
                  "commits", "accepted"):
            setattr(c, f, list(getattr(self, f)))
        c.digests, c.values = dict(self.digests), dict(self.values)
        c.pending, c.batch, c.unlocks, c.mine = dict(self.pending), dict(self.batch), dict(self.unlocks), dict(self.mine)
        c.card_keys, c.shown = [dict(d) for d in self.card_keys], [dict(d) for d in self.shown]
        c.held, c.put_away = [list(h) for h in self.held], [list(h) for h in self.put_away]
        c.open_round = None if self.open_round is None else list(self.open_round)
        if self.deck is not None:
            c.decks = list(self.decks)
        return c

    def _commit(self, trial: "Party") -> None:
        self.__dict__.update(trial.__dict__)

    # ---- sending -----------------------------------------------------------------------

    def _own(self):
        if self.seat is None:
            raise IllegalAction("an observer sends nothing", reason="fair.observer")

    def _make(self, fields: dict) -> dict:
        msg = {"gid": self.gid_text, "seat": self.seat, "n": self.next_n[self.seat], **fields}
        return crypto.sign_message(self._secret, self.key, msg)

    def sign_aside(self, msg: dict) -> dict:
        """`msg` signed with this seat's key, outside the game and its numbering (a live
        table's chat line, fair/chat.py): never a game message, which `_make` numbers."""
        self._own()
        if msg.get("kind") in FIELDS:
            raise BadRequest("a game message is made by the party itself", reason="fair.bad_message",
                             params={"field": "kind"})
        return crypto.sign_message(self._secret, self.key, msg)

    def join(self) -> list[dict]:
        """This seat's first message (and what follows at once: its shuffle, the set-up's values)."""
        self._own()
        if self.joins[self.seat] is not None:
            raise IllegalAction("this seat has joined already", reason="fair.replayed",
                                params={"seat": self.seat, "what": "join"})
        trial = self.copy()
        msg = trial._make({"kind": "join", "table": self.table, "key": crypto.b64(self.key),
                           "commit": crypto.b64(self._chain.commitment), "length": self._chain.length})
        trial._accept(msg, own=True)
        out = [msg] + trial._due_messages()
        self._commit(trial)
        return out

    def act(self, action) -> list[dict]:
        """This seat's move: checked by its own engine first, then sent (its private cards as
        the others may see them: shown with their keys, kept or put away face down; its chain
        value if this move makes draws due)."""
        self._own()
        if not self.started:
            raise IllegalAction("the game starts when every seat has joined", reason="fair.not_started")
        if self.state.current_player != self.seat:
            raise IllegalAction("it is not this seat's turn", reason="fair.not_your_turn",
                                params={"seat": self.seat})
        fields = {"kind": "act", "step": self.steps, "action": action, "before": self.state_hash}
        after = self.state.clone()
        try:
            after.apply(action)
        except (BadRequest, IllegalAction) as e:
            raise IllegalAction(f"the move is not legal: {e.message}", reason="fair.illegal_action",
                                params={"seat": self.seat}) from None
        if self.deck is not None:
            public_action, shown, dropped = self.state.conceal(action)
            free = list(self.held[self.seat])

            def position(card):
                j = next(j for j in free if _key_of(self.mine[j]) == _key_of(card))
                free.remove(j)
                return j
            opened = sorted([position(c), c] for c in shown)
            drops = sorted(position(c) for c in dropped)
            fields["action"] = public_action
            if opened:
                fields["open"] = [[j, c, poker.to_text(self._poker.keys[j])] for j, c in opened]
            if drops:
                fields["drop"] = drops
        if _falls_due(after):  # this move makes draws due: its mover's value goes with it
            if self.used[self.seat] >= self._chain.length:
                raise IllegalAction(f"seat {self.seat}'s chain is used up", reason="fair.chain_exhausted",
                                    params={"seat": self.seat, "round": self.rounds})
            fields["value"] = crypto.b64(self._chain.reveal(self.used[self.seat]))
        trial = self.copy()
        msg = trial._make(fields)
        trial._accept(msg, own=True)
        out = [msg] + trial._due_messages()
        self._commit(trial)
        return out

    def _due_messages(self) -> list[dict]:
        out = []
        while True:
            msg = self._next_message()
            if msg is None:
                return out
            self._accept(msg, own=True)
            out.append(msg)

    def _next_message(self):
        """This seat's next message if one is due: a deck step, a reveal, keys, its unlock."""
        me = self.seat
        if me is None or self.joins[me] is None:
            return None
        n = self.players
        if not self.started:
            if self.deck is not None:
                kind, seat = self.setup_turn()
                if seat == me and (all(self.joins) if kind == "lock" or seat == n - 1 else all(self.joins[:me + 1])):
                    return self._deck_message(kind)
            if not all(self.joins) or (self.deck is not None and not self._deck_done(me)):
                return None
            # every seat has joined (and this seat's deck steps are out): its value of the set-up's
            # draws and its keys of the deal may go ahead of the deck (nobody decides before them)
            keys = self._early_keys() if self.deal_first else None  # the deal first: its keys first
            if keys is None and self.setup_round and me not in self.values:
                return self._reveal_message(0)
            return keys or self._early_keys()
        if self.public.is_over:
            if self.deck is not None and me not in self.unlocks:
                return self._make({"kind": "unlock", "seed": crypto.b64(self._poker.seed)})
            return None
        due = self.public.chance_due()
        if due is None:
            return None
        if due.seen_by is not None:
            if me in self.batch or me not in self.keys_needed():
                return None
            return self._keys_message(_private_batch(self.public))
        if (self.open_round is not None or me in self.values or me not in self.round_seats()
                or self.used[me] >= self._chain.length):
            return None  # (a used-up chain stalls the game: a longer chain next time)
        return self._reveal_message(self.rounds)

    # ---- receiving ---------------------------------------------------------------------

    def receive(self, msg) -> list[dict]:
        """Check and apply another seat's message; returns this seat's answers.
        A refused message raises and changes nothing."""
        trial = self.copy()
        trial._accept(msg, own=False)
        out = trial._due_messages()
        self._commit(trial)
        return out

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
        """Every check, then the change and the draws it settles (on a trial copy: a refusal
        leaves the party as it was)."""
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
        extra = sorted(str(f) for f in msg if f not in fields and f not in OPTIONAL.get(kind, ()))
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
        self.ahead = False
        getattr(self, "_accept_" + kind)(msg, seat)
        self.accepted.append(msg)
        self.digests[(seat, msg["n"])] = message_digest(msg)
        self._settle()

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
        self._ascending(seat, [s for s, j in enumerate(self.joins) if j is not None], "join", "join")
        self.joins[seat] = msg
        self.keys[seat] = crypto.unb64(msg["key"], 32)
        self.heads[seat], self.lengths[seat] = commit, msg["length"]
        self.next_n[seat] = 1
        if all(j is not None for j in self.joins):
            self.transcript += self.joins + self.early
            self.early = []
            if self.deck is None:
                state = new_state(self.game, self.players, self.table["options"])
                self._set_state(state, state)

    # ---- reveals and moves ------------------------------------------------------------

    def _ascending(self, seat, sent, kind, what) -> None:
        """A record lists each group ascending by seat, so a complete group has one order and a
        group cut short (a party exported mid-round: any of its seats may be missing) is valid
        as the record's end; a group with a gap can never complete (`open_group`)."""
        if self.strict and any(s > seat for s in sent):
            raise IllegalAction(ORDER[kind], reason="fair.out_of_order", params={"seat": seat, "what": what})

    def open_group(self):
        """The group of messages being collected now: (kind, seats that sent theirs, seats still
        missing), kind "join", "reveal", "keys" or "unlock"; None between groups."""
        n = self.players
        if any(j is None for j in self.joins):
            sent = [s for s in range(n) if self.joins[s] is not None]
            return "join", sent, [s for s in range(n) if s not in sent]
        if not self.started:
            return None
        if self.public.is_over:
            if self.deck is None or self.dealt is not None:
                return None
            return "unlock", sorted(self.unlocks), [s for s in range(n) if s not in self.unlocks]
        due = self.public.chance_due()
        if due is not None and due.seen_by is not None:
            return "keys", sorted(self.batch), self.keys_missing()
        if due is not None:
            return "reveal", sorted(self.pending), [s for s in self.round_seats() if s not in self.values]
        return None

    def _accept_act(self, msg, seat) -> None:
        if not self.started:
            raise IllegalAction("the game starts when every seat has joined", reason="fair.not_started")
        if self.public.is_over:
            raise IllegalAction("the game is over", reason="fair.game_over")
        if not _is_int(msg["step"]):
            raise BadRequest("step is a number", reason="fair.bad_message", params={"field": "step"})
        if msg["step"] < self.steps:
            raise IllegalAction(f"move {msg['step']} again", reason="fair.replayed",
                                params={"seat": seat, "what": f"move {msg['step']}"})
        if msg["step"] > self.steps or self.public.chance_due() is not None:
            raise IllegalAction(f"move {msg['step']} is not due", reason="fair.not_due_move",
                                params={"step": msg["step"]})
        if self.public.current_player != seat:
            raise IllegalAction(f"it is not seat {seat}'s turn", reason="fair.not_their_turn",
                                params={"seat": seat})
        if msg["before"] != self.state_hash:
            raise IllegalAction(f"seat {seat} moved in another position than this one",
                                reason="fair.state_differs", params={"seat": seat})
        value = None if "value" not in msg else self._chain_value(seat, msg["value"], "value")
        if self.deck is None:
            if "open" in msg or "drop" in msg:
                raise BadRequest("this game has no private cards to show", reason="fair.bad_message",
                                 params={"field": "open" if "open" in msg else "drop"})
            after = self.state.clone()
            self._apply_checked(after, msg["action"], seat)
            own = after
        else:
            after, own, shows, drops = self._private_act(msg, seat)
        if _falls_due(after.clone()) != (value is not None):  # one spelling: the value iff draws fall due
            raise BadRequest("a move after which draws fall due carries its mover's value, no other does",
                             reason="fair.bad_message", params={"field": "value"})
        # accepted: from here on nothing raises
        if self.deck is not None:
            for j, card, k in shows:
                self.held[seat].remove(j)
                self.shown[seat][j] = card
                self.card_keys[seat][j] = k
            for j in drops:
                self.held[seat].remove(j)
                self.put_away[seat].append(j)
        if value is not None:
            self._take_value(seat, value)
        self.next_n[seat] += 1
        self.steps += 1
        self.transcript.append(msg)
        self.open_round = None  # a decision: the next draws need a new round of values
        self.last_actor = seat
        self._set_state(own, after)

    def _apply_checked(self, state, action, seat) -> None:
        try:
            state.apply(action)
        except (BadRequest, IllegalAction) as e:
            raise IllegalAction(f"seat {seat}'s move is not legal: {e.message}", reason="fair.illegal_action",
                                params={"seat": seat}) from None

    def _set_state(self, state, public) -> None:
        self.state = state
        self.public = public
        self.state_hash = crypto.digest(public.to_json())

"""The rounds of chain values of a fair game (docs/fair-play.md "One message a turn"): which
seats' values settle the draws a move makes due, which draws come before the first decision,
and the party's steps that take the values and make the draws. A part of the party
(protocol.py's Party)."""

from ..core.errors import BadRequest, IllegalAction
from ..core.game import HIDDEN
from . import crypto
from .deck import is_private as _private, private_batch as _private_batch
from .table import is_int as _is_int, new_state


def setup_probe(game, players: int, options: dict) -> tuple:
    """What a fair game's set-up looks like before anyone draws: (whether a public draw comes
    before the first decision: the set-up's round, the drawers of the first private draws if
    they come before the first decision and no public outcome changes them, whether those come
    first). Each seat's value and keys for them may go out before the deck is ready, in the
    order the record lists them."""
    first = new_state(game, players, options).chance_due()
    found = []
    for pick in (0, -1):  # the first and the last outcome of every public draw
        s, setup, owners = new_state(game, players, options), False, None
        while s.chance_due() is not None:
            c = s.chance_due()
            if c.seen_by is not None:
                if owners is None:
                    owners = _private_batch(s)
                s.apply_chance(HIDDEN)
            else:
                setup = True
                s.apply_chance(c.outcomes[pick])
        found.append((setup, owners))
    (setup, owners), (_, other) = found
    return setup, owners if owners == other else None, first is not None and first.seen_by is not None


def falls_due(state) -> bool:
    """Whether a public draw comes in `state` before the next decision (private draws on the
    way are dealt face down: they need no values). Changes `state` (a probe)."""
    while state.chance_due() is not None:
        if state.chance_due().seen_by is None:
            return True
        state.apply_chance(HIDDEN)
    return False


def draw_seats(state, mover, players) -> list:
    """The seats whose values settle the round a move of `mover` made due in `state`: the mover
    and the next seat to decide (the seat after the mover if the mover decides again), so that
    the mover cannot know the draws when it moves and the next seat's own message settles them;
    the set-up's round (mover None): every seat."""
    if mover is None:
        return list(range(players))
    nxt = getattr(state, "current", None)
    closer = nxt if _is_int(nxt) and 0 <= nxt < players and nxt != mover else (mover + 1) % players
    return sorted({mover, closer})


class ChainRounds:
    """Party's rounds of values: the reveals, each seat's next chain value, and the draws a
    complete round settles."""

    def _reveal_message(self, k: int) -> dict:
        return self._make({"kind": "reveal", "round": k, "value": crypto.b64(self._chain.reveal(self.used[self.seat]))})

    def round_seats(self) -> list:
        """The seats whose values settle the round due now (before the game starts: the set-up's)."""
        return draw_seats(self.public, self.last_actor, self.players) if self.started else list(range(self.players))

    def _chain_value(self, seat, text, field) -> bytes:
        """A seat's next chain value: it hashes to the seat's last one (its commitment at first)."""
        value = crypto.unb64(text, 32)
        if value is None:
            raise BadRequest("a chain value is 32 bytes, base64url", reason="fair.bad_message",
                             params={"field": field})
        if self.used[seat] >= self.lengths[seat]:
            raise IllegalAction(f"seat {seat}'s chain has no link for round {self.rounds}", reason="fair.chain_exhausted",
                                params={"seat": seat, "round": self.rounds})
        if not crypto.follows(value, self.heads[seat]):
            raise BadRequest(f"seat {seat}'s value of round {self.rounds} does not hash to its previous one",
                             reason="fair.bad_reveal", params={"seat": seat, "round": self.rounds})
        return value

    def _take_value(self, seat, value) -> None:
        self.values[seat] = value
        self.heads[seat] = value
        self.used[seat] += 1

    def _accept_reveal(self, msg, seat) -> None:
        if any(j is None for j in self.joins):
            raise IllegalAction("no draw before every seat has joined", reason="fair.not_started")
        k = msg["round"]
        if not _is_int(k):
            raise BadRequest("round is a number", reason="fair.bad_message", params={"field": "round"})
        if k < self.rounds or (k == self.rounds and seat in self.values):
            raise IllegalAction(f"seat {seat}'s reveal of round {k} again", reason="fair.replayed",
                                params={"seat": seat, "what": f"reveal {k}"})
        due = self.started and self.open_round is None and not self.public.is_over \
            and self.public.chance_due() is not None and not _private(self.public)
        # the set-up's, ahead of its draws: before the deck is ready, or while the deal comes first
        early = not due and k == 0 and self.rounds == 0 and self.steps == 0 and self.setup_round
        if k > self.rounds or not (due or early) or seat not in self.round_seats():
            raise IllegalAction(f"round {k} is not due", reason="fair.not_due", params={"round": k})
        self._ascending(seat, self.pending, "reveal", f"reveal {k}")
        value = self._chain_value(seat, msg["value"], "value")
        self.ahead = early
        self._take_value(seat, value)
        self.pending[seat] = msg
        self.next_n[seat] += 1

    def _settle(self) -> None:
        """Every draw that can be made now: a round of values once every seat's is in (it
        settles every public draw until the next decision, private ones dealt among them), the
        private draws once every key is in."""
        while self.state is not None and not self.public.is_over:
            due = self.public.chance_due()
            if due is None:
                return
            if due.seen_by is not None:
                if self.keys_missing():
                    return
                self._open_batch()
                continue
            if self.open_round is None:
                seats = self.round_seats()
                if any(s not in self.values for s in seats):
                    return
                values = [self.values[s] for s in seats]
                self.transcript += [self.pending[s] for s in sorted(self.pending)]
                self.values, self.pending = {}, {}
                self.open_round = [self.rounds, values, 0]
                self.rounds += 1
            k, values, sub = self.open_round
            after = self.public.clone()
            own = self.state.clone() if self.state is not self.public else after
            drawn = []
            while after.chance_due() is not None and not _private(after):
                due = after.chance_due()
                outcome = due.outcomes[crypto.joint_draw(self.gid, k, values, due.weights, sub + len(drawn))]
                after.apply_chance(outcome)
                if own is not after:
                    own.apply_chance(outcome)
                drawn.append([due.kind, outcome])
            self.open_round = [k, values, sub + len(drawn)]
            self.draws += drawn
            self._set_state(own, after)

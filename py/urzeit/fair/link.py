"""A fair party kept between page loads and passed on by link (docs/fair-play.md, "Fair links").

The private part (signing key and chain seed) stays in the player's own browser storage;
everything else is public and may travel: the messages a link carries are those the
recipient may not have seen yet (`for_seat`), not the whole record."""

from ..core.errors import BadRequest, IllegalAction
from . import crypto
from .protocol import Party, message_digest
from .record import export


def _held(party: Party, m) -> bool:
    """Whether the party accepted this very message before (by its seat and number: no pass
    over the whole record, so a link costs the same at move 10 and at move 300)."""
    seat, n = m.get("seat"), m.get("n")
    if not (isinstance(seat, int) and isinstance(n, int)) or (seat, n) not in party.digests:
        return False
    return party.digests[(seat, n)] == message_digest(m)


def receive(party: Party, messages) -> tuple[Party, list, list, int]:
    """Take a link's messages: those held already are skipped (links overlap); the new ones
    must all fit, in any order, else nothing changes. (the party after, its answers, the
    accepted messages each with the state it was applied in, how many were known)."""
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages is a non-empty list", reason="fair.bad_message", params={"field": "messages"})
    new, seen = [], set()
    for m in messages:
        try:
            key = crypto.canonical(m)
            known = isinstance(m, dict) and _held(party, m)
        except (TypeError, ValueError):
            raise BadRequest("a message is not plain JSON", reason="fair.bad_message",
                             params={"field": "message"}) from None
        if not known and key not in seen:
            if isinstance(m, dict) and m.get("seat") == party.seat:  # this seat's messages come from here only
                raise IllegalAction(f"seat {party.seat} is taken by another key", reason="fair.seat_taken",
                                    params={"seat": party.seat})
            new.append(m)
            seen.add(key)
    if not new:
        raise IllegalAction("every message has arrived before", reason="fair.nothing_new")
    trial, answers, accepted = party.copy(), [], []
    waiting, progress = new, True
    while waiting and progress:
        progress, left = False, []
        for m in waiting:
            before = trial.state
            try:
                answers += trial.receive(m)
            except (BadRequest, IllegalAction) as e:
                left.append((m, e))
                continue
            if before is not None and m.get("kind") == "act" and "open" in m:
                before = before.clone()  # the state the move was made in: with the cards it shows
                for _, card, _ in m["open"]:
                    before.reveal(m["seat"], card)
            accepted.append((m, before))
            progress = True
        waiting = [m for m, _ in left]
    if waiting:
        raise left[0][1]
    return trial, answers, accepted, len(messages) - len(new)


def waiting(party: Party) -> dict:
    """What the game waits for: {"for": "join" | "deck" | "reveal" | "keys" | "move" | "unlock" | None,
    "seats": [...]} (deck: a seat's shuffle or lock; keys: the keys of a private draw; unlock: the
    deck secrets at the end)."""
    if any(j is None for j in party.joins):
        return {"for": "join", "seats": [s for s in range(party.players) if party.joins[s] is None]}
    if not party.started:
        return {"for": "deck", "seats": [party.setup_turn()[1]]}
    s = party.public
    if s.is_over:
        if party.deck is not None and len(party.unlocks) < party.players:
            return {"for": "unlock", "seats": [x for x in range(party.players) if x not in party.unlocks]}
        return {"for": None, "seats": []}
    if s.chance_due() is not None and s.chance_due().seen_by is not None:
        return {"for": "keys", "seats": party.keys_missing()}
    if s.chance_due() is not None:
        return {"for": "reveal", "seats": [x for x in party.round_seats() if x not in party.values]}
    return {"for": "move", "seats": [s.current_player]}


def _group(m) -> tuple:
    kind = m["kind"]
    if kind == "reveal":
        return kind, m["round"]
    if kind == "keys":
        return kind, m["first"]
    if kind == "unlock":
        return (kind,)
    return kind, m["seat"], m["n"]


def for_seat(party: Party, to: int) -> list:
    """The messages seat `to` may not have seen: those its own messages do not show it had.
    Seat `to` had, when it sent them: before a move, everything the record lists before it;
    before a reveal (of a round after the set-up's, or with no deck to wait for), keys (of a
    draw after the deal) or a deck secret, everything before that group; before a deck step,
    every deck step before it and, once it needed them, every join. Overlap is harmless: the
    recipient skips what it holds."""
    msgs = export(party)["messages"]
    starts = {}
    for i, m in enumerate(msgs):
        starts.setdefault(_group(m), i)
    cut, seen = 0, set()
    for i, m in enumerate(msgs):
        if m["seat"] != to:
            continue
        kind = m["kind"]
        if kind == "act":
            cut = max(cut, i)
        elif (kind == "unlock" or (kind == "keys" and m["first"] > 0)
              or (kind == "reveal" and (m["round"] > 0 or party.deck is None))):
            cut = max(cut, starts[_group(m)])
        if kind in ("shuffle", "lock"):
            seen.update(j for j in range(i) if msgs[j]["kind"] in ("shuffle", "lock"))
        if kind != "join" and not (kind == "shuffle" and m["seat"] < party.players - 1):
            seen.update(j for j in range(i) if msgs[j]["kind"] == "join")  # it needed every seat's join
    return [m for i, m in enumerate(msgs) if i >= cut and i not in seen and m["seat"] != to]

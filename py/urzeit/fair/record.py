"""The record of a fair game and its verifier.

A record holds the table, every signed message in the one canonical order (joins by seat, the
deck's steps; then, as the game went, each act, and each round's reveals by seat, each private
draw's keys by seat), the draws they gave and the result. A record exported mid-game ends with
what is not settled yet: reveals by round and seat (a seat's values may come early), the next
keys, the deck secrets. `check(record)` replays it from nothing but the record: every
signature, every chain value against its seat's chain, every draw from the values, every act
legal in the state its seat says it saw, the one order, and the result."""

from ..core.errors import BadSave, UrzeitError
from . import crypto
from .protocol import ORDER, Party

FORMAT = "urzeit-fair"
VERSION = 2  # 2: urzeit-fair/2 (set-up values sent early, a move carries its `value`)
FIELDS = ("format", "version", "table", "gid", "messages", "draws", "result")


def export(party: Party) -> dict:
    """The record of what `party` has accepted: the settled messages in the game's order, then
    what is not settled yet (a stalled game shows who stalled it): reveals by round and seat,
    the keys of the next private draws, the deck secrets, each by seat."""
    return {"format": FORMAT, "version": VERSION, "table": party.table, "gid": party.gid_text,
            "messages": listed(party), "draws": [list(d) for d in party.draws], "result": result(party)}


def listed(party: Party) -> list:
    if any(j is None for j in party.joins):  # the joins enter the transcript together; deck steps follow them
        out = [j for j in party.joins if j is not None] + party.early
    else:
        out = list(party.transcript)
    out += [m for _, m in sorted(party.pending.items())]
    out += [m for _, m in sorted(party.batch.items())]
    if party.dealt is None:
        out += [m for _, m in sorted(party.unlocks.items())]
    return out


def length(party: Party) -> int:
    """How many messages `export(party)` lists, without building the record (a view's number)."""
    if any(j is None for j in party.joins):
        n = sum(j is not None for j in party.joins) + len(party.early)
    else:
        n = len(party.transcript)
    return n + len(party.pending) + len(party.batch) + (len(party.unlocks) if party.dealt is None else 0)


def result(party: Party) -> dict:
    s = party.state
    if s is None:
        return {"over": False, "scores": None, "winners": None, "final": None}
    over = finished(party)
    return {"over": over, "scores": s.scores(), "winners": s.winners() if over else None,
            "final": party.state_hash}


def finished(party: Party) -> bool:
    """Over, and with private cards only once every seat's deck secret is in and checked."""
    return party.state is not None and party.public.is_over and (party.deck is None or party.dealt is not None)


def is_fair_record(data) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def _where(i: int, m) -> str:
    if not isinstance(m, dict):
        return f"message {i}"
    kind, seat = m.get("kind"), m.get("seat")
    what = {"join": "join", "reveal": f"reveal of round {m.get('round')}",
            "act": f"move {m.get('step')}", "shuffle": "shuffle of the deck", "lock": "lock of the deck",
            "keys": f"keys of deck position {m.get('first')}", "unlock": "deck secret"}.get(kind, f"{str(kind)[:20]!r} message")
    return f"message {i} (seat {str(seat)[:10]}'s {what})"


def check(record) -> Party:
    """The observer that replayed the whole record; BadSave saying what failed and where."""
    if not is_fair_record(record):
        raise BadSave("not a fair-play record", reason="fair.record_format")
    if record.get("version") != VERSION:
        raise BadSave(f"record version {str(record.get('version'))[:10]} is not {VERSION}",
                      reason="fair.record_version")
    fields = sorted(str(k) for k in record)
    if fields != sorted(FIELDS):
        raise BadSave(f"a record has exactly the fields {', '.join(FIELDS)}", reason="fair.record_fields")
    try:
        observer = Party(record["table"], None, strict=True)
    except UrzeitError as e:
        raise BadSave(f"table: {e.message}", reason="fair.record_table") from None
    if record["gid"] != observer.gid_text:
        raise BadSave("gid: it is not the hash of the table", reason="fair.record_gid")
    messages = record["messages"]
    if not isinstance(messages, list):
        raise BadSave("messages: not a list", reason="fair.record_fields")
    gap = None    # the first message of a group that has a seat missing before it
    early = None  # the first message taken before its draw was due
    for i, m in enumerate(messages):
        try:
            observer.receive(m)
        except UrzeitError as e:
            if early is not None:  # such a message may only end the record
                raise BadSave(f"{_where(early, messages[early])}: it comes before its draw is due, and more "
                              "follows it", reason="fair.record_message", params={"index": early}) from None
            if gap is not None:  # such a group never completes: it may only end the record
                kind, _, missing = observer.open_group()
                raise BadSave(f"{_where(gap, messages[gap])}: {ORDER[kind]}, and seat {missing[0]}'s is missing "
                              "before it", reason="fair.record_message", params={"index": gap}) from None
            raise BadSave(f"{_where(i, m)}: {e.message}", reason="fair.record_message",
                          params={"index": i}) from None
        if early is None and observer.ahead:
            early = i
        group = observer.open_group()
        if gap is None and group is not None and group[1] and group[2] and min(group[2]) < max(group[1]):
            gap = i
    order = listed(observer)
    if order != messages:  # every message fits, but not in the record's one order
        i = next(i for i, (a, b) in enumerate(zip(order, messages)) if a != b)
        raise BadSave(f"{_where(i, messages[i])}: the record lists it elsewhere", reason="fair.record_message",
                      params={"index": i})
    if record["draws"] != observer.draws:
        draws = record["draws"] if isinstance(record["draws"], list) else []
        k = next((k for k in range(max(len(draws), len(observer.draws)))
                  if k >= len(draws) or k >= len(observer.draws) or draws[k] != observer.draws[k]), 0)
        raise BadSave(f"draws: draw {k} is not what the reveals give", reason="fair.record_draws",
                      params={"draw": k})
    want = result(observer)
    got = record["result"]
    if not isinstance(got, dict) or sorted(got) != sorted(want):
        raise BadSave(f"result: a result has the fields {', '.join(sorted(want))}", reason="fair.record_result")
    for key in ("over", "scores", "winners", "final"):
        if crypto.canonical(got[key]) != crypto.canonical(want[key]):
            raise BadSave(f"result: {key} is {crypto.canonical(got[key]).decode()[:60]}, the messages give "
                          f"{crypto.canonical(want[key]).decode()[:60]}", reason="fair.record_result",
                          params={"field": key})
    return observer


def _seats(seats, one: str, many: str) -> str:
    """Seats and what they have not done: seat 2 has not revealed; seats 0 and 1 have not revealed."""
    names = [str(s) for s in seats]
    if len(names) == 1:
        return f"seat {names[0]} {one}"
    return f"seats {', '.join(names[:-1])} and {names[-1]} {many}"


def ends(p: Party) -> str:
    """Where the record of an unfinished game ends, in words: how far it is checked and what
    is still open (who the game waits for)."""
    group = p.open_group()
    if not p.started:
        if group is not None:
            return ("cut short before the game began: the table is still open, "
                    f"{_seats(group[2], 'has not joined', 'have not joined')}")
        kind, seat = p.setup_turn()
        return (f"cut short before the game began: the hidden deck is not ready, seat {seat} has not "
                f"{'shuffled' if kind == 'shuffle' else 'locked'} it")
    where = f"cut short after {p.steps} move{'s' * (p.steps != 1)}" if p.steps else "cut short before the first move"
    if group is None:
        return f"{where}: seat {p.public.current_player} is to move"
    kind, _, missing = group
    if kind == "reveal":
        return (f"{where}: the draw of round {p.rounds} is still open, "
                f"{_seats(missing, 'has not revealed', 'have not revealed')}")
    if kind == "keys":
        return (f"{where}: the private draw from deck position {p.next_pos} is still open, "
                f"{_seats(missing, 'has not sent its keys', 'have not sent their keys')}")
    return (f"{where}, at the end of the game: the hidden cards are not checked yet, "
            f"{_seats(missing, 'has not shown its deck secret', 'have not shown their deck secrets')}")


def summary(record) -> str:
    """One line for `urzeit check`: the game, seats, messages, draws and the result."""
    observer = check(record)
    game, s = observer.game, observer.state
    title = game.titles.get("en") or game.id
    head = (f"OK: fair {title} · {observer.players} players · {len(record['messages'])} signed messages · "
            f"{len(observer.draws)} draws from {observer.rounds} rounds of joint reveals · {observer.steps} moves · ")
    if not finished(observer):
        return head + f"not finished, {ends(observer)}"
    if observer.deck is not None:
        head += f"{observer.next_pos} private cards, every one checked · "
    scores = " : ".join(str(x) for x in s.scores())
    winners = s.winners()
    if not winners:
        return head + f"no winner at {scores}"
    if len(winners) == observer.players > 1:
        return head + f"a tie at {scores}"
    return head + f"{_seats(winners, 'wins', 'win')} with {scores}"

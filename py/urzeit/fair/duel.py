"""`urzeit duel`: a whole fair game between independent parties in one process, each with
its own secrets and key, passing every message to the others, and its record."""

import time
from collections import deque

from .. import ai, games
from ..core.rng import GOLDEN, MASK64
from . import record as records
from .protocol import Party
from .table import new_table


def bot_view(state, seat: int) -> dict:
    """What a bot sees of its own party's state: its seat's view and its legal actions."""
    v = state.view(seat)
    v.update({"seat": seat, "current_seat": state.current_player, "over": state.is_over,
              "scores": state.scores(), "legal": state.legal_actions()})
    return v


def play(game_id: str, players: int, options: dict | None = None, level: str = "easy", seed: int = 0,
         chain_length: int | None = None, stats: dict | None = None, watch=None) -> dict:
    """Play to the end; the record (every party's is the same: checked). `seed` decides only
    the bots' choices: every draw comes from the parties' own secrets. `stats` (a dict), if
    given, gets the messages, bytes and times. `watch(party)`, if given, is called after each
    call that changed a party (its join, each message it received, each move): every moment
    its player could export its record."""
    def changed(party):
        if watch is not None:
            watch(party)

    table = new_table(game_id, players, options)
    game = games.get(game_id)
    t0 = time.perf_counter()
    kw = {} if chain_length is None else {"chain_length": chain_length}
    parties = [Party(table, s, **kw) for s in range(players)]
    queue = deque()  # (sender, message): every message goes to every other party, in order
    for p in parties:
        for m in p.join():
            queue.append((p.seat, m))
        changed(p)
    setup_done = None
    moves = 0
    while True:
        while queue:
            sender, m = queue.popleft()
            for p in parties:
                if p.seat != sender:
                    for answer in p.receive(m):
                        queue.append((p.seat, answer))
                    changed(p)
        if setup_done is None:
            setup_done = time.perf_counter()
        state = parties[0].state
        if state.is_over:
            break
        seat = state.current_player
        mover = parties[seat]
        s = mover.state
        bot_seed = (seed * GOLDEN + moves + 1) & MASK64
        action = ai.choose_action(game, bot_view(s, seat), lambda rng: s.determinize(seat, rng), level, bot_seed)
        for m in mover.act(action):
            queue.append((seat, m))
        changed(mover)
        moves += 1
    done = time.perf_counter()
    recs = [records.export(p) for p in parties]
    if any(r != recs[0] for r in recs[1:]):
        raise AssertionError("the parties' records differ")
    if stats is not None:
        stats.update({"setup_s": setup_done - t0, "total_s": done - t0, "moves": moves,
                      "messages": len(recs[0]["messages"]), "draws": len(recs[0]["draws"])})
    return recs[0]

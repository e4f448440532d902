"""Shared helpers of the fair-play tests: parties that pass messages, short scripted games."""

from urzeit.fair import Party, new_table
from urzeit.fair.duel import play

# a short Carcassonne: six landscape tiles and one bonus tile, drawn in this order
SHORT = {"setup": {"tiles": ["L07", "L20", "L03", "L11", "L05", "L14"], "bonus": ["B02"]}}


def table(players=2, options=None, game="sammler"):
    return new_table(game, players, SHORT if options is None else options)


def parties(tbl, **kw):
    """Every seat's party, joined, with every message passed on; (parties, log of messages)."""
    ps = [Party(tbl, s, **kw) for s in range(tbl["players"])]
    log = []
    for p in ps:
        pass_on(ps, p.seat, p.join(), log)
    return ps, log


def pass_on(ps, sender, messages, log):
    queue = [(sender, m) for m in messages]
    while queue:
        s, m = queue.pop(0)
        log.append(m)
        for p in ps:
            if p.seat != s:
                queue += [(p.seat, a) for a in p.receive(m)]


def move(ps, log, pick=0):
    """The player to move plays its pick-th legal action."""
    seat = ps[0].state.current_player
    legal = ps[seat].state.legal_actions()
    pass_on(ps, seat, ps[seat].act(legal[pick % len(legal)]), log)


def short_record(players=2, seed=0, level="random"):
    return play("sammler", players, SHORT, level=level, seed=seed)

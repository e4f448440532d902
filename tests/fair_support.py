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


def by_link(game_id, players, options=None, level="random", seed=0):
    """A game played by link the way the page passes links (web/js/sessions/fair.mjs): after
    a party made messages, while the game waits for another seat, one link goes to the first
    seat it waits for (fair_link: what that seat may not have seen); the seat to move moves.
    Until a party sees the game over: (links [{"from", "to", "turn", "kinds"}], parties), a
    link's turn being the number of turns begun before it (0: the set-up)."""
    from urzeit import ai, games
    from urzeit.core.rng import GOLDEN, MASK64
    from urzeit.fair import link as fair_link
    from urzeit.fair.duel import bot_view

    tbl = new_table(game_id, players, options)
    game = games.get(game_id)
    ps = [None] * players
    links, outbox, turn = [], [], {"n": 0, "mover": None}

    def offer(p, sent):
        w = fair_link.waiting(p)
        others = [s for s in w["seats"] if s != p.seat]
        if sent and others:
            outbox.append((p.seat, others[0]))

    def send(frm, to):
        msgs = fair_link.for_seat(ps[frm], to)
        links.append({"from": frm, "to": to, "turn": turn["n"], "kinds": [m["kind"] for m in msgs if m["seat"] == frm]})
        if ps[to] is None:  # the invitation: the seat's party, then its join
            trial, out, _, _ = fair_link.receive(Party(tbl, to), msgs)
            out += trial.join()
        else:
            trial, out, _, _ = fair_link.receive(ps[to], msgs)
        ps[to] = trial
        offer(trial, out)

    ps[0] = Party(tbl, 0)
    offer(ps[0], ps[0].join())
    for k in range(100_000):
        if any(p is not None and p.started and p.public.is_over for p in ps):
            return links, ps
        if outbox:
            send(*outbox.pop(0))
            continue
        mover = next((p for p in ps if p is not None and fair_link.waiting(p) == {"for": "move", "seats": [p.seat]}),
                     None)
        if mover is None:
            raise AssertionError(f"no link goes out and nobody can move: {[fair_link.waiting(p) for p in ps if p]}")
        if turn["mover"] != mover.seat:
            turn["n"], turn["mover"] = turn["n"] + 1, mover.seat
        s = mover.state
        action = ai.choose_action(game, bot_view(s, mover.seat), lambda rng: s.determinize(mover.seat, rng), level,
                                  (seed * GOLDEN + k + 1) & MASK64)
        offer(mover, mover.act(action))
    raise AssertionError("the game did not end")

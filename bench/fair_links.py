"""How many links a fair game by link costs (docs/fair-play.md, issue 37): whole games between
independent parties passing links the way the page does (web/js/sessions/fair.mjs): after a
party's engine call that made messages, while the game waits for another seat, its player sends
that seat one link (`fair_link`: the messages it may not have seen); the seat to move moves
(its bot, random legal moves by default). A link nobody's page would offer by itself (the game
waits for a seat, and no page that made messages waits for it) is counted as sent by hand
(the status line's button) by a party that has news for that seat.

  python3 bench/fair_links.py [--games sammler:2,sammler:5,elawa:2,elawa:4,spaeher:2,nim:2]
                              [--runs 3] [--level random] [--flows 1] [--json out.json]

Per game: links in the set-up (before the first move) with their bytes, links per turn (a
turn: a seat's moves one after the other) as a mean and a histogram, the signed messages per
turn, and where the links go (the pattern: sender → recipient, the sender's own message kinds
in it), and who sends to whom.
"""

import argparse
import base64
import collections
import json
import pathlib
import statistics
import sys
import time
import zlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from urzeit import ai, games  # noqa: E402
from urzeit.core.rng import GOLDEN, MASK64  # noqa: E402
from urzeit.fair import link as fair_link  # noqa: E402
from urzeit.fair.duel import bot_view  # noqa: E402
from urzeit.fair.protocol import Party  # noqa: E402
from urzeit.fair.table import new_table  # noqa: E402


def link_bytes(to, invite, names, messages) -> int:
    """The length of the link's fragment as the page packs it (`#f=` + deflate-raw + base64url)."""
    data = json.dumps({"v": 1, "to": to, "invite": invite, "names": names, "m": messages}, separators=(",", ":"))
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(data.encode()) + c.flush()
    return 3 + len(base64.urlsafe_b64encode(raw).rstrip(b"="))


class Seat:
    """One player's page: its party and what its last engine call sent."""

    def __init__(self, party):
        self.party = party

    def next_seat(self):
        """fair.mjs nextSeat: the first other seat the game waits for; at the end the next seat."""
        w = fair_link.waiting(self.party)
        others = [s for s in w["seats"] if s != self.party.seat]
        if others:
            return others[0]
        if w["for"] is None:
            return (self.party.seat + 1) % self.party.players
        return None


def play(game_id, players, level="random", seed=0, options=None):
    """One whole game by link; the list of links [{from, to, turn, kinds, messages, bytes, hand}]
    and the number of turns."""
    table = new_table(game_id, players, options)
    game = games.get(game_id)
    names = [f"P{i}" for i in range(players)]
    seats = [None] * players
    links = []
    turn = {"n": 0, "mover": None}  # turns so far (a run of acts by one seat), its mover
    outbox = collections.deque()    # (from, to) links the pages offer by themselves, in order

    def offer(seat_obj, sent):
        to = seat_obj.next_seat()
        if to is not None and sent:
            outbox.append((seat_obj.party.seat, to))

    def send(frm, to, hand=False):
        p = seats[frm].party
        msgs = fair_link.for_seat(p, to)
        invite = p.joins[to] is None
        over = p.started and p.public.is_over
        links.append({"from": frm, "to": to, "turn": -1 if over else turn["n"], "hand": hand, "messages": len(msgs),
                      "kinds": [m["kind"] for m in msgs if m["seat"] == frm],
                      "bytes": link_bytes(to, invite, names, msgs)})
        if seats[to] is None:  # the invitation: fair_join (the joins carry the table), then its own join
            party = Party(table, to)
            trial, out, _, _ = fair_link.receive(party, msgs)
            out += trial.join()
            seats[to] = Seat(trial)
        else:
            trial, out, _, _ = fair_link.receive(seats[to].party, msgs)
            seats[to].party = trial
        offer(seats[to], out)

    host = Party(table, 0)
    seats[0] = Seat(host)
    offer(seats[0], host.join())
    moves = 0
    for _ in range(200_000):
        if outbox:
            send(*outbox.popleft())
            continue
        live = [s for s in seats if s is not None]
        w = fair_link.waiting(live[0].party)
        if all(s is not None for s in seats) and all(fair_link.waiting(s.party)["for"] is None for s in seats):
            break
        mover = next((s for s in live if fair_link.waiting(s.party) == {"for": "move", "seats": [s.party.seat]}),
                     None)
        if mover is not None:
            p = mover.party
            if turn["mover"] != p.seat:
                turn["n"] += 1
                turn["mover"] = p.seat
            st = p.state
            bot_seed = (seed * GOLDEN + moves + 1) & MASK64
            action = ai.choose_action(game, bot_view(st, p.seat), lambda rng: st.determinize(p.seat, rng), level,
                                      bot_seed)
            offer(mover, p.act(action))
            moves += 1
            continue
        # nobody's page offers a link by itself: a player presses "send" for a seat that waits
        # (first for one its own game waits for, else, at the end, for one that has not seen it)
        sent = False
        for waited in (True, False):
            for s in live:
                targets = fair_link.waiting(s.party)["seats"] if waited else range(players)
                for to in targets:
                    if to != s.party.seat and seats[to] is not None and _news(s.party, seats[to].party):
                        send(s.party.seat, to, hand=True)
                        sent = True
                        break
                if sent:
                    break
            if sent:
                break
        if not sent:
            raise AssertionError(f"the game stalls: {w}")
    else:
        raise AssertionError("the game did not end")
    recs = {json.dumps(fair_link.export(s.party), sort_keys=True) for s in seats}
    if len(recs) != 1:
        raise AssertionError("the parties' records differ")
    return links, turn["n"], moves, json.loads(recs.pop())


def _news(frm, to) -> bool:
    return any(not fair_link._held(to, m) for m in fair_link.for_seat(frm, to.seat))


def summarize(game_id, players, runs, level):
    per_turn, hist, setup_links, setup_bytes, msgs_turn, turn_bytes = [], collections.Counter(), [], [], [], []
    patterns, hand, end_links = collections.Counter(), 0, []
    setup_detail = None
    t0 = time.perf_counter()
    for run in range(runs):
        links, turns, moves, rec = play(game_id, players, level, seed=run)
        setup = [x for x in links if x["turn"] == 0]
        setup_links.append(len(setup))
        setup_bytes.append(sum(x["bytes"] for x in setup))
        if setup_detail is None:
            setup_detail = [(x["from"], x["to"], "+".join(_runs(x["kinds"])), x["bytes"]) for x in setup]
        play_links = [x for x in links if x["turn"] > 0]
        end_links.append(sum(1 for x in links if x["turn"] == -1))
        count = collections.Counter(x["turn"] for x in play_links)
        for t in range(1, turns + 1):
            hist[count.get(t, 0)] += 1
        per_turn.append(len(play_links) / turns)
        signed = sum(1 for m in rec["messages"]) - sum(1 for m in rec["messages"][:players])
        msgs_turn.append(signed / turns)
        turn_bytes += [x["bytes"] for x in play_links]
        hand += sum(x["hand"] for x in links)
        for x in play_links:
            patterns[f"{_who(x['from'], x['to'], players)} {'+'.join(_runs(x['kinds'])) or '(nothing new of its own)'}"] += 1
    total = sum(hist.values())
    return {
        "game": game_id, "players": players, "runs": runs, "seconds": round(time.perf_counter() - t0, 1),
        "setup_links": statistics.mean(setup_links), "setup_bytes": round(statistics.mean(setup_bytes)),
        "setup": setup_detail,
        "links_per_turn": round(statistics.mean(per_turn), 2),
        "turns_with": {k: round(v / total, 3) for k, v in sorted(hist.items())},
        "messages_per_turn": round(statistics.mean(msgs_turn), 2),
        "bytes_per_link": [min(turn_bytes), round(statistics.median(turn_bytes)), max(turn_bytes)] if turn_bytes else None,
        "by_hand": hand, "end_links": statistics.mean(end_links),
        "patterns": patterns.most_common(8),
    }


def _who(frm, to, players):
    nxt = (frm + 1) % players
    return "→ next" if to == nxt else f"→ {(to - frm) % players} on"


def _runs(kinds):
    """act act act reveal → act×3 reveal"""
    out = []
    for k in kinds:
        if out and out[-1][0] == k:
            out[-1][1] += 1
        else:
            out.append([k, 1])
    return [k if c == 1 else f"{k}×{c}" for k, c in out]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="sammler:2,sammler:5,elawa:2,elawa:4,spaeher:2,nim:2")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--level", default="random")
    ap.add_argument("--json", help="write the figures here too")
    args = ap.parse_args(argv)
    out = []
    for spec in args.games.split(","):
        game_id, players = spec.split(":")
        r = summarize(game_id, int(players), args.runs, args.level)
        out.append(r)
        print(f"{game_id} {players}p ({r['runs']} games, {r['seconds']} s): set-up {r['setup_links']:g} links, "
              f"{r['setup_bytes'] / 1000:.1f} kB · {r['links_per_turn']} links a turn "
              f"(turns with 0/1/2/… links: {r['turns_with']}) · {r['messages_per_turn']} signed messages a turn · "
              f"a turn's link {r['bytes_per_link']} B (min, median, max) · after the end {r['end_links']:g} links · "
              f"sent by hand (all games): {r['by_hand']}")
        print("  set-up: " + " · ".join(f"{f}→{t} {k} {b / 1000:.1f} kB" for f, t, k, b in r["setup"]))
        for pat, n in r["patterns"]:
            print(f"  {n:5d}× {pat}")
        sys.stdout.flush()
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

"""How each Elawa level plays, in a player's figures (issue #28): cards still in hand at the
end (a hand scores nothing), cards in hand it could have paid for at its last turn's end,
resources discarded per game (over the chief's capacity), tribe cards played, points.

Each level plays itself (every seat the same level, both seat orders, seeds from --seed),
through the api as the page and the tournaments play; `--budget-ms 0` is the default so
only the search sizes decide.

  PYTHONPATH=py python3 bench/elawa_levels.py [--levels easy,medium,hard] [--games 60]
      [--players 2] [--jobs 2]
"""

import argparse
import multiprocessing
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from urzeit import api  # noqa: E402
from urzeit import match as matches  # noqa: E402
from urzeit.games.elawa.rules import _plays  # noqa: E402
from urzeit.games.elawa.components import TOKENS  # noqa: E402


def payable(state, p) -> int:
    """Hand cards p could pay for with what p has now (each on its own)."""
    hand = sorted(set(state.hands[p]))
    counts = [state.avail[p].get(t, 0) for t in TOKENS]
    return sum(1 for c in state.hands[p] if _plays(c, hand, counts, False))


def play(args):
    level, players, seed, budget = args
    seats = [{"kind": "ai", "level": level} for _ in range(players)]
    r = api.call({"op": "new", "game": "elawa", "seats": seats, "seed": seed})
    match, view = r["result"]["match"], r["result"]["view"]
    discards = [0] * players
    payable_at_end = [0] * players  # at the end of each seat's last turn
    while not view["over"]:
        seat = view["current_seat"]
        req = {"op": "ai", "match": match, "seat": seat}
        if budget is not None:
            req["budget_ms"] = budget
        reply = api.call(req)
        if not reply["ok"]:
            raise SystemExit(f"refused: {reply}")
        for e in reply["result"]["events"]:
            if e["type"] == "discard":
                discards[e["player"]] += 1
            if e["type"] == "end_turn":
                payable_at_end[e["player"]] = payable(matches.peek(match).state, e["player"])
        view = reply["result"]["view"]
    state = matches.peek(match).state
    out = {"hand": [len(h) for h in state.hands], "payable": payable_at_end, "discards": discards,
           "played": [len(t) for t in state.tribes], "score": state.scores(), "winners": view["winners"]}
    api.call({"op": "close", "match": match})
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget-ms", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"Elawa self-play, {args.players} players, {args.games} games a level, seeds from {args.seed}, "
          f"budget_ms {args.budget_ms}; per seat and game:", flush=True)
    print(f"{'level':7} {'hand at end':>12} {'max':>4} {'payable':>8} {'discarded':>10} {'played':>7} "
          f"{'points':>7} {'wall':>6}", flush=True)  # before the pool forks
    with multiprocessing.Pool(args.jobs) as pool:
        for level in args.levels.split(","):
            t0 = time.perf_counter()
            work = [(level, args.players, args.seed + i, args.budget_ms) for i in range(args.games)]
            games = pool.map(play, work, chunksize=1)
            def per_seat(key):
                return [x for g in games for x in g[key]]
            hand = per_seat("hand")
            print(f"{level:7} {statistics.mean(hand):12.1f} {max(hand):4} {statistics.mean(per_seat('payable')):8.2f} "
                  f"{statistics.mean(per_seat('discards')):10.1f} {statistics.mean(per_seat('played')):7.1f} "
                  f"{statistics.mean(per_seat('score')):7.1f} {time.perf_counter() - t0:5.0f}s", flush=True)


if __name__ == "__main__":
    main()

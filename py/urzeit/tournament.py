"""Bot tournaments with fixed seeds, played through the api exactly as the page plays.

  python -m urzeit.tournament --game sammler --seats hard,easy --games 200

Seats rotate between games so every level starts equally often. Prints each level's win
rate (a tie counts half) with a 95 % Wilson interval, mean scores and move times, and the
number of illegal attempts (always 0: a bot chooses only from the legal list, and any
refused request would be counted here).
"""

import argparse
import json
import math
import multiprocessing
import time

from . import api


def play(args):
    game, levels, seed = args
    n = len(levels)
    shift = seed % n
    seated = levels[shift:] + levels[:shift]  # rotate who starts
    seats = [{"kind": "ai", "level": lvl} for lvl in seated]
    r = json.loads(api.handle(json.dumps({"op": "new", "game": game, "seats": seats, "seed": seed})))
    match, view = r["result"]["match"], r["result"]["view"]
    illegal = 0
    times = {lvl: [] for lvl in levels}
    while not view["over"]:
        seat = view["current_seat"]
        t = time.perf_counter()
        reply = json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": seat})))
        times[seated[seat]].append(time.perf_counter() - t)
        if not reply["ok"]:
            illegal += 1
            break
        view = reply["result"]["view"]
    api._matches.pop(match, None)
    scores = view["scores"]
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    result = {lvl: 0.0 for lvl in levels}
    score_of = {lvl: [] for lvl in levels}
    for i, lvl in enumerate(seated):
        if i in winners:
            result[lvl] += 1.0 / len(winners)
        score_of[lvl].append(scores[i])
    return result, score_of, times, illegal


def wilson(p, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--seats", required=True, help="comma-separated levels, e.g. hard,easy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    levels = args.seats.split(",")
    if len(set(levels)) != len(levels):
        raise SystemExit("give each level once (seats rotate between games)")
    work = [(args.game, levels, args.seed + i) for i in range(args.games)]
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(play, work, chunksize=1)
    wins = {lvl: 0.0 for lvl in levels}
    scores = {lvl: [] for lvl in levels}
    times = {lvl: [] for lvl in levels}
    illegal = 0
    for result, score_of, t, bad in results:
        for lvl in levels:
            wins[lvl] += result[lvl]
            scores[lvl] += score_of[lvl]
            times[lvl] += t[lvl]
        illegal += bad
    n = args.games
    print(f"{args.game}: {' vs '.join(levels)}, {n} games, seeds {args.seed}..{args.seed + n - 1}, "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"{'level':8} {'win rate':>9} {'95% CI':>15} {'mean score':>11} {'move p50':>9} {'move max':>9}")
    for lvl in levels:
        p = wins[lvl] / n
        lo, hi = wilson(p, n)
        ts = sorted(times[lvl]) or [0.0]
        print(f"{lvl:8} {p:9.1%} {f'{lo:.1%}-{hi:.1%}':>15} {sum(scores[lvl]) / n:11.1f} "
              f"{ts[len(ts) // 2] * 1000:7.0f}ms {ts[-1] * 1000:7.0f}ms")
    print(f"illegal attempts: {illegal}")
    return 0 if illegal == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())

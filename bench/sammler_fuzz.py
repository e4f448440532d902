"""10,000 random sammler games (2-5 players) with every invariant checked after every action:
each tile placed or discarded once, figures conserved, scores never decrease, exact JSON round
trip (every --round-trip-every actions; 1 = after every action).
Usage: python bench/sammler_fuzz.py [--games 10000] [--round-trip-every 1] [--jobs 2]"""

import argparse
import multiprocessing
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))


def run(args):
    start, count, every = args
    from urzeit import games
    from urzeit.core.rng import Rng
    from sammler_invariants import check, tile_accounting
    game = games.get("sammler")
    actions = discards = 0
    for seed in range(start, start + count):
        players = 2 + seed % 4
        state = game.new_game(players, seed, {})
        totals = tile_accounting(state)
        rng = Rng(seed ^ 0xABCDEF)
        step = 0
        while not state.is_over:
            before = state.scores()
            state.apply(rng.choice(state.legal_actions()))
            step += 1
            check(state, game, before, totals, round_trip=(step % every == 0))
        actions += step
        discards += len(state.discarded)
    return actions, discards


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--round-trip-every", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    t0 = time.perf_counter()
    chunk = (args.games + args.jobs * 8 - 1) // (args.jobs * 8)
    work = [(s, min(chunk, args.games - s), args.round_trip_every) for s in range(0, args.games, chunk)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(run, work)
    actions = sum(r[0] for r in results)
    discards = sum(r[1] for r in results)
    dt = time.perf_counter() - t0
    print(f"sammler fuzz: {args.games} games, {actions} actions, {discards} tiles discarded, "
          f"0 invariant failures, JSON round trip every {args.round_trip_every} action(s), {dt:.0f} s")


if __name__ == "__main__":
    main()

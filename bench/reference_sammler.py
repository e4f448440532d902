"""Compare the sammler engine with the independent reference model (tests/reference/) after
every action of many games: random play and the easy bot, 2–5 players.

Usage: python bench/reference_sammler.py [--games 2000] [--tiles 78] [--bot-share 0.2]
       [--seed 0] [--without L44,B07]
--tiles below 78 plays a shuffled box cut to that many landscape tiles (shorter games);
--without leaves tile types out of the stacks (to look past a known disagreement).
Prints games and actions compared, every kind of disagreement with a reproduction, and the time.
"""

import argparse
import collections
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "reference"))

from sammler_compare import play_and_compare, random_setup, reproduction  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--tiles", type=int, default=78)
    ap.add_argument("--bot-share", type=float, default=0.2, help="share of games with easy bots")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--without", default="")
    args = ap.parse_args()
    without = tuple(t for t in args.without.split(",") if t)
    t0, cpu0 = time.time(), time.process_time()
    games = actions = 0
    kinds = collections.Counter()
    first = {}
    bot_every = round(1 / args.bot_share) if args.bot_share > 0 else 0
    for i in range(args.games):
        seed = args.seed + i
        players = 2 + i % 4
        bots = tuple(range(0, players, 2)) if bot_every and i % bot_every == bot_every - 1 else ()
        setup = random_setup(seed, args.tiles, without) if (args.tiles < 78 or without) else None
        r = play_and_compare(seed, players, bots=bots, setup=setup)
        games += 1
        actions += r.actions
        for kind, detail in r.disagreements:
            if kind == "features" and "L44" in detail.split("tiles:")[-1]:
                kind = "features (an L44 tile involved)"
            elif kind == "legal_tiles" and detail.startswith("B07"):
                kind = "legal_tiles (B07)"
            kinds[kind] += 1
            first.setdefault(kind, (detail, reproduction(r)))
        if (i + 1) % max(1, min(100, args.games // 10)) == 0:
            print(f"... {i + 1} games, {actions} actions, {sum(kinds.values())} disagreements, "
                  f"{time.time() - t0:.0f} s", flush=True)
    print(f"games compared: {games}")
    print(f"actions compared: {actions}")
    print(f"disagreements: {sum(kinds.values())} {dict(kinds)}")
    for kind, (detail, repro) in sorted(first.items()):
        print(f"  first {kind}: {detail}\n    reproduction: {repro[:2000]}")
    print(f"time: {time.time() - t0:.1f} s wall, {time.process_time() - cpu0:.1f} s cpu")


if __name__ == "__main__":
    main()

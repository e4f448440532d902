"""How much luck is in one Jäger und Späher search sample (issue #28, the expert's design).

Takes mid-game positions from planner games (every 12th turn start with at least 4 legal
actions), plays every legal move there in `--samples` worlds the seat cannot tell apart, and
prints per kind of sample: the standard deviation of one sample's value, the mean gap between
the best and the second-best move, and the time. Whole-game samples are hard's; n turns then
the learned value are the expert's (bot.EXPERT["turns"]).

  PYTHONPATH=py python3 bench/spaeher_sample_noise.py --positions 8 --samples 150
"""

import argparse
import statistics
import time

from urzeit import games as registry
from urzeit.core.rng import Rng
from urzeit.games.spaeher import bot


def positions(count):
    found = []
    for seed in range(1, 100):
        state = registry.get("spaeher").new_game(2, seed, {})
        rng, k = Rng(seed), 0
        while not state.is_over and len(found) < count:
            if state.phase == "turn" and len(state.legal_actions()) >= 4:
                k += 1
                if k % 12 == 0:
                    found.append(state.clone())
            state.apply_legal(bot.plan(state, rng))
        if len(found) >= count:
            return found
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--samples", type=int, default=150)
    args = parser.parse_args()
    chosen = positions(args.positions)
    kept = bot.EXPERT["turns"]
    print(f"{len(chosen)} positions, {args.samples} samples per move")
    print(f"{'sample':>22} {'sd of one':>10} {'best - 2nd':>11} {'ms/sample':>10}")
    for turns in (2, 4, 8, 16, None):
        t0, sds, gaps, n = time.perf_counter(), [], [], 0
        for state in chosen:
            seat, legal = state.current, state.legal_actions()
            means = []
            for i, action in enumerate(legal):
                values = []
                for w in range(args.samples):
                    s = state.determinize(seat, Rng(7000 + w * 31 + i))
                    rng = Rng(99 + w)
                    s.apply_legal(action)
                    if turns is None:
                        values.append(bot.rollout_value(s, seat, rng))
                    else:
                        bot.EXPERT["turns"] = turns
                        values.append(bot.learned_rollout_value(s, seat, rng))
                    n += 1
                means.append(statistics.mean(values))
                sds.append(statistics.pstdev(values))
            top = sorted(means, reverse=True)
            gaps.append(top[0] - top[1])
        bot.EXPERT["turns"] = kept
        label = "the whole game" if turns is None else f"{turns} turns + learned"
        print(f"{label:>22} {statistics.mean(sds):10.3f} {statistics.mean(gaps):11.3f} "
              f"{(time.perf_counter() - t0) / n * 1000:10.2f}")


if __name__ == "__main__":
    main()

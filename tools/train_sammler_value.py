"""Learn the sammler expert's judgement of a position from self-play, per table size.

  PYTHONPATH=py python3 tools/train_sammler_value.py --players 2 --games 1500 --seed 1 --jobs 2

hard's choice (the best move of the turn by its judgement at that table, games/sammler/bot.py)
plays itself, now and then one of its three best moves instead, so the positions vary. At the
start of turns the position's features (bot.py `features`: points now and the Outlook's parts
of what is still open, per seat) are recorded with the final margin over the others' mean. A
least-squares fit of that margin on the seat's features less the others' mean gives a weight
per feature (expected final points) for that table size, written into
py/urzeit/games/sammler/value.json (other table sizes' weights are kept), which ships in the
wheel; the expert reads it (no learning at run time). Pure Python: no dependencies.

The two-player weights shipped were made by this script at commit ff158a7 (`--games 1500
--seed 1 --jobs 2`; that revision judged the moves with the Outlook that also counted the
recorded features, so its stack counts, and with them a few games, differ from a run today).
The three-, four- and five-player weights were made (`--games 700 --seed 1`) while hard judged
tables by the stack prior; hard now judges tables by these weights itself, so a rerun learns
from its own games.
"""

import argparse
import json
import pathlib
import sys
from multiprocessing import Pool

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from urzeit import games as registry  # noqa: E402
from urzeit.core.rng import Rng  # noqa: E402
from urzeit.games.sammler import bot  # noqa: E402
from train_spaeher_value import least_squares, predict  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "py/urzeit/games/sammler/value.json"


def play(seed, players=2, epsilon=0.15, keep=0.3):
    """One game of hard against itself: (features less the others' mean, margin over the
    others' mean) rows from every seat's side."""
    state = registry.get("sammler").new_game(players, seed, {})
    rng = Rng(20_000 + seed)
    seen = []
    while not state.is_over:
        judge = bot.Policy(players, "hard").estimate  # a new Outlook for every move
        if state.phase == "tile" and rng.random() < keep:
            seen.append(bot.features(state, bot.Outlook()))
        legal = state.legal_actions()
        scores = bot.greedy_scores(state, state.current_player, legal, judge)
        ranked = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
        pick = rng.choice(ranked[:3]) if rng.random() < epsilon else ranked[0]
        state.apply(legal[pick])
    final = state.scores()
    rows = []
    for seats in seen:
        for p in range(players):
            others = [q for q in range(players) if q != p]
            mean = [sum(seats[q][k] for q in others) / len(others) for k in range(len(seats[p]))]
            rows.append(([a - b for a, b in zip(seats[p], mean)],
                         final[p] - sum(final[q] for q in others) / len(others)))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            games = pool.starmap(play, [(s, args.players) for s in seeds], chunksize=4)
    else:
        games = [play(s, args.players) for s in seeds]
    # whole games held out: positions of one game are alike
    train = [(x, y, 0) for g, rows in enumerate(games) if g % 5 for x, y in rows]
    test = [(x, y, 0) for g, rows in enumerate(games) if not g % 5 for x, y in rows]
    w = least_squares(train)
    mean = sum(y for _, y, _ in test) / len(test)
    var = sum((y - mean) ** 2 for _, y, _ in test) / len(test)

    def r2(weights):  # held out: the share of the margin's variance the weights explain
        return 1 - sum((predict(weights, x) - y) ** 2 for x, y, _ in test) / len(test) / var
    learned = r2(w)
    points_now = [1.0] + [0.0] * (len(bot.FEATURES) - 1)
    hits = sum((predict(w, x) > 0) == (y > 0) for x, y, _ in test if y) / sum(1 for _, y, _ in test if y)
    print(f"{args.players} players: {len(train) + len(test)} positions from {args.games} games; held-out margin R^2 "
          f"{learned:.3f} (the Outlook {r2(bot.outlook_weights(bot.Outlook())):.3f}, points now alone "
          f"{r2(points_now):.3f}), winner called {hits:.1%}")
    for name, weight in zip(bot.FEATURES, w):
        print(f"  {name:>20} {weight:+.3f}")
    out = pathlib.Path(args.out)
    data = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    if data.get("features") != list(bot.FEATURES):
        data = {"made_by": "tools/train_sammler_value.py", "features": list(bot.FEATURES), "tables": {}}
    data["tables"][str(args.players)] = {"games": args.games, "seed": args.seed, "r2": round(learned, 3),
                                         "weights": [round(x, 5) for x in w]}
    data["tables"] = dict(sorted(data["tables"].items()))
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print("wrote", args.out)


if __name__ == "__main__":
    main()

"""Learn the sammler expert's judgement of a two-player position from self-play.

  PYTHONPATH=py python3 tools/train_sammler_value.py --games 1000 --seed 1 --jobs 2

hard's choice (the best move of the turn by the Outlook, games/sammler/bot.py) plays itself,
now and then one of its three best moves instead, so the positions vary. At the start of
turns the position's features (bot.py `features`: points now and the Outlook's parts of what
is still open, per seat) are recorded with the final margin. A least-squares fit of the margin
on the two seats' difference gives a weight per feature (expected final points), written to
py/urzeit/games/sammler/value.json, which ships in the wheel; the expert reads it at two
players (no learning at run time). Pure Python: the engine has no dependencies.
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


def play(seed, epsilon=0.15, keep=0.3):
    """One game of hard against hard: (feature difference, margin) rows from both sides."""
    state = registry.get("sammler").new_game(2, seed, {})
    rng = Rng(20_000 + seed)
    seen = []
    while not state.is_over:
        outlook = bot.Outlook()
        if state.phase == "tile" and rng.random() < keep:
            seen.append(bot.features(state, outlook))
        legal = state.legal_actions()
        scores = bot.greedy_scores(state, state.current_player, legal, outlook.estimates)
        ranked = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
        pick = rng.choice(ranked[:3]) if rng.random() < epsilon else ranked[0]
        state.apply(legal[pick])
    final = state.scores()
    rows = []
    for pair in seen:
        for p in range(2):
            rows.append(([a - b for a, b in zip(pair[p], pair[1 - p])], final[p] - final[1 - p]))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            games = pool.map(play, seeds, chunksize=4)
    else:
        games = [play(s) for s in seeds]
    # whole games held out: positions of one game are alike
    train = [(x, y, 0) for g, rows in enumerate(games) if g % 5 for x, y in rows]
    test = [(x, y, 0) for g, rows in enumerate(games) if not g % 5 for x, y in rows]
    w = least_squares(train)
    mean = sum(y for _, y, _ in test) / len(test)
    var = sum((y - mean) ** 2 for _, y, _ in test) / len(test)
    mse = sum((predict(w, x) - y) ** 2 for x, y, _ in test) / len(test)
    def r2(weights):
        return 1 - sum((predict(weights, x) - y) ** 2 for x, y, _ in test) / len(test) / var
    points_now = [1.0] + [0.0] * (len(bot.FEATURES) - 1)
    hits = sum((predict(w, x) > 0) == (y > 0) for x, y, _ in test if y) / sum(1 for _, y, _ in test if y)
    print(f"{len(train) + len(test)} positions from {args.games} games; held-out margin R^2 "
          f"{1 - mse / var:.3f} (the Outlook {r2(bot.outlook_weights(bot.Outlook())):.3f}, points now alone "
          f"{r2(points_now):.3f}), winner called {hits:.1%}")
    for name, weight in zip(bot.FEATURES, w):
        print(f"  {name:>20} {weight:+.3f}")
    pathlib.Path(args.out).write_text(json.dumps(
        {"made_by": "tools/train_sammler_value.py", "games": args.games, "seed": args.seed,
         "features": list(bot.FEATURES), "weights": [round(x, 5) for x in w]},
        indent=1) + "\n", encoding="utf-8")
    print("wrote", args.out)


if __name__ == "__main__":
    main()

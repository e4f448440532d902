"""Learn the Jäger und Späher expert's judgement of a position from self-play.

  PYTHONPATH=py python3 tools/train_spaeher_value.py --games 4000 --seed 1

The planner (games/spaeher/bot.py `plan`, with a little noise) plays itself; at the start of
turns the position's features (games/spaeher/bot.py `features`, from one seat's side) are
recorded with that seat's final margin. A least-squares fit gives a weight per feature (the
expected final margin), then one scale turns the margin into a winning chance (best
log-likelihood). Written to py/urzeit/games/spaeher/value.json, which ships in the wheel;
the expert reads it (no learning at run time). Pure Python: the engine has no dependencies.
"""

import argparse
import json
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))

from urzeit import games as registry  # noqa: E402
from urzeit.core.rng import Rng  # noqa: E402
from urzeit.games.spaeher import bot  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "py/urzeit/games/spaeher/value.json"


def self_play(games, seed, epsilon=0.1, keep=0.25):
    """(features, margin, won) rows from `games` planner games (both seats' sides)."""
    game = registry.get("spaeher")
    rows = []
    for g in range(games):
        state = game.new_game(2, seed + g, {})
        rng = Rng(10_000 + seed + g)
        seen = []
        while not state.is_over:
            if state.phase == "turn" and rng.random() < keep:
                seen.append([bot.features(state, p) for p in range(2)])
            legal = state.legal_actions()
            state.apply_legal(rng.choice(legal) if rng.random() < epsilon else bot.plan(state, rng))
        winner = state.winner()
        for pair in seen:
            for p in range(2):
                rows.append((pair[p], state.vp[p] - state.vp[1 - p], 1.0 if winner == p else 0.0))
    return rows


def least_squares(rows, ridge=1e-3):
    """Weights w minimising sum (w.x - margin)^2 + ridge |w|^2 (normal equations, Gauss-Jordan)."""
    n = len(rows[0][0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y, _ in rows:
        for i in range(n):
            b[i] += x[i] * y
            xi = x[i]
            row = a[i]
            for j in range(n):
                row[j] += xi * x[j]
    for i in range(n):
        a[i][i] += ridge * len(rows)
    m = [a[i] + [b[i]] for i in range(n)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [u - f * v for u, v in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def predict(w, x):
    return sum(a * b for a, b in zip(w, x))


def fit_scale(w, rows):
    """The scale s of P(win) = 1 / (1 + exp(-margin / s)) with the best log-likelihood."""
    def loss(s):
        total = 0.0
        for x, _, won in rows:
            p = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -predict(w, x) / s))))
            p = min(max(p, 1e-6), 1 - 1e-6)
            total -= won * math.log(p) + (1 - won) * math.log(1 - p)
        return total / len(rows)
    best = min((loss(s), s) for s in [0.5 * k for k in range(1, 41)])
    return best[1], best[0]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    rows = self_play(args.games, args.seed)
    train = [r for i, r in enumerate(rows) if i % 5]
    test = [r for i, r in enumerate(rows) if not i % 5]
    w = least_squares(train)
    scale, train_loss = fit_scale(w, train)
    mse = sum((predict(w, x) - y) ** 2 for x, y, _ in test) / len(test)
    var = sum((y - sum(r[1] for r in test) / len(test)) ** 2 for _, y, _ in test) / len(test)
    hits = sum((predict(w, x) > 0) == (won > 0.5) for x, _, won in test) / len(test)
    print(f"{len(rows)} positions from {args.games} games; held-out margin R^2 {1 - mse / var:.3f}, "
          f"winner called {hits:.1%}, scale {scale}, train log-loss {train_loss:.3f}")
    for name, weight in zip(bot.FEATURES, w):
        print(f"  {name:>16} {weight:+.3f}")
    pathlib.Path(args.out).write_text(json.dumps(
        {"made_by": "tools/train_spaeher_value.py", "games": args.games, "seed": args.seed,
         "features": list(bot.FEATURES), "weights": [round(x, 5) for x in w], "scale": scale},
        indent=1) + "\n", encoding="utf-8")
    print("wrote", args.out)


if __name__ == "__main__":
    main()

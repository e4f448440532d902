"""Full random games per second for every game, in CPython and in Pyodide under Node.
Usage: python bench/games_per_second.py [--games 200] [--players 2]"""

import argparse
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))

from urzeit import games  # noqa: E402
from urzeit.tools.selfplay import random_games  # noqa: E402


def pyodide_figures(game_id, players, count):
    import build
    wheels = sorted((ROOT / "dist" / "pyodide").glob("urzeit-*.whl"))
    if not wheels:
        build.build()
        wheels = sorted((ROOT / "dist" / "pyodide").glob("urzeit-*.whl"))
    req = json.dumps({"game": game_id, "players": players, "count": count, "seed": 0})
    out = subprocess.run(["node", str(ROOT / "bench" / "pyodide_node_bench.mjs"), str(wheels[-1]), req],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    print(f"full random {args.players}-player games per second (2-core machine)")
    print(f"{'game':10} {'CPython 3.11':>14} {'Pyodide/Node':>14} {'ratio':>7} {'actions/game':>13}")
    for game in games.all_games():
        if game.id == "nim" or (args.only and game.id != args.only):
            continue
        random_games(game.id, args.players, 3)  # warm up caches
        cp = random_games(game.id, args.players, args.games)
        py = pyodide_figures(game.id, args.players, args.games)
        ratio = cp["games_per_second"] / py["games_per_second"]
        assert cp["last_scores"] == py["last_scores"], "CPython and Pyodide disagree"
        print(f"{game.id:10} {cp['games_per_second']:14.1f} {py['games_per_second']:14.1f} "
              f"{ratio:6.2f}x {cp['actions'] / cp['games']:13.1f}")


if __name__ == "__main__":
    main()

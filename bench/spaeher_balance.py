"""Balance of our Jäger und Späher reconstruction: self-play between equal bots, played
through the api exactly as the page plays (each bot sees only its view and determinize).

  python bench/spaeher_balance.py --games 1000 --level easy --mode normal

Prints the first player's win rate with a 95 % Wilson interval, how games end, their length
(turns, sunsets per player) and the points that decide them. The method and the figures are
in docs/spaeher.md.
"""

import argparse
import json
import multiprocessing
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from urzeit import api  # noqa: E402
from urzeit.tournament import wilson  # noqa: E402


def play(args):
    level, mode, seed = args
    seats = [{"kind": "ai", "level": level}, {"kind": "ai", "level": level}]
    r = json.loads(api.handle(json.dumps({"op": "new", "game": "spaeher", "seats": seats, "seed": seed,
                                          "options": {"mode": mode}})))
    match, view = r["result"]["match"], r["result"]["view"]
    created = [0, 0]
    item_points = [0, 0]
    sunset_points = [0, 0]
    refused = 0
    stones = 0  # the most consumption stones on the table at once
    while not view["over"]:
        reply = json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": view["current_seat"]})))
        if not reply["ok"]:
            refused += 1
            break
        view = reply["result"]["view"]
        stones = max(stones, sum(sum(l["covered"]) for l in view["locations"]))
        for e in reply["result"]["events"]:
            if e["type"] == "create":
                created[e["player"]] += 1
                item_points[e["player"]] += e["vp"]
            elif e["type"] == "sunset":
                sunset_points[e["player"]] += e["delta"]
    api.call({"op": "close", "match": match})
    state = view
    vp = [p["vp"] for p in state["players"]]
    end = state["end"]
    return {"first_won": state["winner"] == state["first"], "turns": state["turns"],
            "sunsets": [p["sunsets"] for p in state["players"]], "vp": vp, "end": end,
            "created": created, "item_points": item_points, "sunset_points": sunset_points,
            "refused": refused, "stones": stones, "tie": vp[0] == vp[1], "zero": vp == [0, 0]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--mode", default="normal", choices=["normal", "intro"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    work = [(args.level, args.mode, args.seed + i) for i in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        games = pool.map(play, work, chunksize=4)
    n = len(games)
    first = sum(g["first_won"] for g in games) / n
    lo, hi = wilson(first, n)
    turns = sorted(g["turns"] for g in games)
    sunsets = [s for g in games for s in g["sunsets"]]
    ends = {k: sum(g["end"] == k for g in games) for k in ("goal", "hunt_over", "stalled", "turn_limit")}
    q = lambda xs, f: xs[min(len(xs) - 1, int(f * len(xs)))]  # noqa: E731
    print(f"spaeher {args.mode}, {args.level} vs {args.level}, {n} games, seeds {args.seed}..{args.seed + n - 1}, "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"first player wins: {first:.1%} (95% CI {lo:.1%}-{hi:.1%})")
    print(f"turns per game (both players): median {statistics.median(turns):.0f}, "
          f"p10 {q(turns, .1)}, p90 {q(turns, .9)}, max {turns[-1]}")
    print(f"sunsets per player: mean {statistics.mean(sunsets):.2f}, median {statistics.median(sunsets):.0f}")
    print(f"games ended by: goal {ends['goal']}, hunt over {ends['hunt_over']}, stalled {ends['stalled']}, "
          f"turn limit {ends['turn_limit']}; level scores {sum(g['tie'] for g in games)} "
          f"(0:0 {sum(g['zero'] for g in games)})")
    stones = sorted(g["stones"] for g in games)
    print(f"consumption stones on the table at once: median {statistics.median(stones):.0f}, max {stones[-1]}, "
          f"games needing more than the box's 30: {sum(x > 30 for x in stones)}")
    winners = [max(g["vp"]) for g in games]
    losers = [min(g["vp"]) for g in games]
    print(f"final points: winner mean {statistics.mean(winners):.1f}, loser mean {statistics.mean(losers):.1f}")
    per = 2 * n
    print(f"per player and game: items created {sum(sum(g['created']) for g in games) / per:.2f}, "
          f"item points {sum(sum(g['item_points']) for g in games) / per:.1f}, "
          f"sunset points {sum(sum(g['sunset_points']) for g in games) / per:.1f}")
    print(f"refused bot moves: {sum(g['refused'] for g in games)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

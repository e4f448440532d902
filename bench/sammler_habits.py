"""How each sammler level plays, in a player's words (issue #28): how many of its forests and
rivers it leaves unfinished at the end (figures that never came home), how many it finishes,
and its points. Plays bot-only games through urzeit.api as the tournament does (budget_ms 0,
fixed seeds, every seed in every seat rotation).

  PYTHONPATH=py python bench/sammler_habits.py --seats hard,medium,easy --seeds 10
"""

import argparse
import json
import time

from urzeit import api


def call(req):
    return json.loads(api.handle(json.dumps(req)))


def play(levels, seed, shift):
    seated = levels[shift:] + levels[:shift]
    r = call({"op": "new", "game": "sammler", "seed": seed,
              "seats": [{"kind": "ai", "level": lvl} for lvl in seated]})
    match, view = r["result"]["match"], r["result"]["view"]
    finished = [0] * len(seated)
    while not view["over"]:
        reply = call({"op": "ai", "match": match, "seat": view["current_seat"], "budget_ms": 0})
        assert reply["ok"], reply
        for e in reply["result"].get("events", []):
            if e.get("type") == "complete":
                for p in e.get("players", []):
                    finished[p] += 1
        view = reply["result"]["view"]
    call({"op": "close", "match": match})
    open_left = [0] * len(seated)
    for f in view["features"]:
        if f["kind"] in ("forest", "river") and not f["complete"]:
            for owner in {o for o, kind in f["figures"]}:
                open_left[owner] += 1
    return seated, open_left, finished, view["scores"]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seats", default="hard,medium,easy")
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    levels = args.seats.split(",")
    sums = {lvl: [0, 0, 0] for lvl in levels}
    games = 0
    t0 = time.perf_counter()
    for seed in range(1, args.seeds + 1):
        for shift in range(len(levels)):
            seated, open_left, finished, scores = play(levels, seed, shift)
            games += 1
            for i, lvl in enumerate(seated):
                sums[lvl][0] += open_left[i]
                sums[lvl][1] += finished[i]
                sums[lvl][2] += scores[i]
    print(f"sammler {', '.join(levels)}: {games} games, seeds 1..{args.seeds} in every seat rotation "
          f"[{time.perf_counter() - t0:.0f} s]")
    print(f"{'level':8} {'left open / game':>17} {'finished / game':>16} {'points':>7}")
    for lvl in levels:
        o, f, p = sums[lvl]
        print(f"{lvl:8} {o / games:17.2f} {f / games:16.2f} {p / games:7.1f}")


if __name__ == "__main__":
    main()

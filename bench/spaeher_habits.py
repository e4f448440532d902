"""How each Jäger und Späher level feeds its people, in a player's words (issue #28): the hunger
it carries into its sunsets (each point of it costs a point there), the members it loses at 8
hunger, the items it makes, its sunsets and its points. Plays bot-only games through urzeit.api
as the tournament does (budget_ms 0, fixed seeds, every seed in both seat orders).

  PYTHONPATH=py python bench/spaeher_habits.py --seats medium,easy --seeds 20
"""

import argparse
import json
import time

from urzeit import api


def call(req):
    return json.loads(api.handle(json.dumps(req)))


def play(levels, seed, shift):
    """One game: per seat [hunger paid at sunsets, members lost to hunger, items made, sunsets,
    points]."""
    seated = levels[shift:] + levels[:shift]
    r = call({"op": "new", "game": "spaeher", "seed": seed,
              "seats": [{"kind": "ai", "level": lvl} for lvl in seated]})
    match, view = r["result"]["match"], r["result"]["view"]
    figures = [[0, 0, 0, 0, 0] for _ in seated]
    while not view["over"]:
        reply = call({"op": "ai", "match": match, "seat": view["current_seat"], "budget_ms": 0})
        assert reply["ok"], reply
        for e in reply["result"].get("events", []):
            p = e.get("player")
            if e.get("type") == "sunset":
                figures[p][0] += e["hunger"]
                figures[p][3] += 1
            elif e.get("type") == "lose_member":
                figures[p][1] += 1
            elif e.get("type") == "create":
                figures[p][2] += 1
        view = reply["result"]["view"]
    call({"op": "close", "match": match})
    for i, score in enumerate(view["scores"]):
        figures[i][4] = score
    return seated, figures


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seats", default="medium,easy")
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    levels = args.seats.split(",")
    sums = {lvl: [0] * 5 for lvl in levels}
    counted = {lvl: 0 for lvl in levels}
    t0 = time.perf_counter()
    for seed in range(1, args.seeds + 1):
        for shift in range(len(levels)):
            seated, figures = play(levels, seed, shift)
            for lvl, row in zip(seated, figures):
                counted[lvl] += 1
                sums[lvl] = [a + b for a, b in zip(sums[lvl], row)]
    games = args.seeds * len(levels)
    print(f"spaeher {', '.join(levels)}: {games} games, seeds 1..{args.seeds} in both seat orders "
          f"[{time.perf_counter() - t0:.0f} s]")
    print(f"{'level':8} {'hunger paid/game':>17} {'per sunset':>11} {'members lost':>13} "
          f"{'items made':>11} {'sunsets':>8} {'points':>7}")
    for lvl in levels:
        n = counted[lvl]
        h, lost, made, sunsets, points = sums[lvl]
        print(f"{lvl:8} {h / n:17.1f} {h / max(1, sunsets):11.2f} {lost / n:13.2f} "
              f"{made / n:11.2f} {sunsets / n:8.1f} {points / n:7.1f}")


if __name__ == "__main__":
    main()

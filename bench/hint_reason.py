"""What a hint's reason costs (issue #27): the time of ai.explain (the game bot's explain on a
determinized world) per decision of seat 0, over seeded games where seat 0 follows the medium
hint and seat 1 plays random moves. Prints per game: decisions, mean and slowest ms.
Usage: PYTHONPATH=py python bench/hint_reason.py [games per title, default 3]"""

import statistics
import sys
import time

from urzeit import ai, api, games
from urzeit import match as matches


def measure(game_id, seed, decisions=40):
    m = api.call({"op": "new", "game": game_id, "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}],
                  "seed": seed})["result"]["match"]
    times = []
    for _ in range(decisions):
        v = api.call({"op": "view", "match": m, "seat": 0})["result"]
        while not v["over"] and v["current_seat"] == 1:
            api.call({"op": "ai", "match": m, "seat": 1})
            v = api.call({"op": "view", "match": m, "seat": 0})["result"]
        if v["over"]:
            break
        hint = api.call({"op": "ai", "match": m, "seat": 0, "level": "medium", "viewer": 0, "apply": False})["result"]
        state = matches.get(m).state
        start = time.perf_counter()
        ai.explain(games.get(game_id), state, 0, hint["action"], seed)
        times.append((time.perf_counter() - start) * 1000)
        api.call({"op": "act", "match": m, "seat": 0, "state_id": v["state_id"], "action": hint["action"]})
    api.call({"op": "close", "match": m})
    return times


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print("game      decisions  mean ms  max ms")
    for game_id in ("sammler", "elawa", "spaeher"):
        times = [t for seed in range(1, runs + 1) for t in measure(game_id, seed)]
        print(f"{game_id:9} {len(times):9}  {statistics.mean(times):7.2f}  {max(times):6.2f}")


if __name__ == "__main__":
    main()

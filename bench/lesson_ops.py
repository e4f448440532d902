"""How long the lesson ops take in CPython: starting each registered lesson, resuming it from
its last step (a replay of all its moves), and one step on (the learner's move and the
opponent's answer, worded in both languages). Pyodide in the browser is some times slower.
Usage: PYTHONPATH=py python3 bench/lesson_ops.py [runs]"""

import statistics
import sys
import time

from urzeit import api, games, lessons


def timed(req):
    t0 = time.perf_counter()
    reply = api.call(req)
    assert reply["ok"], reply
    return reply["result"], (time.perf_counter() - t0) * 1000


def main(runs=5):
    for game in games.all_games():
        for name in lessons.of(game):
            starts, steps, resumes = [], [], []
            for _ in range(runs):
                r, ms = timed({"op": "lesson_start", "game": game.id, "name": name, "lang": "de"})
                starts.append(ms)
                while r["step"]["kind"] != "end":
                    s = r["step"]
                    req = ({"op": "lesson_next", "lesson": r["lesson"], "step": s["index"], "lang": "de"} if s["kind"] == "read"
                           else {"op": "lesson_act", "lesson": r["lesson"], "step": s["index"], "action": s["expect"][0], "lang": "de"})
                    r, ms = timed(req)
                    steps.append(ms)
                api.call({"op": "lesson_close", "lesson": r["lesson"]})
                back, ms = timed({"op": "lesson_start", "game": game.id, "name": name, "resume": r["progress"], "lang": "de"})
                resumes.append(ms)
                api.call({"op": "lesson_close", "lesson": back["lesson"]})
            print(f"{game.id}/{name}: start {statistics.median(starts):.1f} ms, step median "
                  f"{statistics.median(steps):.1f} ms (max {max(steps):.1f}), resume at the end "
                  f"{statistics.median(resumes):.1f} ms  ({runs} runs, {len(steps) // runs} steps)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)

"""Bot move times per level and game, in CPython and in Pyodide under Node (the same
requests; budget_ms=0 removes the time cap, so these are the bots' true costs).
Usage: python bench/bot_speed.py [--moves 12]"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))

from urzeit import api  # noqa: E402

GOALS = {"easy": 200, "medium": 700, "hard": 2000, "expert": 2500}


def session(game, level, moves, seed=5):
    """Requests for a game with the bot on seat 0 against a random bot; times in CPython."""
    seats = [{"kind": "ai", "level": level}, {"kind": "ai", "level": "random"}]
    requests = [{"op": "new", "game": game, "seats": seats, "seed": seed}]
    r = json.loads(api.handle(json.dumps(requests[0])))
    match, view = r["result"]["match"], r["result"]["view"]
    times, timed = [], []
    while not view["over"] and len(times) < moves:
        seat = view["current_seat"]
        req = {"op": "ai", "match": match, "seat": seat, "budget_ms": 0}
        t0 = time.perf_counter()
        reply = json.loads(api.handle(json.dumps(req)))
        if seat == 0:
            times.append((time.perf_counter() - t0) * 1000)
        timed.append(seat == 0)
        requests.append(dict(req, match="$match"))
        view = reply["result"]["view"]
    return requests, times, timed


def pyodide_times(requests, timed):
    import build
    wheels = sorted((ROOT / "dist" / "pyodide").glob("urzeit-*.whl"))
    if not wheels:
        build.build()
        wheels = sorted((ROOT / "dist" / "pyodide").glob("urzeit-*.whl"))
    with tempfile.TemporaryDirectory() as tmp:
        inp, outp = pathlib.Path(tmp) / "in.json", pathlib.Path(tmp) / "out.json"
        inp.write_text(json.dumps({"pyodide": str(ROOT / "node_modules" / "pyodide"),
                                   "wheel": str(wheels[-1]), "requests": requests}))
        subprocess.run(["node", str(ROOT / "tests" / "pyodide_node_run.mjs"), str(inp), str(outp)], check=True)
        out = json.loads(outp.read_text())
    return [t for t, mine in zip(out["timings"][1:], timed) if mine]


def fmt(xs):
    xs = sorted(xs)
    return f"{statistics.median(xs):6.0f} {xs[int(0.95 * (len(xs) - 1))]:6.0f} {xs[-1]:6.0f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=12)
    args = parser.parse_args()
    print("bot move times in ms (p50 p95 max), uncapped; in the page a whole computer turn shares one budget (ai.TURN_BUDGET)")
    print(f"{'game':8} {'level':7} {'CPython 3.11':>20} {'Pyodide/Node':>20}  goal")
    for game in ("sammler", "elawa", "spaeher"):
        for level in ("easy", "medium", "hard", "expert"):
            requests, times, timed = session(game, level, args.moves)
            py = pyodide_times(requests, timed)
            print(f"{game:8} {level:7} {fmt(times):>20} {fmt(py):>20}  <= {GOALS[level]}")


if __name__ == "__main__":
    main()

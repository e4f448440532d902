"""Record what the bots choose, to prove that a speed-up changed no decision.

Plays bot-only games through urzeit.api exactly as the tournament does (budget_ms=0: no time
cap, so only the iteration counts decide and the machine's load cannot change a move), and
writes every game's full action history plus the CPU time of each bot move.

  PYTHONPATH=py python bench/bot_equivalence.py --out /tmp/after.json
  PYTHONPATH=/tmp/base/py python bench/bot_equivalence.py --out /tmp/before.json
  python bench/bot_equivalence.py --compare /tmp/before.json /tmp/after.json

--compare exits 1 unless both files hold the same games with identical action histories, and
prints the CPU time per bot move (p50, mean) of each game and level in both.
"""

import argparse
import json
import statistics
import sys
import time

# (game, seat levels, options): every level at every game, two-player and bigger tables, and
# Elawa's advanced chief side (its powers change the payments and take options).
TABLES = [
    ("sammler", ["hard", "medium"], {}),
    ("sammler", ["medium", "easy"], {}),
    ("sammler", ["easy", "hard", "random"], {}),
    ("elawa", ["hard", "medium"], {}),
    ("elawa", ["medium", "easy"], {}),
    ("elawa", ["easy", "hard", "random"], {}),
    ("elawa", ["hard", "medium", "easy", "random"], {"chief_side": "advanced", "chief2": "every_second"}),
    ("spaeher", ["hard", "medium"], {}),
    ("spaeher", ["medium", "easy"], {}),
    ("spaeher", ["easy", "hard"], {"mode": "intro"}),
]


def play(game, levels, options, seed, max_moves):
    from urzeit import api
    seats = [{"kind": "ai", "level": lvl} for lvl in levels]
    req = {"op": "new", "game": game, "seats": seats, "seed": seed}
    if options:
        req["options"] = options
    r = json.loads(api.handle(json.dumps(req)))
    assert r["ok"], r
    match, view = r["result"]["match"], r["result"]["view"]
    actions, cpu = [], {lvl: [] for lvl in levels}
    while not view["over"] and len(actions) < max_moves:
        seat = view["current_seat"]
        t = time.process_time()
        reply = json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": seat, "budget_ms": 0})))
        cpu[levels[seat]].append(time.process_time() - t)
        assert reply["ok"], reply
        actions.append(reply["result"]["action"])
        view = reply["result"]["view"]
    api.call({"op": "close", "match": match})
    return {"game": game, "levels": levels, "options": options, "seed": seed,
            "actions": actions, "scores": view["scores"], "cpu": cpu}


def record(seeds, max_moves, only):
    import urzeit
    print(f"engine: {urzeit.__file__}", file=sys.stderr)
    games = []
    for game, levels, options in TABLES:
        if only and game not in only:
            continue
        for seed in seeds:
            t0 = time.perf_counter()
            g = play(game, levels, options, seed, max_moves)
            games.append(g)
            print(f"{game:8} {','.join(levels):28} seed {seed}: {len(g['actions'])} moves, "
                  f"scores {g['scores']}, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    return games


def cpu_table(games):
    """{(game, level): [seconds per move]} over every game."""
    table = {}
    for g in games:
        for lvl, ts in g["cpu"].items():
            table.setdefault((g["game"], lvl), []).extend(ts)
    return table


def compare(before_path, after_path) -> int:
    before = json.loads(open(before_path).read())
    after = json.loads(open(after_path).read())
    ident = lambda g: (g["game"], tuple(g["levels"]), json.dumps(g["options"], sort_keys=True), g["seed"])
    a_by = {ident(g): g for g in after}
    bad = 0
    for g in before:
        h = a_by.get(ident(g))
        if h is None:
            print("missing in after:", ident(g))
            bad += 1
            continue
        if h["actions"] != g["actions"] or h["scores"] != g["scores"]:
            first = next((i for i, (x, y) in enumerate(zip(g["actions"], h["actions"])) if x != y),
                         min(len(g["actions"]), len(h["actions"])))
            print(f"DIFFERENT: {ident(g)} from move {first}")
            bad += 1
    moves = sum(len(g["actions"]) for g in before)
    print(f"{len(before)} games, {moves} moves compared: {'identical' if not bad else f'{bad} differ'}")
    tb, ta = cpu_table(before), cpu_table(after)
    print(f"{'game':8} {'level':7} {'moves':>5} {'before p50/mean ms':>20} {'after p50/mean ms':>20} {'speed-up (mean)':>15}")
    for key in sorted(tb):
        if key[1] == "random" or key not in ta:
            continue
        b, a = tb[key], ta[key]
        print(f"{key[0]:8} {key[1]:7} {len(b):5} {statistics.median(b) * 1000:9.0f} {statistics.mean(b) * 1000:9.0f}"
              f"  {statistics.median(a) * 1000:9.0f} {statistics.mean(a) * 1000:9.0f}"
              f"  {statistics.mean(b) / max(statistics.mean(a), 1e-9):14.2f}x")
    return 1 if bad else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", help="write the recorded games here")
    parser.add_argument("--seeds", default="1,2", help="comma-separated seeds")
    parser.add_argument("--max-moves", type=int, default=10_000, help="stop each game after this many moves")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        parser.error("give --out or --compare")
    games = record([int(s) for s in args.seeds.split(",")], args.max_moves, args.game)
    with open(args.out, "w") as f:
        json.dump(games, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Issue #14: the independent reference scorers (tests/reference/) against the engine, many games.

    python bench/reference_cards.py                      # 1000 Elawa + 1000 Späher random games, 100 bot games each
    python bench/reference_cards.py --game elawa --random 3000 --bots 0
    python bench/reference_cards.py --seed0 5000          # other seeds

Every game is played through `urzeit.api.handle` from seat views; after every action the reference
scores all players from its own model and compares (tests/test_reference_cards.py explains).
Prints games and actions compared, every disagreement (with a reproduction: seed, options and
the action list), how often some rare situations came up, and the time taken.
"""

import argparse
import json
import pathlib
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "reference"))

import elawa_ref  # noqa: E402
import spaeher_ref  # noqa: E402
from urzeit.api import handle as engine_handle  # noqa: E402
from urzeit.core.rng import Rng  # noqa: E402

ELAWA_OPTIONS = [{}, {"chief_side": "advanced"}, {"chief_side": "advanced", "chief2": "every_second"}]


def counting_handle(seen):
    """The api, noting which rare events the games reached (from the events only)."""
    def handle(text):
        reply = engine_handle(text)
        req = json.loads(text)
        if req.get("op") == "act" and reply.startswith('{"ok":true'):
            res = json.loads(reply)["result"]
            for e in res["events"]:
                t = e["type"]
                if t == "gain" and e.get("from") == "fire":
                    seen["elawa fire token"] += 1
                elif t in ("refill", "over_capacity", "take_visible", "driven_off", "site", "lose_member",
                           "hunt_over", "vp", "create", "grow", "offspring", "exhausted"):
                    seen[t] += 1
                elif t == "sunset" and e["vp_after"] == 0 and e["delta"] < 0:
                    seen["sunset floored at 0"] += 1
                elif t == "game_over":
                    sc = e["scores"]
                    if "winners" in e and len(e["winners"]) > 1:
                        seen["elawa shared win"] += 1
                    if "winners" in e and sc.count(max(sc)) > 1:
                        seen["elawa tie on points"] += 1
                    if "winner" in e:
                        seen["spaeher both at 24+" if min(sc) >= 24 else
                             "spaeher ended by goal" if max(sc) >= 24 else "spaeher ended without goal"] += 1
            v = res["view"]
            if v.get("game") == "elawa" and v["over"] and v["fire"] > 0:
                seen["elawa ended with fire left (no cards)"] += 1
        return reply
    return handle


def random_chooser(seed):
    rng = Rng(seed)
    return lambda match, seat, view: view["legal"][rng.below(len(view["legal"]))]


def bot_chooser(handle, level):
    def choose(match, seat, view):
        r = json.loads(handle(json.dumps({"op": "ai", "match": match, "seat": seat, "apply": False, "level": level})))
        return r["result"]["action"]
    return choose


def run(game, seeds, kind, level, handle):
    games = actions = 0
    problems = []
    for seed in seeds:
        chooser = random_chooser(10_000 + seed) if kind == "random" else bot_chooser(handle, level)
        if game == "elawa":
            opts = ELAWA_OPTIONS[seed % len(ELAWA_OPTIONS)]
            n, pr = elawa_ref.play_game(handle, seed, 2 + seed % 3, opts, chooser)
        else:
            n, pr = spaeher_ref.play_game(handle, seed, {"mode": "intro" if seed % 2 else "normal"}, chooser)
        games += 1
        actions += n
        if pr:
            problems.append((seed, pr))
    return games, actions, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=["elawa", "spaeher", "both"], default="both")
    ap.add_argument("--random", type=int, default=1000, help="random games per game")
    ap.add_argument("--bots", type=int, default=100, help="bot games per game")
    ap.add_argument("--level", default="easy")
    ap.add_argument("--seed0", type=int, default=1)
    args = ap.parse_args()
    games = ["elawa", "spaeher"] if args.game == "both" else [args.game]
    failed = 0
    for game in games:
        for kind, n in (("random", args.random), (args.level, args.bots)):
            if n <= 0:
                continue
            seen = Counter()
            t0, c0 = time.time(), time.process_time()
            g, a, problems = run(game, range(args.seed0, args.seed0 + n), "random" if kind == "random" else "bot",
                                 args.level, counting_handle(seen))
            wall, cpu = time.time() - t0, time.process_time() - c0
            print(f"{game} {kind}: {g} games, {a} actions compared, {len(problems)} games disagreeing, "
                  f"{wall:.0f} s wall, {cpu:.0f} s cpu")
            ref = elawa_ref if game == "elawa" else spaeher_ref
            seen.update(ref.STATS)
            ref.STATS.clear()
            print("  seen: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
            for seed, pr in problems:
                failed += 1
                print(f"  seed {seed}:")
                for line in pr[:8]:
                    print("    " + line[:2000])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

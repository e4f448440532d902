"""Bot tournaments with fixed seeds, played through the api exactly as the page plays.

  python -m urzeit.tournament --game sammler --seats hard,easy --games 200
  python -m urzeit.tournament --ladder --games 200            # every game, every level pair
  python -m urzeit.tournament --ladder --game elawa --tables 3,4 --games 60

Every seed is played once in every seat rotation (the same tiles, cards and draws for each
level in each seat), so a match of N games uses N / seats seeds. A tie counts half a win.
Win rates come with 95 % Wilson intervals; the number of illegal attempts is counted (always 0:
a bot chooses only from the legal list, and any refused request would be counted here).

--ladder plays a round robin of random, easy, medium, hard and expert (two players, every
pair; --levels picks fewer), checks that each level beats the one below it (>= 65 % and the interval's lower end above
55 %), and fits an Elo rating per level (random = 0). --tables 3,4 adds tables of 3 and 4
players for the games that allow them, with each level's win share.

--scheduler tcp://host:8786 plays the games on a Dask cluster (`distributed`, the research
extra: pip install urzeit[research]) instead of --jobs local processes; every worker needs the
same urzeit (checked before the first game). A game depends only on its seed, seat rotation
and settings, so the results are the same either way (with --budget-ms 0: a time cap makes
them depend on each machine's speed).
"""

import argparse
import contextlib
import hashlib
import itertools
import math
import multiprocessing
import pathlib
import sys
import time

from . import api, games as registry

LADDER = ("random", "easy", "medium", "hard", "expert")
GOAL_RATE, GOAL_LOW = 0.65, 0.55


def players(game_id) -> tuple:
    """The table sizes a game's tournaments use: two, and its bigger tables."""
    return (2,) + registry.get(game_id).tables()


def ladder_games() -> list:
    """Every game the menu shows that has a bot (test games and bot-less games play random)."""
    return [g.id for g in registry.all_games() if g.listed and g.bot_module]


def play(args):
    """One game: (game, levels, seed, seat shift, budget[, {level: iterations}])."""
    game, levels, seed, shift, budget, *rest = args
    with searched(game, rest[0] if rest else None):
        return play_game(game, levels, seed, shift, budget)


@contextlib.contextmanager
def searched(game, iterations):
    """The bots of `game` search `iterations` ({level: n}) during one game, in whatever process
    plays it (a cluster's worker too), and as before after it."""
    if not iterations:
        yield
        return
    table = registry.get(game).bot().ITERATIONS
    before = dict(table)
    table.update(iterations)
    try:
        yield
    finally:
        table.clear()
        table.update(before)


def play_game(game, levels, seed, shift, budget):
    n = len(levels)
    seated = levels[shift:] + levels[:shift]  # rotate who starts
    seats = [{"kind": "ai", "level": lvl} for lvl in seated]
    r = api.call({"op": "new", "game": game, "seats": seats, "seed": seed})
    match, view = r["result"]["match"], r["result"]["view"]
    illegal = 0
    times = {lvl: [] for lvl in levels}
    while not view["over"]:
        seat = view["current_seat"]
        t = time.perf_counter()
        req = {"op": "ai", "match": match, "seat": seat}
        if budget is not None:
            req["budget_ms"] = budget
        reply = api.call(req)
        times[seated[seat]].append(time.perf_counter() - t)
        if not reply["ok"]:
            illegal += 1
            break
        view = reply["result"]["view"]
    api.call({"op": "close", "match": match})
    result, score_of = credit(view, seated, levels)
    return result, score_of, times, illegal


def credit(view, seated, levels):
    """Each level's share of the win (by the view's `winners`: the game's own rules, its
    tie-breaks included; winners sharing a win share it) and each level's scores."""
    winners = view["winners"] or []
    result = {lvl: 0.0 for lvl in levels}
    score_of = {lvl: [] for lvl in levels}
    for i, lvl in enumerate(seated):
        if i in winners:
            result[lvl] += 1.0 / len(winners)
        score_of[lvl].append(view["scores"][i])
    return result, score_of


def wilson(p, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def work_for(game, levels, games, seed, budget, iterations=None):
    k = len(levels)  # every seed in every seat rotation
    return [(game, list(levels), seed + i // k, i % k, budget, dict(iterations or {})) for i in range(games)]


def fingerprint() -> str:
    """A digest of this urzeit's code and data (what decides a game), to check a cluster's
    workers play exactly the same engine."""
    root = pathlib.Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".json") and p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class LocalRunner:
    """The games on this machine: at most `jobs` processes."""

    def __init__(self, jobs):
        self.pool = multiprocessing.Pool(jobs)

    def map(self, fn, work):
        return self.pool.map(fn, work, chunksize=1)

    def imap(self, fn, work):
        return self.pool.imap(fn, work)

    def close(self):
        self.pool.terminate()  # every result was read (or the run failed)
        self.pool.join()


class DaskRunner:
    """The games on an existing Dask cluster (its scheduler's address), results in order."""

    def __init__(self, address, expected=None):
        try:
            from distributed import Client
        except ImportError:
            raise SystemExit("--scheduler needs Dask's distributed: pip install urzeit[research]") from None
        try:
            self.client = Client(address, timeout="10s")
        except (OSError, TimeoutError, ValueError) as e:
            raise SystemExit(f"--scheduler {address}: no Dask scheduler answers there ({e})") from None
        mine = expected or fingerprint()
        try:
            theirs = self.client.run(fingerprint)
        except Exception as e:  # e.g. a worker without urzeit cannot unpickle the function
            self.close()
            raise SystemExit(f"--scheduler {address}: the workers cannot run urzeit ({type(e).__name__}: {e})") from None
        if not theirs:
            self.close()
            raise SystemExit(f"--scheduler {address}: the cluster has no workers")
        other = sorted(w for w, f in theirs.items() if f != mine)
        if other:
            self.close()
            raise SystemExit(f"--scheduler {address}: the workers {', '.join(other)} run another urzeit "
                             "than this one (install the same version on every worker)")

    def map(self, fn, work):
        return list(self.imap(fn, work))

    def imap(self, fn, work):
        futures = self.client.map(fn, work, pure=False)
        for future in futures:
            yield future.result()

    def close(self):
        self.client.close()


@contextlib.contextmanager
def runner(jobs, scheduler=None):
    run = DaskRunner(scheduler) if scheduler else LocalRunner(jobs)
    try:
        yield run
    finally:
        run.close()


def summarize(levels, results):
    wins = {lvl: 0.0 for lvl in levels}
    scores = {lvl: [] for lvl in levels}
    times = {lvl: [] for lvl in levels}
    illegal = 0
    for result, score_of, t, bad in results:
        for lvl in levels:
            wins[lvl] += result[lvl]
            scores[lvl] += score_of[lvl]
            times[lvl] += t[lvl]
        illegal += bad
    return wins, scores, times, illegal


def print_match(levels, results, n):
    wins, scores, times, illegal = summarize(levels, results)
    print(f"{'level':8} {'win rate':>9} {'95% CI':>15} {'mean score':>11} {'move p50':>9} {'move p95':>9} {'move max':>9}")
    for lvl in levels:
        p = wins[lvl] / n
        lo, hi = wilson(p, n)
        ts = sorted(times[lvl]) or [0.0]
        print(f"{lvl:8} {p:9.1%} {f'{lo:.1%}-{hi:.1%}':>15} {sum(scores[lvl]) / n:11.1f} "
              f"{ts[len(ts) // 2] * 1000:7.0f}ms {ts[int(len(ts) * 0.95)] * 1000:7.0f}ms {ts[-1] * 1000:7.0f}ms")
    return wins, illegal


def elo(levels, pairs):
    """Bradley-Terry ratings on the Elo scale from {(a, b): (wins of a, games)}; the first
    level is 0. Half a win is added to each side of a pair so a clean sweep stays finite."""
    strength = {lvl: 1.0 for lvl in levels}
    for _ in range(2000):
        new = {}
        for lvl in levels:
            won, denom = 0.0, 0.0
            for (a, b), (w, n) in pairs.items():
                if lvl not in (a, b):
                    continue
                other = b if lvl == a else a
                mine = (w if lvl == a else n - w) + 0.5
                won += mine
                denom += (n + 1) / (strength[lvl] + strength[other])
            new[lvl] = won / denom if denom else strength[lvl]
        base = new[levels[0]]
        strength = {lvl: s / base for lvl, s in new.items()}
    return {lvl: 400 * math.log10(s) for lvl, s in strength.items()}


def rate_elo(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return 400 * math.log10(p / (1 - p))


def ladder(game, games, seed, budget, jobs, tables, far_games=None, table_games=None, pairs_too=True,
           levels=LADDER, scheduler=None, iterations=None):
    """Round robin of the levels (two players), then the bigger tables."""
    with runner(jobs, scheduler) as pool:
        ok, illegal = (ladder_pairs(pool, game, games, seed, budget, far_games, levels, iterations)
                       if pairs_too else (True, 0))
        illegal += ladder_tables(pool, game, table_games or games, seed, budget, tables, levels, iterations)
    print(f"illegal attempts: {illegal}; " + (f"ladder {'holds' if ok else 'does NOT hold'} "
          f"(each level >= {GOAL_RATE:.0%} against the one below, interval above {GOAL_LOW:.0%})"
          if pairs_too else "tables only"))
    return ok, illegal


def ladder_pairs(pool, game, games, seed, budget, far_games, levels=LADDER, iterations=None):
    print(f"== {game}: round robin of {', '.join(levels)}, {games} games a pair, two players, "
          f"seeds from {seed}, every seed in both seat orders")
    pairs = {}
    ok = True
    illegal = 0
    for a, b in itertools.combinations(levels, 2):
        upper, lower = b, a  # the levels are weakest first
        adjacent = levels.index(upper) - levels.index(lower) == 1
        n = games if adjacent or not far_games else far_games
        t0 = time.perf_counter()
        results = pool.map(play, work_for(game, (upper, lower), n, seed, budget, iterations))
        wins, _, times, bad = summarize((upper, lower), results)
        illegal += bad
        pairs[(upper, lower)] = (wins[upper], n)
        p = wins[upper] / n
        lo, hi = wilson(p, n)
        verdict = ""
        if adjacent:
            met = p >= GOAL_RATE and lo > GOAL_LOW
            ok &= met
            verdict = "  goal met" if met else "  GOAL NOT MET"
        ts = sorted(times[upper]) or [0.0]
        print(f"{upper:>6} vs {lower:<6} {n:4} games {p:6.1%}  95% CI {lo:5.1%}-{hi:5.1%}  "
              f"(Elo diff {rate_elo(p):+.0f}, {rate_elo(lo):+.0f}..{rate_elo(hi):+.0f})  "
              f"{upper} move p50 {ts[len(ts) // 2] * 1000:.0f} ms p95 {ts[int(len(ts) * 0.95)] * 1000:.0f} ms"
              f"  [{time.perf_counter() - t0:.0f} s]{verdict}", flush=True)
    ratings = elo(levels, pairs)
    print(f"Elo (Bradley-Terry fit, {levels[0]} = 0): "
          + ", ".join(f"{lvl} {ratings[lvl]:.0f}" for lvl in levels), flush=True)
    return ok, illegal


def ladder_tables(pool, game, games, seed, budget, tables, ladder_levels=LADDER, iterations=None):
    """Every choice of n of the levels at one table of n, each level's win share."""
    illegal = 0
    for n in tables:
        if n not in players(game) or n == 2:
            continue
        for levels in itertools.combinations(ladder_levels, n):
            levels = tuple(reversed(levels))
            count = max(n, games // n * n)
            t0 = time.perf_counter()
            results = pool.map(play, work_for(game, levels, count, seed, budget, iterations))
            print(f"-- {game}, {n} players: {', '.join(levels)}; {count} games "
                  f"(every seed in all {n} seat rotations) [{time.perf_counter() - t0:.0f} s]; "
                  f"fair share {1 / n:.0%}")
            _, bad = print_match(levels, results, count)
            illegal += bad
            sys.stdout.flush()
    return illegal


def parse_iterations(game, spec) -> dict:
    """--iterations medium=80,hard=250: the bots of `game` search that much in this run (each
    game carries it to the process that plays it)."""
    if not game:
        raise SystemExit("--iterations needs --game")
    bot = registry.get(game).bot()
    iterations = {}
    for part in spec.split(","):
        level, _, n = part.partition("=")
        if level not in bot.ITERATIONS or not n.isdigit():
            raise SystemExit(f"--iterations: give level=N with a level of {', '.join(bot.ITERATIONS)}")
        iterations[level] = int(n)
    return iterations


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", help="a game id (with --ladder: default every game with bots)")
    parser.add_argument("--seats", help="comma-separated levels, e.g. hard,easy")
    parser.add_argument("--ladder", action="store_true", help="round robin of the levels with Elo")
    parser.add_argument("--levels", default=",".join(LADDER),
                        help="with --ladder: the levels, weakest first (default all five)")
    parser.add_argument("--tables", default="", help="with --ladder: bigger tables, e.g. 3,4")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--far-games", type=int, default=None,
                        help="with --ladder: games for the pairs two or more levels apart (default --games)")
    parser.add_argument("--table-games", type=int, default=None,
                        help="with --tables: games per table (default --games)")
    parser.add_argument("--tables-only", action="store_true",
                        help="with --ladder --tables: only the bigger tables (the pairs were run before)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scheduler", default=None,
                        help="a Dask scheduler's address (tcp://host:8786): play the games on that "
                             "cluster instead of --jobs local processes")
    parser.add_argument("--iterations", default="",
                        help="experiments: other search sizes for this run, e.g. medium=80,hard=250")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the running tally every N games (long runs stopped early keep it)")
    parser.add_argument("--budget-ms", type=int, default=None,
                        help="time cap per move for every bot (0 = none: the iteration counts alone "
                             "decide, so results do not depend on the machine's load)")
    args = parser.parse_args(argv)
    iterations = parse_iterations(args.game, args.iterations) if args.iterations else None
    if args.ladder:
        tables = [int(x) for x in args.tables.split(",") if x]
        levels = tuple(args.levels.split(","))
        if not set(levels) <= set(LADDER) or len(set(levels)) != len(levels) or len(levels) < 2:
            raise SystemExit(f"--levels: two or more of {', '.join(LADDER)}, each once, weakest first")
        illegal = 0
        for game in ([args.game] if args.game else ladder_games()):
            _, bad = ladder(game, args.games, args.seed, args.budget_ms, args.jobs, tables, args.far_games,
                            args.table_games, pairs_too=not args.tables_only, levels=levels,
                            scheduler=args.scheduler, iterations=iterations)
            illegal += bad
        return 0 if illegal == 0 else 1
    if not args.game or not args.seats:
        raise SystemExit("give --game and --seats (or --ladder)")
    levels = args.seats.split(",")
    if len(set(levels)) != len(levels):
        raise SystemExit("give each level once (seats rotate between games)")
    k = len(levels)
    t0 = time.perf_counter()
    results = []
    with runner(args.jobs, args.scheduler) as pool:
        for result in pool.imap(play, work_for(args.game, levels, args.games, args.seed, args.budget_ms, iterations)):
            results.append(result)
            if args.progress and len(results) % args.progress == 0 and len(results) < args.games:
                wins = summarize(levels, results)[0]
                print(f"  after {len(results)} games ({time.perf_counter() - t0:.0f} s): "
                      + ", ".join(f"{lvl} {wins[lvl] / len(results):.1%}" for lvl in levels), flush=True)
    n = args.games
    print(f"{args.game}: {' vs '.join(levels)}, {n} games, seeds {args.seed}..{args.seed + (n - 1) // k}"
          f" (each in {k} seat rotations), {time.perf_counter() - t0:.0f} s")
    _, illegal = print_match(levels, results, n)
    print(f"illegal attempts: {illegal}")
    return 0 if illegal == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())

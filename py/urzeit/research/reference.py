"""Our bots against OpenSpiel's at equal time per move (issue 40: an outside reference).

  python -m urzeit.research.reference --game sammler --games 20            # expert vs OpenSpiel's MCTS
  python -m urzeit.research.reference --game elawa --games 20 --factor 4   # vs ISMCTS with 4x the time

Two players, every seed in both seat orders (the same draws for each side: the game is seeded
as in `urzeit tournament`). Our bot decides exactly as in the api (its seat's view and
`determinize`, `budget_ms` 0: its planned simulations decide). OpenSpiel's bot is its Python
MCTS with random rollouts (a perfect-information game: sammler) or its ISMCTS (worlds from our
`determinize`), both with UCT c = 2 and one random rollout per leaf, searching a world its
seat cannot tell from the true one. Equal time means CPU time (`time.process_time`, so the
load of a shared machine does not tilt it): each OpenSpiel decision gets `--factor` times the
mean CPU time our bot has used per decision so far in that worker, turned into a simulation
count by the rate the OpenSpiel bot ran at before. Decisions with one legal move are taken at
once by both and not timed. Win shares come with 95 % Wilson intervals (a tie counts half).
"""

import argparse
import multiprocessing
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from .. import ai, games as registry
from ..core.rng import GOLDEN, MASK64, Rng
from ..core.game import PRIVATE_HANDS
from ..match import Match
from ..tournament import wilson
from . import openspiel

UCT_C = 2.0
PROBE_SIMULATIONS = 4


class Clock:
    """Per worker process: our bot's CPU time per decision and the OpenSpiel bot's rate."""
    ours = []          # seconds per timed decision of our bot
    rate = None        # OpenSpiel simulations per CPU second, smoothed


def openspiel_bot(game, kind, seed):
    rs = np.random.RandomState(seed % 2 ** 32)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    if kind == "mcts":
        return mcts.MCTSBot(game, UCT_C, PROBE_SIMULATIONS, evaluator, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, UCT_C, PROBE_SIMULATIONS, random_state=rs)
    bot.set_resampler(openspiel.resampler(seed))
    return bot


def set_simulations(bot, n):
    if isinstance(bot, mcts.MCTSBot):
        bot.max_simulations = n
    else:
        bot._max_simulations = n  # ISMCTSBot keeps it private; no setter


def openspiel_decide(bot, root, target_s):
    """A search of about target_s CPU seconds: simulations = target x the measured rate (a
    short probe first when nothing was measured yet). Returns (action id, seconds, sims)."""
    t0 = time.process_time()
    if Clock.rate is None:
        set_simulations(bot, PROBE_SIMULATIONS)
        bot.step(root.clone())
        Clock.rate = PROBE_SIMULATIONS / max(time.process_time() - t0, 1e-4)
    left = max(0.0, target_s - (time.process_time() - t0))
    sims = max(2, round(left * Clock.rate))
    set_simulations(bot, sims)
    t1 = time.process_time()
    action = bot.step(root)
    spent = time.process_time() - t1
    Clock.rate = 0.7 * Clock.rate + 0.3 * sims / max(spent, 1e-4)
    return action, time.process_time() - t0, sims


def ours_decide(game, state, seat, level, seed, move):
    view = Match(None, game, [{"kind": "ai", "level": level}] * len(state.scores()), seed, {}, state).view(seat)
    bot_seed = (seed * GOLDEN + move + 1) & MASK64
    t0 = time.process_time()
    action = ai.choose_action(game, view, lambda rng: state.determinize(seat, rng), level, bot_seed, budget_ms=0)
    return action, time.process_time() - t0


def play(args):
    """One game: our `level` against OpenSpiel's `kind`; shift 1 seats OpenSpiel first."""
    game_id, level, kind, factor, seed, shift = args
    game = registry.get(game_id)
    osgame = openspiel.load(game_id, 2)
    state = game.new_game(2, seed)  # seeded: the same draws as the tournament's seed
    ours_seat = shift
    bot = openspiel_bot(osgame, kind, seed * 2 + shift)
    times = {"ours": [], "openspiel": []}
    sims = []
    move = 0
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        move += 1
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        if seat == ours_seat:
            action, spent = ours_decide(game, state, seat, level, seed, move)
            Clock.ours.append(spent)
            times["ours"].append(spent)
        else:
            if not Clock.ours:  # nothing measured in this worker yet: time our bot here (unplayed)
                Clock.ours.append(ours_decide(game, state, seat, level, seed, move)[1])
            target = factor * sum(Clock.ours) / len(Clock.ours)
            root = osgame.state_of(state.determinize(seat, Rng((seed * GOLDEN + move) & MASK64)))
            action_id, spent, n = openspiel_decide(bot, root, target)
            action = root.action_json(action_id)
            times["openspiel"].append(spent)
            sims.append(n)
        state.apply(action)  # checked: a wrong move would raise here
    winners = state.winners()
    scores = state.scores()
    return {"ours": (1.0 / len(winners)) if ours_seat in winners else 0.0,
            "scores": (scores[ours_seat], scores[1 - ours_seat]), "times": times, "sims": sims}


def run(game_id, level, kind, factor, games, seed, jobs, progress=False):
    work = [(game_id, level, kind, factor, seed + i // 2, i % 2) for i in range(games)]
    t0 = time.perf_counter()
    results = []
    with multiprocessing.Pool(jobs) as pool:
        for r in pool.imap(play, work):
            results.append(r)
            if progress:
                print(f"  game {len(results)}: {level} {r['ours']:.1f}, points {r['scores'][0]} : {r['scores'][1]} "
                      f"[{time.perf_counter() - t0:.0f} s]", flush=True)
    wall = time.perf_counter() - t0
    wins = sum(r["ours"] for r in results)
    p = wins / games
    lo, hi = wilson(p, games)
    ours_t = [t for r in results for t in r["times"]["ours"]]
    os_t = [t for r in results for t in r["times"]["openspiel"]]
    sims = [n for r in results for n in r["sims"]]
    mine = sum(r["scores"][0] for r in results) / games
    theirs = sum(r["scores"][1] for r in results) / games
    print(f"{game_id}: {level} vs OpenSpiel {kind} at {factor:g}x our time, {games} games, seeds "
          f"{seed}..{seed + (games - 1) // 2} (both seat orders), {wall:.0f} s wall")
    print(f"  {level} win share {p:.1%}  95% CI {lo:.1%}-{hi:.1%}  mean points {mine:.1f} : {theirs:.1f}")
    print(f"  CPU per decision: {level} {1000 * sum(ours_t) / max(1, len(ours_t)):.0f} ms ({len(ours_t)} decisions), "
          f"OpenSpiel {1000 * sum(os_t) / max(1, len(os_t)):.0f} ms ({len(os_t)}), "
          f"its simulations per decision: median {sorted(sims)[len(sims) // 2] if sims else 0}", flush=True)
    return p, lo, hi


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, choices=sorted(g.id for g in registry.all_games()))
    parser.add_argument("--level", default="expert", choices=[lvl for lvl in ai.LEVELS if lvl != "random"])
    parser.add_argument("--bot", choices=["mcts", "ismcts"], default=None,
                        help="OpenSpiel's bot (default: mcts where nothing is hidden, else ismcts)")
    parser.add_argument("--factor", default="1",
                        help="OpenSpiel's time per decision as a multiple of ours; several: 1,4,16")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--progress", action="store_true", help="a line per finished game")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    kind = args.bot or ("ismcts" if game.information == PRIVATE_HANDS else "mcts")
    for factor in args.factor.split(","):
        run(args.game, args.level, kind, float(factor), args.games, args.seed, args.jobs, args.progress)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""CPU time of the sammler expert's turns in CPython (process time, so a loaded machine does not
inflate it): every decision of a turn (tile, figure, a bonus tile) summed, over whole games
of expert against hard. Pyodide runs some 2-3x slower; the page's turn goal is p95 <= 3 s.

  PYTHONPATH=py python bench/sammler_expert_cost.py --games 2 --players 2
"""

import argparse
import time

from urzeit import ai, games


def turns(players, seed):
    game = games.get("sammler")
    s = game.new_game(players, seed)
    levels = ["expert"] + ["hard"] * (players - 1)
    out, cur, who = [], 0.0, None
    k = 0
    while not s.is_over:
        seat = s.current_player
        if seat != who:
            if who == 0:
                out.append(cur)
            cur, who = 0.0, seat
        legal = s.legal_actions()
        view = {"legal": legal, "seat": seat, "scores": s.scores(), "phase": s.phase}
        t = time.process_time()
        a = ai.choose_action(game, view, lambda r: s.determinize(seat, r), levels[seat], seed * 1000 + k, budget_ms=0)
        if seat == 0:
            cur += time.process_time() - t
        s.apply(a)
        k += 1
    if who == 0:
        out.append(cur)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    all_turns = []
    for seed in range(1, args.games + 1):
        all_turns += turns(args.players, seed)
    ts = sorted(all_turns)
    print(f"sammler expert, {args.players} players, {args.games} games, {len(ts)} turns: CPU per turn "
          f"p50 {ts[len(ts) // 2] * 1000:.0f} ms, p95 {ts[int(len(ts) * 0.95)] * 1000:.0f} ms, "
          f"max {ts[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()

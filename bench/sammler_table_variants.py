"""Experiments behind docs/bots.md's issue #28 table: sammler tables of level variants, played
in-process through ai.choose_action (budget 0), every seed in every seat rotation.

  PYTHONPATH=py python bench/sammler_table_variants.py 25 hD,medium,easy,random

Variants besides the levels: hL<p> hard with margin's leader p/100; hD the open-sides prior
that knows the stack at any table; hT hard by the learned weights (value.json) at tables, hS by the stack prior (before); hN<t> hard by the learned weights with t/10 points of doubt; mN<t> medium with t/10 points of doubt (its greedy temperature); x<k>[o][_<n>] the expert with k candidates (o: its own next
turn played too) and n playouts; a trailing L: the learned judgement (value.json)
at two players, T: at every table.
"""
import sys, time
from urzeit.games.sammler import GAME
from urzeit.games.sammler import bot as B
from urzeit.core.rng import Rng
from urzeit import ai

def variant(name):
    # hL50 = hard with leader 0.5
    if name.startswith("hL"):
        B.OUTLOOK_LEVELS.add(name); B.LEADER[name] = int(name[2:]) / 100; B.ITERATIONS[name] = 0
    if name.startswith("mN"):  # mN5 = medium with 0.5 points of doubt (greedy temperature)
        B.GREEDY_TEMPERATURE[name] = int(name[2:]) / 10; B.ITERATIONS[name] = 0
    if name.startswith("hN"):  # hN3 = hard (the learned weights at tables) with 0.3 points of doubt
        B.OUTLOOK_LEVELS.add(name); B.ITERATIONS[name] = 0; B.LEARNED[name] = (3, 4, 5)
        B.GREEDY_TEMPERATURE[name] = int(name[2:]) / 10
    if name.startswith("mL"):
        B.LEADER[name] = int(name[2:]) / 100; B.ITERATIONS[name] = 0

    if name.startswith("x"):  # x5o = expert, 5 candidates, own turn; x5 = replies only; _S = iterations
        # L: the learned judgement at two players, T: at every table
        B.LEARNED["expert"] = (2, 3, 4, 5) if name.endswith("T") else (2,) if name.endswith("L") else ()
        parts = name[1:].rstrip("LT").split("_")
        B.EXPERT["candidates"] = int(parts[0].rstrip("o")); B.EXPERT["own_turn"] = parts[0].endswith("o")
        B.ITERATIONS["expert"] = int(parts[1]) if len(parts) > 1 else 30

    if name == "hT":  # hard by the learned weights at every table value.json has
        B.OUTLOOK_LEVELS.add(name); B.ITERATIONS[name] = 0; B.LEARNED[name] = (3, 4, 5)

    if name == "hS":  # hard by the stack prior at tables (before the learned weights)
        B.OUTLOOK_LEVELS.add(name); B.ITERATIONS[name] = 0

    if name == "hD":
        B.STACK_PRIOR_LEVELS.add(name); B.ITERATIONS[name] = 0

def make(name, n):
    return B.Policy(n, level=name)

def play(levels, seed, shift):
    n = len(levels)
    seated = levels[shift:] + levels[:shift]

    s = GAME.new_game(n, seed)
    rng = Rng(seed * 7919 + shift)
    opened = [0]*n
    while not s.is_over:
        seat = s.current_player
        legal = s.legal_actions()
        lvl = seated[seat]
        if len(legal) == 1:
            a = legal[0]
        else:
            view = s.view(seat); view["legal"] = legal; view["seat"] = seat; view["scores"] = s.scores()
            a = ai.choose_action(GAME, view, lambda r: s.determinize(seat, r), lvl, rng.next_u64(), budget_ms=0)
        s.apply(a)
    sc = s.scores(); w = s.winners()
    res = {l: 0.0 for l in levels}
    for i in w: res[seated[i]] += 1/len(w)
    return res, {seated[i]: sc[i] for i in range(n)}

if __name__ == "__main__":
    nseeds = int(sys.argv[1]); levels = sys.argv[2].split(","); start = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    n = len(levels)
    for l in levels: variant(l)
    levels = [("expert" if l.startswith("x") else l) for l in levels]
    tot = {l: 0.0 for l in levels}; pts = {l: 0 for l in levels}; g = 0
    t0 = time.time()
    for seed in range(start, start + nseeds):
        for shift in range(n):
            r, p = play(levels, seed, shift)
            g += 1
            for l in levels: tot[l] += r[l]; pts[l] += p[l]
    from urzeit.tournament import wilson
    print(f"{levels} {g} games {time.time()-t0:.0f}s")
    for l in levels:
        lo, hi = wilson(tot[l]/g, g)
        print(f"  {l:10} {tot[l]/g:6.1%} ({lo:.1%}-{hi:.1%}) mean {pts[l]/g:.1f}")

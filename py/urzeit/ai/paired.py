"""Flat search over a game's few best candidate moves with common random numbers.

The game names its candidates (its own judgement's best moves, best first) and plays a
candidate on in one sampled world (`play_out`, the seat's value afterwards). Every world is
drawn once from the seat's `determinize` and every candidate is played in a copy of that same
world, so the candidates are compared on the same future draws: the noise of the draws cancels
out of the comparison, and a handful of worlds tells apart moves that many independent samples
could not. Worlds are sampled whole (every candidate in each), so a time cap never leaves one
candidate with fewer samples than another; ties keep the judgement's order.
"""

import time

from ..core.rng import Rng


def search_steps(determinize, seat, legal, policy, iterations, rng: Rng, time_limit_s=None):
    """A generator that yields after every playout; returns the chosen legal action.
    `iterations` is the number of playouts (worlds × candidates)."""
    deadline = time.perf_counter() + time_limit_s if time_limit_s else None
    base = determinize(Rng(rng.next_u64()))
    candidates = policy.candidates(base, seat, legal)  # [(legal action, plan)], best first
    if len(candidates) == 1:
        return candidates[0][0]
    worlds = max(1, iterations // len(candidates))
    totals = [0.0] * len(candidates)
    done = 0
    for w in range(worlds):
        world = Rng(rng.next_u64()).next_u64()
        for k, (_, plan) in enumerate(candidates):
            totals[k] += policy.play_out(determinize(Rng(world)), seat, plan)
            done += 1
            yield done
        if deadline is not None and w >= 1 and time.perf_counter() > deadline:
            break
    best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
    return candidates[best][0]

"""Flat Monte Carlo shared by the games: UCB1 over the root's legal actions, each sample a
world the seat cannot tell from the true one (`determinize`), the action played, then the
game's `sample_value` (its own planner playing on). The game's `first_choice` starts with a
small head start, so a short search never does worse than that plan by chance."""

import math
import time

from ..core.rng import Rng


def search_steps(determinize, seat, legal, policy, iterations, rng: Rng, time_limit_s=None):
    """A generator that yields after every sample; returns the chosen action."""
    if len(legal) == 1:
        return legal[0]
    deadline = time.perf_counter() + time_limit_s if time_limit_s else None
    base = determinize(Rng(rng.next_u64()))
    if not policy.worth_searching(base):
        return policy.first_choice(base, rng)
    first = policy.first_choice(base)
    prior = [1.0 if a == first else 0.0 for a in legal]
    n = [0] * len(legal)
    total = [0.0] * len(legal)
    longest = 0.0
    for i in range(max(iterations, len(legal))):
        if i < len(legal):
            k = i
        else:
            log_n = math.log(i)
            k = max(range(len(legal)), key=lambda j: (total[j] + prior[j]) / (n[j] + 1)
                    + 0.5 * math.sqrt(log_n / (n[j] + 1)))
        started = time.perf_counter()
        state = determinize(Rng(rng.next_u64()))
        state.apply_legal(legal[k])
        n[k] += 1
        total[k] += policy.sample_value(state, seat, rng)
        now = time.perf_counter()
        longest = max(longest, now - started)
        # stop before a sample that would end after the deadline, not after it; a short budget
        # may leave actions unsampled: then the plan's head start decides among them
        if deadline is not None and now + longest > deadline:
            break
        yield i
    best = max(range(len(legal)), key=lambda j: ((total[j] + prior[j]) / (n[j] + 1), n[j]))
    return legal[best]

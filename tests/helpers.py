"""Shared helpers for the engine tests."""

import json

from urzeit.core.rng import Rng


def canon(obj) -> str:
    return json.dumps(obj, sort_keys=True)


def random_playout(state, seed: int, max_steps: int = 5000, on_step=None):
    """Play uniformly random legal actions to the end; returns the actions taken."""
    rng = Rng(seed)
    actions = []
    for _ in range(max_steps):
        if state.is_over:
            return actions
        legal = state.legal_actions()
        assert legal, "a running game must offer at least one legal action"
        action = rng.choice(legal)
        before = state.clone() if on_step else None
        state.apply(action)
        actions.append(action)
        if on_step:
            on_step(before, action, state)
    raise AssertionError("game did not end within max_steps")

"""Shared helpers for the engine tests."""

import json

from hypothesis import settings

from urzeit.core.rng import Rng


def examples(n: int) -> int:
    """n hypothesis examples in the full run; the quick layer's profile (conftest.py) a tenth."""
    return max(1, n * settings.default.max_examples // settings.get_profile("default").max_examples)


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


def hinted_game(game, lang, seed, decisions=30, level="medium", options=None):
    """Seat 0 asks for a hint at each of its decisions and plays it; the other seat plays
    random moves. Returns [(seat 0's view, the hint reply)] (api.call, worded in `lang`)."""
    from urzeit import api
    req = {"op": "new", "game": game, "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}],
           "seed": seed, "lang": lang}
    if options:
        req["options"] = options
    m = api.call(req)["result"]["match"]
    hints = []
    for _ in range(decisions):
        v = api.call({"op": "view", "match": m, "seat": 0, "lang": lang})["result"]
        while not v["over"] and v["current_seat"] == 1:
            api.call({"op": "ai", "match": m, "seat": 1})
            v = api.call({"op": "view", "match": m, "seat": 0, "lang": lang})["result"]
        if v["over"]:
            break
        hint = api.call({"op": "ai", "match": m, "seat": 0, "level": level, "viewer": 0, "apply": False,
                         "lang": lang})["result"]
        hints.append((v, hint))
        api.call({"op": "act", "match": m, "seat": 0, "state_id": v["state_id"], "action": hint["action"]})
    api.call({"op": "close", "match": m})
    return hints

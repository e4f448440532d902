"""Every game as a PettingZoo AEC environment (urzeit.research.pettingzoo_env, the `research`
extra): PettingZoo's own API test passes; a seed gives the same game; a bad id is refused."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is an optional extra: pip install urzeit[research]")

from pettingzoo.test import api_test  # noqa: E402

from urzeit.research.pettingzoo_env import UrzeitEnv  # noqa: E402


@pytest.mark.parametrize("game_id,players", [("nim", 2), ("sammler", 2), ("elawa", 3), ("spaeher", 2)])
def test_pettingzoo_api_test(game_id, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on observation types (ours: a dict with the action mask)
        api_test(UrzeitEnv(game_id, players, render_mode="ansi"), num_cycles=1000)


def first_moves(env, seed, n):
    env.reset(seed=seed)
    seen = []
    for agent in env.agent_iter(n):
        obs, _, terminated, _, _ = env.last()
        seen.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes()))
        env.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[-1]))
    return seen


def test_a_seed_gives_the_same_game_and_a_bad_id_changes_nothing():
    env = UrzeitEnv("elawa", 2)
    assert first_moves(env, 5, 30) == first_moves(env, 5, 30)
    assert first_moves(env, 5, 30) != first_moves(env, 6, 30)
    env.reset(seed=5)
    obs = env.observe(env.agent_selection)
    legal = int(obs["action_mask"].sum())
    assert legal == len(env.state.legal_actions()) and env.action_json(legal - 1) == env.state.legal_actions()[-1]
    before = env.state.to_json()
    with pytest.raises(ValueError, match="not legal"):
        env.step(legal)
    assert env.state.to_json() == before
    with pytest.raises(ValueError, match="2 to 5 players"):
        UrzeitEnv("sammler", 7)

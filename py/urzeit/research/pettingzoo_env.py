"""Every game as a PettingZoo AEC environment (`pip install urzeit[research]`).

    from urzeit.research.pettingzoo_env import UrzeitEnv
    env = UrzeitEnv("elawa", players=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are "seat_0", "seat_1", ...; the engine's seeded chance draws the cards and tiles (a
game is its seed and the actions, as in the page). An observation is the agent's view,
feature-hashed (`features.view_tensor`, the OpenSpiel adapter's tensor), with the mask of its
legal action ids (an id is the index into the sorted legal list, as in the OpenSpiel adapter;
`action_json` gives the engine's action). The reward comes at the end: each winner
1 / number of winners, the others 0. An id that is not legal is refused (ValueError) and
changes nothing.
"""

import secrets

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import games as registry
from .features import MAX_ACTIONS, TENSOR_SIZE, canonical, view_tensor


class UrzeitEnv(AECEnv):
    metadata = {"name": "urzeit_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str = "sammler", players: int = 2, options: dict | None = None, render_mode=None):
        super().__init__()
        self.game = registry.get(game)
        if not self.game.min_players <= players <= self.game.max_players:
            raise ValueError(f"{game} is for {self.game.min_players} to {self.game.max_players} players")
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode: None or 'ansi'")
        self.game.new_game(players, 0, options)  # bad options fail here, clearly
        self.players = players
        self.options = options
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (TENSOR_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (MAX_ACTIONS,), np.int8)})
        self._action_space = spaces.Discrete(MAX_ACTIONS)
        self.state = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed=None, options=None):
        seed = secrets.randbits(53) if seed is None else int(seed)
        self.state = self.game.new_game(self.players, seed, self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        tensor = np.zeros(TENSOR_SIZE, np.float32)
        view_tensor(self.state.view(seat), tensor)
        mask = np.zeros(MAX_ACTIONS, np.int8)
        if seat == self.state.current_player:
            mask[:len(self.state.legal_actions())] = 1
        return {"observation": tensor, "action_mask": mask}

    def action_json(self, action: int) -> dict:
        """The engine's action for an action id of the agent to move."""
        return self.state.legal_actions()[action]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.state.legal_actions()
        if action is None or not 0 <= int(action) < len(legal):
            raise ValueError(f"action {action} is not legal for {agent}: the ids are 0..{len(legal) - 1}")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(legal[int(action)])
        if self.state.is_over:
            winners = self.state.winners()
            for i, a in enumerate(self.agents):
                self.rewards[a] = 1.0 / len(winners) if i in winners else 0.0
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return canonical(self.state.view(None))  # what a spectator sees
        return None

    def close(self):
        self.state = None

"""A PettingZoo AEC environment over the local engines: the API of
`satrap.aec.SatrapAEC` (the server-backed one) without a server.

Each agent (`seat_0`, …) observes from its own seat's view only (the
service's observation tensors and masks). When several seats must act at
once (secret choices, hidden hands) the environment acts for one seat of
`to_act` at a time: the lowest one, as the server-backed environment does.
"""

from __future__ import annotations

import secrets
from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from satrap_engines import Game, game_info


def rewards_of(returns, players: int) -> Dict[int, float]:
    """+1 for each winner, -1 for the others; 0 for everyone in a draw."""
    return {s: float(returns[s]) for s in range(players)}


class SatrapAEC(AECEnv):
    """`observation = {"observation": float32 tensor, "action_mask": int8}`,
    actions are the game's fixed action ids (`Discrete(num_distinct_actions)`).
    `options` is an encoded `satrap.v1.GameOptions`."""

    metadata = {"render_modes": ["ansi", "human"], "name": "satrap_local_v0",
                "is_parallelizable": False}

    def __init__(self, game: str, players: int, *, render_mode: Optional[str] = None,
                 max_steps: Optional[int] = None, options: Optional[bytes] = None):
        super().__init__()
        info = game_info(game)
        if players not in info["spaces"]:
            raise ValueError(f"{game} is for {info['min_players']}-{info['max_players']} players")
        self.game, self.players, self.options = game, players, options
        self.num_distinct_actions, size = info["spaces"][players]
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.num_distinct_actions,),
                                      dtype=np.int8),
        })
        act_space = spaces.Discrete(self.num_distinct_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self.state: Optional[Game] = None
        self.steps = 0

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # -- AEC API -----------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game from `seed` (None: a random one)."""
        if seed is None:
            seed = secrets.randbits(63)
        self.state = Game(self.game, self.players, seed, self.options)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> Dict[str, Any]:
        return self.state.observation(int(agent[5:]))

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action), int(agent[5:]))
        self.infos[agent] = {"dropped": False}
        self.steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_over():
            for seat, r in rewards_of(self.state.returns(), self.players).items():
                self.rewards[f"seat_{seat}"] = r
            self.terminations = {a: True for a in self.agents}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """The next agent: the lowest seat to act; once the game is over,
        each remaining agent in turn (to be stepped with None and removed)."""
        current = self.state.current_player()
        if current is not None and not any(self.truncations.values()):
            self.agent_selection = f"seat_{current}"
        elif self.agents:
            self.agent_selection = self.agents[0]

    def render(self):
        text = self.state.text(None) if self.state is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str = "king_of_siam", players: Optional[int] = None, **kwargs) -> SatrapAEC:
    """The AEC environment of `game` for `players` (default: the fewest)."""
    if players is None:
        players = game_info(game)["min_players"]
    return SatrapAEC(game, players, **kwargs)

"""A Gymnasium single-agent environment over the local engines: one seat
played by the learner, every other seat by a built-in bot (`random`,
`mcts-easy`, …, as on the server) or by a policy of your own; the API of
`satrap.single.SingleAgentEnv` without a server. `step` returns when the
learner's seat has legal actions again or the game is over.
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Dict, Optional, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from satrap_engines import Game, game_info

# A policy for the other seats: (game, seat) -> action id.
Policy = Callable[[Game, int], int]


class SingleAgentEnv(gym.Env):
    """`observation = {"observation", "action_mask"}`, `Discrete` action ids;
    reward +1 win / -1 loss / 0 draw at the end, 0 before. `opponents` is a
    built-in bot's name (the server's bots, seeded as the server seeds a
    bot seat) or a policy `(game, seat) -> action id`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "king_of_siam", players: Optional[int] = None, *,
                 opponents: Union[str, Policy] = "random", seat: int = 0,
                 render_mode: Optional[str] = None, options: Optional[bytes] = None):
        info = game_info(game)
        players = players or info["min_players"]
        if players not in info["spaces"]:
            raise ValueError(f"{game} is for {info['min_players']}-{info['max_players']} players")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} does not exist with {players} players")
        self.game, self.players, self.seat, self.opponents = game, players, seat, opponents
        self.options = options
        self.n, size = info["spaces"][players]
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n,), np.int8),
        })
        self.action_space = spaces.Discrete(self.n)
        self.state: Optional[Game] = None
        self._obs: Optional[Dict[str, np.ndarray]] = None

    def _opponent(self, seat: int) -> int:
        if callable(self.opponents):
            return int(self.opponents(self.state, seat))
        return self.state.bot_action(self.opponents, seat)

    def _advance(self) -> None:
        """Play the other seats until the learner has legal actions or the
        game is over (the learner acts first when several seats must)."""
        while not self.state.is_over():
            to_act = self.state.to_act()
            if self.seat in to_act:
                break
            seat = min(to_act)
            self.state.apply(self._opponent(seat), seat)
        self._obs = self.state.observation(self.seat)

    # -- Gymnasium API ---------------------------------------------------------
    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None
              ) -> Tuple[Dict[str, Any], dict]:
        super().reset(seed=seed)
        if seed is None:
            seed = secrets.randbits(63)
        self.state = Game(self.game, self.players, seed, self.options)
        self._advance()
        return self._obs, {"seed": seed}

    def step(self, action):
        action = int(action)
        if self.state is None or self.state.is_over():
            raise RuntimeError("step after the end of the game: call reset")
        if not (0 <= action < self.n and self._obs["action_mask"][action]):
            raise ValueError(f"action id {action} is not legal now")
        self.state.apply(action, self.seat)
        self._advance()
        over = self.state.is_over()
        reward = self.state.returns()[self.seat] if over else 0.0
        return self._obs, reward, over, False, {"dropped": False}

    def render(self):
        return "" if self.state is None else self.state.text(self.seat)

    def close(self):
        pass

"""A Gymnasium single-agent environment: one seat played by the learner,
every other seat by one of the server's built-in bots (`random`, `mcts`,
…). The bots move on the server; `step` returns when the learner's seat is
to act again or the game is over."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from satrap.aec import rewards_of
from satrap.client import FINISHED, Client, Seat, unpack_mask


class SingleAgentEnv(gym.Env):
    """`observation = {"observation", "action_mask"}`, `Discrete` action ids;
    reward +1 win / -1 loss / 0 draw at the end, 0 before."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "king_of_siam", players: Optional[int] = None,
                 address: str = "127.0.0.1:50051", *, opponents: str = "random",
                 seat: int = 0, render_mode: Optional[str] = None,
                 client: Optional[Client] = None):
        self.client = client or Client(address)
        self._own_client = client is None
        kind = self.client.game_type(game)
        players = players or kind.min_players
        space = next((s for s in kind.action_spaces if s.players == players), None)
        if space is None:
            raise ValueError(f"{game} is for {kind.min_players}-{kind.max_players} players")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} does not exist with {players} players")
        self.game, self.players, self.seat, self.opponents = game, players, seat, opponents
        self.n = space.num_distinct_actions
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, tuple(space.observation_shape),
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (self.n,), np.int8),
        })
        self.action_space = spaces.Discrete(self.n)
        self.game_id: Optional[str] = None
        self.token = ""
        self.snapshot = None

    def _observe(self) -> Dict[str, Any]:
        obs = self.client.legal(self.game_id, self.token, observation=True).observation
        return {"observation": np.asarray(obs.tensor, np.float32).reshape(tuple(obs.shape)),
                "action_mask": unpack_mask(obs.action_mask, self.n)}

    def _wait_for_turn(self) -> None:
        """Follow the game until this seat is to act or it is over."""
        snap = self.snapshot
        if snap.status == FINISHED or self.seat in snap.to_act:
            return
        for update in self.client.watch(self.game_id, self.token,
                                        from_version=snap.version + 1):
            self.snapshot = update.snapshot
            if update.snapshot.status == FINISHED or self.seat in update.snapshot.to_act:
                return

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None
              ) -> Tuple[Dict[str, Any], dict]:
        super().reset(seed=seed)
        seats = [Seat("learner") if i == self.seat else Seat(f"{self.opponents}-{i}",
                                                             self.opponents)
                 for i in range(self.players)]
        created = self.client.create(self.game, seats, seed=seed)
        self.game_id = created.game_id
        self.token = next(c.token for c in created.seats if c.seat == self.seat)
        self.snapshot = self.client.get(self.game_id, self.token).snapshot
        self._wait_for_turn()
        return self._observe(), {"game_id": self.game_id}

    def step(self, action):
        done = self.client.apply(self.game_id, self.token, action_id=int(action),
                                 expected_version=self.snapshot.version)
        self.snapshot = done.snapshot
        self._wait_for_turn()
        over = self.snapshot.status == FINISHED
        reward = rewards_of(self.snapshot.outcome, self.players)[self.seat] if over else 0.0
        return self._observe(), reward, over, False, {"game_id": self.game_id}

    def render(self):
        return self.snapshot.text if self.snapshot else ""

    def close(self):
        if self._own_client:
            self.client.close()

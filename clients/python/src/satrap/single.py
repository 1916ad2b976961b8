"""A Gymnasium single-agent environment: one seat played by the learner,
every other seat by one of the server's built-in bots (`random`,
`mcts-easy`, …). The bots move on the server; `step` returns when the
learner's seat has legal actions again or the game is over.

It follows the resume contract: a move always carries the version of the
listing it was chosen from; ABORTED (a bot moved first, as in Ming
Dynasty's secret choices or Territories' answers) lists again and resends
when the action is still legal; a move refused because the seat's clock ran
out (or whose turn passed) is dropped and reported in `info["dropped"]`.
"""

from __future__ import annotations

import time
from typing import Any, Dict, Optional, Tuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from satrap import errors
from satrap.aec import rewards_of
from satrap.client import FINISHED, Client, Seat, backoff, mask_allows, unpack_mask
from satrap.v1 import service_pb2 as pb

# Resends of one step's action after races (each one follows a new version).
MAX_RESENDS = 64


class SingleAgentEnv(gym.Env):
    """`observation = {"observation", "action_mask"}`, `Discrete` action ids;
    reward +1 win / -1 loss / 0 draw at the end, 0 before. `time_control`
    and `on_timeout` make games with a turn clock; `client_options` go to
    `Client` (`api_key=`, `ca_file=`, …)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "king_of_siam", players: Optional[int] = None,
                 address: str = "127.0.0.1:50051", *, opponents: str = "random",
                 seat: int = 0, render_mode: Optional[str] = None,
                 client: Optional[Client] = None,
                 time_control: Optional[pb.TimeControl] = None,
                 on_timeout: int = pb.TIMEOUT_POLICY_UNSPECIFIED, **client_options):
        self.client = client or Client(address, **client_options)
        self._own_client = client is None
        kind = self.client.game_type(game)
        players = players or kind.min_players
        space = next((s for s in kind.action_spaces if s.players == players), None)
        if space is None:
            raise ValueError(f"{game} is for {kind.min_players}-{kind.max_players} players")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} does not exist with {players} players")
        self.game, self.players, self.seat, self.opponents = game, players, seat, opponents
        self.time_control, self.on_timeout = time_control, on_timeout
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
        self.snapshot: Optional[pb.GameSnapshot] = None
        # The learner's last listing: its version is the one a move is sent at.
        self.listed: Optional[pb.ListLegalActionsResponse] = None
        # Moves resent after a race (ABORTED) since construction.
        self.resends = 0

    # -- following the game --------------------------------------------------
    def _list(self) -> pb.ListLegalActionsResponse:
        return self.client.legal(self.game_id, self.token, observation=True)

    def _advance(self) -> None:
        """Follow the game until this seat has legal actions or it is over;
        sets `listed` (and `snapshot` when it had to wait)."""
        while True:
            listed = self._list()
            if listed.actions:
                self.listed = listed
                return
            snap = self.client.get(self.game_id, self.token).snapshot
            self.snapshot = snap
            if snap.status == FINISHED:
                self.listed = listed
                return
            if snap.version > listed.version and self.seat in snap.to_act:
                continue  # it moved between the two calls: list again
            for update in self.client.watch(self.game_id, self.token,
                                            from_version=snap.version + 1):
                self.snapshot = update.snapshot
                if update.snapshot.status == FINISHED or self.seat in update.snapshot.to_act:
                    break

    def _send(self, action: int) -> bool:
        """Apply `action` for the learner; False if it was dropped because
        the seat's turn passed (its clock ran out) before it arrived."""
        failures = 0
        for _ in range(MAX_RESENDS):
            try:
                self.client.apply(self.game_id, self.token, action_id=action,
                                  expected_version=self.listed.version, lean=True)
                return True
            except (errors.Aborted, errors.FailedPrecondition) as e:
                before = self.listed.version
                listed = self._list()
                if listed.version == before and isinstance(e, errors.FailedPrecondition):
                    raise ValueError(f"action id {action} is not legal now: {e.details()}") from e
                if not (listed.actions and mask_allows(listed.observation, action)):
                    return False  # the turn passed: a timeout, or the game moved on
                self.listed = listed  # still legal on the new version: resend
                self.resends += 1
            except (errors.Unavailable, errors.DeadlineExceeded):
                failures += 1  # maybe applied: resending at the same version is safe
                if failures > 5:
                    raise
                time.sleep(backoff(failures))
        raise RuntimeError(f"action id {action} lost {MAX_RESENDS} races in a row")

    def _observation(self) -> Dict[str, Any]:
        obs = self.listed.observation
        return {"observation": np.asarray(obs.tensor, np.float32).reshape(tuple(obs.shape)),
                "action_mask": unpack_mask(obs.action_mask, self.n)}

    # -- Gymnasium API ---------------------------------------------------------
    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None
              ) -> Tuple[Dict[str, Any], dict]:
        super().reset(seed=seed)
        seats = [Seat("learner") if i == self.seat else Seat(f"{self.opponents}-{i}",
                                                             self.opponents)
                 for i in range(self.players)]
        created = self.client.create_game(self.game, seats, seed=seed,
                                          time_control=self.time_control,
                                          on_timeout=self.on_timeout)
        self.game_id = created.game_id
        self.token = next(c.token for c in created.seats if c.seat == self.seat)
        self.snapshot = created.snapshot
        self._advance()
        return self._observation(), {"game_id": self.game_id}

    def step(self, action):
        action = int(action)
        if self.listed is None or not self.listed.actions:
            raise RuntimeError("step after the end of the game: call reset")
        if not mask_allows(self.listed.observation, action):
            raise ValueError(f"action id {action} is not legal now")
        dropped = not self._send(action)
        self._advance()
        over = not self.listed.actions
        if over and (self.snapshot is None or self.snapshot.status != FINISHED):
            self.snapshot = self.client.get(self.game_id, self.token).snapshot
        reward = rewards_of(self.snapshot.outcome, self.players)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, {"game_id": self.game_id,
                                                          "dropped": dropped}

    def render(self):
        if self.game_id is None:
            return ""
        return self.client.get(self.game_id, self.token).snapshot.text

    def close(self):
        if self._own_client:
            self.client.close()

"""A PettingZoo AEC environment over a real satrap server.

Each `reset` creates a new game on the server with every seat played by
this environment; each agent (`seat_0`, …) acts with its own seat token, so
its observation is built by the server from that seat's view only. When
several seats must act at once (secret choices, hidden hands) the
environment acts for one seat of `to_act` at a time: the lowest one.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from satrap import errors
from satrap.client import FINISHED, Client, mask_allows, unpack_mask
from satrap.v1 import service_pb2 as pb


def rewards_of(outcome: pb.Outcome, players: int) -> Dict[int, float]:
    """+1 for each winner, -1 for the others; 0 for everyone in a draw."""
    if outcome.draw or not outcome.winners:
        return {s: 0.0 for s in range(players)}
    return {s: (1.0 if s in outcome.winners else -1.0) for s in range(players)}


class SatrapAEC(AECEnv):
    """`observation = {"observation": float32 tensor, "action_mask": int8}`,
    actions are the game's fixed action ids (`Discrete(num_distinct_actions)`).
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "satrap_v0",
                "is_parallelizable": False}

    def __init__(self, game: str, players: int, address: str = "127.0.0.1:50051", *,
                 render_mode: Optional[str] = None, max_steps: Optional[int] = None,
                 client: Optional[Client] = None,
                 time_control: Optional[pb.TimeControl] = None,
                 on_timeout: int = pb.TIMEOUT_POLICY_UNSPECIFIED, **client_options):
        super().__init__()
        self.client = client or Client(address, **client_options)
        self.time_control, self.on_timeout = time_control, on_timeout
        self._own_client = client is None
        kind = self.client.game_type(game)
        space = next((s for s in kind.action_spaces if s.players == players), None)
        if space is None:
            raise ValueError(f"{game} is for {kind.min_players}-{kind.max_players} players")
        self.game, self.players = game, players
        self.num_distinct_actions = space.num_distinct_actions
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        shape = tuple(space.observation_shape)
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.num_distinct_actions,),
                                      dtype=np.int8),
        })
        act_space = spaces.Discrete(self.num_distinct_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self.game_id: Optional[str] = None
        self.tokens: Dict[str, str] = {}
        self.snapshot: Optional[pb.GameSnapshot] = None
        self.steps = 0

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # -- AEC API -----------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        created = self.client.create_game(self.game,
                                          [f"seat_{i}" for i in range(self.players)],
                                          seed=seed, time_control=self.time_control,
                                          on_timeout=self.on_timeout)
        self.game_id = created.game_id
        self.tokens = {f"seat_{c.seat}": c.token for c in created.seats}
        self.snapshot = created.snapshot
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> Dict[str, Any]:
        listed = self.client.legal(self.game_id, self.tokens[agent], observation=True)
        obs = listed.observation
        return {
            "observation": np.asarray(obs.tensor, dtype=np.float32).reshape(tuple(obs.shape)),
            "action_mask": unpack_mask(obs.action_mask, self.num_distinct_actions),
        }

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        done = self._send(agent, int(action))
        self.infos[agent] = {"dropped": done is None}
        if done is None:  # the seat's turn passed (its clock ran out): follow the game
            self.snapshot = self.client.get(self.game_id).snapshot
        else:
            self.snapshot = done.snapshot
        self.steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.snapshot.status == FINISHED:
            for seat, r in rewards_of(self.snapshot.outcome, self.players).items():
                self.rewards[f"seat_{seat}"] = r
            self.terminations = {a: True for a in self.agents}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _send(self, agent: str, action: int) -> Optional[pb.ApplyActionResponse]:
        """Apply `action` for `agent` at the version this environment holds.
        None if it was dropped: with a turn clock the server may have moved
        the game (a timeout) since; the action is resent on the new version
        while it stays legal for the seat, and dropped when it is not."""
        version = self.snapshot.version
        for _ in range(64):
            try:
                return self.client.apply(self.game_id, self.tokens[agent], action_id=action,
                                         expected_version=version)
            except (errors.Aborted, errors.FailedPrecondition, errors.InvalidArgument) as e:
                listed = self.client.legal(self.game_id, self.tokens[agent], observation=True)
                if listed.version == version:
                    if isinstance(e, errors.Aborted):
                        continue
                    raise ValueError(f"{agent}: action id {action} is not legal now: "
                                     f"{e.details()}") from e
                if not (listed.actions and mask_allows(listed.observation, action)):
                    return None
                version = listed.version
        raise RuntimeError(f"{agent}: action id {action} lost 64 races in a row")

    def _select(self) -> None:
        """The next agent: the lowest seat to act; once the game is over,
        each remaining agent in turn (to be stepped with None and removed)."""
        if self.snapshot.to_act and not any(self.truncations.values()):
            self.agent_selection = f"seat_{min(self.snapshot.to_act)}"
        elif self.agents:
            self.agent_selection = self.agents[0]

    def render(self):
        text = self.snapshot.text if self.snapshot else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self._own_client:
            self.client.close()


def env(game: str = "king_of_siam", players: Optional[int] = None,
        address: str = "127.0.0.1:50051", **kwargs) -> SatrapAEC:
    """The AEC environment of `game` for `players` (default: the fewest)."""
    if players is None:
        opts = {k: kwargs[k] for k in ("api_key", "tls", "ca_file", "server_name") if k in kwargs}
        with Client(address, **opts) as c:
            players = c.game_type(game).min_players
    return SatrapAEC(game, players, address, **kwargs)

"""PettingZoo's api_test on every game and player count over the local
engines, and the single-agent Gymnasium wrapper against built-in bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from satrap_engines import aec, single
from conftest import CASES

# api_test's play test runs players × NUM_CYCLES steps at most (games not
# ended by then are cut, which api_test allows), as for the server's.
NUM_CYCLES = 300


@pytest.mark.parametrize("game,players", CASES)
def test_pettingzoo_api_test(game, players):
    env = aec.env(game=game, players=players)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "all zeros"-style hints are no failures
        api_test(env, num_cycles=NUM_CYCLES)
    env.close()


@pytest.mark.parametrize("game,players", CASES)
def test_random_agents_play_to_the_end_with_rewards(game, players):
    env = aec.env(game=game, players=players)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in env.agent_iter(max_iter=200_000):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents
    assert sorted(env._cumulative_rewards.values()) != [0.0] * players or env.state.outcome()["draw"]
    assert env.state.is_over()


def test_same_seed_same_game():
    a, b = aec.env("ming_dynasty", 3), aec.env("ming_dynasty", 3)
    a.reset(seed=8)
    b.reset(seed=8)
    assert (a.observe("seat_1")["observation"] == b.observe("seat_1")["observation"]).all()


@pytest.mark.parametrize("game,players,opponents", [("king_of_siam", 2, "mcts-easy"),
                                                    ("ming_dynasty", 3, "random"),
                                                    ("territories", 2, "random")])
def test_single_agent_plays_to_the_end(game, players, opponents):
    env = single.SingleAgentEnv(game, players, opponents=opponents, seat=1)
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done, reward = False, 0.0
    while not done:
        obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert reward in (-1.0, 0.0, 1.0)
    assert reward == env.state.returns()[1]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_single_agent_observations_fit_its_spaces_and_illegal_ids_are_refused():
    env = single.SingleAgentEnv("king_of_siam", 3, opponents=lambda g, s: g.legal_action_ids(s)[0])
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    first = int(np.flatnonzero(obs["action_mask"])[0])
    assert env.step(first)[0]["observation"].shape == env.observation_space["observation"].shape
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)

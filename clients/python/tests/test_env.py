"""PettingZoo's own api_test on every game and player count, against the
real server; plus the single-agent Gymnasium wrapper."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import satrap
from satrap.v1 import service_pb2 as pb

# (game, players): the four games and every player count they allow.
CASES = [(g, n) for g, lo, hi in [("alexandros", 2, 4), ("king_of_siam", 2, 4),
                                    ("ming_dynasty", 2, 4), ("territories", 2, 2)]
         for n in range(lo, hi + 1)]
# api_test's play test runs players × NUM_CYCLES steps at most (games that
# have not ended by then are cut, which api_test allows): a bounded run.
NUM_CYCLES = 300


def test_cases_cover_every_game_the_server_hosts(game_counts):
    assert sorted(game_counts) == sorted(CASES)


@pytest.mark.parametrize("game,players", CASES)
def test_pettingzoo_api_test(address, game, players):
    env = satrap.env(game=game, players=players, address=address)
    with warnings.catch_warnings():
        # "Observation numpy array is all zeros"-style hints are not failures.
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=NUM_CYCLES)
    env.close()


@pytest.mark.parametrize("game,players", CASES)
def test_random_agents_play_to_the_end_with_rewards(address, game, players):
    env = satrap.env(game=game, players=players, address=address)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(200_000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0, f"{agent} is to act but has no legal id"
        assert obs["observation"].shape == env.observation_space(agent)["observation"].shape
        env.step(int(rng.choice(legal)))
    assert not env.agents, "the game ended and every agent was removed"
    outcome = env.snapshot.outcome
    if outcome.draw:
        assert all(v == 0 for v in totals.values())
    else:
        assert sorted(totals.values())[-1] == 1.0
        assert {a for a, v in totals.items() if v == 1.0} == {
            f"seat_{s}" for s in outcome.winners}
    env.close()


def test_an_illegal_id_is_refused(address):
    env = satrap.env(game="king_of_siam", players=2, address=address)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    env.close()


def test_each_seat_observes_only_its_own_hand(address):
    """Alexandros hands are private: two seats' tensors differ in the hand
    slice, and a seat's tensor does not change when it is another's."""
    env = satrap.env(game="alexandros", players=2, address=address)
    env.reset(seed=3)
    a = env.observe("seat_0")["observation"]
    b = env.observe("seat_1")["observation"]
    assert a[0] == 1.0 and b[1] == 1.0  # the viewer slice
    assert not np.array_equal(a[2:], b[2:])
    env.close()


SEEDS = [1, 2, 3]


def _play_single(env, seed, *, sleep_every=0, sleep=0.0):
    """Random legal ids until the end; returns (reward, drops, steps)."""
    import time

    obs, info = env.reset(seed=seed)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(seed)
    drops = steps = 0
    for _ in range(100_000):
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0, "step returned a turn with no legal action"
        if sleep_every and steps % sleep_every == sleep_every - 1:
            time.sleep(sleep)
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        drops += info["dropped"]
        if terminated:
            assert reward in (-1.0, 0.0, 1.0)
            assert env.snapshot.status == satrap.FINISHED
            winners = set(env.snapshot.outcome.winners)
            assert reward == (0.0 if env.snapshot.outcome.draw or not winners
                              else 1.0 if env.seat in winners else -1.0)
            return reward, drops, steps
        assert reward == 0.0
    pytest.fail("the game did not end")


@pytest.mark.parametrize("game,players", CASES)
def test_single_agent_against_mcts_easy_on_several_seeds(address, game, players):
    """Every game and player count, the learner on a different seat for
    each seed, against the server's mcts-easy bots: in simultaneous phases
    (Ming Dynasty's secret choices, Territories' answers) a bot often moves
    between the learner's listing and its move (ABORTED), which the
    environment resends at the new version."""
    resends = 0
    for seed in SEEDS:
        env = satrap.SingleAgentEnv(game, players, address, opponents="mcts-easy",
                                    seat=seed % players)
        _, drops, _ = _play_single(env, seed)
        assert drops == 0, "without a clock no move is ever dropped"
        resends += env.resends
        env.close()
    print(f"{game} {players}p: {resends} moves resent after ABORTED")


@pytest.mark.parametrize("game,players", [("ming_dynasty", 3), ("territories", 2),
                                          ("king_of_siam", 2), ("alexandros", 2)])
def test_single_agent_with_a_clock_that_runs_out(address, game, players):
    """A 150 ms clock (the built-in random bot moves for a late seat): the
    learner sleeps 0.3 s before every 7th move, so its clock runs out and
    its move arrives late; the move is dropped or resent and the game goes
    on to the end, the timeouts in its history."""
    env = satrap.SingleAgentEnv(game, players, address, opponents="mcts-easy", seat=0,
                                time_control=satrap.time_control(per_move_ms=150))
    _play_single(env, 5, sleep_every=7, sleep=0.3)
    entries = env.client.get_history(env.game_id).entries
    assert any(e.seat == 0 and e.timeout != pb.TIMEOUT_POLICY_UNSPECIFIED for e in entries)
    env.close()


@pytest.mark.parametrize("game,players", [("ming_dynasty", 3), ("territories", 2)])
def test_aec_env_with_a_clock_that_runs_out(address, game, players):
    """The AEC environment with a 150 ms clock: the agents sleep 0.3 s
    before every 11th step; the environment follows the timeouts (an action
    the clock overtook is dropped or resent) and plays to the end."""
    import time

    env = satrap.env(game=game, players=players, address=address,
                     time_control=satrap.time_control(per_move_ms=150))
    env.reset(seed=9)
    rng = np.random.default_rng(9)
    steps = 0
    for agent in env.agent_iter(200_000):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        steps += 1
        if steps % 11 == 0:
            time.sleep(0.3)
        # A clock may have moved the game since this agent was selected:
        # any id is then dropped by step, so 0 stands in.
        env.step(int(rng.choice(legal)) if legal.size else 0)
    assert not env.agents
    assert env.snapshot.status == satrap.FINISHED
    entries = env.client.get_history(env.game_id).entries
    assert any(e.timeout != pb.TIMEOUT_POLICY_UNSPECIFIED for e in entries)
    env.close()


@pytest.mark.parametrize("game,players", [("king_of_siam", 3), ("territories", 2)])
def test_single_agent_wrapper_against_built_in_bots(address, game, players):
    env = satrap.SingleAgentEnv(game, players, address, opponents="random", seat=1)
    obs, info = env.reset(seed=11)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    for _ in range(100_000):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated:
            assert reward in (-1.0, 0.0, 1.0)
            break
    else:
        pytest.fail("the game did not end")
    env.close()

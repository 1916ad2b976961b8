"""The local engine's own API: typed errors, save and replay, clones,
resampled worlds, the built-in bots."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

import satrap_engines as se
from conftest import CASES


def play(game: se.Game, steps: int, seed: int = 0) -> se.Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_action_ids()))
    return game


def test_games_describe_every_case_with_its_sizes():
    cases = [(g["id"], n) for g in se.games() for n in g["spaces"]]
    assert sorted(cases) == sorted(CASES)
    for game, players in CASES:
        actions, size = se.game_info(game)["spaces"][players]
        g = se.Game(game, players, 1)
        obs = g.observation(g.current_player())
        assert obs["observation"].shape == (size,) and obs["observation"].dtype == np.float32
        assert obs["action_mask"].shape == (actions,) and obs["action_mask"].dtype == np.int8
        assert g.num_distinct_actions == actions and g.observation_size == size
        assert sorted(np.flatnonzero(obs["action_mask"])) == g.legal_action_ids()


def test_errors_are_typed_and_say_what_is_wrong():
    with pytest.raises(se.UnknownGameError, match="chess"):
        se.Game("chess", 2)
    with pytest.raises(se.SetupError, match="3"):
        se.Game("territories", 3)
    with pytest.raises(se.SetupError, match="GameOptions"):
        se.Game("king_of_siam", 2, 1, b"\xff\xff")
    g = se.Game("king_of_siam", 2, 3)
    with pytest.raises(se.InvalidActionError, match="out of range"):
        g.apply(10**6)
    with pytest.raises(se.InvalidActionError, match="out of range"):
        g.apply(-1)
    with pytest.raises(se.InvalidActionError, match="cannot parse"):
        g.apply("no such move")
    with pytest.raises(se.InvalidActionError, match="seat 5"):
        g.observation(5)
    illegal = next(i for i in range(g.num_distinct_actions) if i not in g.legal_action_ids())
    with pytest.raises(se.IllegalActionError, match=f"action id {illegal}"):
        g.apply(illegal)
    assert g.version == 0  # nothing changed
    assert issubclass(se.IllegalActionError, se.SatrapEngineError)
    assert issubclass(se.SatrapEngineError, ValueError)
    with pytest.raises(se.StateError, match="not a saved game"):
        se.Game.deserialize("{")


@pytest.mark.parametrize("game,players", CASES)
def test_serialize_replays_and_pickle_and_clone_are_independent(game, players):
    g = play(se.Game(game, players, 11), 60, seed=players)
    text = g.serialize()
    back = se.Game.deserialize(text)
    assert back.history() == g.history() and back.version == g.version
    for seat in range(players):
        assert back.observation_proto(seat) == g.observation_proto(seat)
    assert pickle.loads(pickle.dumps(g)).serialize() == text
    twin = g.clone()
    deep = copy.deepcopy(g)
    if not g.is_over():
        g.apply(g.legal_action_ids()[0])
        assert twin.version == deep.version == g.version - 1
        assert twin.serialize() == text


def test_a_log_that_does_not_replay_is_refused():
    g = play(se.Game("ming_dynasty", 3, 2), 5)
    saved = json.loads(g.serialize())
    fresh = se.Game("ming_dynasty", 3, 2)
    saved["actions"][0][1] = next(i for i in range(fresh.num_distinct_actions)
                                  if i not in fresh.legal_action_ids())
    with pytest.raises(se.StateError, match="action 0 of the saved log"):
        se.Game.deserialize(json.dumps(saved))
    saved["format"] = "satrap-engines/0"
    with pytest.raises(se.StateError, match="format"):
        se.Game.deserialize(json.dumps(saved))


@pytest.mark.parametrize("game,players", [("ming_dynasty", 3), ("territories", 2),
                                          ("alexandros", 2)])
def test_resample_keeps_the_seats_view_and_cannot_be_saved(game, players):
    g = play(se.Game(game, players, 5), 30)
    seat = g.current_player()
    worlds = [g.resample(seat, s) for s in range(8)]
    for w in worlds:
        assert w.resampled and w.version == g.version
        assert w.legal_actions(seat) == g.legal_actions(seat)
        with pytest.raises(se.StateError, match="resampled"):
            w.serialize()
    # A world plays on like any game.
    play(worlds[0], 20)


def test_bots_pick_legal_actions_and_unknown_bots_are_refused():
    g = se.Game("king_of_siam", 2, 9)
    for bot in ["random", "mcts-easy"]:
        assert g.bot_action(bot) in g.legal_action_ids()
    assert g.bot_action("random", seed=4) == g.bot_action("random", seed=4)
    with pytest.raises(se.SetupError, match="no bot \"alphazero\" for territories"):
        se.Game("territories", 2, 1).bot_action("alphazero")


def test_uncapped_bots_depend_on_the_seed_only_and_say_their_budget():
    g = play(se.Game("ming_dynasty", 2, 3), 10)
    first = g.bot_action("mcts-easy", seed=11, time_cap_ms=0)
    assert first in g.legal_action_ids()
    assert all(g.bot_action("mcts-easy", seed=11, time_cap_ms=0) == first for _ in range(3))
    # The levels scale the game's own budget (mcts-easy 1/5 of mcts).
    assert g.bot_iterations("mcts") == 5 * g.bot_iterations("mcts-easy") > 0
    assert g.bot_iterations("random") is None
    assert se.Game("king_of_siam", 2, 1).bot_iterations("montecarlo") == 240
    with pytest.raises(se.SetupError, match="no bot \"alphazero\""):
        g.bot_iterations("alphazero")


@pytest.mark.parametrize("game,players", CASES)
def test_a_rollout_plays_a_copy_to_the_end(game, players):
    g = play(se.Game(game, players, 2), 15)
    before = g.serialize()
    results = g.rollout(7)
    assert g.serialize() == before
    assert len(results) == players and results == g.rollout(7)
    # Someone wins (or all draw): at least one seat above the losers' -1.
    assert all(-1.0 <= r <= 1.2 for r in results) and max(results) > -1.0

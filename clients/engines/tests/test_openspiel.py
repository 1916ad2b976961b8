"""OpenSpiel's own checks on every game and player count: the random
simulation test with serialisation (pyspiel.random_sim_test) and the
game's description."""

from __future__ import annotations

import pickle

import pyspiel
import pytest

import satrap_engines.openspiel  # noqa: F401  (registers the games)
from conftest import CASES


@pytest.mark.parametrize("game,players", CASES)
def test_random_sim_test_with_serialization(game, players):
    g = pyspiel.load_game(f"satrap_{game}", {"players": players})
    assert g.num_players() == players
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


def test_the_games_are_registered_and_described():
    names = set(pyspiel.registered_names())
    for game in {g for g, _ in CASES}:
        assert f"satrap_{game}" in names
    g = pyspiel.load_game("satrap_ming_dynasty(players=3,num_seeds=4)")
    state = g.new_initial_state()
    assert state.is_chance_node()
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    state.apply_action(2)
    assert state.current_player() in range(3)
    assert g.observation_tensor_shape() == [len(state.observation_tensor(0))]
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
    assert str(again[1]) == str(state)
    assert str(pickle.loads(pickle.dumps(g))) == str(g)


def test_a_player_count_out_of_range_is_refused():
    with pytest.raises(Exception, match="2-2 players"):
        pyspiel.load_game("satrap_territories", {"players": 3})

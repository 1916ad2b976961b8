"""clients/engines/baselines.py: the outside searches pick legal moves
within their budgets, and a short match is played and tallied."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import pyspiel
import pytest

import satrap_engines as se

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import baselines  # noqa: E402


def position(game: str, players: int, steps: int) -> se.Game:
    g = se.Game(game, players, 4)
    rng = random.Random(4)
    for _ in range(steps):
        g.apply(rng.choice(g.legal_action_ids()))
    return g


@pytest.mark.parametrize("kind", baselines.OUTSIDE)
@pytest.mark.parametrize("game,players", [("ming_dynasty", 3), ("king_of_siam", 2)])
def test_outside_searches_pick_legal_moves_within_their_simulations(kind, game, players):
    g = position(game, players, 6)
    spiel = pyspiel.load_game(f"satrap_{game}", {"players": players})
    seat = g.current_player()
    # Seeds as large as the script's own (deal seeds times 31) are fine.
    outside = baselines.Outside(kind, spiel, seed=9001 * 1_000_003 * 31, worlds=4)
    before = g.serialize()
    action = outside.choose(g, seat, simulations=24, seconds=None)
    assert action in g.legal_action_ids(seat)
    assert g.serialize() == before  # searched on copies
    if len(g.legal_action_ids(seat)) > 1:
        # ISMCTS runs exactly the count; dmcts splits it over its worlds.
        assert outside.simulations == [24]
        # The smallest budget still chooses (dmcts: two per world).
        assert outside.choose(g, seat, simulations=1, seconds=None) in g.legal_action_ids(seat)


def test_a_time_budget_bounds_the_search(monkeypatch):
    # A clock that moves 10 ms each time the search reads it (once a
    # simulation): the budget alone decides the count, not the machine's
    # load (a wall clock on a busy CI machine once gave 0.3 s fewer
    # simulations than 0.05 s).
    ticks = itertools.count()
    monkeypatch.setattr(baselines.Deadline, "clock", staticmethod(lambda: next(ticks) * 0.01))
    g = position("ming_dynasty", 2, 6)
    spiel = pyspiel.load_game("satrap_ming_dynasty", {"players": 2})
    outside = baselines.Outside("ismcts", spiel, seed=2, worlds=1)
    outside.choose(g, g.current_player(), simulations=None, seconds=0.05)
    few = outside.simulations[-1]
    outside.choose(g, g.current_player(), simulations=None, seconds=0.3)
    many = outside.simulations[-1]
    assert 2 <= few <= 8 and 28 <= many <= 34


def test_wilson_matches_the_arena():
    # The arena's interval for 137 of 200 (docs/bots.md): [61.8, 74.5].
    low, high = baselines.wilson(137, 200)
    assert (round(100 * low, 1), round(100 * high, 1)) == (61.8, 74.5)
    assert baselines.wilson(0, 0) == (0.0, 1.0)


def test_a_match_rotates_the_seats_and_credits_the_entries():
    # Three entries: game i seats entry (s + i) % 3 at seat s; each
    # entry's decisions and wins are credited to it whatever its seat.
    args = baselines.argparse.Namespace(game="ming_dynasty", seed=3, equal="simulations",
                                        time_ms=200, worlds=2, max_moves=50_000)
    spiel = pyspiel.load_game("satrap_ming_dynasty", {"players": 3})
    entries = ["random", "dmcts", "random"]
    for rotation in range(3):
        winners, times, sims, unfinished = baselines.play(args, spiel, entries, 0, rotation)
        assert not unfinished and winners
        assert set(sims) == {1}  # the outside search is entry 1 in every seating
        assert all(times[e] for e in range(3))


def test_a_side_wins_a_game_once_however_many_of_its_seats_win():
    entries = ["mcts-hard", "ismcts", "mcts-hard", "ismcts"]
    assert baselines.sides_won(entries, [0, 2]) == {"mcts-hard"}
    assert baselines.sides_won(entries, [2, 3]) == {"mcts-hard", "ismcts"}
    assert baselines.sides_won(entries, []) == set()
    # A bot on one seat only is an entry, not a side.
    assert baselines.sides_won(["mcts-hard", "ismcts", "ismcts"], [0, 1]) == {"ismcts"}

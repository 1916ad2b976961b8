"""Observation arrays: read-only, and Territories' wide masks written
again only once nobody holds them (crates/engines-py/src/mask.rs), so a
mask the caller keeps never changes under it."""

from __future__ import annotations

import random

import numpy as np
import pytest

import satrap_engines as se
from conftest import CASES


def data_address(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


def legal(game: se.Game, seat: int) -> list[int]:
    return game.legal_action_ids(seat)


@pytest.mark.parametrize("game,players", CASES)
def test_observations_are_read_only(game, players):
    g = se.Game(game, players, 3)
    obs = g.observation(g.current_player())
    for array in obs.values():
        with pytest.raises(ValueError):
            array[0] = 1


def test_a_dropped_wide_mask_is_written_again_with_only_the_legal_ids():
    g = se.Game("territories", 2, 11)
    rng = random.Random(11)
    addresses = set()
    steps = 0
    while not g.is_over() and steps < 400:
        seat = g.current_player()
        mask = g.observation(seat)["action_mask"]
        addresses.add(data_address(mask))
        ids = legal(g, seat)
        assert np.flatnonzero(mask).tolist() == ids
        del mask
        g.apply(rng.choice(ids), seat)
        steps += 1
    assert steps > 100
    # The masks were reused: a handful of arrays for hundreds of steps.
    assert len(addresses) <= 2


def test_masks_the_caller_keeps_never_change():
    g = se.Game("territories", 2, 12)
    rng = random.Random(12)
    kept = []
    while not g.is_over() and len(kept) < 150:
        seat = g.current_player()
        obs = g.observation(seat)
        ids = legal(g, seat)
        kept.append((obs, ids))
        g.apply(rng.choice(ids), seat)
    # Every kept mask still shows its own step's legal ids, and none is
    # another's array.
    for obs, ids in kept:
        assert np.flatnonzero(obs["action_mask"]).tolist() == ids
    assert len({data_address(obs["action_mask"]) for obs, _ in kept}) == len(kept)


def test_views_and_spectators_keep_their_mask_alive():
    g = se.Game("territories", 2, 13)
    rng = random.Random(13)
    seat = g.current_player()
    view = g.observation(seat)["action_mask"][:]  # a view holds its base
    before = view.copy()
    for _ in range(20):
        seat = g.current_player()
        assert np.flatnonzero(g.observation(seat)["action_mask"]).tolist() == legal(g, seat)
        assert not g.observation(None)["action_mask"].any()  # a spectator's is all zero
        g.apply(rng.choice(legal(g, seat)), seat)
    assert (view == before).all()


def test_a_mask_made_writable_again_is_not_reused():
    g = se.Game("territories", 2, 14)
    seat = g.current_player()
    mask = g.observation(seat)["action_mask"]
    mask.flags.writeable = True  # its holder owns it now
    stray = int(np.flatnonzero(mask == 0)[0])
    mask[stray] = 1
    del mask
    again = g.observation(seat)["action_mask"]
    assert np.flatnonzero(again).tolist() == legal(g, seat)
    assert not again.flags.writeable
    del again
    # The pool let the writable array go: whatever comes next is correct.
    assert np.flatnonzero(g.observation(seat)["action_mask"]).tolist() == legal(g, seat)

"""The local engines and the service agree: the same seed and the same
actions give, at every step, the same seats to act, the same legal actions
(ids and notation) and byte-for-byte the same observation (tensor, packed
mask, version) for every seat, against the real server binary."""

from __future__ import annotations

import random

import pytest

import satrap
from satrap.v1 import service_pb2 as pb

import satrap_engines as se
from conftest import CASES

# Steps compared per case (whole games for the short ones).
STEPS = 150


def test_cases_cover_every_game_the_server_hosts(address):
    with satrap.Client(address) as c:
        hosted = [(t.id, n) for t in c.game_types()
                  for n in range(t.min_players, t.max_players + 1)]
    assert sorted(hosted) == sorted(CASES)
    assert sorted(g["id"] for g in se.games()) == sorted({g for g, _ in CASES})


@pytest.mark.parametrize("game,players", CASES)
def test_same_trajectory_locally_and_through_grpc(address, game, players):
    seed = 1000 + players
    rng = random.Random(seed)
    local = se.Game(game, players, seed)
    with satrap.Client(address) as c:
        created = c.create_game(game, [f"p{i}" for i in range(players)], seed=seed)
        gid = created.game_id
        tokens = {s.seat: s.token for s in created.seats}
        for step in range(STEPS):
            snap = c.get(gid).snapshot
            assert list(snap.to_act) == local.to_act(), (game, step)
            for seat in range(players):
                listed = c.legal(gid, tokens[seat], observation=True)
                served = [(a.action_id, a.notation) for a in listed.actions]
                assert served == local.legal_actions(seat), (game, step, seat)
                mine = pb.Observation.FromString(local.observation_proto(seat))
                assert listed.observation == mine, (game, step, seat)
            if local.is_over():
                assert snap.status == satrap.FINISHED
                assert list(snap.outcome.winners) == local.outcome()["winners"]
                break
            seat = local.current_player()
            action_id, notation = rng.choice(local.legal_actions(seat))
            # By notation locally, by id through the service: both name one action.
            assert local.apply(notation, seat) == notation
            c.apply(gid, tokens[seat], action_id=action_id, expected_version=step)
            assert local.history()[-1] == (seat, action_id)

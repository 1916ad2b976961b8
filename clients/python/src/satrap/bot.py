"""The `Bot` base class: one method to write, a loop that plays a seat to
the end (following the resume contract) already written."""

from __future__ import annotations

import random
from typing import Optional, Sequence, Union

import grpc

from satrap.client import FINISHED, Client, Seat, SeatHandle
from satrap.v1 import service_pb2 as pb

Choice = Union[pb.LegalAction, int, str]


class Bot:
    """Subclass and implement `choose`; `play(seat)` does the rest."""

    def choose(self, snapshot: pb.GameSnapshot,
               legal: Sequence[pb.LegalAction]) -> Choice:
        """Pick one of `legal` (never empty) given the game as this seat sees
        it. Return the LegalAction itself, its index in `legal`, or its
        notation."""
        raise NotImplementedError

    def play(self, seat: SeatHandle, *, stream_timeout: Optional[float] = None
             ) -> pb.GameSnapshot:
        """Play `seat` until the game is finished; returns the final snapshot.

        Follows the game on WatchGame (resumed after drops) and acts whenever
        an update lists this seat in `to_act`. A move that loses a race
        (ABORTED: another seat moved first) is dropped: the next update
        brings the new state and a new choice."""
        first = seat.snapshot()
        for update in seat.watch(from_version=first.version, stream_timeout=stream_timeout):
            snap = update.snapshot
            if snap.status == FINISHED:
                return snap
            if seat.seat not in snap.to_act:
                continue
            listed = seat.legal()
            if listed.version != snap.version or not listed.actions:
                continue  # a newer update is on its way
            pick = self.choose(snap, list(listed.actions))
            action = _resolve(pick, listed.actions)
            try:
                seat.apply(action_id=action.action_id, expected_version=listed.version)
            except grpc.RpcError as e:
                if e.code() not in (grpc.StatusCode.ABORTED,
                                    grpc.StatusCode.FAILED_PRECONDITION):
                    raise
        return seat.snapshot()


def _resolve(pick: Choice, legal: Sequence[pb.LegalAction]) -> pb.LegalAction:
    if isinstance(pick, pb.LegalAction):
        return pick
    if isinstance(pick, int):
        return legal[pick]
    for a in legal:
        if a.notation.lower() == str(pick).lower():
            return a
    raise ValueError(f"{pick!r} is not one of the legal actions")


class RandomBot(Bot):
    """Uniformly random legal actions (seeded for repeatable games)."""

    def __init__(self, seed: Optional[int] = None):
        self.rng = random.Random(seed)

    def choose(self, snapshot, legal):
        return self.rng.randrange(len(legal))


def play(game: str, *, bot: Optional[Bot] = None, players: Optional[int] = None,
         opponents: str = "random", address: str = "127.0.0.1:50051",
         seed: Optional[int] = None) -> pb.GameSnapshot:
    """Play seat 0 of a new game with `bot` (default: random) against the
    server's built-in `opponents` bots; returns the final snapshot."""
    with Client(address) as client:
        n = players or client.game_type(game).min_players
        created = client.create(
            game, [Seat("you")] + [Seat(f"{opponents}-{i}", opponents) for i in range(1, n)],
            seed=seed)
        seat = client.join(created.game_id, created.seats[0].token)
        return (bot or RandomBot(seed)).play(seat)

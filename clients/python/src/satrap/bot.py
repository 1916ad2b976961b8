"""The `Bot` base class: one method to write, a loop that plays a seat to
the end (following the resume contract) already written."""

from __future__ import annotations

import random
import time
from typing import Optional, Sequence, Union

from satrap import errors
from satrap.client import FINISHED, Client, Seat, SeatHandle, backoff
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

    def play(self, seat: SeatHandle, *, stream_timeout: Optional[float] = None,
             start_timeout: Optional[float] = None) -> pb.GameSnapshot:
        """Play `seat` until the game is finished; returns the final snapshot.

        Waits for a lobby game to start (`wait_for_start`: GetGame, then
        WatchGame, which tells the start as it happens; `start_timeout`
        seconds at most, default no limit), then follows the game on
        WatchGame, resumed after dropped streams, and acts whenever an
        update lists this seat in `to_act`. A move that loses a race
        (ABORTED: another seat moved first) or a clock (FAILED_PRECONDITION
        after the seat's deadline) is dropped: the next update brings the
        new state and a new choice. A move cut short by UNAVAILABLE or a
        deadline is resent with the same expected version, which is safe."""
        first = seat.wait_for_start(timeout=start_timeout, stream_timeout=stream_timeout)
        if first.status == FINISHED:
            return first
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
            submit(seat, action.action_id, listed.version)
        return seat.snapshot()


def submit(seat: SeatHandle, action_id: int, version: int, *, retries: int = 5) -> bool:
    """Send one move at `version` following the resume contract: True if it
    was applied, False if it lost a race (ABORTED) or its seat's clock
    (FAILED_PRECONDITION: the rules or the clock refuse it now). UNAVAILABLE
    and DEADLINE_EXCEEDED are retried with the same expected version: if
    the first send was applied, the resend gets ABORTED."""
    failures = 0
    while True:
        try:
            seat.apply(action_id=action_id, expected_version=version, lean=True)
            return True
        except (errors.Aborted, errors.FailedPrecondition):
            return False
        except (errors.Unavailable, errors.DeadlineExceeded):
            failures += 1
            if failures > retries:
                raise
            time.sleep(backoff(failures))


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
         seed: Optional[int] = None, **client_options) -> pb.GameSnapshot:
    """Play seat 0 of a new game with `bot` (default: random) against the
    server's built-in `opponents` bots; returns the final snapshot.
    `client_options` go to `Client` (`api_key=`, `ca_file=`, `tls=`, …)."""
    with Client(address, **client_options) as client:
        n = players or client.game_type(game).min_players
        created = client.create(
            game, [Seat("you")] + [Seat(f"{opponents}-{i}", opponents) for i in range(1, n)],
            seed=seed)
        seat = client.seat(created.game_id, created.seats[0].token)
        return (bot or RandomBot(seed)).play(seat)

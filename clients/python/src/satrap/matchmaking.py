"""Matchmaking: queue with FindMatch until the player is matched, and get
the seat back as a handle that `Bot.play` plays like any other.

    seat = client.match("king_of_siam", 2, rated=True, bot_fill_after_seconds=5)
    final = satrap.RandomBot().play(seat)
"""

from __future__ import annotations

import time
from typing import Callable, Optional

import grpc

from satrap import errors
from satrap.client import Client, SeatHandle, backoff
from satrap.v1 import service_pb2 as pb

# A queue stream cut by the connection (a gateway's reset arrives as
# UNKNOWN): the player queues again. Anything else is the server's answer.
REQUEUE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.UNKNOWN)


class MatchedSeat(SeatHandle):
    """The seat a match gave this player: a `SeatHandle` (so `Bot.play`
    plays it) that also keeps what FindMatch said about the game."""

    def __init__(self, client: Client, found: pb.MatchFound):
        super().__init__(client, found.game_id, found.seat.token, found.seat.seat)
        self.found = found

    @property
    def rated(self) -> bool:
        """The game is rated: its end updates the players' ratings."""
        return self.found.rated

    @property
    def player_id(self) -> str:
        """Who this seat plays as, as ratings name the player ("NAME" for
        a `player` key, "KEY/ID" for a creator key's user)."""
        seats = self.found.snapshot.seats
        return seats[self.seat].player_id if self.seat < len(seats) else ""

    def opponents(self) -> list:
        """The other seats of the game as matched (SeatInfo: name, bot,
        player_id)."""
        return [s for s in self.found.snapshot.seats if s.seat != self.seat]

    def __repr__(self) -> str:
        kind = "rated" if self.rated else "casual"
        return f"MatchedSeat(game={self.game_id!r}, seat={self.seat}, {kind})"


def match(client: Client, game_type: str, players: int, *, rated: bool = False,
          timeout: Optional[float] = None,
          on_queued: Optional[Callable[[pb.MatchQueued], None]] = None,
          max_retries: int = 5, **request) -> MatchedSeat:
    """Queue for a `players`-player game of `game_type` until matched; the
    player's seat, ready to play.

    `request`: the other FindMatchRequest fields (`name`, `player_id`,
    `time_control`, `bot_fill_after_seconds`, `bot`). `on_queued` is called
    with each MatchQueued (place in the queue, players waiting, the rating
    window). `timeout`: seconds to wait in the queue at most (None: as long
    as it takes), then DeadlineExceeded.

    A queue stream the connection cut (UNAVAILABLE) is opened again, at
    most `max_retries` times in a row: a player's new request replaces its
    waiting one on the server, on any replica, so it is queued once. A
    stream that a newer request of the same player replaced ends with
    ABORTED, which is raised (the newer request holds the player's place).
    (ALREADY_EXISTS right after a cut is retried too, for servers that
    refused a second request.) A match made just as the connection failed
    cannot be recovered here (its MatchFound, with the seat's token, never
    arrived): the server resigns that seat, or aborts the game if its
    replica died before delivering it."""
    deadline = None if timeout is None else time.monotonic() + timeout

    def left() -> Optional[float]:
        if deadline is None:
            return None
        rest = deadline - time.monotonic()
        if rest <= 0:
            raise errors.DeadlineExceeded(grpc.StatusCode.DEADLINE_EXCEEDED,
                                          f"no match in {timeout} s")
        return rest

    failures = 0
    while True:
        last: Optional[errors.SatrapError] = None
        try:
            for update in client.find_match(game_type, players, rated=rated, timeout=left(),
                                            **request):
                kind = update.WhichOneof("update")
                if kind == "found":
                    return MatchedSeat(client, update.found)
                if kind == "queued":
                    failures = 0
                    if on_queued is not None:
                        on_queued(update.queued)
            # The stream ended with no match (the server shut down): queue again.
        except errors.SatrapError as e:
            after_cut = failures > 0 and e.code() == grpc.StatusCode.ALREADY_EXISTS
            if e.code() not in REQUEUE and not after_cut:
                raise
            last = e
        failures += 1
        if failures > max_retries:
            if last is not None:
                raise last
            raise errors.Unavailable(grpc.StatusCode.UNAVAILABLE,
                                     f"FindMatch ended {failures} times in a row with no match")
        pause = backoff(failures)
        rest = left()
        time.sleep(pause if rest is None else min(pause, rest))


__all__ = ["MatchedSeat", "match", "REQUEUE"]

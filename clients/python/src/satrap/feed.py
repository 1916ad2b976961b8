"""Reading what happens to games: the WatchEvents feed followed across
dropped streams, and the leaderboard page after page."""

from __future__ import annotations

import time
from typing import Iterator, Optional

import grpc

from satrap import errors
from satrap.client import RESUMABLE, Client, backoff
from satrap.v1 import service_pb2 as pb


def event_kind(event: pb.FeedEvent) -> str:
    """"created", "started", "finished", "aborted" or "deleted" ("" for a
    kind this client does not know yet)."""
    return event.WhichOneof("event") or ""


def watch_events(client: Client, after_sequence: int = 0, *,
                 stream_timeout: Optional[float] = None,
                 max_retries: Optional[int] = None) -> Iterator[pb.FeedEvent]:
    """Every event after `after_sequence` (0: from the oldest the server
    keeps), once each and in order, then new ones as they happen, for as
    long as the caller reads.

    A stream that drops (UNAVAILABLE, a reset, the server restarting) or
    ends is reopened after the last sequence delivered, so no event is
    missed; an event the server sends again is skipped, so none comes
    twice. Keep the last `sequence` you handled to go on from there in a
    later run. `stream_timeout` cuts each stream after that many seconds
    (a planned cut: reopened at once). `max_retries`: failures in a row
    before the last error is raised (None: retry for ever, at most 2 s
    apart). Other errors (UNAUTHENTICATED, PERMISSION_DENIED: the key may
    not read the feed) are raised at once."""
    last = after_sequence
    failures = 0
    while True:
        error: Optional[errors.SatrapError] = None
        try:
            for event in client.watch_events_stream(last, timeout=stream_timeout):
                failures = 0
                if event.sequence <= last:
                    continue  # already delivered before the stream was reopened
                last = event.sequence
                yield event
            # The server ended the stream (it shuts down): reopen it.
        except errors.SatrapError as e:
            if e.code() not in RESUMABLE:
                raise
            if stream_timeout is not None and e.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                continue  # our own cut, not a failure
            error = e
        failures += 1
        if max_retries is not None and failures > max_retries:
            if error is not None:
                raise error
            raise errors.Unavailable(grpc.StatusCode.UNAVAILABLE,
                                     f"WatchEvents ended {failures} times in a row")
        time.sleep(backoff(failures))


def leaderboard(client: Client, game_type: str, *, page_size: int = 100
                ) -> Iterator[pb.PlayerRating]:
    """Every rated player of `game_type`, best first, reading one page of
    `page_size` at a time as the caller goes on."""
    token = ""
    seen = set()
    while True:
        page = client.list_leaderboard(game_type, page_size=page_size, page_token=token)
        yield from page.ratings
        token = page.next_page_token
        if not token:
            return
        if token in seen:
            raise RuntimeError(f"ListLeaderboard returned page token {token[:64]!r} twice")
        seen.add(token)


__all__ = ["watch_events", "leaderboard", "event_kind"]

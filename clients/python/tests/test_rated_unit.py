"""The rated-play helpers against a scripted stand-in for the server's
stub (no server): the feed resumed after the last sequence seen, the
matchmaking queue opened again after a cut, the leaderboard's pages, and
player ids and `rated` in the requests."""

from __future__ import annotations

import itertools
import time

import grpc
import pytest

import satrap
from satrap import errors
from satrap.v1 import service_pb2 as pb


class FakeRpcError(grpc.RpcError):
    def __init__(self, code: grpc.StatusCode, details: str = ""):
        super().__init__(details)
        self._code, self._details = code, details

    def code(self):
        return self._code

    def details(self):
        return self._details


class FakeStream:
    """A server stream: `items`, then `error` raised (or a clean end)."""

    def __init__(self, items, error=None):
        self.items, self.error, self.cancelled = list(items), error, False

    def __iter__(self):
        yield from self.items
        if self.error is not None:
            raise self.error

    def cancel(self):
        self.cancelled = True


class FakeStub:
    """Records each call's request, metadata and deadline; answers from
    `script[method]`, one entry per call (a FakeStream, a response, or an
    exception to raise)."""

    def __init__(self, **script):
        self.script = {k: list(v) for k, v in script.items()}
        self.calls = []

    def __getattr__(self, method):
        def call(request, metadata=None, timeout=None):
            self.calls.append((method, request, dict(metadata or []), timeout))
            answer = self.script[method].pop(0)
            if isinstance(answer, Exception):
                raise answer
            return answer

        return call

    def requests(self, method):
        return [c[1] for c in self.calls if c[0] == method]


def client_with(stub: FakeStub, api_key="secret") -> satrap.Client:
    # A channel to nowhere: nothing is sent through it, the stub answers.
    client = satrap.Client("127.0.0.1:9", api_key=api_key)
    client.stub = stub
    return client


def event(seq: int, kind: str = "created") -> pb.FeedEvent:
    e = pb.FeedEvent(sequence=seq, game_id=f"g{seq}", game_type="king_of_siam")
    getattr(e, kind).SetInParent()
    return e


REAL_SLEEP = time.sleep


@pytest.fixture(autouse=True)
def no_backoff_sleep(monkeypatch):
    """Retries do not wait (the backoff's length is not what is tested)."""
    monkeypatch.setattr(time, "sleep", lambda s: None)


def test_the_feed_resumes_after_the_last_sequence_seen_without_duplicates():
    unavailable = FakeRpcError(grpc.StatusCode.UNAVAILABLE, "connection reset")
    stub = FakeStub(WatchEvents=[
        FakeStream([event(1), event(2, "started"), event(3, "finished")], unavailable),
        # The server sends 3 again after the resume: skipped.
        FakeStream([event(3, "finished"), event(4)]),  # ends cleanly: reopened too
        FakeStream([event(5), event(7, "deleted")]),
    ])
    with client_with(stub) as c:
        got = list(itertools.islice(c.watch_events(), 5))
    assert [e.sequence for e in got] == [1, 2, 3, 4, 5]
    assert [satrap.event_kind(e) for e in got[:3]] == ["created", "started", "finished"]
    assert [r.after_sequence for r in stub.requests("WatchEvents")] == [0, 3, 4]
    assert all(c[2].get("x-api-key") == "secret" for c in stub.calls)


def test_the_feed_starts_after_the_sequence_given_and_skips_older_events():
    stub = FakeStub(WatchEvents=[FakeStream([event(10), event(11), event(12)])])
    with client_with(stub) as c:
        got = list(itertools.islice(c.watch_events(after_sequence=11), 1))
    assert [e.sequence for e in got] == [12]
    assert stub.requests("WatchEvents")[0].after_sequence == 11


def test_the_feed_raises_a_refusal_at_once_and_gives_up_after_max_retries():
    denied = FakeRpcError(grpc.StatusCode.PERMISSION_DENIED, "this call needs an API key")
    with client_with(FakeStub(WatchEvents=[FakeStream([], denied)])) as c:
        with pytest.raises(errors.PermissionDenied):
            next(c.watch_events())
    down = [FakeStream([], FakeRpcError(grpc.StatusCode.UNAVAILABLE, "down")) for _ in range(4)]
    stub = FakeStub(WatchEvents=down)
    with client_with(stub) as c:
        with pytest.raises(errors.Unavailable):
            next(c.watch_events(max_retries=3))
    assert len(stub.requests("WatchEvents")) == 4


def test_a_stream_cut_by_its_own_timeout_is_reopened_without_counting_a_failure():
    cut = [FakeStream([], FakeRpcError(grpc.StatusCode.DEADLINE_EXCEEDED, "deadline"))
           for _ in range(5)]
    stub = FakeStub(WatchEvents=cut + [FakeStream([event(1)])])
    with client_with(stub) as c:
        got = next(c.watch_events(stream_timeout=0.1, max_retries=1))
    assert got.sequence == 1
    assert all(call[3] == 0.1 for call in stub.calls)


def found(game_id="m1", seat=1, token="t" * 64, rated=True) -> pb.MatchUpdate:
    snap = pb.GameSnapshot(game_id=game_id, rated=rated)
    snap.seats.add(seat=0, name="bot", bot="random", player_id="bot:random")
    snap.seats.add(seat=1, name="ann", player_id="ann")
    return pb.MatchUpdate(found=pb.MatchFound(
        game_id=game_id, rated=rated, snapshot=snap,
        seat=pb.SeatCredential(seat=seat, name="ann", token=token)))


def queued(position: int, waiting: int) -> pb.MatchUpdate:
    return pb.MatchUpdate(queued=pb.MatchQueued(position=position, waiting=waiting, window=50))


def test_match_reports_the_queue_and_returns_a_seat_ready_to_play():
    stub = FakeStub(FindMatch=[FakeStream([queued(1, 1), queued(1, 2), found()])])
    places = []
    with client_with(stub) as c:
        seat = c.match("king_of_siam", 2, rated=True, bot_fill_after_seconds=2, bot="random",
                       on_queued=lambda q: places.append((q.position, q.waiting)))
    assert places == [(1, 1), (1, 2)]
    assert isinstance(seat, satrap.SeatHandle) and isinstance(seat, satrap.MatchedSeat)
    assert (seat.game_id, seat.seat, seat.token) == ("m1", 1, "t" * 64)
    assert seat.rated and seat.player_id == "ann"
    assert [s.player_id for s in seat.opponents()] == ["bot:random"]
    req = stub.requests("FindMatch")[0]
    assert (req.game_type, req.players, req.rated, req.bot) == ("king_of_siam", 2, True, "random")
    assert req.HasField("bot_fill_after_seconds") and req.bot_fill_after_seconds == 2


def test_match_queues_again_after_a_cut_and_waits_out_already_exists():
    stub = FakeStub(FindMatch=[
        FakeStream([queued(1, 1)], FakeRpcError(grpc.StatusCode.UNAVAILABLE, "reset")),
        FakeStream([], FakeRpcError(grpc.StatusCode.ALREADY_EXISTS, "already queued")),
        FakeStream([queued(1, 1), found(game_id="m2")]),
    ])
    with client_with(stub) as c:
        seat = c.match("king_of_siam", 2)
    assert seat.game_id == "m2"
    assert len(stub.requests("FindMatch")) == 3


def test_match_raises_already_exists_on_the_first_try_and_refusals_at_once():
    twice = FakeRpcError(grpc.StatusCode.ALREADY_EXISTS, "ann is already queued")
    with client_with(FakeStub(FindMatch=[FakeStream([], twice)])) as c:
        with pytest.raises(errors.AlreadyExists):
            c.match("king_of_siam", 2, rated=True)
    unrated = FakeRpcError(grpc.StatusCode.FAILED_PRECONDITION, "a rated match needs a player")
    with client_with(FakeStub(FindMatch=[FakeStream([], unrated)])) as c:
        with pytest.raises(errors.FailedPrecondition):
            c.match("king_of_siam", 2, rated=True)


def test_match_gives_up_at_its_timeout(monkeypatch):
    monkeypatch.setattr(time, "sleep", REAL_SLEEP)  # the backoff runs out the clock
    cuts = [FakeStream([], FakeRpcError(grpc.StatusCode.UNAVAILABLE, "down")) for _ in range(50)]
    stub = FakeStub(FindMatch=cuts)
    with client_with(stub) as c:
        with pytest.raises(errors.DeadlineExceeded):
            c.match("king_of_siam", 2, timeout=0.2, max_retries=50)
    assert all(0 < call[3] <= 0.2 for call in stub.calls)


def rating(pid: str, display: float, place: int) -> pb.PlayerRating:
    return pb.PlayerRating(player_id=pid, game_type="king_of_siam", display=display, place=place)


def test_leaderboard_reads_every_page_in_order():
    stub = FakeStub(ListLeaderboard=[
        pb.ListLeaderboardResponse(ratings=[rating("a", 9, 1), rating("b", 8, 2)],
                                   next_page_token="p2"),
        pb.ListLeaderboardResponse(ratings=[rating("c", 7, 3)], next_page_token="p3"),
        pb.ListLeaderboardResponse(ratings=[rating("d", 1, 4)]),
    ])
    with client_with(stub) as c:
        board = list(c.leaderboard("king_of_siam", page_size=2))
    assert [(r.place, r.player_id) for r in board] == [(1, "a"), (2, "b"), (3, "c"), (4, "d")]
    reqs = stub.requests("ListLeaderboard")
    assert [(r.page_token, r.page_size) for r in reqs] == [("", 2), ("p2", 2), ("p3", 2)]


def test_leaderboard_stops_on_a_page_token_that_comes_back():
    page = pb.ListLeaderboardResponse(ratings=[rating("a", 9, 1)], next_page_token="same")
    with client_with(FakeStub(ListLeaderboard=[page, page, page])) as c:
        with pytest.raises(RuntimeError):
            list(c.leaderboard("king_of_siam"))


def test_player_ids_and_rated_reach_the_requests():
    stub = FakeStub(CreateGame=[pb.CreateGameResponse(game_id="g")],
                    JoinGame=[pb.JoinGameResponse(seat=pb.SeatCredential(seat=1, token="x"))],
                    GetRatings=[pb.GetRatingsResponse(ratings=[rating("ann", 0, 0)])])
    with client_with(stub) as c:
        c.create_game("king_of_siam", [satrap.Seat("ann", player_id="ann"),
                                       satrap.Seat("bob", player_id="bob")], rated=True)
        c.take_seat("g", "carol", player_id="carol")
        assert c.rating("king_of_siam", "ann").player_id == "ann"
    create = stub.requests("CreateGame")[0]
    assert create.rated and [s.player_id for s in create.seats] == ["ann", "bob"]
    assert stub.requests("JoinGame")[0].player_id == "carol"
    assert list(stub.requests("GetRatings")[0].player_ids) == ["ann"]

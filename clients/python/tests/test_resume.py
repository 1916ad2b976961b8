"""The Bot loop and the watch loop under the resume contract: dropped
streams, lobby starts, and clocks that run out."""

from __future__ import annotations

import threading
import time

import grpc

import satrap
from satrap.v1 import service_pb2 as pb


class SlowBot(satrap.Bot):
    """Sleeps past a short clock every `every`-th decision."""

    def __init__(self, seconds: float, every: int):
        self.seconds, self.every, self.calls = seconds, every, 0

    def choose(self, snapshot, legal):
        self.calls += 1
        if self.calls % self.every == 0:
            time.sleep(self.seconds)
        return 0


def test_bot_plays_on_after_its_clock_runs_out_and_its_stream_is_cut(address):
    """A 300 ms clock with bot moves on timeout; the bot sleeps 0.5 s every
    3rd decision, so some of its moves arrive late (FAILED_PRECONDITION or
    ABORTED) and are dropped; its stream is cut every 0.25 s. It still
    plays to the end, and the history records timeouts."""
    with satrap.Client(address) as c:
        created = c.create_game("king_of_siam", ["me", satrap.Seat("r", "random")], seed=8,
                                time_control=satrap.time_control(per_move_ms=300))
        seat = c.seat(created.game_id, created.seats[0].token)
        final = SlowBot(0.5, 3).play(seat, stream_timeout=0.25)
        assert final.status == satrap.FINISHED
        entries = c.get_history(created.game_id).entries
        assert any(e.timeout != pb.TIMEOUT_POLICY_UNSPECIFIED for e in entries)


def test_bots_take_open_seats_and_wait_for_the_start(address):
    with satrap.Client(address) as c:
        created = c.create_game("ming_dynasty", [satrap.Seat.open_seat()] * 3, seed=6,
                                invite_codes=True)
        codes = {i.seat: i.code for i in created.invites}
        results = {}

        def run(i):
            seat = c.take_seat(created.game_id, f"bot{i}", seat=i, invite_code=codes[i])
            results[i] = satrap.RandomBot(i).play(seat, start_timeout=30)

        threads = [threading.Thread(target=run, args=(i,)) for i in range(3)]
        for t in threads:
            t.start()
            time.sleep(0.3)  # the first ones wait for the start
        for t in threads:
            t.join(timeout=300)
        assert sorted(results) == [0, 1, 2]
        assert all(r.status == pb.GAME_STATUS_FINISHED for r in results.values())


def _wait_in_thread(seat, **kwargs):
    """Run `seat.wait_for_start(**kwargs)` on a thread; returns the thread
    and a dict that gets the snapshot (or the error) and when it came."""
    out = {}

    def run():
        try:
            out["snap"] = seat.wait_for_start(**kwargs)
        except Exception as e:  # noqa: BLE001 (handed to the test)
            out["error"] = e
        out["at"] = time.monotonic()

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t, out


def test_wait_for_start_sees_the_start_on_the_stream_without_polling(address):
    """The waiter reads the game once and then only watches: a seat change
    does not end the wait, and the start ends it at once, although a
    60 s `poll` would have slept far past the test's bound."""
    with satrap.Client(address) as c:
        created = c.create_game("ming_dynasty", [satrap.Seat.open_seat()] * 3, seed=9)
        gid = created.game_id
        ann = c.take_seat(gid, "ann", seat=0)
        waiter, out = _wait_in_thread(ann, timeout=20, poll=60)
        time.sleep(1.0)  # the waiter has read the game and opened its stream
        carol = c.take_seat(gid, "carol", seat=1)
        carol.leave()
        c.take_seat(gid, "carol", seat=1)
        time.sleep(0.5)
        assert waiter.is_alive(), f"seat changes ended the wait: {out}"
        joined = time.monotonic()
        c.take_seat(gid, "bob", seat=2)
        waiter.join(timeout=15)
        assert not waiter.is_alive(), "the start was not seen"
        assert "error" not in out, out.get("error")
        assert out["at"] - joined < 3, f"the start took {out['at'] - joined:.1f} s to be seen"
        snap = out["snap"]
        assert snap.status == pb.GAME_STATUS_IN_PROGRESS
        assert list(snap.to_act) and all(s.name for s in snap.seats)


def test_wait_for_start_resumes_cut_streams_and_keeps_its_timeout(address):
    """Streams cut every 0.2 s are reopened (GetGame, then WatchGame) until
    the start; a game that never starts ends the wait with
    DEADLINE_EXCEEDED at `timeout`."""
    with satrap.Client(address) as c:
        created = c.create_game("king_of_siam", [satrap.Seat.open_seat()] * 2, seed=10)
        gid = created.game_id
        ann = c.take_seat(gid, "ann", seat=0)
        waiter, out = _wait_in_thread(ann, timeout=20, stream_timeout=0.2)
        time.sleep(1.5)  # several streams cut and reopened
        assert waiter.is_alive(), f"the wait ended early: {out}"
        c.take_seat(gid, "bob", seat=1)
        waiter.join(timeout=15)
        assert "error" not in out, out.get("error")
        assert out["snap"].status == pb.GAME_STATUS_IN_PROGRESS

        lonely = c.create_game("king_of_siam", [satrap.Seat.open_seat()] * 2, seed=11)
        seat = c.take_seat(lonely.game_id, "ann", seat=0)
        began = time.monotonic()
        try:
            seat.wait_for_start(timeout=0.8)
        except satrap.errors.DeadlineExceeded as e:
            assert e.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        else:
            raise AssertionError("a game that never starts ended the wait")
        assert 0.7 < time.monotonic() - began < 5

"""The Bot loop and the watch loop under the resume contract: dropped
streams, lobby starts, and clocks that run out."""

from __future__ import annotations

import threading
import time

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

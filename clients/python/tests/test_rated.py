"""Rated play against a real server: players matched with each other and
with built-in bots, their games played by the Bot loop, the ratings and
leaderboard that follow, the refusals FindMatch documents, and the feed
(every event once, in order, resumed from the middle)."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest

import satrap
from satrap import errors
from satrap.v1 import service_pb2 as pb

GAME = "king_of_siam"
START = (25.0, 25.0 / 3.0)
PACKAGE = Path(__file__).resolve().parents[1]


def counted(client: satrap.Client, player: str, games: int, seconds: float = 10.0
            ) -> pb.PlayerRating:
    """The player's rating once it counts `games` games (the server rates a
    game as it stores its end)."""
    deadline = time.monotonic() + seconds
    while True:
        r = client.rating(GAME, player)
        if r.games >= games or time.monotonic() > deadline:
            return r
        time.sleep(0.1)


def feed(client: satrap.Client, after: int = 0, seconds: float = 3.0):
    """The events after `after` that one stream delivers in `seconds`."""
    out = []
    try:
        for event in client.watch_events_stream(after, timeout=seconds):
            out.append(event)
    except errors.DeadlineExceeded:
        pass
    return out


def test_a_player_matched_with_a_bot_plays_and_is_rated(rated):
    with satrap.Client(rated.address, api_key=rated.ann) as c:
        before = c.rating(GAME, "ann")
        queued = []
        seat = c.match(GAME, 2, rated=True, bot_fill_after_seconds=1, bot="random",
                       timeout=60, on_queued=queued.append)
        assert isinstance(seat, satrap.MatchedSeat) and seat.rated
        assert seat.player_id == "ann"
        assert [s.player_id for s in seat.opponents()] == ["bot:random"]
        assert queued and queued[0].position == 1
        final = satrap.RandomBot(3).play(seat)
        assert final.status == satrap.FINISHED and final.rated
        after = counted(c, "ann", before.games + 1)
        assert after.games == before.games + 1
        assert after.uncertainty < before.uncertainty
        assert after.display == pytest.approx(after.rating - 3 * after.uncertainty)
        bot = c.rating(GAME, "bot:random")
        assert bot.games >= 1


def test_two_players_are_matched_together_and_both_rated(rated):
    seats = {}

    def queue(name, key):
        with satrap.Client(rated.address, api_key=key) as c:
            seat = c.match(GAME, 2, rated=True, timeout=60)
            seats[name] = seat
            seats[name + "-final"] = satrap.RandomBot(len(name)).play(seat)

    threads = [threading.Thread(target=queue, args=a) for a in
               [("ann", rated.ann), ("bob", rated.bob)]]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert {"ann", "bob"} <= set(seats), "both players were matched"
    assert seats["ann"].game_id == seats["bob"].game_id
    assert {seats["ann"].seat, seats["bob"].seat} == {0, 1}
    assert seats["ann-final"].status == satrap.FINISHED
    with satrap.Client(rated.address, api_key=rated.ops) as ops:
        game = ops.get_game(seats["ann"].game_id).snapshot
        assert game.rated and sorted(s.player_id for s in game.seats) == ["ann", "bob"]
        bob = counted(ops, "bob", 1)
        assert bob.games >= 1 and (bob.rating, bob.uncertainty) != START


def test_find_match_refusals_and_leaving_the_queue(rated):
    with satrap.Client(rated.address, api_key=rated.backend) as creator:
        with pytest.raises(errors.FailedPrecondition):
            creator.match(GAME, 2, rated=True, timeout=10)  # a creator key names no player
    with satrap.Client(rated.address, api_key=rated.bob) as bob:
        waiting = bob.find_match(GAME, 3, rated=True, timeout=30)
        first = next(waiting)
        assert first.WhichOneof("update") == "queued" and first.queued.waiting >= 1
        # A second request of the same player replaces the first: the first
        # stream ends with ABORTED, the player is queued once.
        replacing = bob.find_match(GAME, 3, rated=True, timeout=30)
        assert next(replacing).WhichOneof("update") == "queued"
        with pytest.raises(errors.Aborted):
            for _ in waiting:
                pass
        replacing.close()  # leaves the queue
        # Queued again at once (the newest request wins), and played.
        seat = bob.match(GAME, 2, rated=True, bot_fill_after_seconds=1, bot="random", timeout=30)
        assert satrap.RandomBot(1).play(seat).status == satrap.FINISHED


def test_a_creator_key_queues_its_own_user_and_sees_only_its_own_games(rated):
    with satrap.Client(rated.address, api_key=rated.backend) as c:
        seat = c.match(GAME, 2, rated=True, player_id="u1", bot_fill_after_seconds=1,
                       bot="random", timeout=60)
        assert seat.player_id == "backend/u1"
        satrap.RandomBot(2).play(seat)
        assert counted(c, "backend/u1", 1).games == 1
        events = feed(c)
        assert events, "the creator sees its own matched game"
        assert {e.owner for e in events} == {"key:backend"}
        assert seat.game_id in {e.game_id for e in events}


def test_the_leaderboard_pages_through_every_rated_player(rated):
    with satrap.Client(rated.address, api_key=rated.ann) as c:
        seat = c.match(GAME, 2, rated=True, bot_fill_after_seconds=1, bot="random", timeout=60)
        satrap.RandomBot(4).play(seat)
        counted(c, "ann", 1)
        board = list(c.leaderboard(GAME, page_size=1))
        first_page = c.list_leaderboard(GAME, page_size=1)
    ids = [r.player_id for r in board]
    assert "ann" in ids and len(ids) == len(set(ids))
    assert [r.place for r in board] == list(range(1, len(board) + 1))
    assert [r.display for r in board] == sorted((r.display for r in board), reverse=True)
    if len(board) > 1:
        assert first_page.next_page_token and len(first_page.ratings) == 1


def test_the_feed_tells_every_game_once_in_order_and_resumes_from_the_middle(rated):
    with satrap.Client(rated.address, api_key=rated.ann) as c:
        seat = c.match(GAME, 2, rated=True, bot_fill_after_seconds=1, bot="random", timeout=60)
        satrap.RandomBot(5).play(seat)
    with satrap.Client(rated.address, api_key=rated.ops) as ops:
        counted(ops, "ann", 1)
        deadline = time.monotonic() + 10
        while True:
            events = feed(ops)
            mine = [e for e in events if e.game_id == seat.game_id]
            if "finished" in {satrap.event_kind(e) for e in mine} or time.monotonic() > deadline:
                break
        seqs = [e.sequence for e in events]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "an admin's feed is gapless"
        assert [satrap.event_kind(e) for e in mine] == ["created", "started", "finished"]
        created, _, finished = mine
        assert created.created.rated
        assert finished.finished.rated
        changes = {ch.player_id: ch for ch in finished.finished.rating_changes}
        assert set(changes) == {"ann", "bot:random"}
        ann = changes["ann"]
        assert ann.after.games == ann.before.games + 1
        assert ann.after.display == pytest.approx(ann.after.rating - 3 * ann.after.uncertainty)
        # Resume from the middle, as a backend does with the last sequence
        # it handled: every later event once, the same as the first time.
        middle = seqs[len(seqs) // 2]
        rest = [e for e in events if e.sequence > middle]
        assert rest
        again = []
        for e in ops.watch_events(after_sequence=middle, stream_timeout=2):
            again.append(e)
            if len(again) == len(rest):
                break
        assert [e.SerializeToString() for e in again] == [e.SerializeToString() for e in rest]


def test_the_readme_rated_code_runs(rated):
    text = (PACKAGE / "README.md").read_text()
    section = text[text.index("## Rated games"):text.index("## The package")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    scope = {"satrap": satrap, "address": rated.address, "player_key": rated.ann}
    exec(compile(blocks[0], "README rated", "exec"), scope)
    with satrap.Client(rated.address, api_key=rated.ops) as client:
        scope = {"satrap": satrap, "client": client, "last_handled": 0}
        # The feed never ends: read what is there, then stop at the deadline.
        code = blocks[1].replace("client.watch_events(after_sequence=last_handled)",
                                 "client.watch_events_stream(last_handled, timeout=2)")
        with pytest.raises(errors.DeadlineExceeded):
            exec(compile(code, "README feed", "exec"), scope)
        assert scope["last_handled"] > 0

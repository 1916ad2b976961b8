"""Tournaments against a real server: the organiser's calls, and two
player-key bots that enter a Swiss with `play_tournament` and play each of
their games to the end beside two built-in levels; and the loop's helpers
on hand-made tournaments."""

from __future__ import annotations

import threading
import time

import pytest

import satrap
from satrap import errors, tournaments
from satrap.v1 import service_pb2 as pb
from satrap.v1 import tournament_pb2 as tpb

GAME = "king_of_siam"


def settings(start_in: float, rounds: int = 2) -> tpb.TournamentSettings:
    return tpb.TournamentSettings(
        name="py cup", game_type=GAME, players_per_table=2,
        format=tpb.TOURNAMENT_FORMAT_SWISS, rounds=rounds,
        time_control=pb.TimeControl(per_move_ms=10_000),
        start_at_ms=int((time.time() + start_in) * 1000))


def test_helpers_find_the_entrant_and_its_undecided_games():
    t = tpb.Tournament(
        entrants=[tpb.TournamentEntrant(entrant=0, player_ids=["ann"]),
                  tpb.TournamentEntrant(entrant=1, player_ids=["bob"], withdrawn=True)],
        rounds=[tpb.TournamentRound(number=1, tables=[
            tpb.TournamentTable(game_id="g1", entrants=[0, 1], places=[0, 1]),
            tpb.TournamentTable(game_id="g2", entrants=[2, 0]),
            tpb.TournamentTable(game_id="", entrants=[0, 3]),
        ])])
    assert tournaments.my_entrant(t, "ann") == 0
    assert tournaments.my_entrant(t, "bob") is None, "withdrawn"
    assert tournaments.open_games(t, 0) == ["g2"], "decided and gameless tables left out"


def test_two_bots_play_every_game_of_a_swiss(rated):
    with satrap.Client(rated.address, api_key=rated.backend) as org:
        made = org.create_tournament(settings(start_in=4))
        tid = made.tournament_id
        for _ in range(2):
            org.join_tournament(tid, "bot:random")
        listed = org.list_tournaments(game_type=GAME)
        assert tid in [t.tournament_id for t in listed.tournaments]
    finals = {}
    failures = []

    def player(name: str, key: str, seed: int):
        try:
            with satrap.Client(rated.address, api_key=key) as c:
                finals[name] = satrap.play_tournament(c, tid, satrap.RandomBot(seed), timeout=180)
        except Exception as e:  # reported below, with the thread's name
            failures.append((name, e))

    threads = [threading.Thread(target=player, args=("ann", rated.ann, 1)),
               threading.Thread(target=player, args=("bob", rated.bob, 2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(200)
    assert not failures, failures
    final = finals["ann"]
    assert final.status == tpb.TOURNAMENT_STATUS_FINISHED
    assert len(final.rounds) == 2
    entrants = {e.entrant: list(e.player_ids) for e in final.entrants}
    assert sorted(map(tuple, entrants.values())) == [("ann",), ("bob",), ("bot:random",),
                                                     ("bot:random",)]
    with satrap.Client(rated.address) as c:
        for rnd in final.rounds:
            for table in rnd.tables:
                assert table.places, "every table decided"
                snap = c.get(table.game_id).snapshot
                assert snap.status == satrap.FINISHED
                # A player's seat was played, not lost on time.
                assert snap.outcome.ending != "timeout", (table, snap.outcome)
    assert len(final.standings) == 4


def test_bad_calls_raise_typed_errors(rated):
    with satrap.Client(rated.address, api_key=rated.ann) as ann:
        with pytest.raises(errors.PermissionDenied):
            ann.create_tournament(settings(start_in=60))
        with pytest.raises(errors.NotFound):
            ann.get_tournament("no-such-tournament")

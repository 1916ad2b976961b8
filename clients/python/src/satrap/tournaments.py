"""Tournaments: a method for every TournamentService call (mixed into
`Client`), and a loop that enters a tournament and plays each of its games.

    client = satrap.Client("127.0.0.1:50051", api_key="ann-key")
    final = satrap.play_tournament(client, tournament_id, satrap.RandomBot())

A player follows its tournament (WatchTournament); when a table of its
entrant shows a game, it takes its seat (TakeTournamentSeat) and plays it as
any game. Every tournament game has a clock: a seat never taken forfeits on
time, so a bot that stops only loses its own games (docs/api.md,
"Tournaments").
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Iterator, List, Optional, Set

from satrap import errors
from satrap.v1 import tournament_pb2 as tpb
from satrap.v1 import tournament_pb2_grpc as tgrpc

if TYPE_CHECKING:
    from satrap.bot import Bot
    from satrap.client import Client

OVER = (tpb.TOURNAMENT_STATUS_FINISHED, tpb.TOURNAMENT_STATUS_CANCELLED)


class TournamentCalls:
    """The TournamentService calls, one method each (a `Client` has them)."""

    @property
    def tournament_stub(self) -> tgrpc.TournamentServiceStub:
        stub = getattr(self, "_tournament_stub", None)
        if stub is None:
            stub = tgrpc.TournamentServiceStub(self.channel)
            self._tournament_stub = stub
        return stub

    def create_tournament(self, settings: tpb.TournamentSettings, *,
                          timeout: Optional[float] = None) -> tpb.Tournament:
        """A new tournament taking entries until `settings.start_at_ms` (a
        `creator` or `admin` key)."""
        return self._call(self.tournament_stub.CreateTournament,
                          tpb.CreateTournamentRequest(settings=settings),
                          timeout=timeout).tournament

    def join_tournament(self, tournament_id: str, player_id: str = "", *, partner_id: str = "",
                        timeout: Optional[float] = None) -> tpb.TournamentEntrant:
        """Enter: a `player` key itself (no `player_id`), a creator key's
        user, or a built-in level (`bot:NAME`, by the organiser)."""
        return self._call(self.tournament_stub.JoinTournament, tpb.JoinTournamentRequest(
            tournament_id=tournament_id, player_id=player_id, partner_id=partner_id),
            timeout=timeout).entrant

    def leave_tournament(self, tournament_id: str, player_id: str = "", *,
                         timeout: Optional[float] = None) -> tpb.TournamentEntrant:
        """Leave before the start, or withdraw after it (later games are
        forfeited)."""
        return self._call(self.tournament_stub.LeaveTournament, tpb.LeaveTournamentRequest(
            tournament_id=tournament_id, player_id=player_id), timeout=timeout).entrant

    def get_tournament(self, tournament_id: str, *,
                       timeout: Optional[float] = None) -> tpb.Tournament:
        """Entrants, rounds, tables with their games, standings."""
        return self._call(self.tournament_stub.GetTournament,
                          tpb.GetTournamentRequest(tournament_id=tournament_id),
                          timeout=timeout).tournament

    def list_tournaments(self, *, game_type: str = "",
                         status: int = tpb.TOURNAMENT_STATUS_UNSPECIFIED, page_size: int = 0,
                         page_token: str = "", timeout: Optional[float] = None
                         ) -> tpb.ListTournamentsResponse:
        """One page of tournaments, newest first."""
        return self._call(self.tournament_stub.ListTournaments, tpb.ListTournamentsRequest(
            game_type=game_type, status=status, page_size=page_size, page_token=page_token),
            timeout=timeout)

    def take_tournament_seat(self, tournament_id: str, game_id: str, player_id: str = "", *,
                             timeout: Optional[float] = None):
        """A new token for the seat this player's entrant holds in
        `game_id` (a SeatCredential: `seat`, `token`)."""
        return self._call(self.tournament_stub.TakeTournamentSeat,
                          tpb.TakeTournamentSeatRequest(tournament_id=tournament_id,
                                                        game_id=game_id, player_id=player_id),
                          timeout=timeout).seat

    def watch_tournament_stream(self, tournament_id: str, after_version: int = 0, *,
                                timeout: Optional[float] = None
                                ) -> Iterator[tpb.TournamentUpdate]:
        """One WatchTournament stream as the server sends it: the tournament
        now (if newer than `after_version`), then after every change, until
        it is over. `timeout`: the stream's deadline (default none)."""
        yield from errors.relayed(self.tournament_stub.WatchTournament(
            tpb.WatchTournamentRequest(tournament_id=tournament_id, after_version=after_version),
            metadata=self._metadata(None), timeout=timeout))


def my_entrant(tournament: tpb.Tournament, player_id: str) -> Optional[int]:
    """The entrant `player_id` plays for (not withdrawn), if any."""
    for e in tournament.entrants:
        if player_id in e.player_ids and not e.withdrawn:
            return e.entrant
    return None


def open_games(tournament: tpb.Tournament, entrant: int) -> List[str]:
    """The games of `entrant`'s tables not yet decided, in round order."""
    return [table.game_id
            for rnd in tournament.rounds for table in rnd.tables
            if entrant in table.entrants and table.game_id and not table.places]


def play_tournament(client: "Client", tournament_id: str, bot: "Bot", *, player_id: str = "",
                    join: bool = True, timeout: Optional[float] = None) -> tpb.Tournament:
    """Enter tournament `tournament_id` (unless `join` is false: already
    entered: then `player_id` is the id as the tournament lists it) and play
    each of its games with `bot` until it is over; the final tournament.
    `player_id`: a creator key's user (empty for a `player` key, which
    plays as itself). `timeout`: seconds for the whole tournament (default
    none)."""
    from satrap.client import RESUMABLE
    deadline = None if timeout is None else time.monotonic() + timeout
    me = player_id
    if join:
        me = list(client.join_tournament(tournament_id, player_id).player_ids)[0]
    if not me:
        raise ValueError("player_id: name the player this bot plays (join=False)")
    played: Set[str] = set()
    while True:
        t = client.get_tournament(tournament_id)
        if t.status in OVER:
            return t
        entrant = my_entrant(t, me)
        todo = [] if entrant is None else [g for g in open_games(t, entrant) if g not in played]
        for game_id in todo:
            seat = client.take_tournament_seat(tournament_id, game_id, player_id)
            bot.play(client.seat(game_id, seat.token))
            played.add(game_id)
        if todo:
            continue
        # Nothing to play now: wait for the tournament's next change.
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise errors.DeadlineExceeded(f"tournament {tournament_id} did not end in time")
        try:
            for _ in client.watch_tournament_stream(tournament_id, t.version, timeout=left):
                break
        except errors.SatrapError as e:
            if e.status_code not in RESUMABLE:
                raise

"""A client of satrap's GameService and AdminService with the resume
contract built in.

Every call of the API has a method named after it (`create_game`,
`join_game`, `list_legal_actions`, `rotate_seat_token`, `abort_game`, …);
the short helpers (`create`, `get`, `legal`, `apply`, `seat`, `watch`,
`follow`) are kept, and rated play has its own (`match`, `rating`,
`leaderboard`, `watch_events`), and tournaments theirs (`create_tournament`
… `watch_tournament_stream`, see `satrap.tournaments`). Every call has a deadline; failures raise
the typed errors of `satrap.errors`; `watch` follows a game across dropped
streams by resuming at the last version seen + 1 (docs/api.md, "Following a
game"), and `watch_events` the feed after the last sequence seen.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, List, Optional, Sequence, Union

import grpc

from satrap import errors
from satrap.tournaments import TournamentCalls
from satrap.v1 import admin_pb2 as admin_pb
from satrap.v1 import admin_pb2_grpc as admin_grpc
from satrap.v1 import service_pb2 as pb
from satrap.v1 import service_pb2_grpc as pb_grpc

if TYPE_CHECKING:
    from satrap.matchmaking import MatchedSeat

FINISHED = pb.GAME_STATUS_FINISHED
WAITING = pb.GAME_STATUS_WAITING

# Stream errors after which a watcher simply resumes: the connection or the
# server went away, the stream's deadline passed, or it was cut (a gateway's
# reset arrives as UNKNOWN or INTERNAL "RST_STREAM").
RESUMABLE = (
    grpc.StatusCode.UNAVAILABLE,
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.CANCELLED,
    grpc.StatusCode.UNKNOWN,
)


def auth(token: Optional[str]):
    """Metadata acting as the seat that owns `token` (None: a spectator)."""
    return [("authorization", f"Bearer {token}")] if token else []


def unpack_mask(mask: bytes, n: int):
    """The Observation.action_mask bit set as a NumPy int8 vector of `n`."""
    import numpy as np

    bits = np.unpackbits(np.frombuffer(mask, dtype=np.uint8), bitorder="little")
    out = np.zeros(n, dtype=np.int8)
    k = min(n, bits.size)
    out[:k] = bits[:k]
    return out


def mask_allows(obs: "pb.Observation", action: int) -> bool:
    """Whether bit `action` of an Observation's action mask is set."""
    byte = action >> 3
    return 0 <= action and byte < len(obs.action_mask) and bool(
        (obs.action_mask[byte] >> (action & 7)) & 1)


def backoff(failures: int) -> float:
    """Seconds to wait after `failures` failures in a row: exponential,
    capped at 2 s, jittered."""
    return min(2.0, 0.05 * 2 ** min(failures, 6)) * (0.5 + random.random())


@dataclass(frozen=True)
class Seat:
    """One seat at a new game: a person or program (`bot=""`), a built-in
    bot, or an open seat (`Seat.open_seat()`) for JoinGame. `player_id`:
    who plays it, for ratings (a `creator` key names its own users; a
    `player` key's seats are its own player; bots are "bot:NAME")."""

    name: str = ""
    bot: str = ""
    open: bool = False
    player_id: str = ""

    @staticmethod
    def open_seat() -> "Seat":
        return Seat(open=True)

    def request(self) -> pb.SeatRequest:
        return pb.SeatRequest(name=self.name, bot=self.bot, open=self.open,
                              player_id=self.player_id)


def time_control(per_move_ms: Optional[int] = None, *, budget_ms: Optional[int] = None,
                 increment_ms: int = 0) -> pb.TimeControl:
    """A turn clock: `per_move_ms` per move, or Fischer (`budget_ms` for
    the game plus `increment_ms` after each action)."""
    if (per_move_ms is None) == (budget_ms is None):
        raise ValueError("give exactly one of per_move_ms and budget_ms")
    if per_move_ms is not None:
        return pb.TimeControl(per_move_ms=per_move_ms)
    return pb.TimeControl(fischer=pb.Fischer(budget_ms=budget_ms, increment_ms=increment_ms))


def _read(path: Optional[str]) -> Optional[bytes]:
    if path is None:
        return None
    with open(path, "rb") as f:
        return f.read()


def system_roots() -> Optional[bytes]:
    """The system's CA certificates (OpenSSL's default file, or the file
    SSL_CERT_FILE names), or None: grpcio's own bundled roots then."""
    import os
    import ssl

    paths = ssl.get_default_verify_paths()
    for path in (paths.cafile, paths.openssl_cafile):
        if path and os.path.isfile(path):
            return _read(path)
    return None


def make_channel(address: str, *, tls: Optional[bool] = None, ca_file: Optional[str] = None,
                 server_name: Optional[str] = None, cert_file: Optional[str] = None,
                 key_file: Optional[str] = None) -> grpc.Channel:
    """A channel to `address` (`host:port`, or `https://host:port` for
    TLS). TLS checks the server against the system's roots, or against the
    CA in `ca_file`; `server_name` overrides the name checked.
    `cert_file` and `key_file` (PEM, both or neither; they imply TLS) are
    this client's certificate chain and key, for a server that requires
    client certificates (`--tls-client-ca`, mTLS)."""
    if (cert_file is None) != (key_file is None):
        raise ValueError("cert_file and key_file go together")
    if address.startswith("https://"):
        address, tls = address[len("https://"):], True if tls is None else tls
    elif address.startswith("http://"):
        address = address[len("http://"):]
    tls = bool(tls or ca_file or cert_file)
    options = [("grpc.max_receive_message_length", 64 * 1024 * 1024)]
    if not tls:
        return grpc.insecure_channel(address, options=options)
    if server_name:
        options.append(("grpc.ssl_target_name_override", server_name))
    roots = _read(ca_file) if ca_file else system_roots()
    creds = grpc.ssl_channel_credentials(
        root_certificates=roots,
        private_key=_read(key_file) if key_file else None,
        certificate_chain=_read(cert_file) if cert_file else None,
    )
    return grpc.secure_channel(address, creds, options=options)


class Client(TournamentCalls):
    """A connection to a satrap server.

    `address`: `host:port` (plaintext) or `https://host:port` (TLS).
    `api_key`: sent as `x-api-key` on every call (CreateGame, ListGames and
    AdminService need one on a keyed server). `tls`/`ca_file`/`server_name`
    and, for mTLS, `cert_file`/`key_file`: see `make_channel`. `timeout`: each call's deadline in seconds (a call's
    own `timeout=` overrides it)."""

    def __init__(self, address: str = "127.0.0.1:50051", *, api_key: Optional[str] = None,
                 tls: Optional[bool] = None, ca_file: Optional[str] = None,
                 server_name: Optional[str] = None, cert_file: Optional[str] = None,
                 key_file: Optional[str] = None, timeout: float = 10.0,
                 channel: Optional[grpc.Channel] = None):
        self.address = address
        self.timeout = timeout
        self.api_key = api_key
        self.channel = channel or make_channel(address, tls=tls, ca_file=ca_file,
                                               server_name=server_name, cert_file=cert_file,
                                               key_file=key_file)
        self.stub = pb_grpc.GameServiceStub(self.channel)
        self.admin = admin_grpc.AdminServiceStub(self.channel)

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- plumbing ----------------------------------------------------------
    def _metadata(self, token: Optional[str]):
        md = auth(token)
        if self.api_key:
            md.append(("x-api-key", self.api_key))
        return md

    def _call(self, method, request, token: Optional[str] = None,
              timeout: Optional[float] = None):
        try:
            return method(request, metadata=self._metadata(token),
                          timeout=self.timeout if timeout is None else timeout)
        except grpc.RpcError as e:
            raise errors.from_rpc_error(e) from None

    # -- GameService, one method per call ----------------------------------
    def list_game_types(self, *, timeout: Optional[float] = None) -> pb.ListGameTypesResponse:
        return self._call(self.stub.ListGameTypes, pb.ListGameTypesRequest(), timeout=timeout)

    def server_info(self, *, timeout: Optional[float] = None) -> pb.GetServerInfoResponse:
        """What this server allows: who may create games (`create`: anyone,
        guests, or keys only), whether rated play and guests are on, and the
        limits a client runs into (`limits`; 0 means unlimited)."""
        return self._call(self.stub.GetServerInfo, pb.GetServerInfoRequest(), timeout=timeout)

    def create_game(self, game_type: str, seats: Sequence[Union[Seat, str]], *,
                    seed: Optional[int] = None, options: Optional[pb.GameOptions] = None,
                    private: bool = False, time_control: Optional[pb.TimeControl] = None,
                    on_timeout: int = pb.TIMEOUT_POLICY_UNSPECIFIED,
                    bot_fill: Optional[pb.BotFill] = None, invite_codes: bool = False,
                    rated: bool = False, timeout: Optional[float] = None
                    ) -> pb.CreateGameResponse:
        """A new game; a `str` seat is a client seat of that name. Keep the
        returned seat tokens: the server cannot show them again. `rated`:
        its end updates the players' ratings (an API key, a player for
        every client seat, no open seat and no `seed`)."""
        req = pb.CreateGameRequest(
            game_type=game_type,
            seats=[pb.SeatRequest(name=s) if isinstance(s, str) else s.request() for s in seats],
            private=private, on_timeout=on_timeout, invite_codes=invite_codes, rated=rated)
        if seed is not None:
            req.seed = seed
        if options is not None:
            req.options.CopyFrom(options)
        if time_control is not None:
            req.time_control.CopyFrom(time_control)
        if bot_fill is not None:
            req.bot_fill.CopyFrom(bot_fill)
        return self._call(self.stub.CreateGame, req, timeout=timeout)

    def get_game(self, game_id: str, token: Optional[str] = None, *, observation: bool = False,
                 timeout: Optional[float] = None) -> pb.GetGameResponse:
        return self._call(self.stub.GetGame,
                          pb.GetGameRequest(game_id=game_id, observation=observation),
                          token, timeout)

    def list_legal_actions(self, game_id: str, token: Optional[str], *,
                           observation: bool = False, timeout: Optional[float] = None
                           ) -> pb.ListLegalActionsResponse:
        return self._call(self.stub.ListLegalActions,
                          pb.ListLegalActionsRequest(game_id=game_id, observation=observation),
                          token, timeout)

    def apply_action(self, game_id: str, token: str, *, action_id: Optional[int] = None,
                     notation: Optional[str] = None, action: Optional[pb.Action] = None,
                     expected_version: Optional[int] = None, no_text: bool = False,
                     lean: bool = False, timeout: Optional[float] = None
                     ) -> pb.ApplyActionResponse:
        """Apply one action, given as exactly one of a fixed id, a notation
        or a typed action. `lean`: the response carries only `progress`."""
        if sum(x is not None for x in (action_id, notation, action)) != 1:
            raise ValueError("give exactly one of action_id, notation, action")
        req = pb.ApplyActionRequest(game_id=game_id, no_text=no_text, lean=lean)
        if action_id is not None:
            req.action_id = int(action_id)
        elif notation is not None:
            req.notation = notation
        else:
            req.action.CopyFrom(action)
        if expected_version is not None:
            req.expected_version = expected_version
        return self._call(self.stub.ApplyAction, req, token, timeout)

    def watch_game(self, game_id: str, token: Optional[str] = None, *, from_version: int = 0,
                   delta: bool = False, text: bool = False,
                   timeout: Optional[float] = None) -> Iterator[pb.GameUpdate]:
        """One WatchGame stream, as the server sends it (no resume; see
        `watch` for the loop that resumes). `timeout`: the stream's
        deadline (default none)."""
        mode = pb.UPDATE_MODE_DELTA if delta else pb.UPDATE_MODE_FULL
        stream = self.stub.WatchGame(
            pb.WatchGameRequest(game_id=game_id, from_version=from_version, mode=mode, text=text),
            metadata=self._metadata(token), timeout=timeout)
        try:
            yield from stream
        except grpc.RpcError as e:
            raise errors.from_rpc_error(e) from None
        finally:
            stream.cancel()

    def get_history(self, game_id: str, token: Optional[str] = None, *,
                    timeout: Optional[float] = None) -> pb.GetHistoryResponse:
        return self._call(self.stub.GetHistory, pb.GetHistoryRequest(game_id=game_id),
                          token, timeout)

    def list_games(self, *, game_type: str = "", status: int = pb.GAME_STATUS_UNSPECIFIED,
                   open_seats: bool = False, page_size: int = 0, page_token: str = "",
                   timeout: Optional[float] = None) -> pb.ListGamesResponse:
        return self._call(self.stub.ListGames, pb.ListGamesRequest(
            game_type=game_type, status=status, open_seats=open_seats, page_size=page_size,
            page_token=page_token), timeout=timeout)

    def resign(self, game_id: str, token: str, *, timeout: Optional[float] = None
               ) -> pb.ResignResponse:
        return self._call(self.stub.Resign, pb.ResignRequest(game_id=game_id), token, timeout)

    def rotate_seat_token(self, game_id: str, token: str, *, timeout: Optional[float] = None
                          ) -> pb.RotateSeatTokenResponse:
        """A new token for the caller's seat; the old one stops working."""
        return self._call(self.stub.RotateSeatToken,
                          pb.RotateSeatTokenRequest(game_id=game_id), token, timeout)

    def send_chat_message(self, game_id: str, text: str, token: Optional[str] = None, *,
                          channel: int = pb.CHAT_CHANNEL_EVERYONE,
                          timeout: Optional[float] = None) -> pb.SendChatMessageResponse:
        """Say `text` at the table: to everyone (the default), the seats
        (`pb.CHAT_CHANNEL_SEATS`) or the sender's team (`pb.CHAT_CHANNEL_TEAM`).
        Without a token the caller speaks as a spectator (everyone only)."""
        req = pb.SendChatMessageRequest(game_id=game_id, channel=channel, text=text)
        return self._call(self.stub.SendChatMessage, req, token, timeout)

    def make_offer(self, game_id: str, token: str, kind: int, *,
                   timeout: Optional[float] = None) -> pb.MakeOfferResponse:
        """Offer the other seats a takeback, a draw or an abort
        (`pb.OFFER_KIND_TAKEBACK`, `_DRAW`, `_ABORT`)."""
        return self._call(self.stub.MakeOffer, pb.MakeOfferRequest(game_id=game_id, kind=kind),
                          token, timeout)

    def answer_offer(self, game_id: str, token: str, offer_id: int, accept: bool, *,
                     timeout: Optional[float] = None) -> pb.AnswerOfferResponse:
        """Accept or decline the pending offer `offer_id` for the caller's seat."""
        req = pb.AnswerOfferRequest(game_id=game_id, offer_id=offer_id, accept=accept)
        return self._call(self.stub.AnswerOffer, req, token, timeout)

    def join_game(self, game_id: str, name: str, *, seat: Optional[int] = None,
                  invite_code: str = "", player_id: str = "",
                  timeout: Optional[float] = None) -> pb.JoinGameResponse:
        """Take an open seat (`seat`, or the lowest open one); the response
        carries the seat's token. `player_id`: as `Seat.player_id`."""
        req = pb.JoinGameRequest(game_id=game_id, name=name, invite_code=invite_code,
                                 player_id=player_id)
        if seat is not None:
            req.seat = seat
        return self._call(self.stub.JoinGame, req, timeout=timeout)

    def leave_game(self, game_id: str, token: str, *, timeout: Optional[float] = None
                   ) -> pb.LeaveGameResponse:
        """Give a seat back before the game starts."""
        return self._call(self.stub.LeaveGame, pb.LeaveGameRequest(game_id=game_id),
                          token, timeout)

    # -- rated play: matchmaking, ratings and the feed ------------------------
    def find_match(self, game_type: str, players: int, *, rated: bool = False,
                   name: str = "", player_id: str = "",
                   time_control: Optional[pb.TimeControl] = None,
                   bot_fill_after_seconds: Optional[int] = None, bot: str = "",
                   timeout: Optional[float] = None) -> Iterator[pb.MatchUpdate]:
        """One FindMatch stream as the server sends it: the player's place
        in the queue about once a second (`update.queued`), then the game
        and the player's seat with its token (`update.found`), and the end.
        Leaving the loop (closing the iterator) leaves the queue. `rated`
        needs a player: a `player` key, or a `creator` key and `player_id`.
        `bot_fill_after_seconds`: after that long, built-in `bot`s (default
        "mcts") take the seats still missing. `timeout`: the stream's
        deadline (default none). `match` is the helper that returns a seat
        ready to play."""
        req = pb.FindMatchRequest(game_type=game_type, players=players, rated=rated, name=name,
                                  player_id=player_id, bot=bot)
        if time_control is not None:
            req.time_control.CopyFrom(time_control)
        if bot_fill_after_seconds is not None:
            req.bot_fill_after_seconds = bot_fill_after_seconds
        stream = self.stub.FindMatch(req, metadata=self._metadata(None), timeout=timeout)
        try:
            yield from stream
        except grpc.RpcError as e:
            raise errors.from_rpc_error(e) from None
        finally:
            stream.cancel()

    def get_ratings(self, game_type: str, player_ids: Sequence[str], *,
                    timeout: Optional[float] = None) -> pb.GetRatingsResponse:
        """The ratings of 1 to 100 players in one game type, in the order
        asked (a player with no rated game yet: the starting rating, 25 ±
        25/3, and `games` 0)."""
        return self._call(self.stub.GetRatings,
                          pb.GetRatingsRequest(game_type=game_type, player_ids=list(player_ids)),
                          timeout=timeout)

    def list_leaderboard(self, game_type: str, *, page_size: int = 0, page_token: str = "",
                         timeout: Optional[float] = None) -> pb.ListLeaderboardResponse:
        """One page of a game type's players, best displayed rating first
        (`leaderboard` walks every page)."""
        return self._call(self.stub.ListLeaderboard, pb.ListLeaderboardRequest(
            game_type=game_type, page_size=page_size, page_token=page_token), timeout=timeout)

    def watch_events_stream(self, after_sequence: int = 0, *,
                            timeout: Optional[float] = None) -> Iterator[pb.FeedEvent]:
        """One WatchEvents stream as the server sends it (no resume; see
        `watch_events`): the events after `after_sequence`, then new ones
        as games are created, start, finish, are aborted or deleted.
        `timeout`: the stream's deadline (default none)."""
        stream = self.stub.WatchEvents(pb.WatchEventsRequest(after_sequence=after_sequence),
                                       metadata=self._metadata(None), timeout=timeout)
        try:
            yield from stream
        except grpc.RpcError as e:
            raise errors.from_rpc_error(e) from None
        finally:
            stream.cancel()

    # -- AdminService (an `admin` API key) -----------------------------------
    def abort_game(self, game_id: str, *, timeout: Optional[float] = None
                   ) -> admin_pb.AbortGameResponse:
        return self._call(self.admin.AbortGame, admin_pb.AbortGameRequest(game_id=game_id),
                          timeout=timeout)

    def delete_game(self, game_id: str, *, timeout: Optional[float] = None
                    ) -> admin_pb.DeleteGameResponse:
        return self._call(self.admin.DeleteGame, admin_pb.DeleteGameRequest(game_id=game_id),
                          timeout=timeout)

    def reissue_seat_token(self, game_id: str, seat: int, *, timeout: Optional[float] = None
                           ) -> admin_pb.ReissueSeatTokenResponse:
        return self._call(self.admin.ReissueSeatToken,
                          admin_pb.ReissueSeatTokenRequest(game_id=game_id, seat=seat),
                          timeout=timeout)

    def delete_chat_message(self, game_id: str, message_id: int, *,
                            timeout: Optional[float] = None
                            ) -> admin_pb.DeleteChatMessageResponse:
        return self._call(self.admin.DeleteChatMessage,
                          admin_pb.DeleteChatMessageRequest(game_id=game_id,
                                                            message_id=message_id),
                          timeout=timeout)

    def mute_chat(self, game_id: str, seat: int, muted: bool = True, *,
                  timeout: Optional[float] = None) -> admin_pb.MuteChatResponse:
        return self._call(self.admin.MuteChat,
                          admin_pb.MuteChatRequest(game_id=game_id, seat=seat, muted=muted),
                          timeout=timeout)

    # -- short helpers -------------------------------------------------------
    def game_types(self) -> Sequence[pb.GameType]:
        return self.list_game_types().game_types

    def game_type(self, game: str) -> pb.GameType:
        for t in self.game_types():
            if t.id == game:
                return t
        raise ValueError(f"the server hosts no game type {game[:64]!r}")

    def get(self, game_id: str, token: Optional[str] = None, *,
            observation: bool = False) -> pb.GetGameResponse:
        return self.get_game(game_id, token, observation=observation)

    def legal(self, game_id: str, token: Optional[str], *,
              observation: bool = False) -> pb.ListLegalActionsResponse:
        return self.list_legal_actions(game_id, token, observation=observation)

    def create(self, game: str, seats: Sequence[Union[Seat, str]], *,
               seed: Optional[int] = None, options: Optional[pb.GameOptions] = None,
               **kwargs) -> pb.CreateGameResponse:
        return self.create_game(game, seats, seed=seed, options=options, **kwargs)

    def apply(self, game_id: str, token: str, **kwargs) -> pb.ApplyActionResponse:
        return self.apply_action(game_id, token, **kwargs)

    def seat(self, game_id: str, token: str) -> "SeatHandle":
        """Play the seat that owns `token` (from CreateGame, JoinGame, or
        handed to you by whoever created the game)."""
        snap = self.get(game_id, token).snapshot
        if not snap.HasField("viewer"):
            raise ValueError("the token does not belong to a seat of this game")
        return SeatHandle(self, game_id, token, snap.viewer)

    # Older name of `seat` (it is not the JoinGame call: see `join_game`).
    join = seat

    def take_seat(self, game_id: str, name: str, *, seat: Optional[int] = None,
                  invite_code: str = "", player_id: str = "") -> "SeatHandle":
        """JoinGame, then a handle on the seat taken."""
        joined = self.join_game(game_id, name, seat=seat, invite_code=invite_code,
                                player_id=player_id)
        return SeatHandle(self, game_id, joined.seat.token, joined.seat.seat)

    def wait_for_start(self, game_id: str, token: Optional[str] = None, *,
                       timeout: Optional[float] = None, stream_timeout: Optional[float] = None,
                       max_retries: int = 50, poll: Optional[float] = None) -> pb.GameSnapshot:
        """The game's snapshot once it no longer waits for players (started,
        or finished if it was aborted while waiting); `timeout` seconds at
        most (None: no limit), else DeadlineExceeded.

        Reads the game with GetGame, then follows WatchGame from that
        version: the stream sends that version first and then, with
        `GameUpdate.cause` set, every seat change and the start, which make
        no new version. Those updates reach only open streams, so after a
        dropped stream (or one cut by `stream_timeout`) the game is read
        with GetGame again before watching again: a start that happened
        while no stream was open is not missed. After `max_retries`
        failures in a row the last error is raised. `poll` is ignored: it
        was the interval of the GetGame polling this replaced, still
        accepted so older callers keep working."""
        del poll
        deadline = None if timeout is None else time.monotonic() + timeout

        def left(bound: Optional[float]) -> Optional[float]:
            """Seconds for the next call: `bound`, cut to what is left of
            `timeout` (DeadlineExceeded when nothing is)."""
            if deadline is None:
                return bound
            rest = deadline - time.monotonic()
            if rest <= 0:
                raise errors.DeadlineExceeded(grpc.StatusCode.DEADLINE_EXCEEDED,
                                              f"the game did not start in {timeout} s")
            return rest if bound is None else min(bound, rest)

        failures = 0
        while True:
            last: Optional[errors.SatrapError] = None
            try:
                snap = self.get_game(game_id, token, timeout=left(self.timeout)).snapshot
                if snap.status != WAITING:
                    return snap
                # Full snapshots: a waiting game's are small, and each update
                # then shows its status with no delta to apply.
                for update in self.watch_game(game_id, token, from_version=snap.version,
                                              timeout=left(stream_timeout)):
                    failures = 0
                    if update.snapshot.status != WAITING:
                        return update.snapshot
                # The stream ended while the game still waits: read it again.
            except errors.SatrapError as e:
                # DEADLINE_EXCEEDED is resumable: a stream cut by
                # `stream_timeout`. Once `timeout` has passed, `left` below
                # raises it for good.
                if e.code() not in RESUMABLE:
                    raise
                last = e
            failures += 1
            if failures > max_retries:
                if last is not None:
                    raise last
                raise errors.Unavailable(grpc.StatusCode.UNAVAILABLE,
                                         f"WatchGame ended {failures} times in a row")
            time.sleep(left(backoff(failures)))

    # -- rated play helpers --------------------------------------------------
    def match(self, game_type: str, players: int, *, rated: bool = False, name: str = "",
              player_id: str = "", time_control: Optional[pb.TimeControl] = None,
              bot_fill_after_seconds: Optional[int] = None, bot: str = "",
              timeout: Optional[float] = None,
              on_queued: Optional[Callable[[pb.MatchQueued], None]] = None,
              max_retries: int = 5) -> "MatchedSeat":
        """Queue with FindMatch until the player is matched, and return the
        seat, ready for `Bot.play`; the request's fields as in `find_match`,
        `timeout` in seconds for the whole wait: see
        `satrap.matchmaking.match`."""
        from satrap.matchmaking import match

        return match(self, game_type, players, rated=rated, name=name, player_id=player_id,
                     time_control=time_control, bot_fill_after_seconds=bot_fill_after_seconds,
                     bot=bot, timeout=timeout, on_queued=on_queued, max_retries=max_retries)

    def rating(self, game_type: str, player_id: str) -> pb.PlayerRating:
        """One player's rating in `game_type`."""
        return self.get_ratings(game_type, [player_id]).ratings[0]

    def leaderboard(self, game_type: str, *, page_size: int = 100
                    ) -> Iterator[pb.PlayerRating]:
        """Every rated player of `game_type`, best first, page after page
        (`place` numbers them from 1)."""
        from satrap.feed import leaderboard

        return leaderboard(self, game_type, page_size=page_size)

    def watch_events(self, after_sequence: int = 0, *, stream_timeout: Optional[float] = None,
                     max_retries: Optional[int] = None) -> Iterator[pb.FeedEvent]:
        """Every feed event after `after_sequence`, once and in order, for
        as long as the caller reads: see `satrap.feed.watch_events` (a
        dropped stream is reopened after the last sequence seen)."""
        from satrap.feed import watch_events

        return watch_events(self, after_sequence, stream_timeout=stream_timeout,
                            max_retries=max_retries)

    # -- following -----------------------------------------------------------
    def follow(self, game_id: str, token: Optional[str] = None, *, from_version: int = 0,
               text: bool = False, stream_timeout: Optional[float] = None,
               max_retries: int = 50) -> Iterator[tuple[pb.GameUpdate, pb.GameSnapshot]]:
        """Like `watch`, but the server sends deltas (UPDATE_MODE_DELTA, the
        text picture only with `text`): yields each update with the whole
        snapshot of its version, rebuilt here. A dropped stream resumes at
        the last version seen + 1 and starts again from a whole snapshot."""
        from satrap.delta import apply_delta

        held: Optional[pb.GameSnapshot] = None
        for update in self.watch(game_id, token, from_version=from_version, delta=True,
                                 text=text, stream_timeout=stream_timeout,
                                 max_retries=max_retries):
            if update.HasField("snapshot"):
                held = update.snapshot
            elif held is None:
                raise RuntimeError(f"version {update.version}: a delta before any snapshot")
            else:
                held = apply_delta(held, update.delta)
            yield update, held

    def watch(self, game_id: str, token: Optional[str] = None, *, from_version: int = 0,
              stream_timeout: Optional[float] = None, max_retries: int = 50,
              delta: bool = False, text: bool = False) -> Iterator[pb.GameUpdate]:
        """Every version from `from_version` on, as `token` may see it, until
        the game is finished. A dropped stream (or one that ends early) is
        resumed at the last version seen + 1, so nothing is missed or
        repeated; after `max_retries` failures in a row the last error is
        raised. A version comes again only as an update with `cause` set
        (its seats changed or the game started, which make no new
        version), and only while a stream is open: what changed while none
        was, GetGame tells. `delta`: ask for UPDATE_MODE_DELTA (see
        `follow`)."""
        next_version = from_version
        failures = 0
        while True:
            try:
                for update in self.watch_game(game_id, token, from_version=next_version,
                                              delta=delta, text=text, timeout=stream_timeout):
                    failures = 0
                    next_version = update.version + 1
                    yield update
                    status = (update.snapshot if update.HasField("snapshot")
                              else update.delta.values).status
                    if status == FINISHED:
                        return
                # The stream ended without the game's end: resume too.
                last: Optional[errors.SatrapError] = None
            except errors.SatrapError as e:
                if e.code() not in RESUMABLE:
                    raise
                last = e
            failures += 1
            if failures > max_retries:
                if last is not None:
                    raise last
                raise errors.Unavailable(grpc.StatusCode.UNAVAILABLE,
                                         f"WatchGame ended {failures} times in a row")
            time.sleep(backoff(failures))


class SeatHandle:
    """A seat of a game this program plays: its client, game and token."""

    def __init__(self, client: Client, game_id: str, token: str, seat: int):
        self.client, self.game_id, self.token, self.seat = client, game_id, token, seat

    def snapshot(self) -> pb.GameSnapshot:
        return self.client.get(self.game_id, self.token).snapshot

    def legal(self, *, observation: bool = False) -> pb.ListLegalActionsResponse:
        return self.client.legal(self.game_id, self.token, observation=observation)

    def apply(self, **kwargs) -> pb.ApplyActionResponse:
        return self.client.apply(self.game_id, self.token, **kwargs)

    def watch(self, from_version: int = 0, **kwargs) -> Iterator[pb.GameUpdate]:
        return self.client.watch(self.game_id, self.token, from_version=from_version, **kwargs)

    def wait_for_start(self, **kwargs) -> pb.GameSnapshot:
        return self.client.wait_for_start(self.game_id, self.token, **kwargs)

    def resign(self) -> pb.ResignResponse:
        return self.client.resign(self.game_id, self.token)

    def leave(self) -> pb.LeaveGameResponse:
        return self.client.leave_game(self.game_id, self.token)

    def rotate_token(self) -> str:
        """A new token for this seat (the old one stops working)."""
        self.token = self.client.rotate_seat_token(self.game_id, self.token).credential.token
        return self.token

    def __repr__(self) -> str:
        return f"SeatHandle(game={self.game_id!r}, seat={self.seat})"


__all__: List[str] = ["Client", "Seat", "SeatHandle", "FINISHED", "WAITING", "RESUMABLE",
                      "auth", "unpack_mask", "mask_allows", "time_control", "make_channel", "backoff"]

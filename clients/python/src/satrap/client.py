"""A small client of satrap's GameService with the resume contract built in.

Every call has a deadline; `watch` follows a game across dropped streams by
resuming at the last version seen + 1 (README, "Following a game").
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Iterator, Optional, Sequence, Union

import grpc

from satrap.v1 import service_pb2 as pb
from satrap.v1 import service_pb2_grpc as pb_grpc

FINISHED = pb.GAME_STATUS_FINISHED

# Stream errors after which a watcher simply resumes: the connection or the
# server went away, the stream's deadline passed, or it was cut.
RESUMABLE = (
    grpc.StatusCode.UNAVAILABLE,
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.CANCELLED,
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


@dataclass(frozen=True)
class Seat:
    """One seat at a new game: a person/program (`bot=""`) or a built-in bot."""

    name: str
    bot: str = ""


class Client:
    """A connection to a satrap server (`host:port`, plaintext gRPC)."""

    def __init__(self, address: str = "127.0.0.1:50051", *, timeout: float = 10.0,
                 channel: Optional[grpc.Channel] = None):
        self.address = address
        self.timeout = timeout
        self.channel = channel or grpc.insecure_channel(
            address,
            options=[("grpc.max_receive_message_length", 64 * 1024 * 1024)],
        )
        self.stub = pb_grpc.GameServiceStub(self.channel)

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- reading -----------------------------------------------------------
    def game_types(self) -> Sequence[pb.GameType]:
        return self.stub.ListGameTypes(pb.ListGameTypesRequest(), timeout=self.timeout).game_types

    def game_type(self, game: str) -> pb.GameType:
        for t in self.game_types():
            if t.id == game:
                return t
        raise ValueError(f"the server hosts no game type {game!r}")

    def get(self, game_id: str, token: Optional[str] = None, *,
            observation: bool = False) -> pb.GetGameResponse:
        return self.stub.GetGame(
            pb.GetGameRequest(game_id=game_id, observation=observation),
            metadata=auth(token), timeout=self.timeout)

    def legal(self, game_id: str, token: Optional[str], *,
              observation: bool = False) -> pb.ListLegalActionsResponse:
        return self.stub.ListLegalActions(
            pb.ListLegalActionsRequest(game_id=game_id, observation=observation),
            metadata=auth(token), timeout=self.timeout)

    # -- writing -----------------------------------------------------------
    def create(self, game: str, seats: Sequence[Union[Seat, str]], *,
               seed: Optional[int] = None, options: Optional[pb.GameOptions] = None
               ) -> pb.CreateGameResponse:
        """A new game; a `str` seat is a client seat of that name. Keep the
        returned seat tokens: the server cannot show them again."""
        req = pb.CreateGameRequest(
            game_type=game,
            seats=[pb.SeatRequest(name=s, bot="") if isinstance(s, str)
                   else pb.SeatRequest(name=s.name, bot=s.bot) for s in seats],
        )
        if seed is not None:
            req.seed = seed
        if options is not None:
            req.options.CopyFrom(options)
        return self.stub.CreateGame(req, timeout=self.timeout)

    def apply(self, game_id: str, token: str, *, action_id: Optional[int] = None,
              notation: Optional[str] = None, action: Optional[pb.Action] = None,
              expected_version: Optional[int] = None) -> pb.ApplyActionResponse:
        """Apply one action, given as exactly one of a fixed id, a notation
        or a typed action."""
        if sum(x is not None for x in (action_id, notation, action)) != 1:
            raise ValueError("give exactly one of action_id, notation, action")
        req = pb.ApplyActionRequest(game_id=game_id)
        if action_id is not None:
            req.action_id = int(action_id)
        elif notation is not None:
            req.notation = notation
        else:
            req.action.CopyFrom(action)
        if expected_version is not None:
            req.expected_version = expected_version
        return self.stub.ApplyAction(req, metadata=auth(token), timeout=self.timeout)

    def join(self, game_id: str, token: str) -> "SeatHandle":
        """Play the seat that owns `token` (from CreateGame, or handed to
        you by whoever created the game)."""
        snap = self.get(game_id, token).snapshot
        if not snap.HasField("viewer"):
            raise ValueError("the token does not belong to a seat of this game")
        return SeatHandle(self, game_id, token, snap.viewer)

    # -- following ---------------------------------------------------------
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
        the game is finished. A dropped stream is resumed at the last version
        seen + 1, so nothing is missed or repeated. `delta`: ask for
        UPDATE_MODE_DELTA (see `follow`, which rebuilds the snapshots)."""
        next_version = from_version
        failures = 0
        mode = pb.UPDATE_MODE_DELTA if delta else pb.UPDATE_MODE_FULL
        while True:
            stream = self.stub.WatchGame(
                pb.WatchGameRequest(game_id=game_id, from_version=next_version,
                                    mode=mode, text=text),
                metadata=auth(token), timeout=stream_timeout)
            try:
                for update in stream:
                    failures = 0
                    next_version = update.version + 1
                    yield update
                    status = (update.snapshot if update.HasField("snapshot")
                              else update.delta.values).status
                    if status == FINISHED:
                        return
            except grpc.RpcError as e:
                if e.code() not in RESUMABLE:
                    raise
                failures += 1
                if failures > max_retries:
                    raise
                time.sleep(min(2.0, 0.05 * 2 ** min(failures, 6)) * (0.5 + random.random()))
            finally:
                stream.cancel()


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

    def __repr__(self) -> str:
        return f"SeatHandle(game={self.game_id!r}, seat={self.seat})"

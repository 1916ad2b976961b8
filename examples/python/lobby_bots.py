#!/usr/bin/env python3
"""Two bots written in Python take the open seats of a game and play it.

A host creates a game with every seat open and one single-use invite code
per seat (CreateGameRequest.invite_codes). Each bot joins its seat with
JoinGame and its code, receiving the seat's token; the game starts when the
last seat is taken. The bots then play random legal actions until the game
ends. Along the way it checks that an invite code works once and only once,
and that nobody can act before the game starts.

Run ./generate.sh first. Exit status: 0 all went well; 1 a check failed;
3 the server is unavailable.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "satrap_pb"))

try:
    import grpc
    from satrap.v1 import service_pb2 as pb
    from satrap.v1 import service_pb2_grpc as pb_grpc
except ImportError as e:  # pragma: no cover - setup problem
    sys.exit(f"{e}\nInstall requirements.txt and run ./generate.sh first.")


def auth(token: str):
    return [("authorization", f"Bearer {token}")]


def check(ok: bool, what: str) -> None:
    if not ok:
        print(f"FAILED: {what}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}")


def expect_code(code, call, what: str) -> None:
    try:
        call()
    except grpc.RpcError as e:
        check(e.code() == code, f"{what} ({e.code().name}: {e.details()})")
        return
    check(False, f"{what} (the call succeeded)")


def play(stub, game_id: str, seat: int, token: str, seed: int, errors: list) -> None:
    """Play random legal actions for `seat` until the game ends."""
    rng = random.Random(seed)
    try:
        while True:
            snap = stub.GetGame(pb.GetGameRequest(game_id=game_id), metadata=auth(token), timeout=10).snapshot
            if snap.status == pb.GAME_STATUS_FINISHED:
                return
            if seat not in snap.to_act:
                # Wait for the next version on a watch stream.
                stream = stub.WatchGame(
                    pb.WatchGameRequest(game_id=game_id, from_version=snap.version + 1),
                    metadata=auth(token),
                    timeout=30,
                )
                for update in stream:
                    if seat in update.snapshot.to_act or update.snapshot.status == pb.GAME_STATUS_FINISHED:
                        break
                stream.cancel()
                continue
            legal = stub.ListLegalActions(pb.ListLegalActionsRequest(game_id=game_id), metadata=auth(token), timeout=10)
            if not legal.actions:
                continue
            pick = rng.choice(legal.actions).notation
            try:
                stub.ApplyAction(
                    pb.ApplyActionRequest(game_id=game_id, expected_version=legal.version, notation=pick),
                    metadata=auth(token),
                    timeout=10,
                )
            except grpc.RpcError as e:
                # The other bot moved first (simultaneous turns): look again.
                if e.code() != grpc.StatusCode.ABORTED:
                    raise
    except Exception as e:  # reported by the main thread
        errors.append(f"seat {seat}: {e!r}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", default="127.0.0.1:50051")
    ap.add_argument("--game", default="king_of_siam")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    with grpc.insecure_channel(args.server) as channel:
        try:
            grpc.channel_ready_future(channel).result(timeout=30)
        except grpc.FutureTimeoutError:
            print(f"server {args.server} unavailable", file=sys.stderr)
            return 3
        stub = pb_grpc.GameServiceStub(channel)

        created = stub.CreateGame(
            pb.CreateGameRequest(
                game_type=args.game,
                seats=[pb.SeatRequest(open=True), pb.SeatRequest(open=True)],
                seed=args.seed,
                invite_codes=True,
            ),
            timeout=10,
        )
        game_id = created.game_id
        check(len(created.invites) == 2, "one invite code per open seat")
        check(all(s.open and not s.token for s in created.seats), "open seats come without tokens")
        listed = stub.ListGames(pb.ListGamesRequest(open_seats=True, page_size=100), timeout=10).games
        check(any(g.game_id == game_id for g in listed), "ListGames finds the game with open seats")
        snap = stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).snapshot
        check(snap.status == pb.GAME_STATUS_WAITING and not snap.to_act, "the game waits for players")

        tokens = {}
        for invite in created.invites:
            joined = stub.JoinGame(
                pb.JoinGameRequest(
                    game_id=game_id,
                    seat=invite.seat,
                    name=f"python-bot-{invite.seat}",
                    invite_code=invite.code,
                ),
                timeout=10,
            )
            check(joined.seat.seat == invite.seat and joined.seat.token, f"seat {invite.seat} joined with its code")
            tokens[invite.seat] = joined.seat.token
            if len(tokens) == 1:
                # While the other seat is still open: the used code opens
                # nothing, neither any seat nor the other seat.
                used = invite.code
                expect_code(
                    grpc.StatusCode.FAILED_PRECONDITION,
                    lambda: stub.JoinGame(pb.JoinGameRequest(game_id=game_id, invite_code=used), timeout=10),
                    "a used invite code takes no seat",
                )
                other = created.invites[1].seat
                expect_code(
                    grpc.StatusCode.PERMISSION_DENIED,
                    lambda: stub.JoinGame(
                        pb.JoinGameRequest(game_id=game_id, seat=other, invite_code=used), timeout=10
                    ),
                    "a code opens only its own seat",
                )
                legal = stub.ListLegalActions(
                    pb.ListLegalActionsRequest(game_id=game_id), metadata=auth(joined.seat.token), timeout=10
                )
                check(not legal.actions, "no legal actions before the start")
        snap = stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).snapshot
        check(snap.status == pb.GAME_STATUS_IN_PROGRESS, "the game started when the last seat was taken")

        errors: list = []
        threads = [
            threading.Thread(target=play, args=(stub, game_id, seat, token, args.seed + seat, errors))
            for seat, token in tokens.items()
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=600)
        check(not errors, f"both bots played without errors {errors}")
        snap = stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).snapshot
        check(snap.status == pb.GAME_STATUS_FINISHED and snap.HasField("outcome"), "the game finished")
        print(f"game {game_id}: {snap.outcome.summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

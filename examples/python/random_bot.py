#!/usr/bin/env python3
"""A random bot for satrap, and a check of the service's error codes.

It plays seat 0 of a new game against the server's built-in "random" bots,
choosing uniformly among the notations that ListLegalActions returns, until
the game ends. It knows nothing about any game's rules: it works for every
game type the server hosts.

Before playing it checks (unless --no-checks) that bad requests fail with the
documented gRPC status codes and change nothing.

Run ./generate.sh first (it writes the generated code into ./satrap_pb/).

Exit status: 0 the game finished with an outcome (and every check passed);
1 the game did not finish properly; 2 an error-code check failed;
3 the server or game type is unavailable.
"""

from __future__ import annotations

import argparse
import time
import os
import random
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
# The generated modules import each other as `satrap.v1.*`: satrap_pb/ is
# their source root.
sys.path.insert(0, os.path.join(HERE, "satrap_pb"))

try:
    import grpc
    from satrap.v1 import service_pb2 as pb
    from satrap.v1 import service_pb2_grpc as pb_grpc
except ImportError as e:  # pragma: no cover - setup problem
    sys.exit(f"{e}\nInstall requirements.txt and run ./generate.sh first.")

try:
    from grpc_health.v1 import health_pb2, health_pb2_grpc
except ImportError:  # grpcio-health-checking is optional
    health_pb2 = health_pb2_grpc = None

FINISHED = pb.GAME_STATUS_FINISHED
SERVICE_NAME = "satrap.v1.GameService"


def auth(token: str | None):
    """Request metadata acting as the seat that owns `token` (None: spectator)."""
    return [("authorization", f"Bearer {token}")] if token else []


class Bot:
    def __init__(self, stub, timeout: float, quiet: bool):
        self.stub = stub
        self.timeout = timeout
        self.quiet = quiet

    def say(self, *a):
        if not self.quiet:
            print(*a, flush=True)

    # Thin wrappers: every call has a deadline.
    def get(self, game_id, token=None):
        return self.stub.GetGame(
            pb.GetGameRequest(game_id=game_id), metadata=auth(token), timeout=self.timeout
        ).snapshot

    def legal(self, game_id, token):
        return self.stub.ListLegalActions(
            pb.ListLegalActionsRequest(game_id=game_id), metadata=auth(token), timeout=self.timeout
        )

    def apply(self, game_id, token, notation, expected_version=None):
        req = pb.ApplyActionRequest(game_id=game_id, notation=notation)
        if expected_version is not None:
            req.expected_version = expected_version
        return self.stub.ApplyAction(req, metadata=auth(token), timeout=self.timeout)

    def create(self, game_type, seats, seed=None):
        req = pb.CreateGameRequest(
            game_type=game_type,
            seats=[pb.SeatRequest(name=name, bot=bot) for name, bot in seats],
        )
        if seed is not None:
            req.seed = seed
        return self.stub.CreateGame(req, timeout=self.timeout)

    def wait_past(self, game_id, token, version, wait: float):
        """Block until the game is past `version` (or `wait` seconds pass)."""
        stream = self.stub.WatchGame(
            pb.WatchGameRequest(game_id=game_id, from_version=version + 1),
            metadata=auth(token),
            timeout=wait,
        )
        try:
            for _update in stream:
                return
        except grpc.RpcError as e:
            if e.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
                raise
        finally:
            stream.cancel()


def check_health(channel, timeout: float) -> bool:
    if health_pb2 is None:
        return True
    stub = health_pb2_grpc.HealthStub(channel)
    resp = stub.Check(health_pb2.HealthCheckRequest(service=SERVICE_NAME), timeout=timeout)
    return resp.status == health_pb2.HealthCheckResponse.SERVING


def check_errors(bot: Bot, game: pb.GameType, players: int) -> int:
    """Check that bad requests fail with the documented codes and change
    nothing. Returns the number of failed checks."""
    failures = 0
    C = grpc.StatusCode

    def report(ok, label, detail):
        nonlocal failures
        failures += 0 if ok else 1
        print(f"  {'ok  ' if ok else 'FAIL'} {label}: {detail}", flush=True)

    def expect(code, label, game_id, before, call):
        """`call` must fail with `code`; then the game must be unchanged."""
        try:
            call()
        except grpc.RpcError as e:
            ok = e.code() == code
            detail = f"{e.code().name} ({e.details()})"
        else:
            ok, detail = False, f"succeeded, expected {code.name}"
        after = bot.get(game_id)
        if (after.version, after.status) != (before.version, before.status):
            ok = False
            detail += f"; game changed: version {before.version} -> {after.version}"
        report(ok, f"{label} -> {code.name}", detail)

    print(f"checking error codes on {game.id}:", flush=True)
    # Client seats only: bots would move on their own time (after
    # CreateGame returns) and the checks need a game that holds still.
    created = bot.create(game.id, [(f"checker-{i}", "") for i in range(players)])
    gid = created.game_id
    snap = bot.get(gid)
    token = created.seats[snap.to_act[0]].token if snap.to_act else ""
    legal = bot.legal(gid, token)
    if snap.status == FINISHED or not legal.actions:
        report(False, "setup", f"the seat to act has no legal action in a new game (to_act={list(snap.to_act)})")
        return failures
    good = legal.actions[0].notation
    v = legal.version

    expect(C.UNAUTHENTICATED, "bad token", gid, snap,
           lambda: bot.apply(gid, "0" * 64, good, v))
    expect(C.PERMISSION_DENIED, "spectator (no token) acts", gid, snap,
           lambda: bot.apply(gid, None, good, v))
    expect(C.INVALID_ARGUMENT, "garbage notation 'xyzzy!!'", gid, snap,
           lambda: bot.apply(gid, token, "xyzzy!!", v))
    expect(C.ABORTED, f"stale expected_version {v + 5}", gid, snap,
           lambda: bot.apply(gid, token, good, v + 5))
    expect(C.NOT_FOUND, "unknown game id (GetGame)", gid, snap,
           lambda: bot.get(str(uuid.uuid4())))
    expect(C.NOT_FOUND, "unknown game id (ApplyAction)", gid, snap,
           lambda: bot.apply(str(uuid.uuid4()), token, good))

    # The same request, well-formed, now succeeds: the rejections above were
    # for the reasons checked, not something else.
    try:
        after = bot.apply(gid, token, good, v).snapshot
        report(after.version > v, f"valid move '{good}' afterwards",
               f"version {v} -> {after.version}")
    except grpc.RpcError as e:
        report(False, f"valid move '{good}' afterwards", f"{e.code().name} ({e.details()})")

    # Out of turn needs two client seats: the one not in to_act plays the
    # acting seat's first legal action.
    n = max(2, game.min_players)
    created = bot.create(game.id, [(f"client-{i}", "") for i in range(n)])
    gid = created.game_id
    tokens = {c.seat: c.token for c in created.seats}
    snap = bot.get(gid)
    acting = list(snap.to_act)
    waiting = [s for s in range(n) if s not in acting]
    if not acting or not waiting:
        report(False, "out-of-turn setup", f"to_act={acting} leaves no waiting seat")
        return failures
    legal = bot.legal(gid, tokens[acting[0]])
    idle = bot.legal(gid, tokens[waiting[0]])
    report(not idle.actions, f"seat {waiting[0]} (not to act) lists no actions",
           f"{len(idle.actions)} listed")
    notation = legal.actions[0].notation if legal.actions else "PASS"
    expect(C.FAILED_PRECONDITION, f"seat {waiting[0]} plays '{notation}' out of turn", gid, snap,
           lambda: bot.apply(gid, tokens[waiting[0]], notation, legal.version))
    return failures


# Stream errors after which a client simply resumes: the connection or the
# server went away (UNAVAILABLE), the stream's deadline passed, or we cut it.
RESUMABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED)


def play(bot: Bot, game_type: str, players: int, seed, rng: random.Random, max_steps: int,
         cut_every: int = 0) -> int:
    """Play seat 0 to the end, driven by WatchGame, following the resume
    contract (docs/api.md, "Following a game"):

    - follow the game on WatchGame from `last_seen + 1`; when the stream
      drops (or, with `cut_every`, is cut on purpose every few updates),
      open it again from `last_seen + 1`: no version is missed or repeated;
    - act when an update lists seat 0 in `to_act`: list the legal actions,
      send one with `expected_version`;
    - ABORTED means another seat (a bot, or anyone in a simultaneous phase
      such as Ming Dynasty's secret choices) moved first: wait for the next
      update and list again;
    - UNAVAILABLE or a deadline on ApplyAction leaves it unknown whether the
      move was applied: the stream tells (the version moved on, or not), and
      a resend with the same expected_version is safe (ABORTED if it was).
    """
    seats = [("python-random-bot", "")] + [(f"random-{i}", "random") for i in range(1, players)]
    created = bot.create(game_type, seats, seed)
    gid, token = created.game_id, created.seats[0].token
    print(f"game {gid}: {game_type}, {players} players, seat 0 is this client"
          + (f", seed {seed}" if seed is not None else ""), flush=True)

    moves = cuts = drops = steps = 0
    last_seen = -1
    finished = False
    while not finished and steps < max_steps:
        stream = bot.stub.WatchGame(pb.WatchGameRequest(game_id=gid, from_version=last_seen + 1),
                                    metadata=auth(token))
        received = 0
        try:
            for update in stream:
                steps += 1
                if update.version != last_seen + 1:
                    raise SystemExit(f"resume broke: got v{update.version} after v{last_seen}")
                last_seen = update.version
                received += 1
                snap = update.snapshot
                if snap.status == FINISHED:
                    finished = True
                    break
                if 0 in snap.to_act:
                    moves += act(bot, gid, token, rng)
                if cut_every and received % cut_every == 0:
                    cuts += 1
                    break  # cut: resume from last_seen + 1
        except grpc.RpcError as e:
            if e.code() not in RESUMABLE:
                raise
            drops += 1
            time.sleep(min(0.05 * drops, 1.0))
        finally:
            stream.cancel()
    if not finished:
        print(f"gave up after {max_steps} steps", file=sys.stderr)
    print(f"watch stream resumed {cuts} times after a cut, {drops} times after a drop", flush=True)
    final = bot.get(gid, token)
    print(f"--- game {gid} after {final.version} actions ({moves} by this client) ---")
    if final.status != FINISHED or not final.HasField("outcome"):
        print(f"NOT FINISHED: status={pb.GameStatus.Name(final.status)}", file=sys.stderr)
        return 1
    o = final.outcome
    names = {s.seat: s.name for s in final.seats}
    winners = ", ".join(f"seat {w} ({names.get(w, '?')})" for w in o.winners)
    print(f"winners: {winners or 'none'}" + (" (draw)" if o.draw else ""))
    print(f"ending:  {o.ending}")
    print(f"summary: {o.summary}")
    for r in o.results:
        print(f"  seat {r.seat} {names.get(r.seat, ''):<20} rank {r.rank} score {r.score}")
    print("board:")
    print(final.text)
    return 0


def act(bot: Bot, gid: str, token: str, rng: random.Random) -> int:
    """One move of seat 0 if it still has one; returns the number played."""
    try:
        legal = bot.legal(gid, token)
        if not legal.actions:
            return 0  # someone moved first: the stream brings it
        choice = rng.choice(legal.actions)
        resp = bot.apply(gid, token, choice.notation, legal.version)
    except grpc.RpcError as e:
        if e.code() == grpc.StatusCode.ABORTED:
            bot.say(f"  version moved on ({e.details()}); waiting for the next update")
            return 0
        if e.code() in RESUMABLE:
            bot.say(f"  {e.code().name}: the stream will tell whether the move was applied")
            return 0
        raise
    bot.say(f"v{legal.version:>4} seat 0: {choice.notation}"
            f"  ({len(legal.actions)} legal) -> v{resp.snapshot.version}")
    return 1


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--server", default="127.0.0.1:50051", help="host:port of satrap")
    p.add_argument("--game", default="king_of_siam", help="GameType.id")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, help="game seed (also seeds this bot's choices)")
    p.add_argument("--quiet", action="store_true", help="print only checks and the result")
    p.add_argument("--no-checks", action="store_true", help="skip the error-code checks")
    p.add_argument("--timeout", type=float, default=10.0, help="deadline of each call, seconds")
    p.add_argument("--max-steps", type=int, default=100_000)
    p.add_argument("--cut-every", type=int, default=0,
                   help="cut the watch stream every N updates and resume it (tests the resume contract)")
    args = p.parse_args(argv)

    channel = grpc.insecure_channel(args.server)
    try:
        grpc.channel_ready_future(channel).result(timeout=args.timeout)
    except grpc.FutureTimeoutError:
        print(f"cannot reach {args.server}", file=sys.stderr)
        return 3
    stub = pb_grpc.GameServiceStub(channel)
    bot = Bot(stub, args.timeout, args.quiet)

    try:
        return run(args, channel, stub, bot)
    except grpc.RpcError as e:
        print(f"call failed: {e.code().name}: {e.details()}", file=sys.stderr)
        return 1
    finally:
        channel.close()


def run(args, channel, stub, bot: Bot) -> int:
    if not check_health(channel, args.timeout):
        print(f"{SERVICE_NAME} is not SERVING", file=sys.stderr)
        return 3
    types = {t.id: t for t in stub.ListGameTypes(pb.ListGameTypesRequest(), timeout=args.timeout).game_types}
    game = types.get(args.game)
    if game is None:
        print(f"unknown game {args.game!r}; the server hosts {sorted(types)}", file=sys.stderr)
        return 3
    if not game.min_players <= args.players <= game.max_players:
        print(f"{game.name} takes {game.min_players}-{game.max_players} players", file=sys.stderr)
        return 3
    if game.bots and "random" not in game.bots:
        print(f"{game.name} has no 'random' bot (bots: {list(game.bots)})", file=sys.stderr)
        return 3

    if not args.no_checks:
        failed = check_errors(bot, game, args.players)
        if failed:
            print(f"{failed} error-code check(s) failed", file=sys.stderr)
            return 2

    rng = random.Random(args.seed)
    return play(bot, game.id, args.players, args.seed, rng, args.max_steps, args.cut_every)


if __name__ == "__main__":
    sys.exit(main())

"""connectrpc (the official Python Connect client) against a running satrap,
in JSON and in binary: reads by GET (the methods marked NO_SIDE_EFFECTS), a
game created, a move applied, WatchGame streamed to the end of a bot game
with every version once, and an error's code.

    SATRAP_ADDR=127.0.0.1:50051 SATRAP_KEY=satrap_... python check.py GEN_DIR
"""

import os
import sys

sys.path.insert(0, sys.argv[1])

from connectrpc.code import Code  # noqa: E402
from connectrpc.codec import proto_binary_codec, proto_json_codec  # noqa: E402
from connectrpc.errors import ConnectError  # noqa: E402
from protobuf import Oneof  # noqa: E402
from satrap.v1 import service_pb as pb  # noqa: E402
from satrap.v1.service_connect import GameServiceClientSync  # noqa: E402

ADDRESS = f"http://{os.environ['SATRAP_ADDR']}"
KEYED = {"x-api-key": os.environ.get("SATRAP_KEY", "")}


def check(name, codec):
    # Requests uncompressed: the server reads no compressed bodies.
    with GameServiceClientSync(
        ADDRESS, codec=codec, send_compression=None, timeout_ms=10_000
    ) as client:
        types = client.list_game_types(pb.ListGameTypesRequest(), headers=KEYED, use_get=True)
        assert len(types.game_types) == 4, types

        game = client.create_game(
            pb.CreateGameRequest(
                game_type="king_of_siam",
                seats=[pb.SeatRequest(name="a"), pb.SeatRequest(name="b")],
                seed=13,
            ),
            headers=KEYED,
        )
        moved = False
        for seat in game.seats:
            auth = {"authorization": f"Bearer {seat.token}"}
            legal = client.list_legal_actions(
                pb.ListLegalActionsRequest(game_id=game.game_id), headers=auth, use_get=True
            )
            if not legal.actions:
                continue
            applied = client.apply_action(
                pb.ApplyActionRequest(
                    game_id=game.game_id,
                    expected_version=legal.version,
                    move=Oneof(field="notation", value=legal.actions[0].notation),
                ),
                headers=auth,
            )
            assert applied.snapshot.version == legal.version + 1, applied
            moved = True
            break
        assert moved, f"{name}: no seat had a legal action"
        history = client.get_history(pb.GetHistoryRequest(game_id=game.game_id), headers=KEYED)
        assert len(history.entries) == 1, history

        bots = client.create_game(
            pb.CreateGameRequest(
                game_type="king_of_siam",
                seats=[
                    pb.SeatRequest(name="x", bot="random"),
                    pb.SeatRequest(name="y", bot="random"),
                ],
                seed=17,
            ),
            headers=KEYED,
        )
        expected = 0
        finished = False
        for update in client.watch_game(
            pb.WatchGameRequest(game_id=bots.game_id), headers=KEYED, timeout_ms=60_000
        ):
            if update.cause:
                continue  # seats changed, no new version
            assert update.version == expected, (update.version, expected)
            expected += 1
            finished = update.snapshot.status == pb.GameStatus.FINISHED
        assert finished, f"{name}: the stream ended before the game did"

        try:
            client.get_game(pb.GetGameRequest(game_id="no-such-game"), headers=KEYED, use_get=True)
        except ConnectError as e:
            assert e.code == Code.NOT_FOUND, e
        else:
            raise AssertionError(f"{name}: a missing game was found")
    print(f"connectrpc {name}: 4 game types, a move, {expected} versions streamed, NOT_FOUND")


check("JSON", proto_json_codec())
check("binary", proto_binary_codec())

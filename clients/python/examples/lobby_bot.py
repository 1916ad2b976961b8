#!/usr/bin/env python3
"""A bot for a lobby game with a clock, against a keyed server over TLS.

    SATRAP_ADDRESS=https://games.example.com:443 SATRAP_API_KEY=... \
        python lobby_bot.py [--ca-file ca.pem]
"""
import argparse
import os

import satrap
from satrap.v1 import service_pb2 as pb


class Greedy(satrap.Bot):
    """Prefers taking followers (King of Siam), else the first legal action."""

    def choose(self, snapshot, legal):
        takes = [a for a in legal if a.notation.startswith("TAKE")]
        return (takes or legal)[0]


parser = argparse.ArgumentParser()
parser.add_argument("--address", default=os.environ.get("SATRAP_ADDRESS", "127.0.0.1:50051"))
parser.add_argument("--api-key", default=os.environ.get("SATRAP_API_KEY"))
parser.add_argument("--ca-file", default=os.environ.get("SATRAP_CA_FILE"))  # else system roots
args = parser.parse_args()

with satrap.Client(args.address, api_key=args.api_key, ca_file=args.ca_file) as client:
    # Join a waiting King of Siam game, or open one: a seat for us, the other
    # filled with the mcts-easy bot after 2 s; 10 s per move, and a move
    # that comes too late is played by the random bot.
    waiting = client.list_games(game_type="king_of_siam", open_seats=True).games
    if waiting:
        game_id = waiting[0].game_id
    else:
        game_id = client.create_game(
            "king_of_siam", [satrap.Seat.open_seat(), satrap.Seat.open_seat()],
            time_control=satrap.time_control(per_move_ms=10_000),
            on_timeout=pb.TIMEOUT_POLICY_BOT_MOVES,
            bot_fill=pb.BotFill(after_ms=2_000, bot="mcts-easy")).game_id
    seat = client.take_seat(game_id, "greedy")
    print(f"game {game_id}: seat {seat.seat}, waiting for the start")
    final = Greedy().play(seat, start_timeout=60)
    print(f"version {final.version}: {final.outcome.summary}")

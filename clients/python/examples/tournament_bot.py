#!/usr/bin/env python3
"""A bot that plays a tournament: an organiser (a `creator` key) makes a
Swiss of built-in levels starting in a few seconds, the bot (a `player`
key) enters it and plays each of its games to the end, and the final
standings are printed.

    SATRAP_ADDRESS=127.0.0.1:50051 SATRAP_ORGANISER_KEY=<a creator key> \
        SATRAP_API_KEY=<a player key> \
        python tournament_bot.py --game king_of_siam --levels 3 --rounds 2

With --tournament ID it enters an existing tournament instead (no
organiser key needed).
"""
import argparse
import os
import sys
import time

import satrap
from satrap.v1 import service_pb2 as pb
from satrap.v1 import tournament_pb2 as tpb

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--address", default=os.environ.get("SATRAP_ADDRESS", "127.0.0.1:50051"))
parser.add_argument("--api-key", default=os.environ.get("SATRAP_API_KEY"),
                    help="a `player` key: the bot plays as the key's name")
parser.add_argument("--organiser-key", default=os.environ.get("SATRAP_ORGANISER_KEY"),
                    help="a `creator` or `admin` key that makes the tournament")
parser.add_argument("--tournament", help="enter this tournament instead of making one")
parser.add_argument("--game", default="king_of_siam")
parser.add_argument("--levels", type=int, default=3, help="built-in random bots entered")
parser.add_argument("--rounds", type=int, default=2)
parser.add_argument("--seed", type=int, default=None)
args = parser.parse_args()

tid = args.tournament
if not tid:
    with satrap.Client(args.address, api_key=args.organiser_key) as org:
        made = org.create_tournament(tpb.TournamentSettings(
            name="bots' cup", game_type=args.game, players_per_table=2,
            format=tpb.TOURNAMENT_FORMAT_SWISS, rounds=args.rounds,
            time_control=pb.TimeControl(per_move_ms=10_000),
            start_at_ms=int(time.time() * 1000) + 3_000))
        tid = made.tournament_id
        for _ in range(args.levels):
            org.join_tournament(tid, "bot:random")
    print(f"tournament {tid}: starts in 3 s")

with satrap.Client(args.address, api_key=args.api_key) as client:
    final = satrap.play_tournament(client, tid, satrap.RandomBot(args.seed), timeout=600)
    players = {e.entrant: "+".join(e.player_ids) for e in final.entrants}
    for s in final.standings:
        print(f"{s.rank}. {players[s.entrant]:<16} {s.points / 2:>4} points "
              f"(Buchholz {s.buchholz / 2})")
    status = tpb.TournamentStatus.Name(final.status)
    played = sum(1 for r in final.rounds for t in r.tables if t.places)
    print(f"{status}: {len(final.rounds)} rounds, {played} tables played")
    sys.exit(0 if final.status == tpb.TOURNAMENT_STATUS_FINISHED else 1)

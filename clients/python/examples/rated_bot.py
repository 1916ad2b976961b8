#!/usr/bin/env python3
"""A bot that plays rated games one after another: it queues for a match,
plays the game it is given to the end and prints its rating after each.

    SATRAP_ADDRESS=127.0.0.1:50051 SATRAP_API_KEY=<a player key> \
        python rated_bot.py --game king_of_siam --players 2 --games 3 \
        --bot-fill-after 2 --bot random
"""
import argparse
import os
import random
import sys
import time

import satrap


class Greedy(satrap.Bot):
    """Takes followers when it can (King of Siam), else any legal action."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, snapshot, legal):
        takes = [a for a in legal if a.notation.startswith("TAKE")]
        return self.rng.choice(takes or legal)


def rating_after(client, game, player, games_before, wait=10.0):
    """The player's rating once it counts the game just played (a few
    seconds at most: the server rates a game as it stores its end)."""
    deadline = time.monotonic() + wait
    while True:
        now = client.rating(game, player)
        if now.games > games_before or time.monotonic() > deadline:
            return now
        time.sleep(0.2)


parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--address", default=os.environ.get("SATRAP_ADDRESS", "127.0.0.1:50051"))
parser.add_argument("--api-key", default=os.environ.get("SATRAP_API_KEY"),
                    help="a `player` key (the player is the key's name)")
parser.add_argument("--ca-file", default=os.environ.get("SATRAP_CA_FILE"))
parser.add_argument("--game", default="king_of_siam")
parser.add_argument("--players", type=int, default=2)
parser.add_argument("--games", type=int, default=1)
parser.add_argument("--bot-fill-after", type=int, default=None, metavar="SECONDS",
                    help="built-in bots take the missing seats after this wait (default: wait "
                         "for people only)")
parser.add_argument("--bot", default="", help="which built-in bot fills seats (default mcts)")
parser.add_argument("--queue-timeout", type=float, default=None, metavar="SECONDS",
                    help="give up when no match comes in this long")
parser.add_argument("--seed", type=int, default=None)
args = parser.parse_args()
if not args.api_key:
    sys.exit("rated games need a `player` API key: --api-key or SATRAP_API_KEY")

bot = Greedy(args.seed)
with satrap.Client(args.address, api_key=args.api_key, ca_file=args.ca_file) as client:
    for n in range(1, args.games + 1):
        shown = []

        def queued(q):
            if (q.position, q.waiting) not in shown[-1:]:
                print(f"  in the queue: place {q.position} of {q.waiting}", flush=True)
                shown.append((q.position, q.waiting))

        seat = client.match(args.game, args.players, rated=True,
                            bot_fill_after_seconds=args.bot_fill_after, bot=args.bot,
                            timeout=args.queue_timeout, on_queued=queued)
        player = seat.player_id
        before = client.rating(args.game, player)
        rivals = ", ".join(s.player_id or s.name for s in seat.opponents())
        print(f"game {n}/{args.games}: {seat.game_id}, {player} in seat {seat.seat} "
              f"against {rivals}", flush=True)
        final = bot.play(seat)
        print(f"  {final.outcome.summary}")
        now = rating_after(client, args.game, player, before.games)
        if now.games <= before.games:
            print(f"  the rating of {player} did not count this game yet", file=sys.stderr)
        print(f"  {player}: rating {now.rating:.2f} ± {now.uncertainty:.2f}, shown "
              f"{now.display:.2f} ({now.last_change:+.2f}), {now.wins} won of {now.games}",
              flush=True)

#!/usr/bin/env python3
"""Environment steps per second through the gRPC path, per game and player
count: random agents in the PettingZoo environment (`satrap.env`), each
step one ApplyAction plus one ListLegalActions with the observation (the
tensor and the mask the next agent sees). Prints a Markdown table.

    python clients/python/bench_env.py --address 127.0.0.1:50051 [--seconds 5]

docs/performance.md has the figures next to the engine's own actions/s
(`cargo bench --bench engine`), measured in the same run by bench_env.sh.
"""

import argparse
import time

import numpy as np

import satrap

parser = argparse.ArgumentParser()
parser.add_argument("--address", default="127.0.0.1:50051")
parser.add_argument("--seconds", type=float, default=5.0, help="per game and player count")
args = parser.parse_args()

with satrap.Client(args.address) as c:
    cases = [(t.id, n) for t in c.game_types() for n in range(t.min_players, t.max_players + 1)]

# Baseline: the cheapest game call (a spectator's ListLegalActions, no
# observation), one after another: the floor of one round trip.
with satrap.Client(args.address) as c:
    gid = c.create("king_of_siam", ["a", "b"]).game_id
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        c.legal(gid, None)
        calls += 1
    baseline = calls / (time.perf_counter() - start)
print(f"baseline: {baseline:,.0f} empty calls/s (a spectator's ListLegalActions)\n")

print("| game, players | env steps | games | seconds | env steps/s |")
print("|---|---|---|---|---|")
for game, players in cases:
    env = satrap.env(game=game, players=players, address=args.address)
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < args.seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    env.close()
    print(f"| {game}, {players} | {steps} | {games} | {elapsed:.1f} | {steps / elapsed:,.0f} |",
          flush=True)

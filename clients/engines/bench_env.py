#!/usr/bin/env python3
"""Environment steps per second of the local engines beside the gRPC
environment, per game and player count, in one run. Random agents; every
step reads the acting seat's observation tensor and legal-action mask and
applies one action id chosen from the mask:

* local loop: `Game.observation(seat)` (tensor and mask as numpy arrays)
  + `Game.apply(id, seat)` with the id drawn from `Game.legal_action_ids`,
  the cheapest local use (one core, no environment bookkeeping, no scan
  of the mask);
* local AEC: the PettingZoo environment over the local engines
  (`satrap_engines.aec`), `env.last()` + `env.step()`;
* gRPC AEC: the server-backed PettingZoo environment (`satrap.env`), one
  ApplyAction and one ListLegalActions with the observation per step
  (with `--address`).

Prints a Markdown table. docs/performance.md has the figures.

    python clients/engines/bench_env.py [--address 127.0.0.1:50051] [--seconds 3]
"""

import argparse
import random
import time

import numpy as np

import satrap_engines as se
from satrap_engines import aec

parser = argparse.ArgumentParser()
parser.add_argument("--address", help="a satrap server for the gRPC column")
parser.add_argument("--seconds", type=float, default=3.0, help="per cell")
args = parser.parse_args()

cases = [(g["id"], n) for g in se.games() for n in sorted(g["spaces"])]


def choose(rng: random.Random, mask) -> int:
    """A uniform legal id from a mask (the agent of both AEC columns)."""
    ids = np.flatnonzero(mask)
    return int(ids[rng.randrange(len(ids))])


def local_loop(game: str, players: int) -> float:
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        g = se.Game(game, players, seed)
        seed += 1
        while not g.is_over():
            seat = g.current_player()
            obs = g.observation(seat)  # noqa: F841  (what a learner reads)
            g.apply(rng.choice(g.legal_action_ids(seat)), seat)
            steps += 1
    return steps / (time.perf_counter() - start)


def aec_loop(env) -> float:
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(choose(rng, obs["action_mask"]))
            steps += 1
    env.close()
    return steps / (time.perf_counter() - start)


print("| game, players | local loop steps/s | local AEC steps/s | gRPC AEC steps/s "
      "| local AEC / gRPC |")
print("|---|---|---|---|---|")
for game, players in cases:
    loop = local_loop(game, players)
    local = aec_loop(aec.env(game, players))
    remote = ""
    ratio = ""
    if args.address:
        import satrap  # the gRPC client package

        r = aec_loop(satrap.env(game=game, players=players, address=args.address))
        remote, ratio = f"{r:,.0f}", f"~{local / r:,.0f}"
    print(f"| {game}, {players} | {loop:,.0f} | {local:,.0f} | {remote} | {ratio} |", flush=True)

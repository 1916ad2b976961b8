#!/usr/bin/env python3
"""Random agents through the PettingZoo environment: every seat picks a
uniformly random legal action id from its action mask.

    pip install './clients/python[env]'
    python clients/python/examples/random_agents.py --game ming_dynasty --players 3
"""

import argparse

import numpy as np

import satrap

parser = argparse.ArgumentParser()
parser.add_argument("--address", default="127.0.0.1:50051")
parser.add_argument("--game", default="king_of_siam")
parser.add_argument("--players", type=int, default=2)
parser.add_argument("--seed", type=int, default=0)
args = parser.parse_args()

env = satrap.env(game=args.game, players=args.players, address=args.address)
env.reset(seed=args.seed)
rng = np.random.default_rng(args.seed)
for agent in env.agent_iter():
    observation, reward, terminated, truncated, info = env.last()
    if terminated or truncated:
        print(f"{agent}: reward {reward:+.0f}")
        action = None
    else:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
    env.step(action)
print(env.snapshot.outcome.summary)
env.close()

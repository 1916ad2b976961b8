#!/usr/bin/env python3
"""Outside baselines: OpenSpiel's information-set MCTS (`ismcts`) and its
MCTS over determinised worlds (`dmcts`) against satrap's built-in levels,
all on the local engines (satrap_engines), as in `satrap arena`: every deal
is played in every seating (seats rotated), and each entry's wins get a
95% Wilson interval. A bot named on several seats (the 4-player
`mcts-hard,ismcts,mcts-hard,ismcts`) also gets its side's row: the games
won by any of its seats, so two seats of each bot compare as two players
would. Prints Markdown tables; docs/bots.md has the figures.

    python clients/engines/baselines.py --game king_of_siam --bots mcts,ismcts \\
        --games 20 --seed 9001 --equal simulations
    python clients/engines/baselines.py --game king_of_siam --bots mcts-hard,ismcts \\
        --games 20 --seed 9001 --equal time --time-ms 200

`--equal simulations`: the outside searches run as many simulations per
decision as the satrap level in the game spends iterations
(`Game.bot_iterations`), and the satrap levels run uncapped
(`time_cap_ms=0`), so the result depends on the seed only.
`--equal time`: every decision of every search is cut at `--time-ms` of
wall clock; the outside searches simulate until then, the satrap levels
stop at their iteration budget or the cap, whichever comes first.

The outside searches are OpenSpiel's Python implementations
(`open_spiel.python.algorithms.ismcts.ISMCTSBot`, `mcts.MCTSBot`) with
OpenSpiel's default exploration (2 for returns in [-1, 1]) and one change:
their rollout evaluator plays the random playout inside the engine
(`Game.rollout`) instead of step by step through Python, which only makes
them faster. Worlds are sampled with `Game.resample` (the engines'
determinisation, what satrap's own search samples). ISMCTS keys its nodes
by the acting seat's observation string (the games offer observations, not
perfect-recall information states). `dmcts` runs `--worlds` independent
MCTS searches, each on one sampled world with an equal share of the
budget, and plays the action with the most root visits summed over them.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import satrap_engines as se
import satrap_engines.openspiel as sos

OUTSIDE = ("ismcts", "dmcts")
UCT_C = 2.0


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (the arena's)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def wrap(spiel_game, engine) -> sos.SatrapState:
    """An OpenSpiel state over an engine game (past the seed's chance node)."""
    state = sos.SatrapState(spiel_game)
    state.engine = engine
    return state


class EngineRollout(mcts.Evaluator):
    """OpenSpiel's random-rollout evaluation, played in the engine: one
    uniformly random playout to the end, each seat's result in [-1, 1]."""

    def __init__(self, rng: np.random.RandomState):
        self.rng = rng

    def evaluate(self, state):
        seed = int(self.rng.randint(0, 2**62))
        return np.array(state.engine.rollout(seed))

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class Deadline:
    """A decision's budget: a simulation count or a wall-clock cut."""

    #: The wall clock, read once per simulation (the tests put a clock of
    #: their own here, so that what they check does not depend on load).
    clock = staticmethod(time.perf_counter)

    def __init__(self, simulations: int | None, seconds: float | None):
        self.simulations = simulations
        self.end = None if seconds is None else self.clock() + seconds

    def more(self, done: int) -> bool:
        if self.simulations is not None and done >= self.simulations:
            return False
        return self.end is None or self.clock() < self.end


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS with its search loop bounded by a `Deadline`
    instead of a fixed count (the loop of `ISMCTSBot.run_search`, which
    also asserts imperfect information: King of Siam is perfect
    information apart from the future draws the worlds resample)."""

    deadline: Deadline

    def run_search(self, state):
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        done = 0
        # At least two: the first simulation only expands the root.
        while done < 2 or self.deadline.more(done):
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.done = done
        node = self.filter_illegals(self._root_node, legal)
        return self.get_final_policy(state, node)


class Outside:
    """One outside searcher playing one seat."""

    def __init__(self, kind: str, spiel_game, seed: int, worlds: int):
        self.kind = kind
        self.spiel_game = spiel_game
        self.rng = np.random.RandomState(seed % 2**32)
        self.evaluator = EngineRollout(self.rng)
        self.worlds = worlds
        self.simulations: list[int] = []
        if kind == "ismcts":
            self.bot = TimedISMCTS(
                spiel_game, self.evaluator, UCT_C, max_simulations=1,
                random_state=self.rng, use_observation_string=True,
                allow_inconsistent_action_sets=True)
            self.bot.set_resampler(self._resample)

    def _resample(self, state, player):
        return wrap(self.spiel_game, state.engine.resample(
            player, int(self.rng.randint(0, 2**62))))

    def choose(self, engine, seat: int, simulations: int | None,
               seconds: float | None) -> int:
        legal = engine.legal_action_ids(seat)
        if len(legal) == 1:
            return legal[0]
        state = wrap(self.spiel_game, engine.clone())
        if self.kind == "ismcts":
            self.bot.deadline = Deadline(simulations, seconds)
            policy = self.bot.run_search(state)
            self.simulations.append(self.bot.done)
            return int(max(policy, key=lambda ap: ap[1])[0])
        visits: dict[int, int] = {}
        done = 0
        share_sims = None if simulations is None else max(1, simulations // self.worlds)
        for w in range(self.worlds):
            share_s = None if seconds is None else seconds / self.worlds
            world = self._resample(state, seat)
            bot = mcts.MCTSBot(self.spiel_game, UCT_C, max_simulations=share_sims or 10**9,
                               evaluator=self.evaluator, random_state=self.rng)
            root = self._search(bot, world, Deadline(share_sims, share_s))
            done += root.explore_count
            for child in root.children:
                visits[child.action] = visits.get(child.action, 0) + child.explore_count
        self.simulations.append(done)
        best = max(visits.values())
        return int(self.rng.choice([a for a, v in visits.items() if v == best]))

    @staticmethod
    def _search(bot: mcts.MCTSBot, state, deadline: Deadline):
        """`MCTSBot.mcts_search` with its loop bounded by `deadline` (at
        least two simulations: OpenSpiel's first one only evaluates the
        root, the second gives it children)."""
        root = mcts.SearchNode(None, state.current_player(), 1)
        done = 0
        while done < 2 or deadline.more(done):
            visit_path, working = bot._apply_tree_policy(root, state)
            if working.is_terminal():
                returns = working.returns()
            else:
                returns = bot.evaluator.evaluate(working)
            for node in reversed(visit_path):
                node.total_reward += returns[node.player]
                node.explore_count += 1
            done += 1
        root.explore_count = done
        return root


def play(args, spiel_game, entries, deal: int, rotation: int):
    """One game: the deal's seed, `entries` rotated by `rotation` seats.
    Returns the winners (entry indices), each entry's decision times and
    each outside entry's simulations per searched decision."""
    players = len(entries)
    seed = args.seed * 1_000_003 + deal
    engine = se.Game(args.game, players, seed)
    # Seat s plays entry (s + rotation) % players.
    entry_of = [(s + rotation) % players for s in range(players)]
    seating = [entries[e] for e in entry_of]
    outside = {s: Outside(kind, spiel_game, seed * 31 + s, args.worlds)
               for s, kind in enumerate(seating) if kind in OUTSIDE}
    sims = {kind: engine.bot_iterations(kind) for kind in entries if kind not in OUTSIDE}
    level_sims = max((n or 0) for n in sims.values()) if sims else 1
    cap_ms = 0 if args.equal == "simulations" else args.time_ms
    seconds = None if args.equal == "simulations" else args.time_ms / 1000
    times = {i: [] for i in range(players)}
    moves = 0
    while not engine.is_over() and moves < args.max_moves:
        seat = engine.current_player()
        entry = entry_of[seat]
        start = time.perf_counter()
        if seat in outside:
            action = outside[seat].choose(
                engine, seat, level_sims if args.equal == "simulations" else None, seconds)
        else:
            action = engine.bot_action(seating[seat], seat, seed * 7919 + moves,
                                       time_cap_ms=cap_ms)
        times[entry].append(time.perf_counter() - start)
        engine.apply(action, seat)
        moves += 1
    outcome = engine.outcome() if engine.is_over() else None
    winners = [] if outcome is None else [entry_of[w] for w in outcome["winners"]]
    sims = {entry_of[s]: o.simulations for s, o in outside.items()}
    return winners, times, sims, outcome is None


def sides_won(entries: list[str], winners: list[int]) -> set[str]:
    """The bots named on more than one seat of which a seat is among
    `winners` (entry indices): each such side won the game once, however
    many of its seats share the win."""
    return {entries[w] for w in winners if entries.count(entries[w]) > 1}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--bots", required=True,
                        help="comma-separated, one per seat: satrap levels and ismcts/dmcts")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--equal", choices=["simulations", "time"], default="simulations")
    parser.add_argument("--time-ms", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=8, help="dmcts: sampled worlds per decision")
    parser.add_argument("--max-moves", type=int, default=50_000)
    args = parser.parse_args()

    entries = args.bots.split(",")
    players = len(entries)
    spiel_game = pyspiel.load_game(f"satrap_{args.game}", {"players": players})
    games = -(-args.games // players) * players
    wins = [0] * players
    # Games won by any seat of each bot named more than once (its side).
    sides = {name: 0 for name in entries if entries.count(name) > 1}
    times = {i: [] for i in range(players)}
    simulations = {i: [] for i in range(players)}
    unfinished = 0
    started = time.perf_counter()
    for index in range(games):
        won, took, sims, cut = play(args, spiel_game, entries, index // players,
                                    index % players)
        for i, n in sims.items():
            simulations[i].extend(n)
        for w in set(won):
            wins[w] += 1
        for name in sides_won(entries, won):
            sides[name] += 1
        for i, t in took.items():
            times[i].extend(t)
        unfinished += cut
    budget = ("equal simulations (satrap uncapped)" if args.equal == "simulations"
              else f"equal time ({args.time_ms} ms a decision)")
    print(f"{args.game}, {players} players, {games} games, seed {args.seed}, {budget}, "
          f"{time.perf_counter() - started:.0f} s")
    print()
    print("| seat entry | wins | win rate [95% CI] | decisions | mean ms | max ms "
          "| simulations per search (mean) |")
    print("|---|---|---|---|---|---|---|")
    for i, name in enumerate(entries):
        low, high = wilson(wins[i], games)
        t = times[i]
        mean = 1000 * sum(t) / len(t) if t else 0.0
        if name in OUTSIDE:
            n = simulations[i]
            searches = f"{sum(n) / len(n):,.0f}" if n else "-"
        else:
            budget_of = se.Game(args.game, players, args.seed).bot_iterations(name)
            searches = "-" if budget_of is None else f"at most {budget_of:,}"
        print(f"| {i} `{name}` | {wins[i]} | {100 * wins[i] / games:.1f}% "
              f"[{100 * low:.1f}, {100 * high:.1f}] | {len(t)} | {mean:.1f} | "
              f"{1000 * max(t, default=0):.0f} | {searches} |")
    if sides:
        print()
        print("| side (seats of one bot) | games won by one of its seats | win rate [95% CI] |")
        print("|---|---|---|")
        for name, won in sides.items():
            low, high = wilson(won, games)
            print(f"| `{name}` ({entries.count(name)} seats) | {won} | "
                  f"{100 * won / games:.1f}% [{100 * low:.1f}, {100 * high:.1f}] |")
    if unfinished:
        print(f"\n{unfinished} games unfinished after {args.max_moves} moves (no winner)")


if __name__ == "__main__":
    main()

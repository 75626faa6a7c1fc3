"""The learning environments' figures (docs/RESEARCH.md): each environment's speed with
random actions beside the lab's self-play, and the baseline table: random, each ladder
level and OpenSpiel's IS-MCTS in round robins (duel, Duel 52), MateBeta's expert against
OpenSpiel's search, and Paternoster's team rates at two players.

    .venv/bin/python benchmarks/envs_baselines.py speed
    .venv/bin/python benchmarks/envs_baselines.py baselines [--games N] [--workers W]

The baselines are the lab's own commands (Wilson 95% intervals), printed before they run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import numpy as np

from cardtable.envs.pettingzoo import env

GAMES = ("duel", "duel52", "paternoster", "matebeta")


def speed(seconds: float) -> None:
    """Steps a second of each environment, random legal actions, one core."""
    for game in GAMES:
        e = env(game)
        rng = np.random.default_rng(1)
        steps, games, start, seed = 0, 0, time.perf_counter(), 0
        while time.perf_counter() - start < seconds:
            e.reset(seed=seed)
            seed += 1
            for _ in e.agent_iter():
                observation, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
            games += 1
        spent = time.perf_counter() - start
        print(f"{game}: {steps / spent:,.0f} steps/s, {games / spent:,.1f} games/s "
              f"({games} games)")
        lab(["bench", game, "--seconds", str(seconds)])


def lab(words: list[str]) -> None:
    command = [sys.executable, "-m", "cardtable", *words]
    print("$ cardtable " + " ".join(words), flush=True)
    subprocess.run(command, check=True)


def baselines(games: int, workers: int) -> None:
    """The sizes of docs/RESEARCH.md at ``games`` 16: Duel 52 and Paternoster's searching
    team, the slowest, play half as many; Paternoster's other teams 200 games each."""
    def common(count: int) -> list[str]:
        return ["--games", str(count), "--workers", str(workers), "--seed", "1"]

    field = "random,beginner,club,expert,openspiel-ismcts"
    lab(["tournament", "duel", "--bots", field, *common(games)])
    lab(["tournament", "duel52", "--bots", field, *common(max(games // 2, 1))])
    lab(["simulate", "matebeta", "--bots", "expert,openspiel-ismcts", *common(games)])
    for player in ("random", "novice", "regular", "planner"):
        lab(["simulate", "paternoster", "--players", "2", "--bots", f"{player},{player}",
             *common(games * 12 + 8)])
    lab(["simulate", "paternoster", "--players", "2", "--bots",
         "openspiel-ismcts,openspiel-ismcts", *common(max(games // 2, 1))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("speed", "baselines"))
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    if args.part == "speed":
        speed(args.seconds)
    else:
        baselines(args.games, args.workers)


if __name__ == "__main__":
    main()

"""``cardtable think``: how long the strong player thinks per decision at a budget.

It plays games of the strong player against the game's first computer player
with the server's time budget and reports, over every decision that had a
choice, the median and 95th percentile of the wall time and of this process's
CPU time, and the iterations per CPU second. A command, not a test: machines
are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import dataclass

from cardtable.bots.ismcts import Budget, SearchBot, check_seconds
from cardtable.engine import Bot, Move, Observation
from cardtable.games.registry import find_game
from cardtable.sim.setup import bot_names, build_options, make_bot


class _Timed(Bot):
    """The strong player, timing each of its decisions that had a choice."""

    def __init__(self, bot: SearchBot, decisions: list[tuple[float, float, int]]) -> None:
        self.bot = bot
        self.decisions = decisions

    def signals(self, observation: Observation) -> dict[int, str]:
        return dict(self.bot.signals(observation))

    def act(self, observation: Observation) -> Move:
        wall, cpu = time.perf_counter(), time.process_time()
        move = self.bot.act(observation)
        if self.bot.last.iterations:
            self.decisions.append((time.perf_counter() - wall, time.process_time() - cpu,
                                   self.bot.last.iterations))
        return move


@dataclass(frozen=True)
class ThinkFigures:
    decisions: int
    wall_median: float
    wall_p95: float
    cpu_median: float
    cpu_p95: float
    iterations_per_cpu_second: float


def measure(game_id: str, options: dict[str, object], seconds: float, decisions: int,
            seed: int) -> ThinkFigures:
    """Play until ``decisions`` timed decisions of the strong player are in."""
    from cardtable.engine import play_out

    game = find_game(game_id)
    opts = game.parse_options(options)
    seats = game.seats(opts)
    rng = random.Random(seed)
    timed: list[tuple[float, float, int]] = []
    opponent = bot_names(game_id)[0]
    number = 0
    while len(timed) < decisions:
        strong = make_bot(game_id, "strong", seed + number)
        assert isinstance(strong, SearchBot)
        player = _Timed(strong.with_budget(Budget(seconds=seconds)), timed)
        bots = {s: player if (s + number) % 2 == 0 else make_bot(game_id, opponent, s)
                for s in range(seats)}
        play_out(game.new(opts, rng=rng), bots, rng)
        number += 1
    walls = [w for w, _, _ in timed]
    cpus = [c for _, c, _ in timed]
    return ThinkFigures(len(timed), statistics.median(walls), _p95(walls),
                        statistics.median(cpus), _p95(cpus),
                        sum(i for _, _, i in timed) / sum(cpus))


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def run_think(args: argparse.Namespace) -> int:
    seconds = check_seconds(args.think_seconds, "--think-seconds")
    if args.decisions < 2:
        raise ValueError("--decisions must be at least 2")
    game = find_game(args.game)
    options = build_options(game, args.variant)
    figures = measure(game.id, options, seconds, args.decisions, args.seed)
    if args.json:
        print(json.dumps({"game": game.id, "options": options, "think_seconds": seconds,
                          **figures.__dict__}))
        return 0
    variant = ", ".join(args.variant) or "standard"
    print(f"{game.name} ({variant}): {figures.decisions} decisions at {seconds:g} s; "
          f"wall median {figures.wall_median:.3f} s, p95 {figures.wall_p95:.3f} s; "
          f"CPU median {figures.cpu_median:.3f} s, p95 {figures.cpu_p95:.3f} s; "
          f"{figures.iterations_per_cpu_second:,.0f} iterations per CPU second")
    return 0

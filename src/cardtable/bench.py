"""``cardtable bench``: how fast a game plays itself, on one core of this machine.

Speed is measured here, by a command, and never asserted in tests: machines
are shared and noisy. Times are this process's CPU seconds, so a busy
neighbour on another core does not distort the per-core figure.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import asdict, dataclass

from rich.console import Console
from rich.table import Table

from cardtable.engine import Game, Options, State, play_out
from cardtable.games.registry import find_game, game_ids
from cardtable.sim.setup import bot_names, build_options, make_bot


@dataclass(frozen=True)
class BenchResult:
    game: str
    bot: str
    games: int
    moves: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    def to_json(self) -> dict[str, object]:
        return asdict(self) | {
            "games_per_second": round(self.games_per_second, 1),
            "moves_per_second": round(self.moves / self.seconds, 1) if self.seconds else None,
        }


def self_play(game: Game[State], options: Options, bot: str, seed: int,
              games: int | None = None, seconds: float = 3.0) -> BenchResult:
    """Let ``bot`` play itself in this process: ``games`` games, or as many as fit in
    ``seconds`` of CPU time (at least ten)."""
    rng = random.Random(seed)
    seats = game.seats(options)
    bots = {s: make_bot(game.id, bot, seed + s) for s in range(seats)}
    moves = played = 0
    start = time.process_time()
    while (played < games) if games is not None else (
            played < 10 or time.process_time() - start < seconds):
        state = game.new(options, rng=rng)
        play_out(state, bots, rng)
        moves += len(state.history)
        played += 1
    return BenchResult(game.id, bot, played, moves, time.process_time() - start)


def solver_figures(deals: int, seed: int) -> dict[str, object]:
    """MateBeta's solver: CPU seconds per fresh deal, without and with foreplacing."""
    from cardtable.games.matebeta.bench import solver_bench

    result: dict[str, object] = {}
    for name, foreplace in (("move-1", False), ("with-foreplacing", True)):
        run = solver_bench(deals, seed, foreplace)
        result[name] = {"deals": deals, "mean_ms": round(run["cpu_mean"] * 1000, 1),
                        "worst_ms": round(run["cpu_worst"] * 1000, 1)}
    return result


def run_bench(args: argparse.Namespace) -> int:
    games = [args.game] if args.game else game_ids()
    results = []
    for game_id in games:
        game = find_game(game_id)
        options = game.parse_options(build_options(game, args.variant if args.game else ()))
        bot = bot_names(game.id)[0]
        results.append(self_play(game, options, bot, args.seed, args.games, args.seconds))
    solver = solver_figures(args.deals, args.seed) if "matebeta" in games else None
    if args.json:
        data: dict[str, object] = {"self_play": [r.to_json() for r in results]}
        if solver is not None:
            data["matebeta_solver"] = solver
        print(json.dumps(data))
        return 0
    console = Console(highlight=False)
    table = Table(title="Self-play speed on one core (CPU time)", title_justify="left")
    for column in ("game", "players", "games", "CPU s", "games/s", "moves/s"):
        table.add_column(column, justify="left" if column in ("game", "players") else "right")
    for r in results:
        table.add_row(find_game(r.game).name, r.bot, f"{r.games:,}", f"{r.seconds:.2f}",
                      f"{r.games_per_second:,.0f}", f"{r.moves / r.seconds:,.0f}")
    console.print(table)
    if solver is not None:
        for name, figures in solver.items():
            assert isinstance(figures, dict)
            console.print(f"MateBeta solver, {name.replace('-', ' ')}: mean "
                          f"{figures['mean_ms']} ms, worst {figures['worst_ms']} ms per deal "
                          f"({figures['deals']} deals, CPU time)")
    return 0

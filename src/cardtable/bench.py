"""``cardtable bench``: how fast a game plays itself, on one core of this machine.

Speed is measured here, by a command, and never asserted in tests: machines
are shared and noisy. Times are this process's CPU seconds, so a busy
neighbour on another core does not distort the per-core figure.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType

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
    fingerprint: int = field(default=0, compare=False)
    """The games folded by the plain loop's ``fold`` (0 when there is none to compare)."""
    plain: PlainResult | None = None

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        del data["fingerprint"]
        if self.plain is not None:
            data["plain"] = self.plain.to_json(self)
        return data | {
            "games_per_second": round(self.games_per_second, 1),
            "moves_per_second": round(self.moves / self.seconds, 1) if self.seconds else None,
        }


@dataclass(frozen=True)
class PlainResult:
    """The same games played by the plain loop of ``benchmarks/<game>_plain.py``."""

    moves: int
    seconds: float
    fingerprint: int

    def to_json(self, ours: BenchResult) -> dict[str, object]:
        return {"seconds": self.seconds, "moves": self.moves,
                "games_per_second": round(ours.games / self.seconds, 1),
                "ratio": round(self.seconds / ours.seconds, 3),
                "same_games": self.fingerprint == ours.fingerprint}


PLAIN_LOOPS = Path(__file__).resolve().parents[2] / "benchmarks"
"""The plain loops beside the package (in a source checkout, not in the package)."""


def plain_loop(game_id: str) -> ModuleType | None:
    """The game's plain loop, when this checkout has one: ``play_games(games, seed)``
    gives (moves, fingerprint); ``fold(fingerprint, outcome, moves)`` folds one game."""
    path = PLAIN_LOOPS / f"{game_id}_plain.py"
    spec = importlib.util.spec_from_file_location(f"{game_id}_plain", path)
    if not path.is_file() or spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module if hasattr(module, "fold") else None


def against_plain(result: BenchResult, plain: ModuleType, seed: int) -> BenchResult:
    """The bench's result with the plain loop's CPU time for the very same games."""
    start = time.process_time()
    moves, fingerprint = plain.play_games(result.games, seed)
    seconds = time.process_time() - start
    return dataclasses.replace(result, plain=PlainResult(moves, seconds, fingerprint))


def self_play(game: Game[State], options: Options, bot: str, seed: int,
              games: int | None = None, seconds: float = 3.0,
              fold: Callable[[int, dict[str, object], int], int] | None = None) -> BenchResult:
    """Let ``bot`` play itself in this process: ``games`` games, or as many as fit in
    ``seconds`` of CPU time (at least ten); ``fold`` fingerprints the games."""
    rng = random.Random(seed)
    seats = game.seats(options)
    bots = {s: make_bot(game.id, bot, seed + s) for s in range(seats)}
    moves = played = fingerprint = 0
    start = time.process_time()
    while (played < games) if games is not None else (
            played < 10 or time.process_time() - start < seconds):
        state = game.new(options, rng=rng)
        outcome = play_out(state, bots, rng)
        moves += len(state.history)
        played += 1
        if fold is not None:
            fingerprint = fold(fingerprint, outcome.to_json(), len(state.history))
    return BenchResult(game.id, bot, played, moves, time.process_time() - start, fingerprint)


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
        plain = plain_loop(game_id)
        if plain is not None and options.to_json() != {}:
            plain = None  # the plain loops play the standard game
        # like with like: the plain loop's player where there is one, else the game's first
        bot = plain.BOT if plain is not None else bot_names(game.id)[0]
        result = self_play(game, options, bot, args.seed, args.games, args.seconds,
                           plain.fold if plain is not None else None)
        results.append(result if plain is None else against_plain(result, plain, args.seed))
    solver = solver_figures(args.deals, args.seed) if "matebeta" in games else None
    if args.json:
        data: dict[str, object] = {"self_play": [r.to_json() for r in results]}
        if solver is not None:
            data["matebeta_solver"] = solver
        print(json.dumps(data))
        return 0
    console = Console(highlight=False)
    table = Table(title="Self-play speed on one core (CPU time)", title_justify="left")
    for column in ("game", "players", "games", "CPU s", "games/s", "moves/s",
                   "plain loop games/s", "ratio"):
        table.add_column(column, justify="left" if column in ("game", "players") else "right")
    for r in results:
        plain_columns = ("", "")
        if r.plain is not None:
            same = "" if r.plain.fingerprint == r.fingerprint else " (other games!)"
            plain_columns = (f"{r.games / r.plain.seconds:,.0f}{same}",
                             f"{r.plain.seconds / r.seconds:.2f}×")
        table.add_row(find_game(r.game).name, r.bot, f"{r.games:,}", f"{r.seconds:.2f}",
                      f"{r.games_per_second:,.0f}", f"{r.moves / r.seconds:,.0f}",
                      *plain_columns)
    console.print(table)
    if solver is not None:
        for name, figures in solver.items():
            assert isinstance(figures, dict)
            console.print(f"MateBeta solver, {name.replace('-', ' ')}: mean "
                          f"{figures['mean_ms']} ms, worst {figures['worst_ms']} ms per deal "
                          f"({figures['deals']} deals, CPU time)")
    return 0

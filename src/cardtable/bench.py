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

from cardtable.engine import Game, Options, State, play_out
from cardtable.games.registry import find_game
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


def self_play(game: Game[State], options: Options, bot: str, games: int, seed: int) -> BenchResult:
    """Play ``games`` games of ``bot`` against itself in this process; deals from ``seed``."""
    rng = random.Random(seed)
    seats = game.seats(options)
    bots = {s: make_bot(game.id, bot, seed + s) for s in range(seats)}
    moves = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new(options, rng=rng)
        play_out(state, bots, rng)
        moves += len(state.history)
    return BenchResult(game.id, bot, games, moves, time.process_time() - start)


def run_bench(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    options = game.parse_options(build_options(game, args.variant))
    bot = bot_names(game.id)[0]
    result = self_play(game, options, bot, args.games, args.seed)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    console = Console(highlight=False)
    label = ", ".join(args.variant) or "standard"
    console.print(
        f"{game.name} ({label}), {bot} computer players: {result.games} games, "
        f"{result.moves} moves in {result.seconds:.2f} CPU seconds on one core\n"
        f"  [b]{result.games_per_second:,.0f} games/s[/b], "
        f"{result.moves / result.seconds:,.0f} moves/s"
    )
    return 0

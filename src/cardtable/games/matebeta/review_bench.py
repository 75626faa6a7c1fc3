"""How long a whole-game review takes: ``python -m cardtable.games.matebeta.review_bench``.

``review_bench(games, seed)`` plays ``games`` games between the club and the beginner
computer players (seats alternating; their games have mistakes to find, as a
learner's do) and times :func:`~cardtable.games.matebeta.analysis.review` on each
with a fresh :class:`Solver`, as the site does for one review. CPU time of this
process (steady on a shared machine) and wall time, median and worst per game.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any

from cardtable.engine import Record, play_out
from cardtable.games.matebeta.analysis import review
from cardtable.games.matebeta.bots import make_bot
from cardtable.games.matebeta.rules import MATEBETA
from cardtable.games.matebeta.solver import Solver


def bench_games(games: int, seed: int) -> list[Record]:
    """The games to review: club against beginner, the seats taking turns."""
    records = []
    for i in range(games):
        rng = random.Random(seed * 100_003 + i)
        state = MATEBETA.new({}, rng=rng)
        names = ("club", "beginner") if i % 2 == 0 else ("beginner", "club")
        play_out(state, {s: make_bot(names[s], rng.randrange(2**31)) for s in (0, 1)}, rng)
        records.append(state.record())
    return records


def median_interval(values: list[float]) -> tuple[float, float]:
    """A distribution-free 95% interval of the median: the order statistics at
    ``n/2 ± 0.98·√n`` (the binomial count below the median, normal approximation)."""
    ordered = sorted(values)
    n = len(ordered)
    half = 0.98 * math.sqrt(n)
    low = max(0, math.floor(n / 2 - half))
    high = min(n - 1, math.ceil(n / 2 + half))
    return ordered[low], ordered[high]


def review_bench(games: int, seed: int) -> dict[str, Any]:
    """Median and worst seconds per reviewed game (see the module doc)."""
    cpu: list[float] = []
    wall: list[float] = []
    for record in bench_games(games, seed):
        start, start_cpu = time.perf_counter(), time.process_time()
        review(record, Solver())
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return {
        "games": games, "seed": seed,
        "cpu_median": statistics.median(cpu), "cpu_median_95": median_interval(cpu),
        "cpu_worst": max(cpu),
        "wall_median": statistics.median(wall), "wall_worst": max(wall),
    }


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 200
    seed = int(argv[1]) if len(argv) > 1 else 1
    r = review_bench(games, seed)
    low, high = r["cpu_median_95"]
    print(f"MateBeta review of a whole game, {games} games (seed {seed}): CPU median "
          f"{r['cpu_median'] * 1000:.0f} ms (95% {low * 1000:.0f}–{high * 1000:.0f}), worst "
          f"{r['cpu_worst'] * 1000:.0f} ms; wall "
          f"median {r['wall_median'] * 1000:.0f} ms, worst {r['wall_worst'] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

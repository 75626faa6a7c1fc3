"""How long a review by estimate takes: ``python -m cardtable.sim.estimate_bench GAME N``.

Plays ``N`` games of ``GAME`` (duel: cautious against simple; Duel 52: heuristic against
heuristic) and times :func:`~cardtable.sim.estimate.review` of seat 0's decisions at the
default budget, as the site reviews one player. CPU time of this process (steady on a
shared machine; the site spreads the same work over its search workers) and wall time,
median (with a distribution-free 95% interval) and worst per game.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from cardtable.engine import Record, play_out
from cardtable.games.matebeta.review_bench import median_interval
from cardtable.games.registry import find_game, package_of
from cardtable.sim.estimate import DEALS, review

PLAYERS = {"duel": ("cautious", "simple"), "duel52": ("heuristic", "heuristic")}


def bench_games(game_id: str, games: int, seed: int) -> list[Record]:
    players = package_of(game_id).players
    records = []
    for i in range(games):
        rng = random.Random(seed * 100_003 + i)
        state = find_game(game_id).new({}, rng=rng)
        names = PLAYERS[game_id]
        play_out(state, {s: players.make(names[s], rng.randrange(2**31)) for s in (0, 1)},
                 rng)
        records.append(state.record())
    return records


def review_bench(game_id: str, games: int, seed: int) -> dict[str, Any]:
    cpu: list[float] = []
    wall: list[float] = []
    decisions: list[int] = []
    for record in bench_games(game_id, games, seed):
        start, start_cpu = time.perf_counter(), time.process_time()
        decisions.append(len(review(record, [0]).decisions))
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return {"game": game_id, "games": games, "seed": seed, "deals": DEALS[game_id],
            "decisions_median": statistics.median(decisions),
            "cpu_median": statistics.median(cpu), "cpu_median_95": median_interval(cpu),
            "cpu_worst": max(cpu), "wall_median": statistics.median(wall),
            "wall_worst": max(wall)}


def main(argv: list[str]) -> int:
    game_id = argv[0] if argv else "duel"
    games = int(argv[1]) if len(argv) > 1 else 20
    seed = int(argv[2]) if len(argv) > 2 else 1
    r = review_bench(game_id, games, seed)
    low, high = r["cpu_median_95"]
    print(f"{game_id} review of seat 0 by estimate ({r['deals']} deals a decision), {games} "
          f"games (seed {seed}), median {r['decisions_median']} decisions: CPU median "
          f"{r['cpu_median']:.1f} s (95% {low:.1f}–{high:.1f}), worst {r['cpu_worst']:.1f} s; "
          f"wall median {r['wall_median']:.1f} s, worst {r['wall_worst']:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

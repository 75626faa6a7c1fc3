"""How long the planner thinks per turn: ``python -m cardtable.sim.paternoster_think``.

``think_bench(options, games, seed)`` plays ``games`` games of planners and times
every turn's decision: the plan of the whole turn and the seat's signals, as a
table on the site asks for them. CPU time of this process (steady on a shared
machine, one core): median with its 95% interval, the 95th percentile and the
worst turn. Arguments: players, games, then variant names (``silent-lift``,
``tower``, ...).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from cardtable.games.matebeta.review_bench import median_interval
from cardtable.games.paternoster.bots import PlannerTeamBot
from cardtable.games.paternoster.rules import PATERNOSTER
from cardtable.games.paternoster.variants import PaternosterOptions, from_variants


def turn_times(options: PaternosterOptions, games: int, seed: int) -> list[float]:
    """CPU seconds of every turn's decision in ``games`` games of planners."""
    parsed = options
    times: list[float] = []
    for number in range(games):
        rng = random.Random(f"{seed}:{number}")
        state = PATERNOSTER.new(parsed, rng=rng)
        bots = [PlannerTeamBot(s) for s in range(parsed.players)]
        while state.outcome() is None:
            seat = state.turn_seat
            start = time.process_time()
            bot = bots[seat]
            bot.signals(state.observation(seat))
            moves = bot.plan(state.observation(seat))
            times.append(time.process_time() - start)
            for move in moves:
                state.play(seat, move)
                if state.outcome() is not None:
                    break
    return times


def think_bench(options: PaternosterOptions, games: int, seed: int = 1) -> dict[str, Any]:
    """Median (with its interval), 95th percentile and worst CPU seconds per turn."""
    times = sorted(turn_times(options, games, seed))
    return {
        "options": options.to_json(), "games": games, "turns": len(times),
        "median": statistics.median(times), "median_95": median_interval(times),
        "p95": times[min(len(times) - 1, int(0.95 * len(times)))], "worst": times[-1],
    }


def main(argv: list[str]) -> None:
    players = int(argv[0]) if argv else 2
    games = int(argv[1]) if len(argv) > 1 else 50
    options = from_variants(argv[2:], players)
    result = think_bench(options, games)
    low, high = result["median_95"]
    name = " ".join(argv[2:]) or "standard"
    print(f"{name}, {players} players: {result['games']} games, {result['turns']} turns; "
          "CPU per turn: "
          f"median {result['median'] * 1000:.1f} ms ({low * 1000:.1f}-{high * 1000:.1f}), "
          f"95th percentile {result['p95'] * 1000:.1f} ms, worst {result['worst'] * 1000:.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])

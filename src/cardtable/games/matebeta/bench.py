"""Solver speed: seconds per fresh deal, measured on this machine.

``solver_bench(deals, seed, foreplace)`` deals ``deals`` random games from
``seed`` and times a fresh :class:`~cardtable.games.matebeta.solver.Solver`
(empty tables) on each:

* ``foreplace=False``: both players keep all ten; the time to solve move 1
  (the value and the dealer's best lead).
* ``foreplace=True``: the dealer's whole decision at the very start, foreplacing
  included (the value and the dealer's best first move; with ``all_best`` every
  best first move, as ``cardtable solve`` prints them).

Wall-clock (``mean``, ``worst``, ``total``) and process CPU time (``cpu_*``) are
both given: on a shared machine the CPU time is the steadier number.

Run it as ``python -m cardtable.games.matebeta.bench [deals] [seed]``.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from cardtable.games.matebeta.rules import MATEBETA, MateBetaState
from cardtable.games.matebeta.solver import Solver


def _deal(rng: random.Random, foreplace: bool) -> MateBetaState:
    state = MATEBETA.new({}, rng=rng)
    assert isinstance(state, MateBetaState)
    if not foreplace:
        state.play(state.dealer, "keep")
        state.play(1 - state.dealer, "keep")
    return state


def solver_bench(deals: int, seed: int, foreplace: bool, all_best: bool = False
                 ) -> dict[str, Any]:
    """Mean, worst and total seconds per deal for the solver (see the module doc)."""
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    nodes = 0
    values: list[int] = []
    for _ in range(deals):
        state = _deal(rng, foreplace)
        solver = Solver()
        start, start_cpu = time.perf_counter(), time.process_time()
        analysis = solver.analyse(state, all_best=all_best)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        nodes += solver.nodes
        values.append(analysis.value)
    total = sum(times)
    return {
        "deals": deals,
        "seed": seed,
        "foreplace": foreplace,
        "all_best": all_best,
        "mean": total / deals if deals else 0.0,
        "worst": max(times, default=0.0),
        "total": total,
        "cpu_mean": sum(cpu) / deals if deals else 0.0,
        "cpu_worst": max(cpu, default=0.0),
        "cpu_total": sum(cpu),
        "nodes_per_deal": nodes / deals if deals else 0.0,
        "draws": sum(1 for v in values if v == 0),
    }


def main(argv: list[str]) -> int:
    deals = int(argv[0]) if argv else 200
    seed = int(argv[1]) if len(argv) > 1 else 1
    for foreplace, all_best in ((False, False), (True, False), (True, True)):
        r = solver_bench(deals, seed, foreplace, all_best)
        what = "full decision with foreplacing" if foreplace else "move 1, both kept"
        if all_best:
            what += ", every best move"
        print(f"{what}: {deals} deals, wall mean {r['mean'] * 1000:.1f} ms, worst "
              f"{r['worst'] * 1000:.1f} ms, total {r['total']:.1f} s; cpu mean "
              f"{r['cpu_mean'] * 1000:.1f} ms, worst {r['cpu_worst'] * 1000:.1f} ms; "
              f"{r['nodes_per_deal']:.0f} nodes/deal")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""``cardtable balance matebeta``: every MateBeta deal solved exactly, both ways round.

A position is the dealer's ten cards (the other player holds the other ten):
C(20, 10) = 184,756 of them, and each deal is two of them, once from each
dealer (the rules do not care which seat is which). Each is solved twice by the
exact solver: the whole decision with foreplacing, and the game when both keep
all ten, so the figures are

* the dealer's exact advantage: the mean value from the dealer's view (points
  per game, the mate's points for the winner);
* how often the foreplacing decision matters: the value with foreplacing differs
  from the value when both keep;
* the distribution of the values.

The positions are cut into :data:`CHUNKS` fixed chunks, chunk ``k`` holding every
``CHUNKS``-th position from ``k``, so that the chunks finished so far are a
spread-out sample of all deals; the figures of a partial run carry 95%
intervals, and those of the complete run are exact. Each finished chunk is
appended to the results file as one JSON line and read back on the next start,
so an interrupted run resumes where it stopped; the checkout keeps the chunks solved
so far in :data:`RESULTS`, so a run on a fresh machine resumes from them too.
"""

from __future__ import annotations

import itertools
import json
import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from cardtable.games.matebeta.rules import MATEBETA, MB_DECK, MateBetaState
from cardtable.games.matebeta.solver import Solver
from cardtable.sim.pool import Workers, run_all
from cardtable.sim.stats import Z95, wilson

DEALS = math.comb(20, 10)
CHUNKS = 400
RESULTS = Path(__file__).resolve().parents[3] / "data" / "matebeta-deals.jsonl"
"""The checkout's results file, kept in git: a run on another machine resumes from it."""


def chunk_positions(chunk: int) -> Iterable[tuple[int, ...]]:
    """The dealer's hands (indices into MateBeta's deck) of one chunk."""
    return itertools.islice(itertools.combinations(range(20), 10), chunk, None, CHUNKS)


def solve_chunk(chunk: int) -> dict[str, Any]:
    """Both values of every position of a chunk, from the dealer's view (the dealer is
    seat 0 here); one solver for the chunk, whose tables serve every deal."""
    solver = Solver(max_entries=200_000)
    values, kept = [], []
    for dealer_hand in chunk_positions(chunk):
        other = [i for i in range(20) if i not in dealer_hand]
        state = MATEBETA.new({}, deal={"hands": [[MB_DECK[i].text for i in dealer_hand],
                                                 [MB_DECK[i].text for i in other]],
                                       "dealer": 0})
        assert isinstance(state, MateBetaState)
        values.append(solver.value(state))
        state.play(0, "keep")
        state.play(1, "keep")
        kept.append(solver.value(state))
    return {"chunk": chunk, "values": values, "kept": kept}


def read_results(path: Path) -> dict[int, dict[str, Any]]:
    """The chunks already solved (a line cut short by an interruption is ignored)."""
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(item, dict) and item.get("chunk") in range(CHUNKS):
            done[item["chunk"]] = item
    return done


def solve_all(path: Path, workers: Workers, progress: Callable[[int], None] | None,
              limit: int | None = None) -> dict[int, dict[str, Any]]:
    """Solve the chunks not yet in ``path`` (at most ``limit`` of them), appending each
    as it finishes; every chunk solved so far."""
    done = read_results(path)
    todo = [c for c in range(CHUNKS) if c not in done][:limit]
    if progress is not None:
        progress(sum(len(item["values"]) for item in done.values()))
    cut_short = path.exists() and path.stat().st_size > 0 and not path.read_bytes().endswith(b"\n")
    with path.open("a", encoding="utf-8") as out:
        if cut_short:
            out.write("\n")  # the next chunk starts a line of its own
        def keep(item: dict[str, Any]) -> None:
            out.write(json.dumps(item, separators=(",", ":")) + "\n")
            out.flush()
            done[item["chunk"]] = item
            if progress is not None:
                progress(len(item["values"]))

        for _, item in run_all(solve_chunk, [(chunk,) for chunk in todo], workers):
            keep(item)
    return done


def chunk_size(chunk: int) -> int:
    return len(range(chunk, DEALS, CHUNKS))


def figures(done: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """The rules page's figures (``figures.json`` rows) and the distribution of values
    (positions by value, the dealer's points)."""
    values = [v for item in done.values() for v in item["values"]]
    kept = [v for item in done.values() for v in item["kept"]]
    n = len(values)
    exact = n == DEALS

    def rate(row_id: str, label: str, hits: int) -> dict[str, Any]:
        low, high = (hits / n, hits / n) if exact else wilson(hits, n)
        return {"id": row_id, "label": label, "text": None, "ours": 100 * hits / n,
                "low": 100 * low, "high": 100 * high, "games": n, "unit": "%",
                "note": "exact" if exact else "sample"}

    mean = statistics.fmean(values)
    half = 0.0 if exact or n < 2 else Z95 * statistics.stdev(values) / math.sqrt(n)
    rows = [
        {"id": "dealer-advantage", "label": "dealer's advantage (points per game)",
         "text": None, "ours": mean, "low": mean - half, "high": mean + half, "games": n,
         "unit": "", "note": "exact" if exact else "sample"},
        rate("dealer-wins", "dealer wins", sum(1 for v in values if v > 0)),
        rate("draws", "draws", sum(1 for v in values if v == 0)),
        rate("dealer-loses", "dealer loses", sum(1 for v in values if v < 0)),
        rate("foreplacing-matters", "foreplacing changes the value",
             sum(1 for v, k in zip(values, kept, strict=True) if v != k)),
    ]
    counts = Counter(values)
    return {"positions": n, "deals": DEALS, "complete": exact,
            "rows": {row["id"]: row for row in rows},
            "values": {str(value): counts[value] for value in sorted(counts)}}


def write_figures(path: Path, result: dict[str, Any], command: str) -> None:
    """Put the MateBeta report into the rules pages' figures file, keeping the others."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data.setdefault("commands", {})["matebeta"] = command
    data.setdefault("reports", {})["matebeta"] = result["rows"]
    data["matebeta_values"] = {"positions": result["positions"], "complete": result["complete"],
                               "values": result["values"]}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

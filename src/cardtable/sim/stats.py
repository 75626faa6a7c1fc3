"""Small statistics for simulation results: Wilson intervals and summaries.

A rate from a few thousand games is only an estimate; every rate the lab
prints carries its 95% Wilson score interval, which behaves well near 0% and
100% where the plain normal interval does not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import sub

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate (``(0, 1)`` when there are no trials); the
    successes may be fractional, as in a score where a draw counts half."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials is impossible")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Summary:
    """A metric over all games: a rate (with Wilson interval) or a mean (with a normal one)."""

    name: str
    kind: str
    """``rate`` or ``mean``."""
    value: float
    low: float
    high: float
    count: int
    spread: float = 0.0
    """The standard deviation of a mean's values (0 for rates)."""

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "name": self.name, "kind": self.kind, "value": round(self.value, 6),
            "low": round(self.low, 6), "high": round(self.high, 6), "count": self.count,
        }
        if self.kind == "mean":
            data["spread"] = round(self.spread, 6)
        return data


def summarize_rate(name: str, flags: Sequence[bool]) -> Summary:
    hits = sum(map(bool, flags))  # map: the lab summarises hundreds of thousands
    low, high = wilson(hits, len(flags))
    value = hits / len(flags) if flags else 0.0
    return Summary(name, "rate", value, low, high, len(flags))


def summarize_mean(name: str, values: Sequence[float]) -> Summary:
    n = len(values)
    if n == 0:
        return Summary(name, "mean", 0.0, 0.0, 0.0, 0)
    mean = sum(values) / n
    # (v - mean) ** 2 for each value, summed, by map: the same sum, in C
    squares = sum(map(pow, map(sub, values, repeat(mean)), repeat(2)))
    spread = math.sqrt(squares / (n - 1)) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n)
    return Summary(name, "mean", mean, mean - half, mean + half, n, spread)


def summarize_score(name: str, units: Sequence[tuple[float, int]]) -> Summary:
    """A score (a win 1, a draw 1/2, per game) over independent units of one or more games
    (a deal played from both seats is one unit), as a rate.

    The interval is Wilson's for the mean score of the units, counted in units: a score in
    [0, 1] varies at most as much as a plain win-or-loss with the same mean, so the interval
    is on the safe side, and it stays sensible near 0% and 100%.
    """
    games = sum(n for _, n in units)
    if not games:
        return Summary(name, "rate", 0.0, 0.0, 1.0, 0)
    value = sum(score for score, _ in units) / games
    low, high = wilson(round(value * len(units), 9), len(units))
    return Summary(name, "rate", value, low, high, games)

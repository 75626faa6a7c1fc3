"""Ratings on the Elo scale from a round robin: Bradley–Terry maximum likelihood.

Player ``i`` has a strength ``γᵢ`` and scores against ``j`` with probability
``γᵢ / (γᵢ + γⱼ)``; a draw counts half for each side. The ratings
``400 · log10 γᵢ`` are those that make the observed scores most likely (found by
Hunter's minorise–maximise iteration), shifted so that their average is
:data:`AVERAGE`: 100 points apart means an expected score of 64%, 200 points 76%.
One virtual draw between every two players who met keeps the rating of a player
who won every game finite (it moves the others by little once there are a few
hundred games).

Intervals: a percentile bootstrap. Each pairing's independent units (its deals,
each played from both seats) are drawn again with replacement and the ratings
refitted :data:`RESAMPLES` times, from a seed, so the intervals are reproducible
and respect that the two games of one deal are not independent.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

AVERAGE = 1500.0
"""The average rating of the players of one tournament."""
RESAMPLES = 1000
"""Bootstrap resamples behind each interval."""
VIRTUAL_DRAWS = 1
"""Virtual drawn games added to every pairing (a weak prior that keeps ratings finite)."""
ELO = 400.0 / math.log(10.0)
"""Elo points per unit of natural-log strength."""

Totals = Mapping[tuple[str, str], tuple[float, int]]
"""(first, second) → (first's score in games, games played)."""


@dataclass(frozen=True)
class Units:
    """One pairing's independent units: the first player's score and the games in each."""

    first: str
    second: str
    units: tuple[tuple[float, int], ...]

    def totals(self, picks: Sequence[tuple[float, int]] | None = None) -> tuple[float, int]:
        chosen = self.units if picks is None else picks
        return (sum(score for score, _ in chosen), sum(games for _, games in chosen))


@dataclass(frozen=True)
class Rating:
    """A player's rating with its 95% bootstrap interval."""

    name: str
    elo: float
    low: float
    high: float

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "elo": round(self.elo, 1), "low": round(self.low, 1),
                "high": round(self.high, 1)}


def fit(players: Sequence[str], totals: Totals,
        start: Mapping[str, float] | None = None) -> dict[str, float]:
    """The maximum-likelihood ratings (average :data:`AVERAGE`) for these scores."""
    index = {name: i for i, name in enumerate(players)}
    k = len(players)
    wins = [0.0] * k
    games = [[0.0] * k for _ in range(k)]
    for (a, b), (score, n) in totals.items():
        i, j = index[a], index[b]
        wins[i] += score + VIRTUAL_DRAWS / 2
        wins[j] += n - score + VIRTUAL_DRAWS / 2
        games[i][j] += n + VIRTUAL_DRAWS
        games[j][i] += n + VIRTUAL_DRAWS
    if any(w == 0 for w in wins):
        raise ValueError("every player must have played at least one game")
    strength = [math.exp((start[name] - AVERAGE) / ELO) if start else 1.0 for name in players]
    for _ in range(100_000):
        new = [wins[i] / sum(games[i][j] / (strength[i] + strength[j])
                             for j in range(k) if games[i][j])
               for i in range(k)]
        centre = math.exp(sum(math.log(s) for s in new) / k)
        new = [s / centre for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-9:
            break
    return {name: AVERAGE + ELO * math.log(s) for name, s in zip(players, strength, strict=True)}


def rate(players: Sequence[str], pairings: Sequence[Units], seed: int,
         resamples: int = RESAMPLES) -> list[Rating]:
    """Each player's rating and 95% bootstrap interval, strongest first."""
    best = fit(players, {(p.first, p.second): p.totals() for p in pairings})
    rng = random.Random(f"{seed}:ratings")
    draws: dict[str, list[float]] = {name: [] for name in players}
    for _ in range(resamples):
        totals = {(p.first, p.second): p.totals(rng.choices(p.units, k=len(p.units)))
                  for p in pairings}
        for name, elo in fit(players, totals, start=best).items():
            draws[name].append(elo)
    ratings = []
    for name in players:
        ordered = sorted(draws[name])
        low, high = (_quantile(ordered, 0.025), _quantile(ordered, 0.975)) if ordered \
            else (best[name], best[name])
        ratings.append(Rating(name, best[name], low, high))
    return sorted(ratings, key=lambda r: -r.elo)


def expected_score(difference: float) -> float:
    """The expected score of a player rated ``difference`` points above the other."""
    return 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))


def _quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolated between neighbours."""
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)

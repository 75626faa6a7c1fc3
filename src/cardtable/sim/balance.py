"""Balance reports: a rule text's "Balance" figures, measured by our own simulation.

Each report is a list of rows: a simulation, the metric read from it, and the
figure the rule text states (``None`` where the text only describes). Rows
that need the same simulation share it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.sim.report import Line
from cardtable.sim.runner import Progress, SimResult, SimSpec, run_many


@dataclass(frozen=True)
class Row:
    id: str
    label: str
    game: str
    options: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    metric: str
    text: float | None


def _row(id: str, label: str, metric: str, text: float | None,
         options: dict[str, Any] | None = None, bots: tuple[str, ...] = ("simple",),
         game: str = "duel") -> Row:
    return Row(id, label, game, tuple(sorted((options or {}).items())), bots, metric, text)


DUEL_ROWS = [
    _row("starter-wins", "starter wins (one-card first turn)", "starter-wins", 49.0),
    _row("starter-wins-two-card-first-turn", "starter wins, two cards on the first turn too",
         "starter-wins", 44.0, {"one_card_first_turn": False}),
    _row("always-push-vs-never-push", "always-push player beats never-push player",
         "simple-wins", 75.0, bots=("simple", "never-push")),
    _row("all-cards-played", "a player plays all 26 cards (standard)", "all-cards-played",
         100 / 6),
    _row("all-cards-played-long-race", "a player plays all 26 cards (Long race)",
         "all-cards-played", 50.0, {"long_race": True}),
    _row("turns-per-player-hard-push", "turns per player with Hard push",
         "turns-per-player", 5.0, {"hard_push": True}),
]

REPORTS: dict[str, Callable[[], list[Row]]] = {
    "duel": lambda: DUEL_ROWS,
}


def _key(row: Row) -> tuple[str, tuple[tuple[str, Any], ...], tuple[str, ...]]:
    return (row.game, row.options, row.bots)


def run_report(
    rows: list[Row], games: int, seed: int, workers: int | None,
    progress: Progress | None = None,
) -> list[Line]:
    """Simulate each distinct setup once and read every row's figure from it."""
    setups = list(dict.fromkeys(_key(row) for row in rows))
    specs = [SimSpec(game, dict(options), bots, games, seed) for game, options, bots in setups]
    results: dict[Any, SimResult] = dict(
        zip(setups, run_many(specs, workers, progress), strict=True))
    lines = []
    for row in rows:
        summary = results[_key(row)].summary(row.metric)
        lines.append(Line.of(summary, row.label, row.text, row.id))
    return lines


def total_games(rows: list[Row], games: int) -> int:
    return games * len({_key(row) for row in rows})

"""Balance reports: a rule text's "Balance" figures, measured by our own simulation.

Each report is a list of rows: a simulation, the metric read from it, and the
figure the rule text states (``None`` where the text only describes). Rows
that need the same simulation share it. A row may instead judge every game
from the game's metrics (``judge``: a rate derived from several metrics, such
as a campaign floor's clear rate) and show further judged rates beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardtable.sim.pool import Workers
from cardtable.sim.report import Line
from cardtable.sim.runner import Progress, SimResult, SimSpec, run_many
from cardtable.sim.stats import Summary, summarize_rate

Judge = Callable[[Mapping[str, bool | float]], bool]
"""Whether one game (its metrics) counts, for a rate derived from several metrics."""


@dataclass(frozen=True)
class Row:
    id: str
    label: str
    game: str
    options: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    metric: str
    text: float | None
    note: str = ""
    """What the rule text says in words, where it gives no figure."""
    judge: Judge | None = None
    """When set, the row's figure is the rate of games it accepts (named ``metric``)."""
    beside: tuple[tuple[str, str, Judge], ...] = ()
    """Further judged rates shown beside the figure: (id, column label, judge)."""
    most: int | None = None
    """At most this many games, whatever the run's count (a slow player's row)."""


def _row(id: str, label: str, metric: str, text: float | None,
         options: dict[str, Any] | None = None, bots: tuple[str, ...] = ("simple",),
         game: str = "duel", note: str = "", judge: Judge | None = None,
         beside: tuple[tuple[str, str, Judge], ...] = (), most: int | None = None) -> Row:
    return Row(id, label, game, tuple(sorted((options or {}).items())), bots, metric, text,
               note, judge, beside, most)


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

def paternoster_rows() -> list[Row]:
    """Perfect-game rates of the simple computer team, silent as the text's table says
    (two players unless said)."""
    from cardtable.games.paternoster.levels import LEVELS

    def row(id: str, label: str, options: dict[str, Any], note: str = "") -> Row:
        # the text's "simple computer player" that "never talks"
        return _row(id, label, "perfect", None, options, ("simple-silent",),
                    game="paternoster", note=note)

    rows = [row(f"level-{level.name}", f"level {level.name}", level.options,
                "a ladder from easy to expert")
            for level in LEVELS]
    rows += [row(f"players-{n}", f"{n} players", {"players": n},
                 {2: "", 3: "a bit harder than two", 4: "about the same as two"}[n])
             for n in (2, 3, 4)]
    rows += [row(f"tokens-{n}", f"{n} emergency token{'s' if n != 1 else ''}",
                 {"tokens": n} if n else {}, "each token adds about ten points" if n else "")
             for n in range(5)]
    rows += [
        row("two-cars", "Two cars (experts)", {"two_cars": True}, "tough"),
        row("tower-4", "Tower, 6 players, 4 cards", {"tower": True, "players": 6}, "tough"),
        row("tower-5", "Tower, 6 players, 5 cards",
            {"tower": True, "players": 6, "tower_hand": 5}, "much easier than with 4"),
    ]
    return rows


def campaign_rows() -> list[Row]:
    """The Tower campaign: each floor's clear rate (★) beside the text's target, with
    the ★★ and ★★★ rates; the simple computer team, two players."""
    from cardtable.games.paternoster.campaign import FLOORS, LOST, Floor, stars

    def at_least(floor: Floor, count: int) -> Judge:
        def judge(metrics: Mapping[str, bool | float]) -> bool:
            if any(metrics[f"lost-{how}"] for how in LOST):
                return False
            return stars(floor, int(metrics["cards-left"])) >= count
        return judge

    rows = []
    for floor in FLOORS:
        low, high = floor.target
        text, note = (low, "") if low == high else (None, f"{low:g}–{high:g}%")
        rows.append(_row(
            f"floor-{floor.number}", f"{floor.number} {floor.name} (goal {floor.goal})",
            "clear", text, {**floor.options, "players": 2}, game="paternoster", note=note,
            judge=at_least(floor, 1),
            beside=(("two-stars", "★★", at_least(floor, 2)),
                    ("three-stars", "★★★", at_least(floor, 3)))))
    return rows


def level_rows(game_id: str, rows: list[Row]) -> list[Row]:
    """The report's rows once for every level of the game's ladder, side by side.

    A level takes the seat of the row's (first) player: a figure of one player's games
    is measured with the level in every seat; a figure of one player against another
    (the duel's pushing) with the level against that other player, and is left out
    where the level is that player. Paternoster keeps its difficulty table, each row
    for a team of the level.
    """
    from cardtable.games.registry import ladder_of

    if game_id == "paternoster":
        rows = [row for row in rows if row.id.startswith("level-")]
    result = []
    for row in rows:
        for level in ladder_of(game_id):
            first, *others = row.bots
            if level.bot in others:
                continue
            bots = (level.bot, *(b if b != first else level.bot for b in others))
            metric = row.metric.replace(f"{first}-", f"{level.bot}-", 1) \
                if row.metric.startswith(f"{first}-") else row.metric
            result.append(replace(row, id=f"{row.id}@{level.name}",
                                  label=f"{row.label} · {level.label}", bots=bots, metric=metric))
    return result


LEVEL_TITLES = {
    "duel": "Paternoster Duel: the rule text's figures for every computer level",
    "paternoster": "Paternoster: perfect games by difficulty, two of each computer level",
}

TITLES = {
    "duel": "Paternoster Duel: the rule text's balance figures beside our simulation",
    "paternoster": "Paternoster: share of perfect games (all cards down), simple computer "
                   "team that never talks, two players unless said",
    "campaign": "Paternoster Tower campaign: share of rides that clear the floor (★) and "
                "earn ★★ and ★★★, simple computer team, two players",
}

REPORTS: dict[str, Callable[[], list[Row]]] = {
    "duel": lambda: DUEL_ROWS,
    "paternoster": paternoster_rows,
    "campaign": campaign_rows,
}


def _key(row: Row) -> tuple[str, tuple[tuple[str, Any], ...], tuple[str, ...], int | None]:
    return (row.game, row.options, row.bots, row.most)


def _games(games: int, most: int | None) -> int:
    return games if most is None else min(games, most)


def run_report(
    rows: list[Row], games: int, seed: int, workers: Workers,
    progress: Progress | None = None,
) -> list[Line]:
    """Simulate each distinct setup once and read every row's figure from it."""
    setups = list(dict.fromkeys(_key(row) for row in rows))
    specs = [SimSpec(game, dict(options), bots, _games(games, most), seed)
             for game, options, bots, most in setups]
    results: dict[Any, SimResult] = dict(
        zip(setups, run_many(specs, workers, progress), strict=True))
    lines = []
    for row in rows:
        result = results[_key(row)]
        summary = judged(result, row.metric, row.judge)
        beside = tuple((id, label, 100.0 * judged(result, id, judge).value)
                       for id, label, judge in row.beside)
        line = Line.of(summary, row.label, row.text, row.id, row.note)
        lines.append(replace(line, beside=beside) if beside else line)
    return lines


def judged(result: SimResult, metric: str, judge: Judge | None) -> Summary:
    """A row's figure of a run's games: the metric's summary, or the rate of the games
    the judge accepts (the site's games measured as a playtest are read the same way)."""
    if judge is None:
        return result.summary(metric)
    return summarize_rate(metric, [judge(row.metrics) for row in result.rows])


def total_games(rows: list[Row], games: int) -> int:
    return sum(_games(games, key[3]) for key in {_key(row) for row in rows})

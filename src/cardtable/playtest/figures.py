"""The people's games measured as the lab measures its simulated ones.

Each record is replayed into its final state and read by the game's own metric
function (:func:`cardtable.sim.setup.metrics_of`), into the lab's rows
(:class:`~cardtable.sim.runner.GameRow`), so that every figure comes from the same code
as the simulation's: the balance report's rows and the designer's measures, for the
options the people played with. A game that ended outside its rules (a resignation,
an abort, a clock) has no final position to measure: it is counted, not measured.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable.engine import RecordError
from cardtable.games.registry import replay
from cardtable.playtest.source import Game
from cardtable.sim.balance import REPORTS, Row, _row, judged
from cardtable.sim.measures import MEASURES
from cardtable.sim.report import Line
from cardtable.sim.runner import GameRow, SimResult, SimSpec
from cardtable.sim.setup import metrics_of, resolve_game
from cardtable.sim.stats import summarize_rate

MIN_GAMES = 30
"""Under this many games a figure is too few to tell."""
MAX_WIDTH = 20.0
"""A rate whose 95% interval is wider than this many points is too few to tell."""
PEOPLE = "people"
"""Who sat at every seat, as the lab's rows name players."""


@dataclass
class Played:
    """The people's games of one game, measured, grouped by the options they were played
    with (canonical JSON), and those that could not be measured."""

    game: str
    groups: dict[str, list[GameRow]] = field(default_factory=dict)
    pushes: dict[str, list[bool]] = field(default_factory=dict)
    """Duel: for each game where one side pushed more, whether that side won."""
    ended_otherwise: Counter[str] = field(default_factory=Counter)
    """Games that ended outside their rules, by the stored reason."""
    unreadable: int = 0

    @property
    def measured(self) -> int:
        return sum(map(len, self.groups.values()))


def canonical(game: str, options: dict[str, Any]) -> str:
    """The options as the game parses them, as a key: games with equal rules, equal keys."""
    return json.dumps(resolve_game(game).parse_options(options).to_json(), sort_keys=True)


def measure(game: str, games: Sequence[Game]) -> Played:
    """Replay and measure every game (``game``: the game's id)."""
    played = Played(game)
    metrics = metrics_of(game)
    for item in games:
        try:
            state = replay(item.record)
            key = canonical(game, item.record.options)
        except (RecordError, ValueError):
            played.unreadable += 1
            continue
        outcome = state.outcome()
        if outcome is None:
            played.ended_otherwise[str((item.outcome or {}).get("reason") or "unfinished")] += 1
            continue
        row = GameRow(metrics(state), (PEOPLE,) * len(outcome.returns), outcome.returns)
        played.groups.setdefault(key, []).append(row)
        paid = pushing_paid(item.record.moves, row.metrics) if game == "duel" else None
        if paid is not None:
            played.pushes.setdefault(key, []).append(paid)
    return played


def pushing_paid(moves: Sequence[tuple[int, str]],
                 metrics: dict[str, bool | float]) -> bool | None:
    """A duel: whether the side (seat mod 2: red, black) that pushed more won, as its
    metrics say who won; ``None`` when both pushed as often, or nobody won."""
    winner = 0 if metrics["red-wins"] else 1 if metrics["black-wins"] else None
    pushed = [0, 0]
    for seat, text in moves:
        if text.startswith("push"):
            pushed[seat % 2] += 1
    if pushed[0] == pushed[1] or winner is None:
        return None
    return winner == (0 if pushed[0] > pushed[1] else 1)


MORE: dict[str, list[Row]] = {
    "duel": [_row("stuck", "loss reason: stuck (could not play enough cards)", "stuck",
                  None)],
    "matebeta": [_row("dealer-points", "the dealer's points less the other's, a game",
                      "dealer-points-minus-other", None, bots=("club",), game="matebeta")],
}
"""Figures of a playtest beyond the designer's measures: how a duel was lost (the
measures count only the games where all cards were played), MateBeta's dealer advantage
in points (the measures: only whether the dealer scores)."""
FIGURE_OF = {"paternoster": "perfect", "campaign": "cleared"}
"""The figure of a report whose row labels name only the setup (a level, a floor)."""

PUSHING = "pushing-pays"
"""The duel's row for pushing: people who pushed more, beside always-push against
never-push in the simulation."""


def rows_for(report: str, played: Played) -> tuple[list[Row], list[Row]]:
    """The rows to compare: the balance report's and the designer's measures (a row of
    a computer player's own figures has no counterpart among people), each for the options
    it names; then the measures again for every other set of options the people played.
    Returns (the report's rows, the measures' rows): they are simulated with different
    numbers of games by default."""
    game = played.game
    seen: set[tuple[str, str]] = set()

    def keep(rows: Sequence[Row]) -> list[Row]:
        kept = []
        for row in rows:
            if row.id == "skill-gap":
                continue
            if row.id == "always-push-vs-never-push":
                row = replace(row, id=PUSHING,  # noqa: PLW2901 - the row, renamed
                              label="pushing pays: the side that pushed more wins")
            elif any(row.metric.startswith(f"{bot}-") for bot in row.bots):
                continue
            key = (PUSHING if row.id.startswith(PUSHING) else row.metric,
                   canonical(game, dict(row.options)))
            if key not in seen:
                seen.add(key)
                kept.append(row)
        return kept

    reported = keep([replace(row, label=f"{FIGURE_OF[report]}: {row.label}")
                     if report in FIGURE_OF else row for row in REPORTS.get(report, list)()])
    measures = [*MEASURES.get(report, []), *MORE.get(report, [])]
    base = keep(measures)
    covered = {canonical(game, dict(row.options)) for row in reported + base}
    extra = []
    for key in played.groups:
        if key in covered:
            continue
        options = json.loads(key)
        told = describe(game, options)
        extra += keep([replace(row, id=f"{row.id}@{told}", label=f"{row.label} · {told}",
                               options=tuple(sorted(options.items())))
                       for row in measures if row.id != "skill-gap"])
    return reported, base + extra


def describe(game: str, options: dict[str, Any]) -> str:
    """Options in a few words: what differs from the standard rules (Paternoster: the
    level, if these are a level's, and the players)."""
    standard = resolve_game(game).parse_options({}).to_json()
    differ = {k: v for k, v in options.items() if standard.get(k) != v}
    words = []
    if game == "paternoster":
        from cardtable.games.paternoster.levels import LEVELS

        players = differ.pop("players", standard.get("players"))
        for level in LEVELS:
            if canonical(game, level.options | {"players": players}) == \
                    canonical(game, options):
                differ = {}
                words.append(f"level {level.name}")
                break
        words.append(f"{players} players")
    words += [f"{k}={json.dumps(v)}" for k, v in sorted(differ.items())]
    return ", ".join(words) or "standard rules"


def people_line(row: Row, played: Played) -> Line | None:
    """The people's figure of a row, from their games with the row's options (``None``:
    they played no such game)."""
    key = canonical(played.game, dict(row.options))
    if row.id.split("@")[0] == PUSHING:
        flags = played.pushes.get(key, [])
        summary = summarize_rate(PUSHING, flags) if flags else None
    else:
        rows = played.groups.get(key, [])
        result = SimResult(SimSpec(played.game, dict(row.options), (PEOPLE,), len(rows)), rows)
        summary = judged(result, row.metric, row.judge) if rows else None
    if summary is None:
        return None
    line = Line.of(summary, row.label, row.text, row.id, row.note)
    if not row.beside or row.id.split("@")[0] == PUSHING:
        return line
    return replace(line, beside=tuple((id, label, 100.0 * judged(result, id, judge).value)
                                      for id, label, judge in row.beside))


def too_few(line: Line) -> bool:
    """Whether a figure is too uncertain to tell anything: too few games, or a rate's
    interval too wide."""
    return line.games < MIN_GAMES or (line.unit == "%" and line.high - line.low > MAX_WIDTH)

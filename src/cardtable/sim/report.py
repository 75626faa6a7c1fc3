"""Show simulation results to a person: a table, JSON, CSV, or a chart."""

from __future__ import annotations

import csv
import io
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from rich.console import Console
from rich.table import Table

from cardtable.sim.stats import Summary

ELO = "Elo"
"""The unit of a rating."""


@dataclass(frozen=True)
class Line:
    """One row of a report: a measured figure beside the rule text's, if it gives one."""

    id: str
    label: str
    ours: float
    low: float
    high: float
    games: int
    unit: str = "%"
    """``%`` for rates (numbers in percent), :data:`ELO` for ratings, else the unit of a
    mean."""
    text: float | None = None
    spread: float | None = None
    note: str = ""
    """What the rule text says in words, where it gives no figure."""
    beside: tuple[tuple[str, str, float], ...] = ()
    """Further rates shown beside ``ours`` as (id, column label, percent), e.g. the
    star rates of a campaign floor; empty for most reports."""

    @classmethod
    def of(cls, summary: Summary, label: str | None = None, text: float | None = None,
           id: str | None = None, note: str = "") -> Line:
        scale = 100.0 if summary.kind == "rate" else 1.0
        return cls(
            id=id or summary.name,
            label=label or summary.name.replace("-", " "),
            ours=summary.value * scale,
            low=summary.low * scale,
            high=summary.high * scale,
            games=summary.count,
            unit="%" if summary.kind == "rate" else "",
            text=text,
            spread=summary.spread if summary.kind == "mean" else None,
            note=note,
        )

    @property
    def agrees(self) -> bool | None:
        """Whether the text's figure lies inside our 95% interval."""
        if self.text is None:
            return None
        return self.low <= self.text <= self.high

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "id": self.id, "label": self.label, "text": self.text,
            "ours": round(self.ours, 3), "low": round(self.low, 3),
            "high": round(self.high, 3), "games": self.games, "unit": self.unit,
            "note": self.note,
        }
        if self.beside:
            data["beside"] = {id: round(value, 3) for id, _, value in self.beside}
        return data


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    if unit == "%":
        return f"{value:.1f}%"
    return f"{value:.0f}" if unit == ELO else f"{value:.2f}"


def grid(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """A plain table: the first column left, the others right-aligned."""
    result = Table(title=title, title_justify="left")
    for i, name in enumerate(header):
        result.add_column(name, justify="left" if i == 0 else "right")
    for row in rows:
        result.add_row(*row)
    return result


def table(title: str, lines: Sequence[Line], with_text: bool) -> Table:
    result = Table(title=title, title_justify="left")
    result.add_column("measure")
    if with_text:
        result.add_column("rule text", justify="right")
    result.add_column("ours", justify="right", style="bold")
    result.add_column("95% interval", justify="right")
    extra = [label for _, label, _ in lines[0].beside] if lines else []
    for label in extra:
        result.add_column(label, justify="right")
    if not with_text:
        result.add_column("spread (sd)", justify="right")
    result.add_column("games", justify="right")
    for line in lines:
        interval = f"{fmt(line.low, line.unit)} – {fmt(line.high, line.unit)}"
        cells = [line.label]
        if with_text:
            mark = {None: "", True: " ✓", False: " ✗"}[line.agrees]
            said = fmt(line.text, line.unit) + mark if line.text is not None else line.note
            cells.append(said or "—")
        cells += [fmt(line.ours, line.unit), interval]
        cells += [fmt(value, "%") for _, _, value in line.beside]
        if not with_text:
            cells.append("" if line.spread is None else f"{line.spread:.2f}")
        cells.append(f"{line.games:,}")
        result.add_row(*cells)
    return result


def print_table(console: Console, title: str, lines: Sequence[Line], with_text: bool) -> None:
    console.print(table(title, lines, with_text))
    if with_text:
        console.print("✓ the text's figure lies inside our 95% interval, ✗ it does not.")


def to_csv(lines: Sequence[Line]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    columns = ("id", "label", "text", "ours", "low", "high", "games", "unit", "note")
    writer.writerow(columns)
    for line in lines:
        data = line.to_json()
        writer.writerow([data[k] if data[k] is not None else "" for k in columns])
    return out.getvalue()


def plot(path: Path | BinaryIO, title: str, lines: Sequence[Line], whose: str = "ours"
         ) -> None:
    """A horizontal chart: our figure (``whose``: the bars' name, e.g. the people's of a
    playtest) with its 95% interval, the text's figure as a mark.

    Each unit (rates, means, ratings) has its own scale, so it gets its own panel, in
    the order the lines bring them; ratings are points, since their zero means nothing.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - matplotlib is a dependency
        raise ValueError("plotting needs matplotlib: pip install 'cardtable[lab]'") from exc
    units = list(dict.fromkeys(line.unit for line in lines))
    groups = [[line for line in lines if line.unit == unit] for unit in units]
    height = sum(len(g) for g in groups) * 0.45 + 1.2 * len(groups) + 0.6
    fig, axes = plt.subplots(len(groups), 1, figsize=(9, height), squeeze=False,
                             gridspec_kw={"height_ratios": [len(g) for g in groups]})
    for ax, group in zip(axes[:, 0], groups, strict=True):
        ys = list(range(len(group)))[::-1]
        ours = [line.ours for line in group]
        # clamped: a Wilson bound at 0% or 100% may miss the figure by a rounding error
        errors = [[max(0.0, line.ours - line.low) for line in group],
                  [max(0.0, line.high - line.ours) for line in group]]
        if group[0].unit == ELO:
            ax.errorbar(ours, ys, xerr=errors, fmt="o", color="#4a7ab8", capsize=4,
                        label="rating (95%)")
        else:
            ax.barh(ys, ours, xerr=errors, color="#4a7ab8", alpha=0.85, capsize=4,
                    label=f"{whose} (95%)")
        texts = [(y, line.text) for y, line in zip(ys, group, strict=True) if line.text is not None]
        if texts:
            ax.scatter([t for _, t in texts], [y for y, _ in texts], marker="D", color="#c0392b",
                       zorder=3, label="rule text")
        ax.set_yticks(ys)
        ax.set_yticklabels([line.label for line in group])
        ax.set_xlabel({"%": "percent of games", ELO: "Elo rating"}.get(group[0].unit, "mean"))
        if group[0].unit == "%":
            ax.set_xlim(0, 100)
        ax.grid(axis="x", alpha=0.3)
        ax.legend(loc="best", fontsize="small")
    # wrapped: the title sits over the panel, which long labels push to the right
    axes[0, 0].set_title("\n".join(textwrap.wrap(title, 64)))
    fig.tight_layout()
    fig.savefig(path, dpi=120, format="png")
    plt.close(fig)

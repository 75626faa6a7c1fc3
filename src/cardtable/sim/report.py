"""Show simulation results to a person: a table, JSON, CSV, or a chart."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from cardtable.sim.stats import Summary


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
    """``%`` for rates (numbers in percent), else the unit of a mean."""
    text: float | None = None
    spread: float | None = None
    note: str = ""
    """What the rule text says in words, where it gives no figure."""

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
        return {
            "id": self.id, "label": self.label, "text": self.text,
            "ours": round(self.ours, 3), "low": round(self.low, 3),
            "high": round(self.high, 3), "games": self.games, "unit": self.unit,
            "note": self.note,
        }


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    return f"{value:.1f}%" if unit == "%" else f"{value:.2f}"


def table(title: str, lines: Sequence[Line], with_text: bool) -> Table:
    result = Table(title=title, title_justify="left")
    result.add_column("measure")
    if with_text:
        result.add_column("rule text", justify="right")
    result.add_column("ours", justify="right", style="bold")
    result.add_column("95% interval", justify="right")
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


def plot(path: Path, title: str, lines: Sequence[Line]) -> None:
    """A horizontal chart: our figure with its 95% interval, the text's figure as a mark.

    Rates and means have different scales, so each unit gets its own panel.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - matplotlib is a dependency
        raise ValueError("plotting needs matplotlib: pip install 'cardtable[lab]'") from exc
    groups = [[line for line in lines if (line.unit == "%") == rate] for rate in (True, False)]
    groups = [g for g in groups if g]
    height = sum(len(g) for g in groups) * 0.45 + 1.2 * len(groups) + 0.6
    fig, axes = plt.subplots(len(groups), 1, figsize=(9, height), squeeze=False,
                             gridspec_kw={"height_ratios": [len(g) for g in groups]})
    for ax, group in zip(axes[:, 0], groups, strict=True):
        ys = list(range(len(group)))[::-1]
        ours = [line.ours for line in group]
        errors = [[line.ours - line.low for line in group],
                  [line.high - line.ours for line in group]]
        ax.barh(ys, ours, xerr=errors, color="#4a7ab8", alpha=0.85, capsize=4, label="ours (95%)")
        texts = [(y, line.text) for y, line in zip(ys, group, strict=True) if line.text is not None]
        if texts:
            ax.scatter([t for _, t in texts], [y for y, _ in texts], marker="D", color="#c0392b",
                       zorder=3, label="rule text")
        ax.set_yticks(ys)
        ax.set_yticklabels([line.label for line in group])
        ax.set_xlabel("percent of games" if group[0].unit == "%" else "mean")
        if group[0].unit == "%":
            ax.set_xlim(0, 100)
        ax.grid(axis="x", alpha=0.3)
        ax.legend(loc="lower right", fontsize="small")
    axes[0, 0].set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)

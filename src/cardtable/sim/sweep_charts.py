"""A sweep's charts: a line per figure for one parameter, a heat map per figure for two.

Rates are drawn in percent with their 95% intervals as bands (one parameter) or
written into the cells (two); means get their own panel, since their scale is
another.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtable.sim.sweep import Point, Sweep


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot(path: Path | Any, sweep: Sweep, points: Sequence[Point], figures: Sequence[str],
         title: str) -> None:
    """Draw the sweep's chart into ``path`` (a file name or a binary file object)."""
    plt = _pyplot()
    fig = line_chart(plt, sweep, points, figures, title) if len(sweep.axes) == 1 else heat_maps(
        plt, sweep, points, figures, title)
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)


def _scaled(point: Point, name: str) -> tuple[float, float, float]:
    s = point.figure(name)
    scale = 100.0 if s.kind == "rate" else 1.0
    return s.value * scale, s.low * scale, s.high * scale


def line_chart(plt: Any, sweep: Sweep, points: Sequence[Point], figures: Sequence[str],
               title: str) -> Any:
    axis = sweep.axes[0]
    kinds = {name: points[0].figure(name).kind for name in figures}
    panels = [k for k in ("rate", "mean") if k in kinds.values()]
    fig, axes = plt.subplots(len(panels), 1, figsize=(8, 3.6 * len(panels)), squeeze=False)
    xs = [p.values[0] for p in points]
    for ax, kind in zip(axes[:, 0], panels, strict=True):
        for name in (n for n in figures if kinds[n] == kind):
            values = [_scaled(p, name) for p in points]
            line = ax.plot(xs, [v for v, _, _ in values], marker="o", label=name)[0]
            ax.fill_between(xs, [lo for _, lo, _ in values], [hi for _, _, hi in values],
                            color=line.get_color(), alpha=0.18)
        ax.set_xlabel(axis.name)
        ax.set_xticks(xs)
        ax.set_ylabel("percent of games (95% band)" if kind == "rate" else "mean (95% band)")
        if kind == "rate":
            ax.set_ylim(0, 100)
        ax.grid(alpha=0.3)
        ax.legend(fontsize="small", loc="best")
    axes[0, 0].set_title(title, fontsize="medium")
    fig.tight_layout()
    return fig


def heat_maps(plt: Any, sweep: Sweep, points: Sequence[Point], figures: Sequence[str],
              title: str) -> Any:
    rows_axis, cols_axis = sweep.axes
    count = len(figures)
    columns = min(count, 2)
    lines = (count + columns - 1) // columns
    fig, axes = plt.subplots(lines, columns, figsize=(5.6 * columns, 4.4 * lines),
                             squeeze=False)
    by_values = {p.values: p for p in points}
    for index, name in enumerate(figures):
        ax = axes[index // columns, index % columns]
        grid = [[_scaled(by_values[(r, c)], name) for c in cols_axis.values]
                for r in rows_axis.values]
        rate = points[0].figure(name).kind == "rate"
        image = ax.imshow([[v for v, _, _ in row] for row in grid], origin="lower",
                          cmap="viridis", aspect="auto",
                          **({"vmin": 0, "vmax": 100} if rate else {}))
        for i, row in enumerate(grid):
            for j, (value, low, high) in enumerate(row):
                text = (f"{value:.0f}%\n{low:.0f}–{high:.0f}" if rate
                        else f"{value:.1f}\n±{(high - low) / 2:.1f}")
                dark = image.norm(value) < 0.55
                ax.text(j, i, text, ha="center", va="center", fontsize=7,
                        color="white" if dark else "black")
        ax.set_xticks(range(len(cols_axis.values)), [str(v) for v in cols_axis.values])
        ax.set_yticks(range(len(rows_axis.values)), [str(v) for v in rows_axis.values])
        ax.set_xlabel(cols_axis.name)
        ax.set_ylabel(rows_axis.name)
        ax.set_title(name + (" (%, 95% interval)" if rate else " (mean ± 95%)"),
                     fontsize="small")
        fig.colorbar(image, ax=ax, shrink=0.85)
    for index in range(count, lines * columns):
        axes[index // columns, index % columns].axis("off")
    fig.suptitle(title, fontsize="medium")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.45 / (4.4 * lines)))
    return fig

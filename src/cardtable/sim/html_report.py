"""``cardtable balance GAME --report FILE.html``: one page to send to a co-designer.

Self-contained: the styles are inline and every chart is an embedded PNG, so the
file opens anywhere without the command line or a network. It holds the rule
text's figures beside ours (with intervals and whether they agree), the
restricted-play table, and any sweeps given (``--sweep FILE.json``, the output of
``cardtable sweep --json``).
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from cardtable.sim import report, sweep_charts
from cardtable.sim.restricted import RestrictedResult
from cardtable.sim.stats import Summary
from cardtable.sim.sweep import Axis, Point, Sweep, cell, title_of

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px;
       padding: 1rem 1.2rem 3rem; color: #1d2330; background: #fbfaf7; }
h1 { font-size: 1.6rem; margin: .6rem 0 .2rem; } h2 { margin-top: 2rem; font-size: 1.25rem; }
p.meta { color: #5b6475; margin-top: 0; }
table { border-collapse: collapse; margin: .6rem 0; background: #fff; }
th, td { border: 1px solid #d9dce3; padding: .3rem .55rem; text-align: right; }
td { white-space: nowrap; }
th:first-child, td:first-child, .text { text-align: left; white-space: normal; }
td.text { min-width: 10rem; } td.text ~ td.text { min-width: 20rem; }
th { background: #eef0f5; }
td.yes { color: #1e7b34; } td.no { color: #b3261e; font-weight: 600; }
img { max-width: 100%; height: auto; border: 1px solid #d9dce3; background: #fff; }
.scroll { overflow-x: auto; }
"""


def png(draw: Any) -> str:
    """An ``<img>`` of a chart drawn by ``draw(file)``, as an embedded data address."""
    buffer = io.BytesIO()
    draw(buffer)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="chart" src="data:image/png;base64,{data}">'


def html_table(header: Sequence[str], rows: Sequence[Sequence[str]],
           classes: Sequence[Sequence[str]] | None = None, text: Sequence[int] = ()) -> str:
    """A table whose figures never wrap (on a phone it scrolls sideways); the first
    column and the ``text`` columns (sentences) wrap, left-aligned."""
    head = "".join(f'<th class="text">{escape(h)}</th>' if j in text
                   else f"<th>{escape(h)}</th>" for j, h in enumerate(header))
    body = []
    for i, row in enumerate(rows):
        cells = []
        for j, value in enumerate(row):
            cls = " ".join(c for c in (classes[i][j] if classes else "",
                                       "text" if j in text else "") if c)
            cells.append(f'<td class="{cls}">{escape(value)}</td>' if cls
                         else f"<td>{escape(value)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (f'<div class="scroll"><table><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def _pct(s: Summary) -> str:
    scale, unit = (100.0, "%") if s.kind == "rate" else (1.0, "")
    return (f"{report.fmt(s.value * scale, unit)} "
            f"[{report.fmt(s.low * scale, unit)} – {report.fmt(s.high * scale, unit)}]")


def balance_section(title: str, lines: Sequence[report.Line]) -> str:
    rows, classes = [], []
    for line in lines:
        said = report.fmt(line.text, line.unit) if line.text is not None else (line.note or "—")
        agrees = {None: "", True: "inside ✓", False: "outside ✗"}[line.agrees]
        rows.append([line.label, said, report.fmt(line.ours, line.unit),
                     f"{report.fmt(line.low, line.unit)} – {report.fmt(line.high, line.unit)}",
                     agrees, f"{line.games:,}"])
        classes.append(["", "", "", "", {None: "", True: "yes", False: "no"}[line.agrees], ""])
    chart = png(lambda f: report.plot(f, title, lines)) if lines else ""
    return ("<h2>The rule text's figures beside ours</h2>"
            "<p>Our figure with its 95% interval; ✓ when the text's figure lies inside it.</p>"
            + html_table(["measure", "rule text", "ours", "95% interval", "text's figure",
                      "games"], rows, classes, text=[0]) + chart)


def measures_section(lines: Sequence[report.Line]) -> str:
    rows = [[line.label, report.fmt(line.ours, line.unit),
             f"{report.fmt(line.low, line.unit)} – {report.fmt(line.high, line.unit)}",
             "" if line.spread is None else f"{line.spread:.2f}", f"{line.games:,}"]
            for line in lines]
    return ("<h2>The designer's measures</h2>"
            "<p>First-player advantage, length and its spread (standard deviation), how "
            "often a game is decided, and the skill gap between computer players.</p>"
            + html_table(["measure", "ours", "95% interval", "spread (sd)", "games"], rows,
                     text=[0]))


def restricted_cells(r: RestrictedResult) -> list[str]:
    """The figure's name, without the mechanic, with it and the effect (a duel seat's
    win rate beside 50%, a MateBeta seat's points beside 0, by symmetry)."""
    without, with_it = r.without, r.with_it
    rate = without.kind == "rate"
    if with_it is None:
        even = 0.5 if rate else 0.0
        figure = "win rate" if rate else "points a game, less the other's"
        shown = "50% by symmetry" if rate else "0 by symmetry"
        effect = even - without.value
    else:
        figure, shown = "perfect rate", _pct(with_it)
        effect = with_it.value - without.value
    told = f"{100 * effect:+.1f} points" if rate else f"{effect:+.1f} points of score"
    return [figure, _pct(without), shown, f"{told} for the mechanic"]


def restricted_section(results: Sequence[RestrictedResult]) -> str:
    rows = []
    for r in results:
        x = r.restriction
        rows.append([x.mechanic, x.level, *restricted_cells(r), x.claim])
    return ("<h2>Restricted play: each mechanic forbidden</h2>"
            "<p>A seat that may not use the mechanic plays one that may (its win rate; in "
            "MateBeta its points less the other's); in Paternoster the team without it "
            "beside the team with it. Both sides are the same computer player, at the level "
            "named.</p>"
            + html_table(["mechanic", "level", "figure", "without it", "with it", "effect",
                      "the rule text"], rows, text=[0, 6]))


def sweep_of(data: dict[str, Any]) -> tuple[Sweep, list[Point]]:
    """A sweep and its points from ``cardtable sweep --json`` output."""
    axes = tuple(Axis(name, tuple(data["vary"][name])) for name in data["axes"])
    sweep = Sweep(data["game"], data["options"], axes, tuple(data["bots"]), data["games"],
                  data["seed"])
    return sweep, [Point.from_json(p) for p in data["points"]]


def sweep_section(data: dict[str, Any]) -> str:
    """A sweep's table and chart, of the figures it was run to show."""

    sweep, points = sweep_of(data)
    names = list(data.get("figures") or [s.name for s in points[0].figures])
    title = title_of(sweep)
    rows = [[*(str(v) for v in p.values), *(cell(p, n) for n in names)] for p in points]
    chart = png(lambda f: sweep_charts.plot(f, sweep, points, names, title))
    return (f"<h2>Sweep: {escape(title)}</h2>"
            + html_table([*(a.name for a in sweep.axes), *names], rows) + chart)


def page(game_name: str, setup: str, sections: Sequence[str]) -> str:
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(game_name)}: balance report</title><style>{STYLE}</style>"
            f"</head><body><h1>{escape(game_name)}: balance report</h1>"
            f'<p class="meta">{escape(setup)}</p>' + "".join(sections) + "</body></html>")


def read_sweeps(paths: Sequence[str]) -> list[dict[str, Any]]:
    """Sweeps saved with ``cardtable sweep --json > FILE.json``."""
    result = []
    for path in paths:
        try:
            result.append(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"--sweep {path}: not a sweep's JSON ({exc})") from None
    return result

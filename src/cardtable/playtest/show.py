"""The people's figures beside the simulation's and the rule text's: on the terminal,
as JSON, and as a section of the lab's HTML report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from rich.table import Table

from cardtable.playtest.figures import MAX_WIDTH, MIN_GAMES, Played, too_few
from cardtable.sim import html_report, report
from cardtable.sim.balance import Row
from cardtable.sim.report import Line, fmt


@dataclass(frozen=True)
class Compared:
    """One figure: the people's (``None``: no such game), the simulation's (``None``:
    not simulated) and the rule text's (in the row)."""

    row: Row
    people: Line | None
    simulated: Line | None

    @property
    def too_few(self) -> bool:
        return self.people is None or too_few(self.people)

    def inside(self, value: float | None) -> bool | None:
        """Whether ``value`` lies inside the people's 95% interval."""
        if value is None or self.people is None:
            return None
        return self.people.low <= value <= self.people.high

    def verdict(self) -> str:
        if self.people is None:
            return "no such game"
        if self.too_few:
            return "too few to tell"
        words = []
        for name, value in (("text", self.row.text),
                            ("sim", self.simulated.ours if self.simulated else None)):
            inside = self.inside(value)
            if inside is not None:
                words.append(f"{name} {'✓' if inside else '✗'}")
        return " ".join(words)

    def to_json(self) -> dict[str, object]:
        return {"id": self.row.id, "label": self.row.label, "text": self.row.text,
                "note": self.row.note,
                "people": self.people.to_json() if self.people else None,
                "simulated": self.simulated.to_json() if self.simulated else None,
                "too_few": self.too_few}


def _figure(line: Line | None) -> tuple[str, str]:
    if line is None:
        return "—", ""
    return fmt(line.ours, line.unit), f"{fmt(line.low, line.unit)} – {fmt(line.high, line.unit)}"


def _said(item: Compared) -> str:
    line = item.people or item.simulated
    unit = line.unit if line is not None else "%"
    return fmt(item.row.text, unit) if item.row.text is not None else (item.row.note or "—")


HEADER = ["measure", "rule text", "people", "95% interval", "games", "simulated",
          "95% interval", "inside?"]


def cells(item: Compared) -> list[str]:
    people, simulated = _figure(item.people), _figure(item.simulated)
    games = f"{item.people.games:,}" if item.people else "0"
    return [item.row.label, _said(item), *people, games, *simulated, item.verdict()]


def summary(played: Played, chosen: str) -> list[str]:
    """Sentences under the table: what was read, what was left out, and whether the
    games are enough to tell."""
    lines = [f"{played.measured:,} finished games between people ({chosen})."]
    if played.ended_otherwise:
        ends = ", ".join(f"{reason} {n}" for reason, n in sorted(played.ended_otherwise.items()))
        lines.append(f"Not measured, they ended outside the rules: {ends}.")
    if played.unreadable:
        lines.append(f"{played.unreadable} games could not be replayed.")
    if played.measured < MIN_GAMES:
        lines.append(f"Too few games to tell anything: a figure needs at least {MIN_GAMES} "
                     "games.")
    if played.pushes:
        lines.append("Pushing: among people, the side that pushed more (of the games where "
                     "one did); simulated, a player who always pushes against one who never "
                     "does.")
    lines.append("A measure's label names the computer players of its simulation; the "
                 "people's figure is of the people's games with the same rules.")
    lines.append(f"A figure from under {MIN_GAMES} games, or a rate whose 95% interval is "
                 f"wider than {MAX_WIDTH:g} points, is too few to tell. Inside? ✓: the rule "
                 "text's or the simulation's figure lies inside the people's 95% interval; "
                 "✗: it does not.")
    return lines


def terminal_table(title: str, items: Sequence[Compared]) -> Table:
    return report.grid(title, HEADER, [cells(item) for item in items])


def html_section(title: str, items: Sequence[Compared], notes: Sequence[str]) -> str:
    """The section of the HTML report: the table, the notes, and a chart of the people's
    figures (the rule text's as marks)."""
    classes = []
    for item in items:
        verdict = item.verdict()
        cls = "no" if "✗" in verdict else "yes" if "✓" in verdict else ""
        classes.append([""] * (len(HEADER) - 1) + [cls])
    lines = [item.people for item in items if item.people is not None]
    chart = html_report.png(lambda f: report.plot(f, title, lines, whose="people")) if lines else ""
    return (f"<h2>{escape(title)}</h2>"
            + "".join(f"<p>{escape(note)}</p>" for note in notes)
            + html_report.html_table(HEADER, [cells(item) for item in items], classes,
                                     text=[0]) + chart)

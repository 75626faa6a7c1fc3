"""``cardtable sweep``: play every point of a grid of rule parameters and compare.

A sweep varies one or two whole-number options (``hand=5..8``, ``push_reach=1..4``)
and plays the same simulation at each point through the ordinary runner, with
the same seed at every point: a point's games do not depend on ``--workers``,
and neighbouring points are played from the same random streams. Each finished
point can be saved as one JSON line, so an interrupted sweep goes on where it
stopped (``--save``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.engine import Game, OptionError
from cardtable.sim import report
from cardtable.sim.pool import Workers
from cardtable.sim.runner import Progress, SimSpec, run_many
from cardtable.sim.setup import resolve_game
from cardtable.sim.stats import Summary

MAX_POINTS = 400
"""A grid larger than this is more likely a typing slip than a plan."""


@dataclass(frozen=True)
class Axis:
    """One varied parameter and its values, in order."""

    name: str
    values: tuple[int, ...]


def parse_axis(text: str) -> Axis:
    """``NAME=LOW..HIGH[:STEP]`` (or ``NAME=A,B,C``) as an :class:`Axis`."""
    name, sep, spec = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or not name:
        raise OptionError(f"--vary '{text}' must read NAME=LOW..HIGH[:STEP], like hand=5..8")
    try:
        if ".." not in spec:
            return Axis(name, tuple(int(v) for v in spec.split(",")))
        span, _, step_text = spec.partition(":")
        low_text, _, high_text = span.partition("..")
        low, high = int(low_text), int(high_text)
        step = int(step_text) if step_text else 1
    except ValueError:
        raise OptionError(f"--vary '{text}' must read NAME=LOW..HIGH[:STEP] with whole "
                          "numbers, like hand=5..8 or push_reach=1..4") from None
    if step < 1:
        raise OptionError(f"--vary '{text}': the step must be at least 1")
    if high < low:
        raise OptionError(f"--vary '{text}': {high} is below {low}")
    values = tuple(range(low, high + 1, step))
    return Axis(name, values)


@dataclass(frozen=True)
class Sweep:
    """What a sweep plays: a game, base options, one or two axes, bots, games, seed."""

    game: str
    options: dict[str, Any]
    axes: tuple[Axis, ...]
    bots: tuple[str, ...]
    games: int
    seed: int

    def points(self) -> list[tuple[int, ...]]:
        return list(itertools.product(*(axis.values for axis in self.axes)))

    def options_at(self, point: Sequence[int]) -> dict[str, Any]:
        return self.options | {axis.name: value for axis, value in zip(self.axes, point,
                                                                      strict=True)}

    def spec(self, point: Sequence[int]) -> SimSpec:
        return SimSpec(self.game, self.options_at(point), self.bots, self.games, self.seed)

    def setup(self) -> dict[str, Any]:
        """The sweep as JSON: what a saved sweep must match to be resumed."""
        return {"game": self.game, "options": self.options,
                "vary": {axis.name: list(axis.values) for axis in self.axes},
                "bots": list(self.bots), "games": self.games, "seed": self.seed}


def check(sweep: Sweep, game: Game[Any]) -> None:
    """Refuse a sweep before it plays anything: too many axes or points, an axis twice,
    or a point whose options the game refuses (the game's error names the parameter)."""
    if not 1 <= len(sweep.axes) <= 2:
        raise OptionError("a sweep varies one or two parameters (--vary once or twice)")
    names = [axis.name for axis in sweep.axes]
    if len(set(names)) != len(names):
        raise OptionError(f"--vary names '{names[0]}' twice")
    for axis in sweep.axes:
        if axis.name in sweep.options:
            raise OptionError(f"'{axis.name}' is varied and also set by a variant: drop one")
    points = sweep.points()
    if len(points) > MAX_POINTS:
        raise OptionError(f"the grid has {len(points)} points; at most {MAX_POINTS}")
    for point in points:
        try:
            game.parse_options(sweep.options_at(point))
        except OptionError as exc:
            where = ", ".join(f"{a.name}={v}" for a, v in zip(sweep.axes, point, strict=True))
            raise OptionError(f"at {where}: {exc}") from None


@dataclass
class Point:
    """One played point of the grid: its parameter values and every figure."""

    values: tuple[int, ...]
    figures: list[Summary] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"values": list(self.values), "figures": [s.to_json() for s in self.figures]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Point:
        figures = [Summary(f["name"], f["kind"], f["value"], f["low"], f["high"], f["count"],
                           f.get("spread", 0.0)) for f in data["figures"]]
        return cls(tuple(data["values"]), figures)

    def figure(self, name: str) -> Summary:
        for item in self.figures:
            if item.name == name:
                return item
        raise KeyError(name)


def load(path: Path, sweep: Sweep) -> dict[tuple[int, ...], Point]:
    """The points a saved sweep already holds (none for a new file); a file saved for
    another sweep is refused, naming what differs."""
    if not path.exists() or path.stat().st_size == 0:
        return {}
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    saved = lines[0].get("setup") if lines else None
    if saved != sweep.setup():
        differ = sorted(k for k in sweep.setup() if (saved or {}).get(k) != sweep.setup()[k])
        raise OptionError(f"{path} holds another sweep (it differs in: {', '.join(differ)}); "
                          "give another --save file or the same settings")
    points = {}
    for data in lines[1:]:
        point = Point.from_json(data)
        points[point.values] = point
    return points


def run_sweep(sweep: Sweep, workers: Workers = None, progress: Progress | None = None,
              save: Path | None = None,
              done: Callable[[Point], None] | None = None) -> list[Point]:
    """Play every point not yet in ``save`` (appending each as it finishes), in grid order."""
    finished = load(save, sweep) if save is not None else {}
    if save is not None and not finished:
        save.write_text(json.dumps({"setup": sweep.setup()}) + "\n", encoding="utf-8")
    for point in finished.values():
        if progress:
            progress(sweep.games)
        if done:
            done(point)
    for values in sweep.points():
        if values in finished:
            continue
        result = run_many([sweep.spec(values)], workers, progress)[0]
        point = Point(values, result.summaries())
        finished[values] = point
        if save is not None:
            with save.open("a", encoding="utf-8") as out:
                out.write(json.dumps(point.to_json()) + "\n")
        if done:
            done(point)
    return [finished[values] for values in sweep.points()]


def figure_names(points: Sequence[Point], wanted: Sequence[str] = ()) -> list[str]:
    """The figures to show: those asked for (checked), else every one the game measures."""
    known = [s.name for s in points[0].figures] if points else []
    for name in wanted:
        if name not in known:
            raise OptionError(f"no figure '{name}' (known: {', '.join(known)})")
    return list(wanted) or known


def title_of(sweep: Sweep) -> str:
    game = resolve_game(sweep.game)
    base = json.dumps(sweep.options) if sweep.options else "standard rules"
    varied = " × ".join(f"{a.name} {a.values[0]}..{a.values[-1]}" for a in sweep.axes)
    return (f"{game.name}: {varied} ({base}); players {', '.join(sweep.bots)}; "
            f"{sweep.games:,} games a point, seed {sweep.seed}")


def cell(point: Point, name: str) -> str:
    s = point.figure(name)
    unit = "%" if s.kind == "rate" else ""
    scale = 100.0 if s.kind == "rate" else 1.0
    return (f"{report.fmt(s.value * scale, unit)} "
            f"[{report.fmt(s.low * scale, unit)}–{report.fmt(s.high * scale, unit)}]")

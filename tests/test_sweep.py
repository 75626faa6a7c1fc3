"""``cardtable sweep``: grids of rule parameters, checked before they play,
reproducible whatever the workers, resumable, and shown as a table, JSON, CSV, chart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.cli import main
from cardtable.engine import OptionError
from cardtable.games.duel.rules import DUEL
from cardtable.sim import sweep_command
from cardtable.sim.runner import SimSpec, simulate
from cardtable.sim.sweep import Axis, Sweep, cell, check, figure_names, parse_axis, run_sweep

SMALL = Sweep("duel", {}, (Axis("hand", (5, 6)), Axis("push_reach", (1, 3))), ("simple",),
              60, 7)


@pytest.mark.parametrize(("text", "values"), [
    ("hand=5..8", (5, 6, 7, 8)), ("set-aside=0..16:4", (0, 4, 8, 12, 16)),
    ("tokens=0,2,4", (0, 2, 4)), ("hand=6..6", (6,)),
])
def test_axes_read_ranges_steps_and_lists(text: str, values: tuple[int, ...]) -> None:
    assert parse_axis(text).values == values


@pytest.mark.parametrize(("text", "message"), [
    ("hand", "must read NAME=LOW..HIGH"), ("hand=8..5", "5 is below 8"),
    ("hand=5..8:0", "step must be at least 1"), ("hand=a..b", "whole numbers"),
])
def test_bad_axes_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_axis(text)


def test_a_point_out_of_range_is_refused_before_anything_plays() -> None:
    sweep = Sweep("duel", {}, (Axis("push_reach", (10, 11, 12, 13)),), ("simple",), 10, 1)
    with pytest.raises(OptionError, match="at push_reach=13: option 'push_reach' must be from "
                                          "0 to 12"):
        check(sweep, DUEL)
    with pytest.raises(OptionError, match="one or two parameters"):
        check(Sweep("duel", {}, (), ("simple",), 10, 1), DUEL)
    with pytest.raises(OptionError, match="unknown option 'reach'"):
        check(Sweep("duel", {}, (Axis("reach", (1,)),), ("simple",), 10, 1), DUEL)


def test_each_point_is_the_runner_s_simulation_of_its_options() -> None:
    points = run_sweep(SMALL, workers=1)
    assert [p.values for p in points] == [(5, 1), (5, 3), (6, 1), (6, 3)]
    alone = simulate(SimSpec("duel", {"hand": 6, "push_reach": 3}, ("simple",), 60, 7), 1)
    assert points[3].figures == alone.summaries()


def test_sweeps_do_not_depend_on_the_workers() -> None:
    one = run_sweep(SMALL, workers=1)
    two = run_sweep(SMALL, workers=2)
    assert [p.to_json() for p in one] == [p.to_json() for p in two]


def test_an_interrupted_sweep_goes_on_where_it_stopped(tmp_path: Path) -> None:
    save = tmp_path / "sweep.jsonl"
    full = run_sweep(SMALL, workers=1, save=save)
    lines = save.read_text().splitlines()
    assert len(lines) == 1 + len(full)
    save.write_text("\n".join(lines[:3]) + "\n")  # stopped after two points
    again = run_sweep(SMALL, workers=1, save=save)
    assert [p.to_json() for p in again] == [p.to_json() for p in full]
    assert len(save.read_text().splitlines()) == 1 + len(full)
    other = Sweep("duel", {}, SMALL.axes, ("simple",), 61, 7)
    with pytest.raises(OptionError, match=r"another sweep .it differs in: games"):
        run_sweep(other, workers=1, save=save)


def test_the_command_prints_json_csv_a_table_and_draws_charts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["sweep", "duel", "--vary", "hand=5..6", "--games", "50", "--workers", "1"]
    assert main([*base, "--vary", "push_reach=1..2", "--json",
                 "--plot", str(tmp_path / "heat.png")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["axes"] == ["hand", "push_reach"] and len(data["points"]) == 4
    assert (tmp_path / "heat.png").read_bytes()[:4] == b"\x89PNG"
    assert main([*base, "--csv", "--figures", "starter-wins",
                 "--plot", str(tmp_path / "line.png")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("hand,figure,kind,value,low,high") and len(out) == 3
    assert (tmp_path / "line.png").exists()
    assert main([*base, "--figures", "starter-wins"]) == 0
    assert "starter-wins" in capsys.readouterr().out
    assert main([*base, "--figures", "nonsense"]) == 2
    assert "no figure 'nonsense'" in capsys.readouterr().err


def test_the_table_is_cut_into_parts_that_fit_and_shortens_no_value() -> None:
    points = run_sweep(SMALL, workers=1)
    figures = figure_names(points, [])
    parts = sweep_command.tables(SMALL, points, figures, "a sweep", width=80)
    assert len(parts) > 1
    console = Console(width=80, record=True)
    for part in parts:
        console.print(part)
    text = console.export_text()
    assert "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    shown = [column.header for part in parts for column in part.columns]
    assert [name for name in shown if name not in ("hand", "push_reach")] == figures
    assert all(cell(points[0], name) in text for name in figures)

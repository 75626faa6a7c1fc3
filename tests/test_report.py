"""``cardtable balance GAME --restricted`` and ``--report``: measures and restricted play
for games with and without the rule text's figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.sim.restricted import RESTRICTIONS, run_restricted


def test_duel52_report_has_measures_without_a_text_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "d52.html"
    assert main(["balance", "duel52", "--restricted-games", "12", "--workers", "1",
                 "--report", str(page), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rows"] == [] and data["restricted"] == []
    assert {m["id"] for m in data["measures"]} >= {"first-player", "moves", "skill-gap"}
    html = page.read_text()
    assert "The designer's measures" in html and "The rule text" not in html


def test_a_restricted_duel_seat_is_refused_its_pushes() -> None:
    restriction = RESTRICTIONS["duel"][1]
    assert restriction.level == "simple" and restriction.restricted == {
        "handicap_no_push": [0]}
    result = run_restricted([restriction], 60, 3, workers=1)[0]
    assert result.with_it is None and result.without.count == 60
    assert result.without.value < 0.5  # pushing matters


def test_a_sweep_of_another_game_is_refused_in_a_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sweep = tmp_path / "s.json"
    assert main(["sweep", "duel52", "--vary", "set_aside=0,16", "--games", "4",
                 "--workers", "1", "--json"]) == 0
    sweep.write_text(capsys.readouterr().out)
    assert main(["balance", "duel", "--report", str(tmp_path / "r.html"),
                 "--sweep", str(sweep)]) == 2
    assert "does not belong in a report on 'duel'" in capsys.readouterr().err

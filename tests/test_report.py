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
    assert data["rows"] == []
    assert {m["id"] for m in data["measures"]} >= {"first-player", "moves", "skill-gap",
                                                   "lead-changes", "comeback"}
    restricted = data["restricted"]
    assert len(restricted) == 26 and all(r["without"]["count"] == 12 for r in restricted)
    assert {(r["mechanic"], r["level"]) for r in restricted} >= {
        ("Trap (3)", "beginner"), ("Trap (3)", "club"), ("Empower (K)", "club")}
    html = page.read_text()
    assert "The designer's measures" in html and "The rule text" not in html
    assert "Restricted play" in html and "Twinstrike (10)" in html


def test_duel52_restricts_every_power_to_seat_0_at_two_cheap_levels() -> None:
    """Each rank's power (every rank has one) once per level, forbidden by the rules'
    own handicap; the figure is the restricted seat's win rate."""
    restrictions = RESTRICTIONS["duel52"]
    assert [r.restricted["handicap_no_power"]["0"] for r in restrictions[::2]] == [
        ["A"], ["2"], ["3"], ["4"], ["5"], ["6"], ["7"], ["8"], ["9"], ["10"], ["J"], ["Q"],
        ["K"]]
    assert {r.level for r in restrictions} == {"beginner", "club"}
    assert {r.metric for r in restrictions} == {"seat0-wins"} and all(
        r.free is None and r.game == "duel52" for r in restrictions)


def test_a_duel52_seat_without_traps_loses_most_games() -> None:
    trap = next(r for r in RESTRICTIONS["duel52"]
                if r.mechanic == "Trap (3)" and r.level == "club")
    result = run_restricted([trap], 60, 3, workers=1)[0]
    assert result.with_it is None and result.without.count == 60
    assert result.without.value < 0.4  # Trap matters


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

"""The balance lab: statistics, reproducible parallel runs, and the commands."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.sim import runner
from cardtable.sim.balance import DUEL_ROWS, run_report
from cardtable.sim.runner import CHUNK, SimSpec, run_many, simulate
from cardtable.sim.setup import fast_games_of, make_bot, resolve_game
from cardtable.sim.stats import Z95, summarize_mean, summarize_rate, wilson


@pytest.mark.parametrize(("hits", "n", "low", "high"), [
    (0, 10, 0.0, 0.27753),       # the classic: no successes in 10 trials
    (10, 10, 0.72247, 1.0),
    (5, 10, 0.23659, 0.76341),
])
def test_wilson_interval_known_values(hits: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(hits, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


@pytest.mark.parametrize(("hits", "n"), [(81, 263), (1960, 4000), (3, 4000), (1, 2)])
def test_wilson_bounds_solve_the_score_equation(hits: int, n: int) -> None:
    """Wilson's bounds are the rates p with (p̂ − p)² = z² p (1 − p) / n."""
    p_hat = hits / n
    for p in wilson(hits, n):
        assert (p_hat - p) ** 2 == pytest.approx(Z95**2 * p * (1 - p) / n, rel=1e-9, abs=1e-15)


def test_wilson_edge_cases() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="impossible"):
        wilson(5, 3)


def test_summaries() -> None:
    rate = summarize_rate("x", [True, False, True, True])
    assert rate.value == 0.75 and rate.low < 0.75 < rate.high and rate.count == 4
    mean = summarize_mean("y", [1.0, 2.0, 3.0])
    assert mean.value == 2.0 and mean.spread == 1.0 and mean.low < 2.0 < mean.high


def test_same_seed_same_result_whatever_the_number_of_workers() -> None:
    spec = SimSpec("duel", {}, ("simple", "never-push"), CHUNK * 2 + 7, seed=9)
    one = simulate(spec, workers=1)
    two = simulate(spec, workers=2)
    assert one.rows == two.rows
    assert len(one.rows) == spec.games
    assert simulate(SimSpec("duel", {}, ("simple",), 30, seed=10), workers=1).rows != \
        simulate(SimSpec("duel", {}, ("simple",), 30, seed=9), workers=1).rows


def test_seats_are_rotated_fairly() -> None:
    result = simulate(SimSpec("duel", {}, ("simple", "never-push"), 40, seed=2), workers=1)
    seat0 = [row.seating[0] for row in result.rows]
    assert seat0.count("simple") == seat0.count("never-push") == 20
    names = {s.name for s in result.summaries()}
    assert {"simple-wins", "never-push-wins", "starter-wins", "all-cards-played"} <= names


FAST_CASES = [({}, ("random",), 1), ({}, ("random",), 8),
              ({"handicap_no_foreplace": [1]}, ("random",), 2),
              ({"value_ace": 30, "value_queen": 0}, ("random", "random"), 3)]


@pytest.mark.parametrize(("options", "bots", "seed"), FAST_CASES)
def test_the_fast_path_gives_the_rows_and_summaries_of_the_ordinary_one(
        options: dict[str, object], bots: tuple[str, ...], seed: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """MateBeta's random players play the lab's games without a state: the very rows
    and summaries of the ordinary path, from the same seeds."""
    spec = SimSpec("matebeta", options, bots, CHUNK * 2 + 7, seed=seed)
    fast = simulate(spec, workers=1)
    monkeypatch.setattr(runner, "fast_games_of", lambda *_: None)
    ordinary = simulate(spec, workers=1)
    assert fast.rows == ordinary.rows and len(fast.rows) == spec.games
    kinds = [[type(v) for v in row.metrics.values()] for row in fast.rows]  # True is not 1.0
    assert kinds == [[type(v) for v in row.metrics.values()] for row in ordinary.rows]
    assert fast.summaries() == ordinary.summaries()


def test_the_fast_path_is_taken_for_random_seats_only() -> None:
    options = resolve_game("matebeta").parse_options({})
    random_seats = {0: make_bot("matebeta", "random", 1), 1: make_bot("matebeta", "random", 2)}
    assert fast_games_of("matebeta", options, random_seats) is not None
    mixed = {0: random_seats[0], 1: make_bot("matebeta", "beginner", 2)}
    assert fast_games_of("matebeta", options, mixed) is None
    duel = resolve_game("duel")
    assert fast_games_of("duel", duel.parse_options({}), {
        0: make_bot("duel", "random", 1), 1: make_bot("duel", "random", 2)}) is None


def test_a_mixed_seating_plays_as_before() -> None:
    """Seats rotate; a rotation's players are made when first needed, so a random
    player beside another plays the games it always played."""
    result = simulate(SimSpec("matebeta", {}, ("random", "beginner"), 6, seed=4), workers=1)
    assert [row.seating for row in result.rows] == [("random", "beginner"),
                                                     ("beginner", "random")] * 3
    names = {s.name for s in result.summaries()}
    assert {"random-wins", "beginner-wins-moving-first"} <= names


@pytest.mark.parametrize("values", [[1.0, 2.0, 4.5], [0.1] * 7 + [0.3, 1e9], [3.0]])
def test_a_mean_spread_is_the_plain_sum_of_squares(values: list[float]) -> None:
    mean = sum(values) / len(values)
    plain = (math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
             if len(values) > 1 else 0.0)
    assert summarize_mean("x", values).spread == plain


def test_balance_report_shares_simulations_between_rows() -> None:
    lines = run_report(DUEL_ROWS, games=20, seed=3, workers=1)
    assert [line.id for line in lines] == [
        "starter-wins", "starter-wins-two-card-first-turn", "always-push-vs-never-push",
        "all-cards-played", "all-cards-played-long-race", "turns-per-player-hard-push"]
    assert all(line.games == 20 for line in lines)
    assert lines[5].unit == "" and lines[0].unit == "%"


def test_run_many_reports_progress() -> None:
    seen: list[int] = []
    run_many([SimSpec("duel", {"hard_push": True}, ("simple",), 60)], 1, seen.append)
    assert sum(seen) == 60


def cardtable(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True,
                          text=True, timeout=300, check=False)


def test_simulate_command_json_csv_table_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "chart.png"
    result = cardtable("simulate", "duel", "--variant", "long", "--bots", "simple,never-push",
                       "--games", "60", "--json", "--plot", str(plot), "--workers", "2")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["options"] == {"long_race": True} and data["games"] == 60
    ids = {row["id"] for row in data["rows"]}
    assert {"starter-wins", "simple-wins", "turns-per-player"} <= ids
    assert plot.stat().st_size > 1000
    csv_out = cardtable("simulate", "duel", "--games", "20", "--csv", "--workers", "1")
    assert csv_out.stdout.startswith("id,label,text,ours,low,high,games,unit,note")
    text = cardtable("simulate", "duel", "--games", "20", "--workers", "1")
    assert "95% interval" in text.stdout and "games/s" in text.stdout


def test_simulate_takes_rule_numbers_of_a_game_without_named_variants() -> None:
    """MateBeta's only variants are its card values: ``--variant value_ace=30`` changes one,
    and a word that is none is refused by name."""
    result = cardtable("simulate", "matebeta", "--variant", "value_ace=30", "--bots", "random",
                       "--games", "50", "--json", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["options"]["value_ace"] == 30
    bad = cardtable("simulate", "matebeta", "--variant", "long", "--games", "5")
    assert bad.returncode == 2 and "MateBeta has no variant 'long'" in bad.stderr


def test_simulate_command_refuses_bad_input() -> None:
    bad_bot = cardtable("simulate", "duel", "--bots", "genius", "--games", "5")
    assert bad_bot.returncode == 2 and "unknown Paternoster Duel player 'genius'" in bad_bot.stderr
    bad_variant = cardtable("simulate", "duel", "--variant", "blitz", "--variant", "team")
    assert bad_variant.returncode == 2 and "do not combine" in bad_variant.stderr


def test_balance_command_json(tmp_path: Path) -> None:
    result = cardtable("balance", "duel", "--games", "30", "--json", "--plot",
                       str(tmp_path / "b.png"))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [row["id"] for row in data["rows"]][:2] == ["starter-wins",
                                                       "starter-wins-two-card-first-turn"]
    row = data["rows"][0]
    assert set(row) == {"id", "label", "text", "ours", "low", "high", "games", "unit", "note"}
    assert row["text"] == 49.0 and row["games"] == 30 and data["seconds"] > 0


def test_paternoster_balance_rows_have_the_documented_ids() -> None:
    from cardtable.sim.balance import paternoster_rows

    ids = [row.id for row in paternoster_rows()]
    assert {"players-2", "players-3", "players-4", "two-cars", "tower-4", "tower-5"} <= set(ids)
    assert [i for i in ids if i.startswith("tokens-")] == [f"tokens-{n}" for n in range(5)]
    assert "level-normal" in ids and "level-expert" in ids


def test_talking_bots_signal_in_the_lab() -> None:
    """The lab's games use the same signals as the simple team plays with."""
    result = simulate(SimSpec("paternoster", {}, ("simple",), 10, seed=4), workers=1)
    assert len(result.rows) == 10 and result.summary("perfect").count == 10


def test_campaign_report_rows_and_star_rates() -> None:
    """`cardtable balance campaign`: one row per floor, the clear rate as ``ours``, the
    text's figure where it gives one and its range otherwise, the star rates beside."""
    from cardtable.sim.balance import campaign_rows

    rows = campaign_rows()
    assert [row.id for row in rows] == [f"floor-{n}" for n in range(1, 13)]
    assert all(dict(row.options)["players"] == 2 and row.game == "paternoster" for row in rows)
    lines = run_report(rows, games=6, seed=2, workers=1)
    assert [line.id for line in lines] == [row.id for row in rows]
    assert [line.text for line in lines] == [79.0, *[None] * 9, 25.0, 19.0]
    assert all(line.note == "40–62%" for line in lines[1:10])
    for line in lines:
        assert line.unit == "%" and line.games == 6 and 0 <= line.ours <= 100
        (two_id, _, two), (three_id, _, three) = line.beside
        assert (two_id, three_id) == ("two-stars", "three-stars")
        assert line.ours >= two >= three
    assert lines[10].ours == lines[10].beside[0][2] == lines[10].beside[1][2]  # goal 0


def test_balance_campaign_command_json() -> None:
    result = cardtable("balance", "campaign", "--games", "2", "--json", "--workers", "2")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"rows", "seconds"}
    assert [row["id"] for row in data["rows"]] == [f"floor-{n}" for n in range(1, 13)]
    first = data["rows"][0]
    assert set(first) == {"id", "label", "text", "ours", "low", "high", "games", "unit",
                          "note", "beside"}
    assert first["text"] == 79.0 and first["games"] == 2 and first["unit"] == "%"
    assert set(first["beside"]) == {"two-stars", "three-stars"}
    assert data["rows"][5]["note"] == "40–62%" and data["rows"][5]["text"] is None
    table = cardtable("balance", "campaign", "--games", "1", "--workers", "1")
    assert table.returncode == 0 and "★★★" in table.stdout and "Penthouse" in table.stdout


def test_balance_with_another_team_plays_the_same_rows() -> None:
    """`--bots planner`: the campaign's rows played by the planner, the title says so;
    the duel's report compares its own players and refuses another."""
    result = cardtable("balance", "campaign", "--bots", "planner", "--games", "1",
                       "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "planner" in result.stdout and "Penthouse" in result.stdout
    duel = cardtable("balance", "duel", "--bots", "simple", "--games", "1")
    assert duel.returncode == 2 and "--bots" in duel.stderr


def test_chart_of_a_rate_of_none_or_all(tmp_path: Path) -> None:
    """A rate of 0% or 100% has a Wilson bound a rounding error away: still drawn."""
    from cardtable.sim.report import Line, plot
    from cardtable.sim.stats import summarize_rate

    lines = [Line.of(summarize_rate("none", [False] * 1000)),
             Line.of(summarize_rate("all", [True] * 1000))]
    plot(tmp_path / "edge.png", "edges", lines)
    assert (tmp_path / "edge.png").stat().st_size > 1000

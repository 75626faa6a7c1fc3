"""`cardtable tournament`: round robins, pairing scores, Bradley–Terry ratings."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cli import main
from cardtable.sim.ratings import AVERAGE, Units, expected_score, fit, rate
from cardtable.sim.runner import SimSpec, simulate
from cardtable.sim.stats import summarize_score
from cardtable.sim.tournament import lines, plan, run_tournament


def cardtable(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True,
                          text=True, timeout=300, check=False)


# --- ratings --------------------------------------------------------------------------


def test_bradley_terry_recovers_the_ratings_behind_expected_scores() -> None:
    truth = {"a": 1700.0, "b": 1550.0, "c": 1450.0, "d": 1300.0}
    games = 1_000_000
    totals = {(x, y): (games * expected_score(truth[x] - truth[y]), games)
              for x in truth for y in truth if x < y}
    found = fit(list(truth), totals)
    for name, elo in truth.items():
        assert found[name] == pytest.approx(elo, abs=0.5)


@given(st.lists(st.integers(0, 40), min_size=3, max_size=3))
@settings(max_examples=30, deadline=None)
def test_ratings_average_1500_and_follow_the_scores(wins: list[int]) -> None:
    """Whatever the scores, even all or nothing, the ratings are finite, average 1500,
    and who scored more against a common opponent is rated higher."""
    totals = {("a", "b"): (float(wins[0]), 40), ("a", "c"): (float(wins[1]), 40),
              ("b", "c"): (float(wins[2]), 40)}
    found = fit(["a", "b", "c"], totals)
    assert all(math.isfinite(v) for v in found.values())
    assert sum(found.values()) / 3 == pytest.approx(AVERAGE)
    if wins[1] > wins[2] and wins[0] >= 20:
        assert found["a"] > found["b"]


def test_rating_intervals_hold_the_estimate_and_repeat_for_a_seed() -> None:
    units = [Units("a", "b", ((2.0, 2),) * 30 + ((1.0, 2),) * 50 + ((0.0, 2),) * 20),
             Units("a", "c", ((2.0, 2),) * 60 + ((1.0, 2),) * 40),
             Units("b", "c", ((1.0, 2),) * 100)]
    ratings = rate(["a", "b", "c"], units, seed=4, resamples=200)
    assert ratings[0].name == "a"
    for r in ratings:
        assert r.low <= r.elo <= r.high and r.high - r.low > 1
    assert rate(["a", "b", "c"], units, seed=4, resamples=200) == ratings


def test_a_score_counts_a_draw_half() -> None:
    score = summarize_score("x", [(1.0, 1), (0.5, 1), (0.0, 1), (1.5, 2)])
    assert score.value == pytest.approx(3.0 / 5) and score.count == 5
    assert score.low < score.value < score.high


# --- dealing alike ----------------------------------------------------------------------


def test_dealt_alike_plays_each_deal_from_both_seats_and_in_every_pairing() -> None:
    """The duel's deal names the starting seat: both games of a deal start from the same
    seat, and every pairing with the seed sees the same deals."""
    one = simulate(SimSpec("duel", {}, ("simple", "never-push"), 40, 5, dealt_alike=True), 1)
    starters = [row.first for row in one.rows]
    assert starters[0::2] == starters[1::2]
    assert len(set(starters)) == 2
    other = simulate(SimSpec("duel", {}, ("cautious", "random"), 40, 5, dealt_alike=True), 1)
    assert [row.first for row in other.rows] == starters


# --- the tournament -------------------------------------------------------------------


def test_tournament_results_do_not_depend_on_the_workers() -> None:
    players = ("simple", "cautious", "random")
    one = run_tournament("duel", {}, players, 70, 3, workers=1).to_json()
    two = run_tournament("duel", {}, players, 70, 3, workers=2).to_json()
    one.pop("seconds")
    two.pop("seconds")
    assert one == two
    assert [r["name"] for r in one["ratings"]][-1] == "random"
    assert len(one["pairings"]) == 3


def test_pairings_are_shown_from_the_higher_rated_side() -> None:
    result = run_tournament("duel", {}, ("random", "simple"), 40, 1, workers=1)
    (pairing,) = result.pairings
    assert (pairing.first, pairing.second) == ("simple", "random")
    assert pairing.score.value > 0.9 and sum(pairing.record) == 40
    back = pairing.flipped()
    assert back.record == pairing.record[::-1] and back.first == "random"
    assert back.score.value == pytest.approx(1 - pairing.score.value)
    ids = [line.id for line in lines(result)]
    assert ids == ["rating-simple", "rating-random", "simple-vs-random"]


def test_matebeta_pairing_scores_two_game_matches_by_points() -> None:
    result = run_tournament("matebeta", {}, ("beginner", "random"), 20, 2, workers=1)
    (pairing,) = result.pairings
    assert pairing.matches.count == 10 and pairing.score.count == 20
    assert sum(pairing.deals) == 10 and sum(pairing.record) == 20
    won, drawn, _ = pairing.deals
    assert pairing.matches.value == pytest.approx((won + drawn / 2) / 10)
    data = result.to_json()["pairings"][0]
    assert set(data["deals"]) == {"won", "drawn", "lost"}


def test_cooperative_paternoster_ranks_teams_by_perfect_games_then_cards_left() -> None:
    result = run_tournament("paternoster", {"players": 2}, ("random", "simple"), 30, 1, 1)
    assert [team.name for team in result.teams] == ["simple", "random"]
    simple, random_team = result.teams
    assert simple.amount.value < random_team.amount.value
    data = result.to_json()
    assert "ratings" not in data and data["teams"][0]["name"] == "simple"
    assert {"perfect", "cards-left"} <= set(data["teams"][0])


@pytest.mark.parametrize(("args", "message"), [
    (["duel", "--bots", "simple,genius"],
     "unknown Paternoster Duel player 'genius' (levels: beginner, club, expert; other "
     "players: simple, never-push, cautious"),
    (["duel", "--bots", "simple"], "at least two players (levels: beginner, club, expert"),
    (["duel", "--bots", "club,simple"], "named twice"),
    (["duel52", "--bots", "expert,genius"],
     "unknown Duel 52 player 'genius' (levels: beginner, club, expert; other players: "
     "heuristic, careless, random, strong"),
    (["duel", "--bots", "simple,simple"], "named twice"),
    (["matebeta", "--games", "0"], "--games must be at least 1"),
    (["paternoster", "--bots", "simple"],
     "at least two players (levels: novice, regular, planner; other players: simple"),
])
def test_tournament_refuses_bad_input_naming_the_choices(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *args]) == 2
    assert message in capsys.readouterr().err


def test_tournament_refuses_an_unknown_game_naming_the_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["tournament", "chess"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'chess'" in err
    assert all(game in err for game in ("duel", "paternoster", "duel52", "matebeta"))


def test_the_plan_defaults_to_one_simulation_per_pairing() -> None:
    specs = plan("duel", {}, ("simple", "cautious", "eager", "random"), 10, 1)
    assert len(specs) == 6 and all(spec.dealt_alike for spec in specs)


def test_tournament_command_table_json_csv_and_chart(tmp_path: Path) -> None:
    chart = tmp_path / "ratings.png"
    result = cardtable("tournament", "duel", "--bots", "simple,eager,random", "--games", "30",
                       "--workers", "2", "--json", "--plot", str(chart))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 30 and {r["name"] for r in data["ratings"]} == {
        "simple", "eager", "random"}
    assert chart.stat().st_size > 1000
    csv_out = cardtable("tournament", "duel", "--bots", "simple,random", "--games", "10",
                        "--workers", "1", "--csv")
    assert csv_out.stdout.splitlines()[1].startswith("rating-simple,simple,")
    text = cardtable("tournament", "paternoster", "--games", "10", "--workers", "1")
    assert "perfect" in text.stdout and "cards left" in text.stdout


# --- at the site's thinking time ------------------------------------------------------


@pytest.mark.parametrize("seconds", ["0", "-1", "61", "nan"])
def test_a_thinking_time_out_of_range_is_refused_by_name(
        seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "duel52", "--games", "2", "--think-seconds", seconds]) == 2
    assert ("--think-seconds must be a number of seconds above 0 and at most 60"
            in capsys.readouterr().err)


def test_site_is_the_servers_thinking_time_and_the_record_says_it() -> None:
    from cardtable.cli import build_parser
    from cardtable.server.ops.config import THINK_SECONDS
    from cardtable.sim.commands import _given, think_seconds

    site = build_parser().parse_args(["tournament", "duel", "--site", "--games", "4"])
    assert think_seconds(site) == THINK_SECONDS
    assert f"--think-seconds {THINK_SECONDS:g}" in _given(site)
    lab = build_parser().parse_args(["tournament", "duel", "--games", "4"])
    assert think_seconds(lab) is None and not any("think" in w for w in _given(lab))
    with pytest.raises(SystemExit):
        build_parser().parse_args(["tournament", "duel", "--site", "--think-seconds", "1"])


def test_the_thinking_time_reaches_the_searching_player_on_the_same_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In the lab's chunk (as a worker runs it) the search player's budget is the site's
    kind, seconds a decision and no cap on iterations; the others and the deals are as
    at the lab budget."""
    from cardtable.bots.ismcts import Budget, SearchBot
    from cardtable.engine import Bot, Outcome, State, play_out
    from cardtable.sim import runner

    seen: list[tuple[list[object], dict[str, Budget]]] = []

    def watched(state: State, bots: Mapping[int, Bot], rng: random.Random) -> Outcome:
        seen.append(([state.observation(seat) for seat in sorted(bots)],
                     {type(b).__name__: b.budget for b in bots.values()
                      if isinstance(b, SearchBot)}))
        return play_out(state, bots, rng)

    monkeypatch.setattr(runner, "play_out", watched)
    pair = ("heuristic", "strong")
    timed = runner.run_chunk(SimSpec("duel52", {}, pair, 2, 7, dealt_alike=True,
                                     think_seconds=0.01), 0)
    deals_timed = [deal for deal, _ in seen]
    assert {tuple(b.values()) for _, b in seen} == {(Budget(seconds=0.01, cpu=True),)}
    seen.clear()
    lab = runner.run_chunk(SimSpec("duel52", {}, pair, 2, 7, dealt_alike=True), 0)
    assert [deal for deal, _ in seen] == deals_timed
    assert {tuple(b.values()) for _, b in seen} == {(Budget(iterations=12),)}
    assert [row.seating for row in timed] == [row.seating for row in lab]


def test_a_timed_tournament_saves_its_thinking_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.sim import standings

    path = tmp_path / "ratings.json"
    monkeypatch.setattr(standings, "STANDINGS", path)
    assert main(["tournament", "duel", "--games", "2", "--think-seconds", "0.02",
                 "--workers", "1", "--save", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["think_seconds"] == 0.02
    saved = json.loads(path.read_text())["duel"]
    assert saved["think_seconds"] == 0.02
    assert "--think-seconds 0.02" in saved["command"]
    assert set(saved["levels"]) == {"beginner", "club", "expert"}

"""Every game's ladder of computer levels: names for players, old names, the lab's use."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from cardtable.games.ladder import find_level, middle, player_name, standings
from cardtable.games.registry import ladder_of
from cardtable.sim.balance import DUEL_ROWS, level_rows, paternoster_rows
from cardtable.sim.ratings import Units
from cardtable.sim.setup import bot_names, make_bot, player_key
from cardtable.sim.standings import entry, save
from cardtable.sim.stats import summarize_score
from cardtable.sim.tournament import (
    LADDER_SCORE,
    Pairing,
    Tournament,
    default_players,
    ladder_steps,
    run_tournament,
)
from cardtable.web.labels import labels

GAMES = ["duel", "paternoster", "duel52", "matebeta"]
OLD_NAMES = [("duel", "simple", "club"), ("duel", "never-push", "beginner"),
             ("duel", "strong", "expert"), ("duel52", "heuristic", "club"),
             ("duel52", "shrewd", "expert"), ("paternoster", "planner", "planner"),
             ("paternoster", "simple", "regular"), ("matebeta", "medium", "club"),
             ("matebeta", "easy", "beginner"), ("matebeta", "perfect", "expert")]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_ladder_of_three_to_five_named_levels(game: str) -> None:
    levels = ladder_of(game)
    assert 3 <= len(levels) <= 5
    for field in ("name", "label", "about"):
        values = [getattr(level, field) for level in levels]
        assert all(values) and len(set(values)) == len(values), field
    german = labels("de")
    for level in levels:
        assert level.bot in bot_names(game)
        label = level.label.lower()  # a name for players, not one of the lab's others
        assert label == level.name or label not in bot_names(game)
        texts = (german[f"level.{game}.{level.name}"], german[f"bot.{game}.{level.name}"])
        assert texts != (level.label, level.about), "translated in the German catalogue"
        for text in (level.about, *texts):
            assert "heuristic" not in text.lower()
    assert default_players(game) == tuple(level.name for level in levels)


@pytest.mark.parametrize(("game", "old", "level"), OLD_NAMES)
def test_old_names_still_mean_their_level(game: str, old: str, level: str) -> None:
    found = find_level(ladder_of(game), old.upper())
    assert found is not None and found.name == level
    assert player_key(game, old) == player_key(game, level)
    assert type(make_bot(game, old, 1)) is type(make_bot(game, level, 1))


def test_the_top_levels_are_the_strongest_players() -> None:
    assert player_name(ladder_of("duel"), "expert") == "strong"
    assert player_name(ladder_of("duel52"), "expert") == "shrewd"
    assert player_name(ladder_of("paternoster"), "planner") == "planner"
    assert player_name(ladder_of("matebeta"), "expert") == "expert"
    assert [middle(ladder_of(g)).name for g in GAMES] == ["club", "regular", "club", "club"]


def _pairing(first: str, second: str, deals: list[float]) -> Pairing:
    units = Units(first, second, tuple((score, 2) for score in deals))
    score = summarize_score("x", units.units)
    return Pairing(first, second, score, score, (0, 0, 0), (0, 0, 0), units)


def test_the_ladder_steps_score_each_level_against_the_one_below() -> None:
    """By any of a level's names, weakest first; a level that did not play: no steps."""
    result = Tournament("duel", {}, ("simple", "never-push", "expert"), 20, 1)
    result.pairings = [_pairing("simple", "never-push", [2.0] * 7 + [0.0] * 3),
                       _pairing("expert", "simple", [1.0] * 10),
                       _pairing("expert", "never-push", [2.0] * 10)]
    steps = ladder_steps(result)
    assert [(s.higher, s.lower) for s in steps] == [("simple", "never-push"),
                                                    ("expert", "simple")]
    assert steps[0].score.value == pytest.approx(0.7) and steps[0].holds
    assert steps[1].score.value == pytest.approx(0.5) and not steps[1].holds
    assert LADDER_SCORE == 0.6
    result.players = ("simple", "expert")
    assert ladder_steps(result) == []


def test_cooperative_teams_are_compared_on_the_deals_where_they_differ() -> None:
    result = run_tournament("paternoster", {"players": 2}, ("random", "regular"), 12, 1, 1)
    (pairing,) = result.team_pairings
    assert (pairing.first, pairing.second) == ("regular", "random")
    fewer, same, more = pairing.record
    assert fewer + same + more == 12 and pairing.score.count == fewer + more
    assert pairing.score.value == pytest.approx(fewer / (fewer + more))
    assert result.to_json()["team_pairings"][0]["deals"]["fewer"] == fewer


def test_standings_record_the_command_date_games_and_every_level(tmp_path: Path) -> None:
    result = Tournament("duel", {}, ("never-push", "club", "expert"), 20, 1)
    result.pairings = [_pairing("club", "never-push", [2.0] * 8 + [0.0] * 2),
                       _pairing("expert", "club", [2.0] * 7 + [0.0] * 3),
                       _pairing("expert", "never-push", [2.0] * 10)]
    from cardtable.sim.ratings import rate

    result.ratings = rate(result.players, [p.units for p in result.pairings], 1, 50)
    result.steps = ladder_steps(result)
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps({"matebeta": {"kept": True}}))
    save(result, "cardtable tournament duel --games 20", path, datetime.date(2026, 12, 2))
    data = json.loads(path.read_text())
    assert data["matebeta"] == {"kept": True}
    duel = data["duel"]
    assert duel["date"] == "2026-12-02" and duel["games"] == 20
    assert duel["think_seconds"] is None  # the lab's budgets
    assert duel["command"] == "cardtable tournament duel --games 20"
    assert set(duel["levels"]) == {"beginner", "club", "expert"}
    assert duel["levels"]["expert"]["elo"] > duel["levels"]["beginner"]["elo"]
    assert [s["holds"] for s in duel["ladder"]] == [True, True]
    result.players = ("club", "expert")
    result.ratings = result.ratings[:2]
    with pytest.raises(ValueError, match="needs every level"):
        entry(result, "x", datetime.date(2026, 12, 2))


def test_the_packaged_standings_name_every_level_of_their_game() -> None:
    """Made by ``cardtable tournament GAME --save`` (the site shows them): each saved game
    records its command, date and games, and every level of its ladder."""
    saved = [game for game in GAMES if standings(game) is not None]
    assert "matebeta" in saved and "paternoster" in saved
    for game in saved:
        found = standings(game)
        assert found is not None
        assert found["command"].startswith(f"cardtable tournament {game}")
        assert datetime.date.fromisoformat(found["date"]) and found["games"] >= 1
        assert set(found["levels"]) == {level.name for level in ladder_of(game)}


def test_balance_levels_measures_each_figure_for_every_level() -> None:
    rows = level_rows("duel", DUEL_ROWS)
    ids = [row.id for row in rows]
    assert "starter-wins@beginner" in ids and "starter-wins@expert" in ids
    # the value of pushing: each level against the never-push player, but not itself
    assert "always-push-vs-never-push@beginner" not in ids
    push = next(r for r in rows if r.id == "always-push-vs-never-push@expert")
    assert push.bots == ("strong", "never-push") and push.metric == "strong-wins"
    starter = next(r for r in rows if r.id == "starter-wins@club")
    assert starter.bots == ("simple",) and starter.text == 49.0
    team = level_rows("paternoster", paternoster_rows())
    assert team and all(r.id.startswith("level-") for r in team)
    assert {r.bots for r in team} == {("hasty",), ("simple",), ("planner",)}


def test_the_seat_picker_says_whether_the_standings_were_measured_at_the_sites_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a ladder with a searching level thinks for a time on the site: there the
    standings say whether they were measured at that time or at the lab's budget."""
    from cardtable.web import pages

    assert pages.ladder_facts("duel")["standings"]["searches"] is True
    assert pages.ladder_facts("duel52")["standings"]["searches"] is True
    assert pages.ladder_facts("paternoster")["standings"]["searches"] is False
    assert pages.ladder_facts("matebeta")["standings"]["searches"] is False
    monkeypatch.setattr(pages, "standings", lambda game: {
        "date": "2026-12-06", "games": 40, "command": "x", "think_seconds": 0.5,
        "levels": {}})
    assert pages.ladder_facts("duel")["standings"]["think_seconds"] == 0.5
    english, german = labels("en"), labels("de")
    assert english["ladder.at_site"] == "Measured at the site's thinking time ({seconds} s a move)."
    assert "{seconds}" in german["ladder.at_site"] and german["ladder.at_lab"].startswith(
        "Gemessen")

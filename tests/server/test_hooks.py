"""What differs per game (hooks), checked without a server."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import IllegalMove
from cardtable.games.duel.match import DuelMatch, next_starter
from cardtable.games.duel.rules import DUEL
from cardtable.games.package import GamePackage
from cardtable.server.live.hooks import (
    GameHooks,
    hooks_for,
    make_bot,
    merged_options,
    seat_player,
)
from cardtable.server.ops.config import normalise_url
from cardtable.testing import random_game


def test_duel_loser_starts_the_next_game() -> None:
    """Rule decision 7: the loser of a game starts the next."""
    hooks = hooks_for("duel")
    for seed in range(10):
        state = random_game(DUEL, {}, seed)
        winner = state.outcome().to_json()["winner"]  # type: ignore[union-attr]
        deal = hooks.next_deal(DUEL, state.options, state, random.Random(seed),
                               {"games": 1, "over": False})
        assert deal["starter"] == 1 - winner
        assert DUEL.from_deal(state.options, deal).observation(None).turn_seat == 1 - winner


def test_a_new_match_after_play_again_has_a_random_starter() -> None:
    """Rule decision 7: the first starter of every match is random, also of a match begun
    by "Play again" once the last one was decided (not the loser of its last game)."""
    hooks = hooks_for("duel")
    state = random_game(DUEL, {}, 3)
    starters = {hooks.next_deal(DUEL, state.options, state, random.Random(seed),
                                {"games": 3, "over": True})["starter"] for seed in range(30)}
    assert starters == {0, 1}


def test_team_duel_next_starter_is_the_rule_of_duel_match() -> None:
    """Team duel: the server's next starter is duel/match.py's, the losing team's first
    seat after the last game's starter, so partners take turns at starting."""
    hooks = hooks_for("duel")
    options = DUEL.parse_options({"team": True})
    for seed in range(12):
        state = random_game(DUEL, {"team": True}, seed)
        outcome = state.outcome()
        assert outcome is not None
        winner = outcome.to_json()["winner"]
        deal = hooks.next_deal(DUEL, options, state, random.Random(seed),
                               {"games": 1, "over": False})
        match = DuelMatch(options, random.Random(0), next_starter=state.deal["starter"])
        match.add_result(outcome)  # type: ignore[arg-type]
        assert deal["starter"] == match.next_starter
        assert deal["starter"] % 2 == 1 - winner
        assert deal["starter"] == next_starter(state.deal["starter"], winner, options)


def test_blitz_computer_speed_by_strength() -> None:
    """In Blitz a stronger computer player is faster; turn-based games use the plain pause;
    the server's pause setting scales all of it (0 in tests)."""
    hooks = hooks_for("duel")
    blitz, normal = DUEL.parse_options({"blitz": True}), DUEL.parse_options({})
    assert hooks.bot_delay(blitz, "simple", 1.0) < hooks.bot_delay(blitz, "random", 1.0)
    assert hooks.bot_delay(normal, "simple", 1.0) == 1.0
    assert hooks.bot_delay(blitz, "simple", 0.0) == 0.0


def test_blitz_pace_by_the_names_tables_keep() -> None:
    """A Blitz computer seat paces by its level, under the name a table keeps (the level's)
    or any other name of the same player: the expert (the searching player) is the
    fastest, 0.8 of the pause, whether the seat says ``expert`` or ``strong``."""
    hooks = hooks_for("duel")
    blitz = DUEL.parse_options({"blitz": True})
    assert hooks.bot_delay(blitz, "expert", 1.0) == hooks.bot_delay(blitz, "strong", 1.0) == 0.8
    assert hooks.bot_delay(blitz, "club", 1.0) == hooks.bot_delay(blitz, "simple", 1.0) == 1.4
    assert hooks.bot_delay(blitz, "beginner", 1.0) == hooks.bot_delay(blitz, "never-push", 1.0)
    assert hooks.bot_delay(blitz, "random", 1.0) == 2.5
    assert hooks.bot_delay(blitz, "expert", 1.0) < hooks.bot_delay(blitz, "club", 1.0)


@pytest.mark.parametrize(("game", "given", "kept"), [
    ("duel", "strong", "expert"), ("duel", "Simple", "club"), ("duel", "cautious", "cautious"),
    ("matebeta", "perfect", "expert"), ("matebeta", "easy", "beginner"),
    ("duel52", "heuristic", "club"), ("paternoster", "planner", "planner"),
    ("paternoster", "simple-silent", "simple-silent")])
def test_a_computer_seat_is_named_once(game: str, given: str, kept: str) -> None:
    """A table keeps one name per computer player: its level's (for an older name or the
    lab's name of a level's player too), else the lab's name."""
    assert seat_player(game, given) == kept
    with pytest.raises(ValueError, match=r"unknown .* player 'genius' .levels: "):
        seat_player(game, "genius")


def test_team_duel_signals_only() -> None:
    """Signals go through the engine's rules: Team duel only, known kinds, known piles."""
    team = DUEL.new({"team": True}, seed=1)
    assert team.apply_signal_text(0, "help  UP") == "help up"
    assert team.observation(1).signals == ((0, 0, "help"),)
    with pytest.raises(IllegalMove, match="not a signal"):
        team.apply_signal_text(0, "I have 9D")
    two = DUEL.new({}, seed=1)
    assert not two.has_signals()
    with pytest.raises(IllegalMove, match="only the Team duel"):
        two.apply_signal_text(0, "help up")


def test_a_package_without_players_gets_the_random_player() -> None:
    package = GamePackage(DUEL)
    assert isinstance(package.hooks, GameHooks) and package.players.names() == ("random",)
    bot = package.make_bot("random", 1)
    state = DUEL.new({}, seed=2)
    assert bot.act(state.observation(state.to_act()[0])) in state.legal_moves(state.to_act()[0])
    with pytest.raises(ValueError, match=r"unknown .*player 'perfect'"):
        package.make_bot("perfect", 1)
    with pytest.raises(ValueError, match="unknown duel player"):
        make_bot("duel", "perfect", 1)
    with pytest.raises(KeyError, match="unknown game"):
        hooks_for("no-such-game")


def test_variants_and_options_merge() -> None:
    assert merged_options("duel", {"hard_push": True}, ["blitz"]) == {
        "blitz": True, "hard_push": True}
    assert merged_options("matebeta", {}, ["value_ace=30"]) == {"value_ace": 30}
    with pytest.raises(ValueError, match="no variant 'x'"):
        merged_options("matebeta", {}, ["x"])


def test_postgresql_urls_use_psycopg3() -> None:
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"


def _matebeta_table_deals(games: int, n: int) -> list[dict[str, object]]:
    """The deals of ``n`` games at one MateBeta table of ``games``-game matches, each
    next deal made from the match score as the table keeps it."""
    from cardtable.games.matebeta.rules import MATEBETA

    hooks = hooks_for("matebeta")
    rng = random.Random(5)
    state = MATEBETA.new({}, seed=3)
    deals = [dict(state.deal)]
    played = 0
    for _ in range(n - 1):
        played = played % games + 1
        match = {"games": played, "games_needed": games, "over": played == games}
        deal = hooks.next_deal(MATEBETA, state.options, state, rng, match)
        deals.append(deal)
        state = MATEBETA.new({}, deal=deal)
    return deals


def test_matebeta_play_again_follows_the_match_rules() -> None:
    """A 4-game match: game 2 swaps game 1's hands and the other player deals; game 3 is a
    fresh shuffle by the same dealer as game 2; game 4 swaps game 3's hands (dealers
    d, 1-d, 1-d, d). "On Play again the other player deals first": game 5 is dealt by 1-d."""
    deals = _matebeta_table_deals(4, 9)
    d = deals[0]["dealer"]
    assert [deal["dealer"] for deal in deals] == [d, 1 - d, 1 - d, d, 1 - d, d, d, 1 - d, d]
    hands = [deal["hands"] for deal in deals]
    assert hands[1] == [hands[0][1], hands[0][0]]  # type: ignore[index]
    assert sorted(hands[2][0]) != sorted(hands[0][0])  # type: ignore[index]
    assert hands[3] == [hands[2][1], hands[2][0]]  # type: ignore[index]
    assert sorted(hands[4][0]) not in (sorted(hands[3][0]), sorted(hands[3][1]))  # type: ignore[index]
    assert hands[5] == [hands[4][1], hands[4][0]]  # type: ignore[index]


def test_matebeta_two_game_matches_alternate_the_first_dealer() -> None:
    """2-game matches: dealers d, 1-d, then Play again: 1-d, d, then d, 1-d."""
    deals = _matebeta_table_deals(2, 6)
    d = deals[0]["dealer"]
    assert [deal["dealer"] for deal in deals] == [d, 1 - d, 1 - d, d, d, 1 - d]
    for first in (0, 2, 4):
        assert deals[first + 1]["hands"] == [deals[first]["hands"][1],  # type: ignore[index]
                                             deals[first]["hands"][0]]  # type: ignore[index]

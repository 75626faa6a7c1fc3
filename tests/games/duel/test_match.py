"""A duel match: first to two won games, the loser starts the next, the first starter random."""

from __future__ import annotations

import random

import pytest

from cardtable.games.duel.match import DuelMatch
from cardtable.games.duel.rules import DuelOutcome
from cardtable.games.duel.variants import DuelOptions


def test_rule_match_first_to_two_won_games() -> None:
    """For a match, play until one of you has won two games."""
    match = DuelMatch(DuelOptions(), random.Random(1))
    match.add_result(DuelOutcome(0, "stuck"))
    assert match.winner is None
    match.add_result(DuelOutcome(1, "stuck"))
    assert match.winner is None
    match.add_result(DuelOutcome(0, "out-of-cards"))
    assert match.winner == 0 and match.wins == [2, 1]
    with pytest.raises(ValueError, match="over"):
        match.new_game()


def test_rule_match_loser_starts_next_game() -> None:
    """The loser of a game begins the next."""
    match = DuelMatch(DuelOptions(), random.Random(1))
    match.add_result(DuelOutcome(1, "stuck"))
    assert match.new_game().to_act() == (0,)
    match.add_result(DuelOutcome(0, "stuck"))
    assert match.new_game().to_act() == (1,)


def test_rule_match_first_starter_is_random() -> None:
    """DESIGN 7: the first starter is random."""
    starters = {DuelMatch(DuelOptions(), random.Random(i)).next_starter for i in range(30)}
    assert starters == {0, 1}


def test_match_draw_passes_the_start_to_the_other_side() -> None:
    """A drawn Blitz game counts for nobody; the other side starts next."""
    match = DuelMatch(DuelOptions(blitz=True), random.Random(3), next_starter=0)
    match.add_result(DuelOutcome(None, "draw"))
    assert match.wins == [0, 0] and match.next_starter == 1


def test_team_match_losing_team_seats_take_turns_starting() -> None:
    match = DuelMatch(DuelOptions(team=True), random.Random(3), next_starter=1)
    match.add_result(DuelOutcome(0, "stuck", 4))
    assert match.next_starter == 3
    match.add_result(DuelOutcome(1, "stuck", 4))
    assert match.next_starter == 0
    assert match.new_game().to_act() == (0,)


def test_match_games_are_fresh_deals() -> None:
    match = DuelMatch(DuelOptions(), random.Random(5))
    first = match.new_game().deal
    match.add_result(DuelOutcome(0, "stuck"))
    assert match.new_game().deal["hands"] != first["hands"]

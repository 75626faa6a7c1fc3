"""MateBeta's rule parameters, the card values: the score and the solver both read
them (the bounds and the defaults: ``tests/games/test_parameters.py``)."""

from __future__ import annotations

import random

from cardtable.cards import parse_card
from cardtable.engine import play_out
from cardtable.games.matebeta.bots import PerfectBot
from cardtable.games.matebeta.rules import MATEBETA, MateBetaState, card_value, mate_points
from cardtable.games.matebeta.solver import Solver

HOUSE = {"value_7": 1, "value_queen": 25, "value_ace": 2}


def test_a_mate_scores_the_house_value_times_the_move() -> None:
    values = (1, 25, 4, 10, 2)
    assert card_value(parse_card("QS"), values) == 25
    assert mate_points(parse_card("AC"), 3, 0, (None, None), values) == 6
    for seed in range(20):
        state = MATEBETA.new(HOUSE, seed=seed)
        assert isinstance(state, MateBetaState)
        play_out(state, {0: PerfectBot(seed), 1: PerfectBot(seed + 1)}, random.Random(seed))
        outcome = state.outcome()
        assert outcome is not None
        if outcome.card is not None and outcome.mater is not None:
            assert outcome.points[outcome.mater] == mate_points(
                outcome.card, outcome.move, outcome.mater, state.foreplaced, values)


def test_the_solver_values_the_house_game_and_perfect_play_reaches_it() -> None:
    differ = 0
    for seed in range(4):
        house = MATEBETA.new(HOUSE, seed=seed)
        value = Solver().value(house)
        differ += value != Solver().value(MATEBETA.new({}, seed=seed))
        play_out(house, {0: PerfectBot(seed), 1: PerfectBot(seed + 1)}, random.Random(seed))
        outcome = house.outcome()
        assert outcome is not None
        assert outcome.points[0] - outcome.points[1] == value
    assert differ, "other values make other games"


def test_the_no_foreplacing_handicap_leaves_that_seat_only_keep() -> None:
    state = MATEBETA.new({"handicap_no_foreplace": [0, 1]}, seed=3)
    assert isinstance(state, MateBetaState)
    dealer = state.dealer
    assert [m.text for m in state.legal_moves(dealer)] == ["keep"]
    analysis = Solver().analyse(state)
    assert [m.text for m in analysis.best] == ["keep"]
    play_out(state, {0: PerfectBot(3), 1: PerfectBot(4)}, random.Random(3))
    assert state.foreplaced == [None, None]
    free = MATEBETA.new({"handicap_no_foreplace": [1 - dealer]}, seed=3)
    assert len(free.legal_moves(dealer)) == 11

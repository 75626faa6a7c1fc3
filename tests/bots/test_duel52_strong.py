"""Duel 52's strong player: its short playouts on the simulation path play
exactly the observation's legal moves, leave the deal alone and stop at the player's
next turn; a position's worth is a fair 0..1; ``cardtable think`` refuses bad budgets."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cli import main
from cardtable.games.duel52 import selfplay
from cardtable.games.duel52.rules import DUEL52, Duel52State, move_of_table
from cardtable.games.duel52.strong import TURNS, deal_values

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def position(seed: int, length: str, handicap: bool = False) -> Duel52State | None:
    """A position of a game not over, after random moves (choices of powers included);
    with ``handicap``, each seat forbidden some powers at random."""
    rng = random.Random(seed)
    options: dict[str, object] = {"length": length}
    if handicap:
        options["handicap_no_power"] = {str(s): rng.sample(RANKS, rng.randrange(14))
                                        for s in (0, 1)}
    state = DUEL52.new(options, rng=rng)
    for _ in range(rng.randrange(220)):
        seat = state.to_act()[0]
        before = state.clone()
        state.play(seat, rng.choice(state.legal_moves(seat)))
        if state.outcome() is not None:
            return before
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["quick", "standard", "long"]), st.booleans())
def test_a_deal_on_plain_ints_offers_exactly_the_observations_legal_moves(
        seed: int, length: str, handicap: bool) -> None:
    state = position(seed, length, handicap)
    assert state is not None
    seat = state.to_act()[0]
    observation = state.observation(seat)
    deal = DUEL52.sample(observation, random.Random(seed))
    made = [move_of_table(m) for m in deal.table().legal()]
    assert sorted(made, key=lambda m: m.order) == list(observation.legal_moves())


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["quick", "standard", "long"]))
def test_short_playouts_leave_the_deal_alone_and_stop_at_the_next_turn(
        seed: int, length: str) -> None:
    state = position(seed, length)
    assert state is not None
    seat = state.to_act()[0]
    observation = state.observation(seat)
    deal = DUEL52.sample(observation, random.Random(seed))
    legal = observation.legal_moves()
    values = deal_values(deal, legal, seat, seed)
    assert deal.observation(seat) == observation
    assert len(values) == len(legal)
    assert all(0.0 <= value <= 1.0 and chance == value for value, chance in values)
    table = deal.table()
    turn = table.turn
    for move in table.legal():
        t = selfplay.copy_table(table)
        rng = random.Random(seed)
        selfplay.play_on(t, move, [selfplay.Player(rng, heuristic=True)] * 2, TURNS)
        assert t.reason != selfplay.NONE or t.turn >= turn + TURNS  # a turn with no action passes


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["quick", "standard", "long"]))
def test_a_positions_worth_is_shared_fairly_between_the_seats(seed: int, length: str) -> None:
    """What one seat's position is worth, the other's is not: the two add up to 1; a
    finished game is worth its result."""
    state = position(seed, length)
    assert state is not None
    table = state.table()
    assert selfplay.worth(table, 0) + selfplay.worth(table, 1) == pytest.approx(1.0)
    rng = random.Random(seed)
    selfplay.play_to_end(table, [selfplay.Player(rng, heuristic=True)] * 2)
    worth = [selfplay.worth(table, s) for s in (0, 1)]
    assert worth == ([0.5, 0.5] if table.winner == selfplay.NONE else
                     [1.0, 0.0] if table.winner == 0 else [0.0, 1.0])


@pytest.mark.parametrize(("argv", "message"), [
    (["think", "duel52", "--think-seconds", "0"], "--think-seconds must be a number of seconds"),
    (["think", "duel", "--think-seconds", "-1"], "--think-seconds must be a number of seconds"),
    (["think", "duel", "--think-seconds", "1e9"], "--think-seconds must be a number of seconds"),
    (["think", "duel52", "--decisions", "1"], "--decisions must be at least 2"),
])
def test_cardtable_think_refuses_a_bad_budget_naming_the_option(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err

"""The exact solver against plain memoised minimax, and along principal variations.

Two references, both independent of the solver's bitmask tables:

* ``engine_minimax``: minimax over the rules engine itself (clone + play), memoised
  on the table; exact but slow, so it gets positions from move 5 on.
* ``card_minimax``: minimax written straight from the rule sentences with the
  rules' card helpers (answers_to, answer_wins, mate_points) on frozensets of
  cards; fast enough for fresh deals, every foreplacing pattern.
"""

from __future__ import annotations

import os
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import Card
from cardtable.games.matebeta.rules import (
    MATEBETA,
    MateBetaState,
    answer_wins,
    answers_to,
    last_move,
    mate_points,
    sort_hand,
)
from cardtable.games.matebeta.solver import Solver


def new_state(seed: int) -> MateBetaState:
    state = MATEBETA.new({}, seed=seed)
    assert isinstance(state, MateBetaState)
    return state


def random_position(seed: int, min_moves: int, foreplace: str = "random",
                    max_moves: int = 22) -> MateBetaState:
    """A game after random play (the two foreplacing decisions count as moves):
    ``foreplace`` is random, keep or both."""
    rng = random.Random(seed)
    state = new_state(seed)
    for seat in (state.dealer, 1 - state.dealer):
        moves = state.legal_moves(seat)
        if foreplace == "keep":
            choice = moves[0]
        elif foreplace == "both":
            choice = rng.choice(moves[1:])
        else:
            choice = rng.choice(moves)
        state.play(seat, choice)
    target = rng.randrange(min_moves, max_moves)
    while state.outcome() is None and len(state.history) < target:
        seat = state.to_act()[0]
        state.play(seat, rng.choice(state.legal_moves(seat)))
    return state


# --- reference 1: minimax over the engine ------------------------------------------------


def engine_minimax(state: MateBetaState, memo: dict[object, int]) -> int:
    """Seat 0 minus seat 1 under perfect play, by trying every legal move."""
    obs = state.observation(None)
    if obs.outcome is not None:
        return obs.outcome.points[0] - obs.outcome.points[1]
    key = (obs.hands, obs.foreplaced, obs.decided, obs.phase, obs.leader, obs.move, obs.lead)
    if key in memo:
        return memo[key]
    seat = state.to_act()[0]
    values = []
    for move in state.legal_moves(seat):
        child = state.clone()
        child.play(seat, move)
        values.append(engine_minimax(child, memo))
    value = max(values) if seat == 0 else min(values)
    memo[key] = value
    return value


def engine_move_values(state: MateBetaState) -> dict[str, int]:
    memo: dict[object, int] = {}
    seat = state.to_act()[0]
    result = {}
    for move in state.legal_moves(seat):
        child = state.clone()
        child.play(seat, move)
        result[move.text] = engine_minimax(child, memo)
    return result


# --- reference 2: minimax from the rule sentences ---------------------------------------


def card_minimax(hands: tuple[frozenset[Card], frozenset[Card]],
                 foreplaced: tuple[Card | None, Card | None], leader: int) -> int:
    """The value of move 1 (seat 0 minus seat 1) after foreplacing, from the rules."""
    last = last_move(foreplaced)
    foreplacers = [s for s in (0, 1) if foreplaced[s] is not None]

    @cache
    def go(h0: frozenset[Card], h1: frozenset[Card], leader: int, move: int) -> int:
        hands = (h0, h1)
        sign = 1 if leader == 0 else -1
        values = []
        for lead in sort_hand(list(hands[leader])):
            answers = answers_to(lead, sort_hand(list(hands[1 - leader])))
            if not answers:  # mate
                values.append(sign * mate_points(lead, move, leader, foreplaced))
                continue
            results = []
            for answer in answers:
                if move == last:
                    results.append(0)  # the last move answered: a draw
                    continue
                new = [set(h0), set(h1)]
                new[leader].discard(lead)
                new[1 - leader].discard(answer)
                winner = 1 - leader if answer_wins(lead, answer) else leader
                if move == 9 and len(foreplacers) == 1:
                    fp = foreplacers[0]
                    new[fp] = {lead if fp == leader else answer}  # the move-9 card again
                results.append(go(frozenset(new[0]), frozenset(new[1]), winner, move + 1))
            values.append(min(results) if leader == 0 else max(results))
        return max(values) if leader == 0 else min(values)

    return go(hands[0], hands[1], leader, 1)


# --- tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_solver_matches_engine_minimax_on_late_positions(seed: int) -> None:
    """Same value and the same set of best moves as minimax over the rules engine."""
    state = random_position(seed, min_moves=10)
    if state.outcome() is not None:
        return
    values = engine_move_values(state)
    seat = state.to_act()[0]
    best_value = max(values.values()) if seat == 0 else min(values.values())
    analysis = Solver().analyse(state)
    assert analysis.value == best_value
    assert sorted(m.text for m in analysis.best) == sorted(
        t for t, v in values.items() if v == best_value)
    exact = Solver().move_values(state)
    assert {m.text: v for m, v in exact.items()} == values


@pytest.mark.parametrize(("seed", "pattern"),
                         [(s, p) for s in range(4) for p in ("keep", "both", "random")])
def test_solver_matches_rule_minimax_on_fresh_deals(seed: int, pattern: str) -> None:
    """Move 1 of fresh deals, each foreplacing pattern: the same value."""
    state = random_position(seed, min_moves=2, foreplace=pattern, max_moves=3)
    assert len(state.history) == 2
    obs = state.observation(None)
    hands = (frozenset(obs.hands[0]), frozenset(obs.hands[1]))
    expected = card_minimax(hands, obs.foreplaced, obs.leader)
    assert Solver().value(state) == expected


@pytest.mark.parametrize("seed", range(3))
def test_solver_foreplacing_layers_are_max_min_of_game_values(seed: int) -> None:
    """At the start the dealer's value is the max over keep/foreplace of the other
    player's min over their allowed choices, each game solved exactly."""
    state = new_state(seed)
    solver = Solver()
    dealer = state.dealer
    sign = 1 if dealer == 0 else -1
    dealer_values: dict[str, int] = {}
    for move in state.legal_moves(dealer):
        after = state.clone()
        after.play(dealer, move)
        other = [sign * v for v in solver.move_values(after).values()]
        dealer_values[move.text] = min(other)
    analysis = Solver().analyse(state)
    assert analysis.value == sign * max(dealer_values.values())
    best = max(dealer_values.values())
    assert sorted(m.text for m in analysis.best) == sorted(
        t for t, v in dealer_values.items() if v == best)
    first = Solver().analyse(state, all_best=False)
    assert first.value == analysis.value and first.best[0] in analysis.best


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CARDTABLE_SLOW"), reason="set CARDTABLE_SLOW=1 (~100 s)")
def test_solver_foreplacing_matches_rule_minimax_on_a_fresh_deal() -> None:
    """The whole decision of one fresh deal, every keep/foreplace pair solved by the rule
    minimax (about 100 s)."""
    state = new_state(7)
    dealer = state.dealer
    sign = 1 if dealer == 0 else -1
    best = None
    for move in state.legal_moves(dealer):
        after = state.clone()
        after.play(dealer, move)
        worst = None
        for answer in after.legal_moves(1 - dealer):
            game = after.clone()
            game.play(1 - dealer, answer)
            obs = game.observation(None)
            v = sign * card_minimax((frozenset(obs.hands[0]), frozenset(obs.hands[1])),
                                    obs.foreplaced, obs.leader)
            worst = v if worst is None else min(worst, v)
        assert worst is not None
        best = worst if best is None else max(best, worst)
    assert best is not None
    assert Solver().value(state) == sign * best


def test_solver_reads_observation_and_state_alike() -> None:
    state = random_position(3, min_moves=4)
    for seat in (0, 1, None):
        assert Solver().analyse(state.observation(seat)) == Solver().analyse(state)


def test_solver_finished_game_value_is_the_score() -> None:
    state = random_position(1, min_moves=30, max_moves=31)
    outcome = state.outcome()
    assert outcome is not None
    analysis = Solver().analyse(state)
    assert analysis.value == outcome.points[0] - outcome.points[1] and analysis.best == ()


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.integers(min_value=0, max_value=21),
       st.sampled_from(["keep", "both", "random"]))
def test_value_never_changes_along_a_principal_variation(seed: int, start: int,
                                                         pattern: str) -> None:
    """From any position, playing any best move keeps the value, and the game ends
    with exactly that score difference."""
    rng = random.Random(seed)
    state = random_position(seed, min_moves=min(start, 21), foreplace=pattern)
    solver = Solver()
    value = solver.value(state)
    while state.outcome() is None:
        analysis = solver.analyse(state)
        assert analysis.value == value
        seat = state.to_act()[0]
        state.play(seat, rng.choice(analysis.best))
    outcome = state.outcome()
    assert outcome is not None and outcome.points[0] - outcome.points[1] == value


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_value_never_changes_along_a_principal_variation_from_the_deal(seed: int) -> None:
    """From a fresh deal, foreplacing included, best moves keep the value to the end."""
    rng = random.Random(seed)
    state = new_state(seed)
    solver = Solver()
    value = solver.value(state)
    while state.outcome() is None:
        analysis = solver.analyse(state)
        assert analysis.value == value
        state.play(state.to_act()[0], rng.choice(analysis.best))
    outcome = state.outcome()
    assert outcome is not None and outcome.points[0] - outcome.points[1] == value

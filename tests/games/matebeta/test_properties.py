"""MateBeta random-play properties: the game ends, cards are conserved, nothing leaks
(nothing is hidden: sample rebuilds the same table), replay agrees, legality agrees."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import State
from cardtable.games.matebeta.rules import (
    MATEBETA,
    MB_DECK,
    MateBetaObservation,
    MateBetaState,
    card_value,
    last_move,
)
from cardtable.testing import (
    assert_legal_moves_agree,
    assert_no_leak,
    assert_replay_same,
    random_game,
)


def check_cards(state: State) -> None:
    """Every card in exactly one place (the move-10 card sits in the hand and in move 9)."""
    assert isinstance(state, MateBetaState)
    obs = state.observation(None)
    places: Counter[object] = Counter()
    for hand in obs.hands:
        places.update(hand)
    places.update(c for c in obs.foreplaced if c is not None)
    for trick in obs.tricks:
        places[trick.lead] += 1
        if trick.answer is not None:
            places[trick.answer] += 1
    if obs.lead is not None:
        places[obs.lead] += 1
    again = _again(obs)
    for card in MB_DECK:
        assert places[card] == 1 + (card in again), card.text
    assert set(places) == set(MB_DECK)


def _again(obs: MateBetaObservation) -> set[object]:
    """The foreplacer's move-9 card once it is played again on move 10."""
    fps = [s for s in (0, 1) if obs.foreplaced[s] is not None]
    if len(fps) != 1 or len(obs.tricks) < 9:
        return set()
    nine = obs.tricks[8]
    if nine.answer is None:  # mate on move 9: no move 10
        return set()
    return {nine.lead if nine.leader == fps[0] else nine.answer}


def check_invariants(state: State) -> None:
    assert isinstance(state, MateBetaState)
    check_cards(state)
    assert_legal_moves_agree(state)
    obs = state.observation(None)
    if obs.phase in ("lead", "answer"):
        assert len(obs.tricks) == obs.move - 1
        sizes = [len(h) for h in obs.hands]
        if obs.phase == "answer":
            sizes[obs.leader] += 1
        left = 11 - obs.move
        for seat in (0, 1):
            extra = 1 if obs.move == 10 else 0
            expected = left - (obs.foreplaced[seat] is not None) + extra * (
                obs.foreplaced[seat] is not None)
            assert sizes[seat] == expected
        for trick in obs.tricks:
            assert trick.answer is not None and trick.winner is not None
    outcome = state.outcome()
    if outcome is not None:
        assert obs.phase == "over" and state.to_act() == ()
        if outcome.end == "draw":
            assert outcome.points == (0, 0) and outcome.card is None
            assert outcome.move == last_move(obs.foreplaced)
        else:
            assert outcome.card is not None and outcome.mater is not None
            mater = outcome.mater
            assert outcome.points[1 - mater] == 0
            assert outcome.points[mater] % card_value(outcome.card) == 0
            assert obs.tricks[-1].answer is None and obs.tricks[-1].lead == outcome.card


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_random_games_end_with_conserved_cards_and_invariants(seed: int) -> None:
    state = random_game(MATEBETA, {}, seed, check_invariants)
    assert state.outcome() is not None
    assert len(state.history) <= 2 + 20


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_no_leak_sample_rebuilds_the_same_table(seed: int) -> None:
    rng = random.Random(seed)
    random_game(MATEBETA, {}, seed, lambda s: assert_no_leak(s, rng))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_replay_gives_same_observations_and_outcome(seed: int) -> None:
    assert_replay_same(MATEBETA, {}, seed)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_observation_is_the_same_for_every_seat_but_the_seat(seed: int) -> None:
    """Open hands: perfect information, every seat and the spectator see the same table."""

    def same(state: State) -> None:
        views = [state.observation(s) for s in (0, 1, None)]
        assert all(isinstance(v, MateBetaObservation) for v in views)
        for view in views[1:]:
            assert view.to_json() | {"seat": None, "legal": []} == (
                views[0].to_json() | {"seat": None, "legal": []})

    random_game(MATEBETA, {}, seed, same)


def test_clone_is_independent() -> None:
    state = MATEBETA.new({}, seed=3)
    copy = state.clone()
    seat = copy.to_act()[0]
    copy.play(seat, copy.legal_moves(seat)[0])
    assert state.history == [] and len(copy.history) == 1
    assert state.observation(None) != copy.observation(None)

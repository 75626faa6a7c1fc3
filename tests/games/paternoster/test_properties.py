"""Property tests over random games of every variant and every level: the game
ends, every card is in exactly one place, piles keep their direction, nothing
leaks, the observation offers exactly the state's moves, replay agrees."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import play_out
from cardtable.games.paternoster.bots import SimpleTeamBot
from cardtable.games.paternoster.fit import NO_FIT, fit_kind
from cardtable.games.paternoster.levels import LEVELS
from cardtable.games.paternoster.rules import (
    PATERNOSTER,
    PaternosterState,
    full_deck,
)
from cardtable.testing import (
    assert_legal_moves_agree,
    assert_no_leak,
    assert_replay_same,
    random_game,
)

VARIANT_OPTIONS: list[dict[str, Any]] = [
    {},
    {"players": 1},
    {"players": 3},
    {"players": 5},
    {"short_trip": True},
    {"first_ride": True, "players": 3},
    {"bigger_hand": True},
    {"tokens": 4},
    {"passing_on": True, "players": 3},
    {"smaller_hand": True},
    {"steep": True},
    {"two_cars": True},
    {"silent_lift": True},
    {"lift_operator": True, "players": 3},
    {"hourglass": True},
    {"passengers": 3},
    {"passengers": 5, "players": 4},
    {"fire": True},
    {"fire": True, "players": 1},
    {"commands": True},
    {"commands_light": True, "players": 3},
    {"tower": True, "players": 6},
    {"tower": True, "players": 8, "tower_hand": 5, "fire": True},
    {"players": 4, "tokens": 2, "passing_on": True, "passengers": 4, "fire": True,
     "commands": True, "hourglass": True, "lift_operator": True},
]
ALL_OPTIONS = VARIANT_OPTIONS + [level.options for level in LEVELS]
IDS = [",".join(f"{k}={v}" for k, v in o.items()) or "standard" for o in ALL_OPTIONS]


def check_passed(state: PaternosterState) -> None:
    """Every card passed on that the state remembers is in its receiver's hand."""
    for seat, hand in enumerate(state.hands):
        assert Counter(c for _g, r, c in state.passed if r == seat) <= Counter(hand)


def check_invariants(state: PaternosterState) -> None:
    """Card conservation, pile direction, one turn seat with cards, cards passed on still
    with their receivers."""
    everything = [c for h in state.hands for c in h] + state.draw + list(state.passengers)
    everything += [c for p in state.piles for c in p]
    assert Counter(everything) == Counter(full_deck(state.opts))
    check_passed(state)
    for pile, cards in enumerate(state.piles):
        if pile not in state.pile_ids:
            assert not cards
        for below, above in itertools.pairwise(cards):
            assert fit_kind(above, below, pile < 3, state.opts.step_reach) != NO_FIT
    if state.result is None:
        assert state.hands[state.turn_seat] or state.played, "the seat to act has cards"
        assert state.legal_moves(state.turn_seat)
    else:
        assert state.result.cards_left == state.cards_left()
        assert state.result.perfect == (state.cards_left() == 0 and state.result.lost is None)


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=IDS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_property_random_games(options: dict[str, Any], seed: int) -> None:
    """Random legal moves to the end: invariants, legal moves agree, no leak, and a seat's
    samples deal the cards it passed on to their receivers."""
    rng = random.Random(seed)

    def step(state: Any) -> None:
        check_invariants(state)
        assert_legal_moves_agree(state)
        if rng.random() < 0.2:
            assert_no_leak(state, rng)
            for seat in range(state.opts.players):
                check_passed(PATERNOSTER.sample(state.observation(seat), rng))

    state = random_game(PATERNOSTER, options, seed, step)
    assert state.outcome() is not None


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=IDS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_property_replay(options: dict[str, Any], seed: int) -> None:
    """Replaying a finished game's record gives the same observations and outcome."""
    assert_replay_same(PATERNOSTER, options, seed)


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=IDS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_property_bot_games(options: dict[str, Any], seed: int) -> None:
    """Whole games of the simple team (deep into the game, signals on): they end,
    the invariants hold after every move, nothing leaks, the record replays."""
    state = PATERNOSTER.new(options, seed=seed)
    assert isinstance(state, PaternosterState)
    players = state.opts.players
    bots = {s: SimpleTeamBot(seed + s) for s in range(players)}
    rng = random.Random(seed)
    moves = 0
    while state.result is None:
        play_team_step(state, bots)
        check_invariants(state)
        moves += 1
        if moves % 25 == 0:
            assert_no_leak(state, rng)
            assert_legal_moves_agree(state)
    from cardtable.games.registry import replay

    again = replay(state.record())
    assert again.outcome() == state.outcome()


def play_team_step(state: PaternosterState, bots: dict[int, SimpleTeamBot]) -> None:
    for seat, bot in bots.items():
        state.sync_signals(seat, bot.signals(state.observation(seat)))
    seat = state.turn_seat
    state.play(seat, bots[seat].act(state.observation(seat)))


def test_property_bot_is_deterministic_for_a_seed() -> None:
    outcomes = []
    for _ in range(2):
        state = PATERNOSTER.new({"players": 3, "fire": True, "tokens": 2}, seed=11)
        assert isinstance(state, PaternosterState)
        bots = {s: SimpleTeamBot(5 + s) for s in range(3)}
        play_out(state, bots, random.Random(0))
        outcomes.append((state.history, state.signal_log))
    assert outcomes[0] == outcomes[1]

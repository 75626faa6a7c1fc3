"""Invariants over random games of every duel variant (hypothesis chooses the games)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.engine import State
from cardtable.games.duel import DUEL, DuelState
from cardtable.games.duel.bots import SimpleDuelBot
from cardtable.games.duel.rules import (
    END,
    PLAY,
    PUSH,
    DuelMove,
    can_play_own,
    fits,
    is_step_back,
)
from cardtable.games.duel.variants import DuelOptions
from cardtable.testing import (
    assert_legal_moves_agree,
    assert_no_leak,
    assert_refused_unchanged,
    assert_replay_same,
    random_game,
)

VARIANTS: list[dict[str, Any]] = [
    {},
    {"friendly": True},
    {"long_race": True},
    {"hard_push": True},
    {"handicap_hand": [0]},
    {"handicap_no_push": [1]},
    {"blitz": True},
    {"team": True},
    {"one_card_first_turn": False},
    {"team": True, "long_race": True, "hard_push": True},
]

def deep(seed: int) -> dict[str, Any]:
    """Mostly the simple player's moves, so games reach empty draw piles and real endings."""
    return {"bot": SimpleDuelBot(seed), "bot_share": 0.95}


games = st.tuples(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1))


def all_cards(state: DuelState) -> Counter[int]:
    places: Counter[int] = Counter()
    for hand in state.hands:
        places.update(hand)
    for draw in state.draws:
        places.update(draw)
    for team in state.piles:
        for pile in team:
            places.update(pile)
    return places


def check_invariants(state: State) -> None:
    assert isinstance(state, DuelState)
    copies = 2 if state.opts.team else 1
    assert all_cards(state) == Counter(dict.fromkeys(CARDS, copies)), "a card was lost or doubled"
    for seat, hand in enumerate(state.hands):
        assert len(hand) <= state.opts.hand_size(seat)


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_game_ends_and_keeps_every_card(game: tuple[dict[str, Any], int]) -> None:
    """The game always ends; every card is in exactly one place at every step."""
    options, seed = game
    state = random_game(DUEL, options, seed, check_invariants, **deep(seed))
    assert state.outcome() is not None and state.to_act() == ()


@settings(max_examples=60, deadline=None)
@given(games)
def test_piles_move_only_in_their_direction_except_step_backs(
    game: tuple[dict[str, Any], int],
) -> None:
    """A pile only moves in its direction, except a step back (same suit, one rank) on own piles."""
    options, seed = game

    def check(state: State) -> None:
        assert isinstance(state, DuelState)
        for team, piles in enumerate(state.piles):
            for pile, cards in enumerate(piles):
                for below, above in itertools.pairwise(cards):
                    ok = fits(above, below, pile, state.opts.team) or is_step_back(
                        above, below, pile)
                    assert ok, f"team {team} pile {pile}: {above.text} on {below.text}"

    random_game(DUEL, options, seed, check, **deep(seed))


@settings(max_examples=40, deadline=None)
@given(games)
def test_no_leak_and_observed_legal_moves(game: tuple[dict[str, Any], int]) -> None:
    """DESIGN property 1: each seat's observation survives sampling; the observation offers
    exactly the state's legal moves."""
    options, seed = game
    rng = random.Random(seed)

    def check(state: State) -> None:
        assert_no_leak(state, rng)
        assert_legal_moves_agree(state)

    random_game(DUEL, options, seed, check, **deep(seed))


@settings(max_examples=40, deadline=None)
@given(games)
def test_replay_gives_same_observations_and_outcome(game: tuple[dict[str, Any], int]) -> None:
    """DESIGN property 2: replaying the record gives the same observations and outcome."""
    options, seed = game
    assert_replay_same(DUEL, options, seed, **deep(seed))


def _refused_by_quick_check(seat: int, move: DuelMove) -> None:
    raise AssertionError(f"the state's quick check refused the legal move {move}")


@settings(max_examples=25, deadline=None)
@given(games)
def test_legality_is_one_judgement(game: tuple[dict[str, Any], int]) -> None:
    """Every move the state lists is accepted; every other candidate is refused, changing
    nothing (so the state's quick check of a move agrees with refusal()); the fast check
    of whether a seat can play agrees with the listed moves."""
    options, seed = game
    rng = random.Random(seed)

    def check(state: State) -> None:
        assert isinstance(state, DuelState)
        if state.outcome() is not None:
            return
        for seat in state.to_act():
            legal = {m.text for m in state.legal_moves(seat)}
            plays = [m for m in legal if m.startswith("play")]
            assert can_play_own(state._facts(seat)) == bool(plays)
            assert state._can_play(seat) == bool(plays)
            for card in set(state.hands[seat]) | set(rng.sample(CARDS, 4)):
                for move in (*PLAY[card], *PUSH[card], END):
                    if move.text in legal:
                        trial = state.clone()
                        if state.turn_seat is not None:  # made by the quick check alone
                            trial._make = _refused_by_quick_check  # type: ignore[method-assign]
                        trial.play(seat, move)
                    else:
                        assert_refused_unchanged(state, seat, move)

    random_game(DUEL, options, seed, check, **deep(seed))


def test_sample_keeps_counts_and_own_hand() -> None:
    state = DUEL.new(DuelOptions(team=True), seed=5)
    for _ in range(12):
        seat = state.to_act()[0]
        state.play(seat, state.legal_moves(seat)[0])
    obs = state.observation(2)
    sampled = DUEL.sample(obs, random.Random(1))
    assert sorted(sampled.hands[2]) == sorted(state.hands[2])
    assert [len(h) for h in sampled.hands] == [len(h) for h in state.hands]
    assert [len(d) for d in sampled.draws] == [len(d) for d in state.draws]

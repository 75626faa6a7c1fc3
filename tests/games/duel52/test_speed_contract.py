"""What makes Duel 52 fast enough to search, held to the contract: moves are structured
values whose text is written only when asked for, the state lists its legal moves once
per position, a clone is independent of its original, and the views an observation
reuses are exactly the views it would build afresh."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import play_out
from cardtable.games.duel52 import moves as moves_module
from cardtable.games.duel52.bots import HeuristicBot, make_bot
from cardtable.games.duel52.moves import D52Move, legal_moves, parse_move, place_move
from cardtable.games.duel52.rules import DUEL52, NOT_SEEN, Duel52State
from cardtable.games.duel52.table import NO_VIEWS
from cardtable.testing import random_game

LENGTHS = st.sampled_from([{"length": "quick"}, {"length": "standard"}, {"length": "long"}])
SEEDS = st.integers(min_value=0, max_value=10**9)


def fresh_copy(state: Duel52State) -> Duel52State:
    """A clone that has forgotten every view and listing it could reuse."""
    other = state.clone()
    for c in other.cards():
        c.views = NO_VIEWS
    other._discard_views = [(), (), ()]
    other._seen_sides = [NOT_SEEN] * 6
    other._legal = None
    return other


def test_listing_and_choosing_moves_writes_no_move_text(monkeypatch: pytest.MonkeyPatch) -> None:
    state = DUEL52.new({}, seed=3)
    for _ in range(40):
        state.play(state.turn_seat, HeuristicBot(1).act(state.observation(state.turn_seat)))

    def refuse(move: D52Move) -> str:
        raise AssertionError(f"a move's text was written: {move.kind}")

    monkeypatch.setattr(moves_module, "_format", refuse)
    seat = state.turn_seat
    for m in state.legal_moves(seat) + state.observation(seat).legal_moves():
        assert m.order == m.sort_key()
    HeuristicBot(2).act(state.observation(seat))
    state.clone().legal_moves(seat)


def test_a_moves_text_is_written_when_asked_for_and_kept() -> None:
    move = D52Move("attack", actors=((1, 0, 2),), targets=((1, 1, 0), (1, 1, 4)))
    assert move._made is None
    assert move.text == "attack L2.0.2 L2.1.0 L2.1.4" == str(move)
    assert move._made == move.text


def test_moves_are_interned_and_equal_by_what_they_name() -> None:
    made = place_move("flip", ((2, 1, 3),))
    assert parse_move("FLIP l3.1.3") is made
    assert place_move("flip", ((2, 1, 3),)) is made
    loose = D52Move("flip", actors=((2, 1, 3),))
    assert loose == made and hash(loose) == hash(made) and loose is not made
    assert loose != place_move("flip", ((2, 1, 4),))
    assert parse_move("attack L1.0.1+L1.0.2 L1.1.0 L1.1.3") == D52Move(
        "attack", actors=((0, 0, 1), (0, 0, 2)), targets=((0, 1, 0), (0, 1, 3)))


def test_legal_moves_are_a_fresh_list_each_time() -> None:
    state = DUEL52.new({}, seed=5)
    seat = state.turn_seat
    first = state.legal_moves(seat)
    first.clear()
    assert state.legal_moves(seat) and state.observation(seat).legal_moves()
    state.observation(seat).legal_moves().clear()
    assert state.observation(seat).legal_moves() == state.legal_moves(seat)


def test_a_clone_plays_on_alone_and_the_original_is_unchanged() -> None:
    state = DUEL52.new({"length": "quick"}, seed=8)
    bots = {0: make_bot("heuristic", 1), 1: make_bot("heuristic", 2)}
    for _ in range(30):
        seat = state.turn_seat
        state.play(seat, bots[seat].act(state.observation(seat)))
    before = [state.observation(s) for s in (0, 1, None)]
    record = state.record().dumps()
    clone = state.clone()
    assert [clone.observation(s) for s in (0, 1, None)] == before
    play_out(clone, bots, random.Random(0))
    assert clone.outcome() is not None
    assert [state.observation(s) for s in (0, 1, None)] == before
    assert state.record().dumps() == record
    assert state.legal_moves(state.turn_seat) == fresh_copy(state).legal_moves(state.turn_seat)


@settings(max_examples=40, deadline=None)
@given(options=LENGTHS, seed=SEEDS)
def test_property_reused_views_and_listings_equal_fresh_ones(options: dict[str, str],
                                                             seed: int) -> None:
    """Every observation, and every listing of legal moves (from the state, from the
    observation's own facts), equals what a state with nothing cached makes; the
    listing is sorted by the moves' sort key."""
    clones: list[Duel52State] = []

    def step(state: object) -> None:
        assert isinstance(state, Duel52State)
        fresh = fresh_copy(state)
        for seat in (0, 1, None):
            seen = state.observation(seat)
            assert seen == fresh.observation(seat)
            if seat is not None:
                listed = state.legal_moves(seat)
                assert listed == legal_moves(seen.facts()) == fresh.legal_moves(seat)
                assert listed == sorted(listed, key=D52Move.sort_key)
        clones.append(state.clone())

    final = random_game(DUEL52, options, seed, step)
    assert isinstance(final, Duel52State)
    for earlier in clones[::7]:
        assert fresh_copy(earlier).observation(0) == earlier.observation(0)

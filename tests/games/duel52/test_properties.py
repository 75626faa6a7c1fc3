"""Duel 52 property tests over random games of every length: the game always ends, every
card is in exactly one place, the no-leak and replay properties of DESIGN.md hold, and the
observation offers exactly the state's legal moves."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.engine import State
from cardtable.games.duel52.rules import DUEL52, Duel52State
from cardtable.games.duel52.table import NINE, hit_points, power, rank
from cardtable.testing import (
    assert_legal_moves_agree,
    assert_no_leak,
    assert_replay_same,
    random_game,
)

LENGTHS = st.sampled_from([{}, {"length": "quick"}, {"length": "standard"}, {"length": "long"},
                           {"hit_points": 1}, {"hit_points": 3, "length": "quick"},
                           {"handicap_no_power": {"0": ["3", "8", "9", "10", "J"]}},
                           {"handicap_no_power": {"1": ["A", "2", "4", "5", "6", "7", "Q",
                                                        "K"], "0": ["3", "J"]}}])
SEEDS = st.integers(min_value=0, max_value=10**9)


def check_invariants(state: State) -> None:
    assert isinstance(state, Duel52State)
    table = state.cards()
    places = ([*state.hands[0], *state.hands[1], *state.aside, *state.pile]
              + [d.card for d in state.discard] + [c.card for c in table])
    assert Counter(places) == Counter(CARDS), "every card is in exactly one place"
    for c in table:
        assert c.damage < hit_points(c, state.opts.hit_points, state.opts.bans), \
            "a card with its hit points in damage is dead"
        assert not (c.frozen and power(c, state.opts.bans) == NINE), "a face-up 9 can't be frozen"
        assert c.attacks <= (2 if c.double else 1)
        assert c.known == 3 or not c.up
        if c.partner is not None:
            mate = state.find((c.lane, c.seat, c.partner))
            assert mate is not None and mate.partner == c.slot
            assert c.up and mate.up and rank(c.card) == rank(mate.card)
    for lane in range(3):
        for seat in (0, 1):
            slots = [c.slot for c in state.sides[lane][seat]]
            assert slots == sorted(set(slots)) and all(s < state.next_slot[lane][seat]
                                                       for s in slots)
        if state.won[lane] is not None:
            assert not state.sides[lane][1 - state.won[lane]]
    for d in state.discard:
        if d.how == "killed-face-down" and not state.opts.bans[d.seat] >> 3 & 1:
            assert rank(d.card) != 3, "a face-down 3 springs its trap instead of dying"
    if state.outcome() is None:
        assert state.to_act() == (state.turn_seat,)
        assert state.legal_moves(state.turn_seat), "the seat to act always has a move"
        assert state.choice is not None or state.actions > 0
    else:
        assert state.to_act() == ()


@settings(max_examples=150, deadline=None)
@given(options=LENGTHS, seed=SEEDS)
def test_property_every_game_ends_and_conserves_cards(options: dict[str, str], seed: int) -> None:
    """Rule 7 and the termination argument: random play always reaches an outcome."""
    state = random_game(DUEL52, options, seed, check_invariants, max_moves=3000)
    outcome = state.outcome()
    assert outcome is not None
    data = outcome.to_json()
    assert set(data) == {"winner", "lanes", "reason"}
    assert data["reason"] in ("two-lanes", "both-passed")
    if data["reason"] == "two-lanes":
        assert data["lanes"][data["winner"]] >= 2


@settings(max_examples=50, deadline=None)
@given(options=LENGTHS, seed=SEEDS)
def test_property_no_leak_at_every_step(options: dict[str, str], seed: int) -> None:
    """DESIGN property 1: observation(s) == observation(s) of sample(observation(s)), for
    both seats and the spectator, and the sampled state plays on like the real one."""
    rng = random.Random(seed)

    def step(state: State) -> None:
        assert_no_leak(state, rng)
        assert_legal_moves_agree(state)
        for seat in (0, 1, None):
            json.dumps(state.observation(seat).to_json())

    random_game(DUEL52, options, seed, step)


@settings(max_examples=40, deadline=None)
@given(options=LENGTHS, seed=SEEDS)
def test_property_sampled_states_play_on(options: dict[str, str], seed: int) -> None:
    """A sample is a full state: it plays to an end with its own invariants intact, and a
    card killed face down unseen is never sampled as a 3."""
    rng = random.Random(seed)
    state = DUEL52.new(options, seed=seed)
    for _ in range(rng.randrange(20, 200)):
        if state.outcome() is not None:
            break
        state.play(state.turn_seat, rng.choice(state.legal_moves(state.turn_seat)))
    for seat in (0, 1, None):
        sampled = DUEL52.sample(state.observation(seat), rng)
        check_invariants(sampled)
        for _ in range(3000):
            if sampled.outcome() is not None:
                break
            moves = sampled.legal_moves(sampled.turn_seat)
            sampled.play(sampled.turn_seat, rng.choice(moves))
            check_invariants(sampled)
        assert sampled.outcome() is not None


@settings(max_examples=40, deadline=None)
@given(options=LENGTHS, seed=SEEDS)
def test_property_replay_gives_the_same_game(options: dict[str, str], seed: int) -> None:
    """DESIGN property 2: replaying the record gives the same observations and outcome."""
    assert_replay_same(DUEL52, options, seed)

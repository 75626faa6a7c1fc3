"""Duel 52's simulation path plays the very same games as the ordinary path: the same
moves recorded, the same outcome, the same final position as every seat sees it, from
the first move or from any position, for heuristic and random players alike; with any
other player it declines and changes nothing. Games are played under random power
handicaps (``handicap_no_power``) too, and without any."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Bot, play_out
from cardtable.games.duel52 import selfplay
from cardtable.games.duel52.bots import HeuristicBot
from cardtable.games.duel52.rules import DUEL52, Duel52State

LENGTHS = st.sampled_from(["quick", "standard", "long"])
SEEDS = st.integers(min_value=0, max_value=10**9)
KINDS = st.sampled_from(["heuristic", "random"])
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
HANDICAPS = st.one_of(
    st.just({}),
    st.fixed_dictionaries({}, optional={
        "0": st.lists(st.sampled_from(RANKS), unique=True),
        "1": st.lists(st.sampled_from(RANKS), unique=True),
    }).map(lambda seats: {"handicap_no_power": seats}))
"""No handicap, or random powers forbidden to either seat or both."""


class SlowHeuristic(HeuristicBot):
    """The heuristic player, unknown to the simulation path: the ordinary path."""


class SlowRandom(RandomBot):
    """The random player, unknown to the simulation path: the ordinary path."""


def players(kinds: tuple[str, str], seed: int, slow: bool) -> dict[int, Bot]:
    made: dict[int, Bot] = {}
    for seat, kind in enumerate(kinds):
        if kind == "heuristic":
            made[seat] = (SlowHeuristic if slow else HeuristicBot)(seed + seat)
        else:
            made[seat] = (SlowRandom if slow else RandomBot)(seed + seat)
    return made


def whole_game(state: Duel52State) -> tuple[object, ...]:
    """Everything a game is: its record, its outcome and the final position as seen."""
    return (state.record().dumps(), state.outcome(),
            *(state.observation(seat) for seat in (0, 1, None)), state.discard)


def test_the_simulation_path_is_compiled() -> None:
    compiled = Path(selfplay.__file__)
    assert compiled.suffix == ".so", "make install compiles selfplay.py with mypyc"


@settings(max_examples=60, deadline=None)
@given(length=LENGTHS, seed=SEEDS, first=KINDS, second=KINDS, handicap=HANDICAPS)
def test_property_both_paths_play_the_very_same_game(length: str, seed: int, first: str,
                                                     second: str,
                                                     handicap: dict[str, Any]) -> None:
    games = []
    for slow in (True, False):
        rng = random.Random(seed)
        state = DUEL52.new({"length": length, **handicap}, rng=rng)
        play_out(state, players((first, second), seed, slow), rng)
        games.append(whole_game(state))
    assert games[0] == games[1]


@settings(max_examples=60, deadline=None)
@given(length=LENGTHS, seed=SEEDS, first=KINDS, second=KINDS,
       steps=st.integers(min_value=0, max_value=160), handicap=HANDICAPS)
def test_property_the_simulation_path_finishes_any_position_alike(
        length: str, seed: int, first: str, second: str, steps: int,
        handicap: dict[str, Any]) -> None:
    """From a position reached by random moves (powers waiting for a choice included)
    and from a sample of it, both paths finish the game alike."""
    rng = random.Random(seed)
    state = DUEL52.new({"length": length, **handicap}, rng=rng)
    for _ in range(steps):
        if state.outcome() is not None:
            break
        state.play(state.turn_seat, rng.choice(state.legal_moves(state.turn_seat)))
    starts = [state, DUEL52.sample(state.observation(state.turn_seat), random.Random(seed))]
    for start in starts:
        games = []
        for slow in (True, False):
            game = start.clone()
            play_out(game, players((first, second), seed, slow), random.Random(0))
            games.append(whole_game(game))
        assert games[0] == games[1]


def test_other_players_take_the_ordinary_path_and_nothing_changes() -> None:
    state = DUEL52.new({}, seed=4)
    before = whole_game(state)
    assert state.self_play({0: HeuristicBot(1), 1: SlowHeuristic(2)}) is None
    assert state.self_play({0: HeuristicBot(1)}) is None
    assert whole_game(state) == before


@pytest.mark.parametrize("length", ["quick", "standard", "long"])
def test_a_finished_game_is_left_alone(length: str) -> None:
    state = DUEL52.new({"length": length}, seed=9)
    play_out(state, players(("heuristic", "random"), 9, slow=False), random.Random(9))
    assert state.outcome() is not None
    before = whole_game(state)
    assert state.self_play(players(("heuristic", "heuristic"), 1, slow=False)) is None
    assert whole_game(state) == before

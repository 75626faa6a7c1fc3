"""MateBeta computer players: legal, deterministic for a seed, observation only;
the perfect player never does worse than the solver's value."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import play_out
from cardtable.games.matebeta.bots import BOT_NAMES, LADDER, LEVELS, make_bot
from cardtable.games.matebeta.rules import MATEBETA, MateBetaState
from cardtable.games.matebeta.solver import Solver


def self_play(a: str, b: str, seed: int) -> MateBetaState:
    state = MATEBETA.new({}, seed=seed)
    assert isinstance(state, MateBetaState)
    play_out(state, {0: make_bot(a, seed), 1: make_bot(b, seed + 1)}, random.Random(seed))
    return state


@pytest.mark.parametrize("level", [*LEVELS, "random"])
def test_bots_play_legal_moves_to_the_end_and_are_deterministic(level: str) -> None:
    for seed in range(3):
        first = self_play(level, "easy", seed)
        again = self_play(level, "easy", seed)
        assert first.history == again.history
        assert first.outcome() is not None


def test_bots_see_only_the_observation() -> None:
    """A bot given a spectator-free observation of a rebuilt table plays the same move."""
    state = MATEBETA.new({}, seed=4)
    for level in LEVELS:
        seat = state.to_act()[0]
        obs = state.observation(seat)
        rebuilt = MATEBETA.sample(obs, random.Random(0))
        assert make_bot(level, 1).act(obs) == make_bot(level, 1).act(rebuilt.observation(seat))


def test_unknown_bot_name_refused() -> None:
    with pytest.raises(ValueError, match="unknown MateBeta player"):
        make_bot("grandmaster", 0)


@pytest.mark.parametrize("opponent", ["random", "easy", "medium"])
def test_perfect_player_never_does_worse_than_the_solver_value(opponent: str) -> None:
    """Against anyone, perfect play scores at least the position's value."""
    for seed in range(3):
        for perfect_seat in (0, 1):
            state = MATEBETA.new({}, seed=seed)
            value = Solver().value(state)
            mine = value if perfect_seat == 0 else -value
            bots = {perfect_seat: make_bot("perfect", seed),
                    1 - perfect_seat: make_bot(opponent, seed)}
            outcome = play_out(state, bots, random.Random(seed))
            assert outcome.returns[perfect_seat] >= mine


def test_perfect_player_plays_forced_cards() -> None:
    state = MATEBETA.new({}, seed=2)
    bots = {0: make_bot("perfect", 0), 1: make_bot("perfect", 1)}
    while state.outcome() is None:
        seat = state.to_act()[0]
        forced = state.forced()  # type: ignore[attr-defined]
        move = bots[seat].act(state.observation(seat))
        if forced is not None:
            assert move == forced
        state.play(seat, move)


def test_the_ladder_names_each_level_for_players() -> None:
    assert LEVELS == ("beginner", "club", "expert")
    names = [n for level in LADDER for n in (level.name, *level.aliases)]
    assert len(names) == len(set(names))
    for level in LADDER:
        assert level.label and level.about
    assert list(BOT_NAMES) == [*LEVELS, "random"]


@pytest.mark.parametrize(("old", "new"), [("easy", "beginner"), ("simple", "beginner"),
                                          ("medium", "club"), ("perfect", "expert"),
                                          ("Medium", "club")])
def test_old_level_names_still_name_the_same_players(old: str, new: str) -> None:
    """Stored tables and older command lines name easy, medium and perfect."""
    for seed in range(2):
        assert self_play(old, "random", seed).history == self_play(new, "random", seed).history

"""The duel's simulation path plays exactly the games of the ordinary path: the same
moves, the same final position, the same draws from every generator."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import Bot, Observation, play_out
from cardtable.games.duel import DUEL
from cardtable.games.duel.bots import SimpleDuelBot, make_bot
from cardtable.games.duel.rules import DuelMove, DuelState
from cardtable.games.registry import replay

VARIANTS: list[dict[str, Any]] = [
    {}, {"friendly": True}, {"long_race": True}, {"hard_push": True},
    {"handicap_hand": [0]}, {"handicap_no_push": [1]}, {"one_card_first_turn": False},
    {"long_race": True, "hard_push": True, "handicap_hand": [1]},
    # rule parameters (house rules): the simulation path follows every number
    {"hand": 5, "push_reach": 3}, {"hand": 8, "push_reach": 1}, {"cards_per_turn": 3},
    {"cards_per_turn": 1}, {"first_turn_cards": 2, "cards_per_turn": 3},
    {"pushes_per_turn": 2, "push_reach": 4}, {"pushes_per_turn": 0},
    {"step_backs_per_turn": 0}, {"step_backs_per_turn": 3, "hand": 10},
    {"handicap_no_step_back": [0]}, {"handicap_no_step_back": [1], "step_backs_per_turn": 2},
]
PLAYERS = ["simple", "never-push", "cautious", "eager"]


class Ordinary(Bot):
    """A player through observations only: it offers no simulation path."""

    def __init__(self, bot: SimpleDuelBot) -> None:
        self.bot = bot

    def act(self, observation: Observation) -> DuelMove:
        return self.bot.act(observation)

    def plan(self, observation: Observation) -> list[DuelMove]:
        return self.bot.plan(observation)


def position(state: DuelState) -> tuple[object, ...]:
    """Everything of a state but its hands' order (the simulation path sorts them)."""
    return (state.history, state.outcome(), [sorted(h) for h in state.hands], state.draws,
            state.piles, state.turn_seat, state.turns, state.first_turn, state.required,
            state.played, state.pushed, state.step_back_used)


def both_paths(options: dict[str, Any], players: tuple[str, str], seed: int,
               opening: int = 0) -> tuple[DuelState, DuelState, list[SimpleDuelBot],
                                          list[SimpleDuelBot]]:
    """The same game played on the simulation path and on the ordinary one, after
    ``opening`` moves of the ordinary path for both."""
    states, bot_sets = [], []
    for fast in (True, False):
        rng = random.Random(seed)
        state = DUEL.new(options, rng=rng)
        bots = [make_bot(name, seed + seat) for seat, name in enumerate(players)]
        assert all(isinstance(b, SimpleDuelBot) for b in bots)
        for _ in range(opening):
            if state.outcome() is not None:
                break
            seat = state.to_act()[0]
            state.play(seat, bots[seat].act(state.observation(seat)))
        seats: dict[int, Bot] = {s: (b if fast else Ordinary(b))
                                 for s, b in enumerate(bots)}
        play_out(state, seats, rng)
        states.append(state)
        bot_sets.append(bots)
    return states[0], states[1], bot_sets[0], bot_sets[1]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(VARIANTS),
       players=st.tuples(st.sampled_from(PLAYERS), st.sampled_from(PLAYERS)),
       opening=st.sampled_from([0, 0, 1, 5, 17]))
def test_simulation_path_plays_the_same_games(seed: int, options: dict[str, Any],
                                              players: tuple[str, str], opening: int) -> None:
    fast, ordinary, fast_bots, ordinary_bots = both_paths(options, players, seed, opening)
    assert position(fast) == position(ordinary)
    assert [b.rng.getstate() for b in fast_bots] == [b.rng.getstate() for b in ordinary_bots]


@pytest.mark.parametrize("options", VARIANTS)
def test_a_simulated_game_is_recorded_and_replays(options: dict[str, Any]) -> None:
    fast, _, _, _ = both_paths(options, ("simple", "eager"), 11)
    again = replay(fast.record())
    assert again.history == fast.history and again.outcome() == fast.outcome()
    assert again.observation(0) == fast.observation(0)


def test_simulation_path_is_taken_for_simple_players() -> None:
    state = DUEL.new({}, seed=3)
    bots = {s: make_bot("simple", s) for s in (0, 1)}
    assert state.self_play(bots) is not None and state.is_over()


@pytest.mark.parametrize("options", [{"blitz": True}, {"team": True}])
def test_simulation_path_declines_blitz_and_team(options: dict[str, Any]) -> None:
    state = DUEL.new(options, seed=3)
    bots = {s: make_bot("simple", s) for s in range(DUEL.seats(state.options))}
    before = state.observation(0)
    assert state.self_play(bots) is None
    assert state.observation(0) == before and state.history == []


def test_simulation_path_declines_other_players() -> None:
    class Cautious(SimpleDuelBot):
        """A subclass may choose otherwise: it plays through observations."""

    state = DUEL.new({}, seed=3)
    assert state.self_play({0: make_bot("random", 0), 1: make_bot("simple", 1)}) is None
    assert state.self_play({0: Cautious(0), 1: make_bot("simple", 1)}) is None
    assert state.history == []

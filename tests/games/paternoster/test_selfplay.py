"""Paternoster's simulation path plays exactly the games of the ordinary path: the same
moves, the same signals at the same moments, the same final position, the same draws
from every generator."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import Bot, Observation, play_out
from cardtable.games.paternoster import PATERNOSTER, selfplay
from cardtable.games.paternoster.bots import SimpleTeamBot, make_bot
from cardtable.games.paternoster.fit import fit_kind
from cardtable.games.paternoster.rules import (
    PaternosterMove,
    PaternosterObservation,
    PaternosterState,
)
from cardtable.games.registry import replay

VARIANTS: list[dict[str, Any]] = [
    {}, {"players": 1}, {"players": 3}, {"players": 5}, {"short_trip": True},
    {"first_ride": True}, {"two_cars": True}, {"bigger_hand": True, "players": 4},
    {"smaller_hand": True}, {"steep": True}, {"silent_lift": True},
    {"lift_operator": True, "players": 3}, {"hourglass": True},
    {"tower": True, "players": 6}, {"tower": True, "players": 8, "tower_hand": 5},
    {"cards_per_turn": 1}, {"cards_per_turn": 4, "players": 3}, {"hand_change": -2},
    {"up_piles": 3, "down_piles": 3}, {"decks": 1, "up_piles": 1, "down_piles": 1},
    {"up_piles": 3, "down_piles": 0}, {"up_piles": 0, "down_piles": 1, "players": 1},
    {"up_piles": 1, "down_piles": 3, "players": 3}, {"step_back_reach": 2},
    {"step_back_reach": 3, "players": 3},
]
DECLINED: list[dict[str, Any]] = [
    {"tokens": 2}, {"passing_on": True}, {"passengers": 3}, {"fire": True},
    {"commands": True}, {"commands_light": True},
]
PLAYERS = ["simple", "simple-silent"]


class Ordinary(Bot):
    """A player through observations only: it offers no simulation path."""

    def __init__(self, bot: SimpleTeamBot) -> None:
        self.bot = bot

    def act(self, observation: Observation) -> PaternosterMove:
        return self.bot.act(observation)

    def signals(self, observation: PaternosterObservation) -> dict[int, str]:
        return self.bot.signals(observation)


def position(state: PaternosterState) -> tuple[object, ...]:
    return (state.history, state.signal_log, state.signals, state.outcome(), state.hands,
            state.draw, state.piles, state.top_turns, state.turn, state.turn_seat,
            state.required, state.played, state.step_back_used, state.last_pile)


def both_paths(options: dict[str, Any], players: list[str], seed: int, opening: int
               ) -> tuple[PaternosterState, PaternosterState, list[int], list[int]]:
    """The same game on the simulation path and on the ordinary one, after ``opening``
    ordinary moves for both; the players' generators' next draws."""
    states, draws = [], []
    for fast in (True, False):
        rng = random.Random(seed)
        state = PATERNOSTER.new(options, rng=rng)
        seats = PATERNOSTER.seats(state.options)
        bots = [make_bot(players[s % len(players)], seed + s) for s in range(seats)]
        assert all(isinstance(b, SimpleTeamBot) for b in bots)
        for _ in range(opening):
            if state.outcome() is not None:
                break
            seat = state.to_act()[0]
            state.play(seat, bots[seat].act(state.observation(seat)))
        table: dict[int, Bot] = {s: (b if fast else Ordinary(b)) for s, b in enumerate(bots)}
        play_out(state, table, rng)
        states.append(state)
        draws.append([b.rng.random() for b in bots if isinstance(b, SimpleTeamBot)])
    assert isinstance(states[0], PaternosterState) and isinstance(states[1], PaternosterState)
    return states[0], states[1], draws[0], draws[1]


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(VARIANTS),
       players=st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=3),
       opening=st.sampled_from([0, 0, 1, 4, 23]))
def test_simulation_path_plays_the_same_games(seed: int, options: dict[str, Any],
                                              players: list[str], opening: int) -> None:
    fast, ordinary, fast_draws, ordinary_draws = both_paths(options, players, seed, opening)
    assert position(fast) == position(ordinary)
    assert fast_draws == ordinary_draws


@pytest.mark.parametrize("options", VARIANTS[:6])
def test_a_simulated_game_is_recorded_and_replays(options: dict[str, Any]) -> None:
    fast, _, _, _ = both_paths(options, ["simple"], 11, 0)
    again = replay(fast.record())
    assert again.history == fast.history and again.outcome() == fast.outcome()
    assert isinstance(again, PaternosterState)
    assert (again.hands, again.draw, again.piles) == (fast.hands, fast.draw, fast.piles)


def test_simulation_path_is_taken_for_simple_players() -> None:
    state = PATERNOSTER.new({}, seed=3)
    bots = {s: make_bot("simple", s) for s in (0, 1)}
    assert state.self_play(bots) is not None and state.is_over()
    assert state.signal_log, "the simple players said what they could help"


@pytest.mark.parametrize("options", DECLINED)
def test_simulation_path_declines_the_rules_it_leaves_out(options: dict[str, Any]) -> None:
    state = PATERNOSTER.new(options, seed=3)
    bots = {s: make_bot("simple", s) for s in range(PATERNOSTER.seats(state.options))}
    before = state.observation(0)
    assert state.self_play(bots) is None
    assert state.observation(0) == before and state.history == []


def test_simulation_path_declines_other_players() -> None:
    class Careful(SimpleTeamBot):
        """A subclass may choose otherwise: it plays through observations."""

    state = PATERNOSTER.new({}, seed=3)
    assert state.self_play({0: make_bot("planner", 0), 1: make_bot("simple", 1)}) is None
    assert state.self_play({0: Careful(0), 1: make_bot("simple", 1)}) is None
    assert state.self_play({0: make_bot("simple", 0)}) is None
    assert state.history == []




def test_simulation_path_judges_a_fit_by_the_rules_own_rule() -> None:
    """The path reads an empty pile as -1 and otherwise asks the rules' one fit rule, for
    every card on every top (it skips the long step backs: it runs without tokens)."""
    for card in range(52):
        for up in (True, False):
            for reach in (0, 1, 2, 3):
                assert selfplay.fits(card, -1, up, reach) == fit_kind(card, None, up, reach)
                for top in range(52):
                    assert selfplay.fits(card, top, up, reach) == fit_kind(
                        card, top, up, reach)

"""MateBeta's simulation path plays exactly the games of the ordinary path: the same
moves, the same final position, the same draws from every generator; and the lab's
stateless game (:func:`~cardtable.games.matebeta.metrics.fast_game`) deals and plays
the very games of ``MateBeta.new`` and the ordinary path, with the same figures."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots.random_bot import RandomBot
from cardtable.cards import shuffled
from cardtable.engine import Bot, Move, Observation, play_out
from cardtable.games.matebeta import MATEBETA
from cardtable.games.matebeta.bots import make_bot
from cardtable.games.matebeta.metrics import fast_games, metrics
from cardtable.games.matebeta.rules import MateBetaState, mb_index
from cardtable.games.matebeta.selfplay import below, cards_of, deal
from cardtable.games.registry import replay

VARIANTS: list[dict[str, Any]] = [
    {}, {"handicap_no_foreplace": [0]}, {"handicap_no_foreplace": [1]},
    {"handicap_no_foreplace": [0, 1]}, {"value_ace": 30, "value_queen": 0},
]


class Ordinary(Bot):
    """The random player through observations only: it offers no simulation path."""

    def __init__(self, bot: RandomBot) -> None:
        self.bot = bot

    def act(self, observation: Observation) -> Move:
        return self.bot.act(observation)


def position(state: MateBetaState) -> tuple[object, ...]:
    return (state.history, state.outcome(), state.hands, state.foreplaced, state.decided,
            state.phase, state.leader, state.move, state.lead, state.tricks)


def both_paths(options: dict[str, Any], seed: int,
               opening: int) -> tuple[MateBetaState, MateBetaState, list[RandomBot]]:
    """The same game on the simulation path and on the ordinary one, after ``opening``
    moves of the ordinary path for both; the fast path's players come back too."""
    states, fast_bots = [], []
    for fast in (True, False):
        rng = random.Random(seed)
        state = MATEBETA.new(options, rng=rng)
        bots = [RandomBot(seed + seat) for seat in (0, 1)]
        for _ in range(opening):
            if state.outcome() is not None:
                break
            seat = state.to_act()[0]
            state.play(seat, bots[seat].act(state.observation(seat)))
        seats: dict[int, Bot] = {s: (b if fast else Ordinary(b)) for s, b in enumerate(bots)}
        play_out(state, seats, rng)
        states.append(state)
        if fast:
            fast_bots = bots
    return states[0], states[1], fast_bots


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(VARIANTS),
       opening=st.sampled_from([0, 0, 0, 1, 2, 3, 8, 17]))
def test_the_simulation_path_plays_the_ordinary_game(seed: int, options: dict[str, Any],
                                                     opening: int) -> None:
    fast, ordinary, _ = both_paths(options, seed, opening)
    assert fast.move_winners() == ordinary.move_winners() == [
        t.leader if t.winner is None else t.winner for t in ordinary.tricks]
    copy = fast.clone()
    assert position(fast) == position(ordinary) == position(copy)
    assert fast.observation(0) == ordinary.observation(0)
    assert replay(fast.record()).history == fast.history


def test_the_players_draw_what_they_would_have_drawn() -> None:
    """After a game on the simulation path each player's generator is where the
    ordinary path leaves it, so a match of many games stays the same match."""
    for seed in range(40):
        _, _, bots = both_paths({}, seed, 0)
        again = [RandomBot(seed + seat) for seat in (0, 1)]
        rng = random.Random(seed)
        state = MATEBETA.new({}, rng=rng)
        play_out(state, {s: Ordinary(b) for s, b in enumerate(again)}, rng)
        assert [b.rng.random() for b in bots] == [b.rng.random() for b in again]


@given(n=st.integers(1, 1000), seed=st.integers(0, 2**32))
def test_below_is_randrange(n: int, seed: int) -> None:
    assert below(random.Random(seed).getrandbits, n) == random.Random(seed).randrange(n)


def test_other_players_take_the_ordinary_path() -> None:
    state = MATEBETA.new({}, seed=3)
    assert state.self_play({0: RandomBot(1), 1: Ordinary(RandomBot(2))}) is None
    assert state.history == [] and state.outcome() is None


def test_a_fresh_deal_is_the_deal_its_texts_give() -> None:
    """``new`` builds a shuffled deal without reading its texts back: the same game as
    the one its record's deal makes."""
    for seed in range(50):
        state = MATEBETA.new({}, seed=seed)
        again = MATEBETA.new({}, deal=state.deal)
        assert state.deal == MATEBETA.random_deal(MATEBETA.parse_options({}),
                                                  random.Random(seed))
        assert position(state) == position(again)


class Keys(random.Random):
    """A generator whose ``random()`` repeats a few keys: deals with tied keys."""

    def __init__(self, seed: int, keys: list[float]) -> None:
        super().__init__(seed)
        self.keys = keys
        self.drawn = 0

    def random(self) -> float:
        self.drawn += 1
        return self.keys[(self.drawn - 1) % len(self.keys)]


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_lab_deals_what_new_deals(seed: int) -> None:
    rng, again = random.Random(seed), random.Random(seed)
    state = MATEBETA.new({}, rng=rng)
    hand, dealer = deal(again)
    assert cards_of(hand) == [mb_index(c) for c in state.hands[0]]
    assert cards_of(hand ^ (1 << 20) - 1) == [mb_index(c) for c in state.hands[1]]
    assert dealer == state.dealer and rng.random() == again.random()


@pytest.mark.parametrize("keys", [[0.5], [0.25, 0.5], [0.5, 0.25, 0.5, 0.75, 0.5],
                                  [0.9, 0.1, 0.1, 0.3, 0.1, 0.2, 0.1]])
def test_tied_keys_deal_as_the_shuffle_sorts_them(keys: list[float]) -> None:
    """Cards of equal keys keep their order in the shuffle; so they do in the deal."""
    order = shuffled(range(20), Keys(1, keys))
    hand, _ = deal(Keys(1, keys))
    assert cards_of(hand) == sorted(order[:10])


def ordinary_game(options: dict[str, Any], seed: int) -> tuple[object, ...]:
    """A fresh game on the ordinary path, as the lab's row: its figures, its returns and
    the first seat, and where each generator is left."""
    rng = random.Random(seed)
    state = MATEBETA.new(options, rng=rng)
    first = state.to_act()[0]
    bots = [RandomBot(seed + seat) for seat in (0, 1)]
    outcome = play_out(state, {s: Ordinary(b) for s, b in enumerate(bots)}, rng)
    return ((metrics(state), outcome.returns, first), rng.random(),
            *(b.rng.random() for b in bots))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(VARIANTS))
def test_the_lab_plays_the_ordinary_game(seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    bots = [RandomBot(seed + seat) for seat in (0, 1)]
    play = fast_games(MATEBETA.parse_options(options), dict(enumerate(bots)))
    assert play is not None
    assert (play(rng), rng.random(), *(b.rng.random() for b in bots)) == \
        ordinary_game(options, seed)


def test_the_lab_plays_only_random_players() -> None:
    options = MATEBETA.parse_options({})
    assert fast_games(options, {0: RandomBot(1), 1: make_bot("beginner", 2)}) is None
    assert fast_games(options, {0: RandomBot(1), 1: Ordinary(RandomBot(2))}) is None
    assert fast_games(options, {0: RandomBot(1), 1: RandomBot(2)}) is not None

"""Duel 52's expert (``shrewd``): it sees only its observation, a face-down card is worth
what it is, a look is valued by what it would change, and out of time it still plays a
legal move."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.bots.test_duel52_strong import position

from cardtable.bots.ismcts import Budget
from cardtable.games.duel52 import selfplay
from cardtable.games.duel52.bots import make_bot
from cardtable.games.duel52.expert import ExpertBot, deal_values, grouped_gain, look_gains
from cardtable.games.duel52.playouts import worth
from cardtable.games.duel52.rules import DUEL52, build_state


def expert(seed: int, iterations: int = 6) -> ExpertBot:
    bot = make_bot("shrewd", seed)
    assert isinstance(bot, ExpertBot)
    return bot.with_budget(Budget(iterations=iterations))


@pytest.mark.parametrize("length", ["quick", "standard", "long"])
def test_the_move_for_a_seed_depends_only_on_the_observation(length: str) -> None:
    """Two true states that give the same observation give the same move."""
    checked = 0
    for seed in range(30):
        state = position(seed, length)
        if state is None:
            continue
        seat = state.to_act()[0]
        if len(state.legal_moves(seat)) < 2:
            continue
        observation = state.observation(seat)
        other = DUEL52.sample(observation, random.Random(seed + 100))
        assert other.observation(seat) == observation
        assert expert(seed).act(observation) == expert(seed).act(other.observation(seat))
        assert expert(seed).act(observation) in state.legal_moves(seat)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["quick", "standard", "long"]))
def test_a_positions_worth_is_shared_fairly_between_the_seats(seed: int, length: str) -> None:
    state = position(seed, length)
    assert state is not None
    table = state.table()
    assert worth(table, 0) + worth(table, 1) == pytest.approx(1.0)


def test_a_face_down_card_is_worth_what_it_is() -> None:
    """A face-down 3 (a Trap) is worth more than a face-down 2, for its owner and against
    its owner, and an Ace in hand more than a 2: the worth reads the cards."""
    def table(down: str, hand: str) -> selfplay.Table:
        return build_state([(["^5H", down], ["^9C", "^10D"]), ([], []), ([], [])],
                           ([hand], ["4D"]), ["KS", "QS", "JS"]).table()
    assert worth(table("3D", "2S"), 0) > worth(table("2C", "2S"), 0)
    assert worth(table("3D", "2S"), 1) < worth(table("2C", "2S"), 1)
    assert worth(table("2C", "AS"), 0) > worth(table("2C", "2S"), 0)


def test_foresight_looks_at_a_card_rather_than_none() -> None:
    state = build_state([(["^5H", "4C"], ["^9C", "7D"]), (["*8H"], ["*JD"]), ([], [])],
                        (["2C"], ["3D"]), ["KS", "QS", "JS"])
    state.play(0, state.parse_move(0, "flip L1.0.2"))
    observation = state.observation(0)
    assert observation.choice is not None and observation.choice.kind == "look"
    move = expert(0, iterations=30).act(observation)
    assert move.text != "look none"
    assert move in state.legal_moves(0)


def test_a_look_gains_when_what_it_shows_changes_the_best_move() -> None:
    """Deals where the card is one rank favour one move, the others the other: knowing
    the card gains; a card whose rank changes nothing gains about nothing."""
    rng = random.Random(0)
    values = [[1.0, 0.0] if i % 2 else [0.0, 1.0] for i in range(40)]
    telling = [3 if i % 2 else 5 for i in range(40)]
    silent = [rng.choice([3, 5]) for _ in range(40)]
    assert grouped_gain(values, telling) == pytest.approx(0.5)
    gains = look_gains(values, [telling, silent], rng)
    assert gains[0] > 0.3 > abs(gains[1])


def test_out_of_time_it_still_plays_a_legal_move() -> None:
    state = position(11, "standard")
    assert state is not None
    seat = state.to_act()[0]
    bot = expert(0).with_budget(Budget(deadline=time.time() - 1.0))
    assert bot.act(state.observation(seat)) in state.legal_moves(seat)
    assert bot.last.iterations == 0


def test_playouts_value_every_move_and_leave_the_deal_alone() -> None:
    state = position(5, "standard")
    assert state is not None
    seat = state.to_act()[0]
    observation = state.observation(seat)
    deal = DUEL52.sample(observation, random.Random(5))
    values = deal_values(deal, observation.legal_moves(), seat, 7)
    assert all(0.0 <= v <= 1.0 for v, _ in values)
    assert deal.observation(seat) == observation

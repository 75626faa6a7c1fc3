"""The engine contract's shared parts: JSON, options, records, play_out."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.cards import parse_card
from cardtable.engine import Event, Record, jsonable, play_out
from cardtable.games.duel import DUEL
from cardtable.games.duel.bots import SimpleDuelBot
from cardtable.games.registry import find_game, game_ids, replay


def test_jsonable_turns_cards_tuples_and_dataclasses_into_json() -> None:
    obs = DUEL.new(seed=1).observation(0)
    data = obs.to_json()
    json.dumps(data)
    assert data["seat"] == 0 and all(isinstance(c, str) for c in data["hand"])
    assert data["legal"] == [m.text for m in obs.legal_moves()]
    assert jsonable((parse_card("10H"), None, {"a": 1})) == ["10H", None, {"a": 1}]
    with pytest.raises(TypeError):
        jsonable(object())


def test_events_are_plain_public_facts() -> None:
    event = Event("play", 0, {"card": "AD"})
    assert event.to_json() == {"kind": "play", "seat": 0, "card": "AD"}


def test_record_round_trip_and_replay() -> None:
    state = DUEL.new(seed=4)
    play_out(state, {0: SimpleDuelBot(1), 1: SimpleDuelBot(2)}, random.Random(0))
    text = state.record().dumps()
    again = replay(Record.loads(text))
    assert again.history == state.history
    assert again.outcome() == state.outcome()


def test_clone_is_independent() -> None:
    state = DUEL.new(seed=4)
    copy = state.clone()
    copy.play(copy.to_act()[0], copy.legal_moves(copy.to_act()[0])[0])
    assert state.history == [] and len(copy.history) == 1
    assert state.observation(None) != copy.observation(None)


def test_same_seed_same_game_on_every_machine() -> None:
    """Same inputs, same game: a seed fixes the deal (pinned here against drift)."""
    deal = DUEL.new(seed=42).deal
    assert deal == DUEL.new(seed=42).deal
    assert deal["hands"][0][:6] == DUEL.random_deal(DUEL.parse_options({}),
                                                    random.Random(42))["hands"][0][:6]


def test_registry() -> None:
    assert "duel" in game_ids()
    assert find_game("duel") is DUEL
    with pytest.raises(KeyError, match="unknown game"):
        find_game("chess")


def test_play_out_lets_a_random_seat_act_in_blitz() -> None:
    state = DUEL.new({"blitz": True}, seed=3)
    outcome = play_out(state, {0: SimpleDuelBot(1), 1: SimpleDuelBot(2)}, random.Random(1))
    assert outcome.reason in ("out-of-cards", "fewer-cards", "draw")
    assert {seat for seat, _ in state.history} == {0, 1}


def test_a_bot_plans_only_if_it_says_so_and_a_game_signals_only_if_it_says_so() -> None:
    """The contract's defaults: a bot without a plan picks move by move (``plan`` says
    ``None``), and a game says whether its options allow signals (the base: no)."""
    from cardtable.bots.random_bot import RandomBot

    state = DUEL.new(seed=4)
    seat = state.to_act()[0]
    assert RandomBot(1).plan(state.observation(seat)) is None
    assert SimpleDuelBot(1).plan(state.observation(seat))
    assert not state.has_signals() and DUEL.new({"team": True}, seed=4).has_signals()
    assert not find_game("matebeta").new(seed=4).has_signals()
    outcome = play_out(state, {0: RandomBot(1), 1: SimpleDuelBot(2)}, random.Random(1))
    assert outcome is not None and state.is_over()

"""Paternoster's rule parameters: bounds refused by name, the standard numbers play the
standard game, Steep and Bigger/Smaller hand are presets, every number is a rule."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import OptionError, play_out
from cardtable.games.paternoster.bots import make_bot
from cardtable.games.paternoster.rules import PATERNOSTER, PaternosterState
from cardtable.games.paternoster.variants import PARAMS, from_variants, parse_options

STANDARD = {p.name: p.default for p in PARAMS}


def played(options: dict[str, Any], seed: int) -> PaternosterState:
    state = PATERNOSTER.new(options, seed=seed)
    seats = PATERNOSTER.seats(state.opts)
    play_out(state, {s: make_bot("simple", seed + s) for s in range(seats)},
             random.Random(seed))
    return state


@pytest.mark.parametrize("param", PARAMS, ids=lambda p: p.name)
def test_every_parameter_refuses_its_bounds_by_name(param: Any) -> None:
    for bad in (param.low - 1, param.high + 1):
        with pytest.raises(OptionError, match=f"'{param.name}'.*{param.low} to {param.high}"):
            parse_options({param.name: bad})


def test_parameters_at_their_defaults_play_the_standard_game() -> None:
    assert parse_options(STANDARD) == parse_options({}) and parse_options(STANDARD).to_json() == {}
    for seed in range(6):
        assert played(STANDARD, seed).history == played({}, seed).history


@pytest.mark.parametrize(("preset", "numbers"), [
    ({"steep": True}, {"cards_per_turn": 3}),
    ({"bigger_hand": True}, {"hand_change": 1}),
    ({"smaller_hand": True}, {"hand_change": -1}),
])
def test_number_variants_are_presets(preset: dict[str, Any], numbers: dict[str, Any]) -> None:
    for seed in range(5):
        assert played(preset, seed).history == played(numbers, seed).history


def test_decks_piles_and_hands_are_the_rules() -> None:
    state = PATERNOSTER.new({"decks": 3, "piles": 3, "hand_change": 2, "players": 3}, seed=2)
    assert state.opts.deck_size == 156 and state.opts.piles_per_direction == 3
    assert [len(h) for h in state.hands] == [8, 8, 8]
    state = PATERNOSTER.new({"cards_per_turn": 4}, seed=2)
    assert state.required == 4


@pytest.mark.parametrize(("raw", "message"), [
    ({"steep": True, "cards_per_turn": 4}, "'steep' sets 'cards_per_turn' itself"),
    ({"short_trip": True, "decks": 3}, "Short trip sets its own decks and piles"),
    ({"players": 3, "hand_change": -3, "cards_per_turn": 4},
     r"'cards_per_turn' \(4\) may not be more than the hand \(3 cards\)"),
    ({"players": 2, "hand_change": -3, "smaller_hand": True, "first_ride": True},
     "'smaller_hand' sets 'hand_change'"),
])
def test_impossible_combinations_are_refused(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options(raw)


def test_variant_names_take_parameters() -> None:
    assert from_variants(["piles=3", "tokens=2"]).piles_per_direction == 3
    with pytest.raises(OptionError, match="no rule parameter 'floors'"):
        from_variants(["floors=3"])

"""Duel 52's rule parameters: bounds refused by name, the standard numbers play the
standard game, the lengths are presets of ``set_aside``, every number is a rule."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import OptionError, play_out
from cardtable.games.duel52.bots import make_bot
from cardtable.games.duel52.rules import DUEL52, Duel52State
from cardtable.games.duel52.variants import PARAMS, from_variants, parse_options

STANDARD = {p.name: p.default for p in PARAMS}


def played(options: dict[str, Any], seed: int, fast: bool = True) -> Duel52State:
    state = DUEL52.new(options, seed=seed)
    bots = {s: make_bot("heuristic", seed + s) for s in (0, 1)}
    play_out(state, bots if fast else {s: _Plain(b) for s, b in bots.items()},
             random.Random(seed))
    return state


class _Plain:
    """A bot without the simulation path (moves through observations only)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def act(self, observation: Any) -> Any:
        return self.bot.act(observation)


@pytest.mark.parametrize("param", PARAMS, ids=lambda p: p.name)
def test_every_parameter_refuses_its_bounds_by_name(param: Any) -> None:
    for bad in (param.low - 1, param.high + 1):
        with pytest.raises(OptionError, match=f"'{param.name}'.*{param.low} to {param.high}"):
            parse_options({param.name: bad})


def test_parameters_at_their_defaults_play_the_standard_game() -> None:
    assert parse_options(STANDARD) == parse_options({}) and parse_options(STANDARD).to_json() == {}
    for seed in range(10):
        assert played(STANDARD, seed).history == played({}, seed).history


@pytest.mark.parametrize(("length", "aside"), [("quick", 16), ("long", 0)])
def test_the_lengths_are_presets_of_set_aside(length: str, aside: int) -> None:
    for seed in range(8):
        assert (played({"length": length}, seed).history
                == played({"set_aside": aside}, seed).history)


@pytest.mark.parametrize("options", [{"set_aside": 3}, {"hand": 7, "actions": 4},
                                     {"actions": 2, "first_actions": 1}, {"hand": 2}])
def test_the_simulation_path_follows_the_parameters(options: dict[str, Any]) -> None:
    for seed in range(4):
        fast, plain = played(options, seed), played(options, seed, fast=False)
        assert fast.history == plain.history and fast.outcome() == plain.outcome()


def test_hand_and_actions_are_the_rules() -> None:
    state = DUEL52.new({"hand": 7, "actions": 4, "first_actions": 3, "set_aside": 20}, seed=1)
    assert sorted(len(h) for h in state.hands) == [7, 8]  # the starter drew its first card
    assert state.actions == 3 and len(state.aside) == 20


@pytest.mark.parametrize(("raw", "message"), [
    ({"first_actions": 4}, "'first_actions' .4. may not be more than 'actions'"),
    ({"hand": 12, "set_aside": 30}, "need 60 cards: the deck has 52"),
    ({"length": "quick", "set_aside": 12}, "'length' .quick. sets 'set_aside'"),
])
def test_impossible_combinations_are_refused(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options(raw)


def test_variant_names_take_parameters() -> None:
    assert from_variants(["set-aside=12", "actions=4"]).aside == 12
    with pytest.raises(OptionError, match="no rule parameter 'lanes'"):
        from_variants(["lanes=4"])

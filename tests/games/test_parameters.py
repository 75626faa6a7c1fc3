"""Every game's rule parameters, by one set of tests: each bound refused naming the
parameter and its range, a non-number refused, every parameter at its default the
standard game (the same games for the same seeds), the presets the text's variants,
and ``--variant NAME=N`` read and checked. What each number does is tested with its
game (``tests/games/<game>/test_parameters.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pytest

from cardtable.engine import OptionError, Options, State, play_out
from cardtable.games.duel import variants as duel
from cardtable.games.duel52 import variants as duel52
from cardtable.games.matebeta import variants as matebeta
from cardtable.games.paternoster import variants as paternoster
from cardtable.games.registry import find_game
from cardtable.rule_params import Param
from cardtable.sim.setup import make_bot


@dataclass(frozen=True)
class Case:
    game: str
    params: tuple[Param, ...]
    parse: Callable[[Any], Options]
    from_variants: Callable[[Iterable[str]], Options]
    bot: str
    seeds: int
    presets: tuple[tuple[dict[str, Any], dict[str, Any]], ...] = ()
    """(a named variant's options, the parameters it is a preset of)."""

    def played(self, options: dict[str, Any], seed: int) -> State:
        game = find_game(self.game)
        state = game.new(options, seed=seed)
        seats = game.seats(game.parse_options(options))
        play_out(state, {s: make_bot(self.game, self.bot, seed + s) for s in range(seats)},
                 random.Random(seed))
        return state


CASES = [
    Case("duel", duel.PARAMS, duel.parse_options, duel.from_variants, "simple", 30, (
        ({"long_race": True}, {"hand": 7}),
        ({"hard_push": True}, {"push_reach": 12}),
        ({"friendly": True}, {"pushes_per_turn": 0}),
        ({"one_card_first_turn": False}, {"first_turn_cards": 2}))),
    Case("duel52", duel52.PARAMS, duel52.parse_options, duel52.from_variants, "heuristic", 10, (
        ({"length": "quick"}, {"set_aside": 16}),
        ({"length": "long"}, {"set_aside": 0}))),
    Case("paternoster", paternoster.PARAMS, paternoster.parse_options,
         paternoster.from_variants, "simple", 6, (
             ({"steep": True}, {"cards_per_turn": 3}),
             ({"bigger_hand": True}, {"hand_change": 1}),
             ({"smaller_hand": True}, {"hand_change": -1}))),
    Case("matebeta", matebeta.PARAMS, matebeta.parse_options, matebeta.from_variants,
         "club", 6),
]
BY_PARAM = [(case, p) for case in CASES for p in case.params]
PRESETS = [(case, preset, numbers) for case in CASES for preset, numbers in case.presets]


def _id(value: object) -> str:
    if isinstance(value, Case):
        return value.game
    if isinstance(value, Param):
        return value.name
    return str(value)


@pytest.mark.parametrize(("case", "param"), BY_PARAM, ids=_id)
def test_every_parameter_refuses_its_bounds_by_name(case: Case, param: Param) -> None:
    for bad in (param.low - 1, param.high + 1):
        with pytest.raises(OptionError, match=f"'{param.name}'.*{param.low} to {param.high}"):
            case.parse({param.name: bad})
    for bad in ("many", True, 2.5):
        with pytest.raises(OptionError, match=f"'{param.name}' must be a whole number"):
            case.parse({param.name: bad})
    with pytest.raises(OptionError, match=f"'{param.name}' needs a whole number"):
        case.from_variants([f"{param.name}=big"])


@pytest.mark.parametrize(("case", "param"), BY_PARAM, ids=_id)
def test_every_parameter_is_a_variant_name_and_documented(case: Case, param: Param) -> None:
    value = param.high if param.default != param.high else param.low
    try:
        options = case.from_variants([f"{param.name.replace('_', '-')}={value}"])
    except OptionError as exc:  # a value that needs another parameter changed too
        assert "may not be more" in str(exc) or "the deck has" in str(exc), exc
        return
    assert getattr(options, param.name) == value
    assert options.to_json() == {param.name: value}
    assert param.doc and param.low <= param.default <= param.high


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_parameters_at_their_defaults_play_the_standard_game(case: Case) -> None:
    standard = {p.name: p.default for p in case.params}
    assert case.parse(standard) == case.parse({})
    assert case.parse(standard).to_json() == {}
    for seed in range(case.seeds):
        assert case.played(standard, seed).history == case.played({}, seed).history


@pytest.mark.parametrize(("case", "preset", "numbers"), PRESETS, ids=_id)
def test_named_variants_are_presets_of_the_numbers(case: Case, preset: dict[str, Any],
                                                   numbers: dict[str, Any]) -> None:
    for seed in range(min(case.seeds, 8)):
        assert case.played(preset, seed).history == case.played(numbers, seed).history


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_an_unknown_parameter_is_refused_naming_the_known_ones(case: Case) -> None:
    with pytest.raises(OptionError, match=f"no rule parameter 'floors' .known: "
                                          f"{case.params[0].name}"):
        case.from_variants(["floors=3"])

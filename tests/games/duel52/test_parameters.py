"""What each of Duel 52's rule parameters does, on both paths (the bounds, the
defaults and the presets of every game: ``tests/games/test_parameters.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import Bot, OptionError, play_out
from cardtable.games.duel52.bots import make_bot
from cardtable.games.duel52.rules import DUEL52, Duel52State
from cardtable.games.duel52.variants import from_variants, parse_options


def played(options: dict[str, Any], seed: int, fast: bool = True) -> Duel52State:
    state = DUEL52.new(options, seed=seed)
    bots = {s: make_bot("heuristic", seed + s) for s in (0, 1)}
    play_out(state, bots if fast else {s: _Plain(b) for s, b in bots.items()},
             random.Random(seed))
    return state


class _Plain(Bot):
    """A bot without the simulation path (moves through observations only)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def act(self, observation: Any) -> Any:
        return self.bot.act(observation)


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


def test_hit_points_is_the_damage_that_kills_and_a_jack_has_one_more() -> None:
    from cardtable.games.duel52.table import hit_points

    state = DUEL52.new({"hit_points": 3}, seed=1)
    base = state.sides[0][0][0]
    assert hit_points(base, state.opts.hit_points, state.opts.bans) == 3
    jack = DUEL52.new({"hit_points": 1}, seed=1).sides[0][0][0]
    jack.card, jack.up = 40, True  # the Jack of clubs, face up
    assert hit_points(jack, 1, (0, 0)) == 2


@pytest.mark.parametrize("hp", [1, 3])
def test_the_simulation_path_follows_the_hit_points(hp: int) -> None:
    for seed in range(3):
        fast, plain = played({"hit_points": hp}, seed), played({"hit_points": hp}, seed,
                                                                fast=False)
        assert fast.history == plain.history and fast.outcome() == plain.outcome()

"""What each of Paternoster's rule parameters does (the bounds, the defaults and the
presets of every game: ``tests/games/test_parameters.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import OptionError
from cardtable.games.paternoster.rules import PATERNOSTER
from cardtable.games.paternoster.variants import from_variants, parse_options


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

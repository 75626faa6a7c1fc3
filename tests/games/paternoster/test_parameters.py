"""What each of Paternoster's rule parameters does (the bounds, the defaults and the
presets of every game: ``tests/games/test_parameters.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import IllegalMove, OptionError
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


def test_step_back_reach_lets_a_step_back_go_further(pos: Any) -> None:
    """A house rule of step_back_reach 2: on an up pile showing 10♥ both 9♥ and 8♥ are
    step backs, 7♥ and 6♥ only a token's long step back, 5♥ nothing; still one step
    back a turn (any kind), and the refusal names the reach."""
    state = pos({"step_back_reach": 2, "tokens": 1},
                [["9H", "8H", "7H", "6H", "5H", "2C", "3C"], ["KC"]], piles={"up1": ["10H"]})
    legal = {m.text for m in state.legal_moves(0) if m.kind == "play" and
             m.text.endswith("up1")}
    assert legal == {f"play {c} up1" for c in ("9H", "8H", "7H", "6H")}
    state.play(0, "play 8H up1")
    assert state.step_back_used
    after = {m.text for m in state.legal_moves(0)}
    assert not after & {"play 7H up1", "play 6H up1", "play 5H up1"}
    plain = pos({"step_back_reach": 2}, [["7H", "5H", "2C"], ["KC"]], piles={"up1": ["10H"]})
    assert "play 7H up1" not in {m.text for m in plain.legal_moves(0)}
    with pytest.raises(IllegalMove, match="up to 2 ranks the wrong way"):
        plain.play(0, "play 5H up1")


def test_step_back_reach_one_is_the_text(pos: Any) -> None:
    state = pos({"step_back_reach": 1}, [["9H", "8H", "2C"], ["KC"]], piles={"up1": ["10H"]})
    legal = {m.text for m in state.legal_moves(0)}
    assert "play 9H up1" in legal and "play 8H up1" not in legal


def test_first_ride_refuses_a_step_back_reach() -> None:
    with pytest.raises(OptionError, match="in First ride every card of the same suit fits"):
        parse_options({"first_ride": True, "step_back_reach": 2})

"""What each of Paternoster's rule parameters does (the bounds, the defaults and the
presets of every game: ``tests/games/test_parameters.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import IllegalMove, OptionError
from cardtable.games.paternoster.rules import PATERNOSTER
from cardtable.games.paternoster.variants import from_variants, parse_options


def test_decks_piles_and_hands_are_the_rules() -> None:
    state = PATERNOSTER.new({"decks": 3, "up_piles": 3, "down_piles": 1, "hand_change": 2,
                             "players": 3}, seed=2)
    assert state.opts.deck_size == 156 and state.pile_ids == (0, 1, 2, 3)
    assert [len(h) for h in state.hands] == [8, 8, 8]
    state = PATERNOSTER.new({"cards_per_turn": 4}, seed=2)
    assert state.required == 4


@pytest.mark.parametrize(("raw", "message"), [
    ({"steep": True, "cards_per_turn": 4}, "'steep' sets 'cards_per_turn' itself"),
    ({"short_trip": True, "decks": 3}, "Short trip sets its own decks and piles"),
    ({"tower": True, "players": 6, "down_piles": 1}, "Tower sets its own decks and piles"),
    ({"players": 3, "hand_change": -3, "cards_per_turn": 4},
     r"'cards_per_turn' \(4\) may not be more than the hand \(3 cards\)"),
    ({"players": 2, "hand_change": -3, "smaller_hand": True, "first_ride": True},
     "'smaller_hand' sets 'hand_change'"),
    ({"passengers": 3, "decks": 1}, r"two decks \(one deck has no twins\).*with one deck$"),
    ({"passengers": 4, "decks": 3}, r"two decks \(three decks give two twins each\)"),
])
def test_impossible_combinations_are_refused(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options(raw)


def test_variant_names_take_parameters() -> None:
    assert from_variants(["up_piles=3", "tokens=2"]).pile_counts == (3, 2)
    assert from_variants(["down_piles=0"]).pile_counts == (2, 0)


def test_old_records_give_the_piles_as_one_number_each_way() -> None:
    """The first house-rule tables stored ``piles``: it still loads, as both numbers."""
    assert parse_options({"piles": 3}).pile_counts == (3, 3)
    assert from_variants(["piles=1"]).pile_counts == (1, 1)
    state = PATERNOSTER.new({"piles": 1}, seed=4)
    assert state.pile_ids == (0, 3) and state.options.to_json() == {"up_piles": 1,
                                                                   "down_piles": 1}
    with pytest.raises(OptionError, match="not both ways"):
        parse_options({"piles": 3, "up_piles": 1})
    with pytest.raises(OptionError, match="'piles' must be"):
        parse_options({"piles": 0})


def test_piles_up_and_down_are_two_numbers(pos: Any) -> None:
    """Three up piles and no down pile: every card goes up, and the game still plays to
    its end by the same rules."""
    state = PATERNOSTER.new({"up_piles": 3, "down_piles": 0}, seed=5)
    assert state.pile_ids == (0, 1, 2)
    assert all(m.text.split()[-1].startswith("up") for m in state.legal_moves(state.turn_seat)
               if m.kind == "play")
    with pytest.raises(OptionError, match="at least one pile"):
        parse_options({"up_piles": 0, "down_piles": 0})


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

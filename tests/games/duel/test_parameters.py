"""What each of the duel's rule parameters does (the bounds, the defaults and the
presets of every game: ``tests/games/test_parameters.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.cards import parse_card, parse_cards
from cardtable.engine import IllegalMove, OptionError
from cardtable.games.duel import DUEL
from cardtable.games.duel.bots import make_bot
from cardtable.games.duel.rules import DuelState
from cardtable.games.duel.variants import from_variants, parse_options


@pytest.mark.parametrize(("raw", "message"), [
    ({"first_turn_cards": 3}, "'first_turn_cards' .3. may not be more than 'cards_per_turn'"),
    ({"hand": 2, "cards_per_turn": 3}, "'cards_per_turn' .3. may not be more than the hand"),
    ({"long_race": True, "hand": 8}, "'long_race' sets 'hand' itself"),
    ({"hard_push": True, "push_reach": 3}, "'hard_push' sets 'push_reach'"),
])
def test_impossible_combinations_are_refused(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options(raw)


def test_variant_names_take_parameters() -> None:
    options = from_variants(["hand=5", "push-reach=3"])
    assert options.hand == 5 and options.push_reach == 3
    with pytest.raises(OptionError, match="'long_race' sets 'hand' itself"):
        from_variants(["hand=5", "long"])


def test_hand_parameter_deals_and_refills_that_many() -> None:
    state = DUEL.new({"hand": 9}, seed=3)
    assert [len(h) for h in state.hands] == [9, 9]


def test_cards_per_turn_is_owed_after_the_first_turn() -> None:
    state = DUEL.new({"cards_per_turn": 3, "first_turn_cards": 2}, seed=4)
    assert state.required == 2
    seat = state.turn_seat
    assert seat is not None
    while state.turn_seat == seat and state.outcome() is None:
        state.play(seat, make_bot("simple", 0).act(state.observation(seat)))
    if state.outcome() is None:
        assert state.required == 3


def position(options: dict[str, Any], hand: str, own: tuple[str, str],
             other: tuple[str, str]) -> DuelState:
    """Red to act on a chosen position: its hand and the tops of all four piles."""
    state = DUEL.new(options, seed=0)
    state.hands[0] = parse_cards(hand.split())
    state.piles = [[[parse_card(own[0])], [parse_card(own[1])]],
                   [[parse_card(other[0])], [parse_card(other[1])]]]
    state.turn_seat, state.required, state.played = 0, 2, 2
    state.pushed, state.step_back_used = [0, 0], [0, 0]
    state._facts_cache = None
    return state


def refusal(state: DuelState, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        state.play(0, text)
    return caught.value.reason


@pytest.mark.parametrize("reach", [0, 1, 2, 3, 4])
def test_push_reach_is_the_distance_a_push_may_go(reach: int) -> None:
    # black's up pile shows 2S: a push of rank 2 + k goes k ranks past it
    cards = ["3H", "4H", "5H", "6H", "7H"]
    state = position({"push_reach": reach}, " ".join(cards), ("AD", "KD"), ("2S", "KS"))
    legal = {m.text for m in state.legal_moves(0)}
    for k, card in enumerate(cards, start=1):
        assert (f"push {card} up" in legal) == (k <= reach), (card, reach)
    if reach < 5:
        assert "at most" in refusal(state, "push 7H up")


def test_pushes_per_turn_is_the_number_of_pushes() -> None:
    state = position({"pushes_per_turn": 2}, "8H 9H 10H", ("AD", "KD"), ("7S", "KS"))
    state.play(0, "push 8H up")
    state.play(0, "push 9H up")
    assert refusal(state, "push 10H up") == "you may push only twice per turn"
    state = position({"pushes_per_turn": 0}, "8H", ("AD", "KD"), ("7S", "KS"))
    assert "pushes_per_turn is 0" in refusal(state, "push 8H up")


def test_step_backs_per_turn_is_the_number_of_step_backs() -> None:
    # red's up pile shows 5D: 4D is its step back, then 3D the step back of 4D
    state = position({"step_backs_per_turn": 2}, "4D 3D 2D", ("5D", "KD"), ("AS", "KS"))
    state.play(0, "play 4D up")
    state.play(0, "play 3D up")
    assert "only 2 are allowed" in refusal(state, "play 2D up")
    state = position({"step_backs_per_turn": 0}, "4D", ("5D", "KD"), ("AS", "KS"))
    assert "step_backs_per_turn is 0" in refusal(state, "play 4D up")


def test_the_no_step_back_handicap_takes_that_seats_step_backs_only() -> None:
    state = position({"handicap_no_step_back": [0]}, "4D", ("5D", "KD"), ("AS", "KS"))
    assert "no step backs for you" in refusal(state, "play 4D up")
    state = position({"handicap_no_step_back": [1]}, "4D", ("5D", "KD"), ("AS", "KS"))
    state.play(0, "play 4D up")
    assert from_variants(["handicap-no-step-back:1"]).back_limits == (1, 0)

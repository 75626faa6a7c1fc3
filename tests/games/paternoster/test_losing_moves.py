"""The moves that lose (or end) the game at once, as the observation names them for the
page to ask again (``losing_moves``): one test per rule sentence that can lose at once,
and a property: each move named loses when played, each move not named does not."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import parse_card
from cardtable.games.paternoster.rules import PATERNOSTER

C = parse_card
FIRE_PILES = {"up1": ["2D"], "up2": ["2D"], "down1": ["KD"], "down2": ["KD"]}
CMD_PILES = {"up1": ["2D"], "up2": ["2D"], "down1": ["KS"], "down2": ["KS"]}


def losing(state, seat: int = 0) -> dict[str, str]:
    return dict(state.observation(seat).losing_moves())


def test_losing_commands_red_king_cover_end_with_it_uncovered(pos) -> None:
    """Red K Cover: "you must cover it before your turn ends, or the team loses": with
    no card that covers it, ending the turn (however many cards are down) loses."""
    state = pos({"commands": True}, [["KD", "4C", "5C", "6C", "7C", "8C", "9C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 10)
    state.play(0, "play KD down1")
    state.play(0, "play 4C up1")
    assert "end" in {m.text for m in state.legal_moves(0)}
    assert losing(state)["end"] == "command"
    assert not any(why == "command" for move, why in losing(state).items() if move != "end")
    state.play(0, "end")
    assert state.outcome().lost == "command"


def test_losing_commands_cover_covered_then_end_is_safe(pos) -> None:
    state = pos({"commands": True}, [["KD", "QD", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 10)
    state.play(0, "play KD down1")
    state.play(0, "play QD down1")
    assert "end" not in losing(state)


def test_losing_commands_stop_ends_the_turn_with_a_cover_open(pos) -> None:
    """Red J Stop: "your turn ends at once after it": played while a red King lies
    uncovered on another pile, it loses."""
    state = pos({"commands": True}, [["KD", "JD", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 10)
    state.play(0, "play KD down1")
    found = losing(state)
    assert found["play JD up1"] == "command" and found["play JD up2"] == "command"
    assert "play JD down1" not in found  # it covers the King, then the turn ends
    state.play(0, "play JD up1")
    assert state.outcome().lost == "command"


def test_losing_fire_next_player_must_cover_or_end_loses(pos) -> None:
    """Fire: "if a burning card is still on top when that turn ends, the team has lost
    at once": the next player's End turn with it uncovered loses; the player who laid it
    may end the turn (the duty is the next player's)."""
    state = pos({"fire": True}, [["6H", "7C", "2C", "3C", "4C", "5C", "8C"],
                                 ["8D", "9D", "10D", "JD", "QD", "KC", "KC"]],
                piles=FIRE_PILES, draw=["AD"] * 10)
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up2")
    assert "end" not in losing(state, 0)
    state.play(0, "end")
    state.play(1, "play 8D up2")
    state.play(1, "play 9D up2")
    assert losing(state, 1)["end"] == "fire"
    assert "play 10D up1" not in losing(state, 1)
    state.play(1, "end")
    assert state.outcome().lost == "fire"


def test_losing_fire_only_the_very_last_card_may_stay_burning(pos) -> None:
    """"Only the very last card of the game may stay burning": the last card played
    with a burning card on another pile loses; the last card burning itself does not."""
    state = pos({"fire": True}, [["6H", "7C"], []], piles=FIRE_PILES, draw=[])
    state.play(0, "play 6H up1")
    assert losing(state)["play 7C up2"] == "fire"
    assert "play 7C up1" not in losing(state)
    state = pos({"fire": True}, [["2C", "6H"], []], piles=FIRE_PILES, draw=[])
    state.play(0, "play 2C up2")
    state.play(0, "end")
    assert "play 6H up1" not in losing(state)


def test_losing_passengers_twin_too_early(pos) -> None:
    """Passengers: "their twins must reach the piles in exactly this order ... Playing
    a twin too early ... loses the game": every play of a later passenger's twin."""
    state = pos({"passengers": 3}, [["5C", "9D", "KC", "2C", "3C", "4C", "6C"], ["KC"]])
    state.passengers = (C("5C"), C("9D"), C("KC"))
    found = losing(state)
    assert {m for m, why in found.items() if why == "passenger"} == {
        f"play {c} {p}" for c in ("9D", "KC") for p in ("up1", "up2", "down1", "down2")}
    state.play(0, "play 5C down1")
    found = losing(state)
    assert "play 9D up1" not in found and found["play KC up1"] == "passenger"
    state.play(0, "play KC up1")
    assert state.outcome().lost == "passenger"
    assert state.outcome().to_json()["too_early"] == "KC"


def test_losing_too_few_cards_game_ends_stuck(pos) -> None:
    """End of the game: "the player whose turn it is cannot play the required number of
    cards ... Then the game ends at once": a first card after which no second fits."""
    state = pos({}, [["5C", "7C"], ["2D"]],
                piles={"up1": ["4C"], "up2": ["KC"], "down1": ["AD"], "down2": ["AD"]},
                draw=["AD"] * 10)
    assert [m.text for m in state.legal_moves(0)] == ["play 5C up1", "play 7C up1"]
    assert losing(state) == {"play 7C up1": "stuck"}
    state.play(0, "play 7C up1")
    assert state.outcome().lost == "stuck"


def test_losing_nothing_at_the_start_of_a_standard_game() -> None:
    state = PATERNOSTER.new({}, seed=1)
    assert losing(state, state.turn_seat) == {}


OPTIONS = [{"fire": True}, {"commands": True}, {"passengers": 3}, {"commands_light": True},
           {"fire": True, "commands": True, "passengers": 3, "players": 3},
           {"passing_on": True, "players": 3}, {"tokens": 2, "steep": True}]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(OPTIONS), st.integers(0, 10_000))
def test_losing_moves_are_exactly_the_moves_that_end_the_game(options, seed) -> None:
    """For random positions: a move named loses (or ends the game) when played, with the
    reason named; a legal move not named leaves the game going, unless the next turn's
    seat is stuck at once (that depends on a hand this seat cannot see)."""
    rng = random.Random(seed)
    state = PATERNOSTER.new(options, seed=seed)
    while state.outcome() is None:
        seat = state.turn_seat
        found = losing(state, seat)
        for move in state.legal_moves(seat):
            trial = state.clone()
            trial.play(seat, move)
            out = trial.outcome()
            if move.text in found:
                assert out is not None, move.text
                assert out.lost == found[move.text] or (
                    found[move.text] == "stuck" and out.lost == "passenger"), move.text
            elif out is not None and out.cards_left:
                assert out.lost in ("stuck", "passenger") and trial.turn_seat != seat, move.text
        state.play(seat, rng.choice(state.legal_moves(seat)))

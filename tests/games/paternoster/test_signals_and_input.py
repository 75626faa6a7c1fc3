"""Signals (DESIGN.md Paternoster 11), bad input, the outcome format and the record."""

from __future__ import annotations

import json

import pytest

from cardtable.cards import parse_card
from cardtable.engine import DealError, IllegalMove, Record
from cardtable.games.paternoster.rules import PATERNOSTER, PaternosterOutcome
from cardtable.games.registry import find_game, replay
from cardtable.testing import assert_refused_unchanged

C = parse_card
LOW = ["2C", "3C", "4C", "5C", "6C", "7C", "8C"]


# --- signals ------------------------------------------------------------------------------


def test_decision_signals_four_kinds_per_pile(pos) -> None:
    """DESIGN.md 11: per pile "please don't play here", "I can do something good
    here", "no big jump here", "I can help this pile"; every seat sees them."""
    state = pos({}, [LOW, ["KC"] * 7])
    state.signal(1, "up1", "dont-play")
    state.signal(1, "up2", "good-here")
    state.signal(0, "down1", "no-big-jump")
    state.signal(1, "down2", "help")
    expected = ((0, 3, "no-big-jump"), (1, 0, "dont-play"), (1, 1, "good-here"),
                (1, 4, "help"))
    for seat in (0, 1, None):
        assert state.observation(seat).signals == expected
    with pytest.raises(IllegalMove, match="not a signal"):
        state.signal(0, "up1", "I hold the 9H")
    with pytest.raises(IllegalMove, match="no pile"):
        state.signal(0, "up3", "help")
    with pytest.raises(IllegalMove, match="no seat"):
        state.signal(2, "up1", "help")


def test_decision_passengers_i_can_deliver_the_next_passenger(pos) -> None:
    """Passengers: "You may say 'I can deliver the next passenger'" (on the pile it would
    go to); the signal exists only where the variant has passengers."""
    state = pos({"passengers": 3}, [LOW, ["KC"] * 7])
    assert "passenger up1" in state.signal_texts()
    state.signal(1, "up2", "passenger")
    assert state.observation(0).signals == ((1, 1, "passenger"),)
    plain = pos({}, [LOW, ["KC"] * 7])
    assert not any(t.startswith("passenger") for t in plain.signal_texts())
    with pytest.raises(IllegalMove, match="not a signal") as exc:
        plain.signal(1, "up2", "passenger")
    assert exc.value.rule == "no-such-signal"


def test_decision_signals_one_per_pile_and_seat_and_clear(pos) -> None:
    """A seat has one signal per pile: a new one replaces it; clearing takes it back."""
    state = pos({}, [LOW, ["KC"] * 7])
    state.signal(1, "up1", "dont-play")
    state.signal(1, "up1", "help")
    assert state.observation(0).signals == ((1, 0, "help"),)
    state.clear_signal(1, "up1")
    assert state.observation(0).signals == ()


def test_decision_signals_are_recorded_but_not_moves(pos) -> None:
    """"Signals are recorded with the table but are not moves of the rules engine"."""
    state = pos({}, [LOW, ["KC"] * 7])
    state.play(0, "play 2C up1")
    state.signal(1, "up1", "help")
    state.clear_signal(1, "up1")
    assert state.history == [(0, "play 2C up1")]
    assert state.signal_log == [(1, 1, "up1", "help"), (1, 1, "up1", None)]
    assert "signal" not in json.dumps(state.record().to_json())
    clone = state.clone()
    clone.signal(0, "down1", "help")
    assert len(state.signal_log) == 2


def test_decision_signals_survive_sample(pos) -> None:
    """Signals are public: a sampled state shows the same ones."""
    import random

    state = pos({}, [LOW, ["KC"] * 7])
    state.signal(1, "down2", "help")
    obs = state.observation(0)
    assert PATERNOSTER.sample(obs, random.Random(1)).observation(0) == obs


def test_decision_no_signals_after_the_end(pos) -> None:
    state = pos({}, [["2C"], []], draw=[])
    state.play(0, "play 2C up1")
    with pytest.raises(IllegalMove, match="over"):
        state.signal(0, "up1", "help")


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "text", "rule"),
    [
        (0, "hop 2C up1", "no-such-move"),
        (0, "play", "no-such-move"),
        (0, "", "no-such-move"),
        (0, "play 2X up1", "unknown-card"),
        (0, "play 14C up1", "unknown-card"),
        (0, "play 2C sideways", "no-such-pile"),
        (0, "play 2C up3", "no-such-pile"),
        (0, "play KD up1", "not-in-hand"),
        (1, "play KC up1", "not-your-turn"),
        (1, "end", "not-your-turn"),
        (2, "end", "no-such-seat"),
        (0, "give 2C x", "no-such-seat"),
        (0, "token-end", "no-tokens-variant"),
    ],
)
def test_bad_input_refused_with_reason_and_nothing_changed(pos, seat, text, rule) -> None:
    """Malformed text, unknown card, card not in hand, out of turn: a clear reason,
    nothing changed."""
    state = pos({}, [LOW, ["KC"] * 7])
    exc = assert_refused_unchanged(state, seat, text)
    assert exc.rule == rule and exc.reason


def test_bad_input_move_after_the_end(pos) -> None:
    state = pos({}, [["2C"], []], draw=[])
    state.play(0, "play 2C up1")
    assert assert_refused_unchanged(state, 0, "end").rule == "game-over"
    assert assert_refused_unchanged(state, 1, "play 2C up1").rule == "game-over"


def test_bad_input_pile_direction_reason_names_the_top(pos) -> None:
    state = pos({}, [LOW, ["KC"] * 7], piles={"up1": ["9D"]})
    exc = assert_refused_unchanged(state, 0, "play 2C up1")
    assert "9D" in exc.reason and exc.rule == "pile-direction"


def test_parse_move_accepts_symbols_and_case(pos) -> None:
    """Notation: parsers accept ♦♥♠♣, lower case and T for 10."""
    state = pos({}, [["10C", "3C", "4C", "5C", "6C", "7C", "8C"], ["KC"] * 7])
    state.play(0, "PLAY t♣ UP1")
    assert state.history == [(0, "play 10C up1")]


@pytest.mark.parametrize(
    ("deal", "why"),
    [
        ({}, "needs 'deck'"),
        ({"deck": "2C 3C"}, "needs 'deck'"),
        ({"deck": ["2C"] * 104}, "every card"),
        ({"deck": ["ZZ"] * 104}, "not a card"),
        ({"deck": None, "starter": 0}, "needs 'deck'"),
    ],
)
def test_bad_deal_refused(deal, why) -> None:
    with pytest.raises(DealError, match=why):
        PATERNOSTER.new({}, deal=deal)


def test_bad_deal_starter() -> None:
    deal = PATERNOSTER.random_deal(PATERNOSTER.parse_options({}), __import__("random").Random(1))
    with pytest.raises(DealError, match="starter"):
        PATERNOSTER.new({}, deal={**deal, "starter": 2})
    with pytest.raises(DealError, match="only 'deck' and 'starter'"):
        PATERNOSTER.new({}, deal={**deal, "hands": []})


# --- outcome and records --------------------------------------------------------------------


def test_outcome_json_format() -> None:
    """The result: ``{"cards_left": N, "perfect": bool, "lost": null|...}``; returns are
    the same for every seat, a loss by passenger, fire or command worse than any
    stuck end."""
    stuck = PaternosterOutcome(cards_left=30, perfect=False, lost="stuck", seats=3)
    assert stuck.to_json() == {"cards_left": 30, "perfect": False, "lost": "stuck"}
    assert stuck.returns == (-30.0, -30.0, -30.0)
    for how in ("passenger", "fire", "command"):
        lost = PaternosterOutcome(cards_left=1, perfect=False, lost=how, seats=2)
        assert lost.returns == (-104.0, -104.0)
    assert PaternosterOutcome(0, True, None).returns == (0.0, 0.0)


def test_registry_and_replay_of_a_record() -> None:
    """``cardtable replay`` finds the game and replays the DESIGN.md deal format."""
    assert find_game("paternoster") is PATERNOSTER
    state = PATERNOSTER.new({"players": 3, "fire": True}, seed=8)
    seat = state.turn_seat
    cards = sorted(state.hands[seat])
    state.play(seat, f"play {cards[0].text} up1")
    state.play(seat, f"play {cards[-1].text} down1")
    record = Record.loads(state.record().dumps())
    assert record.options == {"players": 3, "fire": True}
    again = replay(record)
    assert again.observation(None) == state.observation(None)

"""One test per rule sentence of Paternoster Duel (standard game) and per DESIGN.md decision."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import CARDS, parse_card
from cardtable.engine import IllegalMove
from cardtable.games.duel import DUEL, DuelState
from cardtable.games.duel.positions import arranged_game as new
from cardtable.games.duel.rules import DOWN, UP, is_step_back
from cardtable.games.duel.variants import parse_options
from cardtable.testing import assert_refused_unchanged


def legal(state: DuelState, seat: int) -> list[str]:
    return [m.text for m in state.legal_moves(seat)]


def tops(state: DuelState, team: int) -> tuple[str | None, str | None]:
    up, down = state.piles[team]
    return (up[-1].text if up else None, down[-1].text if down else None)


def refused(state: DuelState, seat: int, move: str) -> IllegalMove:
    return assert_refused_unchanged(state, seat, move)


# --- the ladder and setup ------------------------------------------------------------

def test_rule_ladder_rank_first_then_suit() -> None:
    """First the rank counts (Ace 1 … King 13); only equal ranks compare suits ♦ < ♥ < ♠ < ♣."""
    order = ["AD", "AH", "AS", "AC", "2D", "QC", "KD", "KH", "KS", "KC"]
    cards = [parse_card(t) for t in order]
    assert cards == sorted(cards)
    assert parse_card("7S") < parse_card("8D")


def test_rule_setup_red_against_black() -> None:
    """One takes the 26 red cards, the other the 26 black ones; seat 0 is red."""
    state = DUEL.new(seed=7)
    for seat, suits in ((0, {"D", "H"}), (1, {"S", "C"})):
        cards = state.hands[seat] + state.draws[seat]
        assert len(cards) == 26 and {c.text[-1] for c in cards} == suits


def test_rule_setup_hand_of_six_rest_is_draw_pile() -> None:
    """Draw 6 cards as your hand; the rest is your own draw pile."""
    state = DUEL.new(seed=3)
    assert [len(h) for h in state.hands] == [6, 6]
    assert [len(d) for d in state.draws] == [20, 20]


@pytest.mark.parametrize("variant", [{}, {"team": True}, {"long_race": True, "handicap_hand": [1]}])
def test_a_seeded_new_game_is_the_game_of_its_seeded_deal(variant: dict[str, Any]) -> None:
    """``new(seed=...)`` deals as cards directly; it must be exactly the game that
    ``from_deal(random_deal(...))`` makes from the same generator."""
    options = parse_options(variant)
    for seed in range(5):
        direct = DUEL.new(options, seed=seed)
        via_texts = DUEL.from_deal(options, DUEL.random_deal(options, random.Random(seed)))
        assert direct.record().to_json() == via_texts.record().to_json()
        assert (direct.hands, direct.draws) == (via_texts.hands, via_texts.draws)
        assert direct.to_act() == via_texts.to_act()


def test_rule_setup_piles_start_empty() -> None:
    """Both piles of each player start empty."""
    state = DUEL.new(seed=3)
    assert state.piles == [[[], []], [[], []]]


def test_rule_starter_chosen_at_random() -> None:
    """Choose at random who begins (the deal's starter)."""
    starters = {DUEL.random_deal(parse_options({}), random.Random(i))["starter"]
                for i in range(40)}
    assert starters == {0, 1}
    assert new(starter=1).to_act() == (1,)


# --- where a card may go -------------------------------------------------------------

def test_rule_up_pile_needs_higher_card() -> None:
    """Up pile: the new card must be higher than the top card."""
    state = new({0: ["5H", "4D", "6D", "5D", "9H", "KD"]})
    state.play(0, "play 5H up")
    state.play(0, "end")
    state.play(1, "play 2S up")
    state.play(1, "play 3S up")
    state.play(1, "end")
    assert "play 6D up" in legal(state, 0)
    assert "play 5D up" not in legal(state, 0)  # same rank, lower suit: lower on the ladder
    refused(state, 0, "play 5D up")
    state.play(0, "play 6D up")
    assert tops(state, 0)[UP] == "6D"


def test_rule_down_pile_needs_lower_card() -> None:
    """Down pile: the new card must be lower than the top card."""
    state = new({0: ["JD", "KD", "10H", "2D", "3D", "4D"]})
    state.play(0, "play JD down")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    problem = refused(state, 0, "play KD down")
    assert problem.rule == "pile-direction"
    state.play(0, "play 10H down")
    assert tops(state, 0)[DOWN] == "10H"


def test_rule_empty_pile_takes_any_card() -> None:
    """Empty pile: any card may start it."""
    state = new({0: ["KH", "AD", "5H", "6H", "7H", "8H"]})
    assert {"play KH up", "play KH down", "play AD up", "play AD down"} <= set(legal(state, 0))


def test_rule_only_top_card_counts() -> None:
    """Only the top card of a pile counts."""
    state = new({0: ["2D", "9H", "3D", "4D", "5D", "6D"]})
    state.play(0, "play 2D up")
    state.play(0, "play 9H up")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    assert "play 3D up" not in legal(state, 0)  # above the 2D, but the top is 9H


def test_rule_step_back_on_up_pile_same_suit_one_rank_lower() -> None:
    """Example: your up pile shows 9♥ — any higher card fits, and the 8♥ as your step back."""
    state = new({0: ["9H", "8H", "8D", "10D", "2D", "3D"]})
    state.play(0, "play 9H up")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    moves = legal(state, 0)
    assert "play 8H up" in moves and "play 10D up" in moves
    assert "play 8D up" not in moves  # one rank lower but another suit
    state.play(0, "play 8H up")
    assert state.step_back_used[0]


def test_rule_step_back_on_down_pile_same_suit_one_rank_higher() -> None:
    """Your down pile shows 5♦: any lower card fits, and the 6♦ is your step back."""
    state = new({0: ["5D", "6D", "7D", "4H", "AD", "2D"]})
    state.play(0, "play 5D down")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    moves = legal(state, 0)
    assert "play 6D down" in moves and "play 4H down" in moves
    assert "play 7D down" not in moves  # two ranks the wrong way


def test_rule_step_back_at_most_one_per_turn() -> None:
    """You may make at most one step back per turn."""
    state = new({0: ["10H", "9H", "8H", "2D", "3D", "4D"]})
    state.play(0, "play 10H up")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    state.play(0, "play 9H up")
    problem = refused(state, 0, "play 8H up")
    assert problem.rule == "step-back-once"
    assert "already made a step back" in problem.reason


def test_rule_step_back_allowed_again_next_turn() -> None:
    """The limit is per turn: the next turn allows the next step back."""
    state = new({0: ["10H", "9H", "8H", "QD", "KD", "2D"]}, draws={0: ["3D", "4D"]})
    state.play(0, "play 10H up")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    state.play(0, "play 9H up")
    state.play(0, "play KD down")
    state.play(0, "end")
    state.play(1, "play 3S up")
    state.play(1, "play 4S up")
    state.play(1, "end")
    state.play(0, "play 8H up")
    assert tops(state, 0)[UP] == "8H"


def test_rule_step_back_only_from_own_colour() -> None:
    """You can only step back from a card of your own colour: once your opponent has put a
    card on your pile you hold no card of its suit."""
    state = new({0: ["9H", "8H", "2D", "3D", "4D", "5D"], 1: ["10S", "AS", "2S", "3S", "4S",
                                                             "5S"]}, starter=0)
    state.play(0, "play 9H up")
    state.play(0, "end")
    state.play(1, "push 10S up")  # one rank above 9H: a legal push
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    moves = legal(state, 0)
    assert not [m for m in moves if m.startswith("play") and m.endswith(" up")]
    refused(state, 0, "play 8H up")


def test_rule_no_step_back_from_ace_up_or_king_down() -> None:
    """DESIGN 3: none from an Ace on the up pile or a King on the down pile."""
    aces = [parse_card(t) for t in ("AD", "AH", "AS", "AC")]
    kings = [parse_card(t) for t in ("KD", "KH", "KS", "KC")]
    assert not any(is_step_back(c, ace, UP) for c in CARDS for ace in aces)
    assert not any(is_step_back(c, king, DOWN) for c in CARDS for king in kings)
    assert is_step_back(parse_card("AH"), parse_card("2H"), UP)
    assert is_step_back(parse_card("KD"), parse_card("QD"), DOWN)


def test_rule_step_back_crosses_into_face_cards() -> None:
    """The step back is one rank on the ladder, number to face card included (10♥ on J♥)."""
    assert is_step_back(parse_card("10H"), parse_card("JH"), UP)
    assert is_step_back(parse_card("JH"), parse_card("10H"), DOWN)


def test_rule_step_back_counts_as_played_card() -> None:
    """DESIGN 3: a step back counts as a played card."""
    state = new({0: ["10H", "9H", "2D", "3D", "4D", "5D"]})
    state.play(0, "play 10H up")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    state.play(0, "play 9H up")
    state.play(0, "play 5D down")
    assert "end" in legal(state, 0)


def test_rule_play_at_least_two_cards() -> None:
    """Play at least two cards from your hand onto your own piles."""
    state = new({0: ["2D", "3D", "4D", "5D", "6D", "7D"]}, starter=1)
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    state.play(0, "play 2D up")
    problem = refused(state, 0, "end")
    assert problem.rule == "end-too-early" and "1 card" in problem.reason
    state.play(0, "play 3D up")
    state.play(0, "end")


def test_rule_may_play_more_than_two() -> None:
    """You may play more."""
    state = new({0: ["2D", "3D", "4D", "5D", "6D", "7D"]}, starter=1)
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    for text in ("2D", "3D", "4D", "5D", "6D"):
        state.play(0, f"play {text} up")
    assert len(state.hands[0]) == 1
    state.play(0, "end")
    assert len(state.hands[0]) == 6


def test_rule_first_turn_one_card_is_enough() -> None:
    """In the very first turn of the game, one card is enough (the starter's first turn only)."""
    state = new(starter=0)
    state.play(0, "play AD up")
    state.play(0, "end")
    assert state.required == 2  # the second player's first turn needs two
    state.play(1, "play AS up")
    refused(state, 1, "end")


def test_rule_draw_back_up_to_six() -> None:
    """Draw from your own draw pile until you have 6 cards again."""
    state = new({0: ["2D", "3D", "4D", "5D", "6D", "7D"]}, draws={0: ["KH", "QH", "JH"]})
    state.play(0, "play 2D up")
    state.play(0, "play 3D up")
    state.play(0, "play 4D up")
    state.play(0, "end")
    assert sorted(c.text for c in state.hands[0]) == sorted(["5D", "6D", "7D", "KH", "QH", "JH"])
    assert len(state.draws[0]) == 17


def test_rule_draw_pile_empty_means_one_card() -> None:
    """When your draw pile is empty, you only need to play one card per turn (DESIGN 2:
    fixed when the turn starts)."""
    state = new(starter=1)
    state.draws[0].clear()  # as if every red card had been drawn
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    assert state.required == 1
    state.play(0, state.legal_moves(0)[0])
    assert "end" in legal(state, 0)


# --- pushing -------------------------------------------------------------------------

def _after_black_opens(**push_options: Any) -> DuelState:
    """Red to move; black's up pile shows 9♠ and its down pile 10♠."""
    state = new({0: ["2D", "3D", "10D", "JD", "QD", "8H"],
                 1: ["9S", "10S", "AS", "2S", "3S", "4S"]}, starter=1, **push_options)
    state.play(1, "play 9S up")
    state.play(1, "play 10S down")
    state.play(1, "end")
    return state


def test_rule_push_in_direction_at_most_two_ranks() -> None:
    """On their up pile a higher card with a rank at most two above (9♠: up to J♣)."""
    state = _after_black_opens()
    moves = legal(state, 0)
    assert "push 10D up" in moves and "push JD up" in moves
    assert "push QD up" not in moves
    problem = refused(state, 0, "push QD up")
    assert problem.rule == "push-distance"
    assert refused(state, 0, "push 8H up").rule == "push-direction"


def test_rule_push_down_pile_at_most_two_ranks_below() -> None:
    """On their down pile a lower card with a rank at most two below (10♠: down to 8)."""
    state = _after_black_opens()
    moves = legal(state, 0)
    assert "push 8H down" in moves
    assert "push 3D down" not in moves
    assert "push JD down" not in moves


def test_rule_push_distance_counts_ranks_not_steps() -> None:
    """DESIGN 4: an up pile with top 9♠ takes any higher card up to J♣ as a push."""
    state = new({0: ["JD", "JH", "2D", "3D", "4D", "5D"], 1: ["9S", "AS", "2S", "3S", "4S",
                                                             "5S"]}, starter=1)
    state.play(1, "play 9S up")
    state.play(1, "play 2S down")
    state.play(1, "end")
    assert {"push JD up", "push JH up"} <= set(legal(state, 0))


def test_rule_push_once_per_turn() -> None:
    """Push (optional, once per turn)."""
    state = _after_black_opens()
    state.play(0, "push 10D up")
    problem = refused(state, 0, "push 8H down")
    assert problem.rule == "push-once"


def test_rule_push_never_on_empty_pile() -> None:
    """Not on an empty pile."""
    state = new(starter=0)
    assert not [m for m in legal(state, 0) if m.startswith("push")]
    assert refused(state, 0, "push AD up").rule == "push-empty"


def test_rule_push_does_not_count_towards_required_cards() -> None:
    """The pushed card doesn't count towards your two cards."""
    state = _after_black_opens()
    state.play(0, "push 10D up")
    state.play(0, "play 2D up")
    assert refused(state, 0, "end").rule == "end-too-early"
    state.play(0, "play 3D up")
    state.play(0, "end")


@pytest.mark.parametrize("position", ["before", "between", "after"])
def test_rule_push_before_between_or_after(position: str) -> None:
    """You may push before, between or after your own cards."""
    state = _after_black_opens()
    plays = ["play 2D up", "play 3D up"]
    index = {"before": 0, "between": 1, "after": 2}[position]
    for text in [*plays[:index], "push 10D up", *plays[index:]]:
        state.play(0, text)
    state.play(0, "end")
    assert tops(state, 1)[UP] == "10D"


def test_example_anna_and_ben() -> None:
    """The text's example: Anna's up pile shows 5♥, her down pile J♦; she holds 6♦ 7♥ 4♥ 9♦
    10♥ K♦; Ben's down pile shows 10♠. She plays 6♦ up and 10♥ down, pushes her 9♦ onto the
    10♠ (lower, one rank further) and draws three cards."""
    state = new({0: ["5H", "QD", "JD", "6D", "7H", "4H"],
                 1: ["10S", "AS", "2S", "3S", "4S", "5S"]},
                draws={0: ["9D", "10H", "KD"]}, starter=0)
    state.play(0, "play 5H up")
    state.play(0, "end")
    state.play(1, "play 10S down")
    state.play(1, "play AS up")
    state.play(1, "end")
    state.play(0, "play QD down")
    state.play(0, "play JD down")
    state.play(0, "end")
    state.play(1, "play 2S up")
    state.play(1, "play 3S up")
    state.play(1, "end")
    assert tops(state, 0) == ("5H", "JD") and tops(state, 1) == ("3S", "10S")
    assert sorted(c.text for c in state.hands[0]) == sorted(["6D", "7H", "4H", "9D", "10H",
                                                            "KD"])
    state.play(0, "play 6D up")
    state.play(0, "play 10H down")
    state.play(0, "push 9D down")
    assert tops(state, 1) == ("3S", "9D")
    draw_before = len(state.draws[0])
    events = state.play(0, "end")
    assert events[0].kind == "end" and events[0].data["drew"] == 3
    assert len(state.draws[0]) == draw_before - 3 and len(state.hands[0]) == 6


def test_rule_win_at_once_with_last_card() -> None:
    """You win as soon as you have played your last card: hand and draw pile empty
    (DESIGN 1: however the last card left your hand)."""
    state = new(starter=0)
    state.draws[0].clear()
    state.hands[0][:] = [parse_card("AD")]
    state._facts_cache = None
    state.play(0, "play AD up")
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == {"winner": 0, "reason": "out-of-cards"}
    assert refused(state, 1, "play AS up").rule == "game-over"


def test_rule_win_when_last_card_is_pushed() -> None:
    """DESIGN 1: the last card may leave the hand by a push, too."""
    state = _after_black_opens()
    state.draws[0].clear()
    state.hands[0][:] = [parse_card("2D"), parse_card("10D")]
    state._facts_cache = None
    state.required = 1
    state.play(0, "play 2D up")
    state.play(0, "push 10D up")
    assert state.outcome() is not None and state.outcome().to_json()["winner"] == 0


def test_rule_lose_when_required_cards_cannot_be_played() -> None:
    """You lose at once if on your turn you can't play the cards you must play."""
    state = new({0: ["KD", "AD", "3D", "4D", "5D", "6D"]}, draws={0: ["7D", "8D"]}, starter=0)
    state.play(0, "play KD up")
    state.play(0, "play AD down")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play AC up")
    assert state.outcome() is None
    state.play(1, "end")
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == {"winner": 1, "reason": "stuck"}
    assert state.to_act() == ()


def test_rule_lose_mid_turn_when_stuck() -> None:
    """DESIGN 2: if you still owe cards and no own-pile play is legal, you lose at once."""
    state = new({0: ["KD", "AD", "3D", "4D", "5D", "6D"]}, draws={0: ["KH", "7D"]}, starter=0)
    state.play(0, "play KD up")
    state.play(0, "play AD down")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play AC up")
    state.play(1, "end")
    assert state.outcome() is None
    assert [m for m in legal(state, 0) if m.startswith("play")] == ["play KH up"]
    state.play(0, "play KH up")
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == {"winner": 1, "reason": "stuck"}


def test_rule_after_the_start_players_take_turns() -> None:
    """After the starter, you take turns."""
    state = new(starter=1)
    order = []
    for _ in range(4):
        seat = state.to_act()[0]
        order.append(seat)
        while state.played < state.required:
            state.play(seat, state.legal_moves(seat)[0])
        state.play(seat, "end")
    assert order == [1, 0, 1, 0]

"""MateBeta: one test per rule sentence of matebeta.en.txt, named after it.

Positions come from explicit deals; longer games are the frozen rule records
in tests/golden/matebeta/rule-*.json.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.cards import parse_card
from cardtable.engine import DealError, OptionError, Record
from cardtable.games.matebeta.rules import (
    MATEBETA,
    MB_DECK,
    MateBetaOutcome,
    MateBetaState,
    answer_wins,
    card_value,
    mate_points,
    sort_hand,
)
from cardtable.games.registry import replay
from cardtable.testing import assert_refused_unchanged

GOLDEN = Path(__file__).parents[2] / "golden" / "matebeta"

ACE_DEAL = {"hands": [["AS", "AC", "AD", "AH", "7S", "QS", "KS", "10S", "7C", "7D"],
                      ["QC", "KC", "10C", "QD", "KD", "10D", "7H", "QH", "KH", "10H"]],
            "dealer": 0}
"""Seat 0 holds every spade and every Ace: AS mates whenever it is led."""


def C(text: str) -> Any:
    return parse_card(text)


def cards(texts: str) -> tuple[Any, ...]:
    return tuple(parse_card(t) for t in texts.split())


def new(deal: dict[str, Any]) -> MateBetaState:
    state = MATEBETA.new({}, deal=deal)
    assert isinstance(state, MateBetaState)
    return state


def play(state: MateBetaState, moves: list[tuple[int, str]]) -> MateBetaState:
    for seat, text in moves:
        state.play(seat, text)
    return state


def rule_game(name: str, upto: int | None = None) -> MateBetaState:
    data = json.loads((GOLDEN / f"rule-{name}.json").read_text(encoding="utf-8"))
    record = Record.from_json(data)
    if upto is not None:
        record.moves = record.moves[:upto]
    state = replay(record)
    assert isinstance(state, MateBetaState)
    return state


def texts(moves: Any) -> list[str]:
    return [m.text for m in moves]


# --- Cards, ranking, values -----------------------------------------------------------


def test_rule_cards_ace_ten_king_queen_seven_of_each_suit() -> None:
    """Use the Ace, 10, King, Queen, and 7 of each suit: 20 cards."""
    assert len(MB_DECK) == 20 == len(set(MB_DECK))
    assert {c.rank.letter for c in MB_DECK} == {"A", "10", "K", "Q", "7"}
    assert {c.suit.letter for c in MB_DECK} == {"C", "D", "S", "H"}


def test_rule_ranks_low_to_high_7_queen_king_10_ace() -> None:
    """Ranks from low to high: 7, Queen, King, 10, Ace (an answer in suit wins by rank)."""
    ladder = cards("7S QS KS 10S AS")
    for low, high in itertools.pairwise(ladder):
        assert answer_wins(low, high)
        assert not answer_wins(high, low)


def test_rule_suits_low_to_high_clubs_diamonds_spades_hearts() -> None:
    """Suits from low to high: ♣ Clubs, ♦ Diamonds, ♠ Spades, ♥ Hearts (this version's order)."""
    ladder = cards("KC KD KS KH")
    for low, high in itertools.pairwise(ladder):
        assert answer_wins(low, high)
        assert not answer_wins(high, low)


def test_rule_card_values_7_7_queen_3_king_4_10_10_ace_11() -> None:
    """Card values: 7 7, Queen 3, King 4, 10 10, Ace 11."""
    assert [card_value(c) for c in cards("7H QH KH 10H AH")] == [7, 3, 4, 10, 11]


def test_rule_differs_hand_sorted_clubs_diamonds_spades_hearts() -> None:
    """How this version differs: suits rank ♣ ♦ ♠ ♥ low to high, the order the hand is sorted in."""
    state = new({"hands": [["AH", "7C", "10D", "QS", "KC", "AC", "7H", "QD", "KS", "10S"],
                           ["QC", "10C", "7D", "KD", "AD", "7S", "AS", "QH", "KH", "10H"]],
                 "dealer": 0})
    assert state.observation(0).hands[0] == cards("7C KC AC QD 10D QS KS 10S 7H AH")
    assert sort_hand(cards("AS 7C")) == cards("7C AS")


# --- Setup ----------------------------------------------------------------------------


def test_rule_setup_deal_10_cards_each_hands_face_up() -> None:
    """Deal 10 cards each. Both hands are played face up, so nothing is hidden."""
    state = new(ACE_DEAL)
    views = [state.observation(s) for s in (0, 1, None)]
    for view in views:
        assert [len(h) for h in view.hands] == [10, 10]
        assert view.hands == views[0].hands
    assert set(views[0].hands[0]) | set(views[0].hands[1]) == set(MB_DECK)


def test_rule_setup_random_deal_ten_each_dealer_random() -> None:
    """Deal 10 cards each; the dealer is a seat."""
    dealers = set()
    for seed in range(20):
        deal = MATEBETA.random_deal(MATEBETA.parse_options({}), random.Random(seed))
        assert [len(h) for h in deal["hands"]] == [10, 10]
        dealers.add(deal["dealer"])
    assert dealers == {0, 1}


@pytest.mark.parametrize("dealer", [0, 1])
def test_rule_setup_dealer_decides_first_and_leads_move_1(dealer: int) -> None:
    """The dealer goes first. The dealer decides first whether to foreplace and leads move 1."""
    state = new({**ACE_DEAL, "dealer": dealer})
    assert state.to_act() == (dealer,)
    assert_refused_unchanged(state, 1 - dealer, "keep")
    state.play(dealer, "keep")
    assert state.to_act() == (1 - dealer,)
    state.play(1 - dealer, "keep")
    assert state.to_act() == (dealer,)
    assert all(m.kind == "lead" for m in state.legal_moves(dealer))
    assert state.observation(None).move == 1


# --- Play: foreplacing -----------------------------------------------------------------


def test_rule_foreplacing_dealer_then_other_may_set_one_card_aside_or_keep() -> None:
    """Before move 1, the dealer and then the other player may each set one card aside
    face up, or keep all 10."""
    state = new(ACE_DEAL)
    assert texts(state.legal_moves(0)) == ["keep"] + [f"foreplace {c.text}" for c in
                                                      sort_hand(cards(" ".join(
                                                          ACE_DEAL["hands"][0])))]
    state.play(0, "foreplace 7C")
    view = state.observation(1)
    assert view.foreplaced == (C("7C"), None)
    assert state.to_act() == (1,)
    state.play(1, "foreplace KH")
    assert state.observation(None).foreplaced == (C("7C"), C("KH"))
    assert state.observation(None).phase == "lead"


def test_rule_foreplaced_card_is_out_of_play() -> None:
    """A foreplaced card is out of play for the game."""
    state = play(new(ACE_DEAL), [(0, "foreplace AS"), (1, "keep")])
    assert C("AS") not in state.observation(0).hands[0]
    assert_refused_unchanged(state, 0, "lead AS")
    assert len(state.legal_moves(0)) == 9


def test_rule_other_may_not_foreplace_card_of_dealers_foreplaced_suit() -> None:
    """If the dealer foreplaced, the other player may not foreplace a card of the same suit."""
    state = play(new(ACE_DEAL), [(0, "foreplace 7D")])
    exc = assert_refused_unchanged(state, 1, "foreplace KD")
    assert exc.rule == "foreplace-same-suit" and "same suit" in exc.reason
    assert "foreplace QD" not in texts(state.legal_moves(1))


def test_rule_other_may_not_foreplace_card_of_dealers_foreplaced_rank() -> None:
    """If the dealer foreplaced, the other player may not foreplace a card of the same rank."""
    state = play(new(ACE_DEAL), [(0, "foreplace 7D")])
    exc = assert_refused_unchanged(state, 1, "foreplace 7H")
    assert exc.rule == "foreplace-same-rank" and "same rank" in exc.reason
    legal = texts(state.legal_moves(1))
    assert legal == ["keep", "foreplace QC", "foreplace KC", "foreplace 10C",
                     "foreplace QH", "foreplace KH", "foreplace 10H"]


def test_rule_differs_dealer_keeps_all_ten_other_may_foreplace_any_card() -> None:
    """If the dealer keeps all 10, the other player may foreplace any card."""
    state = play(new(ACE_DEAL), [(0, "keep")])
    legal = texts(state.legal_moves(1))
    assert legal == ["keep"] + [f"foreplace {c.text}" for c in state.observation(1).hands[1]]
    state.play(1, "foreplace 7H")
    assert state.observation(0).foreplaced == (None, C("7H"))


def test_rule_foreplacing_only_before_move_1() -> None:
    """Before move 1 ... : no foreplacing once play has begun."""
    state = play(new(ACE_DEAL), [(0, "keep"), (1, "keep")])
    exc = assert_refused_unchanged(state, 0, "foreplace 7C")
    assert exc.rule == "foreplace-over"
    state = new(ACE_DEAL)
    exc = assert_refused_unchanged(state, 0, "lead AS")
    assert exc.rule == "foreplace-first"


# --- Play: moves -----------------------------------------------------------------------

SUIT_DEAL = {"hands": [["7S", "AS", "AC", "KC", "7D", "QD", "KD", "10D", "AD", "7H"],
                       ["QS", "KS", "10S", "7C", "QC", "10C", "QH", "KH", "10H", "AH"]],
             "dealer": 0}


def test_rule_move_is_a_lead_and_an_answer_leader_plays_any_card() -> None:
    """A move is a lead and an answer. The leader plays any card."""
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep")])
    assert texts(state.legal_moves(0)) == [f"lead {c.text}" for c in state.observation(0).hands[0]]
    state.play(0, "lead 7S")
    assert state.to_act() == (1,)
    assert all(m.kind == "answer" for m in state.legal_moves(1))


def test_rule_answer_with_led_suit_any_of_them() -> None:
    """The other player must answer with a card of the led suit if they have one, any of them."""
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep"), (0, "lead 7S")])
    assert texts(state.legal_moves(1)) == ["answer QS", "answer KS", "answer 10S"]
    exc = assert_refused_unchanged(state, 1, "answer 7C")
    assert exc.rule == "follow-suit" and "QS, KS, 10S" in exc.reason


def test_rule_with_no_card_of_led_suit_answer_with_led_rank() -> None:
    """With none, they must answer with a card of the led rank."""
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep"), (0, "lead AD")])
    assert texts(state.legal_moves(1)) == ["answer AH"]
    exc = assert_refused_unchanged(state, 1, "answer 10H")
    assert exc.rule == "follow-rank" and "AH" in exc.reason


def test_rule_answer_in_led_suit_won_by_higher_rank() -> None:
    """An answer in the led suit is won by the higher rank."""
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep"), (0, "lead AS"), (1, "answer QS")])
    assert state.observation(None).tricks[-1].winner == 0
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep"), (0, "lead 7S"), (1, "answer QS")])
    assert state.observation(None).tricks[-1].winner == 1


def test_rule_answer_of_same_rank_won_by_higher_suit() -> None:
    """An answer of the same rank is won by the higher suit."""
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep"), (0, "lead AD"), (1, "answer AH")])
    assert state.observation(None).tricks[-1].winner == 1
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep"), (0, "lead QD")])
    assert texts(state.legal_moves(1)) == ["answer QC", "answer QS", "answer QH"]
    state.play(1, "answer QC")
    assert state.observation(None).tricks[-1].winner == 0


def test_rule_winner_leads_next_move() -> None:
    """The winner leads the next move."""
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep"), (0, "lead 7S"), (1, "answer QS")])
    assert state.to_act() == (1,)
    assert state.observation(None).move == 2
    state.play(1, "lead 7C")
    state.play(0, "answer KC")
    assert state.to_act() == (0,)


def test_rule_mate_no_card_of_led_suit_nor_rank_ends_game_at_once() -> None:
    """If the other player has no card of the led suit and none of the led rank, the lead
    is mate and the game ends at once."""
    state = play(new(ACE_DEAL), [(0, "keep"), (1, "keep")])
    state.play(0, "lead AS")
    outcome = state.outcome()
    assert outcome is not None and outcome.end == "mate"
    assert state.to_act() == ()
    assert state.legal_moves(1) == []
    exc = assert_refused_unchanged(state, 1, "answer QC")
    assert exc.rule == "game-over"


# --- Play: the last move ---------------------------------------------------------------


def test_rule_game_is_10_moves_last_move_answered_is_a_draw() -> None:
    """A game is 10 moves. If the last move is answered, the game is drawn."""
    state = rule_game("draw-10-none")
    outcome = state.outcome()
    assert outcome == MateBetaOutcome((0, 0), "draw", 10, None)
    assert len(state.observation(None).tricks) == 10
    assert state.observation(None).hands == ((), ())


def test_rule_game_is_9_moves_if_both_foreplaced() -> None:
    """A game is 10 moves, or 9 if both players foreplaced (the ninth answered: a draw)."""
    state = rule_game("draw-9-both")
    assert state.outcome() == MateBetaOutcome((0, 0), "draw", 9, None)
    assert len(state.observation(None).tricks) == 9


def test_rule_one_foreplacer_has_move_10_with_move_9_card_again() -> None:
    """If only one player foreplaced, the game has a move 10 after move 9 is answered. The
    foreplacer plays the card they played on move 9 again, and the other player plays their
    last card."""
    state = rule_game("draw-10-one", upto=20)
    view = state.observation(None)
    assert view.move == 10 and view.phase == "lead"
    assert view.hands == ((C("QH"),), (C("KH"),))
    assert view.tricks[8].lead == C("QH")  # foreplacer seat 0 led QH on move 9
    state.play(1, "lead KH")
    assert texts(state.legal_moves(0)) == ["answer QH"]
    state.play(0, "answer QH")
    assert state.outcome() == MateBetaOutcome((0, 0), "draw", 10, None)


def test_rule_one_foreplacer_winner_of_move_9_leads_move_10() -> None:
    """How this version differs: on move 10 with one foreplacer, the winner of move 9 leads."""
    other_won = rule_game("draw-10-one", upto=20)
    assert other_won.observation(None).tricks[8].winner == 1
    assert other_won.to_act() == (1,)
    foreplacer_won = rule_game("overmate", upto=20)
    assert foreplacer_won.observation(None).tricks[8].winner == 0
    assert foreplacer_won.to_act() == (0,)
    assert texts(foreplacer_won.legal_moves(0)) == ["lead 10D"]


def test_rule_forced_cards_play_themselves() -> None:
    """When you have only one card that can answer, or one card left to lead, it's played
    for you (in records it is an ordinary move)."""
    state = play(new(SUIT_DEAL), [(0, "keep"), (1, "keep")])
    assert state.forced() is None
    state.play(0, "lead AD")
    forced = state.forced()
    assert forced is not None and forced.text == "answer AH"
    assert state.observation(1).forced() == forced
    state.play(1, forced)
    last = rule_game("draw-10-one", upto=20)
    forced = last.forced()
    assert forced is not None and forced.text == "lead KH"
    assert last.observation(0).forced() is None  # not seat 0's turn
    foreplacing = new(ACE_DEAL)
    assert foreplacing.forced() is None


# --- Scoring ---------------------------------------------------------------------------


def test_rule_mate_scores_value_times_move_ace_on_move_3_scores_33() -> None:
    """A mate scores the mating card's value times the number of the move, counting that
    move. An Ace on move 3 scores 11 × 3 = 33."""
    state = play(new(ACE_DEAL), [(0, "keep"), (1, "keep"), (0, "lead AC"), (1, "answer QC"),
                                 (0, "lead AD"), (1, "answer QD"), (0, "lead AS")])
    assert state.outcome() == MateBetaOutcome((33, 0), "mate", 3, C("AS"), 0)
    assert state.outcome().to_json() == {"points": [33, 0], "end": "mate", "move": 3,
                                         "card": "AS"}


def test_rule_only_mating_player_scores_draw_scores_nothing() -> None:
    """Only the mating player scores, and a drawn game scores nothing."""
    mate = rule_game("other-move-10").outcome()
    assert mate is not None and mate.points == (110, 0)
    assert mate.returns == (110.0, -110.0)
    draw = rule_game("draw-10-none").outcome()
    assert draw is not None and draw.points == (0, 0) and draw.returns == (0.0, 0.0)


def test_rule_foreplacing_bonus_ace_on_move_3_scores_44() -> None:
    """A player who foreplaced multiplies their own mates by one more than the move number,
    so an Ace on move 3 scores 11 × 4 = 44."""
    state = play(new(ACE_DEAL), [(0, "foreplace 7C"), (1, "keep"), (0, "lead AC"),
                                 (1, "answer QC"), (0, "lead AD"), (1, "answer QD"),
                                 (0, "lead AS")])
    assert state.outcome() == MateBetaOutcome((44, 0), "mate", 3, C("AS"), 0)


def test_rule_foreplacing_bonus_only_for_own_mates() -> None:
    """The bonus is for the foreplacer's own mates: the other player scores value × move."""
    assert mate_points(C("AS"), 3, 1, (C("7C"), None)) == 33
    assert mate_points(C("AS"), 3, 0, (C("7C"), None)) == 44
    both = rule_game("both-bonus").outcome()
    assert both == MateBetaOutcome((49, 0), "mate", 6, C("7H"), 0)  # 7 × (6 + 1)


def test_rule_overmate_one_foreplacer_move_10_lead_scores_value_times_22() -> None:
    """Overmate. When only one player foreplaced and that player's move-10 lead can't be
    answered, it scores the value times 22, which is 10 + 1, doubled."""
    state = rule_game("overmate")
    assert state.outcome() == MateBetaOutcome((220, 0), "overmate", 10, C("10D"), 0)
    assert state.outcome().to_json()["end"] == "overmate"


def test_rule_other_players_move_10_mate_scores_value_times_10() -> None:
    """A mate on move 10 by the other player scores the value times 10 (how this version
    differs: the foreplacer's card can't answer: no bonus and no doubling)."""
    state = rule_game("other-move-10")
    assert state.outcome() == MateBetaOutcome((110, 0), "mate", 10, C("AD"), 0)
    assert mate_points(C("AD"), 10, 0, (None, C("AS"))) == 110


def test_rule_move_10_mate_without_foreplacing_scores_value_times_10() -> None:
    """A mate scores the value times the move: an Ace on move 10 with nobody foreplacing."""
    state = rule_game("mate-10-none")
    assert state.outcome() == MateBetaOutcome((110, 0), "mate", 10, C("AH"), 0)


# --- Deals, options, bad input ----------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ({}, "hands"),
        ({"hands": [["AS"] * 10, ACE_DEAL["hands"][1]]}, "10 different"),
        ({"hands": [ACE_DEAL["hands"][0], ACE_DEAL["hands"][0]]}, "both hands"),
        ({"hands": [["2S", *ACE_DEAL["hands"][0][1:]], ACE_DEAL["hands"][1]]}, "not in"),
        ({"hands": [["XX", *ACE_DEAL["hands"][0][1:]], ACE_DEAL["hands"][1]]}, "not a card"),
        ({**ACE_DEAL, "dealer": 2}, "dealer"),
        ({**ACE_DEAL, "dealer": True}, "dealer"),
        ({**ACE_DEAL, "starter": 0}, "unknown deal field"),
        ({"hands": [ACE_DEAL["hands"][0][:9], ACE_DEAL["hands"][1]]}, "10 different"),
    ],
)
def test_bad_deal_refused_with_clear_message(deal: dict[str, Any], words: str) -> None:
    with pytest.raises(DealError, match=words):
        MATEBETA.new({}, deal=deal)


def test_options_are_only_the_card_values() -> None:
    assert MATEBETA.parse_options({}).to_json() == {}
    with pytest.raises(OptionError, match=r"unknown option 'games'.*known: value_7"):
        MATEBETA.parse_options({"games": 4})


@pytest.mark.parametrize(
    ("text", "rule"),
    [("lead", "no-such-move"), ("play AS", "no-such-move"), ("lead XY", "unknown-card"),
     ("lead 2S", "unknown-card"), ("foreplace", "no-such-move"), ("", "no-such-move")],
)
def test_bad_input_malformed_or_unknown_card(text: str, rule: str) -> None:
    state = play(new(ACE_DEAL), [(0, "keep"), (1, "keep")])
    exc = assert_refused_unchanged(state, 0, text)
    assert exc.rule == rule


def test_bad_input_card_not_in_hand_out_of_turn_no_seat_after_end() -> None:
    state = play(new(ACE_DEAL), [(0, "keep"), (1, "keep")])
    assert assert_refused_unchanged(state, 0, "lead QC").rule == "not-in-hand"
    assert assert_refused_unchanged(state, 1, "lead QC").rule == "not-your-turn"
    assert assert_refused_unchanged(state, 2, "lead AS").rule == "no-such-seat"
    assert assert_refused_unchanged(state, 0, "answer AS").rule == "lead-not-answer"
    state.play(0, "lead AC")
    assert assert_refused_unchanged(state, 1, "lead QC").rule == "answer-not-lead"
    assert assert_refused_unchanged(state, 1, "answer AS").rule == "not-in-hand"
    state = play(new(ACE_DEAL), [(0, "keep"), (1, "keep"), (0, "lead AS")])
    assert assert_refused_unchanged(state, 0, "lead AC").rule == "game-over"
    fresh = new(ACE_DEAL)
    assert assert_refused_unchanged(fresh, 0, "foreplace QC").rule == "not-in-hand"


def test_move_text_accepts_symbols_lower_case_and_t() -> None:
    """Notation: parsers also accept ♦♥♠♣, lower case and T for 10."""
    state = play(new(ACE_DEAL), [(0, "keep"), (1, "keep")])
    state.play(0, "LEAD a♠")
    assert state.history[-1] == (0, "lead AS")
    state = play(new(ACE_DEAL), [(0, "keep"), (1, "foreplace th")])
    assert state.history[-1] == (1, "foreplace 10H")


def test_golden_rule_records_replay_to_their_outcome() -> None:
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        state = replay(Record.from_json(data))
        outcome = state.outcome()
        assert outcome is not None, path.name
        assert outcome.to_json() == data["outcome"], path.name

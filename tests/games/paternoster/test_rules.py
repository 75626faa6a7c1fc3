"""The standard game, one test per rule sentence of paternoster.en.txt and per
DESIGN.md decision (Paternoster 1 and 2)."""

from __future__ import annotations

from collections import Counter

from cardtable.cards import CARDS, deck, parse_card
from cardtable.games.paternoster.fit import LONG, NORMAL, STEP, fit_kind
from cardtable.games.paternoster.rules import (
    PATERNOSTER,
)
from cardtable.testing import assert_refused_unchanged

C = parse_card


def texts(moves: object) -> list[str]:
    return [m.text for m in moves]


def plays(state, seat: int = 0) -> set[str]:
    return {m.text for m in state.legal_moves(seat) if m.kind == "play"}


# --- Which card is higher? -------------------------------------------------------------


def test_rule_rank_first_then_suit() -> None:
    """"First compare the rank ... Only if the ranks are equal, the suit decides:
    ♦ < ♥ < ♠ < ♣": 7♠ is lower than 8♣; 8♦ < 8♥ < 8♠."""
    assert C("7S") < C("8C")
    assert C("8D") < C("8H") < C("8S") < C("8C")
    assert fit_kind(C("8D"), C("7C"), True, 1) == NORMAL
    assert fit_kind(C("7C"), C("8D"), False, 1) == NORMAL


def test_rule_ace_lowest_king_highest() -> None:
    """"The Ace counts as 1 and is the lowest rank ... King (13), the highest":
    the ladder runs A♦ < A♥ < A♠ < A♣ < 2♦ … < K♣, 52 steps."""
    ladder = sorted(CARDS)
    assert ladder[0] == C("AD") and ladder[-1] == C("KC")
    assert [c.text for c in ladder[:5]] == ["AD", "AH", "AS", "AC", "2D"]


def test_rule_two_identical_cards_are_equal(pos) -> None:
    """"With two decks every card exists twice. The two identical cards are
    equal": a 7♥ goes on the other 7♥ on an up pile and on a down pile."""
    state = pos({}, [["7H", "7H", "2C", "2C", "3C", "3C", "4C"], ["KC"]],
                piles={"up1": ["7H"], "down1": ["7H"]})
    assert {"play 7H up1", "play 7H down1"} <= plays(state)
    state.play(0, "play 7H up1")
    state.play(0, "play 7H down1")
    assert state.piles[0][-2:] == [C("7H"), C("7H")]
    assert not state.step_back_used


# --- Setup -------------------------------------------------------------------------------


def test_rule_setup_four_empty_piles_two_up_two_down(dealt) -> None:
    """"At the start all four are empty", two up piles and two down piles."""
    state = PATERNOSTER.new({}, seed=1)
    obs = state.observation(None)
    assert all(p == () for p in obs.piles)
    assert texts(m for m in state.legal_moves(state.turn_seat) if m.kind == "play")[:4] == [
        f"play {min(state.hands[state.turn_seat]).text} {p}"
        for p in ("up1", "up2", "down1", "down2")
    ]


def test_rule_shuffle_both_decks_104_cards() -> None:
    """"Shuffle both decks together": every card twice, 104 in all."""
    deal = PATERNOSTER.random_deal(PATERNOSTER.parse_options({}), __import__("random").Random(3))
    cards = [C(t) for t in deal["deck"]]
    assert len(cards) == 104 and Counter(cards) == Counter(deck(2))


def test_rule_hand_sizes_8_7_6() -> None:
    """"1 player: 8 cards - 2 players: 7 cards each - 3–5 players: 6 cards each"."""
    for players, size in ((1, 8), (2, 7), (3, 6), (4, 6), (5, 6)):
        state = PATERNOSTER.new({"players": players}, seed=players)
        assert [len(h) for h in state.hands] == [size] * players
        assert len(state.draw) == 104 - size * players


def test_rule_rest_is_the_draw_pile_hands_in_seat_order(dealt) -> None:
    """"Put the rest face down as the draw pile" (DESIGN.md: hands in seat order
    from the top of the deck, the rest is the draw pile, top first)."""
    deal_hands = [["2D", "3D", "4D", "5D", "6D", "7D", "8D"],
                  ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]]
    state = dealt({}, deal_hands, draw=["KC", "QC"])
    assert state.hands == [[C(c) for c in h] for h in deal_hands]
    assert state.draw[-1] == C("KC") and state.draw[-2] == C("QC")


def test_rule_team_decides_who_begins_then_clockwise(dealt) -> None:
    """"The team decides who begins; after that, turns go clockwise": the deal's
    starter begins, then seat + 1."""
    hands = [["2D", "3D", "4D", "5D", "6D", "7D"], ["2H", "3H", "4H", "5H", "6H", "7H"],
             ["2S", "2S", "3S", "3S", "4S", "4S"]]
    state = dealt({"players": 3}, hands, starter=2)
    assert state.to_act() == (2,)
    state.play(2, "play 2S up1")
    state.play(2, "play 2S up1")
    state.play(2, "end")
    assert state.to_act() == (0,)


# --- Where may a card go? ---------------------------------------------------------------


def test_rule_up_pile_equal_or_higher(pos) -> None:
    """"Up pile: the new card must be equal to or higher than the top card"."""
    state = pos({}, [["6S", "9C", "5D", "2C", "3C", "4C", "KD"], ["KC"]],
                piles={"up1": ["6H"], "up2": ["KS"], "down1": ["AD"], "down2": ["AD"]})
    legal = plays(state)
    assert {"play 6S up1", "play 9C up1", "play KD up1"} <= legal
    assert "play 5D up1" not in legal and "play 2C up1" not in legal


def test_rule_down_pile_equal_or_lower(pos) -> None:
    """"Down pile: the new card must be equal to or lower than the top card"."""
    state = pos({}, [["6D", "2C", "7C", "9C", "JC", "QC", "KD"], ["KC"]],
                piles={"up1": ["KC"], "up2": ["KC"], "down1": ["6H"], "down2": ["AD"]})
    legal = plays(state)
    assert {"play 6D down1", "play 2C down1"} <= legal
    assert not legal & {"play 7C down1", "play 9C down1", "play KD down1"}


def test_rule_empty_pile_any_card() -> None:
    """"Empty pile: any card may start it"."""
    state = PATERNOSTER.new({}, seed=5)
    seat = state.turn_seat
    assert len(plays(state, seat)) == 4 * len(set(state.hands[seat]))


def test_rule_only_the_top_card_counts(pos) -> None:
    """"Only the top card of a pile counts": a low card under a high top does not help."""
    state = pos({}, [["5C", "2C", "3C", "4C", "6C", "7C", "8C"], ["KC"]],
                piles={"up1": ["2D", "9D"]})
    assert "play 5C up1" not in plays(state)


def test_rule_example_up_pile_shows_6h(pos) -> None:
    """Example: on 6♥ "you may play the other 6♥, the 6♠, the 6♣, or any 7, 8 … K
    – but not 6♦ or anything of rank 5 or lower – except the step back (5♥)"."""
    hand = ["6H", "6S", "6C", "7D", "KD", "6D", "5H", "5C"]
    state = pos({"players": 1}, [hand], piles={"up1": ["6H"]})
    legal = {m for m in plays(state) if m.endswith("up1")}
    assert legal == {f"play {c} up1" for c in ("6H", "6S", "6C", "7D", "KD", "5H")}


def test_rule_step_back_up_pile_one_rank_lower_same_suit(pos) -> None:
    """"On an up pile you may play the card of the same suit, exactly one rank lower"."""
    state = pos({}, [["9H", "8H", "9D", "2C", "3C", "4C", "5C"], ["KC"]],
                piles={"up1": ["10H"]})
    legal = plays(state)
    assert "play 9H up1" in legal
    assert "play 8H up1" not in legal and "play 9D up1" not in legal
    state.play(0, "play 9H up1")
    assert state.step_back_used


def test_rule_step_back_down_pile_one_rank_higher_same_suit(pos) -> None:
    """"On a down pile you may play the card of the same suit, exactly one rank
    higher": on 4♣ a 5♣ is a step back."""
    state = pos({}, [["5C", "6C", "5S", "2C", "3C", "KD", "KH"], ["KC"]],
                piles={"down1": ["4C"]})
    legal = plays(state)
    assert "play 5C down1" in legal
    assert "play 6C down1" not in legal and "play 5S down1" not in legal


def test_rule_step_back_at_most_one_per_turn_on_all_piles(pos) -> None:
    """"In each turn you may play at most one step back, on any pile" (DESIGN.md 1:
    on all piles together)."""
    state = pos({}, [["9H", "8H", "5C", "2C", "3C", "4C", "KD"], ["KC"]],
                piles={"up1": ["10H"], "down1": ["4C"]})
    state.play(0, "play 9H up1")
    assert "play 8H up1" not in plays(state)
    assert "play 5C down1" not in plays(state)
    exc = assert_refused_unchanged(state, 0, "play 5C down1")
    assert exc.rule == "step-back-once"


def test_rule_next_step_back_in_the_next_turn_even_same_pile(pos) -> None:
    """Example: Ben plays 9♥ on 10♥, "the 8♥ must wait: Carla may play it as the
    next step back in her turn"."""
    state = pos({"players": 3}, [["9H", "JC", "2C", "3C", "4C", "5C"],
                                 ["8H", "QC", "2S", "3S", "4S", "5S"], ["KC"]],
                piles={"up1": ["10H"]})
    state.play(0, "play 9H up1")
    state.play(0, "play JC up2")
    state.play(0, "end")
    assert "play 8H up1" in plays(state, 1)
    state.play(1, "play 8H up1")
    assert state.piles[0][-1] == C("8H")


def test_rule_step_back_crosses_to_face_cards(pos) -> None:
    """"10♠ on an up pile showing J♠, J♥ on a down pile showing 10♥"."""
    state = pos({}, [["10S", "JH", "2C", "3C", "4C", "5C", "6C"], ["KC"]],
                piles={"up1": ["JS"], "down1": ["10H"]})
    assert {"play 10S up1", "play JH down1"} <= plays(state)


def test_rule_no_step_back_from_ace_up_or_king_down() -> None:
    """"There is none from an Ace on an up pile or a King on a down pile"."""
    for top in (C("AD"), C("AH"), C("AS"), C("AC")):
        assert all(fit_kind(c, top, True, 1) not in (STEP, LONG) for c in CARDS)
    for top in (C("KD"), C("KH"), C("KS"), C("KC")):
        assert all(fit_kind(c, top, False, 1) not in (STEP, LONG) for c in CARDS)


def test_rule_twin_on_twin_is_not_a_step_back(pos) -> None:
    """"A card on its twin (7♥ on 7♥) is a normal "equal" move, not a step back"."""
    state = pos({}, [["7H", "6H", "2C", "3C", "4C", "5C", "KD"], ["KC"]],
                piles={"up1": ["7H"], "down1": ["7H"]})
    state.play(0, "play 7H down1")
    assert not state.step_back_used
    assert "play 6H up1" in plays(state)


def test_decision_step_back_counts_as_played_card(pos) -> None:
    """A step back is one of the turn's cards (DESIGN.md 1)."""
    state = pos({}, [["9H", "JC", "2C", "3C", "4C", "5C", "6C"], ["KC"]],
                piles={"up1": ["10H"]})
    state.play(0, "play 9H up1")
    state.play(0, "play JC up2")
    assert "end" in texts(state.legal_moves(0))


# --- Playing a turn ---------------------------------------------------------------------


def test_rule_play_at_least_two_cards(pos) -> None:
    """"Play at least two cards from your hand": ``end`` after one is refused."""
    state = pos({}, [["2C", "3C", "4C", "5C", "6C", "7C", "8C"], ["KC"]], draw=["9C"] * 2)
    assert state.required == 2
    assert assert_refused_unchanged(state, 0, "end").rule == "end-too-early"
    state.play(0, "play 2C up1")
    assert assert_refused_unchanged(state, 0, "end").rule == "end-too-early"
    state.play(0, "play 3C up1")
    state.play(0, "end")
    assert state.turn_seat == 1


def test_rule_may_play_more_even_the_whole_hand(pos) -> None:
    """"You may play more than two, even your whole hand"."""
    hand = ["2C", "3C", "4C", "5C", "6C", "7C", "8C"]
    state = pos({}, [hand, ["KC"]], draw=["9C", "9D", "9H"])
    for card in hand:
        state.play(0, f"play {card} up1")
    assert state.hands[0] == []
    state.play(0, "end")
    assert len(state.hands[0]) == 3


def test_rule_draw_back_to_full_hand(pos) -> None:
    """"Draw from the draw pile until you have your full hand again"."""
    state = pos({}, [["2C", "3C", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                draw=["9C", "10C", "JC"])
    state.play(0, "play 2C up1")
    state.play(0, "play 3C up1")
    events = state.play(0, "end")
    assert events[0].data["drew"] == 2
    assert sorted(state.hands[0]) == sorted(C(c) for c in ["4C", "5C", "6C", "7C", "8C",
                                                            "9C", "10C"])
    assert state.draw == [C("JC")]


def test_rule_next_player_to_the_left(pos) -> None:
    """"The next player to the left takes their turn": seat + 1, wrapping round."""
    state = pos({"players": 3}, [["KC", "KC", "QC"], ["2C", "3C"], ["4C", "5C"]],
                piles={"up1": ["AD"]}, draw=["AD"] * 9, starter=2)
    state.play(2, "play 4C up1")
    state.play(2, "play 5C up1")
    state.play(2, "end")
    assert state.turn_seat == 0


def test_rule_draw_pile_empty_one_card_and_no_draw(pos) -> None:
    """"Once the draw pile is empty, you only need to play at least one card and no
    longer draw"."""
    state = pos({}, [["2C", "3C", "4C"], ["KC"]], draw=[])
    assert state.required == 1
    state.play(0, "play 2C up1")
    state.play(0, "end")
    assert len(state.hands[0]) == 2


def test_rule_player_without_cards_is_skipped(pos) -> None:
    """"A player without cards is skipped"."""
    state = pos({"players": 3}, [["2C", "3C"], [], ["4C"]], draw=[])
    state.play(0, "play 2C up1")
    state.play(0, "end")
    assert state.turn_seat == 2


def test_rule_solo_two_cards_draw_up_to_8(pos) -> None:
    """"Solo works the same: two cards per turn, draw up to 8"; the solo player
    takes every turn."""
    state = PATERNOSTER.new({"players": 1}, seed=2)
    assert len(state.hands[0]) == 8 and state.required == 2
    cards = sorted(state.hands[0])
    state.play(0, f"play {cards[0].text} up1")
    state.play(0, f"play {cards[1].text} up1")
    state.play(0, "end")
    assert len(state.hands[0]) == 8 and state.turn_seat == 0 and state.required == 2


def test_rule_example_anna(pos) -> None:
    """Example: Anna holds 4♦ 5♣ 8♥ 10♣ Q♠ 3♥, plays 4♦ on the up pile (equal), 5♣
    on top; the 3♥ would fit on the down pile with 6♠. She draws two cards."""
    state = pos({"players": 3}, [["4D", "5C", "8H", "10C", "QS", "3H"], ["KC"], ["KC"]],
                piles={"up1": ["4D"], "down1": ["6S"]}, draw=["2D", "2H", "2S"])
    assert "play 3H down1" in plays(state)
    state.play(0, "play 4D up1")
    state.play(0, "play 5C up1")
    events = state.play(0, "end")
    assert events[0].data["drew"] == 2 and len(state.hands[0]) == 6


# --- End of the game --------------------------------------------------------------------


def test_rule_all_cards_played_is_perfect(pos) -> None:
    """"All 104 cards have been played – the team has won perfectly"."""
    state = pos({}, [["2C"], []], draw=[])
    state.play(0, "play 2C up1")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.to_json() == {"cards_left": 0, "perfect": True, "lost": None}
    assert outcome.returns == (0.0, 0.0)
    assert state.to_act() == ()


def test_rule_cannot_play_required_ends_at_once(pos) -> None:
    """Example: Carla must play two cards but can place only one: the game ends.
    Carla holds 5, Ben 6, Anna 6 and 11 remain in the draw pile: 28 left."""
    state = pos({"players": 3}, [["5C", "KS", "KS", "KH", "KH", "QD"], ["2C"] * 6, ["3C"] * 6],
                piles={"up1": ["KC"], "up2": ["KC"], "down1": ["AS"], "down2": ["6C"]},
                draw=["AD"] * 11)
    assert plays(state) == {"play 5C down2"}
    state.play(0, "play 5C down2")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.to_json() == {"cards_left": 28, "perfect": False, "lost": "stuck"}
    assert outcome.returns == (-28.0,) * 3


def test_rule_stuck_at_the_start_of_a_turn(pos) -> None:
    """"The player whose turn it is cannot play the required number ... Then the
    game ends at once": with no card that fits, it ends before any move."""
    state = pos({}, [["5C", "6C"], ["2C"]],
                piles={"up1": ["KC"], "up2": ["KC"], "down1": ["AD"], "down2": ["AD"]},
                draw=["9C"])
    outcome = state.outcome()
    assert outcome is not None and outcome.lost == "stuck" and outcome.cards_left == 4
    assert state.legal_moves(0) == []


def test_rule_result_counts_hands_and_draw_pile(pos) -> None:
    """"Count all cards that were not played: the cards in every hand plus the draw pile"."""
    state = pos({}, [["5C"], ["2C", "3C"]],
                piles={"up1": ["KC"], "up2": ["KC"], "down1": ["AD"], "down2": ["AD"]},
                draw=["9C"] * 4)
    outcome = state.outcome()
    assert outcome is not None and outcome.cards_left == 7


def test_decision_required_fixed_at_turn_start(pos) -> None:
    """DESIGN.md 2: the required number is fixed when the turn starts (2 while the
    draw pile has cards, else 1) and does not change during the turn."""
    state = pos({}, [["2C", "3C", "4C"], ["KC"]], draw=["9C"])
    assert state.required == 2
    state.play(0, "play 2C up1")
    state.play(0, "play 3C up1")
    state.play(0, "end")  # draws the last card
    assert state.turn_seat == 1 and state.required == 1


def test_decision_required_capped_by_hand(pos) -> None:
    """Decision: a turn never asks for more cards than the hand holds (only the
    Slow command can leave a short hand beside a draw pile)."""
    state = pos({}, [["2C"], ["KC"]], draw=["9C"] * 5)
    assert state.required == 1
    state.play(0, "play 2C up1")
    assert "end" in texts(state.legal_moves(0))

"""Duel 52: one test per rule sentence of the text (setup, the turn, the actions,
attacking, pairs, Base cards, winning lanes, passing), named after the sentence."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.cards import CARDS, parse_card
from cardtable.engine import DealError, OptionError
from cardtable.games.duel52.rules import DUEL52, Duel52State, build_state
from cardtable.testing import assert_refused_unchanged

E: tuple[list[str], list[str]] = ([], [])


def lanes(*given: tuple[list[str], list[str]]) -> list[tuple[list[str], list[str]]]:
    return [*given] + [E] * (3 - len(given))


def texts(state: Duel52State, seat: int | None = None) -> set[str]:
    return {m.text for m in state.legal_moves(state.turn_seat if seat is None else seat)}


def deck_deal(starter: int = 0) -> dict[str, Any]:
    return {"deck": [c.text for c in CARDS], "starter": starter}


def view(state: Duel52State, seat: int | None, pos: str) -> Any:
    lane, side, slot = (int(x) for x in pos[1:].split("."))
    obs = state.observation(seat)
    found = obs.find((lane - 1, side, slot))
    assert found is not None
    return found


# --- setup ----------------------------------------------------------------------------


def test_setup_three_lanes_with_a_hidden_base_card_on_each_side() -> None:
    """'In each lane, deal one card face down on each player's side. These are the Base
    cards, and nobody looks at them.'"""
    state = DUEL52.new({}, deal=deck_deal())
    for seat in (0, 1, None):
        obs = state.observation(seat)
        for lane in range(3):
            for side in (0, 1):
                (base,) = obs.lanes[lane][side]
                assert base.base and not base.up and base.card is None and base.slot == 0
    assert state.find("L1.0.0").card.text == "AD"  # type: ignore[union-attr]
    assert state.find("L1.1.0").card.text == "AH"  # type: ignore[union-attr]
    assert state.find("L3.1.0").card.text == "2H"  # type: ignore[union-attr]


def test_setup_deal_five_cards_each_then_set_ten_aside_the_rest_is_the_draw_pile() -> None:
    """'Deal 5 cards to each player, then set 10 cards aside unseen ... The rest are the
    draw pile.' The deck order is: 6 Bases, seat 0's hand, seat 1's hand, aside, pile."""
    state = DUEL52.new({}, deal=deck_deal(starter=1))
    deck = list(CARDS)
    assert sorted(state.hands[0]) == deck[6:11]
    assert sorted(state.hands[1]) == sorted([*deck[11:16], deck[26]])  # drew the top card
    assert state.aside == deck[16:26]
    assert len(state.pile) == 52 - 6 - 10 - 10 - 1
    obs = state.observation(0)
    assert obs.aside == 10 and obs.pile == 25 and obs.hand_counts == (5, 6)


@pytest.mark.parametrize(("length", "aside"), [("quick", 16), ("standard", 10), ("long", 0)])
def test_variant_game_length_sets_cards_aside(length: str, aside: int) -> None:
    """'The standard game sets 10 cards aside. The quick game sets 16 aside, and the long
    game sets none aside.'"""
    state = DUEL52.new({"length": length}, seed=3)
    assert len(state.aside) == aside
    assert len(state.pile) == 52 - 16 - aside - 1


def test_options_refuse_unknown_names_and_values() -> None:
    with pytest.raises(OptionError, match="unknown option"):
        DUEL52.parse_options({"lenght": "quick"})
    with pytest.raises(OptionError, match="length"):
        DUEL52.parse_options({"length": "forever"})
    assert DUEL52.parse_options({}).to_json() == {}


def test_deal_refuses_bad_decks() -> None:
    with pytest.raises(DealError, match="52"):
        DUEL52.new({}, deal={"deck": ["AD"] * 52})
    with pytest.raises(DealError, match="not a card"):
        DUEL52.new({}, deal={"deck": ["XX"] + [c.text for c in CARDS[1:]]})
    with pytest.raises(DealError, match="starter"):
        DUEL52.new({}, deal={**deck_deal(), "starter": 2})
    with pytest.raises(DealError, match="deck"):
        DUEL52.new({}, deal={"hands": []})


# --- the turn -------------------------------------------------------------------------


def test_rule1_start_your_turn_by_drawing_a_card_while_the_draw_pile_lasts() -> None:
    """'Start your turn by drawing a card while the draw pile lasts.'"""
    state = build_state(lanes(), (["2C"], ["2D"]), ["5S"], seat=0, actions=1)
    state.play(0, "play 2C 1")
    assert state.turn_seat == 1 and sorted(state.hands[1]) == [parse_card("2D"),
                                                              parse_card("5S")]
    assert not state.pile
    state.play(1, "play 2D 1")
    state.play(1, "play 5S 2")
    assert state.hands[0] == []  # nothing left to draw


def test_rule1_take_three_actions() -> None:
    """'Draw, then take 3 actions.'"""
    state = build_state(lanes(), (["2C", "3C", "4C", "5C"], ["2D"]), ["9S"], seat=0)
    assert state.actions == 3
    for text in ("play 2C 1", "play 3C 1", "play 4C 1"):
        assert state.turn_seat == 0
        state.play(0, text)
    assert state.turn_seat == 1 and state.actions == 3


def test_rule1_the_first_player_takes_only_two_actions_on_their_first_turn() -> None:
    """'The first player takes only 2 actions on their first turn.'"""
    state = DUEL52.new({}, deal=deck_deal(starter=1))
    assert state.turn_seat == 1 and state.actions == 2
    for _ in range(2):
        state.play(1, state.legal_moves(1)[-1])
    assert state.turn_seat == 0 and state.actions == 3


def test_rule1_you_must_use_all_your_actions_if_you_can() -> None:
    """'You must use all your actions if you can.' There is no move to end a turn
    early; the turn ends when the actions are used or none is possible (D4)."""
    state = DUEL52.new({}, seed=5)
    assert not any(t.startswith(("end", "pass")) for t in texts(state))
    assert_refused_unchanged(state, state.turn_seat, "end")
    state = build_state(lanes((["^5H"], ["^6C", "^7C"])), ([], ["2D"]), [], seat=0)
    assert texts(state) == {"attack L1.0.1 L1.1.1", "attack L1.0.1 L1.1.2"}
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.turn_seat == 1  # no action left: the rest of the turn is passed


# --- the actions ----------------------------------------------------------------------


def test_rule2_play_a_card_from_your_hand_face_down_into_a_lane_on_your_side() -> None:
    """'Play a card from your hand face down into a lane on your side.' You know it,
    the opponent and spectators see a face-down card."""
    state = build_state(lanes(), (["QH"], ["2D"]), ["9S"], seat=0)
    events = state.play(0, "play QH 2")
    assert all("QH" not in str(e.to_json()) for e in events)
    assert view(state, 0, "L2.0.1").card == parse_card("QH")
    assert view(state, 1, "L2.0.1").card is None and not view(state, 1, "L2.0.1").up
    assert view(state, None, "L2.0.1").card is None


def test_rule2_flip_one_of_your_face_down_cards_face_up() -> None:
    """'Flip one of your face-down cards face up.' Not the opponent's, not a face-up one."""
    state = build_state(lanes((["8H", "^9H"], ["8C"])), (["2C"], ["2D"]), ["9S"], seat=0)
    assert "flip L1.0.1" in texts(state)
    assert_refused_unchanged(state, 0, "flip L1.1.1")
    assert_refused_unchanged(state, 0, "flip L1.0.2")
    events = state.play(0, "flip L1.0.1")
    assert view(state, 1, "L1.0.1").card == parse_card("8H")
    assert events[0].kind == "flip" and events[0].data["card"] == "8H"


def test_rule2_attack_with_one_of_your_face_up_cards() -> None:
    """'Attack with one of your face-up cards.' A face-down card does not attack."""
    state = build_state(lanes((["5H", "^6H"], ["7C"])), (["2C"], ["2D"]), ["9S"], seat=0)
    assert "attack L1.0.2 L1.1.1" in texts(state)
    exc = assert_refused_unchanged(state, 0, "attack L1.0.1 L1.1.1")
    assert exc.rule == "face-down"


def test_rule2_pair_two_face_up_cards_of_the_same_rank_in_the_same_lane() -> None:
    """'Pair two of your face-up cards of the same rank in the same lane.'"""
    state = build_state(
        lanes((["^5H", "^5S", "^6H", "5D"], ["7C"]), (["^5C"], [])),
        (["2C"], ["2D"]), ["9S"], seat=0)
    assert {t for t in texts(state) if t.startswith("pair")} == {"pair L1.0.1 L1.0.2"}
    assert assert_refused_unchanged(state, 0, "pair L1.0.1 L1.0.3").rule == "pair"
    assert assert_refused_unchanged(state, 0, "pair L1.0.1 L1.0.4").rule == "pair"
    assert assert_refused_unchanged(state, 0, "pair L1.0.1 L2.0.1").rule == "pair"
    state.play(0, "pair L1.0.2 L1.0.1")
    assert state.find("L1.0.1").partner == 2  # type: ignore[union-attr]
    assert state.actions == 2


# --- attacking ------------------------------------------------------------------------


def test_rule3_a_card_attacks_a_card_on_the_other_side_of_its_own_lane_for_1_damage() -> None:
    """'A card attacks a card on the other side of its own lane and deals 1 damage.'"""
    state = build_state(lanes((["^5H"], ["7C"]), ([], ["6C"])), (["2C"], ["2D"]), ["9S"])
    assert {t for t in texts(state) if t.startswith("attack")} == {"attack L1.0.1 L1.1.1"}
    assert assert_refused_unchanged(state, 0, "attack L1.0.1 L2.1.1").rule == "target"
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.find("L1.1.1").damage == 1  # type: ignore[union-attr]


def test_rule3_each_card_can_attack_once_a_turn() -> None:
    """'Each card can attack once a turn.'"""
    state = build_state(lanes((["^5H"], ["7C", "8C"])), (["2C"], ["2D"]), ["9S"])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert not any(t.startswith("attack") for t in texts(state))
    assert assert_refused_unchanged(state, 0, "attack L1.0.1 L1.1.2").rule == "attacked"


def test_rule3_two_hit_points_a_second_damage_kills_a_damaged_card_still_attacks() -> None:
    """'A card has 2 hit points, so a second damage kills it, and a damaged card still
    attacks. A killed card goes to the discard pile.'"""
    state = build_state(lanes((["^5H!1"], ["^7C!1"])), (["2C"], ["2D"]), ["9S"])
    events = state.play(0, "attack L1.0.1 L1.1.1")
    assert state.find("L1.1.1") is None
    assert state.discard[-1].card == parse_card("7C") and state.discard[-1].how == "killed"
    assert any(e.kind == "killed" and e.data["card"] == "7C" for e in events)
    assert state.observation(0).discard[-1].card == parse_card("7C")


def test_rule3_a_card_killed_face_down_goes_to_the_discard_pile_without_being_shown() -> None:
    """'A card killed face down goes there face down without being shown.' Its owner
    (who played it) knows it; the attacker and spectators do not."""
    state = build_state(lanes((["^5H"], ["QC!1"])), (["2C"], ["2D"]), ["9S"])
    events = state.play(0, "attack L1.0.1 L1.1.1")
    assert all("QC" not in str(e.to_json()) for e in events)
    assert state.observation(0).discard[-1].card is None
    assert state.observation(None).discard[-1].card is None
    assert state.observation(1).discard[-1].card == parse_card("QC")
    assert state.observation(0).discard[-1].how == "killed-face-down"


# --- pairs ----------------------------------------------------------------------------


def test_rule4_a_pair_attacks_together_as_one_action_and_deals_2_damage_to_one_card() -> None:
    """'The two cards of a pair attack together, as one action, and deal 2 damage to one
    card.' Both cards have used their attack (D3)."""
    state = build_state(lanes((["^5H", "^5S", "^6H"], ["7C", "8C"])), (["2C"], ["2D"]),
                        ["9S"], pairs=[("L1.0.1", "L1.0.2")])
    attacks = {t for t in texts(state) if t.startswith("attack")}
    assert "attack L1.0.1+L1.0.2 L1.1.1" in attacks
    assert not any(t.startswith("attack L1.0.1 ") for t in attacks)  # not alone
    assert assert_refused_unchanged(state, 0, "attack L1.0.1 L1.1.1").rule == "paired"
    state.play(0, "attack L1.0.2+L1.0.1 L1.1.2")
    assert state.find("L1.1.2") is None and state.actions == 2
    assert not any(t.startswith("attack L1.0.1+") for t in texts(state))


def test_rule4_each_card_in_a_pair_still_takes_damage_on_its_own() -> None:
    """'Each card in a pair still takes damage on its own.'"""
    state = build_state(lanes((["^5H", "^5S"], ["^7C"])), (["2C"], ["2D"]), ["9S"],
                        seat=1, pairs=[("L1.0.1", "L1.0.2")])
    state.play(1, "attack L1.1.1 L1.0.2")
    assert state.find("L1.0.2").damage == 1 and state.find("L1.0.1").damage == 0  # type: ignore[union-attr]


def test_rule4_a_card_can_be_in_only_one_pair_no_triplets_or_quads() -> None:
    """'A card can be in only one pair, so there are no triplets or quads.'"""
    state = build_state(lanes((["^5H", "^5S", "^5D", "^5C"], ["7C"])), (["2C"], ["2D"]),
                        ["9S"], pairs=[("L1.0.1", "L1.0.2")])
    pairs = {t for t in texts(state) if t.startswith("pair")}
    assert pairs == {"pair L1.0.3 L1.0.4"}
    assert_refused_unchanged(state, 0, "pair L1.0.1 L1.0.3")


# --- Base cards -----------------------------------------------------------------------


def test_rule5_base_cards_cant_be_attacked_flipped_or_moved_until_the_pile_is_empty() -> None:
    """'Base cards can't be attacked, flipped, or moved until the draw pile is empty.'"""
    state = build_state(lanes((["*5H", "^6H"], ["*7C"]), (["*8H", "QH"], ["*8C"])),
                        (["2C"], ["2D"]), ["9S"])
    moves = texts(state)
    assert not any(t.startswith(("attack", "flip L1.0.0", "flip L2.0.0")) for t in moves)
    assert assert_refused_unchanged(state, 0, "attack L1.0.1 L1.1.0").rule == "base-protected"
    assert assert_refused_unchanged(state, 0, "flip L1.0.0").rule == "base-protected"
    state.play(0, "flip L2.0.1")  # the Queen may not pull the Base card of lane 1
    assert texts(state) == {"move none", "move L1.0.1"}


def test_rule5_from_then_on_base_cards_are_ordinary_cards() -> None:
    """'From then on they're ordinary cards.'"""
    state = build_state(lanes((["*5H", "^6H"], ["*7C"]), (["*8H", "QH"], ["*8C"])),
                        (["2C"], ["2D"]), [])
    moves = texts(state)
    assert {"attack L1.0.1 L1.1.0", "flip L1.0.0", "flip L2.0.0"} <= moves
    state.play(0, "flip L2.0.1")
    assert texts(state) == {"move none", "move L1.0.0", "move L1.0.1"}


# --- winning --------------------------------------------------------------------------


def test_rule6_you_win_a_lane_when_the_opponent_has_no_cards_in_it_and_none_in_hand() -> None:
    """'Once the draw pile is empty, you win a lane when your opponent has no cards in it
    and none in hand, and you still have a card there.'"""
    state = build_state(lanes((["^5H"], ["^7C!1"]), (["6S"], ["^6C"])), (["2C"], []), [])
    assert state.won == [None, None, None]
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.won == [0, None, None]


def test_rule6_no_lane_is_won_while_the_draw_pile_lasts() -> None:
    """'Once the draw pile is empty ...': with cards in the pile no lane is won."""
    state = build_state(lanes((["^5H"], ["^7C!1"]), (["6S"], ["^6C"])), (["2C"], []), ["9S"])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.won == [None, None, None]


def test_rule6_a_lane_is_not_won_while_the_opponent_holds_a_card() -> None:
    """'... and none in hand': a card in the opponent's hand keeps every lane open."""
    state = build_state(lanes((["^5H"], ["^7C!1"])), (["2C"], ["3D"]), [])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.won == [None, None, None]


def test_rule6_a_won_lane_stays_won_and_no_more_cards_can_be_played_into_it() -> None:
    """'A won lane stays won, and no more cards can be played into it.'"""
    state = build_state(lanes((["^5H"], []), (["^6H"], ["^6C"])), (["2C", "3C"], []), [])
    assert state.won[0] == 0
    assert not any(t.endswith(" 1") and t.startswith("play") for t in texts(state))
    assert assert_refused_unchanged(state, 0, "play 2C 1").rule == "lane-won"
    state.play(0, "attack L2.0.1 L2.1.1")
    state.play(0, "play 2C 2")
    state.play(0, "play 3C 3")  # seat 0 empties its hand: lane 1 stays seat 0's
    assert state.won[0] == 0


def test_rule6_the_first_player_to_win_2_lanes_wins_the_game() -> None:
    """'The first player to win 2 lanes wins the game.'"""
    state = build_state(lanes((["^5H"], []), (["^6H"], ["^6C!1"])), (["2C"], []), [])
    events = state.play(0, "attack L2.0.1 L2.1.1")
    assert state.outcome().to_json() == {  # type: ignore[union-attr]
        "winner": 0, "lanes": [2, 0], "reason": "two-lanes"}
    assert events[-1].kind == "game-over"
    assert state.to_act() == () and state.legal_moves(0) == []
    assert assert_refused_unchanged(state, 0, "play 2C 3").rule == "game-over"


def test_rule7_a_player_who_cant_take_any_action_passes() -> None:
    """'A player who can't take any action passes.' The turn goes on to the opponent."""
    state = build_state(lanes(([], ["^9C"]), (["^4H~"], [])), ([], ["2D", "3D"]), [], seat=1,
                        actions=1)
    turn = state.turn
    events = state.play(1, "play 2D 2")  # seat 0's only card is frozen: it cannot act
    assert [(e.kind, e.seat) for e in events if e.kind == "pass"] == [("pass", 0)]
    assert state.turn_seat == 1 and state.turn == turn + 2 and state.outcome() is None


def test_rule7_if_both_players_pass_in_a_row_the_game_ends_equal_lanes_is_a_draw() -> None:
    """'If both players pass in a row and no card is frozen, the game ends. ... equal
    lanes is a draw.'"""
    state = build_state(lanes((["^5H"], []), ([], ["^5C"])), ([], []), [])
    assert state.outcome().to_json() == {  # type: ignore[union-attr]
        "winner": None, "lanes": [1, 1], "reason": "both-passed"}


def test_rule7_the_player_who_has_won_more_lanes_wins() -> None:
    """'The player who has won more lanes wins.'"""
    state = build_state(lanes((["^5H"], [])), ([], []), [])
    assert state.outcome().to_json() == {  # type: ignore[union-attr]
        "winner": 0, "lanes": [1, 0], "reason": "both-passed"}


def test_rule7_passes_while_a_card_is_frozen_do_not_end_the_game() -> None:
    """'... and no card is frozen': a pass while a card is frozen does not count."""
    state = build_state(lanes((["^5H~"], ["^5C~"])), ([], []), [], seat=0)
    assert state.outcome() is None
    assert state.turn_seat == 0 and state.turn == 4 and state.passes == 0
    assert "attack L1.0.1 L1.1.1" in texts(state)


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "rule"), [
    ("", "no-such-move"),
    ("dance", "no-such-move"),
    ("play ZZ 1", "unknown-card"),
    ("play 2C 4", "no-such-lane"),
    ("play KC 1", "not-in-hand"),
    ("flip X1", "no-such-move"),
    ("flip L4.0.1", "no-such-move"),
    ("flip L1.0.9", "no-such-card"),
    ("attack L1.0.1+L1.0.2+L1.0.3 L1.1.1", "no-such-move"),
    ("discard 2C", "no-choice"),
    ("next L1.0.1", "no-choice"),
])
def test_bad_input_is_refused_with_a_reason_and_changes_nothing(text: str, rule: str) -> None:
    state = build_state(lanes((["^5H"], ["7C"])), (["2C"], ["2D"]), ["9S"])
    assert assert_refused_unchanged(state, 0, text).rule == rule


def test_moves_out_of_turn_are_refused() -> None:
    state = build_state(lanes((["^5H"], ["7C"])), (["2C"], ["2D"]), ["9S"])
    assert assert_refused_unchanged(state, 1, "play 2D 1").rule == "not-your-turn"
    assert state.legal_moves(1) == [] and state.observation(1).legal_moves() == []
    assert assert_refused_unchanged(state, 5, "play 2C 1").rule == "no-such-seat"


def test_notation_accepts_lower_case_and_either_order_and_records_canonical_text() -> None:
    state = build_state(lanes((["^5H", "^5S"], ["7C"])), (["2C"], ["2D"]), ["9S"])
    state.play(0, "pair l1.0.2 1.0.1")
    state.play(0, "play 2c 3")
    assert state.history == [(0, "pair L1.0.1 L1.0.2"), (0, "play 2C 3")]

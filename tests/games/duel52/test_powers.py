"""Duel 52: every card power and every interaction the text names, each test named after
the sentence it checks."""

from __future__ import annotations

from typing import Any

from cardtable.cards import parse_card
from cardtable.games.duel52.rules import Duel52State, build_state
from cardtable.testing import assert_refused_unchanged

E: tuple[list[str], list[str]] = ([], [])


def lanes(*given: tuple[list[str], list[str]]) -> list[tuple[list[str], list[str]]]:
    return [*given] + [E] * (3 - len(given))


def texts(state: Duel52State) -> set[str]:
    return {m.text for m in state.legal_moves(state.turn_seat)}


def attacks(state: Duel52State) -> set[str]:
    return {t for t in texts(state) if t.startswith("attack")}


def card(state: Duel52State, pos: str) -> Any:
    found = state.find(pos)
    assert found is not None, f"no card at {pos}"
    return found


def view(state: Duel52State, seat: int | None, pos: str) -> Any:
    lane, side, slot = (int(x) for x in pos[1:].split("."))
    found = state.observation(seat).find((lane - 1, side, slot))
    assert found is not None
    return found


HANDS = (["2C"], ["2D"])


# --- general --------------------------------------------------------------------------


def test_powers_work_only_while_face_up_except_the_3() -> None:
    """'A card's power works only while it's face up, except the 3.' A face-down 8 does
    not retaliate, a face-down Jack does not taunt and has 2 hit points."""
    state = build_state(lanes((["^5H", "^6H"], ["8C", "JC!1", "4C"])), HANDS, ["9S"])
    assert attacks(state) >= {"attack L1.0.1 L1.1.1", "attack L1.0.1 L1.1.3"}
    state.play(0, "attack L1.0.1 L1.1.1")
    assert card(state, "L1.0.1").damage == 0
    state.play(0, "attack L1.0.2 L1.1.2")
    assert state.find("L1.1.2") is None  # a face-down Jack dies at 2 damage


def test_a_flip_power_acts_when_the_card_is_flipped_only() -> None:
    """'A flip power acts when the card is flipped.' It does not act again by itself."""
    state = build_state(lanes((["AH"], ["7C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert state.actions == 3  # used one, gained one
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.actions == 2


# --- 2 View ---------------------------------------------------------------------------


def test_view_draw_a_card_then_discard_a_card() -> None:
    """'2, View (flip). Draw a card, then discard a card.' The discard is the owner's
    choice, face down (D8): the opponent does not learn it."""
    state = build_state(lanes((["2H"], ["7C"])), (["3C"], ["2D"]), ["QS", "9S"])
    events = state.play(0, "flip L1.0.1")
    assert all("QS" not in str(e.to_json()) for e in events)
    assert sorted(c.text for c in state.hands[0]) == ["3C", "QS"]
    assert state.to_act() == (0,) and texts(state) == {"discard 3C", "discard QS"}
    assert state.observation(1).choice is not None and state.observation(1).hand_counts[0] == 2
    assert assert_refused_unchanged(state, 0, "play 3C 1").rule == "choice-pending"
    assert assert_refused_unchanged(state, 0, "discard 9S").rule == "not-in-hand"
    state.play(0, "discard QS")
    assert state.observation(0).discard[-1].card == parse_card("QS")
    assert state.observation(1).discard[-1].card is None
    assert state.observation(None).discard[-1].card is None
    assert state.actions == 2


def test_view_with_an_empty_draw_pile_does_nothing() -> None:
    """'It does nothing once the draw pile is empty.'"""
    state = build_state(lanes((["2H"], ["7C"])), (["3C"], ["2D"]), [])
    state.play(0, "flip L1.0.1")
    assert state.choice is None and [c.text for c in state.hands[0]] == ["3C"]
    assert state.actions == 2


def test_view_may_draw_the_last_card_which_ends_the_base_protection() -> None:
    """View draws while the pile lasts; once it is empty Base cards are ordinary."""
    state = build_state(lanes((["2H", "*5H"], ["*7C"])), (["3C"], ["2D"]), ["QS"])
    state.play(0, "flip L1.0.1")
    state.play(0, "discard 3C")
    assert not state.pile and "flip L1.0.0" in texts(state)


# --- 3 Trap ---------------------------------------------------------------------------


def test_trap_if_its_killed_while_face_down_it_turns_face_up_instead_with_no_damage() -> None:
    """'3, Trap. If it's killed while face down, it turns face up instead, with no
    damage.' The 3 trap face down: it stays where it is (D10)."""
    state = build_state(lanes((["^5H"], ["3C!1"])), HANDS, ["9S"])
    events = state.play(0, "attack L1.0.1 L1.1.1")
    three = card(state, "L1.1.1")
    assert three.up and three.damage == 0
    assert any(e.kind == "trap" for e in events) and not state.discard
    assert view(state, 0, "L1.1.1").card == parse_card("3C")


def test_trap_works_against_a_pair_attack_too() -> None:
    """A pair deals 2 to a face-down 3 with no damage: it springs all the same."""
    state = build_state(lanes((["^5H", "^5S"], ["3C"])), HANDS, ["9S"],
                        pairs=[("L1.0.1", "L1.0.2")])
    state.play(0, "attack L1.0.1+L1.0.2 L1.1.1")
    assert card(state, "L1.1.1").up and card(state, "L1.1.1").damage == 0


def test_trap_a_face_up_3_is_killed_normally() -> None:
    """Only a face-down 3 springs; a face-up one dies at 2 damage."""
    state = build_state(lanes((["^5H"], ["^3C!1"])), HANDS, ["9S"])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.find("L1.1.1") is None


# --- 4 Foresight ----------------------------------------------------------------------


def test_foresight_you_may_look_at_any_face_down_card_a_base_card_included() -> None:
    """'4, Foresight (flip). You may look at any face-down card, a Base card included.
    Only you see it.' It stays in your observation until revealed or gone."""
    state = build_state(lanes((["4H", "*6H"], ["*KC", "7D"]), ([], ["JD"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert texts(state) == {"look none", "look L1.0.0", "look L1.1.0", "look L1.1.1",
                            "look L2.1.1"}
    events = state.play(0, "look L1.1.0")
    assert all("KC" not in str(e.to_json()) for e in events)
    assert view(state, 0, "L1.1.0").card == parse_card("KC")
    assert view(state, 1, "L1.1.0").card is None  # Base: unknown to its owner too
    assert view(state, None, "L1.1.0").card is None
    assert view(state, 1, "L1.1.0").seen == (0,)  # who looked is public


def test_foresight_you_may_look_at_none() -> None:
    """'You may look' - looking is optional."""
    state = build_state(lanes((["4H"], ["7D"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    state.play(0, "look none")
    assert view(state, 0, "L1.1.1").card is None and state.choice is None


# --- 5 Flip ---------------------------------------------------------------------------


def test_flip_flips_all_your_face_down_cards_in_its_lane_powers_in_the_order_you_choose() -> None:
    """'5, Flip (flip). Flip all your face-down cards in its lane ... Their powers act
    in the order you choose.' (D15)"""
    state = build_state(lanes((["5H", "AH", "7S", "*6D", "^8H!1"], ["7C"]), (["9D"], [])),
                        HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert all(card(state, p).up for p in ("L1.0.1", "L1.0.2", "L1.0.3"))
    assert not card(state, "L1.0.0").up  # the Base waits for the empty pile
    assert not card(state, "L2.0.1").up  # other lanes are not flipped
    assert texts(state) == {"next L1.0.2", "next L1.0.3"}
    state.play(0, "next L1.0.3")  # Heal first
    assert card(state, "L1.0.4").damage == 0
    assert state.choice is None  # the last one (the Ace) acts by itself
    assert state.actions == 3 and card(state, "L1.0.2").double


def test_flip_your_base_card_too_once_the_draw_pile_is_empty() -> None:
    """'... and your Base card too once the draw pile is empty.'"""
    state = build_state(lanes((["*6D", "5H", "9H"], ["7C"])), HANDS, [])
    state.play(0, "flip L1.0.1")
    assert card(state, "L1.0.0").up and card(state, "L1.0.2").up


def test_flip_does_not_flip_a_frozen_card() -> None:
    """D5: a frozen card cannot be flipped by any power."""
    state = build_state(lanes((["5H", "9H~"], ["7C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert not card(state, "L1.0.2").up


# --- 6 Freeze -------------------------------------------------------------------------


def test_freeze_your_opponents_cards_in_its_lane_are_frozen_until_the_end_of_their_next_turn(
) -> None:
    """'6, Freeze (flip). Your opponent's cards in its lane are frozen until the end of
    their next turn. A frozen card can't attack, and its owner can't flip it.'"""
    state = build_state(lanes((["6H", "^5H"], ["^7C", "8C"]), ([], ["^4C"])),
                        (["2C"], ["2D", "3D"]), ["9S", "9C"], actions=1)
    state.play(0, "flip L1.0.1")
    assert state.turn_seat == 1
    moves = texts(state)
    assert not any(t.startswith(("attack L1.1.1", "flip L1.1.2")) for t in moves)
    assert assert_refused_unchanged(state, 1, "attack L1.1.1 L1.0.1").rule == "frozen"
    assert assert_refused_unchanged(state, 1, "flip L1.1.2").rule == "frozen"
    assert view(state, 0, "L1.1.1").frozen and not view(state, 0, "L2.1.1").frozen
    for text in ("play 2D 1", "play 3D 1", "play 9S 1"):
        state.play(1, text)
    assert not view(state, 1, "L1.1.3").frozen  # played after the freeze
    assert state.turn_seat == 0 and not card(state, "L1.1.1").frozen  # thawed at turn end


def test_freeze_vs_a_9_a_face_up_9_cant_be_frozen() -> None:
    """'A face-up 9 can't be frozen.' A face-down 9 is frozen like any card."""
    state = build_state(lanes((["6H"], ["^9C", "9D", "^5C"])), HANDS, ["9S"], actions=1)
    state.play(0, "flip L1.0.1")
    assert not card(state, "L1.1.1").frozen
    assert card(state, "L1.1.2").frozen and card(state, "L1.1.3").frozen
    assert "attack L1.1.1 L1.0.1" in texts(state)
    assert "flip L1.1.2" not in texts(state)


# --- 7 Heal ---------------------------------------------------------------------------


def test_heal_removes_all_damage_from_your_cards_in_every_lane_face_up_and_face_down() -> None:
    """'7, Heal (flip). Remove all damage from your cards, in every lane, face up and face
    down.' Not from the opponent's cards."""
    state = build_state(lanes((["7H", "^5H!1"], ["^5C!1"]), (["4H!1", "^JH!2"], [])),
                        HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    for pos in ("L1.0.2", "L2.0.1", "L2.0.2"):
        assert card(state, pos).damage == 0
    assert card(state, "L1.1.1").damage == 1


# --- 8 Retaliate ----------------------------------------------------------------------


def test_retaliate_a_card_that_attacks_it_takes_1_damage() -> None:
    """'8, Retaliate (constant). A card that attacks it takes 1 damage.'"""
    state = build_state(lanes((["^5H"], ["^8C"])), HANDS, ["9S"])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert card(state, "L1.0.1").damage == 1 and card(state, "L1.1.1").damage == 1


def test_retaliate_vs_a_pair_both_cards_of_a_pair_take_1_damage() -> None:
    """'... and both cards of a pair do.'"""
    state = build_state(lanes((["^4H", "^4S"], ["^8C"])), HANDS, ["9S"],
                        pairs=[("L1.0.1", "L1.0.2")])
    state.play(0, "attack L1.0.1+L1.0.2 L1.1.1")
    assert state.find("L1.1.1") is None
    assert card(state, "L1.0.1").damage == 1 and card(state, "L1.0.2").damage == 1


def test_retaliate_vs_a_9_a_9_isnt_affected() -> None:
    """'A 9 isn't affected.' (and '9 ... isn't hurt by an 8'), alone or as a pair."""
    state = build_state(lanes((["^9H", "^9S", "^9D"], ["^8C", "^8D"])), HANDS, ["KD"],
                        pairs=[("L1.0.2", "L1.0.3")])
    state.play(0, "attack L1.0.1 L1.1.1")
    state.play(0, "attack L1.0.2+L1.0.3 L1.1.2")
    assert all(card(state, p).damage == 0 for p in ("L1.0.1", "L1.0.2", "L1.0.3"))


def test_retaliate_and_the_attack_happen_together_both_cards_can_die() -> None:
    """D13: Retaliate and the attack's own damage happen together."""
    state = build_state(lanes((["^4H!1"], ["^8C!1"])), HANDS, ["9S"])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.find("L1.0.1") is None and state.find("L1.1.1") is None


# --- 9 Nimble -------------------------------------------------------------------------


def test_nimble_a_10_cant_hit_it_and_another_card_in_one_attack_but_can_hit_it_alone() -> None:
    """'A 10 can't hit it and another card in one attack, but can hit it alone.'"""
    state = build_state(lanes((["^10H"], ["^9C", "^5D", "^6D"])), HANDS, ["9S"])
    assert attacks(state) == {"attack L1.0.1 L1.1.1", "attack L1.0.1 L1.1.2 L1.1.3"}
    assert assert_refused_unchanged(state, 0, "attack L1.0.1 L1.1.1 L1.1.2").rule == "nimble"


def test_nimble_a_10_against_a_9_and_a_second_card() -> None:
    """With only a 9 and one other card, the 10 hits either one alone."""
    state = build_state(lanes((["^10H"], ["^9C", "^5D"])), HANDS, ["9S"])
    assert attacks(state) == {"attack L1.0.1 L1.1.1", "attack L1.0.1 L1.1.2"}
    state.play(0, "attack L1.0.1 L1.1.1")
    assert card(state, "L1.1.1").damage == 1 and card(state, "L1.1.2").damage == 0


def test_nimble_a_face_down_9_is_an_ordinary_card_for_a_10() -> None:
    state = build_state(lanes((["^10H"], ["9C", "^5D"])), HANDS, ["9S"])
    assert attacks(state) == {"attack L1.0.1 L1.1.1 L1.1.2"}


def test_nimble_it_deals_2_damage_to_a_face_up_jack() -> None:
    """'It deals 2 damage to a face-up Jack' (1 to a face-down one)."""
    state = build_state(lanes((["^9H", "^9S"], ["^JC", "JD"])), HANDS, ["KD"])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert card(state, "L1.1.1").damage == 2


def test_nimble_9_against_a_face_down_jack_deals_1() -> None:
    state = build_state(lanes((["^9H"], ["JD"])), HANDS, ["9S"])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert card(state, "L1.1.1").damage == 1


def test_nimble_a_pair_of_9s_deals_3_to_a_face_up_jack() -> None:
    """'... and a pair of 9s deals 3.' Three kills a Jack with its 3 hit points."""
    state = build_state(lanes((["^9H", "^9S"], ["^JC", "^5C"])), HANDS, ["KD"],
                        pairs=[("L1.0.1", "L1.0.2")])
    events = state.play(0, "attack L1.0.1+L1.0.2 L1.1.1")
    assert state.find("L1.1.1") is None
    assert [e.data["damage"] for e in events if e.kind == "attack"] == [[3]]


def test_nimble_it_cant_be_frozen() -> None:
    """'It can't be frozen' (while face up)."""
    state = build_state(lanes((["6H"], ["^9C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert not card(state, "L1.1.1").frozen


# --- 10 Twinstrike --------------------------------------------------------------------


def test_twinstrike_1_damage_to_each_of_two_different_cards_it_must_hit_two() -> None:
    """'10, Twinstrike (constant). Its attack deals 1 damage to each of two different
    cards in the lane, and it must hit two when two can be hit.'"""
    state = build_state(lanes((["^10H"], ["^5D", "^6D", "^7D"])), HANDS, ["9S"])
    assert attacks(state) == {"attack L1.0.1 L1.1.1 L1.1.2", "attack L1.0.1 L1.1.1 L1.1.3",
                              "attack L1.0.1 L1.1.2 L1.1.3"}
    assert assert_refused_unchanged(state, 0, "attack L1.0.1 L1.1.1").rule == "twinstrike"
    state.play(0, "attack L1.0.1 L1.1.3 L1.1.1")
    assert [card(state, p).damage for p in ("L1.1.1", "L1.1.2", "L1.1.3")] == [1, 0, 1]


def test_twinstrike_with_one_card_to_hit_it_hits_one() -> None:
    state = build_state(lanes((["^10H"], ["^5D"])), HANDS, ["9S"])
    assert attacks(state) == {"attack L1.0.1 L1.1.1"}


def test_twinstrike_a_pair_of_10s_deals_2_damage_to_one_card_and_1_to_a_second() -> None:
    """'A pair of 10s deals 2 damage to one card and 1 to a second.'"""
    state = build_state(lanes((["^10H", "^10S"], ["^5D", "^6D"])), HANDS, ["9S"],
                        pairs=[("L1.0.1", "L1.0.2")])
    assert attacks(state) == {"attack L1.0.1+L1.0.2 L1.1.1 L1.1.2",
                              "attack L1.0.1+L1.0.2 L1.1.2 L1.1.1"}
    state.play(0, "attack L1.0.1+L1.0.2 L1.1.2 L1.1.1")
    assert state.find("L1.1.2") is None and card(state, "L1.1.1").damage == 1


def test_twinstrike_a_10_hitting_two_8s_takes_retaliation_from_each() -> None:
    state = build_state(lanes((["^10H"], ["^8D", "^8S"])), HANDS, ["9S"])
    state.play(0, "attack L1.0.1 L1.1.1 L1.1.2")
    assert state.find("L1.0.1") is None


# --- J Taunt --------------------------------------------------------------------------


def test_taunt_it_has_3_hit_points() -> None:
    """'J, Taunt (constant). It has 3 hit points.'"""
    state = build_state(lanes((["^5H", "^6H", "^7H"], ["^JC"])), HANDS, ["9S"])
    state.play(0, "attack L1.0.1 L1.1.1")
    state.play(0, "attack L1.0.2 L1.1.1")
    assert card(state, "L1.1.1").damage == 2
    state.play(0, "attack L1.0.3 L1.1.1")
    assert state.find("L1.1.1") is None


def test_taunt_only_face_up_jacks_on_its_side_of_the_lane_can_be_attacked() -> None:
    """'While it's face up, only face-up Jacks on its side of the lane can be attacked.'"""
    state = build_state(lanes((["^5H"], ["^JC", "^5C", "JD"]), (["^6H"], ["^6C"])), HANDS,
                        ["9S"])
    assert attacks(state) == {"attack L1.0.1 L1.1.1", "attack L2.0.1 L2.1.1"}
    assert assert_refused_unchanged(state, 0, "attack L1.0.1 L1.1.2").rule == "taunt"


def test_taunt_with_several_jacks_the_attacker_picks_which_to_hit() -> None:
    """D12: with several face-up Jacks on a side, the attacker picks which to hit."""
    state = build_state(lanes((["^5H"], ["^JC", "^5C", "^JD"])), HANDS, ["9S"])
    assert attacks(state) == {"attack L1.0.1 L1.1.1", "attack L1.0.1 L1.1.3"}
    state.play(0, "attack L1.0.1 L1.1.3")
    assert card(state, "L1.1.3").damage == 1


def test_taunt_a_10_must_hit_two_jacks_when_two_are_face_up() -> None:
    state = build_state(lanes((["^10H"], ["^JC", "^5C", "^JD"])), HANDS, ["9S"])
    assert attacks(state) == {"attack L1.0.1 L1.1.1 L1.1.3"}


# --- Q Move ---------------------------------------------------------------------------


def test_move_you_may_move_one_of_your_cards_from_another_lane_into_her_lane() -> None:
    """'Q, Move (flip). You may move one of your cards from another lane into her lane,
    face up or face down.' It keeps its damage and face (D6)."""
    state = build_state(lanes((["QH"], ["7C"]), (["^5H!1", "8H"], ["^7D"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert texts(state) == {"move none", "move L2.0.1", "move L2.0.2"}
    state.play(0, "move L2.0.1")
    moved = card(state, "L1.0.2")
    assert moved.card == parse_card("5H") and moved.up and moved.damage == 1
    state2 = build_state(lanes((["QH"], ["7C"]), (["8H"], ["^7D"])), HANDS, ["9S"])
    state2.play(0, "flip L1.0.1")
    state2.play(0, "move L2.0.1")
    assert not card(state2, "L1.0.2").up
    assert view(state2, 1, "L1.0.2").card is None  # still hidden from the opponent


def test_move_is_optional() -> None:
    """'You may move' - 'move none' moves nothing."""
    state = build_state(lanes((["QH"], ["7C"]), (["8H"], [])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    state.play(0, "move none")
    assert card(state, "L2.0.1") is not None and state.choice is None


def test_move_with_a_pair_a_moved_card_leaves_its_pair() -> None:
    """'A moved card leaves its pair.' The card left behind may pair again (D14)."""
    state = build_state(lanes((["QH"], ["7C"]), (["^5H", "^5S", "^5D"], ["^7D"])),
                        HANDS, ["9S"], pairs=[("L2.0.1", "L2.0.2")])
    state.play(0, "flip L1.0.1")
    state.play(0, "move L2.0.1")
    assert card(state, "L1.0.2").partner is None and card(state, "L2.0.2").partner is None
    assert "pair L2.0.2 L2.0.3" in texts(state)


def test_move_with_base_cards_a_base_card_can_be_moved_only_once_the_pile_is_empty() -> None:
    """'A Base card can be moved only once the draw pile is empty.'"""
    layout = lanes((["QH"], ["7C"]), (["*8H"], ["*7D"]))
    state = build_state(layout, HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert state.choice is None  # nothing to move: the Queen asks nothing
    state = build_state(layout, HANDS, [])
    state.play(0, "flip L1.0.1")
    state.play(0, "move L2.0.0")
    moved = card(state, "L1.0.2")
    assert moved.base and not moved.up
    assert view(state, 0, "L1.0.2").card is None  # a Base card stays unknown


def test_move_no_card_enters_or_leaves_a_won_lane() -> None:
    """D2: a won lane: no card may enter or leave it."""
    state = build_state(lanes((["QH"], ["7C"]), (["^8H"], []), (["^9H"], ["^9C"])),
                        (["2C"], []), [])
    assert state.won == [None, 0, None]
    state.play(0, "flip L1.0.1")
    assert texts(state) == {"move none", "move L3.0.1"}


# --- K Empower ------------------------------------------------------------------------


def test_empower_your_face_up_cards_in_his_lane_use_their_powers_again_in_your_order() -> None:
    """'K, Empower (flip). Your face-up 2s, 4s, 5s, 6s, 7s, Queens, and Aces in his lane
    use their powers again, in the order you choose.'"""
    state = build_state(lanes((["KH", "^7H", "^6H", "^5H!1"], ["^7C", "^8C"])), HANDS,
                        ["9S"], actions=1)
    state.play(0, "flip L1.0.1")
    assert texts(state) == {"next L1.0.2", "next L1.0.3", "next L1.0.4"}
    state.play(0, "next L1.0.2")  # Heal
    assert card(state, "L1.0.4").damage == 0
    state.play(0, "next L1.0.4")  # the 5 flips nothing; the 6 acts last by itself
    assert card(state, "L1.1.1").frozen and card(state, "L1.1.2").frozen
    assert state.turn_seat == 1


def test_empower_other_kings_and_the_constant_powers_dont() -> None:
    """'Other Kings and the constant powers don't.' Cards in other lanes and the
    opponent's cards don't either."""
    state = build_state(lanes((["KH", "^KS", "^8H", "^JH"], ["^6C"]), (["^AH"], [])),
                        HANDS, ["9S"])
    events = state.play(0, "flip L1.0.1")
    assert [e.data["cards"] for e in events if e.kind == "empower"] == [[]]
    assert state.actions == 2 and not card(state, "L2.0.1").double


def test_empower_re_firing_an_ace_one_more_action_and_it_may_attack_twice() -> None:
    """D7: Empower on an Ace: one more action and that Ace may attack twice this turn."""
    state = build_state(lanes((["KH", "^AH"], ["^7C", "^8C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert state.actions == 3 and card(state, "L1.0.2").double
    state.play(0, "attack L1.0.2 L1.1.1")
    state.play(0, "attack L1.0.2 L1.1.1")
    assert state.find("L1.1.1") is None
    assert not any(t.startswith("attack L1.0.2") for t in texts(state))


def test_empower_re_firing_a_queen_and_a_view() -> None:
    """A King makes a Queen move again and a 2 draw and discard again."""
    state = build_state(lanes((["KH", "^QH", "^2H"], ["^7C"]), (["^5H"], [])),
                        (["3C"], ["2D"]), ["9S", "8S"])
    state.play(0, "flip L1.0.1")
    state.play(0, "next L1.0.2")
    assert texts(state) == {"move none", "move L2.0.1"}
    state.play(0, "move L2.0.1")
    assert texts(state) == {"discard 3C", "discard 9S"}
    state.play(0, "discard 3C")
    assert card(state, "L1.0.4").card == parse_card("5H") and state.choice is None


def test_empower_inside_a_flip_acts_on_what_is_face_up_when_it_resolves() -> None:
    """D15: a King empowers what is face up in his lane when his power resolves: flipped
    by a 5 together with an Ace, he re-fires the Ace and the 5."""
    state = build_state(lanes((["5H", "AH", "KH"], ["^7C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert texts(state) == {"next L1.0.2", "next L1.0.3"}
    state.play(0, "next L1.0.3")  # the King: re-fires the 5 and the Ace (face up now)
    assert texts(state) == {"next L1.0.1", "next L1.0.2"}
    state.play(0, "next L1.0.2")  # Ace (1), then the 5 acts alone; then the Ace's own flip
    assert state.choice is None and not state.frames
    assert state.actions == 2 + 2


# --- A Action -------------------------------------------------------------------------


def test_action_gain_1_action_and_the_ace_can_attack_twice_this_turn() -> None:
    """'A, Action (flip). Gain 1 action, and the Ace can attack twice this turn.'"""
    state = build_state(lanes((["AH"], ["^7C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert state.actions == 3
    state.play(0, "attack L1.0.1 L1.1.1")
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.find("L1.1.1") is None


def test_action_the_double_attack_lasts_this_turn_only() -> None:
    state = build_state(lanes((["AH"], ["^7C", "^8C"])), (["2C"], ["2D", "3D", "4D"]),
                        ["9S", "9C"], actions=1)
    state.play(0, "flip L1.0.1")
    state.play(0, "attack L1.0.1 L1.1.1")
    for text in ("play 2D 2", "play 3D 2", "play 4D 2"):
        state.play(1, text)
    state.play(0, "attack L1.0.1 L1.1.1")
    assert not any(t.startswith("attack L1.0.1") for t in texts(state))


def test_freeze_a_frozen_card_in_a_pair_keeps_the_pair_from_attacking() -> None:
    """'A frozen card can't attack': the pair attacks together, so neither attacks."""
    state = build_state(lanes((["^5H~", "^5S"], ["^7C"])), HANDS, ["9S"],
                        pairs=[("L1.0.1", "L1.0.2")])
    assert not attacks(state)
    assert assert_refused_unchanged(state, 0, "attack L1.0.1+L1.0.2 L1.1.1").rule == "frozen"

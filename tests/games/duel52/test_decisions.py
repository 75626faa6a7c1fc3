"""Duel 52: the 16 decisions of DESIGN.md ("Rule decisions / Duel 52"), one test each
(some decisions also have tests in test_powers.py under the power they settle)."""

from __future__ import annotations

from typing import Any

from cardtable.cards import parse_card
from cardtable.games.duel52.rules import DUEL52, Duel52State, build_state
from cardtable.testing import assert_refused_unchanged

E: tuple[list[str], list[str]] = ([], [])
HANDS = (["2C"], ["2D"])


def lanes(*given: tuple[list[str], list[str]]) -> list[tuple[list[str], list[str]]]:
    return [*given] + [E] * (3 - len(given))


def texts(state: Duel52State) -> set[str]:
    return {m.text for m in state.legal_moves(state.turn_seat)}


def card(state: Duel52State, pos: str) -> Any:
    found = state.find(pos)
    assert found is not None, f"no card at {pos}"
    return found


def view(state: Duel52State, seat: int | None, pos: str) -> Any:
    lane, side, slot = (int(x) for x in pos[1:].split("."))
    return state.observation(seat).find((lane - 1, side, slot))


def test_decision_1_base_cards_unknown_to_both_own_played_cards_known() -> None:
    """D1: Base cards are unknown to both players until flipped; your own face-down
    hand-played cards are known to you."""
    state = DUEL52.new({}, seed=11)
    seat = state.turn_seat
    text = state.hands[seat][0].text
    state.play(seat, f"play {text} 1")
    for who in (0, 1, None):
        for lane in range(3):
            for side in (0, 1):
                base = state.observation(who).lanes[lane][side][0]
                assert base.card is None
    assert view(state, seat, f"L1.{seat}.1").card == parse_card(text)
    assert view(state, 1 - seat, f"L1.{seat}.1").card is None
    assert view(state, None, f"L1.{seat}.1").card is None


def test_decision_2_lanes_are_checked_after_every_action_and_no_card_enters_or_leaves() -> None:
    """D2: lane won: checked after every action once the draw pile is empty. A won lane
    stays won; no card may enter or leave it (no play, no Move in or out)."""
    state = build_state(lanes((["^5H"], ["^7C!1"]), (["QH"], ["^4C"]), (["^6H"], ["^6C"])),
                        (["2C"], []), [])
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.won == [0, None, None]  # checked right after the action
    state.play(0, "flip L2.0.1")
    assert texts(state) == {"move none", "move L3.0.1"}  # L1.0.1 may not leave
    state.play(0, "move none")
    assert state.won == [0, None, None]


def test_decision_3_a_pair_attack_is_one_action_using_both_cards_attack() -> None:
    """D3: Pair is an action; a pair attack is one action and uses both cards' attack."""
    state = build_state(lanes((["^6H", "^6S"], ["^7C", "^8D"])), HANDS, ["9S"])
    state.play(0, "pair L1.0.1 L1.0.2")
    assert state.actions == 2
    state.play(0, "attack L1.0.1+L1.0.2 L1.1.1")
    assert state.actions == 1
    assert card(state, "L1.0.1").attacks == 1 and card(state, "L1.0.2").attacks == 1
    assert not any(t.startswith("attack") for t in texts(state))


def test_decision_4_you_must_act_while_you_can_else_the_rest_is_passed() -> None:
    """D4: You must take an action while one is legal; when none is, the rest of the
    turn is passed."""
    state = build_state(lanes((["^5H"], ["^7C"])), ([], ["2D"]), ["9S"], seat=0)
    assert state.actions == 3 and texts(state) == {"attack L1.0.1 L1.1.1"}
    state.play(0, "attack L1.0.1 L1.1.1")
    assert state.turn_seat == 1


def test_decision_5_freeze_covers_the_cards_in_the_lane_when_the_6_flips() -> None:
    """D5: Freeze lasts until the end of the opponent's next turn and covers the cards in
    that lane when the 6 flips. A frozen card cannot be flipped by any power."""
    state = build_state(lanes((["6H"], ["5C", "^7C"]), (["QH"], ["^4D"])),
                        (["2C"], ["2D", "5D"]), ["9S", "9C", "8C"], seat=0, actions=1)
    state.play(0, "flip L1.0.1")
    state.play(1, "play 2D 1")
    assert not card(state, "L1.1.3").frozen  # entered after the 6 flipped
    state.play(1, "attack L2.1.1 L2.0.1")
    assert card(state, "L1.1.1").frozen
    state.play(1, "play 5D 2")
    assert not card(state, "L1.1.1").frozen  # its owner's next turn has ended
    # and a 5 of the frozen seat cannot flip its frozen cards
    state = build_state(lanes((["5H", "AH~"], ["^7C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert not card(state, "L1.0.2").up


def test_decision_6_move_keeps_damage_and_face_and_leaves_its_pair() -> None:
    """D6: Move keeps the card's damage and face; a moved card leaves its pair."""
    state = build_state(lanes((["QH"], ["^7C"]), (["^5H!1", "^5S", "JD!1"], ["^4D"])),
                        HANDS, ["9S"], pairs=[("L2.0.1", "L2.0.2")])
    state.play(0, "flip L1.0.1")
    state.play(0, "move L2.0.1")
    moved = card(state, "L1.0.2")
    assert moved.up and moved.damage == 1 and moved.partner is None
    assert card(state, "L2.0.2").partner is None
    state = build_state(lanes((["QH"], ["^7C"]), (["JD!1"], ["^4D"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    state.play(0, "move L2.0.1")
    assert not card(state, "L1.0.2").up and card(state, "L1.0.2").damage == 1


def test_decision_7_empower_on_an_ace_one_more_action_and_two_attacks() -> None:
    """D7: Empower on an Ace: one more action and that Ace may attack twice this turn
    (twice, not three times, even when the Ace also flipped this turn)."""
    state = build_state(lanes((["5H", "AH", "KH"], ["^JC"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    state.play(0, "next L1.0.2")  # Ace first (+1), then the King re-fires it (+1)
    state.play(0, "next L1.0.2")
    assert state.actions == 2 + 2
    for _ in range(2):
        state.play(0, "attack L1.0.2 L1.1.1")
    assert not any(t.startswith("attack L1.0.2") for t in texts(state))


def test_decision_8_view_discards_face_down() -> None:
    """D8: View discards face down: the opponent and spectators do not see the card."""
    state = build_state(lanes((["2H"], ["7C"])), (["3C"], ["2D"]), ["QS"])
    state.play(0, "flip L1.0.1")
    events = state.play(0, "discard 3C")
    assert all("3C" not in str(e.to_json()) for e in events)
    assert state.observation(1).discard[0].card is None
    assert state.observation(1).discard[0].how == "discarded"


def test_decision_9_the_draw_is_at_the_start_of_the_turn_no_hand_limit() -> None:
    """D9: The draw is at the start of the turn; there is no hand limit."""
    many = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"]
    state = build_state(lanes((["^5H"], ["^7D"])), (many, ["2D"]), ["KS", "QS"], seat=1,
                        actions=1)
    state.play(1, "attack L1.1.1 L1.0.1")
    assert len(state.hands[0]) == 10


def test_decision_10_a_face_down_3_that_would_be_killed_stays_face_up_base_too() -> None:
    """D10: Trap: a face-down 3 (a Base card too, once Bases can be attacked) that would
    be killed stays where it is, face up, with no damage."""
    state = build_state(lanes((["^5H"], ["*3C!1"])), HANDS, [])
    state.play(0, "attack L1.0.1 L1.1.0")
    base = card(state, "L1.1.0")
    assert base.up and base.damage == 0 and base.base


def test_decision_11_heal_removes_all_damage_jacks_included() -> None:
    """D11: Heal removes all damage, Jacks included."""
    state = build_state(lanes((["7H", "^JH!2"], ["^7C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert card(state, "L1.0.2").damage == 0


def test_decision_12_with_several_face_up_jacks_the_attacker_picks() -> None:
    """D12: With several face-up Jacks on a side, the attacker picks which to hit."""
    state = build_state(lanes((["^5H"], ["^JC", "^JD"])), HANDS, ["9S"])
    assert {t for t in texts(state) if t.startswith("attack")} == {
        "attack L1.0.1 L1.1.1", "attack L1.0.1 L1.1.2"}


def test_decision_13_retaliate_and_the_attack_happen_together() -> None:
    """D13: Retaliate and the attack's own damage happen together: both cards can die."""
    state = build_state(lanes((["^4H!1"], ["^8C!1"])), HANDS, ["9S"])
    events = state.play(0, "attack L1.0.1 L1.1.1")
    assert sum(e.kind == "killed" for e in events) == 2


def test_decision_14_a_pair_ends_only_when_a_card_dies_or_moves() -> None:
    """D14: A pair ends when one of its cards dies or moves; there is no other way to
    leave a pair, and a card left alone may pair again."""
    state = build_state(lanes((["^5H", "^5S!1", "^5D"], ["^7C", "^8C"])), HANDS, ["9S"],
                        seat=1, pairs=[("L1.0.1", "L1.0.2")])
    state.play(1, "attack L1.1.1 L1.0.2")
    assert state.find("L1.0.2") is None and card(state, "L1.0.1").partner is None
    state.play(1, "play 2D 2")
    state.play(1, "attack L1.1.2 L1.0.3")
    assert state.turn_seat == 0 and "pair L1.0.1 L1.0.3" in texts(state)
    assert not any(t.startswith(("unpair", "split")) for t in texts(state))


def test_decision_15_the_owner_picks_the_order_and_a_king_empowers_on_resolution() -> None:
    """D15: When a 5 flips several cards, or a King re-fires several, the owner picks
    the order; a King empowers what is face up in his lane when his power resolves."""
    state = build_state(lanes((["5H", "KH", "7H", "^6H"], ["^7C"])), HANDS, ["9S"])
    state.play(0, "flip L1.0.1")
    assert texts(state) == {"next L1.0.2", "next L1.0.3"}
    state.play(0, "next L1.0.2")
    # the King resolves now: the 5, the 7 (flipped a moment ago) and the 6 are face up
    assert texts(state) == {"next L1.0.1", "next L1.0.3", "next L1.0.4"}
    assert state.observation(1).choice is not None
    assert state.to_act() == (0,)
    assert_refused_unchanged(state, 0, "next L1.1.1")


def test_decision_16_everything_else_as_the_rule_text() -> None:
    """D16: new decisions are in the module docstring (the rules page) - they are there."""
    from cardtable.games.duel52 import rules

    doc = " ".join((rules.__doc__ or "").split())
    for words in ("A *pass* is a turn in which the player can take no action at all",
                  "The cards of a pair attack only together",
                  "Retaliate is per face-up 8", "Move (Q) keeps the card's damage and face",
                  "Termination:"):
        assert words in doc

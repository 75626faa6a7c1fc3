"""Every variant of the text, one test per rule sentence (DESIGN.md Paternoster 3–10)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.cards import deck, parse_card
from cardtable.engine import OptionError
from cardtable.games.paternoster.rules import PATERNOSTER, pile_ids
from cardtable.games.paternoster.variants import from_variants
from cardtable.games.registry import replay
from cardtable.testing import assert_refused_unchanged

C = parse_card


def plays(state, seat: int = 0) -> set[str]:
    return {m.text for m in state.legal_moves(seat) if m.kind == "play"}


def moves(state, seat: int = 0) -> list[str]:
    return [m.text for m in state.legal_moves(seat)]


def result(state) -> dict[str, object] | None:
    outcome = state.outcome()
    return None if outcome is None else outcome.to_json()


LOW = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


# --- Short trip, First ride, Bigger and Smaller hand, Two cars --------------------------


def test_variant_short_trip_one_deck_5_cards_6_for_one_or_two() -> None:
    """Short trip: "one deck only (52 cards, no twins), 5 cards each (6 for one or two
    players)"."""
    for players, size in ((1, 6), (2, 6), (3, 5), (5, 5)):
        state = PATERNOSTER.new({"short_trip": True, "players": players}, seed=1)
        assert [len(h) for h in state.hands] == [size] * players
        everything = [c for h in state.hands for c in h] + state.draw
        assert Counter(everything) == Counter(deck(1))


def test_variant_first_ride_one_deck_two_piles_three_cards_one_a_turn(dealt) -> None:
    """First ride: "one deck, only one up pile and one down pile, 3 cards each, and you
    play at least one card per turn"."""
    state = PATERNOSTER.new({"first_ride": True}, seed=4)
    assert [len(h) for h in state.hands] == [3, 3] and len(state.draw) == 46
    assert pile_ids(state.opts) == (0, 3)
    assert state.required == 1
    seat = state.turn_seat
    assert {m.text.split()[-1] for m in state.legal_moves(seat) if m.kind == "play"} == {
        "up1", "down1"}
    exc = assert_refused_unchanged(state, seat, f"play {state.hands[seat][0].text} up2")
    assert exc.rule == "no-such-pile"


def test_variant_first_ride_same_suit_always_fits(pos) -> None:
    """First ride: "the same suit always fits: a heart on a heart, ... whatever the
    rank"; it is a normal move, not the turn's step back (decision)."""
    state = pos({"first_ride": True}, [["2H", "KH", "QS"], ["KC"]],
                piles={"up1": ["10H"], "down1": ["5H"]})
    assert {"play 2H up1", "play KH down1", "play 2H down1"} <= plays(state)
    assert "play QS down1" not in plays(state)
    state.play(0, "play 2H up1")
    assert not state.step_back_used


def test_variant_bigger_hand_one_more() -> None:
    """Bigger hand: "solo 9, two players 8 each, otherwise 7"."""
    for players, size in ((1, 9), (2, 8), (3, 7), (5, 7)):
        state = PATERNOSTER.new({"bigger_hand": True, "players": players}, seed=1)
        assert len(state.hands[0]) == size


def test_variant_smaller_hand_one_fewer() -> None:
    """Smaller hand: "solo 7, two players 6 each, otherwise 5"."""
    for players, size in ((1, 7), (2, 6), (3, 5), (4, 5)):
        state = PATERNOSTER.new({"smaller_hand": True, "players": players}, seed=1)
        assert len(state.hands[0]) == size


def test_variant_two_cars_two_players_one_deck_two_piles_8_cards() -> None:
    """Two cars: "two players, ... one deck, only one up pile and one down pile, 8 cards
    each"; two cards a turn."""
    state = PATERNOSTER.new({"two_cars": True}, seed=3)
    assert [len(h) for h in state.hands] == [8, 8] and len(state.draw) == 36
    assert pile_ids(state.opts) == (0, 3) and state.required == 2
    with pytest.raises(OptionError, match="exactly two players"):
        PATERNOSTER.parse_options({"two_cars": True, "players": 3})


# --- Emergency tokens ------------------------------------------------------------------


def test_variant_tokens_long_step_back_two_or_three_ranks_both_ways(pos) -> None:
    """Tokens: "a long step back – same suit, two or three ranks back"; up piles go
    down, down piles go up; four ranks is too far."""
    state = pos({"tokens": 2}, [["8H", "7H", "6H", "7C", "8C", "2D", "3D"], ["KC"]],
                piles={"up1": ["10H"], "down1": ["5C"]})
    legal = plays(state)
    assert {"play 8H up1", "play 7H up1", "play 7C down1", "play 8C down1"} <= legal
    assert "play 6H up1" not in legal
    state.play(0, "play 7H up1")
    assert state.tokens == 1 and state.step_back_used and state.token_used


def test_variant_tokens_long_step_back_needs_a_token(pos) -> None:
    """Without tokens the long step back is simply a card that does not fit; with no
    token left it is refused because of that."""
    state = pos({}, [["8H", "2C", "3C", "4C", "5C", "6C", "7C"], ["KC"]],
                piles={"up1": ["10H"]})
    assert assert_refused_unchanged(state, 0, "play 8H up1").rule == "pile-direction"
    state = pos({"tokens": 1}, [["8H", "2C", "3C", "4C", "5C", "6C", "7C"], ["KC"]],
                piles={"up1": ["10H"]}, tokens=0)
    assert assert_refused_unchanged(state, 0, "play 8H up1").rule == "no-token"


def test_variant_tokens_long_step_back_counts_as_the_step_back(pos) -> None:
    """"Counting as your step back for the turn": no step back after it, and none
    before it."""
    state = pos({"tokens": 3}, [["8H", "9C", "2D", "3D", "4D", "5D", "6D"], ["KC"]],
                piles={"up1": ["10H"], "down1": ["8C"]})
    state.play(0, "play 8H up1")
    assert assert_refused_unchanged(state, 0, "play 9C down1").rule == "step-back-once"
    state = pos({"tokens": 3}, [["8H", "9C", "2D", "3D", "4D", "5D", "6D"], ["KC"]],
                piles={"up1": ["10H"], "down1": ["8C"]})
    state.play(0, "play 9C down1")
    assert assert_refused_unchanged(state, 0, "play 8H up1").rule == "step-back-once"


def test_variant_tokens_one_per_turn(pos) -> None:
    """"May hand in one token per turn": after a long step back, no token-end."""
    state = pos({"tokens": 3}, [["8H", "9C", "2D", "3D", "4D", "5D", "6D"], ["KC"]],
                piles={"up1": ["10H"], "down1": ["8C"]})
    state.play(0, "play 8H up1")
    assert assert_refused_unchanged(state, 0, "token-end").rule == "token-once"


def test_variant_tokens_end_after_only_one_card(pos) -> None:
    """Tokens: "or end the turn after only one card"; not after none, not after two
    (the turn is complete: plain end)."""
    state = pos({"tokens": 2}, [LOW[:7], ["KC"]], draw=["AD"] * 5)
    assert assert_refused_unchanged(state, 0, "token-end").rule == "token-end-one-card"
    state.play(0, "play 2C up1")
    state.play(0, "token-end")
    assert state.tokens == 1 and state.turn_seat == 1 and len(state.hands[0]) == 7
    state = pos({"tokens": 2}, [LOW[:7], ["KC"]], draw=["AD"] * 5)
    state.play(0, "play 2C up1")
    state.play(0, "play 3C up1")
    assert assert_refused_unchanged(state, 0, "token-end").rule == "token-end-one-card"
    state = pos({"tokens": 2}, [LOW[:7], ["KC"]], draw=[])
    state.play(0, "play 2C up1")
    assert assert_refused_unchanged(state, 0, "token-end").rule == "token-end-needless"


def test_variant_tokens_belong_to_the_team(pos) -> None:
    """"They belong to the team": a token spent by one seat is gone for the other."""
    state = pos({"tokens": 1}, [LOW[:7], ["9D", "AD", "AD", "AD", "AD", "AD", "AD"]],
                piles={"down1": ["KD"]}, draw=["AH"] * 5)
    state.play(0, "play 2C up1")
    state.play(0, "token-end")
    assert state.tokens == 0
    state.play(1, "play 9D down1")
    assert assert_refused_unchanged(state, 1, "token-end").rule == "no-token"


def test_variant_tokens_save_a_stuck_turn(pos) -> None:
    """With a token, one card that fits is enough: the game does not end stuck."""
    state = pos({"tokens": 1}, [["5C", "KS", "KS", "KH", "KH", "QD", "QD"], ["2C"]],
                piles={"up1": ["KC"], "up2": ["KC"], "down1": ["AS"], "down2": ["6C"]},
                draw=["AD"] * 5)
    state.play(0, "play 5C down2")
    assert state.outcome() is None and moves(state) == ["token-end"]


# --- Passing on --------------------------------------------------------------------------


def test_variant_passing_on_give_replaces_a_required_card(pos) -> None:
    """Passing on: "instead of one of your two required cards, you may once per turn
    give a hand card face down to another player"."""
    state = pos({"passing_on": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    state.play(0, "give 8C 1")
    assert assert_refused_unchanged(state, 0, "end").rule == "end-too-early"
    state.play(0, "play 2C up1")
    events = state.play(0, "end")
    assert state.turn_seat == 1 and events[0].data["drew"] == 2


def test_variant_passing_on_only_instead_of_one_of_two_required_cards(pos) -> None:
    """"Instead of one of your two required cards": with one card required (empty draw
    pile) there is nothing to replace, so no give; the card must go onto a pile."""
    state = pos({"passing_on": True}, [LOW[:3], ["KC"]], draw=[])
    exc = assert_refused_unchanged(state, 0, "give 4C 1")
    assert exc.rule == "give-not-required" and "only one" in exc.reason
    assert not any(m.startswith("give") for m in moves(state))
    state.play(0, "play 2C up1")
    assert assert_refused_unchanged(state, 0, "give 4C 1").rule == "give-not-required"
    state.play(0, "end")


def test_variant_passing_on_no_give_once_the_required_cards_are_down(pos) -> None:
    """The give replaces a required card: after both are down, a third card cannot be
    handed over (and one more drawn)."""
    state = pos({"passing_on": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    state.play(0, "play 2C up1")
    state.play(0, "play 3C up1")
    exc = assert_refused_unchanged(state, 0, "give 8C 1")
    assert exc.rule == "give-not-required" and "already down" in exc.reason
    assert not any(m.startswith("give") for m in moves(state))
    state.play(0, "play 4C up1")
    assert assert_refused_unchanged(state, 0, "give 8C 1").rule == "give-not-required"


def test_variant_passing_on_give_replaces_one_of_three_under_steep(pos) -> None:
    """Steep asks for three cards: the give replaces one of them, before or between them."""
    state = pos({"passing_on": True, "steep": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    state.play(0, "play 2C up1")
    state.play(0, "give 8C 1")
    assert assert_refused_unchanged(state, 0, "end").rule == "end-too-early"
    state.play(0, "play 3C up1")
    state.play(0, "end")
    assert state.turn_seat == 1


def test_variant_passing_on_once_per_turn(pos) -> None:
    """"Once per turn"."""
    state = pos({"passing_on": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    state.play(0, "give 8C 1")
    assert assert_refused_unchanged(state, 0, "give 7C 1").rule == "give-once"


def test_variant_passing_on_receiver_holds_beyond_full_hand(pos) -> None:
    """"They add it to their hand, even beyond the full number, and draw again only
    once they are below it"."""
    state = pos({"passing_on": True}, [LOW[:7], ["10C", "JC", "QC", "KC", "KD", "KH", "KS"]],
                draw=["AD"] * 10)
    state.play(0, "give 8C 1")
    state.play(0, "play 2C up1")
    state.play(0, "end")
    assert len(state.hands[1]) == 8
    state.play(1, "play 8C up1")
    state.play(1, "play 10C up1")
    events = state.play(1, "end")
    assert events[0].data["drew"] == 1 and len(state.hands[1]) == 7
    # a hand still above full draws nothing
    state = pos({"passing_on": True}, [LOW[:7], ["10C", "JC", "QC", "KC", "KD", "KH", "KS"]],
                draw=["AD"] * 10)
    state.hands[1] += [C("9D"), C("9H")]
    state.play(0, "play 2C up1")
    state.play(0, "play 3C up1")
    state.play(0, "end")
    state.play(1, "play 9D up1")
    state.play(1, "play 9H up1")
    assert state.play(1, "end")[0].data["drew"] == 0


def test_variant_passing_on_give_is_face_down(pos) -> None:
    """"Face down": the public event does not name the card; only the receiver sees it."""
    state = pos({"passing_on": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    events = state.play(0, "give 8C 1")
    assert events[0].to_json() == {"kind": "give", "seat": 0, "to": 1}
    assert C("8C") in state.observation(1).hand


def test_variant_passing_on_giver_and_receiver_remember_the_card(dealt) -> None:
    """"Give a hand card face down to another player": the giver knows which card it gave
    and the receiver which it got; the third seat and a spectator do not (their views are
    the same whichever card it was). The two keep it while the receiver surely holds it,
    and ``sample`` deals it to the receiver; it goes when the receiver plays a card equal
    to it, or passes any card on (the giver cannot tell which)."""
    hands = [LOW[:6], ["10C", "JC", "QC", "KC", "KD", "KH"],
             ["9D", "9H", "9S", "10D", "10H", "10S"]]
    options = {"passing_on": True, "players": 3}
    state = dealt(options, hands)
    other = state.clone()
    state.play(0, "give 7C 1")
    other.play(0, "give 6C 1")
    gift = ((0, 1, C("7C")),)
    assert [state.observation(s).passed for s in (0, 1, 2, None)] == [gift, gift, (), ()]
    assert state.observation(2) == other.observation(2)
    assert state.observation(None) == other.observation(None)
    rng = random.Random(5)
    for _ in range(20):
        assert C("7C") in PATERNOSTER.sample(state.observation(0), rng).hands[1]
    state.play(0, "play 2C up1")
    state.play(0, "end")
    state.play(1, "play KC down1")
    assert state.observation(0).passed == state.observation(1).passed == gift
    state.play(1, "play 7C up1")
    assert [state.observation(s).passed for s in (0, 1, 2)] == [(), (), ()]
    state = dealt(options, hands)
    state.play(0, "give 7C 1")
    state.play(0, "play 2C up1")
    state.play(0, "end")
    state.play(1, "give KD 2")
    passed_on = ((1, 2, C("KD")),)
    assert [state.observation(s).passed for s in (0, 1, 2)] == [(), passed_on, passed_on]


def test_variant_passing_on_refusals(pos) -> None:
    """Give to another player, not to yourself or a seat that does not exist; only in
    Passing on; never the last card (a turn of one required card has no give)."""
    state = pos({"passing_on": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    assert assert_refused_unchanged(state, 0, "give 8C 0").rule == "give-self"
    assert assert_refused_unchanged(state, 0, "give 8C 2").rule == "no-such-seat"
    assert assert_refused_unchanged(state, 0, "give KD 1").rule == "not-in-hand"
    state = pos({}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    assert assert_refused_unchanged(state, 0, "give 8C 1").rule == "no-passing"
    state = pos({"passing_on": True}, [["2C"], ["KC"] * 7], draw=[])
    assert assert_refused_unchanged(state, 0, "give 2C 1").rule == "give-not-required"
    with pytest.raises(OptionError, match="second player"):
        PATERNOSTER.parse_options({"passing_on": True, "players": 1})


def test_variant_passing_on_give_saves_a_short_turn(pos) -> None:
    """With one card placed and none that fits, a give completes the turn: not stuck."""
    state = pos({"passing_on": True}, [["5C", "KS", "KS", "KH", "KH", "QD", "QD"], ["2C"]],
                piles={"up1": ["KC"], "up2": ["KC"], "down1": ["AS"], "down2": ["6C"]},
                draw=["AD"] * 5)
    state.play(0, "play 5C down2")
    assert state.outcome() is None
    state.play(0, "give KS 1")
    state.play(0, "end")
    assert state.turn_seat == 1


# --- Steep ------------------------------------------------------------------------------


def test_variant_steep_three_cards_while_the_draw_pile_lasts(pos) -> None:
    """Steep: "always play at least three cards per turn while the draw pile lasts"."""
    state = pos({"steep": True}, [LOW[:7], ["KC"]], draw=["AD"] * 2)
    assert state.required == 3
    state.play(0, "play 2C up1")
    state.play(0, "play 3C up1")
    assert assert_refused_unchanged(state, 0, "end").rule == "end-too-early"
    state.play(0, "play 4C up1")
    state.play(0, "end")
    assert state.required == 1  # the draw pile is empty now


# --- Silent lift, Lift operator, Hourglass -----------------------------------------------


def test_variant_silent_lift_no_signals(pos) -> None:
    """Silent lift: "no talking at all during the game"."""
    state = pos({"silent_lift": True}, [LOW[:7], ["KC"]])
    for seat in (0, 1):
        with pytest.raises(Exception, match="Silent lift"):
            state.signal(seat, "up1", "dont-play")
    assert state.observation(0).may_signal() is not None


def test_variant_lift_operator_only_the_seat_to_act(pos) -> None:
    """Lift operator: "only the player whose turn it is may talk"."""
    state = pos({"lift_operator": True}, [LOW[:7], ["KC"]])
    state.signal(0, "up1", "good-here")
    with pytest.raises(Exception, match="Lift operator"):
        state.signal(1, "up1", "help")
    assert state.observation(1).may_signal() is not None
    assert state.observation(0).may_signal() is None


def test_variant_lift_operator_signals_come_down_when_the_turn_ends(pos) -> None:
    """"Only the player whose turn it is may talk": what a seat said in its turn is not
    left standing in the others' turns; every way of ending the turn takes it down."""
    for how in ("end", "token-end"):
        state = pos({"lift_operator": True, "tokens": 1}, [LOW[:7], ["KC"] * 7],
                    draw=["AD"] * 5)
        state.signal(0, "up1", "good-here")
        state.signal(0, "down1", "dont-play")
        state.play(0, "play 2C up1")
        if how == "end":
            state.play(0, "play 3C up1")
        state.play(0, how)
        assert state.observation(1).signals == ()
        ended = len(state.history) - 1
        assert state.signal_log[-2:] == [(ended, 0, "up1", None), (ended, 0, "down1", None)]
    # without Lift operator a signal stays up in the others' turns
    state = pos({}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    state.signal(0, "up1", "good-here")
    state.play(0, "play 2C up1")
    state.play(0, "play 3C up1")
    state.play(0, "end")
    assert state.observation(1).signals == ((0, 0, "good-here"),)


def test_variant_lift_operator_no_signal_change_from_a_seat_not_to_act(pos) -> None:
    """Taking a signal back is talking too: a seat not to act may neither set nor clear
    one under Lift operator, and nothing changes."""
    state = pos({"lift_operator": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    state.signals[(1, 0)] = "help"  # left from before (a restored table, say)
    with pytest.raises(Exception, match="Lift operator"):
        state.clear_signal(1, "up1")
    state.sync_signals(1, {})
    assert state.observation(0).signals == ((1, 0, "help"),)
    assert state.signal_log == []


def test_variant_hourglass_timeout_ends_the_turn(pos) -> None:
    """Hourglass: "When time is up, your turn ends at once" (a ``timeout`` move)."""
    state = pos({"hourglass": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    state.play(0, "play 2C up1")
    state.play(0, "play 3C up1")
    state.play(0, "timeout")
    assert state.turn_seat == 1 and len(state.hands[0]) == 7


def test_variant_hourglass_timeout_draws_and_says_how_many_like_end(pos) -> None:
    """A timeout after the required cards ends the turn as ``end`` does: it draws up to the
    full hand, and its event says how many cards were drawn (the log shows it)."""
    for how in ("end", "timeout"):
        state = pos({"hourglass": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
        state.play(0, "play 2C up1")
        state.play(0, "play 3C up1")
        events = [e.to_json() for e in state.play(0, how)]
        assert events[0] == {"kind": how, "seat": 0, "drew": 2}
        assert events[1] == {"kind": "turn", "seat": 1, "required": 2}


def test_variant_hourglass_timeout_without_enough_cards_ends_the_game(pos) -> None:
    """"Without enough cards played, the game is over" (DESIGN.md 8: as in rule 2)."""
    state = pos({"hourglass": True}, [LOW[:7], ["KC"] * 7], draw=["AD"] * 5)
    state.play(0, "play 2C up1")
    state.play(0, "timeout")
    assert result(state) == {"cards_left": 18, "perfect": False, "lost": "timeout"}


def test_variant_hourglass_only_the_clock_plays_timeout(dealt) -> None:
    """DESIGN.md 8: "Only the clock plays ``timeout``": it is never a seat's legal move
    (so no player can end the game with it on purpose); the server refuses it from a
    seat (tests/server/test_clock.py) and replays it from the record."""
    state = dealt({"hourglass": True}, [LOW[:7], ["KC", "KD", "KH", "KS", "QC", "QD", "QH"]])
    assert "timeout" not in moves(state)
    state.play(0, "play 2C up1")
    assert "timeout" not in moves(state)
    state.play(0, "timeout")
    assert replay(state.record()).observation(0) == state.observation(0)


def test_variant_hourglass_timeout_only_with_hourglass(pos) -> None:
    """Without Hourglass there is no clock: ``timeout`` is refused."""
    state = pos({}, [LOW[:7], ["KC"]])
    assert assert_refused_unchanged(state, 0, "timeout").rule == "no-clock"
    assert "timeout" not in moves(state)


# --- Passengers -----------------------------------------------------------------------


def test_variant_passengers_turned_up_before_dealing(dealt) -> None:
    """Passengers: "before dealing, turn up the top 3 cards ... They are out of the
    game"; then the hands are dealt."""
    hands = [LOW[:7], ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]]
    state = dealt({"passengers": 3}, hands, passengers=["KH", "QH", "JH"])
    assert state.passengers == (C("KH"), C("QH"), C("JH"))
    assert state.hands == [[C(c) for c in h] for h in hands]
    assert state.cards_left() == 101 and len(state.draw) == 87


def test_variant_passengers_twins_in_exactly_this_order(pos) -> None:
    """"Their twins must reach the piles in exactly this order (on any pile, by the
    normal rules)"."""
    state = pos({"passengers": 3}, [["5C", "9D", "KC", "2C", "3C", "4C", "6C"], ["KC"]])
    state.passengers = (C("5C"), C("9D"), C("KC"))
    state.play(0, "play 5C down1")
    assert state.delivered == 1
    state.play(0, "play 9D up1")
    assert state.delivered == 2 and state.outcome() is None


def test_variant_passengers_too_early_loses(pos) -> None:
    """"Playing a twin too early ... loses the game"."""
    state = pos({"passengers": 3}, [["5C", "9D", "KC", "2C", "3C", "4C", "6C"], ["KC"]],
                draw=[])
    state.passengers = (C("5C"), C("9D"), C("KC"))
    state.play(0, "play 9D up1")
    assert result(state) == {"cards_left": 7, "perfect": False, "lost": "passenger",
                             "too_early": "9D"}
    assert state.outcome().returns == (-104.0, -104.0)


def test_variant_passengers_undelivered_at_the_end_loses(pos) -> None:
    """"Leaving a passenger undelivered at the end loses the game"."""
    state = pos({"passengers": 3}, [["5C", "KS", "KS", "KH", "KH", "QD", "QD"], ["2C"]],
                piles={"up1": ["KC"], "up2": ["KC"], "down1": ["AS"], "down2": ["6C"]},
                draw=["AD"] * 5)
    state.passengers = (C("9D"), C("9H"), C("9S"))
    state.play(0, "play 5C down2")
    assert result(state) == {"cards_left": 12, "perfect": False, "lost": "passenger"}


def test_variant_passengers_duplicate_goes_to_the_bottom(dealt) -> None:
    """"If a card turns up twice, replace the second" (DESIGN.md 5: it goes to the
    bottom of the deck and the next card is turned up); everyone saw it."""
    hands = [LOW[:7], ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]]
    state = dealt({"passengers": 3}, hands, passengers=["KH", "KH", "QH", "JH"])
    assert state.passengers == (C("KH"), C("QH"), C("JH"))
    assert state.draw[0] == C("KH")
    assert state.observation(None).deck_bottom == (C("KH"),)
    assert state.cards_left() == 101


def test_variant_passengers_four_and_five(dealt) -> None:
    """"With 4 or 5 passengers it gets harder"; other counts are refused."""
    for count in (4, 5):
        state = PATERNOSTER.new({"passengers": count}, seed=count)
        assert len(state.passengers) == count == len(set(state.passengers))
    for bad in (1, 2, 6):
        with pytest.raises(OptionError, match="3, 4 or 5"):
            PATERNOSTER.parse_options({"passengers": bad})


def test_variant_passengers_two_decks_only() -> None:
    """DESIGN.md 5: "Passengers (two-deck games only)"."""
    for setup in ({"short_trip": True}, {"first_ride": True}, {"two_cars": True},
                  {"tower": True, "players": 6}):
        with pytest.raises(OptionError, match="two decks"):
            PATERNOSTER.parse_options({**setup, "passengers": 3})


# --- Fire --------------------------------------------------------------------------------

FIRE_PILES = {"up1": ["2D"], "up2": ["2D"], "down1": ["KD"], "down2": ["KD"]}


def test_variant_fire_burning_cards() -> None:
    """Fire: "the hearts whose rank divides by 3 – 3♥, 6♥, 9♥ and Q♥ from both decks,
    eight cards"."""
    from cardtable.games.paternoster.rules import BURNING

    assert sorted(c.text for c in BURNING) == sorted(["3H", "6H", "9H", "QH"])
    assert sum(1 for c in deck(2) if c in BURNING) == 8


def test_variant_fire_next_player_must_cover(pos) -> None:
    """"The next player who still has cards must cover it during their turn ...; if a
    burning card is still on top when that turn ends, the team has lost at once"."""
    state = pos({"fire": True}, [["6H", "7C", "2C", "3C", "4C", "5C", "8C"],
                                 ["8D", "9D", "10D", "JD", "QD", "KC", "KC"]],
                piles=FIRE_PILES, draw=["AD"] * 10)
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up2")
    state.play(0, "end")
    assert state.observation(1).must_cover() == (0,)
    state.play(1, "play 8D up2")
    state.play(1, "play 9D up2")
    state.play(1, "end")
    assert result(state) == {"cards_left": 20, "perfect": False, "lost": "fire"}


def test_variant_fire_covered_in_time(pos) -> None:
    """Covering it with any card that may go on that pile clears the fire."""
    state = pos({"fire": True}, [["6H", "7C", "2C", "3C", "4C", "5C", "8C"],
                                 ["8D", "9D", "10D", "JD", "QD", "KC", "KC"]],
                piles=FIRE_PILES, draw=["AD"] * 10)
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up2")
    state.play(0, "end")
    state.play(1, "play 8D up1")
    state.play(1, "play 9D up2")
    state.play(1, "end")
    assert state.outcome() is None


def test_variant_fire_already_covered_nothing_to_do(pos) -> None:
    """"If it is already covered by then, there is nothing to do"."""
    state = pos({"fire": True}, [["6H", "7C", "2C", "3C", "4C", "5C", "8C"],
                                 ["8D", "9D", "10D", "JD", "QD", "KC", "KC"]],
                piles=FIRE_PILES, draw=["AD"] * 10)
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up1")
    state.play(0, "end")
    assert state.observation(1).must_cover() == ()
    state.play(1, "play 8D up2")
    state.play(1, "play 9D up2")
    state.play(1, "end")
    assert state.outcome() is None


def test_variant_fire_burning_covers_burning_passes_the_duty(pos) -> None:
    """"A burning card may cover it – it then becomes the next player's problem"."""
    state = pos({"fire": True, "players": 3},
                [["6H", "7C", "2C", "3C", "4C", "5C"], ["9H", "9D", "10D", "JD", "QD", "KC"],
                 ["10H", "JH", "2S", "3S", "4S", "5S"]],
                piles=FIRE_PILES, draw=["AD"] * 10)
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up2")
    state.play(0, "end")
    state.play(1, "play 9H up1")
    state.play(1, "play 9D up2")
    state.play(1, "end")
    assert state.outcome() is None
    assert state.observation(2).must_cover() == (0,)
    state.play(2, "play 10H up1")
    state.play(2, "play JH up1")
    state.play(2, "end")
    assert state.outcome() is None


def test_variant_fire_next_player_who_still_has_cards(pos) -> None:
    """"The next player who still has cards": an empty-handed seat is skipped."""
    state = pos({"fire": True, "players": 3},
                [["6H", "7C"], [], ["8D", "9D"]], piles=FIRE_PILES, draw=[])
    state.play(0, "play 6H up1")
    state.play(0, "end")
    assert state.turn_seat == 2 and state.observation(2).must_cover() == (0,)
    state.play(2, "play 8D up2")
    state.play(2, "end")
    assert result(state)["lost"] == "fire"


def test_variant_fire_solo_you_in_your_next_turn(pos) -> None:
    """"Solo: you, in your next turn"."""
    state = pos({"fire": True, "players": 1},
                [["6H", "7C", "2C", "3C", "4C", "5C", "8C", "9C"]], piles=FIRE_PILES,
                draw=["10C", "JC", "QC"] * 3)
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up2")
    state.play(0, "end")
    assert state.observation(0).must_cover() == (0,)
    state.play(0, "play 8C up1")
    state.play(0, "play 9C up1")
    state.play(0, "end")
    assert state.outcome() is None


def test_variant_fire_only_the_very_last_card_may_stay_burning(pos) -> None:
    """"Only the very last card of the game may stay burning"."""
    state = pos({"fire": True}, [["2C", "6H"], []], piles=FIRE_PILES, draw=[])
    state.play(0, "play 2C up2")
    state.play(0, "end")
    state.play(0, "play 6H up1")
    assert result(state) == {"cards_left": 0, "perfect": True, "lost": None}
    # a burning card that is not the last one, left on top at the end, loses
    state = pos({"fire": True}, [["6H", "7C"], []], piles=FIRE_PILES, draw=[])
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up2")
    assert result(state) == {"cards_left": 0, "perfect": False, "lost": "fire"}


# --- Commands ---------------------------------------------------------------------------

CMD_PILES = {"up1": ["2D"], "up2": ["2D"], "down1": ["KS"], "down2": ["KS"]}


def test_variant_commands_red_jack_stop_even_first_card(pos) -> None:
    """DESIGN.md 7: red J Stop — "your turn ends at once after it, even as your first
    card" (and the hand is refilled)."""
    state = pos({"commands": True}, [["JD", "3C", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 5)
    events = state.play(0, "play JD up1")
    assert state.turn_seat == 1 and len(state.hands[0]) == 7
    assert [e.kind for e in events][:3] == ["play", "stop", "stop"]


def test_variant_commands_red_queen_three(pos) -> None:
    """Red Q Three — "the next player must play at least three cards (or all they hold)"."""
    state = pos({"commands": True}, [["QH", "3C", "4C", "5C", "6C", "7C", "8C"],
                                     ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]],
                piles=CMD_PILES, draw=["AD"] * 10)
    state.play(0, "play 3C up1")
    state.play(0, "play QH up2")
    assert state.three_next
    state.play(0, "end")
    assert state.required == 3 and not state.three_next
    state.play(1, "play 2H down1")
    state.play(1, "play 8H down2")
    assert assert_refused_unchanged(state, 1, "end").rule == "end-too-early"
    # or all they hold: the draw pile is empty, two cards in hand
    state = pos({"commands": True}, [["QH", "3C"], ["2H", "4H"]], piles=CMD_PILES, draw=[])
    state.play(0, "play QH up2")
    state.play(0, "end")
    assert state.required == 2


def test_variant_commands_red_king_cover(pos) -> None:
    """Red K Cover — "you must cover it before your turn ends, or the team loses"."""
    state = pos({"commands": True}, [["KD", "QD", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 10)
    state.play(0, "play KD down1")
    state.play(0, "play 4C up1")
    assert state.must_cover() == (3,)
    state.play(0, "end")
    assert result(state)["lost"] == "command"
    state = pos({"commands": True}, [["KD", "QD", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 10)
    state.play(0, "play KD down1")
    state.play(0, "play QD down1")
    state.play(0, "end")
    assert state.outcome() is None


def test_variant_commands_black_jack_silence(pos) -> None:
    """Black J Silence — "while on top of a pile, nobody may signal" (decision: the
    signals of that moment are cleared)."""
    state = pos({"commands": True}, [["JS", "QC", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 10)
    state.signal(1, "up2", "help")
    state.play(0, "play JS up1")
    assert state.observation(1).signals == ()
    for seat in (0, 1):
        with pytest.raises(Exception, match="Silence"):
            state.signal(seat, "down1", "dont-play")
    state.play(0, "play QC up1")
    state.signal(1, "down1", "dont-play")


def test_variant_commands_black_queen_lock(pos) -> None:
    """Black Q Lock — "while on top of a pile, no step back onto that pile" (long step
    backs too); other piles keep theirs."""
    state = pos({"commands": True, "tokens": 2},
                [["JS", "10S", "9S", "KH", "2C", "3C", "4C"], ["KC"]],
                piles={"up1": ["QS"], "up2": ["QS"], "down1": ["QC"], "down2": ["KS"]},
                draw=["AD"] * 5)
    assert assert_refused_unchanged(state, 0, "play JS up1").rule == "locked"
    assert assert_refused_unchanged(state, 0, "play 10S up1").rule == "locked"
    assert "play KH down2" in plays(state)
    state = pos({"commands": True}, [["JS", "2C"], ["KC"]],
                piles={"up1": ["QS"], "down1": ["10S"]}, draw=["AD"] * 5)
    assert "play JS down1" in plays(state)


def test_variant_commands_black_king_slow(pos) -> None:
    """Black K Slow — "while on top of a pile, draw at most one card after a turn"."""
    state = pos({"commands": True}, [["KS", "3C", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 10)
    state.play(0, "play KS down1")
    state.play(0, "play 3C up1")
    assert state.play(0, "end")[0].data["drew"] == 1
    assert len(state.hands[0]) == 6


def test_variant_commands_light_only_jacks_and_queens(pos) -> None:
    """Commands light: "only the Jacks and Queens carry commands; the Kings are normal"."""
    state = pos({"commands_light": True},
                [["KD", "KS", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles={"up1": ["2D"], "up2": ["2D"], "down1": ["KH"], "down2": ["KS"]},
                draw=["AD"] * 10)
    state.play(0, "play KD down1")
    state.play(0, "play KS down2")
    assert state.play(0, "end")[0].data["drew"] == 2
    assert state.outcome() is None
    state = pos({"commands_light": True}, [["JD", "3C", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 5)
    state.play(0, "play JD up1")
    assert state.turn_seat == 1


def test_decision_commands_stop_checks_cover_and_fire(pos) -> None:
    """A Stop ends the turn like ``end``: an uncovered red King loses."""
    state = pos({"commands": True}, [["KD", "JD", "4C", "5C", "6C", "7C", "8C"], ["KC"]],
                piles=CMD_PILES, draw=["AD"] * 5)
    state.play(0, "play KD down1")
    state.play(0, "play JD up1")
    assert result(state)["lost"] == "command"


# --- Tower ------------------------------------------------------------------------------


def test_variant_tower_three_decks_six_piles_four_cards() -> None:
    """Tower: "6–8 players, three decks (156 cards ...), three up piles and three down
    piles, 4 cards each. With 5 cards it gets much easier"."""
    for players in (6, 7, 8):
        state = PATERNOSTER.new({"tower": True, "players": players}, seed=players)
        assert [len(h) for h in state.hands] == [4] * players
        assert state.cards_left() == 156 and pile_ids(state.opts) == (0, 1, 2, 3, 4, 5)
    state = PATERNOSTER.new({"tower": True, "players": 6, "tower_hand": 5}, seed=1)
    assert len(state.hands[0]) == 5
    for bad in (5, 9):
        with pytest.raises(OptionError, match="6 to 8"):
            PATERNOSTER.parse_options({"tower": True, "players": bad})


def test_variant_tower_all_three_copies_equal(pos) -> None:
    """Tower: "every card exists three times, all three are equal"."""
    state = pos({"tower": True, "players": 6}, [["7H", "7H", "7H", "2C"]] + [["KC"]] * 5,
                piles={"up3": ["7H"]})
    state.play(0, "play 7H up3")
    state.play(0, "play 7H up3")
    state.play(0, "play 7H down3")
    assert state.piles[2] == [C("7H")] * 3 and not state.step_back_used


# --- Combinations -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"passengers": 3, "short_trip": True}, "two decks"),
        ({"two_cars": True, "players": 1}, "exactly two players"),
        ({"tower": True}, "6 to 8 players"),
        ({"players": 6}, "1 to 5 players"),
        ({"players": 0}, "1 to 5 players"),
        ({"bigger_hand": True, "smaller_hand": True}, "choose one"),
        ({"short_trip": True, "first_ride": True}, "choose one"),
        ({"steep": True, "first_ride": True}, "choose one"),
        ({"silent_lift": True, "lift_operator": True}, "choose one"),
        ({"commands": True, "commands_light": True}, "choose one"),
        ({"tokens": 5}, "0 to 4"),
        ({"tower_hand": 5}, "Tower only"),
        ({"tower": True, "players": 6, "tower_hand": 6}, "4 or 5"),
        ({"fire": 1}, "true or false"),
        ({"players": "2"}, "whole number"),
        ({"speed": True}, "unknown option"),
    ],
)
def test_decision_impossible_combinations_refused(options, why) -> None:
    """DESIGN.md 9: "setups that cannot work ... are refused with a clear message"."""
    with pytest.raises(OptionError, match=why):
        PATERNOSTER.parse_options(options)


def test_decision_variants_combine_freely() -> None:
    """DESIGN.md 9: variants combine freely where the text allows."""
    options = PATERNOSTER.parse_options({
        "players": 4, "bigger_hand": True, "tokens": 4, "passing_on": True, "steep": True,
        "lift_operator": True, "hourglass": True, "passengers": 5, "fire": True,
        "commands": True})
    state = PATERNOSTER.new(options, seed=9)
    assert len(state.hands[0]) == 7 and len(state.passengers) == 5


def test_variant_names_map_to_options() -> None:
    """``--variant`` names give the same options as the record form."""
    assert from_variants(["fire", "tokens:3", "passengers:4"]) == PATERNOSTER.parse_options(
        {"fire": True, "tokens": 3, "passengers": 4})
    assert from_variants(["tower"]).players == 6
    assert from_variants([]).to_json() == {}
    with pytest.raises(OptionError, match="unknown Paternoster variant"):
        from_variants(["rocket"])


def test_decision_stuck_with_an_open_fire_duty_is_stuck(pos) -> None:
    """Decision: when the game ends stuck during the turn that had to cover a burning
    card, the result is "stuck" (the game ended, not the turn)."""
    state = pos({"fire": True}, [["6H", "7C", "2C", "3C", "4C", "5C", "8C"],
                                 ["KS", "KS", "KH", "KH", "KD", "KD", "QD"]],
                piles=FIRE_PILES, draw=["AD"] * 10)
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up2")
    state.play(0, "end")
    assert "play KS up1" in plays(state, 1)
    state.play(1, "play KS up2")
    state.play(1, "play KS up2")
    state.play(1, "end")
    assert result(state)["lost"] == "fire"
    state = pos({"fire": True}, [["6H", "7C", "2C", "3C", "4C", "5C", "8C"],
                                 ["KS", "AS", "AS", "AH", "AH", "AC", "AC"]],
                piles={"up1": ["2D"], "up2": ["2D"], "down1": ["AD"], "down2": ["AD"]},
                draw=["AD"] * 10)
    state.play(0, "play 6H up1")
    state.play(0, "play 7C up2")
    state.play(0, "end")
    state.play(1, "play KS up2")
    assert result(state) == {"cards_left": 21, "perfect": False, "lost": "stuck"}


def test_decision_last_card_red_king_needs_no_cover(pos) -> None:
    """Decision: the very last card of the game may be a red King (nobody could cover it)."""
    state = pos({"commands": True}, [["KD"], []], piles=CMD_PILES, draw=[])
    state.play(0, "play KD down1")
    assert result(state) == {"cards_left": 0, "perfect": True, "lost": None}


def test_variant_lift_operator_solo_is_a_normal_ride(pos) -> None:
    """"Solo, the Lift operator is just a normal ride": the solo player always acts."""
    state = pos({"lift_operator": True, "players": 1}, [LOW])
    state.signal(0, "up1", "no-big-jump")
    assert state.observation(0).signals == ((0, 0, "no-big-jump"),)

"""Duel 52's handicap ``handicap_no_power``: a seat forbidden the powers of chosen ranks
plays those cards as blanks (rules.py, "Handicap: no power"). The option is read and
refused by name; each power, flip and constant, stops working for the restricted seat
only, on the ordinary path and the simulation path alike; every computer player keeps
to the legal moves; no handicap is the standard game."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

import pytest
from test_powers import attacks, card, lanes, texts

from cardtable.cards import parse_card
from cardtable.engine import OptionError, play_out
from cardtable.games.duel52.bots import LADDER, make_bot
from cardtable.games.duel52.rules import (
    DUEL52,
    Duel52State,
    build_state,
    move_of_table,
    table_move,
)
from cardtable.games.duel52.table import rank
from cardtable.games.duel52.terminal import run
from cardtable.games.duel52.variants import (
    POWERS,
    RANK_TEXT,
    Duel52Options,
    from_variants,
    parse_options,
)
from cardtable.testing import assert_refused_unchanged

HANDS = (["2C"], ["2D"])


def banned(seat: int, *ranks: str) -> dict[str, Any]:
    return {"handicap_no_power": {str(seat): list(ranks)}}


def on_both(state: Duel52State, *moves: str) -> Duel52State:
    """Play ``moves`` on the ordinary path and, from a copy, on the simulation path:
    both reach the same position, as every seat sees it, with the same legal moves."""
    fast = state.clone()
    table = fast.table()
    for text in moves:
        move = state.parse_move(state.turn_seat, text)
        state.play(state.turn_seat, move)
        table.play(table_move(move))
    fast._take_back(table)
    for seat in (0, 1, None):
        assert fast.observation(seat) == state.observation(seat)
    if state.outcome() is None:
        made = sorted((move_of_table(m) for m in fast.table().legal()), key=lambda m: m.order)
        assert made == state.legal_moves(state.turn_seat)
    return state


# --- the option -----------------------------------------------------------------------


def test_the_option_maps_seats_to_ranks_and_records_keep_the_ranks_in_order() -> None:
    options = parse_options({"handicap_no_power": {"0": ["k", "6", "freeze"], "1": ["T"]}})
    assert options.handicap_no_power == ((6, 13), (10,))
    assert options.to_json() == {"handicap_no_power": {"0": ["6", "K"], "1": ["10"]}}
    assert parse_options(options.to_json()) == options
    assert options.bans == (1 << 6 | 1 << 13, 1 << 10)


def test_no_handicap_is_the_standard_game() -> None:
    for raw in ({}, {"handicap_no_power": {}}, {"handicap_no_power": {"0": [], "1": []}}):
        assert parse_options(raw) == Duel52Options() and parse_options(raw).to_json() == {}
    assert Duel52Options().bans == (0, 0)


def test_every_rank_has_a_power_and_may_be_named() -> None:
    """'Every rank has a power': every rank text and every power's name is accepted."""
    assert set(POWERS) == set(RANK_TEXT) == set(range(1, 14))
    for kind, name in POWERS.items():
        for word in (RANK_TEXT[kind], name, name.upper()):
            assert parse_options(banned(1, word)).handicap_no_power == ((), (kind,))


@pytest.mark.parametrize(("raw", "message"), [
    ({"0": ["X"]}, "'X' is not a rank with a power"),
    ({"0": ["1"]}, "'1' is not a rank with a power .write one of A 2"),
    ({"1": ["Joker"]}, "a Joker has no power"),
    ({"1": [6]}, "6 is not a rank"),
    ({"2": ["6"]}, "there is no seat '2' in Duel 52"),
    ({"-1": ["6"]}, "there is no seat '-1'"),
    ({True: ["6"]}, "there is no seat True"),
    ({"0": "6"}, "seat 0's value must be a list of ranks"),
    (["6"], "must map seats to the ranks"),
])
def test_bad_handicaps_are_refused_by_name(raw: Any, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_options({"handicap_no_power": raw})


def test_the_variant_names_a_seat_and_ranks_and_adds_up() -> None:
    options = from_variants(["handicap-no-power:0:6,K", "quick", "handicap-no-power:0:ace",
                             "handicap-no-power:1:taunt"])
    assert options.to_json() == {"length": "quick",
                                 "handicap_no_power": {"0": ["A", "6", "K"], "1": ["J"]}}
    for bad, message in (("handicap-no-power:0", "needs a seat and ranks"),
                         ("handicap-no-power:3:6", "no seat '3'"),
                         ("handicap-no-power:0:6,Z", "'Z' is not a rank")):
        with pytest.raises(OptionError, match=message):
            from_variants([bad])


def test_the_variant_list_shows_the_handicap(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(argparse.Namespace(variant=["list"])) == 0
    assert "handicap-no-power:SEAT:RANKS" in capsys.readouterr().out


# --- flip powers ----------------------------------------------------------------------


FlipCase = tuple[str, list[tuple[list[str], list[str]]], tuple[list[str], list[str]],
                 list[str], Callable[[Duel52State], bool]]
FLIPS: list[FlipCase] = [
    ("A", lanes((["AH"], ["^7C"])), HANDS, ["9S"],
     lambda s: s.actions == 2 and not card(s, "L1.0.1").double),
    ("2", lanes((["2H"], ["7C"])), HANDS, ["QS", "9S"],
     lambda s: [c.text for c in s.hands[0]] == ["2C"] and len(s.pile) == 2),
    ("4", lanes((["4H"], ["7C"])), HANDS, ["9S"], lambda s: True),
    ("5", lanes((["5H", "7S"], ["7C"])), HANDS, ["9S"], lambda s: not card(s, "L1.0.2").up),
    ("6", lanes((["6H"], ["^7C", "8C"])), HANDS, ["9S"],
     lambda s: not card(s, "L1.1.1").frozen and not card(s, "L1.1.2").frozen),
    ("7", lanes((["7H", "^5H!1"], ["^5C"])), HANDS, ["9S"],
     lambda s: card(s, "L1.0.2").damage == 1),
    ("Q", lanes((["QH"], ["7C"]), (["^5H"], [])), HANDS, ["9S"],
     lambda s: card(s, "L2.0.1").card == parse_card("5H")),
    ("K", lanes((["KH", "^AH"], ["^7C"])), HANDS, ["9S"],
     lambda s: s.actions == 2 and not card(s, "L1.0.2").double),
]


@pytest.mark.parametrize(("kind", "layout", "hands", "pile", "unchanged"), FLIPS,
                         ids=[f[0] for f in FLIPS])
def test_a_forbidden_flip_power_does_not_act(kind: str, layout: Any, hands: Any, pile: Any,
                                             unchanged: Callable[[Duel52State], bool]) -> None:
    """The card turns face up (the flip is an action as ever), its power does nothing and
    offers no choice; the other seat's card of the same rank still works."""
    state = build_state(layout, hands, pile, options=banned(0, kind))
    on_both(state, "flip L1.0.1")
    assert card(state, "L1.0.1").up and state.choice is None and not state.frames
    assert state.actions == 2 and unchanged(state)
    free = build_state(layout, hands, pile, options=banned(1, kind))
    free.play(0, "flip L1.0.1")
    assert free.choice is not None or not unchanged(free)


def test_an_allowed_5_flips_a_blank_but_the_blank_does_not_act() -> None:
    state = build_state(lanes((["5H", "AH", "7S", "^8H!1"], ["7C"])), HANDS, ["9S"],
                        options=banned(0, "A"))
    on_both(state, "flip L1.0.1")
    assert card(state, "L1.0.2").up and card(state, "L1.0.3").up
    assert state.choice is None  # only the 7 acts: no order to pick
    assert card(state, "L1.0.4").damage == 0
    assert state.actions == 2 and not card(state, "L1.0.2").double


def test_an_allowed_king_re_fires_no_blank() -> None:
    state = build_state(lanes((["KH", "^7H", "^AH", "^8H!1"], ["^7C"])), HANDS, ["9S"],
                        options=banned(0, "7"))
    events = state.clone().play(0, "flip L1.0.1")
    assert [e.data["cards"] for e in events if e.kind == "empower"] == [["L1.0.3"]]
    on_both(state, "flip L1.0.1")
    assert state.choice is None and state.actions == 3
    assert card(state, "L1.0.4").damage == 1


def test_a_forbidden_5_flips_nothing_and_a_forbidden_king_re_fires_nothing() -> None:
    state = build_state(lanes((["5H", "KH"], ["7C"]), (["KS", "^AS"], [])), HANDS, ["9S"],
                        options=banned(0, "5", "K"))
    on_both(state, "flip L1.0.1", "flip L2.0.1")
    assert not card(state, "L1.0.2").up and state.actions == 1
    assert not card(state, "L2.0.2").double


# --- Trap -----------------------------------------------------------------------------


def test_a_forbidden_trap_is_killed_face_down_like_any_card() -> None:
    state = build_state(lanes((["^5H"], ["3C!1"])), HANDS, ["9S"], options=banned(1, "3"))
    on_both(state, "attack L1.0.1 L1.1.1")
    assert state.find("L1.1.1") is None
    assert state.discard[-1].how == "killed-face-down" and state.discard[-1].seat == 1
    assert state.observation(0).discard[-1].seat == 1


def test_a_sample_may_deal_a_dead_blank_3_but_never_a_trap_that_would_have_sprung() -> None:
    """A card killed face down unseen is never a 3 while its owner's traps work; when
    its owner may not use Trap, it may have been one."""
    for ban, threes in ((banned(1, "3"), True), ({}, False)):
        state = build_state(lanes((["^5H"], ["9C!1"])), HANDS, ["9S"], options=ban)
        state.play(0, "attack L1.0.1 L1.1.1")
        assert state.discard[-1].how == "killed-face-down"
        observation = state.observation(0)
        dealt = {rank(DUEL52.sample(observation, random.Random(seed)).discard[-1].card)
                 for seed in range(200)}
        assert (3 in dealt) == threes


# --- constant powers ------------------------------------------------------------------


def test_a_blank_jack_has_ordinary_hit_points_and_no_taunt() -> None:
    state = build_state(lanes((["^5H", "^6H"], ["^JC", "^5C"])), HANDS, ["9S"],
                        options=banned(1, "J"))
    assert attacks(state) == {f"attack L1.0.{a} L1.1.{t}" for a in (1, 2) for t in (1, 2)}
    on_both(state, "attack L1.0.1 L1.1.1", "attack L1.0.2 L1.1.1")
    assert state.find("L1.1.1") is None


def test_a_9_still_deals_2_to_a_blank_jack() -> None:
    """The 9's blow is its owner's power: a blank Jack is still a face-up Jack to it."""
    state = build_state(lanes((["^9H"], ["^JC", "^5C"])), HANDS, ["9S"],
                        options=banned(1, "J"))
    on_both(state, "attack L1.0.1 L1.1.1")
    assert state.find("L1.1.1") is None


def test_a_blank_8_hits_back_nothing() -> None:
    state = build_state(lanes((["^5H", "^5S"], ["^8C", "^8D!1"])), HANDS, ["9S"],
                        pairs=[("L1.0.1", "L1.0.2")], options=banned(1, "8"))
    on_both(state, "attack L1.0.1+L1.0.2 L1.1.1")
    assert card(state, "L1.0.1").damage == card(state, "L1.0.2").damage == 0


def test_a_blank_9_is_hurt_by_an_8_and_deals_1_to_a_jack() -> None:
    state = build_state(lanes((["^9H"], ["^8C"]), (["^9S"], ["^JC"])), HANDS, ["9D"],
                        options=banned(0, "9"))
    on_both(state, "attack L1.0.1 L1.1.1", "attack L2.0.1 L2.1.1")
    assert card(state, "L1.0.1").damage == 1 and card(state, "L2.1.1").damage == 1


def test_a_blank_9_can_be_frozen_and_hit_by_a_10_beside_another_card() -> None:
    state = build_state(lanes((["^9H", "^5H"], ["6C", "^10C"])), HANDS, ["9S"], seat=1,
                        options=banned(0, "9"))
    assert attacks(state) == {"attack L1.1.2 L1.0.1 L1.0.2"}
    on_both(state, "flip L1.1.1")
    assert card(state, "L1.0.1").frozen
    nimble = build_state(lanes((["^9H", "^5H"], ["6C", "^10C"])), HANDS, ["9S"], seat=1)
    assert attacks(nimble) == {"attack L1.1.2 L1.0.1", "attack L1.1.2 L1.0.2"}


def test_a_blank_10_hits_one_card_and_a_pair_of_blank_10s_is_an_ordinary_pair() -> None:
    state = build_state(lanes((["^10H"], ["^5D", "^6D"])), HANDS, ["9S"],
                        options=banned(0, "10"))
    assert attacks(state) == {"attack L1.0.1 L1.1.1", "attack L1.0.1 L1.1.2"}
    assert assert_refused_unchanged(state, 0, "attack L1.0.1 L1.1.1 L1.1.2").rule == \
        "handicap"
    pair = build_state(lanes((["^10H", "^10S"], ["^5D", "^6D"])), HANDS, ["9S"],
                       pairs=[("L1.0.1", "L1.0.2")], options=banned(0, "10"))
    assert attacks(pair) == {"attack L1.0.1+L1.0.2 L1.1.1", "attack L1.0.1+L1.0.2 L1.1.2"}
    on_both(pair, "attack L1.0.1+L1.0.2 L1.1.2")
    assert pair.find("L1.1.2") is None and card(pair, "L1.1.1").damage == 0


def test_blanks_still_pair_a_pair_is_of_one_rank_not_a_power() -> None:
    state = build_state(lanes((["^5H", "^5S"], ["7C"])), HANDS, ["9S"],
                        options=banned(0, "5"))
    assert "pair L1.0.1 L1.0.2" in texts(state)
    on_both(state, "pair L1.0.1 L1.0.2")
    assert card(state, "L1.0.1").partner == 2


def test_the_restriction_is_public() -> None:
    state = DUEL52.new(banned(0, "6", "K"), seed=3)
    for seat in (0, 1, None):
        assert state.observation(seat).options.bans == ((1 << 6) | (1 << 13), 0)


# --- computer players -----------------------------------------------------------------


@pytest.mark.parametrize("level", [level.name for level in LADDER] + ["random"])
def test_every_computer_player_keeps_to_the_legal_moves_under_a_handicap(level: str) -> None:
    """The players read their legal moves from the observation; ``State.play`` refuses
    anything else, so a finished game is proof. Each seat is forbidden some powers."""
    rng = random.Random(level)
    for game in range(1 if level == "expert" else 6):
        ranks = [RANK_TEXT[k] for k in POWERS]
        options = {"length": "quick", "handicap_no_power": {
            "0": rng.sample(ranks, rng.randrange(1, 14)), "1": rng.sample(ranks, 2)}}
        state = DUEL52.new(options, seed=game)
        play_out(state, {s: make_bot(level, game + s) for s in (0, 1)}, rng)
        assert state.outcome() is not None


def test_the_heuristic_player_plays_a_blank_as_a_card_without_power() -> None:
    """An Ace is its first flip for the action; a blank Ace brings none, and is not."""
    layout = lanes((["AH", "7H", "^5H!1~"], ["7C"]))
    bot = make_bot("heuristic", 1)
    free = build_state(layout, HANDS, ["9S", "9D"])
    assert bot.act(free.observation(0)).text == "flip L1.0.1"
    state = build_state(layout, HANDS, ["9S", "9D"], options=banned(0, "A"))
    assert bot.act(state.observation(0)).text.startswith("play 2C")

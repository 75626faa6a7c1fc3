"""The planning team player: legal in every variant, silent where the rules
say so, blind to everything but its observation, and it plays whole turns."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.paternoster.test_properties import ALL_OPTIONS, IDS

from cardtable.cards import deck, parse_card
from cardtable.engine import play_out
from cardtable.games.paternoster.bots import PlannerTeamBot, RandomTeamBot, make_bot
from cardtable.games.paternoster.endgame import SAMPLED_DRAW, solve_endgame
from cardtable.games.paternoster.rules import PATERNOSTER, PaternosterState
from cardtable.signals import PASSENGER_SIGNAL


def random_position(options: dict[str, Any], seed: int) -> PaternosterState:
    """A game of ``options`` played by random players for a random number of moves."""
    rng = random.Random(seed)
    state = PATERNOSTER.new(PATERNOSTER.parse_options(options), seed=seed)
    assert isinstance(state, PaternosterState)
    bot = RandomTeamBot(seed)
    for _ in range(rng.randrange(60)):
        if state.outcome() is not None:
            break
        seat = state.turn_seat
        state.play(seat, bot.act(state.observation(seat)))
    return state


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=IDS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_planner_never_plays_an_illegal_move(options: dict[str, Any], seed: int) -> None:
    """In random positions of every variant the whole planned turn is legal, move by
    move, and ends the turn (or the game)."""
    state = random_position(options, seed)
    if state.outcome() is not None:
        return
    seat = state.turn_seat
    turn = state.turn
    for move in PlannerTeamBot(seed).plan(state.observation(seat)):
        assert move.text in {m.text for m in state.legal_moves(seat)}
        state.play(seat, move)
    assert state.outcome() is not None or state.turn != turn


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=IDS)
def test_planner_team_plays_every_variant_to_the_end(options: dict[str, Any]) -> None:
    """A table of planners finishes a game of every variant and level (signals on)."""
    parsed = PATERNOSTER.parse_options(options)
    state = PATERNOSTER.new(parsed, seed=7)
    bots = {s: make_bot("planner", s) for s in range(parsed.players)}
    assert play_out(state, bots, random.Random(7)) is not None


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=IDS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_planner_never_signals_where_the_variant_forbids_it(
        options: dict[str, Any], seed: int) -> None:
    """Silent lift: never a word; Lift operator: nothing outside its own turn; a black Jack
    on top: nothing; "I can deliver the next passenger" only with passengers; and every
    signal it wants the rules accept."""
    state = random_position(options, seed)
    bot = PlannerTeamBot(seed)
    for seat in range(state.opts.players):
        obs = state.observation(seat)
        wanted = bot.signals(obs)
        if obs.may_signal() is not None:
            assert wanted == {}
            continue
        if not state.opts.passengers:
            assert PASSENGER_SIGNAL not in wanted.values()
        trial = state.clone()
        for pile, kind in wanted.items():
            trial.signal(seat, pile, kind)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), options=st.sampled_from(ALL_OPTIONS))
def test_planner_choices_depend_only_on_its_observation(
        seed: int, options: dict[str, Any]) -> None:
    """Any deal of the hidden cards that fits the observation (``Game.sample``) gives the
    same plan and the same signals."""
    state = random_position(options, seed)
    if state.outcome() is not None:
        return
    seat = state.turn_seat
    obs = state.observation(seat)
    other = PATERNOSTER.sample(obs, random.Random(seed + 1))
    assert other.observation(seat) == obs
    mine, theirs = PlannerTeamBot(1), PlannerTeamBot(2)
    assert mine.plan(obs) == theirs.plan(other.observation(seat))
    assert mine.signals(obs) == theirs.signals(other.observation(seat))


def test_planner_plans_a_jump_then_its_step_back(pos) -> None:
    """The text's tip: "you hold 9♥ and 8♥, the up pile shows 7♣ – play the 9♥, then the
    8♥ as your step back. The pile ends at 8♥ instead of 9♥"."""
    state = pos({}, [["9H", "8H", "KS", "KS", "KH", "KH", "KD"], ["2C"] * 7],
                piles={"up1": ["7C"], "up2": ["KC"], "down1": ["2D"], "down2": ["2H"]},
                draw=["AD"] * 10)
    plan = [m.text for m in PlannerTeamBot(0).plan(state.observation(0))]
    assert plan[:2] == ["play 9H up1", "play 8H up1"]


def test_planner_says_i_can_help_for_a_step_back_held(pos) -> None:
    """"If you hold the card exactly one rank below the top of an up pile in the same suit
    ..., say 'I can help this pile'"; a seat not to act says it about the piles now."""
    state = pos({}, [["KC"] * 7, ["6H", "2C", "2C", "3C", "3C", "4C", "4C"]],
                piles={"up1": ["7H"]}, draw=["AD"] * 10)
    assert PlannerTeamBot(0).signals(state.observation(1)).get(0) == "help"


def test_planner_offers_to_deliver_the_next_passenger(pos) -> None:
    """Passengers: it says "I can deliver the next passenger" when it holds the twin."""
    state = pos({"passengers": 3}, [["KC"] * 7, ["9D", "2C", "2C", "3C", "3C", "4C", "4C"]],
                piles={"up1": ["5S"], "up2": ["8S"], "down1": ["KD"], "down2": ["QD"]},
                draw=["AD"] * 10)
    state.passengers = tuple(parse_card(c) for c in ("9D", "10D", "JD"))
    assert PASSENGER_SIGNAL in PlannerTeamBot(0).signals(state.observation(1)).values()


def counted_position(pos: Any, players: int, hands: list[list[str]],
                     tops: dict[str, str]) -> PaternosterState:
    """A game at the deck's end: these hands and tops, every other card already played
    (under ``up1``'s top), the draw pile empty, seat 0 to act."""
    named = Counter(parse_card(c) for c in [*(c for h in hands for c in h), *tops.values()])
    rest = sorted((Counter(deck(2)) - named).elements())
    piles = {name: [card] for name, card in tops.items()}
    piles["up1"] = [c.text for c in rest] + piles["up1"]
    return pos({"players": players}, hands, piles=piles, draw=[])


def test_endgame_counts_to_the_end_and_keeps_the_partners_card_playable(pos) -> None:
    """With the draw pile empty every card is known: the planner plays 5♦ alone and
    leaves room for its partner's 5♥ (playing 6♦ too would shut it out), and the two
    planners play every card."""
    state = counted_position(pos, 2, [["5D", "6D"], ["5H"]],
                             {"up1": "4D", "up2": "KC", "down1": "2D", "down2": "2D"})
    end = solve_endgame(state.observation(0))
    assert end is not None and end.perfect and end.played == 3
    bots = {s: PlannerTeamBot(s) for s in (0, 1)}
    outcome = play_out(state, bots, random.Random(0))
    assert outcome.perfect


def test_endgame_with_several_partners_samples_their_hands_from_the_observation(pos) -> None:
    """Three players, two partners holding cards: the turn comes from deals sampled
    from the observation alone, so any deal behind the same observation gives the
    same turn, and the planners still play every card."""
    state = counted_position(pos, 3, [["5D", "9S"], ["5H", "10S"], ["6D"]],
                             {"up1": "4D", "up2": "8C", "down1": "2D", "down2": "2D"})
    obs = state.observation(0)
    end = solve_endgame(obs)
    assert end is not None
    other = PATERNOSTER.sample(obs, random.Random(3))
    assert solve_endgame(other.observation(0)) == end
    outcome = play_out(state, {s: PlannerTeamBot(s) for s in range(3)}, random.Random(0))
    assert outcome.perfect


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_solo_endgame_samples_the_draw_piles_order_from_the_observation(seed: int) -> None:
    """Solo, with at most ``SAMPLED_DRAW`` cards left to draw, the turn comes from orders
    of the draw pile sampled from the observation alone: any order behind the same
    observation gives the same turn."""
    state = PATERNOSTER.new(PATERNOSTER.parse_options({"players": 1}), seed=seed)
    assert isinstance(state, PaternosterState)
    bot = PlannerTeamBot(0)
    while state.outcome() is None and len(state.draw) > SAMPLED_DRAW:
        for move in bot.plan(state.observation(0)):
            state.play(0, move)
            if state.outcome() is not None:
                break
    if state.outcome() is not None or not state.draw:
        return
    obs = state.observation(0)
    other = PATERNOSTER.sample(obs, random.Random(seed + 1))
    assert other.observation(0) == obs
    assert PlannerTeamBot(1).plan(obs) == PlannerTeamBot(2).plan(other.observation(0))

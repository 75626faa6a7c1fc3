"""The simple duel player: the text's simple strategy, deterministic, observation only."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import play_out
from cardtable.games.duel import DUEL
from cardtable.games.duel.bots import SimpleDuelBot, make_bot
from cardtable.games.duel.positions import arranged_game
from cardtable.games.duel.rules import DuelObservation


def opened(hand: list[str]) -> DuelObservation:
    state = arranged_game(hands={0: hand, 1: ["9S", "10S", "AS", "2S", "3S", "4S"]}, starter=1)
    state.play(1, "play 9S up")
    state.play(1, "play 10S down")
    state.play(1, "end")
    return state.observation(0)


def test_bot_opens_at_the_ends_with_smallest_steps() -> None:
    """Start at the ends: open the up pile low and the down pile high."""
    obs = opened(["AD", "KH", "7D", "8H", "10D", "JH"])
    plan = SimpleDuelBot(1).plan(obs)
    texts = [m.text for m in plan]
    assert texts[:2] == ["play AD up", "play KH down"] or texts[:2] == ["play KH down",
                                                                        "play AD up"]


def test_bot_plays_step_back_when_it_has_one() -> None:
    state = arranged_game(hands={0: ["10H", "9H", "2D", "3D", "4D", "KD"]}, starter=0)
    state.play(0, "play 10H up")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(1, "end")
    assert SimpleDuelBot(1).act(state.observation(0)).text == "play 9H up"


def test_bot_pushes_the_card_that_fits_its_piles_worst() -> None:
    obs = opened(["2D", "3D", "4D", "JD", "8H", "KD"])
    plan = [m.text for m in SimpleDuelBot(1, push="always").plan(obs)]
    pushes = [m for m in plan if m.startswith("push")]
    assert len(pushes) == 1 and plan[-1] == "end"
    never = [m.text for m in SimpleDuelBot(1, push="never").plan(obs)]
    assert not [m for m in never if m.startswith("push")]


def test_bot_plays_only_required_cards_plus_very_small_steps() -> None:
    obs = opened(["2D", "9D", "KD", "QH", "6H", "5D"])
    plan = [m.text for m in SimpleDuelBot(1, push="never").plan(obs)]
    plays = [m for m in plan if m.startswith("play")]
    assert len(plays) == 2 and plan[-1] == "end"


def test_plan_is_what_act_picks_move_by_move() -> None:
    for seed in range(20):
        a = DUEL.new(seed=seed)
        b = a.clone()
        bots_a = {s: SimpleDuelBot(seed + s) for s in (0, 1)}
        bots_b = {s: SimpleDuelBot(seed + s) for s in (0, 1)}
        play_out(a, bots_a, random.Random(0))
        while b.outcome() is None:
            seat = b.to_act()[0]
            b.play(seat, bots_b[seat].act(b.observation(seat)))
        assert a.history == b.history


def test_bot_is_deterministic_for_a_seed() -> None:
    runs = []
    for _ in range(2):
        state = DUEL.new({"team": True}, seed=11)
        play_out(state, {s: SimpleDuelBot(7 + s) for s in range(4)}, random.Random(3))
        runs.append(state.history)
    assert runs[0] == runs[1]


def test_make_bot_names() -> None:
    assert isinstance(make_bot("simple", 1), SimpleDuelBot)
    assert make_bot("never-push", 1).push == "never"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown duel player"):
        make_bot("genius", 1)
    with pytest.raises(ValueError, match="push must be"):
        SimpleDuelBot(1, push="sometimes")


def test_pushing_pays() -> None:
    """The text's balance claim, roughly: a pusher beats a never-pusher most of the time."""
    wins = 0
    games = 200
    for seed in range(games):
        state = DUEL.new(seed=seed)
        pusher = seed % 2
        bots = {pusher: SimpleDuelBot(seed, "always"), 1 - pusher: SimpleDuelBot(seed, "never")}
        outcome = play_out(state, bots, random.Random(seed))
        wins += outcome.winner == pusher
    assert wins > games * 0.6


def test_extra_card_threshold_changes_how_many_cards_a_turn_plays() -> None:
    """The cautious player plays only what it must; the eager one plays more."""
    obs = opened(["2D", "3D", "5D", "7D", "9D", "QH"])
    plays = {name: [m.text for m in make_bot(name, 1).plan(obs)  # type: ignore[attr-defined]
                    if m.text.startswith("play")] for name in ("cautious", "simple", "eager")}
    assert len(plays["cautious"]) == 2
    assert len(plays["cautious"]) <= len(plays["simple"]) <= len(plays["eager"])
    assert len(plays["eager"]) > 2

"""Duel 52 computer players: legal, deterministic for a seed, observation only, and the
heuristic player beats the random one."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import play_out
from cardtable.games.duel52.bots import HeuristicBot, make_bot
from cardtable.games.duel52.rules import DUEL52, build_state


def game(a: str, b: str, seed: int, options: dict[str, str] | None = None) -> list[str]:
    state = DUEL52.new(options or {}, seed=seed)
    play_out(state, {0: make_bot(a, seed), 1: make_bot(b, seed + 1)}, random.Random(seed))
    return [text for _, text in state.history]


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_bots_are_deterministic_for_a_seed(name: str) -> None:
    assert game(name, name, 7) == game(name, name, 7)


def test_make_bot_refuses_unknown_names() -> None:
    with pytest.raises(ValueError, match="unknown"):
        make_bot("perfect", 0)


def test_bots_act_on_the_observation_only() -> None:
    """The bot gets an observation; the same observation gives the same move."""
    state = DUEL52.new({}, seed=3)
    obs = state.observation(state.turn_seat)
    sampled = DUEL52.sample(obs, random.Random(1))
    assert sampled.observation(state.turn_seat) == obs
    assert HeuristicBot(5).act(obs) == HeuristicBot(5).act(sampled.observation(obs.seat or 0))


def test_heuristic_attacks_to_kill() -> None:
    state = build_state([(["^5H"], ["^7C!1", "^8D"]), ([], []), ([], [])], (["2C"], ["2D"]),
                        ["9S"])
    assert HeuristicBot(0).act(state.observation(0)).text == "attack L1.0.1 L1.1.1"


def test_heuristic_flips_an_ace_for_its_action() -> None:
    state = build_state([(["AH", "4H"], ["^7C"]), ([], []), ([], [])], (["2C"], ["2D"]),
                        ["9S"])
    assert HeuristicBot(0).act(state.observation(0)).text == "flip L1.0.1"


def test_heuristic_holds_its_last_card_at_the_end() -> None:
    """With the pile empty it keeps its last hand card while another action is open."""
    state = build_state([(["^5H"], ["^JC"]), (["^6H"], []), ([], ["^7D"])], (["2C"], ["2D"]),
                        [])
    assert HeuristicBot(0).act(state.observation(0)).text == "attack L1.0.1 L1.1.1"


def test_heuristic_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(30):
        state = DUEL52.new({}, seed=seed)
        bots = {0: make_bot("heuristic", seed), 1: make_bot("random", seed)}
        outcome = play_out(state, bots, random.Random(seed))
        wins += outcome.returns[0] > 0
    assert wins >= 20

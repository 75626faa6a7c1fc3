"""The PettingZoo environments: PettingZoo's own checks, the arrays' no-leak property,
the fixed action spaces, rewards, rendering and refusals."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from cardtable.envs.pettingzoo import env
from cardtable.envs.tables import table

GAMES = ["duel", "duel52", "paternoster", "matebeta"]
VARIANTS = [("duel", {}), ("duel", {"variants": ["team"]}), ("duel", {"variants": ["blitz"]}),
            ("duel52", {}), ("duel52", {"variants": ["long"]}), ("paternoster", {}),
            ("paternoster", {"players": 4, "variants": ["passing-on"]}),
            ("paternoster", {"players": 1}), ("matebeta", {})]


# observations are dicts with the action mask, PettingZoo's own way for masked actions
@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game: str) -> None:
    api_test(env(game), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test_passes(game: str) -> None:
    seed_test(functools.partial(env, game), num_cycles=100)


def _random_positions(game: str, options: dict[str, object], games: int, seed: int):
    """Every position of a few random games, with the seat to act."""
    spec = table(game, **options)
    rng = random.Random(seed)
    for number in range(games):
        state = spec.game.new(spec.options, seed=number)
        while state.outcome() is None:
            seat = rng.choice(state.to_act())
            yield spec, state, seat
            legal = spec.actions.legal(state.observation(seat))
            state.play(seat, legal[rng.choice(list(legal))])


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_every_legal_move_has_its_own_index_and_arrays_keep_their_size(
        game: str, options: dict[str, object]) -> None:
    sizes = set()
    for spec, state, seat in _random_positions(game, options, 3, 1):
        observation = state.observation(seat)
        legal = spec.actions.legal(observation)
        assert len(legal) == len([m for m in observation.legal_moves()
                                  if m.text != "timeout"])
        assert all(0 <= i < spec.actions.size for i in legal)
        sizes.add(spec.observe(observation).shape)
    assert len(sizes) == 1


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_positions_a_seat_cannot_tell_apart_give_equal_arrays(
        game: str, options: dict[str, object]) -> None:
    rng = random.Random(5)
    for spec, state, _ in _random_positions(game, options, 2, 2):
        for looker in range(spec.seats):
            seen = state.observation(looker)
            other = spec.game.sample(seen, rng)
            assert other.observation(looker) == seen
            again = other.observation(looker)
            assert np.array_equal(spec.observe(again), spec.observe(seen))
            assert np.array_equal(spec.mask(again), spec.mask(seen))


def test_arrays_change_with_what_the_seat_sees() -> None:
    spec = table("duel")
    one, two = spec.game.new(spec.options, seed=1), spec.game.new(spec.options, seed=2)
    seat = one.to_act()[0]
    assert not np.array_equal(spec.observe(one.observation(seat)),
                              spec.observe(two.observation(seat)))


def test_an_illegal_action_is_refused_naming_it_and_the_legal_ones() -> None:
    e = env("duel")
    e.reset(seed=3)
    agent = e.agent_selection
    before = e.state.record().to_json()
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=rf"action {illegal} \(play AD up\) is not legal") as info:
        e.step(illegal)
    legal = e.legal(agent)
    first = next(iter(legal))
    assert f"{first} ({legal[first].text})" in str(info.value)
    assert e.state.record().to_json() == before
    assert e.agent_selection == agent
    with pytest.raises(ValueError, match="outside the space"):
        e.step(10**6)


def test_unknown_games_options_and_variants_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        env("poker")
    with pytest.raises(TypeError, match="unknown option 'colour'"):
        env("duel", colour="red")
    with pytest.raises(ValueError, match="sideways"):
        env("duel", variants=["sideways"])
    with pytest.raises(ValueError, match="render mode 'human'"):
        env("duel", render_mode="human")


@pytest.mark.parametrize("game", GAMES)
def test_a_game_ends_with_the_results_as_rewards_and_renders_as_text(game: str) -> None:
    e = env(game, render_mode="ansi")
    e.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    assert "seat" in e.render() or "turn" in e.render().lower()
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert reward == 0.0
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    outcome = e.state.outcome()
    assert outcome is not None
    assert [totals[a] for a in e.possible_agents] == list(outcome.returns)
    if game == "paternoster":
        assert len(set(totals.values())) == 1
    assert "Game over" in e.render()


def test_the_same_seed_deals_the_same_cards() -> None:
    one, two = env("duel52"), env("duel52")
    one.reset(seed=4)
    two.reset(seed=4)
    assert one.state.record().deal == two.state.record().deal
    two.reset(seed=5)
    assert one.state.record().deal != two.state.record().deal


def test_options_are_the_labs_words() -> None:
    assert env("duel", variants=["team"]).max_num_agents == 4
    assert env("paternoster", players=3).max_num_agents == 3
    assert env("duel", options={"hand": 5}).spec.options.hand == 5  # type: ignore[attr-defined]
    assert env("paternoster", level="easy").spec.options != env("paternoster").spec.options


def test_action_indices_are_described_in_words() -> None:
    e = env("duel52")
    words = {e.describe(i) for i in (0, 5, e.spec.actions.size - 1)}
    assert "play AD 1" in words
    assert any(w.startswith("attack lane 3: your pair") for w in words)

"""The OpenSpiel games: registration, game types, OpenSpiel's random-simulation checks,
strings and tensors from the seat's observation, resampling, serialization, and the
searches and players that cross over."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from cardtable.envs import openspiel  # noqa: E402
from cardtable.envs.pettingzoo import env  # noqa: E402
from cardtable.envs.players import LadderBot, LadderPolicy, OpenSpielSearch  # noqa: E402

GAMES = ["duel", "duel52", "paternoster", "matebeta"]
Info = pyspiel.GameType.Information
Utility = pyspiel.GameType.Utility


def _dealt(game, seed: int = 0):
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.randrange(256))
    return state


def test_importing_registers_the_four_games() -> None:
    names = pyspiel.registered_names()
    assert {f"cardtable_{g}" for g in GAMES} <= set(names)


@pytest.mark.parametrize(("game", "information", "utility"), [
    ("duel", Info.IMPERFECT_INFORMATION, Utility.ZERO_SUM),
    ("duel52", Info.IMPERFECT_INFORMATION, Utility.ZERO_SUM),
    ("paternoster", Info.IMPERFECT_INFORMATION, Utility.IDENTICAL),
    ("matebeta", Info.PERFECT_INFORMATION, Utility.ZERO_SUM),
])
def test_game_types(game: str, information, utility) -> None:
    kind = pyspiel.load_game(f"cardtable_{game}").get_type()
    assert kind.information == information
    assert kind.utility == utility
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


@pytest.mark.parametrize(("game", "options"), [
    ("duel", {}), ("duel", {"variants": ["team"]}), ("duel", {"variants": ["blitz"]}),
    ("duel52", {}), ("paternoster", {}), ("paternoster", {"players": 3}), ("matebeta", {}),
])
def test_openspiel_random_simulation_checks_pass(game: str, options: dict[str, object]) -> None:
    loaded = openspiel.load(game, **options)
    pyspiel.random_sim_test(loaded, num_sims=3, serialize=True, verbose=False)


def test_options_reach_the_game() -> None:
    assert openspiel.load("duel", variants=["team"]).num_players() == 4
    assert openspiel.load("paternoster", players=3).num_players() == 3
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        openspiel.CardTableGame("poker")


@pytest.mark.parametrize("game", GAMES)
def test_strings_and_tensors_come_from_the_seats_observation(game: str) -> None:
    loaded = pyspiel.load_game(f"cardtable_{game}")
    state = _dealt(loaded, 3)
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        for seat in range(loaded.num_players()):
            seen = state.state.observation(seat)
            other = openspiel.CardTableState(loaded, loaded.spec.game.sample(seen, rng))
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert np.array_equal(other.information_state_tensor(seat),
                                  state.information_state_tensor(seat))
            assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", ["duel", "duel52", "paternoster"])
def test_resampling_keeps_what_the_seat_knows(game: str) -> None:
    state = _dealt(pyspiel.load_game(f"cardtable_{game}"), 4)
    seat = state.current_player()
    sampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.information_state_string(seat) == state.information_state_string(seat)
    assert sampled.legal_actions() == state.legal_actions()


def test_serialization_gives_the_same_state() -> None:
    game = pyspiel.load_game("cardtable_duel52")
    state = _dealt(game, 5)
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)


def test_an_illegal_action_names_itself() -> None:
    state = _dealt(pyspiel.load_game("cardtable_duel"))
    illegal = next(a for a in range(209) if a not in state.legal_actions())
    with pytest.raises(ValueError, match=f"action {illegal} .* is not legal"):
        state.apply_action(illegal)


@pytest.mark.parametrize("game", ["duel", "duel52", "paternoster"])
def test_openspiel_information_set_mcts_runs(game: str) -> None:
    loaded = pyspiel.load_game(f"cardtable_{game}")
    state = _dealt(loaded, 6)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    search = ismcts.ISMCTSBot(loaded, evaluator, 2.0, 10, random_state=np.random.RandomState(1))
    assert search.step(state) in state.legal_actions()


def test_openspiel_mcts_runs_on_matebetas_open_hands() -> None:
    loaded = pyspiel.load_game("cardtable_matebeta")
    state = _dealt(loaded, 6)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    search = mcts.MCTSBot(loaded, 2.0, 20, evaluator, random_state=np.random.RandomState(1))
    assert search.step(state) in state.legal_actions()


@pytest.mark.parametrize(("game", "level"), [("duel", "club"), ("duel52", "beginner"),
                                             ("paternoster", "regular"), ("matebeta", "club")])
def test_our_levels_play_whole_games_as_openspiel_bots(game: str, level: str) -> None:
    loaded = pyspiel.load_game(f"cardtable_{game}")
    bots = [LadderBot(loaded, seat, level, seat) for seat in range(loaded.num_players())]
    state = _dealt(loaded, 7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert state.returns() == list(state.state.outcome().returns)


def test_our_levels_play_as_pettingzoo_policies() -> None:
    e = env("duel52")
    e.reset(seed=2)
    policy = LadderPolicy(e, "club", 1)
    for agent in e.agent_iter():
        observation, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else policy(observation, agent))
    assert e.state.outcome() is not None


@pytest.mark.parametrize("game", GAMES)
def test_openspiels_search_plays_as_our_player_from_the_observation_alone(game: str) -> None:
    loaded = pyspiel.load_game(f"cardtable_{game}")
    real = _dealt(loaded, 8).state
    seat = real.to_act()[0]
    player = OpenSpielSearch(game, seed=1, simulations=5)
    move = player.act(real.observation(seat))
    assert move in real.observation(seat).legal_moves()


def test_the_lab_seats_openspiels_search_by_name() -> None:
    from cardtable.sim.setup import make_bot, player_key

    assert player_key("duel", "OpenSpiel-ISMCTS") == "openspiel-ismcts"
    assert isinstance(make_bot("duel", "openspiel-ismcts", 1), OpenSpielSearch)


def test_a_test_run_that_loads_the_games_ends_cleanly(tmp_path) -> None:
    """OpenSpiel's registry outlives the interpreter: what it holds must too, or a run of
    a researcher's own tests (imported by path, as this suite's are) aborts at its end."""
    (tmp_path / "test_load.py").write_text(
        "from cardtable.envs import openspiel\n\n\n"
        "def test_load():\n    assert openspiel.load('duel').num_players() == 2\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "--import-mode=importlib", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr

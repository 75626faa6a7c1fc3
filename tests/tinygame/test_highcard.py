"""A fifth game from outside the package, served by everything with no change elsewhere.

High card (``highcard/``: its rules and its package, nothing more) joins the registry
by one line, ``CARDTABLE_GAMES=highcard.package`` for processes (the server with its
workers, the command, the lab) or :func:`register` within this one. Then the engine's
checks hold for it, the lab simulates it and plays a tournament of its players, the
command plays and replays it, and a server creates its table and plays it to the end
over HTTP and the WebSocket, against its computer player.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server, play
from highcard.package import PACKAGE
from highcard.rules import HIGHCARD

from cardtable.engine import Record
from cardtable.games.registry import game_ids, register, replay, unregister
from cardtable.sim.runner import SimSpec, simulate
from cardtable.testing import assert_no_leak, assert_replay_same, random_game
from cardtable.web.labels import entries, label

HERE = Path(__file__).parent
ENV = {**os.environ, "CARDTABLE_GAMES": "highcard.package",
       "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
"""The registry line for other processes."""

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.fixture
def registered() -> Iterator[None]:
    register(PACKAGE)
    yield
    unregister(PACKAGE.id)


def cardtable(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], input=stdin, env=ENV,
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_engine_checks_hold(registered: None) -> None:
    assert "highcard" in game_ids()
    rng = random.Random(1)
    for seed in range(20):
        state = random_game(HIGHCARD, {}, seed, on_step=lambda s: assert_no_leak(s, rng))
        assert_replay_same(HIGHCARD, {}, seed)
        assert replay(Record.from_json(state.record().to_json())).outcome() == state.outcome()


def test_the_lab_simulates_it_in_process(registered: None) -> None:
    result = simulate(SimSpec("highcard", {}, ("stand", "random"), 200, 5), workers=1)
    assert len(result.rows) == 200


def test_the_lab_commands_simulate_and_rank_its_players() -> None:
    sim = cardtable("simulate", "highcard", "--games", "100", "--seed", "3", "--workers", "2",
                    "--json")
    assert sim.returncode == 0, sim.stderr
    assert json.loads(sim.stdout)["games"] == 100
    ranked = cardtable("tournament", "highcard", "--games", "40", "--seed", "3", "--workers",
                       "1", "--json")
    assert ranked.returncode == 0, ranked.stderr
    assert {r["name"] for r in json.loads(ranked.stdout)["ratings"]} == {"stand", "random"}


def test_the_command_plays_and_replays_it(tmp_path: Path) -> None:
    played = cardtable("play", "highcard", "--seed", "4", stdin="swap\n")
    assert played.returncode == 0, played.stderr
    assert "winner" in played.stdout
    state = HIGHCARD.new(seed=4)
    state.play(0, "stand")
    state.play(1, "swap")
    path = tmp_path / "highcard.json"
    path.write_text(state.record().dumps())
    replayed = cardtable("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["outcome"] == state.outcome().to_json()


def test_a_server_plays_it_to_the_end_against_its_computer(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                    env=ENV)
    server.start()
    try:
        games = {g["id"]: g for g in server.http.get("/api/games").json()}
        assert games["highcard"]["computer_players"] == ["stand", "random"]
        table_id, tokens = server.table_with_players(
            game="highcard", seats=[{"kind": "human"}, {"kind": "computer", "strength": "stand"}])
        final = play({0: server.client(table_id, tokens[0])}, random.Random(1))
        assert final["status"] == "finished"
        record = Record.from_json(server.record(table_id))
        assert [seat for seat, _move in record.moves] == [0, 1]
        assert HIGHCARD.new(record.options, deal=record.deal).game.id == "highcard"
    finally:
        server.stop()


def test_the_site_names_it_by_its_own_label(registered: None) -> None:
    """The site's texts of a game come with its package: its name here."""
    assert entries()["game.highcard"] == "High card"
    assert label("de", "game.highcard") == "High card"  # no German catalogue of its own
    assert label("de", "game.duel") == "Paternoster-Duell"

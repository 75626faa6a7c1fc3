"""The strong player at the server: ``strong`` wherever a computer seat is chosen, thinking in
workers of its own within the operator's budget; bad budgets refused by name."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server, check_no_hidden_cards

from cardtable.server.ops.config import Settings

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

THINK = "15"
"""Seconds a strong player thinks per move here: far longer than a whole game of quick
players takes, so the order of events shows that it keeps none of them waiting."""


@pytest.fixture(scope="module")
def thinking_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("strong")
    srv = Server(f"sqlite:///{path / 'cardtable.db'}", path / "server.log",
                 "--bot-executor", "process", "--think-seconds", THINK)
    srv.start()
    yield srv
    srv.stop()


def test_strong_is_offered_for_the_duel_and_duel52(thinking_server: Server) -> None:
    games = thinking_server.http.get("/api/games").json()
    players = {g["id"]: g["computer_players"] for g in games}
    assert "strong" in players["duel"] and "strong" in players["duel52"]


def test_a_strong_table_keeps_no_other_table_waiting(thinking_server: Server) -> None:
    """While a strong player thinks over its first move, a table of quick players
    elsewhere plays its whole game."""
    strong = thinking_server.create(creator_seat=None, seats=[
        {"kind": "computer", "strength": "strong"}, {"kind": "computer", "strength": "strong"}])
    quick = thinking_server.create(creator_seat=None, seats=[
        {"kind": "computer", "strength": "simple"}, {"kind": "computer", "strength": "cautious"}])
    watch_strong = thinking_server.client(strong["table"]["id"])
    watch_quick = thinking_server.client(quick["table"]["id"])
    watch_quick.wait_state(lambda m: m["status"] == "finished", timeout=60)
    assert watch_strong.ping()["version"] <= 2


@pytest.mark.parametrize("variants", [[], ["blitz"], ["team"]], ids=["duel", "blitz", "team"])
def test_strong_players_play_a_whole_game(tmp_path: Path, variants: list[str]) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                 "--bot-executor", "process", "--think-seconds", "0.02")
    srv.start()
    try:
        seats = 4 if variants == ["team"] else 2
        created = srv.create(creator_seat=None, variants=variants, seats=[
            {"kind": "computer", "strength": "strong" if s % 2 == 0 else "cautious"}
            for s in range(seats)])
        watcher = srv.client(created["table"]["id"])
        final = watcher.wait_state(lambda m: m["status"] == "finished", timeout=240)
        assert final["outcome"] is not None
        if variants != ["team"]:  # the record's replay has no signals to compare with
            assert check_no_hidden_cards(watcher.raw, srv.record(created["table"]["id"])) >= 1
    finally:
        srv.stop()


def test_strong_plays_duel52_at_the_server(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                 "--bot-executor", "process", "--think-seconds", "0.02")
    srv.start()
    try:
        created = srv.create(game="duel52", creator_seat=None, variants=["quick"], seats=[
            {"kind": "computer", "strength": "strong"}, {"kind": "computer"}])
        watcher = srv.client(created["table"]["id"])
        final = watcher.wait_state(lambda m: m["status"] == "finished", timeout=240)
        assert final["outcome"] is not None
    finally:
        srv.stop()


@pytest.mark.parametrize("bad", ["0", "-1", "nan", "inf", "1e9"])
def test_a_bad_thinking_budget_is_refused_naming_the_option(bad: str) -> None:
    out = subprocess.run([sys.executable, "-m", "cardtable", "serve", "--think-seconds", bad,
                          "--port", "8712"], check=False, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2
    assert "--think-seconds must be a number of seconds above 0 and at most 60" in out.stderr


@pytest.mark.parametrize("bad", [0.0, -2.0, math.inf, 1e6])
def test_the_settings_refuse_a_bad_thinking_budget(bad: float) -> None:
    with pytest.raises(ValueError, match="think_seconds must be"):
        Settings(think_seconds=bad)

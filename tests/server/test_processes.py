"""Several ``cardtable serve`` processes of one site, on PostgreSQL and Redis:
the settings are checked at start-up, each running table is served by one process at a
time, and a clean shutdown hands its tables to another process, which rebuilds them by
replay and plays on. Real services on their standard local ports; without them the tests
fail, they never skip."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from harness import PATIENCE, Server, free_port, replayed_states, wait_until
from test_many_processes import REDIS_URL
from test_many_processes import redis_flags as site_flags


@pytest.fixture
def redis_flags() -> tuple[str, ...]:
    return site_flags(lease_seconds=1)


def _serve(*flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", "serve", "--port",
                           str(free_port()), *flags], check=False, capture_output=True,
                          text=True,
                          timeout=PATIENCE)


def test_redis_needs_postgresql(tmp_path: Path) -> None:
    out = _serve("--db", f"sqlite:///{tmp_path / 'one.db'}", "--redis", REDIS_URL)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "cardtable serve: --redis: several processes share one PostgreSQL database; give "
        "--db postgresql://... (or DATABASE_URL) with Redis"]


def test_a_redis_that_does_not_answer_is_one_line(postgres_url: str) -> None:
    out = _serve("--db", postgres_url, "--redis", "redis://:secret@127.0.0.1:8649/0")
    assert out.returncode == 2
    [line] = out.stderr.strip().splitlines()
    assert line.startswith("cardtable serve: --redis: Redis at redis://:***@127.0.0.1:8649/0 "
                           "does not answer: ")
    assert "secret" not in line


def _computers_playing(server: Server) -> str:
    """A duel of two computer players on ``server``, its first moves played."""
    table = server.create(game="duel", creator_seat=None,
                          seats=[{"kind": "computer"}, {"kind": "computer"}])
    table_id: str = table["table"]["id"]
    wait_until(lambda: server.http.get(f"/api/tables/{table_id}").json()["version"] >= 2)
    return table_id


def test_the_owner_killed_mid_game_another_process_plays_on_and_nothing_is_lost(
        postgres_url: str, redis_flags: tuple[str, ...], tmp_path: Path) -> None:
    first = Server(postgres_url, tmp_path / "first.log", *redis_flags, "--bot-pause", "0.05")
    second = Server(postgres_url, tmp_path / "second.log", *redis_flags, "--bot-pause", "0.05")
    first.start()
    second.start()
    try:
        table_id = _computers_playing(first)
        first.kill9()
        wait_until(lambda: second.http.get(f"/api/tables/{table_id}").status_code == 200)
        wait_until(lambda: second.http.get(f"/api/tables/{table_id}").json()["status"]
               == "finished")
        record = second.record(table_id)
        states = replayed_states(record)  # every stored move legal, in order, once
        assert states[-1].is_over()
        assert len(record["moves"]) == second.http.get(
            f"/api/tables/{table_id}").json()["version"]
    finally:
        first.stop()
        second.stop()


def test_one_process_serves_a_table_and_hands_it_over_at_once_at_shutdown(
        postgres_url: str, redis_flags: tuple[str, ...], tmp_path: Path) -> None:
    # leases of 30 s: only the hand-over, not a lapse, brings the table over soon
    slow = (*redis_flags, "--lease-seconds", "30", "--bot-pause", "0.05")
    first = Server(postgres_url, tmp_path / "first.log", *slow)
    second = Server(postgres_url, tmp_path / "second.log", *slow, "--log-level", "info")
    first.start()
    second.start()
    try:
        assert second.http.get("/api/health/ready").status_code == 200
        table_id = _computers_playing(first)
        copy = second.http.get(f"/api/tables/{table_id}")  # read from the database
        assert copy.status_code == 200, copy.text
        assert copy.json()["id"] == table_id
        first.stop()
        wait_until(lambda: "tables handed over by another process"
               in (tmp_path / "second.log").read_text())
        before = second.http.get(f"/api/tables/{table_id}")
        assert before.status_code == 200, before.text
        version = before.json()["version"]
        wait_until(lambda: (second.http.get(f"/api/tables/{table_id}").json()["version"] > version
                        or second.http.get(f"/api/tables/{table_id}").json()["status"]
                        == "finished"))
        record = second.http.get(f"/api/tables/{table_id}/games").json()
        assert record, "the table's games are listed at the new owner"
    finally:
        first.stop()
        second.stop()

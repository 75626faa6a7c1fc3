"""Time controls on a site of two processes (PostgreSQL and Redis): a chess clock's table
handed from one process to the other keeps every seat's time, and turn-based tables made
at one process are in ``GET /api/me/turns`` at the other."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from harness import Server
from test_many_processes import redis_flags
from test_player_clocks import end_turn, playing

REDIS_URL = "redis://127.0.0.1:6379/15"

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.fixture
def site(postgres_url: str, tmp_path: Path) -> Iterator[list[Server]]:
    flags = redis_flags(url=REDIS_URL)
    servers = [Server(postgres_url, tmp_path / f"p{i}.log", *flags, "--clock-minute", "30")
               for i in range(2)]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def test_a_handed_over_table_keeps_its_clocks(site: list[Server]) -> None:
    first, second = site
    table_id, tokens = first.table_with_players(game="duel", clock={"minutes": 3,
                                                                    "increment": 2})
    clients = {seat: first.client(table_id, token) for seat, token in tokens.items()}
    playing(clients[0])
    before = end_turn(clients)["clock"]
    for client in clients.values():
        client.close()
    first.stop()  # a clean shutdown hands the table over
    after = second.http.get(f"/api/tables/{table_id}").json()["clock"]
    waiting = 1 - before["seat"]
    assert after["seat"] == before["seat"] and after["deadline"] == before["deadline"]
    assert after["left"][waiting] == before["left"][waiting]
    # play goes on at the second process, and the clock with it
    mover = second.client(table_id, tokens[before["seat"]])
    state = mover.wait_state(lambda m: m["status"] == "playing")
    assert state["clock"]["left"][waiting] == before["left"][waiting]
    moved = end_turn({before["seat"]: mover, waiting: mover})["clock"]
    assert moved["seat"] == waiting and moved["left"][waiting] <= before["left"][waiting]
    mover.close()


def test_turns_made_at_one_process_are_listed_at_the_other(site: list[Server]) -> None:
    first, second = site
    ann = httpx.Client(base_url=first.url, timeout=30)
    created = ann.post("/api/tables", json={"game": "duel52", "clock": {"days": 2}}).json()
    table_id = created["table"]["id"]
    (seat, invite), = created["invites"].items()
    bob = httpx.Client(base_url=second.url, timeout=30)
    assert bob.post(f"/api/tables/{table_id}/seats/{seat}",
                    json={"invite": invite}).status_code == 200
    acting = second.http.get(f"/api/tables/{table_id}").json()["clock"]["seat"]
    cookies = {0: ann.cookies, int(seat): bob.cookies}
    for server in site:
        for player, jar in cookies.items():
            found = httpx.get(f"{server.url}/api/me/turns", cookies=jar).json()["turns"]
            assert [t["table"] for t in found] == ([table_id] if player == acting else [])

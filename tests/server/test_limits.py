"""Per-address limits: what one client may do in a minute, on one process and across the
processes of one site (PostgreSQL + Redis). A refusal is 429 with ``Retry-After`` in the
documented error shape (a WebSocket: an ``error`` message, then close code 4429); other
addresses are served meanwhile, and nothing a seat does at a human pace is refused."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from harness import PATIENCE, TEST_FLAGS, Server, from_address
from test_many_processes import redis_flags
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
LIMITED = tuple(flag for flag in TEST_FLAGS if flag != "--no-limits")
"""The harness's settings with the operator's default limits."""

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.fixture
def limited_server(tmp_path: Path) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path / 'l.db'}", tmp_path / "server.log",
                    "--ws-per-address", "5", flags=LIMITED)
    server.start()
    yield server
    server.stop()


def assert_limited(response: httpx.Response) -> int:
    assert response.status_code == 429, response.text
    assert response.json()["error"]["code"] == "rate-limited"
    retry_after = int(response.headers["retry-after"])
    assert 1 <= retry_after <= 60
    return retry_after


def test_table_creation_is_limited_per_address(limited_server: Server) -> None:
    server = limited_server
    for _ in range(20):
        assert server.http.post("/api/tables", json={"game": "duel"}).status_code == 201
    assert_limited(server.http.post("/api/tables", json={"game": "duel"}))
    assert_limited(server.http.post("/api/learn/duel"))
    with from_address(server, "127.0.0.2") as other:
        assert other.post("/api/tables", json={"game": "duel"}).status_code == 201
    assert server.http.get("/api/games").status_code == 200, "reading is not limited"
    assert 'cardtable_rate_limited_total{limit="tables"} 2.0' in server.http.get("/metrics").text


def test_invite_and_private_link_guesses_are_limited(limited_server: Server) -> None:
    server = limited_server
    table_id = server.create(game="duel")["table"]["id"]
    for n in range(20):
        guess = server.http.post(f"/api/tables/{table_id}/seats/1",
                                 json={"invite": f"guess-{n}"})
        assert guess.status_code == 403
    assert_limited(server.http.post(f"/api/tables/{table_id}/seats/1",
                                    json={"invite": "one-more"}))
    assert_limited(server.http.get(f"/t/{table_id}?key=a-guess"))
    assert server.http.get(f"/api/tables/{table_id}").json()["seats"][1]["taken"] is False


def test_groups_and_rides_are_limited(limited_server: Server) -> None:
    server = limited_server
    tokens = [server.http.post("/api/groups", json={"name": f"g{n}"}) for n in range(10)]
    assert all(answer.status_code == 201 for answer in tokens)
    assert_limited(server.http.post("/api/groups", json={"name": "one too many"}))
    token = tokens[0].json()["token"]
    ride = {"floor": 1, "players": 2, "cards_left": 0}
    answers = [server.http.post(f"/api/groups/{token}/rides", json=ride) for _ in range(31)]
    assert [a.status_code for a in answers[:30]] == [201] * 30, answers[0].text
    assert_limited(answers[30])


def ws_refusal(server: Server, table_id: str) -> tuple[dict[str, object], int | None]:
    with connect(f"{server.ws_url}/api/tables/{table_id}/ws", open_timeout=PATIENCE) as ws:
        first = json.loads(ws.recv(timeout=PATIENCE))
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=PATIENCE)
        return first, ws.close_code


def test_open_websockets_are_limited_per_address(limited_server: Server) -> None:
    server = limited_server  # five at once (--ws-per-address 5)
    table_id = server.create(game="duel")["table"]["id"]
    held = [server.client(table_id) for _ in range(5)]
    for client in held:
        assert client.recv()["type"] == "state"
    first, code = ws_refusal(server, table_id)
    assert first["type"] == "error" and first["code"] == "rate-limited"
    assert isinstance(first["retry_after"], int) and code == 4429
    sock = socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.2", 0))
    with connect(f"{server.ws_url}/api/tables/{table_id}/ws", sock=sock) as other:
        assert json.loads(other.recv(timeout=PATIENCE))["type"] == "state", "another address"


def test_websockets_opened_are_limited_per_address(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'l.db'}", tmp_path / "server.log",
                    "--limit", "sockets=10/minute", flags=LIMITED)
    server.start()
    try:
        table_id = server.create(game="duel")["table"]["id"]
        for _ in range(10):
            client = server.client(table_id)
            assert client.recv()["type"] == "state"
            client.close()
        first, code = ws_refusal(server, table_id)
        assert first["code"] == "rate-limited" and code == 4429
    finally:
        server.stop()


def test_a_seat_at_a_human_pace_is_never_refused(limited_server: Server) -> None:
    """Moves are not counted by these limits: a whole game against the computer plays."""
    server = limited_server
    created = server.create(game="matebeta", seats=[{"kind": "human"}, {"kind": "computer"}])
    client = server.client(created["table"]["id"], created["token"])
    state = client.recv()
    moves = 0
    while state["status"] == "playing" and moves < 40:
        observation = state["observation"]
        if observation["legal"]:
            client.move(observation["legal"][0], state["version"])
            moves += 1
        state = client.wait_state(lambda m, v=state["version"]: m["version"] > v
                                  or m["status"] != "playing")
    assert not [m for m in client.messages if m["type"] == "error"]


def test_limits_are_settings(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'l.db'}", tmp_path / "server.log",
                    "--limit", "tables=2/minute", "--limit", "groups=none",
                    "--limit", "heavy=2/minute", flags=LIMITED)
    server.start()
    try:
        for _ in range(2):
            assert server.http.post("/api/tables", json={"game": "duel"}).status_code == 201
        assert_limited(server.http.post("/api/tables", json={"game": "duel"}))
        for n in range(12):
            assert server.http.post("/api/groups", json={"name": f"g{n}"}).status_code == 201
        record = {**json.loads((GOLDEN / "duel" / "standard.json").read_text()), "moves": []}
        for _ in range(2):
            watched = server.http.post("/api/replay", json={"record": record}, timeout=120)
            assert watched.status_code == 200, watched.text
        assert_limited(server.http.post("/api/replay", json={"record": record}))
    finally:
        server.stop()
    for flag, says in (("tablez=1/minute", "no limit is called 'tablez'"),
                       ("tables=often", "'often' is no rate")):
        bad = subprocess.run([sys.executable, "-m", "cardtable", "serve", "--limit", flag],
                             check=False, capture_output=True, text=True, timeout=60)
        assert bad.returncode == 2 and says in bad.stderr, bad.stderr


def test_a_limit_holds_across_the_processes_of_a_site(postgres_url: str,
                                                      tmp_path: Path) -> None:
    flags = redis_flags()
    servers = [Server(postgres_url, tmp_path / f"p{i}.log", *flags, flags=LIMITED)
               for i in range(2)]
    for server in servers:
        server.start()
    try:
        for n in range(20):
            answer = servers[n % 2].http.post("/api/tables", json={"game": "duel"})
            assert answer.status_code == 201
        for server in servers:
            assert_limited(server.http.post("/api/tables", json={"game": "duel"}))
    finally:
        for server in servers:
            server.stop()

"""Slow and silent clients hold nothing open: a request's head must arrive within the
request timeout (a slowloris that trickles header lines is closed), so must its body
(408), an idle keep-alive connection is closed; a WebSocket, once open, is not cut.
And forwarding headers count only from a proxy the operator named trusted."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import PATIENCE, TEST_FLAGS, Server, wait_until

LIMITED = tuple(flag for flag in TEST_FLAGS if flag != "--no-limits")

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.fixture(scope="module")
def impatient(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("slow")
    server = Server(f"sqlite:///{path / 's.db'}", path / "server.log",
                    "--request-timeout", "1", "--keep-alive", "1")
    server.start()
    yield server
    server.stop()


def closed_by_server(sock: socket.socket, trickle: bytes | None = None) -> bytes:
    """Everything the server sent until it closed the connection; ``trickle`` is sent
    again every 0.2 s meanwhile (a slowloris). Fails if it is still open after PATIENCE."""
    sock.settimeout(0.2)
    received = b""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            if trickle is not None:
                try:
                    sock.sendall(trickle)
                except OSError:
                    return received
            continue
        except ConnectionResetError:
            return received
        if not chunk:
            return received
        received += chunk
    raise AssertionError("the server kept the connection open")


def test_a_slowloris_is_closed(impatient: Server) -> None:
    with socket.create_connection(("127.0.0.1", impatient.port)) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        assert closed_by_server(sock, trickle=b"X-Slow: 1\r\n") == b""


def test_a_connection_that_sends_nothing_is_closed(impatient: Server) -> None:
    with socket.create_connection(("127.0.0.1", impatient.port)) as sock:
        assert closed_by_server(sock) == b""


def test_an_idle_keep_alive_connection_is_closed(impatient: Server) -> None:
    with socket.create_connection(("127.0.0.1", impatient.port)) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert closed_by_server(sock).startswith(b"HTTP/1.1 200")


def test_a_body_that_does_not_arrive_is_answered_408(impatient: Server) -> None:
    with socket.create_connection(("127.0.0.1", impatient.port)) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 100\r\n\r\n{\"game\":")
        answer = closed_by_server(sock, trickle=b" ")
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b'"too-slow"' in answer


def test_a_websocket_outlives_the_request_timeout(impatient: Server) -> None:
    client = impatient.client(impatient.create(game="duel")["table"]["id"])
    assert client.recv()["type"] == "state"
    started = time.monotonic()
    wait_until(lambda: time.monotonic() - started > 2.5)  # past two request timeouts
    assert client.ping()["type"] == "pong"


def test_forwarded_addresses_count_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    def creations(server: Server, forwarded_for: str) -> int:
        return server.http.post("/api/tables", json={"game": "duel"},
                                headers={"X-Forwarded-For": forwarded_for}).status_code

    plain = Server(f"sqlite:///{tmp_path / 'a.db'}", tmp_path / "a.log",
                   "--limit", "tables=2/minute", flags=LIMITED)
    trusting = Server(f"sqlite:///{tmp_path / 'b.db'}", tmp_path / "b.log",
                      "--limit", "tables=2/minute", "--trusted-proxy", "127.0.0.1",
                      flags=LIMITED)
    for server in (plain, trusting):
        server.start()
    try:
        # not trusted: the header is the client's own word, and the peer is counted
        assert [creations(plain, f"10.0.0.{n}") for n in range(3)] == [201, 201, 429]
        # trusted: each forwarded client has its own count
        assert [creations(trusting, "10.0.0.1") for _ in range(3)] == [201, 201, 429]
        assert creations(trusting, "10.0.0.2") == 201
    finally:
        for server in (plain, trusting):
            server.stop()

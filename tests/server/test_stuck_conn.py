"""A connection never outlives its socket: a client that sends without reading and then
goes away is let go (its seat shows as away, the computer takes over), however full the
server's queue for it was when it went."""

from __future__ import annotations

import contextlib
import socket
import struct
from pathlib import Path

from harness import Server, wait_until
from websockets.sync.client import connect


def flood_without_reading_then_vanish(server: Server, table_id: str, token: str | None,
                                      pings: int) -> None:
    """Send ``pings`` pings as fast as the socket takes them, reading nothing, through a
    tiny receive buffer (so the server's replies back up), then drop the socket."""
    raw = socket.create_connection(("127.0.0.1", server.port))
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with connect(f"{server.ws_url}/api/tables/{table_id}/ws", sock=raw,
                 additional_headers=headers, open_timeout=10) as ws:
        raw.settimeout(0.5)
        with contextlib.suppress(TimeoutError, OSError):  # the server stopped reading us:
            for _ in range(pings):                         # the backed-up state wanted
                ws.send('{"type": "ping"}')
        # no close handshake: a reset, and the socket is simply gone
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        raw.close()


def test_a_seat_that_floods_without_reading_and_vanishes_is_let_go(tmp_path: Path) -> None:
    # a high rate, so that the replies (not the flood limit) are what backs up
    server = Server(f"sqlite:///{tmp_path / 'c.db'}", tmp_path / "server.log",
                    "--ws-rate", "100000")
    server.start()
    try:
        created = server.create(game="duel", takeover_after=1,
                                seats=[{"kind": "human"}, {"kind": "computer"}])
        table_id = created["table"]["id"]
        flood_without_reading_then_vanish(server, table_id, created["token"], 20_000)

        def let_go() -> bool:
            seat = server.http.get(f"/api/tables/{table_id}").json()["seats"][0]
            return not seat["connected"] and seat["substitute"]

        wait_until(let_go)
        for _ in range(20):  # spectators too
            flood_without_reading_then_vanish(server, table_id, None, 5_000)
        wait_until(lambda: _connections(server) == 0)
    finally:
        server.stop()


def _connections(server: Server) -> float:
    """Live WebSocket connections by the server's own count (/metrics, from loopback)."""
    return sum(float(line.split()[-1])
               for line in server.http.get("/metrics").text.splitlines()
               if line.startswith("cardtable_connections{"))

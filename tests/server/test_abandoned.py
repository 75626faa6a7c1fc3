"""Memory is bounded: tables against the computer that their people created and left
leave memory after the idle time, come back by replay when asked for, and a restart
does not load them again."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Server, wait_until

TABLES = 200

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def live_tables(server: Server) -> float:
    return sum(float(line.split()[-1])
               for line in server.http.get("/metrics").text.splitlines()
               if line.startswith("cardtable_live_tables{"))


def test_abandoned_tables_against_the_computer_leave_memory(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'a.db'}", tmp_path / "server.log",
                    "--idle-after", "1")
    server.start()
    try:
        created = [server.create(game="duel52",
                                 seats=[{"kind": "human"}, {"kind": "computer"}])
                   for _ in range(TABLES)]
        one = created[0]["table"]["id"]
        wait_until(lambda: live_tables(server) == 0)
        info = server.http.get(f"/api/tables/{one}").json()  # back, as it was left
        assert info["status"] == "playing"
        client = server.client(one, created[0]["token"])
        state = client.recv()
        assert state["seat"] == 0 and state["status"] == "playing"
        client.close()
        server.stop()
        server.start()
        assert live_tables(server) == 0, "a restart left the left tables where they were"
        assert server.http.get(f"/api/tables/{one}").json()["version"] == info["version"]
    finally:
        server.stop()

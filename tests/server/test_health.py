"""Liveness and readiness for a load balancer,
telling strangers nothing about tables."""

from __future__ import annotations

from typing import Any

import httpx
import psycopg
from harness import Server, wait_until

BODIES = {"/api/health/live": {"ok": True, "status": "live"},
          "/api/health/ready": {"ok": True, "status": "ready"},
          "/api/health": {"ok": True, "status": "ready"}}


def test_live_and_ready_say_nothing_about_tables(server: Server) -> None:
    server.create()
    for path, body in BODIES.items():
        r = server.http.get(path)
        assert r.status_code == 200, path
        assert r.json() == body, path


def test_not_ready_while_the_database_is_gone(postgres_url: str, tmp_path: Any) -> None:
    """The server's PostgreSQL database is dropped under it: readiness answers 503 in the
    documented error shape (a load balancer takes the server out), liveness stays 200."""
    srv = Server(postgres_url, tmp_path / "server.log")
    srv.start()
    try:
        assert srv.http.get("/api/health/ready").status_code == 200
        name = postgres_url.rsplit("/", 1)[1]
        with psycopg.connect(postgres_url.rsplit("/", 1)[0] + "/postgres",
                             autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')

        def refused() -> httpx.Response | None:
            r = srv.http.get("/api/health/ready")
            return r if r.status_code == 503 else None

        r = wait_until(refused)
        assert r.json()["error"]["code"] == "not-ready"
        assert srv.http.get("/api/health").status_code == 503
        assert srv.http.get("/api/health/live").json() == BODIES["/api/health/live"]
    finally:
        srv.stop()

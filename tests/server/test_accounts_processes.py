"""Accounts on a site of two processes (PostgreSQL and Redis): a session made at one
process is accepted by the other, a rated table owned by one is joined, taken back and
played through the other, and both processes show the same ratings afterwards; the
sign-in limits hold whichever process answers."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from harness import TEST_FLAGS, Server, from_address, play
from test_many_processes import redis_flags

PASSWORD = "tulip-kettle-93"

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def test_signed_in_at_one_process_the_table_owned_by_the_other(postgres_url: str,
                                                               tmp_path: Path) -> None:
    flags = redis_flags(lease_seconds=2)
    owner = Server(postgres_url, tmp_path / "owner.log", *flags)
    other = Server(postgres_url, tmp_path / "other.log", *flags)
    owner.start()
    other.start()
    try:
        ann = httpx.Client(base_url=owner.url, timeout=30)
        assert ann.post("/api/accounts", json={"name": "ann_pg", "password": PASSWORD}) \
            .status_code == 201
        # the same session, sent to the other process
        there = httpx.Client(base_url=other.url, timeout=30,
                             cookies={"ct.session": ann.cookies["ct.session"]})
        assert there.get("/api/session").json() == {"name": "ann_pg"}

        ben = httpx.Client(base_url=other.url, timeout=30)
        assert ben.post("/api/accounts", json={"name": "ben_pg", "password": PASSWORD}) \
            .status_code == 201
        created = ann.post("/api/tables", json={"game": "duel", "rated": True}).json()
        table_id, (seat, invite) = created["table"]["id"], next(iter(created["invites"].items()))
        r = ben.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
        assert r.status_code == 200, r.text
        ben_token = r.json()["token"]

        # Ann, in another browser, signs in at the process that does not own the table
        again = httpx.Client(base_url=other.url, timeout=30)
        assert again.post("/api/session", json={"name": "ann_pg", "password": PASSWORD}) \
            .status_code == 200
        r = again.post(f"/api/tables/{table_id}/return")
        assert r.status_code == 200 and r.json()["seat"] == 0, r.text
        ann_token = r.json()["token"]

        clients = {0: other.client(table_id, ann_token), int(seat): other.client(table_id,
                                                                                ben_token)}
        final = play(clients, random.Random(11))
        for client in clients.values():
            client.close()
        winner = final["outcome"]["winner"]
        loser_name, winner_name = ("ben_pg", "ann_pg") if winner == 0 else ("ann_pg", "ben_pg")
        for server in (owner, other):
            top = server.http.get(f"/api/players/{winner_name}").json()
            bottom = server.http.get(f"/api/players/{loser_name}").json()
            assert top["ratings"]["duel"]["rating"] > 1500 > bottom["ratings"]["duel"]["rating"]
            assert top["games"][0]["table"] == bottom["games"][0]["table"] == table_id
    finally:
        owner.stop()
        other.stop()


def test_sign_in_limits_hold_whichever_process_answers(postgres_url: str,
                                                       tmp_path: Path) -> None:
    """The site's limits on (10 sign-in attempts a minute per address and per name),
    counted in Redis: ten wrong passwords sent to the two processes in turn, and the
    11th is refused by each of them, from that address and, for that name, from any."""
    flags = redis_flags(url="redis://127.0.0.1:6379/13")
    limited = tuple(f for f in TEST_FLAGS if f != "--no-limits")
    servers = [Server(postgres_url, tmp_path / f"p{i}.log", *flags, flags=limited)
               for i in range(2)]
    for server in servers:
        server.start()
    try:
        made = from_address(servers[0], "127.0.0.20").post(
            "/api/accounts", json={"name": "kurt_pg", "password": PASSWORD})
        assert made.status_code == 201, made.text
        tries = [from_address(server, "127.0.0.21") for server in servers]
        answers = [tries[n % 2].post("/api/session", json={"name": "kurt_pg",
                                                          "password": f"wrong-{n}"})
                   for n in range(10)]
        assert [r.status_code for r in answers] == [401] * 10
        for client in tries:  # the 11th, at either process: refused, the right one too
            r = client.post("/api/session", json={"name": "kurt_pg", "password": PASSWORD})
            assert r.status_code == 429 and r.json()["error"]["code"] == "rate-limited"
            assert 1 <= int(r.headers["Retry-After"]) <= 60
        for server in servers:  # another address: this name waits, another name does not
            other = from_address(server, "127.0.0.22")
            r = other.post("/api/session", json={"name": "kurt_pg", "password": PASSWORD})
            assert r.status_code == 429 and "this name" in r.json()["error"]["message"]
            assert other.post("/api/session", json={"name": "lena_pg", "password": PASSWORD}
                              ).status_code == 401
    finally:
        for server in servers:
            server.stop()

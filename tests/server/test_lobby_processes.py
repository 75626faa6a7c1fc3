"""The lobby of a site of two processes on PostgreSQL and Redis (real services on their
standard local ports; without them the tests fail, they never skip): a seek posted at one
process is pushed to the lobby sockets of the other, taken there, and its owner learns of
the table at the first; 20 takers spread over both processes make one table."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
import redis
from harness import Server, wait_until
from test_lobby import DUEL_3_2, error, player, post, race_to_take, receive, socket
from test_many_processes import redis_flags

from cardtable.server.live.seats import digest

LOBBY_REDIS = "redis://127.0.0.1:6379/14"

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.fixture(scope="module")
def flags() -> tuple[str, ...]:
    return redis_flags(url=LOBBY_REDIS)


@pytest.fixture(scope="module")
def two(module_postgres_url: str, tmp_path_factory: pytest.TempPathFactory,
        flags: tuple[str, ...]) -> Iterator[tuple[Server, Server]]:
    path = tmp_path_factory.mktemp("lobby-site")
    first = Server(module_postgres_url, path / "a.log", *flags)
    second = Server(module_postgres_url, path / "b.log", *flags)
    first.start()
    second.start()
    yield first, second
    first.stop()
    second.stop()


def test_posted_at_one_process_seen_and_taken_at_the_other(two: tuple[Server, Server]) -> None:
    a, b = two
    owner, taker = player(a), player(b)
    watcher = socket(b)
    try:
        receive(watcher, "lobby")
        seek = post(owner)
        owners = socket(a, owner)
        try:
            receive(owners, "lobby")
            assert receive(watcher, "seek")["seek"]["id"] == seek["id"]
            r = taker.post(f"/api/seeks/{seek['id']}/accept")
            assert r.status_code == 201, r.text
            table = r.json()["table"]["id"]
            assert receive(watcher, "gone")["ids"] == [seek["id"]]
            assert receive(owners, "paired") == {"type": "paired", "seek": seek["id"],
                                                 "table": table}
        finally:
            owners.close()
    finally:
        watcher.close()
    mine = owner.get(f"/api/seeks/{seek['id']}").json()
    assert mine["table"]["id"] == table and mine["token"]
    for server, token, seat in ((a, mine["token"], mine["seat"]),
                                (b, r.json()["token"], r.json()["seat"])):
        client = server.client(table, token)
        try:
            assert client.wait_state(lambda m: True)["seat"] == seat
        finally:
            client.close()


def tables_stored(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM tables").fetchone()
        assert row is not None
        return int(row[0])


def test_twenty_takers_at_two_processes_make_one_table(two: tuple[Server, Server],
                                                       module_postgres_url: str) -> None:
    a, b = two
    seek = post(player(a), **DUEL_3_2)
    before = tables_stored(module_postgres_url)
    answers = race_to_take(seek["id"], [player(a if i % 2 else b) for i in range(20)])
    assert [r.status_code for r in answers].count(201) == 1
    assert sorted(error(r) for r in answers if r.status_code != 201) == [
        (409, "seek-taken")] * 19
    assert tables_stored(module_postgres_url) == before + 1


def test_a_real_time_seek_stays_while_its_player_has_a_lobby_socket_at_any_process(
        two: tuple[Server, Server], flags: tuple[str, ...]) -> None:
    a, b = two
    prefix = flags[flags.index("--redis-prefix") + 1]
    counts = redis.Redis.from_url(LOBBY_REDIS, decode_responses=True)
    owner, other = player(a), player(a)
    r = owner.post("/api/seeks", json=DUEL_3_2)
    seek, key = r.json()["seek"], r.json()["key"]
    mark = post(other)
    at_a, at_b, others = socket(a, owner), socket(b, owner), socket(a, other)
    for ws in (at_a, at_b, others):
        receive(ws, "lobby")

    def sockets() -> int:
        return int(counts.hget(f"{prefix}lobby:sockets", digest(key)) or 0)

    assert wait_until(lambda: sockets() == 2)
    at_a.close()
    wait_until(lambda: sockets() == 1)
    # the other player's socket at A closes after the owner's did: once their seek has
    # ended, A has looked at the owner's too (the same grace, started earlier)
    others.close()
    wait_until(lambda: other.get(f"/api/seeks/{mark['id']}").json()["ended"] == "left")
    assert owner.get(f"/api/seeks/{seek['id']}").json()["state"] == "open"
    at_b.close()
    wait_until(lambda: owner.get(f"/api/seeks/{seek['id']}").json()["ended"] == "left")
    assert sockets() == 0

"""Redis or PostgreSQL away for a while, with the site running: a move is refused
with a clear message and never half-applied, and play resumes by itself when the service
is back, without a restart.

Real services: a ``redis-server`` of the test's own (stopped and started again on its
port), PostgreSQL on its standard local port behind a proxy the test cuts, and real
``cardtable serve`` processes; without PostgreSQL or ``redis-server`` the tests fail,
they never skip."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
from harness import (
    Client,
    CuttableProxy,
    RedisServer,
    Server,
    play,
    replayed_states,
    wait_until,
)
from sqlalchemy.exc import IntegrityError, ProgrammingError
from test_many_processes import (
    Roaming,
    check_told_moves_are_stored,
    play_roaming,
    redis_flags,
)
from websockets.exceptions import ConnectionClosed

from cardtable.server.storage.db import Database, make_engine

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def stored_moves(db_url: str, table_id: str) -> list[list[Any]]:
    """The table's moves as the database holds them: ``[game_no, idx, seat, text]``, in order
    (read directly, not through a server)."""
    with psycopg.connect(db_url, connect_timeout=10) as conn:
        rows = conn.execute("SELECT game_no, idx, seat, text FROM moves WHERE table_id = %s "
                            "ORDER BY game_no, idx", (table_id,)).fetchall()
    return [list(row) for row in rows]


def stored_signals(db_url: str, table_id: str) -> list[list[Any]]:
    """The table's signals as the database holds them: ``[seat, signal]``, in order."""
    with psycopg.connect(db_url, connect_timeout=10) as conn:
        rows = conn.execute("SELECT seat, signal FROM signals WHERE table_id = %s ORDER BY id",
                            (table_id,)).fetchall()
    return [list(row) for row in rows]


def ready(server: Server) -> int:
    """The status of the process's readiness check (200 ready, 503 not)."""
    return server.http.get("/api/health/ready").status_code


def version_of(server: Server, table_id: str) -> int:
    info = server.http.get(f"/api/tables/{table_id}")
    assert info.status_code == 200, info.text
    version: int = info.json()["version"]
    return version


def test_redis_away_a_piped_move_is_refused_the_owner_plays_on_and_play_resumes(
        tmp_path: Path, postgres_url: str) -> None:
    """A Blitz duel (both seats may move at once) on two processes: seat 0 plays at the
    table's owner, seat 1 through the other process. Redis stops: seat 1's move is
    refused there (``relay-down``, nothing was played) and nothing is stored, while seat 0
    plays on at the owner. Redis starts again, empty, on the same port: seat 1's client
    connects again by itself, as the page does, and the game is played to its end, every
    move the clients were told of stored once, the refused one never."""
    own_redis = RedisServer(tmp_path)
    own_redis.start()
    flags = redis_flags(url=own_redis.url)
    owner, other = (Server(postgres_url, tmp_path / f"{name}.log", *flags)
                    for name in ("owner", "other"))
    owner.start()
    other.start()
    try:
        table_id, tokens = owner.table_with_players(game="duel", variants=["blitz"])
        players = {0: Roaming([owner], table_id, tokens[0], start=0, pause=0.6),
                   1: Roaming([other], table_id, tokens[1], start=0, pause=0.6)}
        rng = random.Random(19)
        outage: dict[str, Any] = {}

        def redis_away(version: int) -> bool:
            """Once, after a few moves, when both seats may move: the outage."""
            states = {seat: player.state(version) for seat, player in players.items()}
            if outage or version < 4 or not all(st["observation"]["legal"]
                                                for st in states.values()):
                return False
            own_redis.stop()
            wait_until(lambda: ready(other) == 503)  # it knows Redis is away
            refused = rng.choice(states[1]["observation"]["legal"])
            players[1].move(refused, version)
            outage["refusal"] = players[1].error("relay-down")
            assert version_of(owner, table_id) == version_of(other, table_id) == version
            assert len(stored_moves(postgres_url, table_id)) == version
            played = rng.choice(states[0]["observation"]["legal"])
            players[0].move(played, version)  # the owner's own client plays on
            after = players[0].state(version + 1)
            assert after["version"] == version + 1
            assert stored_moves(postgres_url, table_id)[-1] == [1, version, 0, played]
            outage.update(version=version, refused=refused, played=played)
            # the other process closes the pipe to an owner it cannot hear (4503), and
            # refuses the client's next connection at once, for the same reason
            players[1].error("relay-down")
            assert players[1].reconnects >= 1 and 4503 in players[1].closes
            own_redis.start()  # the same port, no data
            players[1].state(version + 1)  # it connects again and sees the owner's move
            assert ready(other) == 200
            return True

        final = play_roaming(players, rng, redis_away)
        assert outage and final["status"] == "finished"
        refusal = outage["refusal"]
        assert "nothing was played" in refusal["message"], refusal
        record = other.record(table_id)
        assert len(record["moves"]) == final["version"]
        assert [[1, i, seat, text] for i, (seat, text) in enumerate(record["moves"])] == (
            stored_moves(postgres_url, table_id))
        assert record["moves"][outage["version"]] == [0, outage["played"]]
        check_told_moves_are_stored(players, record)
        for player in players.values():
            # "late": a message held up between the processes is refused, never played
            assert {e["code"] for e in player.errors} <= {"relay-down", "late"}, player.errors
        for player in players.values():
            player.client.close()
    finally:
        owner.stop()
        other.stop()
        own_redis.stop()


@dataclass
class CutDatabase:
    """One process alone (no Redis, so no leases), its database reached through a proxy
    that the test cuts; ``db_url`` reaches the same database directly."""

    server: Server
    proxy: CuttableProxy
    db_url: str

    def cut(self) -> None:
        """Cut the database away; returns once the server's readiness says so."""
        self.proxy.cut()
        wait_until(lambda: ready(self.server) == 503)
        body = self.server.http.get("/api/health/ready").json()
        assert body["error"]["code"] == "not-ready", body
        assert "database" in body["error"]["message"], body

    def restore(self) -> None:
        """Let the database through again; returns once the server is ready (by itself)."""
        self.proxy.restore()
        wait_until(lambda: ready(self.server) == 200)


@pytest.fixture
def cut_database(tmp_path: Path, postgres_url: str) -> Iterator[CutDatabase]:
    proxy = CuttableProxy("127.0.0.1", 5432)
    through_proxy = postgres_url.replace("127.0.0.1:5432", f"127.0.0.1:{proxy.port}")
    assert through_proxy != postgres_url
    server = Server(through_proxy, tmp_path / "server.log")
    server.start()
    try:
        yield CutDatabase(server, proxy, postgres_url)
    finally:
        server.stop()
        proxy.close()


def errors_of(client: Client) -> list[str]:
    return [m["code"] for m in client.messages if m["type"] == "error"]


def test_postgresql_away_a_move_is_refused_and_play_resumes_without_a_restart(
        cut_database: CutDatabase) -> None:
    """The database is cut away (every connection closed, new ones refused): readiness
    says 503, a move is refused (``storage``: it was not played) and the table stays as
    it was. The database comes back: readiness comes back by itself, the same client
    plays the same move on the same socket, stored once, and the game is played to its
    end; the record, the live table and the database agree. Cut away again, the next
    game is refused the same way, and begins once the database is back."""
    server, db_url = cut_database.server, cut_database.db_url
    table_id, tokens = server.table_with_players(game="duel")
    clients = {seat: server.client(table_id, token) for seat, token in tokens.items()}
    rng = random.Random(5432)
    state = play(clients, rng, max_moves=4)
    version = state["version"]
    states = {seat: client.wait_version(version) for seat, client in clients.items()}
    seat = next(s for s, st in states.items() if st["observation"]["legal"])
    move = rng.choice(states[seat]["observation"]["legal"])

    cut_database.cut()
    clients[seat].move(move, version)
    refusal = clients[seat].expect_error("storage", timeout=60)
    assert "could not be stored" in refusal["message"], refusal
    assert "not played" in refusal["message"], refusal
    assert refusal["version"] == version
    assert version_of(server, table_id) == version  # the live table, in memory
    assert cut_database.proxy.refused >= 1  # the server tried the database, turned away
    games = server.http.get(f"/api/tables/{table_id}/games")  # a read that needs it
    assert games.status_code == 503 and games.json()["error"]["code"] == "storage", games.text

    cut_database.restore()
    assert len(stored_moves(db_url, table_id)) == version  # the refused move: not stored
    assert version_of(server, table_id) == version
    clients[seat].move(move, version)  # the player tries again, on the same socket
    after = clients[seat].wait_version(version + 1)
    assert [e["move"] for e in after["events"] if e.get("kind") == "move"] == [move]
    assert stored_moves(db_url, table_id)[-1] == [1, version, seat, move]

    for client in clients.values():
        client.wait_version(version + 1)
    final = play(clients, rng)
    assert final["status"] == "finished"
    record = server.record(table_id)
    assert len(record["moves"]) == final["version"] == version_of(server, table_id)
    assert [[1, i, s, text] for i, (s, text) in enumerate(record["moves"])] == (
        stored_moves(db_url, table_id))
    assert replayed_states(record)[-1].is_over()  # every move legal, in order, once
    assert errors_of(clients[seat]) == ["storage"]
    assert errors_of(clients[1 - seat]) == []

    clients[1].send({"type": "again", "game_no": 1})  # the offer, stored
    clients[0].wait_state(lambda m: m.get("rematch") == {"offers": [1], "declined": None})
    cut_database.cut()
    clients[0].send({"type": "again", "game_no": 1})  # accepted: the next game not stored
    refusal = clients[0].expect_error("storage", timeout=60)
    assert "next game could not be stored" in refusal["message"], refusal
    cut_database.restore()
    info = server.http.get(f"/api/tables/{table_id}").json()
    assert (info["game_no"], info["status"]) == (1, "finished")
    clients[0].send({"type": "again", "game_no": 1})  # on the same socket
    for client in clients.values():
        client.wait_state(lambda m: m["game_no"] == 2 and m["status"] == "playing")
    assert [g["game_no"] for g in server.http.get(f"/api/tables/{table_id}/games").json()] == [
        1, 2]
    for client in clients.values():
        client.close()


def test_postgresql_away_is_one_log_line_as_it_begins_and_one_as_it_ends(
        cut_database: CutDatabase) -> None:
    """Over an outage several requests fail (reads over HTTP, a move, the readiness
    checks): the server's log holds one warning as the database becomes unreachable,
    naming the reason on one line, and one as it is reachable again, counting the
    failures; no traceback and no line per failed request."""
    server = cut_database.server
    table_id, tokens = server.table_with_players(game="duel")
    clients = {seat: server.client(table_id, token) for seat, token in tokens.items()}
    rng = random.Random(15)
    version = play(clients, rng, max_moves=2)["version"]
    states = {seat: client.wait_version(version) for seat, client in clients.items()}
    seat = next(s for s, st in states.items() if st["observation"]["legal"])

    cut_database.cut()
    for _ in range(5):
        games = server.http.get(f"/api/tables/{table_id}/games")
        assert games.status_code == 503 and games.json()["error"]["code"] == "storage"
    clients[seat].move(rng.choice(states[seat]["observation"]["legal"]), version)
    clients[seat].expect_error("storage", timeout=60)
    cut_database.restore()

    wait_until(lambda: "database reachable again" in server.log_path.read_text())
    lines = server.log_path.read_text().splitlines()
    down = [i for i, line in enumerate(lines) if "database unreachable: " in line]
    up = [i for i, line in enumerate(lines) if "database reachable again after" in line]
    assert len(down) == 1 and len(up) == 1 and down[0] < up[0], "\n".join(lines[-40:])
    assert "WARNING" in lines[down[0]] and "WARNING" in lines[up[0]]
    failed = re.search(r"(\d+) requests failed meanwhile", lines[up[0]])
    assert failed is not None and int(failed.group(1)) >= 6, lines[up[0]]
    text = "\n".join(lines)
    assert "Traceback" not in text, text[-3000:]
    for noise in ("database work failed", "storing a change failed", "computer move refused"):
        assert noise not in text, noise
    for client in clients.values():
        client.close()


@pytest.mark.parametrize(("statement", "error"), [
    ("INSERT INTO t VALUES (1)", IntegrityError), ("SELECT ?", ProgrammingError)])
def test_a_database_failure_that_is_no_outage_keeps_its_traceback(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, statement: str,
        error: type[Exception]) -> None:
    """A constraint or a bug in a statement is no outage: the database thread logs it as
    an error with its traceback, and no ``unreachable`` line."""
    db = Database(make_engine(f"sqlite:///{tmp_path / 'x.db'}"))

    async def fail() -> None:
        await db.run(lambda conn: conn.exec_driver_sql("CREATE TABLE t (id INTEGER "
                                                       "PRIMARY KEY)"))
        await db.run(lambda conn: conn.exec_driver_sql("INSERT INTO t VALUES (1)"))
        with pytest.raises(error):
            await db.run(lambda conn: conn.exec_driver_sql(statement))

    try:
        asyncio.run(fail())
    finally:
        db.close()
    failed = [r for r in caplog.records if r.getMessage() == "database work failed"]
    assert len(failed) == 1 and failed[0].levelname == "ERROR"
    assert failed[0].exc_info is not None and isinstance(failed[0].exc_info[1], error)
    assert not any("unreachable" in r.getMessage() for r in caplog.records)


def test_postgresql_away_a_signal_is_refused_and_not_shown(cut_database: CutDatabase) -> None:
    """Paternoster, two players. With the database cut away a signal is refused
    (``storage``) on an open socket, and neither shown nor stored: the live table never
    holds what its record lacks. Once the database is back the same signal is given."""
    server, db_url = cut_database.server, cut_database.db_url
    table_id, tokens = server.table_with_players(game="paternoster")
    clients = {seat: server.client(table_id, token) for seat, token in tokens.items()}
    state = play(clients, random.Random(9), max_moves=2)
    version = state["version"]
    seat, shown = next((s, c.wait_version(version)) for s, c in clients.items()
                       if c.wait_version(version).get("signals"))
    signal = shown["signals"][0]
    before = shown["observation"]["signals"]

    cut_database.cut()
    clients[seat].send({"type": "signal", "signal": signal})
    refusal = clients[seat].expect_error("storage", timeout=60)
    assert "signal could not be stored" in refusal["message"], refusal
    cut_database.restore()
    clients[seat].send({"type": "sync"})  # a full state again, on the same socket
    clients[seat].state = None
    again = clients[seat].wait_state(lambda m: True)
    assert again["observation"]["signals"] == before
    assert stored_signals(db_url, table_id) == []

    clients[seat].send({"type": "signal", "signal": signal})
    given = clients[seat].wait_state(lambda m: m["observation"]["signals"] != before)
    assert [e for e in given["events"] if e["kind"] == "signal"] == [
        {"kind": "signal", "seat": seat, "signal": signal, "v": version}]
    assert stored_signals(db_url, table_id) == [[seat, signal]]
    assert errors_of(clients[seat]) == ["storage"]
    for client in clients.values():
        client.close()


def stored_status(db_url: str, table_id: str) -> str:
    with psycopg.connect(db_url, connect_timeout=10) as conn:
        row = conn.execute("SELECT status FROM tables WHERE id = %s", (table_id,)).fetchone()
    assert row is not None
    status: str = row[0]
    return status


def test_postgresql_away_longer_than_a_lease_the_table_comes_back_by_itself(
        tmp_path: Path, postgres_url: str) -> None:
    """A process of a site (Redis, leases of 1 s) whose database is cut away for longer
    than a lease drops its tables (another process might own them by now). Once the
    database is back the table is taken over again and its computer players play on by
    themselves, with nobody connected to ask for it (the test reads the database
    directly, not through the server), to the end; the record replays."""
    own_redis = RedisServer(tmp_path)
    own_redis.start()
    proxy = CuttableProxy("127.0.0.1", 5432)
    through_proxy = postgres_url.replace("127.0.0.1:5432", f"127.0.0.1:{proxy.port}")
    log = tmp_path / "server.log"
    server = Server(through_proxy, log, *redis_flags(lease_seconds=1, url=own_redis.url),
                    "--bot-pause", "0.2")
    server.start()
    cut = CutDatabase(server, proxy, postgres_url)
    try:
        created = server.create(game="duel", creator_seat=None,
                                seats=[{"kind": "computer"}, {"kind": "computer"}])
        table_id = created["table"]["id"]
        wait_until(lambda: len(stored_moves(postgres_url, table_id)) >= 2)
        cut.cut()
        wait_until(lambda: "the table leaves this process" in log.read_text())
        played = len(stored_moves(postgres_url, table_id))
        assert stored_status(postgres_url, table_id) == "playing", "the game ended too soon"
        # meanwhile the table cannot be looked up: a client is told so and closed, to
        # connect again; a read over HTTP is answered 503 (neither brings the table back)
        watcher = Roaming([server], table_id, None, start=0)
        assert [e["code"] for e in watcher.errors] == ["storage"], watcher.errors
        assert "database does not answer" in watcher.errors[0]["message"]
        with pytest.raises(ConnectionClosed) as closed:
            watcher.client.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503
        info = server.http.get(f"/api/tables/{table_id}")
        assert info.status_code == 503 and info.json()["error"]["code"] == "storage", info.text
        cut.restore()
        wait_until(lambda: len(stored_moves(postgres_url, table_id)) > played)
        wait_until(lambda: stored_status(postgres_url, table_id) == "finished")
        record = server.record(table_id)
        assert [[1, i, s, text] for i, (s, text) in enumerate(record["moves"])] == (
            stored_moves(postgres_url, table_id))
        assert replayed_states(record)[-1].is_over()  # every move legal, in order, once
        text = log.read_text()  # the outage in two lines, not one a lease round
        assert text.count("database unreachable: ") == 1, text[-3000:]
        assert "could not be renewed; trying again" not in text, text[-3000:]
        assert "lapsed tables could not be taken over" not in text, text[-3000:]
    finally:
        server.stop()
        proxy.close()
        own_redis.stop()

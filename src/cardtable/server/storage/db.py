"""The database: schema, migrations, and the one thread that talks to it.

Tables are stored as records (event sourcing): a ``games`` row holds a game's
options and deal, ``moves`` holds every accepted move in order. Replaying them
rebuilds any table exactly, after a restart or a crash.

All database work runs on one dedicated thread, so the event loop never waits
on a disk or a socket to the database. Work that arrives together is
committed together (group commit): under load many tables share one commit,
and every caller learns only after the commit that its write is durable.

An outage of the database is logged as two warning lines, when it begins
("database unreachable: <reason>") and when it ends ("database reachable again
after N s, M requests failed meanwhile"): the work failing in between logs nothing
more, as the callers that refuse it know the database thread spoke for them. A
failure that is no outage (a bug, a constraint) is logged with its traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

log = logging.getLogger("cardtable.server.db")

T = TypeVar("T")

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("game_no", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("scores", sa.JSON, nullable=False),
    sa.Column("deadline_at", sa.Float, nullable=True),
    sa.Column("deadline_seat", sa.Integer, nullable=True),
    sa.Column("deadline_version", sa.Integer, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("rematch", sa.JSON, nullable=True),
)
"""``rematch``: the open offer of the next game, ``{"offers": [seats], "declined": seat}``
(null: none), so the table's next owner process shows the same offer."""
sa.Index("ix_tables_status", tables_t.c.status)
sa.Index("ix_tables_deadline", tables_t.c.deadline_at)

seats_t = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("strength", sa.String(32), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("invite_hash", sa.String(64), nullable=True),
    sa.Column("claimed_at", sa.Float, nullable=True),
    sa.Column("account_id", sa.Integer,
              sa.ForeignKey("accounts.id", ondelete="SET NULL", name="fk_seats_account"),
              nullable=True),
)
sa.Index("ix_seats_account", seats_t.c.account_id)

games_t = sa.Table(
    "games", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("deal", sa.JSON, nullable=False),
    sa.Column("base_version", sa.Integer, nullable=False),
    sa.Column("outcome", sa.JSON, nullable=True),
    sa.Column("started_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
)

moves_t = sa.Table(
    "moves", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("game_no", sa.Integer, primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("by", sa.String(16), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("clock", sa.Float, nullable=True),
    sa.ForeignKeyConstraint(["table_id", "game_no"], ["games.table_id", "games.number"],
                            ondelete="CASCADE"),
)
"""``clock``: a chess clock's seconds left to the mover after the move (else null)."""

signals_t = sa.Table(
    "signals", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), nullable=False),
    sa.Column("game_no", sa.Integer, nullable=False),
    sa.Column("after_move", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("signal", sa.String(64), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.ForeignKeyConstraint(["table_id", "game_no"], ["games.table_id", "games.number"],
                            ondelete="CASCADE"),
)
sa.Index("ix_signals_table_game", signals_t.c.table_id, signals_t.c.game_no)

groups_t = sa.Table(
    "groups", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("token", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
)
"""Tower campaign groups: a named team, shared by the link with its token."""

rides_t = sa.Table(
    "rides", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("group_id", sa.String(32), sa.ForeignKey("groups.id", ondelete="CASCADE"),
              nullable=False),
    sa.Column("floor", sa.Integer, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("cards_left", sa.Integer, nullable=False),
    sa.Column("passengers_delivered", sa.Integer, nullable=False),
    sa.Column("lost", sa.Boolean, nullable=False),
    sa.Column("stars", sa.Integer, nullable=False),
    sa.Column("cleared", sa.Boolean, nullable=False),
    sa.Column("source", sa.String(8), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("game_no", sa.Integer, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "game_no", name="uq_rides_table_game"),
)
"""One ride of a floor: played on the site (``source='site'``, its table and game) or
entered by hand (``'hand'``)."""
sa.Index("ix_rides_group", rides_t.c.group_id)

leases_t = sa.Table(
    "leases", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("owner", sa.String(96), nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)
"""Several server processes on one database: the process that owns a running
table until ``expires_at`` (Unix seconds); it renews the lease, another takes over once it
lapses. One process alone keeps no leases."""
sa.Index("ix_leases_owner", leases_t.c.owner)

accounts_t = sa.Table(
    "accounts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("name_key", sa.String(96), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)
"""A person's account: the name as chosen, its key (case and look-alikes folded, unique)
and the Argon2id hash of the password (never the password)."""

sessions_t = sa.Table(
    "sessions", metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)
"""Signed-in browsers: the SHA-256 of each session id (the id itself is only in the
cookie), so every process of a site accepts them."""
sa.Index("ix_sessions_account", sessions_t.c.account_id)

ratings_t = sa.Table(
    "ratings", metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("family", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)
"""A person's current rating in one family of games (OpenSkill's mu and sigma)."""

rating_changes_t = sa.Table(
    "rating_changes", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("game_no", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer,
              sa.ForeignKey("accounts.id", ondelete="SET NULL", name="fk_changes_account"),
              nullable=True),
    sa.Column("family", sa.String(32), nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu_after", sa.Float, nullable=False),
    sa.Column("sigma_after", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("place", sa.Integer, nullable=True),
    sa.ForeignKeyConstraint(["table_id", "game_no"], ["games.table_id", "games.number"],
                            ondelete="CASCADE"),
)
"""A rated game's change for each seat, stored with the game, so the ratings can be
recomputed from the games in order; ``place``: the seat's place in that result (1 the
best, equal places a draw; a MateBeta match's is stored with its last game)."""
sa.Index("ix_rating_changes_account", rating_changes_t.c.account_id)

seeks_t = sa.Table(
    "seeks", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("variant", sa.String(40), nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("clock", sa.JSON, nullable=True),
    sa.Column("realtime", sa.Boolean, nullable=False),
    sa.Column("owner", sa.String(64), nullable=False),
    sa.Column("account_id", sa.Integer,
              sa.ForeignKey("accounts.id", ondelete="CASCADE", name="fk_seeks_account"),
              nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("rating", sa.Float, nullable=True),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("ended", sa.String(16), nullable=True),
    sa.Column("taker", sa.String(64), nullable=True),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("owner_seat", sa.Integer, nullable=True),
    sa.Column("owner_token", sa.String(64), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Column("ended_at", sa.Float, nullable=True),
)
"""The lobby's seeks: ``state`` is ``open``, ``paired`` (``table_id`` once its table
exists) or ``ended`` (``ended`` says why). ``owner`` and ``taker`` are who posted and
who took it (``account:<id>``, or the SHA-256 of an anonymous player's key);
``owner_token`` is the owner's seat token, for the owner to fetch once paired."""
sa.Index("ix_seeks_state", seeks_t.c.state, seeks_t.c.game)
sa.Index("ix_seeks_owner", seeks_t.c.owner, seeks_t.c.state)


def make_engine(url: str, sqlite_synchronous: str = "NORMAL") -> Engine:
    """An engine with the pragmas a server needs on SQLite (WAL: readers never block);
    a failed statement's error names no values (they may be password hashes)."""
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False},
                                  hide_parameters=True)
        sync = sqlite_synchronous.upper()
        if sync not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"unknown SQLite synchronous mode {sqlite_synchronous!r}")

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sync}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=10000")
            cursor.close()

        return engine
    # a host that drops packets would otherwise hold a connection attempt for minutes
    return sa.create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 10},
                            hide_parameters=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (Alembic), on SQLite and PostgreSQL alike."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


class Outage:
    """Whether the database is unreachable now: its log lines are one as an outage
    begins and one as it ends, not a traceback for each piece of work refused between
    (a 15 s outage under load would otherwise log a hundred). Used by the database
    thread alone."""

    def __init__(self) -> None:
        self.began: float | None = None
        """``time.monotonic()`` at the first failure, None while the database answers."""
        self.failed = 0

    def failing(self, exc: BaseException, pieces: int) -> None:
        """``pieces`` of work failed because the database could not be reached."""
        if self.began is None:
            self.began, self.failed = time.monotonic(), 0
            log.warning("database unreachable: %s", one_line(exc))
        else:
            log.debug("database still unreachable: %s", one_line(exc))
        self.failed += pieces

    def answered(self) -> None:
        """The database committed work: an outage, if there was one, is over."""
        if self.began is None:
            return
        log.warning("database reachable again after %.1f s, %d requests failed meanwhile",
                    time.monotonic() - self.began, self.failed)
        self.began = None


def one_line(exc: BaseException) -> str:
    """The reason of a database error without SQLAlchemy's statement and background
    link, and the driver's hint lines: the driver's error, its first line."""
    cause = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    lines = str(cause).strip().splitlines()
    return f"{type(cause).__name__}: {lines[0]}" if lines else type(cause).__name__


def disconnected(exc: BaseException) -> bool:
    """Whether ``exc`` says the connection was lost (the server went away, the network
    to it was cut), as SQLAlchemy's dialect judges it, rather than the work failing."""
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)


class Database:
    """Runs database work on its own thread, committing batches of work together.

    ``await db.run(fn, *args)`` runs ``fn(connection, *args)`` inside a
    transaction and returns its result once that transaction is committed.
    When a batch fails, each of its pieces is retried alone, so one bad write
    never takes others down with it.
    """

    MAX_BATCH = 200

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._conn: Connection | None = None
        """The database thread's connection, kept between batches (none after a failure)."""
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="cardtable-db", daemon=True)
        self._thread.start()
        self.commits = 0
        self.on_commit: Callable[[float], None] | None = None
        """Told each committed batch's seconds (the metrics' commit time)."""
        self.outage = Outage()

    def waiting(self) -> int:
        """Pieces of work waiting for the database thread."""
        return self._queue.qsize()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((fn, args, future, loop))
        return await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)
        self.engine.dispose()

    def _work(self) -> None:
        try:
            self._serve()
        finally:
            self._drop_connection()

    def _serve(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < self.MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._run_batch(batch)
            if stop:
                return

    def _connection(self) -> Connection:
        """One connection for all batches: checking one out of the pool and resetting it
        for every batch cost more than most batches' own statements."""
        if self._conn is None:
            self._conn = self.engine.connect()
        return self._conn

    def _drop_connection(self) -> None:
        """After a failure the connection may be broken (a restarted PostgreSQL): the next
        batch takes a fresh one from the pool."""
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def _run_batch(self, batch: list[Any]) -> None:
        try:
            conn = self._connection()
        except Exception:
            # no connection: every piece would fail alone the same way
            self._fail(batch, _current_exception(), unreachable=True)
            return
        try:
            began = time.perf_counter()
            with conn.begin():
                results = self._execute(conn, batch)
            if self.on_commit is not None:
                self.on_commit(time.perf_counter() - began)
        except Exception:
            self._drop_connection()
            if len(batch) > 1:
                for item in batch:
                    self._run_batch([item])
                return
            exc = _current_exception()
            self._fail(batch, exc, unreachable=disconnected(exc))
            return
        self.commits += 1
        self.outage.answered()
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
        for (_fn, _args, future, loop), result in zip(batch, results, strict=True):
            by_loop.setdefault(loop, []).append((future, result))
        for loop, settled in by_loop.items():
            loop.call_soon_threadsafe(_settle_all, settled)

    def _fail(self, batch: list[Any], exc: BaseException, unreachable: bool) -> None:
        """Hand ``exc`` to the batch's callers, logged once per outage when the database
        could not be reached, else (a bug, a constraint) with its traceback."""
        self._drop_connection()
        if unreachable:
            self.outage.failing(exc, len(batch))
        else:
            log.error("database work failed", exc_info=exc)
        for _fn, _args, future, loop in batch:
            loop.call_soon_threadsafe(_settle, future, None, exc)

    @staticmethod
    def _execute(conn: Connection, batch: list[Any]) -> list[Any]:
        """Run a batch; work whose function has a ``many`` form (moves) goes in one call.

        Reordering within a batch is safe: each table has at most one write in
        flight (its lock), so two pieces of one batch never concern one table.
        """
        results: list[Any] = [None] * len(batch)
        grouped: dict[Any, list[int]] = {}
        for i, (fn, args, _fut, _loop) in enumerate(batch):
            many = getattr(fn, "many", None)
            if many is not None:
                grouped.setdefault(many, []).append(i)
            else:
                results[i] = fn(conn, *args)
        for many, indexes in grouped.items():
            for i, result in zip(indexes, many(conn, [batch[i][1] for i in indexes]),
                                 strict=True):
                results[i] = result
        return results


def _current_exception() -> BaseException:
    import sys

    exc = sys.exc_info()[1]
    assert exc is not None
    return exc


def _settle(future: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    if future.done():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)


def _settle_all(settled: list[tuple[asyncio.Future[Any], Any]]) -> None:
    """A committed batch's results, handed to the event loop in one call."""
    for future, result in settled:
        _settle(future, result, None)


def run_sync(engine: Engine, fn: Callable[..., T], *args: Any) -> T:
    """Run database work in the calling thread (start-up, tools)."""
    with engine.begin() as conn:
        return fn(conn, *args)


__all__ = [
    "Connection",
    "Database",
    "accounts_t",
    "games_t",
    "groups_t",
    "make_engine",
    "metadata",
    "migrate",
    "moves_t",
    "rating_changes_t",
    "ratings_t",
    "rides_t",
    "run_sync",
    "seats_t",
    "seeks_t",
    "sessions_t",
    "signals_t",
    "tables_t",
]

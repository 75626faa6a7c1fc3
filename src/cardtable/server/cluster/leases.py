"""Who owns a running table when several server processes share one database.

A lease names its owner process and the time it lapses (Unix seconds). The owner renews
its leases; once one lapses, any process may take it and rebuild the table by replay. A
clean shutdown hands its leases over (lapsed at once) instead of letting them run out.
The database keeps the record safe on its own: a move is stored under its table, game and
index, so of two processes that both think they own a table only one stores a move at one
version (the other's is refused).

Times come from each process's clock: processes on several machines need clocks agreeing
to well under a lease's length (NTP does).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from cardtable.server.storage import store
from cardtable.server.storage.db import leases_t, tables_t
from cardtable.server.storage.store import TableRow


def take(conn: Connection, table_id: str, owner: str, until: float, now: float) -> bool:
    """Own ``table_id`` until ``until``, unless another process holds a lease that has not
    lapsed at ``now``; one statement, so two processes never both get it."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(leases_t).values(table_id=table_id, owner=owner,
                                                expires_at=until)
    statement = statement.on_conflict_do_update(
        index_elements=[leases_t.c.table_id],
        set_={"owner": owner, "expires_at": until},
        where=sa.or_(leases_t.c.owner == owner, leases_t.c.expires_at < now),
    ).returning(leases_t.c.owner)  # (a row count is not told reliably for an upsert)
    return conn.execute(statement).first() is not None


def take_and_load(conn: Connection, table_id: str, owner: str, until: float,
                  now: float) -> tuple[bool, TableRow | None]:
    """Own the table, then read its record (in that order: a record read after taking the
    lease is one nobody else adds to); ``(False, None)`` when another process owns it,
    ``(True, None)`` when there is no such table."""
    if conn.execute(sa.select(tables_t.c.id).where(tables_t.c.id == table_id)).first() is None:
        return True, None
    if _held_by_another(conn, table_id, owner, now) or not take(conn, table_id, owner, until,
                                                                  now):
        return False, None
    return True, store.load_table(conn, table_id)


def _held_by_another(conn: Connection, table_id: str, owner: str, now: float) -> bool:
    """Whether another process's lease of the table runs, by a plain read. Every request
    for a table another process owns asks this; the upsert of :func:`take` would answer
    too, but it locks the row even when it changes nothing, and a batch of such locks
    deadlocked with the owner's renewal of all its leases."""
    row = conn.execute(sa.select(leases_t.c.owner, leases_t.c.expires_at)
                       .where(leases_t.c.table_id == table_id)).first()
    return row is not None and row.owner != owner and row.expires_at >= now


RENEW_AT_ONCE = 5000
"""Leases renewed by one statement (its list of tables stays well within a statement's
limit of parameters)."""


def renew(conn: Connection, owner: str, until: float, ids: Collection[str]) -> set[str]:
    """Renew ``owner``'s leases of the tables ``ids`` (the ones it holds in memory); the
    tables of these it still owns.

    Only those: a table the process dropped because renewing failed for a whole lease
    (the database was away) keeps a lease in its name, and renewing that one too would
    keep it from lapsing, so nobody, this process included, would take the table again
    and its computer players and clock would stay stopped. Left alone, it lapses and the
    next look for lapsed tables, here or in another process, takes the table over."""
    wanted = sorted(ids)
    held: set[str] = set()
    for start in range(0, len(wanted), RENEW_AT_ONCE):
        chunk = wanted[start:start + RENEW_AT_ONCE]
        held |= {r.table_id for r in conn.execute(
            leases_t.update().where(leases_t.c.owner == owner, leases_t.c.table_id.in_(chunk))
            .values(expires_at=until).returning(leases_t.c.table_id))}
    return held


def release(conn: Connection, owner: str, ids: Sequence[str]) -> None:
    """Give up tables that need no owner now (a quiet table leaving memory)."""
    conn.execute(leases_t.delete().where(leases_t.c.owner == owner,
                                         leases_t.c.table_id.in_(list(ids))))


def hand_over(conn: Connection, owner: str) -> None:
    """A clean shutdown: every lease of ``owner`` lapses now, for others to take."""
    conn.execute(leases_t.update().where(leases_t.c.owner == owner).values(expires_at=0.0))


def lapsed(conn: Connection, now: float, limit: int = 100) -> list[str]:
    """Running tables whose owner is gone (its lease lapsed): they wait for a new owner."""
    return [r.table_id for r in conn.execute(
        sa.select(leases_t.c.table_id).join(tables_t, tables_t.c.id == leases_t.c.table_id)
        .where(leases_t.c.expires_at < now, tables_t.c.status != "finished")
        .order_by(leases_t.c.expires_at).limit(limit))]


def owner_of(conn: Connection, table_id: str, now: float) -> str | None:
    """The process that owns the table now (None: nobody)."""
    row = conn.execute(sa.select(leases_t.c.owner).where(
        leases_t.c.table_id == table_id, leases_t.c.expires_at >= now)).first()
    return row.owner if row is not None else None

"""The reads and writes of the lobby's seeks, as plain functions of a connection (run on
the database thread like :mod:`.store`).

Taking a seek is one conditional ``UPDATE ... WHERE state = 'open'``: whichever process
and whichever taker comes first changes the row, every other finds it changed already,
so one seek never makes two tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from cardtable.server.storage.db import seeks_t

PUBLIC = ("id", "game", "variant", "rated", "clock", "name", "rating", "created_at",
          "expires_at")
"""What anyone may read of a seek (the lobby's list)."""


def _open(now: float) -> sa.ColumnElement[bool]:
    return sa.and_(seeks_t.c.state == "open", seeks_t.c.expires_at > now)


def insert(conn: Connection, row: dict[str, Any], now: float, limit: int) -> bool:
    """Store a new open seek unless its owner has ``limit`` open already (False then)."""
    count = conn.execute(sa.select(sa.func.count()).select_from(seeks_t).where(
        seeks_t.c.owner == row["owner"], _open(now))).scalar_one()
    if count >= limit:
        return False
    conn.execute(seeks_t.insert().values(**row, state="open", created_at=now))
    return True


def listed(conn: Connection, now: float, game: str | None = None) -> list[dict[str, Any]]:
    """The open seeks, the oldest first, with their owners (for the caller to mark)."""
    query = sa.select(seeks_t).where(_open(now)).order_by(seeks_t.c.created_at)
    if game is not None:
        query = query.where(seeks_t.c.game == game)
    return [dict(r) for r in conn.execute(query).mappings()]


def get(conn: Connection, seek_id: str) -> dict[str, Any] | None:
    row = conn.execute(sa.select(seeks_t).where(seeks_t.c.id == seek_id)).mappings().first()
    return None if row is None else dict(row)


def take(conn: Connection, seek_id: str, taker: str, now: float) -> bool:
    """The seek is the taker's if it was open and not its own: True for exactly one taker."""
    done = conn.execute(seeks_t.update().where(
        seeks_t.c.id == seek_id, _open(now), seeks_t.c.owner != taker,
    ).values(state="paired", taker=taker, ended="paired", ended_at=now))
    return done.rowcount == 1


def paired(conn: Connection, seek_id: str, table_id: str, owner_seat: int,
           owner_token: str) -> None:
    """The table a taken seek made, and the owner's seat and token at it."""
    conn.execute(seeks_t.update().where(seeks_t.c.id == seek_id).values(
        table_id=table_id, owner_seat=owner_seat, owner_token=owner_token))


def end(conn: Connection, now: float, reason: str, *where: sa.ColumnElement[bool]) -> list[str]:
    """End the open seeks ``where`` says (expired ones too) with ``reason``; their ids."""
    ids = [str(r.id) for r in conn.execute(sa.select(seeks_t.c.id).where(
        seeks_t.c.state == "open", *where))]
    if ids:
        conn.execute(seeks_t.update().where(seeks_t.c.id.in_(ids), seeks_t.c.state == "open")
                     .values(state="ended", ended=reason, ended_at=now))
    return ids


def reopen(conn: Connection, seek_id: str) -> bool:
    """A taken seek whose table was never made is open again (True), unless its table
    exists after all."""
    done = conn.execute(seeks_t.update().where(
        seeks_t.c.id == seek_id, seeks_t.c.state == "paired", seeks_t.c.table_id.is_(None),
    ).values(state="open", taker=None, ended=None, ended_at=None))
    return done.rowcount == 1


def end_failed(conn: Connection, seek_id: str, now: float) -> None:
    """A taken seek whose table could not be made ends with ``failed``."""
    conn.execute(seeks_t.update().where(seeks_t.c.id == seek_id).values(
        state="ended", ended="failed", ended_at=now))


def expire(conn: Connection, now: float) -> list[str]:
    """End the seeks whose time ran out; their ids."""
    return end(conn, now, "expired", seeks_t.c.expires_at <= now)


def of_owner(owner: str, except_ids: Iterable[str] = ()) -> list[sa.ColumnElement[bool]]:
    """The condition of an owner's seeks (for :func:`end`)."""
    found = [seeks_t.c.owner == owner]
    excluded = list(except_ids)
    if excluded:
        found.append(seeks_t.c.id.not_in(excluded))
    return found


def realtime() -> sa.ColumnElement[bool]:
    return seeks_t.c.realtime.is_(True)


def by_id(seek_id: str) -> sa.ColumnElement[bool]:
    return seeks_t.c.id == seek_id


def forget_tokens(conn: Connection, before: float) -> None:
    """Owners' seat tokens of seeks paired before ``before`` are forgotten (the owner had
    the time to fetch theirs; the seat cookie keeps it)."""
    conn.execute(seeks_t.update().where(seeks_t.c.owner_token.is_not(None),
                                        seeks_t.c.ended_at < before)
                 .values(owner_token=None))

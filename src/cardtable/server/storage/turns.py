"""The reads of turn-based and clocked play: whose turn it is at which table, a player's
open turn-based games, and the tables whose time ran out while nobody held them.

Whose turn it is comes from the stored deadline (``tables.deadline_seat``): every table
with a time control has one while its game runs, so nothing is loaded to answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from cardtable.server.storage.db import seats_t, tables_t

OPEN = ("waiting", "playing")


def _mine(account_id: int | None, seats: Sequence[tuple[str, str]]) -> Any:
    """The seats of an account or held by tokens ((table id, token digest) pairs)."""
    found: list[Any] = [sa.and_(seats_t.c.table_id == table_id, seats_t.c.token_hash == hashed)
                        for table_id, hashed in seats]
    if account_id is not None:
        found.append(seats_t.c.account_id == account_id)
    return sa.or_(*found) if found else sa.false()


def your_turns(conn: Connection, account_id: int | None,
               seats: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    """The running clocked tables where one of these seats is to act, the soonest deadline
    first: table, game, seat, deadline, time control and the other seats' names."""
    rows = conn.execute(
        sa.select(tables_t.c.id, tables_t.c.game, tables_t.c.settings, tables_t.c.deadline_at,
                  seats_t.c.seat)
        .join(seats_t, seats_t.c.table_id == tables_t.c.id)
        .where(tables_t.c.status == "playing", tables_t.c.deadline_seat == seats_t.c.seat,
               _mine(account_id, seats))
        .order_by(tables_t.c.deadline_at)).all()
    found: dict[str, dict[str, Any]] = {}
    for row in rows:
        control = (row.settings or {}).get("clock")
        if control and row.id not in found:
            found[row.id] = {"table": row.id, "game": row.game, "seat": row.seat,
                             "deadline": row.deadline_at, "time_control": dict(control)}
    if found:
        names = conn.execute(sa.select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.name)
                             .where(seats_t.c.table_id.in_(list(found)))
                             .order_by(seats_t.c.seat)).all()
        for table_id, seat, name in names:
            entry = found[table_id]
            if seat != entry["seat"]:
                entry.setdefault("opponents", []).append(name)
    return list(found.values())


def open_turn_based(conn: Connection, account_id: int | None,
                    seats: Sequence[tuple[str, str]]) -> int:
    """How many tables of turn-based play (waiting or playing) these seats sit at."""
    rows = conn.execute(
        sa.select(tables_t.c.id, tables_t.c.settings)
        .join(seats_t, seats_t.c.table_id == tables_t.c.id)
        .where(tables_t.c.status.in_(OPEN), _mine(account_id, seats))).all()
    return len({row.id for row in rows if "days" in ((row.settings or {}).get("clock") or {})})


def due_tables(conn: Connection, now: float, limit: int = 100) -> list[str]:
    """Running tables whose deadline has passed (their flag falls when they are loaded)."""
    return [row.id for row in conn.execute(
        sa.select(tables_t.c.id).where(tables_t.c.deadline_at <= now,
                                       tables_t.c.status == "playing")
        .order_by(tables_t.c.deadline_at).limit(limit))]

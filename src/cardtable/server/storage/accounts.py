"""The reads and writes of accounts and their sessions, as plain functions of a connection
(run on the database thread like :mod:`.store`).

No function here takes a password or a session id: only their hashes reach the database.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from cardtable.server.storage.db import (
    accounts_t,
    games_t,
    rating_changes_t,
    ratings_t,
    seats_t,
    sessions_t,
    tables_t,
)

DELETED_PLAYER = "deleted player"
"""The name a deleted account's seats keep in every stored game."""


@dataclass(frozen=True)
class AccountRow:
    id: int
    name: str
    password_hash: str


def create_account(conn: Connection, name: str, name_key: str, password_hash: str) -> int | None:
    """A new account's id; None when its key is taken (no error raised, so nothing is logged
    with the statement's values)."""
    values = {"name": name, "name_key": name_key, "password_hash": password_hash,
              "created_at": time.time()}
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(accounts_t).values(**values).on_conflict_do_nothing(
        index_elements=["name_key"]).returning(accounts_t.c.id)
    new_id = conn.execute(statement).scalar_one_or_none()
    return None if new_id is None else int(new_id)


def account_id_by_key(conn: Connection, name_key: str) -> int | None:
    row = conn.execute(sa.select(accounts_t.c.id).where(accounts_t.c.name_key == name_key)).first()
    return None if row is None else int(row.id)


def account_by_key(conn: Connection, name_key: str) -> AccountRow | None:
    row = conn.execute(sa.select(accounts_t.c.id, accounts_t.c.name, accounts_t.c.password_hash)
                       .where(accounts_t.c.name_key == name_key)).first()
    return None if row is None else AccountRow(int(row.id), row.name, row.password_hash)


def account_by_id(conn: Connection, account_id: int) -> AccountRow | None:
    row = conn.execute(sa.select(accounts_t.c.id, accounts_t.c.name, accounts_t.c.password_hash)
                       .where(accounts_t.c.id == account_id)).first()
    return None if row is None else AccountRow(int(row.id), row.name, row.password_hash)


def set_password_hash(conn: Connection, account_id: int, password_hash: str) -> None:
    conn.execute(accounts_t.update().where(accounts_t.c.id == account_id)
                 .values(password_hash=password_hash))


def delete_account(conn: Connection, account_id: int) -> None:
    """The account and its sessions go; its seats stay in their games, named
    :data:`DELETED_PLAYER` and bound to no one."""
    conn.execute(seats_t.update().where(seats_t.c.account_id == account_id)
                 .values(name=DELETED_PLAYER, account_id=None))
    conn.execute(sessions_t.delete().where(sessions_t.c.account_id == account_id))
    conn.execute(accounts_t.delete().where(accounts_t.c.id == account_id))


def create_session(conn: Connection, id_hash: str, account_id: int, expires_at: float) -> None:
    conn.execute(sessions_t.insert().values(id_hash=id_hash, account_id=account_id,
                                            created_at=time.time(), expires_at=expires_at))


def session_account(conn: Connection, id_hash: str) -> tuple[int, str] | None:
    """The account (id, name) a session that has not expired belongs to."""
    row = conn.execute(
        sa.select(accounts_t.c.id, accounts_t.c.name)
        .join(sessions_t, sessions_t.c.account_id == accounts_t.c.id)
        .where(sessions_t.c.id_hash == id_hash, sessions_t.c.expires_at > time.time())).first()
    return None if row is None else (int(row.id), row.name)


def delete_session(conn: Connection, id_hash: str) -> None:
    conn.execute(sessions_t.delete().where(sessions_t.c.id_hash == id_hash))


def delete_other_sessions(conn: Connection, account_id: int, keep_hash: str | None) -> None:
    """Every session of the account but ``keep_hash`` (a changed password signs out the
    other browsers), and any expired session of anyone."""
    query = sessions_t.delete().where(sessions_t.c.account_id == account_id)
    if keep_hash is not None:
        query = query.where(sessions_t.c.id_hash != keep_hash)
    conn.execute(query)
    conn.execute(sessions_t.delete().where(sessions_t.c.expires_at <= time.time()))


def bind_seat(conn: Connection, table_id: str, seat: int, account_id: int) -> None:
    """The seat belongs to the account: its holder may take it back from any browser."""
    conn.execute(seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                                        seats_t.c.kind == "human")
                 .values(account_id=account_id))


def seat_of(conn: Connection, table_id: str, account_id: int) -> int | None:
    """The account's seat at the table (the first, should it hold several)."""
    row = conn.execute(sa.select(seats_t.c.seat).where(
        seats_t.c.table_id == table_id, seats_t.c.account_id == account_id,
    ).order_by(seats_t.c.seat)).first()
    return None if row is None else int(row.seat)


def replace_seat_token(conn: Connection, table_id: str, seat: int, token_hash: str) -> None:
    conn.execute(seats_t.update().where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                 .values(token_hash=token_hash))


def player_games(conn: Connection, account_id: int, offset: int,
                 limit: int) -> list[dict[str, Any]]:
    """The account's finished games, the newest first: each with its table's game, the
    seat, the outcome and every seat's kind, strength and name."""
    mine = (sa.select(seats_t.c.table_id, seats_t.c.seat, games_t.c.number,
                      games_t.c.outcome, games_t.c.finished_at, tables_t.c.game,
                      tables_t.c.settings)
            .join(games_t, games_t.c.table_id == seats_t.c.table_id)
            .join(tables_t, tables_t.c.id == seats_t.c.table_id)
            .where(seats_t.c.account_id == account_id, games_t.c.finished_at.is_not(None))
            .order_by(games_t.c.finished_at.desc(), seats_t.c.table_id)
            .offset(offset).limit(limit))
    rows = [dict(r) for r in conn.execute(mine).mappings()]
    ids = sorted({r["table_id"] for r in rows})
    seats: dict[str, list[dict[str, Any]]] = {}
    if ids:
        for s in conn.execute(sa.select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.kind,
                                        seats_t.c.strength, seats_t.c.name)
                              .where(seats_t.c.table_id.in_(ids))
                              .order_by(seats_t.c.seat)).mappings():
            seats.setdefault(s["table_id"], []).append(dict(s))
    changes: dict[tuple[str, int], dict[str, Any]] = {}
    if ids:
        for c in conn.execute(sa.select(rating_changes_t).where(
                rating_changes_t.c.table_id.in_(ids),
                rating_changes_t.c.account_id == account_id)).mappings():
            changes[(c["table_id"], c["game_no"])] = dict(c)
    for r in rows:
        r["seats"] = seats.get(r["table_id"], [])
        r["change"] = changes.get((r["table_id"], r["number"]))
    return rows


def ratings_of(conn: Connection, account_id: int) -> list[dict[str, Any]]:
    return [dict(r) for r in conn.execute(
        sa.select(ratings_t).where(ratings_t.c.account_id == account_id)
        .order_by(ratings_t.c.family)).mappings()]


def account_by_name(conn: Connection, name_key: str) -> tuple[int, str] | None:
    row = account_by_key(conn, name_key)
    return None if row is None else (row.id, row.name)


def rating_history(conn: Connection, account_id: int) -> list[dict[str, Any]]:
    """Each rated game's rating after it, oldest first (a profile's chart)."""
    return [dict(r) for r in conn.execute(
        sa.select(rating_changes_t.c.family, rating_changes_t.c.mu_after, rating_changes_t.c.at)
        .where(rating_changes_t.c.account_id == account_id)
        .order_by(rating_changes_t.c.at)).mappings()]

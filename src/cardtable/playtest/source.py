"""Reading a site's finished games between people, read-only.

A SQLite file is opened with SQLite's own read-only mode (``mode=ro``: the file is never
written, even by mistake); a PostgreSQL session is made read-only for every
transaction (``default_transaction_read_only``), so a write in it fails. The tables are
the server's (:mod:`cardtable.server.storage.db`); a database without them is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from cardtable.engine import Record
from cardtable.server.ops.config import normalise_url
from cardtable.server.storage.db import games_t, moves_t, seats_t, tables_t

NEEDED = ("tables", "seats", "games", "moves")
"""The server's tables a playtest reads."""


class SourceError(ValueError):
    """The database cannot be read as a site's; the message is one line for the user."""


@dataclass(frozen=True)
class Filters:
    """Which finished games count: rated tables only, finished within dates, the
    options a game was played with (a subset, e.g. a variant's)."""

    rated_only: bool = False
    since: float | None = None
    """Unix seconds, inclusive."""
    until: float | None = None
    """Unix seconds, exclusive."""
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Game:
    """One finished game between people: its record and the end the server stored (a
    resignation, an abort or a clock's end is not in the moves)."""

    record: Record
    outcome: dict[str, Any] | None
    rated: bool
    finished_at: float


def open_readonly(url: str) -> Engine:
    """An engine that can only read the site's database at ``url`` (a SQLite path or URL,
    or a PostgreSQL URL)."""
    if "://" not in url:
        url = f"sqlite:///{url}"
    if url.startswith("sqlite"):
        return _sqlite(url)
    try:
        engine = sa.create_engine(
            normalise_url(url), hide_parameters=True,
            connect_args={"connect_timeout": 10,
                          "options": "-c default_transaction_read_only=on"})
    except (SQLAlchemyError, ValueError, ImportError) as exc:
        raise SourceError(f"cannot open {_shown(url)}: {_reason(exc)}") from None
    _check(engine, url)
    return engine


def _sqlite(url: str) -> Engine:
    name = sa.engine.make_url(url).database
    if not name or name == ":memory:":
        raise SourceError(f"{url}: name the site's SQLite file")
    path = Path(name).expanduser().resolve()
    if not path.is_file():
        raise SourceError(f"cannot open {url}: there is no file {path}")
    # a URI filename in read-only mode: SQLite itself refuses every write
    engine = sa.create_engine(f"sqlite:///file:{quote(str(path))}?mode=ro&uri=true")
    _check(engine, url)
    return engine


def _check(engine: Engine, url: str) -> None:
    """Refuse a database that cannot be reached or has not the site's tables."""
    try:
        with engine.connect() as conn:
            present = set(sa.inspect(conn).get_table_names())
    except (SQLAlchemyError, OSError) as exc:
        engine.dispose()
        raise SourceError(f"cannot open {_shown(url)}: {_reason(exc)}") from None
    missing = [name for name in NEEDED if name not in present]
    if missing:
        engine.dispose()
        raise SourceError(f"{_shown(url)} is not a cardtable site's database (no table "
                          f"{', '.join(missing)})")


def _shown(url: str) -> str:
    """The URL without its password."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except (SQLAlchemyError, ValueError):
        return url


def _reason(exc: BaseException) -> str:
    cause = getattr(exc, "orig", None) or exc
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__


def finished_games(engine: Engine, game: str, filters: Filters,
                   campaign: bool | None = None) -> list[Game]:
    """Every finished game of ``game`` at tables where every seat is a person's, oldest
    first, as the filters allow; ``campaign``: only the Tower campaign's tables (True),
    none of them (False), or either (None)."""
    people_only = ~sa.exists().where(seats_t.c.table_id == tables_t.c.id,
                                     seats_t.c.kind != "human")
    query = (sa.select(games_t.c.table_id, games_t.c.number, games_t.c.options,
                       games_t.c.deal, games_t.c.outcome, games_t.c.finished_at,
                       tables_t.c.settings)
             .join(tables_t, tables_t.c.id == games_t.c.table_id)
             .where(tables_t.c.game == game, games_t.c.finished_at.is_not(None), people_only)
             .order_by(games_t.c.finished_at, games_t.c.table_id, games_t.c.number))
    if filters.since is not None:
        query = query.where(games_t.c.finished_at >= filters.since)
    if filters.until is not None:
        query = query.where(games_t.c.finished_at < filters.until)
    try:
        with engine.connect() as conn:
            rows = [row for row in conn.execute(query)
                    if _wanted(row.settings or {}, row.options or {}, filters, campaign)]
            moves = _moves(conn, {row.table_id for row in rows})
    except SQLAlchemyError as exc:
        raise SourceError(f"cannot read the games: {_reason(exc)}") from None
    return [Game(Record(game, dict(row.options), dict(row.deal),
                        moves.get((row.table_id, row.number), [])),
                 row.outcome, bool((row.settings or {}).get("rated")), row.finished_at)
            for row in rows]


def _wanted(settings: dict[str, Any], options: dict[str, Any], filters: Filters,
            campaign: bool | None) -> bool:
    if filters.rated_only and not settings.get("rated"):
        return False
    if campaign is not None and bool(settings.get("campaign")) != campaign:
        return False
    return all(options.get(key) == value for key, value in filters.options)


def _moves(conn: sa.Connection, tables: set[str]) -> dict[tuple[str, int], list[tuple[int, str]]]:
    """The moves of every game of these tables, in order, by (table, game number)."""
    result: dict[tuple[str, int], list[tuple[int, str]]] = {}
    ids = sorted(tables)
    for start in range(0, len(ids), 500):  # bounded lists of parameters
        query = (sa.select(moves_t.c.table_id, moves_t.c.game_no, moves_t.c.seat,
                           moves_t.c.text)
                 .where(moves_t.c.table_id.in_(ids[start:start + 500]))
                 .order_by(moves_t.c.table_id, moves_t.c.game_no, moves_t.c.idx))
        for row in conn.execute(query):
            result.setdefault((row.table_id, row.game_no), []).append((row.seat, row.text))
    return result


def day_bound(text: str, end: bool) -> float:
    """``--since``/``--until``: an ISO date (a whole day, UTC: since its start, until its
    end) or an ISO date and time, as Unix seconds."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"'{text}' is not a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM)") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    if end and len(text) <= 10:
        moment += timedelta(days=1)
    return moment.timestamp()

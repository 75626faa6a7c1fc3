"""Every read and write of the server, as plain functions of a connection.

They run on the database thread (:class:`cardtable.server.storage.db.Database`); each
call is one piece of a transaction, so a move, the game's end, the match score
and the next deadline are committed together or not at all.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from cardtable.server.storage.db import (
    games_t,
    groups_t,
    moves_t,
    rides_t,
    seats_t,
    signals_t,
    tables_t,
)


@dataclass
class SeatRow:
    seat: int
    kind: str
    strength: str | None
    name: str
    token_hash: str | None
    invite_hash: str | None
    claimed_at: float | None


@dataclass
class Deadline:
    at: float
    seat: int
    version: int


@dataclass
class TableRow:
    """A table as stored: enough to rebuild it by replay."""

    id: str
    game: str
    options: dict[str, Any]
    settings: dict[str, Any]
    status: str
    game_no: int
    seed: int
    scores: dict[str, Any]
    deadline: Deadline | None
    created_at: float
    started_at: float
    """When the table's current game began to be played (a table waiting for players:
    when it was created, until the last seat is taken)."""
    seats: list[SeatRow] = field(default_factory=list)
    game_options: dict[str, Any] = field(default_factory=dict)
    deal: dict[str, Any] = field(default_factory=dict)
    base_version: int = 0
    moves: list[tuple[int, str, str]] = field(default_factory=list)
    """(seat, move text, who made it: seat, computer, substitute or clock)."""
    signals: list[tuple[int, int, str]] = field(default_factory=list)
    """(after_move, seat, signal), in the order they were made."""
    clocks: list[tuple[int, float | None]] = field(default_factory=list)
    """(seat, its chess clock's seconds left after the move), one per move."""
    outcome: dict[str, Any] | None = None
    """The current game's stored outcome (a game resigned or aborted: its moves do not
    finish it)."""
    rematch: dict[str, Any] | None = None
    """The open offer of the next game: ``{"offers": [seats], "declined": seat or None}``."""


def create_table(conn: Connection, row: TableRow) -> None:
    now = time.time()
    conn.execute(tables_t.insert().values(
        id=row.id, game=row.game, options=row.options, settings=row.settings,
        status=row.status, game_no=row.game_no, seed=row.seed, scores=row.scores,
        deadline_at=None, deadline_seat=None, deadline_version=None,
        created_at=row.created_at, updated_at=now,
    ))
    conn.execute(seats_t.insert(), [
        {"table_id": row.id, "seat": s.seat, "kind": s.kind, "strength": s.strength,
         "name": s.name, "token_hash": s.token_hash, "invite_hash": s.invite_hash,
         "claimed_at": s.claimed_at}
        for s in row.seats
    ])
    conn.execute(games_t.insert().values(
        table_id=row.id, number=row.game_no, options=row.game_options, deal=row.deal,
        base_version=row.base_version, outcome=None, started_at=row.started_at,
        finished_at=None,
    ))
    if row.moves:  # a table that starts from a record's position
        conn.execute(_INSERT_MOVE, [
            {"table_id": row.id, "game_no": row.game_no, "idx": idx, "seat": seat,
             "text": text, "by": by, "at": row.created_at}
            for idx, (seat, text, by) in enumerate(row.moves)
        ])


def load_table(conn: Connection, table_id: str) -> TableRow | None:
    t = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
    if t is None:
        return None
    deadline = None
    if t["deadline_at"] is not None:
        deadline = Deadline(t["deadline_at"], t["deadline_seat"], t["deadline_version"])
    g = conn.execute(sa.select(games_t).where(
        games_t.c.table_id == table_id, games_t.c.number == t["game_no"])).mappings().one()
    row = TableRow(
        id=t["id"], game=t["game"], options=dict(t["options"]), settings=dict(t["settings"]),
        status=t["status"], game_no=t["game_no"], seed=t["seed"], scores=dict(t["scores"]),
        deadline=deadline, created_at=t["created_at"], started_at=g["started_at"],
        game_options=dict(g["options"]), deal=dict(g["deal"]), base_version=g["base_version"],
        outcome=dict(g["outcome"]) if g["outcome"] else None,
        rematch=dict(t["rematch"]) if t["rematch"] else None,
    )
    for s in conn.execute(
        sa.select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
    ).mappings():
        row.seats.append(SeatRow(s["seat"], s["kind"], s["strength"], s["name"],
                                 s["token_hash"], s["invite_hash"], s["claimed_at"]))
    moves = conn.execute(
        sa.select(moves_t.c.seat, moves_t.c.text, moves_t.c.by, moves_t.c.clock).where(
            moves_t.c.table_id == table_id, moves_t.c.game_no == row.game_no,
        ).order_by(moves_t.c.idx)).all()
    row.moves = [(m.seat, m.text, m.by) for m in moves]
    row.clocks = [(m.seat, m.clock) for m in moves]
    row.signals = [
        (s.after_move, s.seat, s.signal) for s in conn.execute(
            sa.select(signals_t.c.after_move, signals_t.c.seat, signals_t.c.signal).where(
                signals_t.c.table_id == table_id, signals_t.c.game_no == row.game_no,
            ).order_by(signals_t.c.id))
    ]
    return row


def active_table_ids(conn: Connection, since: float) -> list[str]:
    """Tables whose game runs and that changed or saw a move since ``since``: they are
    loaded at start-up so clocks and bots go on. Older ones were left by their people
    (they would have left memory by now) and come back when someone asks for them."""
    recent_move = sa.exists().where(moves_t.c.table_id == tables_t.c.id, moves_t.c.at >= since)
    return [r.id for r in conn.execute(
        sa.select(tables_t.c.id).where(tables_t.c.status == "playing",
                                       sa.or_(tables_t.c.updated_at >= since, recent_move)))]


@dataclass
class MoveWrite:
    table_id: str
    game_no: int
    idx: int
    seat: int
    text: str
    by: str
    deadline: Deadline | None
    status: str
    outcome: dict[str, Any] | None = None
    scores: dict[str, Any] | None = None
    table_changed: bool = True
    """Whether the table row changes too (status, deadline, scores); most moves only add
    a row to ``moves``."""
    ride: tuple[str, dict[str, Any]] | None = None
    """A campaign table's game ended: (group id, ride), stored in the same commit."""
    clock: float | None = None
    """A chess clock's seconds left to the mover after the move (increment included)."""


def append_move(conn: Connection, w: MoveWrite) -> None:
    """One accepted move, with what it changes: deadline, status, outcome, scores."""
    append_moves(conn, [(w,)])


# Statements built once: most of the cost of a small statement in SQLAlchemy is building
# and keying it, and these run for every move. Each runs once per batch of moves
# (executemany), whatever the number of tables in the batch.
_INSERT_MOVE = moves_t.insert()
_UPDATE_TABLE = tables_t.update().where(tables_t.c.id == sa.bindparam("key_table"))
_FINISH_GAME = games_t.update().where(games_t.c.table_id == sa.bindparam("key_table"),
                                      games_t.c.number == sa.bindparam("key_game"))
_INSERT_GAME = games_t.insert()


def append_moves(conn: Connection, calls: list[tuple[MoveWrite]]) -> list[None]:
    """Many moves (of different tables) in a few statements: the group commit's fast path."""
    now = time.time()
    writes = [c[0] for c in calls]
    conn.execute(_INSERT_MOVE, [
        {"table_id": w.table_id, "game_no": w.game_no, "idx": w.idx, "seat": w.seat,
         "text": w.text, "by": w.by, "at": now, "clock": w.clock}
        for w in writes
    ])
    _update_tables(conn, [
        {"key_table": w.table_id, "updated_at": now, "status": w.status,
         **_deadline_values(w.deadline), **({"scores": w.scores} if w.scores is not None else {})}
        for w in writes if w.table_changed or w.outcome is not None
    ])
    finished = [{"key_table": w.table_id, "key_game": w.game_no, "outcome": w.outcome,
                 "finished_at": now} for w in writes if w.outcome is not None]
    if finished:
        conn.execute(_FINISH_GAME, finished)
    for w in writes:
        if w.ride is not None:
            add_ride(conn, *w.ride)
    return [None] * len(writes)


append_move.many = append_moves  # type: ignore[attr-defined]


def _deadline_values(deadline: Deadline | None) -> dict[str, Any]:
    return {"deadline_at": deadline.at if deadline else None,
            "deadline_seat": deadline.seat if deadline else None,
            "deadline_version": deadline.version if deadline else None}


def _update_tables(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """Update ``tables`` rows (``key_table`` names each), one statement per set of columns."""
    by_columns: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for row in rows:
        by_columns.setdefault(tuple(row), []).append(row)
    for same in by_columns.values():
        conn.execute(_UPDATE_TABLE, same)


def end_game(conn: Connection, table_id: str, game_no: int, outcome: dict[str, Any],
             scores: dict[str, Any]) -> None:
    """A game ended outside its rules (resigned, aborted): its outcome, the table finished."""
    now = time.time()
    conn.execute(games_t.update().where(games_t.c.table_id == table_id,
                                        games_t.c.number == game_no)
                 .values(outcome=outcome, finished_at=now))
    conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(
        status="finished", scores=scores, updated_at=now, deadline_at=None,
        deadline_seat=None, deadline_version=None))


def set_rematch(conn: Connection, table_id: str, game_no: int,
                rematch: dict[str, Any]) -> bool:
    """The finished game's open offer of the next one; False when the stored table is no
    longer at that finished game (another process started the next one)."""
    done = conn.execute(tables_t.update().where(
        tables_t.c.id == table_id, tables_t.c.game_no == game_no,
        tables_t.c.status == "finished").values(rematch=rematch, updated_at=time.time()))
    return done.rowcount == 1


def append_signal(conn: Connection, table_id: str, game_no: int, after_move: int, seat: int,
                  signal: str) -> None:
    conn.execute(signals_t.insert().values(
        table_id=table_id, game_no=game_no, after_move=after_move, seat=seat, signal=signal,
        at=time.time(),
    ))


def claim_seat(conn: Connection, table_id: str, seat: int, invite_hash: str, token_hash: str,
               name: str, status: str, deadline: Deadline | None,
               started: tuple[int, float] | None) -> bool:
    """Take a seat with its invite (once only); False when the invite is spent or wrong.

    ``started``: (game number, time) when taking the last seat starts that game.
    """
    now = time.time()
    result = conn.execute(seats_t.update().where(
        seats_t.c.table_id == table_id, seats_t.c.seat == seat,
        seats_t.c.invite_hash == invite_hash, seats_t.c.token_hash.is_(None),
    ).values(token_hash=token_hash, invite_hash=None, name=name, claimed_at=now))
    if result.rowcount != 1:
        return False
    conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(
        status=status, updated_at=now,
        deadline_at=deadline.at if deadline else None,
        deadline_seat=deadline.seat if deadline else None,
        deadline_version=deadline.version if deadline else None,
    ))
    if started is not None:
        game_no, at = started
        conn.execute(games_t.update().where(games_t.c.table_id == table_id,
                                            games_t.c.number == game_no).values(started_at=at))
    return True


def start_game(conn: Connection, table_id: str, game_no: int, options: dict[str, Any],
               deal: dict[str, Any], base_version: int, status: str, scores: dict[str, Any],
               deadline: Deadline | None, started_at: float) -> None:
    """Play again: the next game of the table, with its own deal, started at ``started_at``."""
    start_games(conn, [(table_id, game_no, options, deal, base_version, status, scores,
                        deadline, started_at)])


def start_games(conn: Connection, calls: list[tuple[Any, ...]]) -> list[None]:
    """Many tables' next games in two statements (a batch of the group commit)."""
    now = time.time()
    conn.execute(_INSERT_GAME, [
        {"table_id": table_id, "number": game_no, "options": options, "deal": deal,
         "base_version": base_version, "outcome": None, "started_at": started_at,
         "finished_at": None}
        for table_id, game_no, options, deal, base_version, *_rest, started_at in calls
    ])
    _update_tables(conn, [
        {"key_table": table_id, "game_no": game_no, "status": status, "scores": scores,
         "updated_at": now, "rematch": None, **_deadline_values(deadline)}
        for table_id, game_no, _o, _d, _b, status, scores, deadline, _s in calls
    ])
    return [None] * len(calls)


start_game.many = start_games  # type: ignore[attr-defined]


def load_game_record(conn: Connection, table_id: str, game_no: int) -> dict[str, Any] | None:
    """A finished or running game of the table as a record (the caller decides who may see it)."""
    t = conn.execute(sa.select(tables_t.c.game).where(tables_t.c.id == table_id)).first()
    g = conn.execute(sa.select(games_t).where(
        games_t.c.table_id == table_id, games_t.c.number == game_no)).mappings().first()
    if t is None or g is None:
        return None
    moves = [
        [m.seat, m.text] for m in conn.execute(
            sa.select(moves_t.c.seat, moves_t.c.text).where(
                moves_t.c.table_id == table_id, moves_t.c.game_no == game_no,
            ).order_by(moves_t.c.idx))
    ]
    signals = [
        {"after_move": s.after_move, "seat": s.seat, "signal": s.signal} for s in conn.execute(
            sa.select(signals_t.c.after_move, signals_t.c.seat, signals_t.c.signal).where(
                signals_t.c.table_id == table_id, signals_t.c.game_no == game_no,
            ).order_by(signals_t.c.id))
    ]
    record: dict[str, Any] = {
        "game": t.game, "options": dict(g["options"]), "deal": dict(g["deal"]), "moves": moves,
        "outcome": g["outcome"], "table": table_id, "game_no": game_no,
        "started_at": g["started_at"], "finished_at": g["finished_at"],
    }
    if signals:
        record["signals"] = signals
    return record


def game_list(conn: Connection, table_id: str) -> list[dict[str, Any]]:
    return [
        {"game_no": g.number, "outcome": g.outcome, "started_at": g.started_at,
         "finished_at": g.finished_at}
        for g in conn.execute(sa.select(games_t).where(
            games_t.c.table_id == table_id).order_by(games_t.c.number))
    ]


# --- the Tower campaign: groups and rides --------------------------------------


def create_group(conn: Connection, group_id: str, name: str, token: str) -> float:
    now = time.time()
    conn.execute(groups_t.insert().values(id=group_id, name=name, token=token,
                                          created_at=now))
    return now


def find_group(conn: Connection, token: str) -> dict[str, Any] | None:
    """A group by its share token, with every ride (oldest first)."""
    g = conn.execute(sa.select(groups_t).where(groups_t.c.token == token)).mappings().first()
    if g is None:
        return None
    return {**dict(g), "rides": group_rides(conn, g["id"])}


def group_rides(conn: Connection, group_id: str) -> list[dict[str, Any]]:
    return [dict(r) for r in conn.execute(
        sa.select(rides_t).where(rides_t.c.group_id == group_id).order_by(rides_t.c.id)
    ).mappings()]


def add_ride(conn: Connection, group_id: str, ride: dict[str, Any]) -> int | None:
    """Store a ride; a site ride already stored for its table and game is not stored
    twice (None then)."""
    if ride.get("table_id") is not None:
        seen = conn.execute(sa.select(rides_t.c.id).where(
            rides_t.c.table_id == ride["table_id"],
            rides_t.c.game_no == ride.get("game_no"))).first()
        if seen is not None:
            return None
    result = conn.execute(rides_t.insert().values(group_id=group_id, created_at=time.time(),
                                                  **ride))
    key = result.inserted_primary_key
    return int(key[0]) if key is not None else None

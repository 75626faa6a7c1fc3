"""The database layer on its own: batched writes land on the right rows, and a failed
batch leaves the database thread working."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from cardtable.server.storage import store
from cardtable.server.storage.db import Database, games_t, make_engine, migrate, moves_t, tables_t
from cardtable.server.storage.store import Deadline, MoveWrite, SeatRow, TableRow


def _row(table_id: str) -> TableRow:
    return TableRow(
        id=table_id, game="duel", options={}, settings={}, status="playing", game_no=1,
        seed=1, scores={"wins": [0, 0]}, deadline=None, created_at=0.0, started_at=0.0,
        seats=[SeatRow(s, "human", None, f"P{s}", None, None, None) for s in (0, 1)],
        game_options={}, deal={"cards": []})


@pytest.fixture
def db(tmp_path: Path) -> Any:
    engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    migrate(engine)
    database = Database(engine)
    yield database
    database.close()


def _run_together(db: Database, calls: list[tuple[Any, ...]]) -> list[Any]:
    """Queue the calls together, as a busy server does: usually one batch of the thread."""

    async def main() -> list[Any]:
        return await asyncio.gather(*(db.run(fn, *args) for fn, *args in calls),
                                    return_exceptions=True)

    return asyncio.run(main())


def test_a_batch_of_moves_of_several_tables(db: Database) -> None:
    _run_together(db, [(store.create_table, _row(t)) for t in ("a", "b", "c")])
    deadline = Deadline(123.0, 1, 1)
    _run_together(db, [
        (store.append_move, MoveWrite("a", 1, 0, 0, "end", "seat", None, "playing",
                                      table_changed=False)),
        (store.append_move, MoveWrite("b", 1, 0, 0, "end", "seat", deadline, "playing")),
        (store.append_move, MoveWrite("c", 1, 0, 1, "end", "clock", None, "finished",
                                      outcome={"winner": 1}, scores={"wins": [0, 1]})),
    ])
    with db.engine.connect() as conn:
        moves = conn.execute(sa.select(moves_t.c.table_id, moves_t.c.seat, moves_t.c.by)
                             .order_by(moves_t.c.table_id)).all()
        tables = {r.id: r for r in conn.execute(sa.select(tables_t))}
        games = {r.table_id: r for r in conn.execute(sa.select(games_t))}
    assert [tuple(m) for m in moves] == [("a", 0, "seat"), ("b", 0, "seat"), ("c", 1, "clock")]
    assert tables["a"].deadline_at is None and tables["a"].status == "playing"
    assert (tables["b"].deadline_at, tables["b"].deadline_seat) == (123.0, 1)
    assert tables["c"].status == "finished" and tables["c"].scores == {"wins": [0, 1]}
    assert tables["a"].scores == tables["b"].scores == {"wins": [0, 0]}
    assert games["c"].outcome == {"winner": 1} and games["c"].finished_at is not None
    assert games["a"].finished_at is None and games["b"].finished_at is None


def test_next_games_of_several_tables_in_one_batch(db: Database) -> None:
    _run_together(db, [(store.create_table, _row(t)) for t in ("a", "b")])
    _run_together(db, [
        (store.start_game, t, 2, {"o": t}, {"deal": t}, 10, "playing", {"wins": [n, 0]}, None,
         5.0 + n)
        for n, t in enumerate(("a", "b"))
    ])
    for t in ("a", "b"):
        row = asyncio.run(_load(db, t))
        assert row is not None
        assert (row.game_no, row.base_version, row.deal) == (2, 10, {"deal": t})
        assert row.scores == {"wins": [("a", "b").index(t), 0]}
        assert row.started_at == 5.0 + ("a", "b").index(t)


async def _load(db: Database, table_id: str) -> TableRow | None:
    return await db.run(store.load_table, table_id)


def test_a_failed_write_fails_alone_and_the_next_ones_work(db: Database) -> None:
    _run_together(db, [(store.create_table, _row("a"))])
    move = MoveWrite("a", 1, 0, 0, "end", "seat", None, "playing", table_changed=False)
    twice = MoveWrite("a", 1, 0, 1, "end", "seat", None, "playing", table_changed=False)
    other = MoveWrite("a", 1, 1, 1, "end", "seat", None, "playing", table_changed=False)
    _run_together(db, [(store.append_move, move)])
    results = _run_together(db, [(store.append_move, twice), (store.create_table, _row("b"))])
    assert isinstance(results[0], sa.exc.IntegrityError) and results[1] is None
    assert _run_together(db, [(store.append_move, other)]) == [None]
    row = asyncio.run(_load(db, "a"))
    assert row is not None and row.moves == [(0, "end", "seat"), (1, "end", "seat")]

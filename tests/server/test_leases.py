"""Several server processes on one PostgreSQL database own each running table in turn
a lease per table, renewed by its owner, handed over at a clean shutdown,
taken over once it lapses; a table whose owner is elsewhere is refused, not served twice.

Each "process" here is a table service of its own (a :class:`TableManager` with its own
database thread) in one event loop, so the tests can stop one mid-game as a crash would.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import sqlalchemy as sa
from harness import PATIENCE

from cardtable.server.cluster import leases
from cardtable.server.cluster.ownership import TableManager
from cardtable.server.live.botpool import BotPool
from cardtable.server.live.tables import TableSpec
from cardtable.server.ops.config import Settings, database_url
from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage.db import Database, make_engine, migrate, moves_t, tables_t

LEASE = 0.6
"""Seconds of a lease: short, so that a lapse comes soon (renewed every 0.2 s)."""
PAUSE = 0.1
"""Seconds a computer player waits before its move, where a game must outlive its owner."""


def _settings(url: str, bot_pause: float) -> Settings:
    return Settings(db_url=url, bot_pause=bot_pause, bot_executor="thread",
                    think_seconds=0.05, lease_seconds=LEASE, restart_grace=0.0)


async def _process(url: str, bot_pause: float = 0.0) -> TableManager:
    settings = _settings(url, bot_pause)
    manager = TableManager(Database(make_engine(settings.db_url)), settings,
                           BotPool("thread", 1))
    await manager.start()
    return manager


async def _stop(manager: TableManager) -> None:
    """A clean shutdown: the tables are handed over."""
    await manager.close()
    manager.bots.close()
    await asyncio.to_thread(manager.db.close)


async def _freeze(manager: TableManager) -> None:
    """The process stops renewing and playing (as one killed, or one paused for longer than
    its leases), but its database connection still works (for a late move)."""
    assert manager._keeper is not None
    manager._keeper.cancel()
    for table in manager.tables.values():
        await table.close()


async def _end(manager: TableManager) -> None:
    manager.bots.close()
    await asyncio.to_thread(manager.db.close)


async def _until(condition: Callable[[], Awaitable[bool] | bool]) -> None:
    """Wait for ``condition`` (polled), at most the harness's patience."""
    loop = asyncio.get_running_loop()
    end = loop.time() + PATIENCE
    while True:
        result = condition()
        if result if isinstance(result, bool) else await result:
            return
        assert loop.time() < end, "the condition did not come true in time"
        await asyncio.sleep(0.02)


def _duel(seats: list[dict[str, Any]] | None = None, creator: int | None = 0) -> TableSpec:
    return TableSpec(game="duel", options={}, variants=[],
                     seats=seats or [{"kind": "human"}, {"kind": "computer",
                                                         "strength": "random"}],
                     creator_seat=creator, creator_name=None, match_wins=None,
                     takeover_after=None, spectators=True)


def _stored_moves(url: str, table_id: str) -> list[tuple[int, int, str]]:
    engine = make_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(sa.select(moves_t.c.game_no, moves_t.c.idx, moves_t.c.text)
                            .where(moves_t.c.table_id == table_id)
                            .order_by(moves_t.c.game_no, moves_t.c.idx)).all()
    engine.dispose()
    return [tuple(r) for r in rows]


@pytest.fixture
def url(postgres_url: str) -> str:
    url = database_url(postgres_url)
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()
    return url


def test_one_owner_at_a_time_and_a_clean_shutdown_hands_over(url: str) -> None:
    async def main() -> None:
        first, second = await _process(url), await _process(url)
        # two people: no computer moves on after the hand-over, so the versions compare
        table, _token, _invites = await first.create(
            _duel([{"kind": "human"}, {"kind": "human"}]))
        with pytest.raises(Refusal) as refused:
            await second.get(table.id)
        assert refused.value.code == "elsewhere"
        await _stop(first)
        await _until(lambda: table.id in second.tables)
        taken = second.tables[table.id]
        assert taken.version == table.version
        await _stop(second)

    asyncio.run(main())


def test_a_lapsed_owner_is_replaced_and_its_late_move_is_refused(url: str) -> None:
    """The owner stops as after ``kill -9``: once its lease lapses another process takes the
    table over by replay and play goes on; the old owner's move at a version already played
    is refused by the database (never two moves at one version)."""

    async def main() -> None:
        first, second = await _process(url), await _process(url)
        table, _token, invites = await first.create(_duel(
            seats=[{"kind": "human"}, {"kind": "human"}]))
        await table.claim(1, invites[1], None)
        seat = table.state.to_act()[0]
        move = table.state.legal_moves(seat)[0].text
        await table.submit(seat, move, table.version)
        await _freeze(first)
        await _until(lambda: table.id in second.tables)
        taken = second.tables[table.id]
        assert taken.version == table.version == 1
        seat = taken.state.to_act()[0]
        await taken.submit(seat, taken.state.legal_moves(seat)[0].text, taken.version)
        zombie_seat = table.state.to_act()[0]
        table.closed = False  # a process that was paused wakes: it thinks it owns the table
        with pytest.raises(Refusal) as refused:
            await asyncio.wait_for(table._play(zombie_seat, table.state.legal_moves(
                zombie_seat)[-1].text, table.version, "seat"), PATIENCE)
        assert refused.value.code == "stale"
        assert [m[1] for m in _stored_moves(url, table.id)] == [0, 1]
        await _until(lambda: table.id not in first.tables)  # its stale copy is dropped
        await _stop(second)
        await _end(first)

    asyncio.run(main())


def test_a_stored_move_whose_reply_was_lost_is_found_at_the_next_move(url: str) -> None:
    """The database stores a move but its reply is lost (the connection drops after the
    commit): the player is told it was not stored, yet the record holds it. The next
    change finds the record ahead (the database refuses a second move at that place): the
    table is refused as stale, leaves memory, and comes back from the record with the
    move in it, and play goes on; it does not refuse every move from then on."""

    async def main() -> None:
        manager = await _process(url)
        table, _token, invites = await manager.create(_duel(
            seats=[{"kind": "human"}, {"kind": "human"}]))
        await table.claim(1, invites[1], None)
        seat = table.state.to_act()[0]
        move = table.state.legal_moves(seat)[0].text
        honest = manager.db.run

        async def reply_lost(work: Any, *args: Any) -> Any:
            await honest(work, *args)
            raise sa.exc.OperationalError("COMMIT", {}, Exception("connection lost"))

        manager.db.run = reply_lost  # type: ignore[method-assign]
        with pytest.raises(Refusal) as refused:
            await table.submit(seat, move, 0)
        assert refused.value.code == "storage" and table.version == 0
        manager.db.run = honest  # type: ignore[method-assign]
        assert [m[2] for m in _stored_moves(url, table.id)] == [move]
        with pytest.raises(Refusal) as refused:
            await table.submit(seat, move, 0)
        assert refused.value.code == "stale"
        await _until(lambda: table.id not in manager.tables)
        rebuilt = await manager.get(table.id)
        assert rebuilt is not None and rebuilt is not table
        assert rebuilt.version == 1 and rebuilt.state.history[0][1] == move
        seat = rebuilt.state.to_act()[0]
        await rebuilt.submit(seat, rebuilt.state.legal_moves(seat)[0].text, 1)
        assert len(_stored_moves(url, table.id)) == 2
        await _stop(manager)

    asyncio.run(main())


def test_computer_players_play_at_the_owner_only(url: str) -> None:
    """A table of computer players, two processes: its moves are each stored once, in order,
    and only the owner holds the table; after the owner stops, the other plays it on."""

    async def main() -> None:
        # the computers take their time, so that the game is still running when its owner
        # stops (at full speed it could end before, and a finished table is no one's)
        first, second = await _process(url, PAUSE), await _process(url, PAUSE)
        table, _token, _invites = await first.create(_duel(
            seats=[{"kind": "computer", "strength": "random"}] * 2, creator=None))
        await _until(lambda: table.version >= 3)
        assert table.id not in second.tables
        await _freeze(first)
        await _until(lambda: table.id in second.tables
                     and second.tables[table.id].status == "finished")
        final = second.tables[table.id]
        stored = _stored_moves(url, table.id)
        assert [m[1] for m in stored] == list(range(final.version))
        assert [m[2] for m in stored] == [text for _seat, text in final.state.history]
        await _stop(second)
        await _end(first)

    asyncio.run(main())


def test_asking_for_a_table_another_process_owns_locks_nothing(url: str) -> None:
    """Any read of a table at a process that does not own it asks for its lease; that look
    takes no lock on the owner's lease row. (It did: the refused upsert locked the row until
    its batch committed, and a batch of such looks deadlocked with the owner's renewal of all
    its leases, which then failed now and then under load.)"""
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(tables_t.insert().values(
            id="owned-elsewhere", game="duel", options={}, settings={}, status="playing",
            game_no=1, seed=1, scores={}, created_at=0.0, updated_at=0.0))
        assert leases.take(conn, "owned-elsewhere", "first", 1e12, 0.0)
    with engine.connect() as asking, engine.connect() as owner, asking.begin():
        looked = leases.take_and_load(asking, "owned-elsewhere", "second", 1e12, 1.0)
        assert looked == (False, None)
        with owner.begin():  # the owner renews while the look's transaction is open
            owner.execute(sa.text("SET LOCAL lock_timeout = '2s'"))
            renewed = leases.renew(owner, "first", 2e12, ["owned-elsewhere"])
        assert renewed == {"owned-elsewhere"}
    engine.dispose()

"""A move that arrives after its seat's time ran out, before the server's own timer has
ended the game (a busy event loop, a timer lost): the move is refused as ``time-up`` and
the game ends on time, stored. The table service runs in this process, on SQLite, so the
test can hold the timer back."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from cardtable.server.cluster.ownership import TableManager
from cardtable.server.live.botpool import BotPool
from cardtable.server.live.tables import TableSpec
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage import store
from cardtable.server.storage.db import Database, make_engine, migrate


async def _late_move(url: str) -> None:
    settings = Settings(db_url=url, bot_executor="thread", clock_minute=0.5,
                        restart_grace=0.0)
    engine = make_engine(url)
    migrate(engine)
    manager = TableManager(Database(engine), settings, BotPool("thread", 1))
    try:
        table, _token, invites = await manager.create(TableSpec(
            game="duel", options={}, variants=[], seats=None, creator_seat=0,
            creator_name="Ann", match_wins=None, takeover_after=None, spectators=True,
            clock={"minutes": 1, "increment": 0}))
        await table.claim(1, invites[1], "Ben")
        assert table.status == "playing" and table.deadline is not None
        assert table._clock is not None
        table._clock.cancel()  # the timer does not fire: only the late move can tell
        seat = table.deadline.seat
        while time.time() <= table.deadline.at:
            await asyncio.sleep(0.05)
        legal = table.state.legal_moves(seat)[0].text
        with pytest.raises(Refusal) as refused:
            await table.submit(seat, legal, table.version)
        assert refused.value.code == "time-up"
        assert table.status == "finished"
        assert table.outcome_json() == {"winner": 1 - seat, "reason": "time", "flagged": seat}
        stored = await manager.db.run(store.load_table, table.id)
        assert stored is not None and stored.status == "finished"
        assert stored.outcome == table.outcome_json() and stored.moves == []
    finally:
        await manager.close()
        manager.bots.close()
        await asyncio.to_thread(manager.db.close)


def test_a_late_move_ends_the_game_on_time(tmp_path: Path) -> None:
    asyncio.run(_late_move(f"sqlite:///{tmp_path / 'cardtable.db'}"))

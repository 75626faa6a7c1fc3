"""A connection's replies wait in a bounded queue: a client that reads none of them is
not read either once the queue is full, so it cannot make the server buffer without end."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

import pytest

from cardtable.server.live.conns import MAX_QUEUED_REPLIES, Conn


def a_conn(send: Any) -> Conn:
    table = SimpleNamespace(game_no=1, log=[], revision=0, state_message=lambda conn: "state")
    return Conn(table, 0, send, None, None)  # type: ignore[arg-type]


def test_a_full_reply_queue_stops_reading_until_the_client_reads() -> None:
    async def main() -> list[str]:
        sent: list[str] = []
        client_reads = asyncio.Event()

        async def send(text: str) -> None:
            await client_reads.wait()
            sent.append(text)

        conn = a_conn(send)
        writer = asyncio.create_task(conn.writer())
        for n in range(MAX_QUEUED_REPLIES - 1):
            conn.push({"type": "pong", "version": n})
            assert conn.room.is_set()
        conn.push({"type": "pong", "version": MAX_QUEUED_REPLIES - 1})
        assert not conn.room.is_set(), "the next message waits"
        client_reads.set()
        await conn.room.wait()
        while len(sent) < MAX_QUEUED_REPLIES + 1:  # the replies, then the state
            await asyncio.sleep(0)
        writer.cancel()
        return sent

    sent = asyncio.run(main())
    assert [json.loads(text)["version"] for text in sent[:-1]] == list(range(MAX_QUEUED_REPLIES))
    assert sent[-1] == "state"


def test_a_connection_that_is_gone_does_not_keep_its_reader_waiting() -> None:
    async def main() -> bool:
        async def send(text: str) -> None:
            await asyncio.sleep(0)
            raise ConnectionResetError

        conn = a_conn(send)
        writer = asyncio.create_task(conn.writer())
        for n in range(MAX_QUEUED_REPLIES):
            conn.push({"type": "pong", "version": n})
        assert not conn.room.is_set()
        with pytest.raises(ConnectionResetError):
            await writer
        return conn.room.is_set()

    assert asyncio.run(main())


def test_replies_after_the_writer_is_gone_never_block_the_reader_again() -> None:
    """The reader may read a few more messages after the socket went; their replies are
    dropped instead of filling the queue that nobody will empty."""

    async def main() -> bool:
        async def send(text: str) -> None:
            raise ConnectionResetError

        conn = a_conn(send)
        writer = asyncio.create_task(conn.writer())
        with pytest.raises(ConnectionResetError):
            await writer
        for n in range(3 * MAX_QUEUED_REPLIES):
            conn.push({"type": "pong", "version": n})
        return conn.room.is_set() and not conn.outbox

    assert asyncio.run(main())

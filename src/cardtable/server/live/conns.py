"""One client's live connection to a table, with its own writer task.

The table only marks connections as behind, and each writer sends its seat one message
with the newest observation and every event it has not yet seen. A slow client therefore
never holds up the table, and moves that come quickly one after the other reach it as one
message.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from cardtable.server.live.wire import to_json_text


class Watched(Protocol):
    """What a connection reads of its table (``tables.LiveTable`` is one)."""

    game_no: int
    log: list[str]
    revision: int

    def state_message(self, conn: Conn) -> str: ...

    def observation_sent(self, seat: int, revision: int) -> None: ...


MAX_QUEUED_REPLIES = 64
"""Replies (errors, pongs) one connection may have waiting to be sent; one per message."""


class Conn:
    """One client's live connection to a table, as a seat or as a spectator."""

    def __init__(self, table: Watched, seat: int | None,
                 send: Callable[[str], Awaitable[None]], seen: int | None,
                 game_no: int | None) -> None:
        self.table = table
        self.seat = seat
        self.send = send
        self.wake = asyncio.Event()
        self.outbox: deque[str] = deque()
        self.room = asyncio.Event()
        """Clear while ``MAX_QUEUED_REPLIES`` replies wait: the client does not read them,
        so its next message waits too (and uvicorn stops reading), keeping memory bounded."""
        self.room.set()
        self.gone = False
        """Set when the writer ended (the socket is closed): nothing more is queued."""
        self.revision_sent = -1
        self.on_kick: Callable[[], None] | None = None
        """Called when the table leaves this process (another process owns it now, or this
        one stops): the client should connect again, and finds the table's new owner."""
        self.game_no = table.game_no
        same_game = game_no is None or game_no == table.game_no
        self.pos = min(max(seen or 0, 0), len(table.log)) if same_game else 0
        self.wake.set()

    def push(self, message: dict[str, Any]) -> None:
        """Queue a reply (an error, a pong) for this connection alone."""
        if self.gone:
            return
        self.outbox.append(to_json_text(message))
        if len(self.outbox) >= MAX_QUEUED_REPLIES:
            self.room.clear()
        self.wake.set()

    def kick(self) -> None:
        if self.on_kick is not None:
            self.on_kick()

    async def writer(self) -> None:
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox:
                    await self.send(self.outbox.popleft())
                    if len(self.outbox) < MAX_QUEUED_REPLIES:
                        self.room.set()
                if self.revision_sent != self.table.revision:
                    self.revision_sent = self.table.revision
                    await self.send(self.table.state_message(self))
                    if self.seat is not None:
                        self.table.observation_sent(self.seat, self.revision_sent)
        finally:
            # the connection is gone: its reader must not wait for room, now or later
            self.gone = True
            self.outbox.clear()
            self.room.set()


async def until_either(reader: Awaitable[None], writer: Awaitable[None]) -> None:
    """Serve a connection until its reader or its writer ends; the other is cancelled.

    Either half may be the first to see the socket go: a writer whose send failed ends
    the connection even while its reader waits for room. The error of the half that ended
    is raised (the reader's first: a failed send after the reader ended tells nothing).
    """
    read, write = asyncio.ensure_future(reader), asyncio.ensure_future(writer)
    try:
        await asyncio.wait((read, write), return_when=asyncio.FIRST_COMPLETED)
    finally:
        read.cancel()
        write.cancel()
    if read.done() and not read.cancelled():
        read.result()
    elif write.done() and not write.cancelled() and write.exception() is not None:
        raise write.exception()  # type: ignore[misc]

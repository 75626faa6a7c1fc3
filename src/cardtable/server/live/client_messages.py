"""A client's messages at a table: read from its WebSocket within the limits (rate, size),
and each handled at the table (a move, a signal, "again", "why", a ping, a sync).

The process that holds the WebSocket reads it; the process that owns the table handles
the messages. They are one process unless the table is owned elsewhere, and
then :mod:`.remote` carries each message between the two.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import WebSocket
from pydantic import TypeAdapter, ValidationError

from cardtable.server.live.conns import Conn
from cardtable.server.live.tables import LiveTable
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import Refusal, ws_error
from cardtable.server.protocol.models import ClientMessage

_CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
KNOWN_TYPES = ("move", "signal", "again", "ping", "sync", "why", "resign", "abort",
               "decline")


FLOODING = 1008
"""The close code for a client that kept sending after it was told ``too-fast``."""


class Bucket:
    """A token bucket: a burst is fine, more is refused."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def message_size(message: MutableMapping[str, Any]) -> int:
    """A WebSocket message's size as sent: bytes, or the UTF-8 bytes of a text."""
    text: str | None = message.get("text")
    if text is None:
        return len(message.get("bytes") or b"")
    return len(text) if text.isascii() else len(text.encode())


async def read_messages(websocket: WebSocket, settings: Settings,
                        room: Callable[[], Awaitable[Any]],
                        refuse: Callable[[str, str], None],
                        handle: Callable[[str], Awaitable[None]],
                        flooded: Callable[[], None] = lambda: None) -> None:
    """Hand each message of the client to ``handle`` until it goes away; an oversized
    message is refused (``refuse(code, message)``) and the socket stays open. ``room``
    waits while the client does not read its replies.

    Messages over the rate are dropped: the first of a run is answered ``too-fast``, the
    rest cost only the bucket's arithmetic. A client that keeps it up (the second bucket
    runs dry: a second's worth of dropped messages, refilled at a tenth of the rate) is
    closed with :data:`FLOODING`, so a flood ends rather than taking a share of the loop.
    """
    bucket = Bucket(rate=settings.ws_rate, burst=2 * settings.ws_rate)
    patience = Bucket(rate=settings.ws_rate / 10, burst=settings.ws_rate)
    told = False
    limit = settings.max_message_bytes
    while True:
        await room()
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        if not bucket.take():
            if not patience.take():
                flooded()
                await websocket.close(FLOODING, reason="too-fast")
                return
            if not told:
                told = True
                refuse("too-fast", "too many messages: slow down (more are dropped unread, "
                                   "and a client that goes on is disconnected)")
            continue
        told = False
        size = message_size(message)
        if size > limit:
            refuse("too-big", f"messages may be at most {limit} bytes; this one had {size} "
                              "and was ignored")
            continue
        raw = message.get("text")
        if raw is None:
            raw = (message.get("bytes") or b"").decode("utf-8", errors="replace")
        # shielded: a message being handled (a move being stored) is finished even when
        # the connection ends meanwhile and this reader is cancelled
        await asyncio.shield(handle(raw))


def reply_error(table: LiveTable, conn: Conn, code: str, message: str,
                rule: str | None = None,
                parts: dict[str, int | str | list[str]] | None = None) -> None:
    table.metrics.ws_errors.labels(code).inc()
    conn.push(ws_error(code, message, rule, table.version, parts))


async def handle(table: LiveTable, conn: Conn, raw: str) -> None:
    """One client message; every problem is answered on this connection, which stays open."""
    received = time.perf_counter()

    def error(code: str, message: str, rule: str | None = None,
              parts: dict[str, int | str | list[str]] | None = None) -> None:
        reply_error(table, conn, code, message, rule, parts)

    try:
        data = json.loads(raw)
    except ValueError as exc:  # a number over 4300 digits too
        error("bad-json", f"the message is not valid JSON: {exc}")
        return
    except RecursionError:
        error("bad-json", "the message is not valid JSON: nested too deep")
        return
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        error("bad-message", "a message is a JSON object with a 'type' "
                             f"({', '.join(KNOWN_TYPES)})")
        return
    if data["type"] not in KNOWN_TYPES:
        error("unknown-type", f"unknown message type '{str(data['type'])[:40]}' "
                              f"(known: {', '.join(KNOWN_TYPES)})")
        return
    try:
        msg = _CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())[1:])
        error("bad-message", f"{where}: {first.get('msg')}" if where else str(first.get("msg")))
        return
    kind = msg.type
    if kind == "ping":
        conn.push({"type": "pong", "version": table.version})
        return
    if kind == "sync":
        conn.revision_sent = -1
        conn.wake.set()
        return
    if conn.seat is None:
        error("spectator", "spectators watch: they cannot send moves, signals, 'again', "
                           "'why', 'resign', 'abort' or 'decline'")
        return
    try:
        if kind == "move":
            if msg.seat is not None and msg.seat != conn.seat:
                error("not-your-seat", f"you hold seat {conn.seat}, not seat {msg.seat}")
                return
            await table.submit(conn.seat, msg.move, msg.version, received=received)
        elif kind == "signal":
            await table.signal(conn.seat, msg.signal)
        elif kind == "again":
            await table.again(conn.seat, msg.game_no)
        elif kind in ("resign", "abort"):
            await table.end_early(conn.seat, kind)
        elif kind == "decline":
            await table.decline(conn.seat)
        elif kind == "why":
            conn.push({"type": "why", "version": table.version,
                       "answers": table.why(conn.seat, msg.moves)})
    except Refusal as exc:
        error(exc.code, exc.message, exc.rule, exc.parts)

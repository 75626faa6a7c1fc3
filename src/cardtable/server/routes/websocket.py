"""The table WebSocket, ``/api/tables/{id}/ws``: a seat or a spectator at a live table.

The socket is served where the table lives: at this process when it owns the table, else
piped to its owner (:mod:`cardtable.server.cluster.remote`). The messages of PROTOCOL.md
are read and handled by :mod:`cardtable.server.live.client_messages`.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from cardtable.server.cluster.ownership import TableManager
from cardtable.server.live.client_messages import handle, read_messages, reply_error
from cardtable.server.live.conns import Conn, until_either
from cardtable.server.live.seats import digest
from cardtable.server.live.tables import LiveTable
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import (
    DATABASE_AWAY,
    DATABASE_AWAY_MESSAGE,
    Refusal,
    ws_error,
)
from cardtable.server.protocol.models import TABLE_ID, seat_token
from cardtable.server.protocol.validation import Count, GameNumber
from cardtable.server.routes.deps import Manager, SiteSettings
from cardtable.server.routes.throttle import RATE_LIMITED, Limiter, RateLimited, client_key

router = APIRouter()

_TABLE_ID = re.compile(TABLE_ID)
Refuse = Callable[[str, str, int], Awaitable[None]]
"""Tell the client why (an error message) and close the socket with the code."""


@router.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str, manager: Manager,
                       settings: SiteSettings, seen: Count | None = None,
                       game_no: GameNumber | None = None) -> None:
    await websocket.accept()
    limiter: Limiter = websocket.app.state.limiter
    address = client_key(websocket)
    try:
        await limiter.check("sockets", address)
        with limiter.socket(address):
            await _open(websocket, manager, settings, table_id, seen, game_no)
    except RateLimited as exc:
        await websocket.send_text(json.dumps(
            {**ws_error(exc.code, exc.message), "retry_after": exc.retry_after}))
        await websocket.close(RATE_LIMITED, reason=exc.code)


async def _open(websocket: WebSocket, manager: TableManager, settings: Settings,
                table_id: str, seen: int | None, game_no: int | None) -> None:
    """Find the table, here or at its owner, and serve the client there."""
    async def refuse(code: str, message: str, close_code: int) -> None:
        await websocket.send_text(json.dumps(ws_error(code, message)))
        await websocket.close(close_code, reason=code)

    token = seat_token(websocket.headers, websocket.cookies, table_id)
    if token and "authorization" not in websocket.headers and not _same_origin(websocket):
        await refuse("cross-site", "a page of another site may not use your seat", 4403)
        return
    if not _TABLE_ID.match(table_id):
        await refuse("unknown-table", f"there is no table '{table_id[:40]}'", 4404)
        return
    remote = websocket.app.state.remote
    patience = time.monotonic() + (settings.lease_seconds or 0.0) + 5.0
    try:
        while True:
            try:
                table = await manager.get(table_id)
                break
            except Refusal as exc:  # another process owns the table
                if remote is not None and await remote.pipe(
                        websocket, table_id, digest(token) if token else None, seen,
                        game_no, refuse):
                    return
                if remote is None or time.monotonic() > patience:
                    await refuse(exc.code, exc.message, 4503)
                    return
                await asyncio.sleep(0.25)  # its owner is gone: its lease lapses soon
    except DATABASE_AWAY:
        # a table not in memory (or its owner) cannot be looked up while the database is
        # away: the client is told so and closed as when the table moves, so it connects
        # again by itself, rather than dropped without a word
        await refuse("storage", DATABASE_AWAY_MESSAGE, 4503)
        return
    if table is None:
        await refuse("unknown-table", f"there is no table '{table_id[:40]}'", 4404)
        return
    await _serve_here(websocket, table, token, seen, game_no, settings, refuse)


async def _serve_here(websocket: WebSocket, table: LiveTable, token: str | None,
                      seen: int | None, game_no: int | None, settings: Settings,
                      refuse: Refuse) -> None:
    """Serve a client at a table this process owns, until it goes away (or the table
    leaves this process: then the client is told to connect again, code 4503)."""
    seat = table.seat_for_token(token)
    if token and seat is None:
        await refuse("bad-token", "this seat token holds no seat at this table", 4401)
        return
    if seat is None and not table.table_settings.get("spectators", True):
        await refuse("no-spectators", "this table has no spectators", 4403)
        return

    async def send(text: str) -> None:
        await websocket.send_text(text)

    conn = Conn(table, seat, send, seen, game_no)
    closing: list[asyncio.Task[None]] = []
    conn.on_kick = lambda: closing.append(asyncio.ensure_future(
        websocket.close(4503, reason="moved")))
    table.connect(conn)

    async def room() -> None:
        await conn.room.wait()

    reader = read_messages(websocket, settings, room,
                           lambda code, message: reply_error(table, conn, code, message),
                           lambda raw: handle(table, conn, raw), table.metrics.flooding.inc)
    try:
        await until_either(reader, conn.writer())
    except (WebSocketDisconnect, ConnectionError):
        pass
    except RuntimeError:
        if not closing:  # (else the socket was closed here, on a kick: that ends it)
            raise
    finally:
        table.disconnect(conn)
        if websocket.client_state == WebSocketState.CONNECTED and not closing:
            with suppress(Exception):
                await websocket.close()


def _same_origin(websocket: WebSocket) -> bool:
    """Browsers send cookies with WebSockets opened by any site: a seat cookie counts only
    when the page that opened the socket is ours (no Origin: not a browser)."""
    origin = websocket.headers.get("origin")
    if not origin:
        return True
    host = websocket.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host

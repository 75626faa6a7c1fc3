"""The FastAPI application: the HTTP API for tables and seats, and the table WebSocket.

Seat tokens travel in a cookie per table (``ct_<table id>``, HttpOnly) or, for
programs, in an ``Authorization: Bearer`` header; only their hashes are
stored. Every error has the same shape, ``{"error": {"code", "message"}}``
over HTTP and ``{"type": "error", "code", "message"}`` on the WebSocket
(:mod:`cardtable.server.errors`).

The HTML site (issue: web client) will add Jinja templates and static files
from ``cardtable/web/``; :func:`create_app` already mounts ``web/static`` when
it exists, and the page routes under ``/t/`` are where its pages go.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import TypeAdapter, ValidationError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from cardtable.games.registry import find_game, game_ids
from cardtable.server import store
from cardtable.server.apidocs import add_docs
from cardtable.server.botpool import BotPool
from cardtable.server.config import Settings
from cardtable.server.conns import Conn
from cardtable.server.db import Database, make_engine, migrate
from cardtable.server.errors import (
    ApiError,
    Refusal,
    add_error_handlers,
    add_websocket_fallback,
    http_error,
    ws_error,
)
from cardtable.server.health import router as health_router
from cardtable.server.hooks import hooks_for, variant_names
from cardtable.server.metrics import Metrics
from cardtable.server.metrics import router as metrics_router
from cardtable.server.ownership import TableManager
from cardtable.server.protocol import (
    CLAIM_SEAT_1,
    TABLE_ID,
    TABLE_LINKS,
    ClaimSeat,
    ClientMessage,
    CreatedTable,
    CreateTable,
    ErrorBody,
    GameEntry,
    GameRecord,
    GameSummary,
    Links,
    ProtocolAnswer,
    ProtocolDoc,
    SeatToken,
    TableInfo,
    links,
    seat_token,
)
from cardtable.server.tables import LiveTable, TableSpec
from cardtable.server.validation import Count, GameNumber, SeatNumber

log = logging.getLogger("cardtable.server")

COOKIE_DAYS = 30
_TABLE_ID = re.compile(TABLE_ID)
_CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_KNOWN_TYPES = ("move", "signal", "again", "ping", "sync", "why")
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


class BodyLimit:
    """Refuse HTTP bodies over the limit (413) before anyone reads them.

    A body without a length (chunked) is read here, up to the limit, and handed on
    whole: an error raised while the app reads it would reach the client as a vague 400.
    """

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any],
                       receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
                       send: Callable[[MutableMapping[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await self._too_large(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before its request was complete
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                await self._too_large(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        whole: MutableMapping[str, Any] | None = {
            "type": "http.request", "body": b"".join(chunks), "more_body": False}

        async def replay() -> MutableMapping[str, Any]:
            nonlocal whole
            if whole is None:
                return await receive()
            message, whole = whole, None
            return message

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Any, receive: Any, send: Any) -> None:
        response = http_error(413, "too-big", f"the body is over {self.limit} bytes")
        await response(scope, receive, send)


def _links(request: Request, table: LiveTable, token: str | None,
           invites: dict[int, str]) -> Links:
    base = str(request.base_url).rstrip("/")
    ws_base = base.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    return Links(
        table=f"{base}/t/{table.id}",
        private=f"{base}/t/{table.id}?key={token}" if token else None,
        invites={seat: f"{base}/t/{table.id}?seat={seat}&invite={invite}"
                 for seat, invite in invites.items()},
        websocket=f"{ws_base}/api/tables/{table.id}/ws",
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.db_url, settings.sqlite_synchronous)
        await asyncio.to_thread(migrate, engine)
        db = Database(engine)
        bots = BotPool(settings.bot_executor, settings.bot_workers, settings.search_workers)
        manager = TableManager(db, settings, bots, app.state.metrics)
        app.state.manager = manager
        relay = None
        if settings.redis_url is not None:
            from cardtable.server.relay import Relay

            relay = Relay(settings.redis_url, settings.redis_prefix, manager.owner,
                          lambda message: _from_another_process(manager, message))
            await relay.start()
        app.state.relay = relay
        restored = await manager.start()
        manager.start_sweeping(settings.sweep_every, settings.idle_tables_after)
        log.info("cardtable server ready (%s running tables restored)", restored)
        try:
            yield
        finally:
            handed = list(manager.tables)
            await manager.close()
            if relay is not None:
                await relay.broadcast({"k": "handover", "tables": handed})
                await relay.close()
            bots.close()
            await asyncio.to_thread(db.close)

    app = FastAPI(
        title="cardtable",
        version="0.1.0",
        description="Tables, seats and records of the cardtable games. Live play is over the "
                    "WebSocket `/api/tables/{id}/ws`; its messages are in `/api/protocol` and "
                    "PROTOCOL.md.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        responses={code: {"model": ErrorBody} for code in (400, 401, 403, 404, 409, 413, 422)},
    )
    app.state.settings = settings
    app.state.metrics = Metrics()
    add_docs(app)
    app.include_router(health_router)
    app.include_router(metrics_router)
    if (WEB_DIR / "static").is_dir():
        from fastapi.staticfiles import StaticFiles

        app.mount("/static", StaticFiles(directory=WEB_DIR / "static"), name="static")
    from cardtable.web.pages import router as pages_router

    app.include_router(pages_router)
    from cardtable.server.campaign import router as campaign_router

    app.include_router(campaign_router)
    from cardtable.server.analysis import router as analysis_router

    app.include_router(analysis_router)
    from cardtable.server.learn import router as learn_router

    app.include_router(learn_router)

    from cardtable.server.replay import router as replay_router

    app.include_router(replay_router)

    add_error_handlers(app)

    def manager_of(request: Request | WebSocket) -> TableManager:
        manager: TableManager = request.app.state.manager
        return manager

    async def table_of(request: Request | WebSocket, table_id: str) -> LiveTable:
        table = await manager_of(request).get(table_id) if _TABLE_ID.match(table_id) else None
        if table is None:
            raise ApiError(404, "unknown-table", f"there is no table '{table_id[:40]}'")
        return table

    def set_cookie(response: Response, table_id: str, token: str) -> None:
        response.set_cookie(f"ct_{table_id}", token, max_age=COOKIE_DAYS * 86400,
                            httponly=True, samesite="lax", secure=settings.secure_cookies)

    # --- HTTP API ---
    @app.get("/api/games", response_model=list[GameSummary], tags=["games"])
    async def games() -> list[GameSummary]:
        result = []
        for gid in game_ids():
            game = find_game(gid)
            hooks = hooks_for(gid)
            result.append(GameSummary(
                id=gid, name=game.name, variants=variant_names(gid),
                computer_players=list(hooks.bot_names(gid)),
                signals=hooks.offers_signals,
            ))
        return result

    @app.post("/api/tables", status_code=201, response_model=CreatedTable, tags=["tables"],
              responses={201: links("table_id", "$response.body#/table/id", *TABLE_LINKS,
                                    claim_seat_1=CLAIM_SEAT_1)})
    async def create_table(body: CreateTable, request: Request,
                           response: Response) -> CreatedTable:
        spec = TableSpec(
            game=body.game, options=body.options, variants=body.variants,
            seats=[s.model_dump() for s in body.seats] if body.seats is not None else None,
            creator_seat=body.creator_seat, creator_name=body.creator_name,
            match_wins=body.match_wins, match_games=body.match_games,
            takeover_after=body.takeover_after,
            spectators=body.spectators,
            start=body.start.model_dump() if body.start is not None else None,
            hints=body.hints,
        )
        table, token, invites = await manager_of(request).create(spec)
        if token is not None:
            set_cookie(response, table.id, token)
        return CreatedTable(
            table=TableInfo(**table.info()), seat=body.creator_seat if token else None,
            token=token, invites=invites, links=_links(request, table, token, invites),
        )

    @app.get("/api/tables/{table_id}", response_model=TableInfo, tags=["tables"])
    async def get_table(table_id: str, request: Request) -> TableInfo:
        table = await table_of(request, table_id)
        return TableInfo(**table.info())

    @app.post("/api/tables/{table_id}/seats/{seat}", response_model=SeatToken, tags=["seats"])
    async def claim(table_id: str, seat: SeatNumber, body: ClaimSeat, request: Request,
                    response: Response) -> SeatToken:
        """Take an open seat with its invite; the seat token comes back (and as a cookie)."""
        table = await table_of(request, table_id)
        token = await table.claim(seat, body.invite, body.name)
        set_cookie(response, table.id, token)
        base = str(request.base_url).rstrip("/")
        return SeatToken(table=table.id, seat=seat, token=token,
                         link=f"{base}/t/{table.id}?key={token}")

    @app.post("/api/tables/{table_id}/again", response_model=TableInfo, tags=["tables"])
    async def again(table_id: str, request: Request,
                    game_no: GameNumber | None = None) -> TableInfo:
        """Play again (the next game of the match, or a new match) with the same seats;
        ``game_no``: the game you saw end (if the next one has begun, nothing more happens)."""
        table = await table_of(request, table_id)
        seat = table.seat_for_token(seat_token(request.headers, request.cookies, table_id))
        if seat is None:
            raise ApiError(401, "no-seat", "only a player at this table may start the next game")
        await table.again(seat, game_no)
        return TableInfo(**table.info())

    @app.get("/api/tables/{table_id}/games", response_model=list[GameEntry], tags=["records"])
    async def game_list(table_id: str, request: Request) -> list[GameEntry]:
        table = await table_of(request, table_id)
        rows = await manager_of(request).db.run(store.game_list, table.id)
        return [GameEntry(**r) for r in rows]

    @app.get("/api/tables/{table_id}/record", tags=["records"],
             responses={200: {"model": GameRecord, "description": "the record (JSON)"}})
    async def record(table_id: str, request: Request, game_no: GameNumber | None = None,
                     download: bool = False) -> Response:
        """A finished game's record ``{game, options, deal, moves, outcome}``: it replays
        with ``cardtable replay``. A running game's deal stays secret (409)."""
        from cardtable.server.replay import finished_record

        table = await table_of(request, table_id)
        data = await finished_record(manager_of(request), table, game_no)
        number = data["game_no"]
        headers = {}
        if download:
            headers["content-disposition"] = (
                f'attachment; filename="cardtable-{table.id}-{number}.json"')
        return Response(json.dumps(data, ensure_ascii=False, indent=1),
                        media_type="application/json", headers=headers)

    @app.get("/api/protocol", tags=["server"], responses={200: {"model": ProtocolAnswer}})
    async def protocol() -> Response:
        """The WebSocket message schema (as JSON Schema); prose in PROTOCOL.md."""
        schema = TypeAdapter(ProtocolDoc).json_schema()
        doc = (Path(__file__).parent / "PROTOCOL.md").read_text(encoding="utf-8")
        return JSONResponse({"schema": schema, "doc": doc})

    # --- pages (the web client will render these) ---
    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def page(table_id: str, request: Request, key: str | None = None) -> Response:
        table = await table_of(request, table_id)
        if key is not None:
            if table.seat_for_token(key) is None:
                raise ApiError(403, "bad-token", "this private link holds no seat here")
            redirect = RedirectResponse(f"/t/{table.id}", status_code=303)
            set_cookie(redirect, table.id, key)
            return redirect
        from cardtable.web.pages import table_page

        return table_page(request, table)

    # --- WebSocket ---
    @app.websocket("/api/tables/{table_id}/ws")
    async def table_socket(websocket: WebSocket, table_id: str, seen: Count | None = None,
                           game_no: GameNumber | None = None) -> None:
        await websocket.accept()

        async def refuse(code: str, message: str, close_code: int) -> None:
            await websocket.send_text(json.dumps(ws_error(code, message)))
            await websocket.close(close_code, reason=code)

        try:
            table = (await manager_of(websocket).get(table_id) if _TABLE_ID.match(table_id)
                     else None)
        except Refusal as exc:  # another process owns the table (issue 19)
            await refuse(exc.code, exc.message, 4503)
            return
        if table is None:
            await refuse("unknown-table", f"there is no table '{table_id[:40]}'", 4404)
            return
        token = seat_token(websocket.headers, websocket.cookies, table_id)
        if token and "authorization" not in websocket.headers and not _same_origin(websocket):
            await refuse("cross-site", "a page of another site may not use your seat", 4403)
            return
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
        table.connect(conn)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        bucket = _Bucket(rate=settings.ws_rate, burst=2 * settings.ws_rate)
        limit = settings.max_message_bytes
        try:
            while True:
                await conn.room.wait()
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not bucket.take():
                    _reply_error(table, conn, "too-fast", "too many messages: slow down")
                    continue
                size = _size(message)
                if size > limit:
                    _reply_error(table, conn, "too-big", f"messages may be at most {limit} "
                                 f"bytes; this one had {size} and was ignored")
                    continue
                raw = message.get("text")
                if raw is None:
                    raw = (message.get("bytes") or b"").decode("utf-8", errors="replace")
                await _handle(table, conn, raw)
        except WebSocketDisconnect:
            pass
        finally:
            writer.cancel()
            table.disconnect(conn)
            if websocket.client_state == WebSocketState.CONNECTED:
                with suppress(Exception):
                    await websocket.close()

    add_websocket_fallback(app)
    app.add_middleware(BodyLimit, limit=settings.max_message_bytes)
    return app


def _from_another_process(manager: TableManager, message: dict[str, Any]) -> None:
    """A process that shuts down hands its tables over: take them now (each is taken by
    one process, whichever takes its lease first), not when the next scan finds them."""
    if message.get("k") != "handover":
        log.warning("a message from another process was ignored",
                    extra={"kind": message.get("k")})
        return
    tables = [str(t) for t in message.get("tables", [])]

    async def take() -> None:
        taken = 0
        for table_id in tables:
            try:
                taken += await manager.get(table_id) is not None
            except Refusal:
                pass  # another process took it first
            except Exception:
                log.exception("a table handed over could not be taken",
                              extra={"table": table_id})
        log.info("tables handed over by another process", extra={"tables": len(tables),
                                                                 "taken": taken})

    task = asyncio.get_running_loop().create_task(take())
    _taking.add(task)
    task.add_done_callback(_taking.discard)


_taking: set[asyncio.Task[None]] = set()
"""Hand-overs being taken (kept, so that a task is not collected before it ends)."""


def _same_origin(websocket: WebSocket) -> bool:
    """Browsers send cookies with WebSockets opened by any site: a seat cookie counts only
    when the page that opened the socket is ours (no Origin: not a browser)."""
    origin = websocket.headers.get("origin")
    if not origin:
        return True
    host = websocket.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


class _Bucket:
    """A token bucket: a burst is fine, a flood is refused message by message."""

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


def _size(message: MutableMapping[str, Any]) -> int:
    """A WebSocket message's size as sent: bytes, or the UTF-8 bytes of a text."""
    text: str | None = message.get("text")
    if text is None:
        return len(message.get("bytes") or b"")
    return len(text) if text.isascii() else len(text.encode())


def _reply_error(table: LiveTable, conn: Conn, code: str, message: str,
                 rule: str | None = None) -> None:
    table.metrics.ws_errors.labels(code).inc()
    conn.push(ws_error(code, message, rule, table.version))


async def _handle(table: LiveTable, conn: Conn, raw: str) -> None:
    """One client message; every problem is answered on this connection, which stays open."""
    received = time.perf_counter()

    def error(code: str, message: str, rule: str | None = None) -> None:
        _reply_error(table, conn, code, message, rule)

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
                             f"({', '.join(_KNOWN_TYPES)})")
        return
    if data["type"] not in _KNOWN_TYPES:
        error("unknown-type", f"unknown message type '{str(data['type'])[:40]}' "
                              f"(known: {', '.join(_KNOWN_TYPES)})")
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
        error("spectator", "spectators watch: they cannot send moves, signals, 'again' or 'why'")
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
        elif kind == "why":
            conn.push({"type": "why", "version": table.version,
                       "answers": table.why(conn.seat, msg.moves)})
    except Refusal as exc:
        error(exc.code, exc.message, exc.rule)

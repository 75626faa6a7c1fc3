"""The FastAPI application: the HTTP API for tables and seats, and the table WebSocket.

Seat tokens travel in a cookie per table (``ct_<table id>``, HttpOnly) or, for
programs, in an ``Authorization: Bearer`` header; only their hashes are
stored. Every error has the same shape, ``{"error": {"code", "message"}}``
over HTTP and ``{"type": "error", "code", "message"}`` on the WebSocket
(:mod:`cardtable.server.protocol.errors`).

The HTML site (issue: web client) will add Jinja templates and static files
from ``cardtable/web/``; :func:`create_app` already mounts ``web/static`` when
it exists, and the page routes under ``/t/`` are where its pages go.
"""

from __future__ import annotations

import asyncio
import gc
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
from pydantic import TypeAdapter
from starlette.websockets import WebSocketDisconnect, WebSocketState

from cardtable.games.registry import find_game, game_ids
from cardtable.server.cluster.ownership import TableManager
from cardtable.server.live.botpool import BotPool
from cardtable.server.live.client_messages import handle, read_messages, reply_error
from cardtable.server.live.conns import Conn, until_either
from cardtable.server.live.hooks import hooks_for, variant_names
from cardtable.server.live.seats import digest, secret
from cardtable.server.live.tables import LiveTable, TableSpec
from cardtable.server.ops.config import Settings
from cardtable.server.ops.headers import SecurityHeaders
from cardtable.server.ops.metrics import Metrics
from cardtable.server.protocol.errors import (
    DATABASE_AWAY,
    DATABASE_AWAY_MESSAGE,
    ApiError,
    Refusal,
    add_error_handlers,
    add_websocket_fallback,
    http_error,
    ws_error,
)
from cardtable.server.protocol.models import (
    CLAIM_SEAT_1,
    TABLE_ID,
    TABLE_LINKS,
    ClaimSeat,
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
from cardtable.server.protocol.validation import Count, GameNumber, SeatNumber
from cardtable.server.routes.apidocs import add_docs
from cardtable.server.routes.health import router as health_router
from cardtable.server.routes.heavy import close as close_heavy
from cardtable.server.routes.metrics import router as metrics_router
from cardtable.server.routes.throttle import (
    RATE_LIMITED,
    Limiter,
    RateLimited,
    check_limits,
    client_key,
    limited,
)
from cardtable.server.storage import store
from cardtable.server.storage.db import Database, make_engine, migrate

log = logging.getLogger("cardtable.server")

COOKIE_DAYS = 30
_TABLE_ID = re.compile(TABLE_ID)
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


class BodyLimit:
    """Refuse HTTP bodies over the limit (413) before anyone reads them, and bodies that
    take longer than ``seconds`` to arrive (408: a slow client holds no request open).

    A body without a length (chunked) is read here, up to the limit, and handed on
    whole: an error raised while the app reads it would reach the client as a vague 400.
    """

    def __init__(self, app: Any, limit: int, seconds: float) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

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
        deadline = time.monotonic() + self.seconds
        while True:
            try:
                message = await asyncio.wait_for(receive(), deadline - time.monotonic())
            except TimeoutError:
                response = http_error(408, "too-slow", f"the request's body did not arrive "
                                                       f"within {self.seconds:g} s")
                await response(scope, receive, send)
                return
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


class HeadAsGet:
    """Answer ``HEAD`` like ``GET``, without the body (FastAPI's routes take ``GET``
    only): monitors and ``curl -I`` see a page's status and headers, not a 405."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any],
                       receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
                       send: Callable[[MutableMapping[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.body":
                if not message.get("more_body", False):
                    await send({"type": "http.response.body", "body": b""})
                return
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


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
        relay, remote = None, None
        if settings.redis_url is not None:
            from cardtable.server.cluster.relay import Relay
            from cardtable.server.cluster.remote import Remote

            relay = Relay(settings.redis_url, settings.redis_prefix, manager.owner,
                          lambda message: remote.on_message(message) if remote else None)
            remote = Remote(manager, relay, settings)
            await relay.start()
            remote.start()
        app.state.relay, app.state.remote = relay, remote
        # what start-up made (modules, the app) lives as long as the process: kept out of
        # the collector's full passes, which otherwise walked it each time, about 80 ms in
        # which no table of the process moved (the tables, which come and go, are not kept)
        gc.collect()
        gc.freeze()
        restored = await manager.start()
        manager.start_sweeping(settings.sweep_every, settings.idle_tables_after)
        log.info("cardtable server ready (%s running tables restored)", restored)
        try:
            yield
        finally:
            handed = list(manager.tables)
            await manager.close()
            if relay is not None and remote is not None:
                await remote.close()
                await relay.broadcast({"k": "handover", "tables": handed})
                await relay.close()
            bots.close()
            close_heavy(app)
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
    app.state.limiter = Limiter(
        check_limits(dict(settings.rate_limits)) if settings.limits_on else {},
        settings.redis_url, settings.redis_prefix,
        settings.ws_per_address if settings.limits_on else None,
        lambda name: app.state.metrics.limited.labels(name).inc())
    add_docs(app)
    app.include_router(health_router)
    app.include_router(metrics_router)
    if (WEB_DIR / "static").is_dir():
        from fastapi.staticfiles import StaticFiles

        app.mount("/static", StaticFiles(directory=WEB_DIR / "static"), name="static")
    from cardtable.web.pages import router as pages_router

    app.include_router(pages_router)
    from cardtable.server.routes.campaign import router as campaign_router

    app.include_router(campaign_router)
    from cardtable.server.routes.analysis import router as analysis_router

    app.include_router(analysis_router)
    from cardtable.server.routes.learn import router as learn_router

    app.include_router(learn_router)

    from cardtable.server.routes.replay import router as replay_router

    app.include_router(replay_router)

    add_error_handlers(app)

    def manager_of(request: Request | WebSocket) -> TableManager:
        manager: TableManager = request.app.state.manager
        return manager

    async def table_of(request: Request | WebSocket, table_id: str) -> LiveTable:
        """The table to read: this process's own, or a copy if another process owns it."""
        table = await manager_of(request).view(table_id) if _TABLE_ID.match(table_id) else None
        if table is None:
            raise ApiError(404, "unknown-table", f"there is no table '{table_id[:40]}'")
        return table

    async def at_owner(request: Request, table: LiveTable, action: str,
                       args: dict[str, Any]) -> dict[str, Any]:
        """Run a change at the table's owner process, whichever it is; the table's info."""
        from cardtable.server.cluster.remote import ACTIONS

        if manager_of(request).holds(table) or request.app.state.remote is None:
            return await ACTIONS[action](table, args)
        result: dict[str, Any] = await request.app.state.remote.call(table.id, action, args)
        return result

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
              dependencies=[limited("tables")],
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

    @app.post("/api/tables/{table_id}/seats/{seat}", response_model=SeatToken, tags=["seats"],
              dependencies=[limited("seats")])
    async def claim(table_id: str, seat: SeatNumber, body: ClaimSeat, request: Request,
                    response: Response) -> SeatToken:
        """Take an open seat with its invite; the seat token comes back (and as a cookie)."""
        table = await table_of(request, table_id)
        token = secret()
        await at_owner(request, table, "claim", {
            "seat": seat, "invite_hash": digest(body.invite), "token_hash": digest(token),
            "name": body.name})
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
        token = seat_token(request.headers, request.cookies, table_id)
        info = await at_owner(request, table, "again", {
            "token_hash": digest(token) if token else None, "game_no": game_no})
        return TableInfo(**info)

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
        from cardtable.server.routes.replay import finished_record

        table = await table_of(request, table_id)
        data = await finished_record(manager_of(request), table, game_no,
                                     seat_token(request.headers, request.cookies, table.id))
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
            await request.app.state.limiter.check("seats", client_key(request))
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
        limiter: Limiter = websocket.app.state.limiter
        address = client_key(websocket)
        try:
            await limiter.check("sockets", address)
            with limiter.socket(address):
                await open_table_socket(websocket, table_id, seen, game_no)
        except RateLimited as exc:
            await websocket.send_text(json.dumps(
                {**ws_error(exc.code, exc.message), "retry_after": exc.retry_after}))
            await websocket.close(RATE_LIMITED, reason=exc.code)

    async def open_table_socket(websocket: WebSocket, table_id: str, seen: int | None,
                                game_no: int | None) -> None:
        async def refuse(code: str, message: str, close_code: int) -> None:
            await websocket.send_text(json.dumps(ws_error(code, message)))
            await websocket.close(close_code, reason=code)

        manager = manager_of(websocket)
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
                except Refusal as exc:  # another process owns the table (issue 19)
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

    add_websocket_fallback(app)
    app.add_middleware(HeadAsGet)
    app.add_middleware(BodyLimit, limit=settings.max_message_bytes,
                       seconds=settings.request_seconds)
    app.add_middleware(SecurityHeaders, https_site=settings.secure_cookies)
    return app


async def _serve_here(websocket: WebSocket, table: LiveTable, token: str | None,
                      seen: int | None, game_no: int | None, settings: Settings,
                      refuse: Callable[[str, str, int], Awaitable[None]]) -> None:
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

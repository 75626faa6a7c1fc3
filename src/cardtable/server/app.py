"""The FastAPI application, wired from the server's rooms: the services made at start-up
and closed at shutdown, the routers, the site, the error handlers and the middleware.

The routes themselves are in :mod:`cardtable.server.routes` (the HTTP API and the table
WebSocket) and :mod:`cardtable.web.pages` (the site). Seat tokens travel in a cookie per
table (``ct_<table id>``, HttpOnly) or, for programs, in an ``Authorization: Bearer``
header; only their hashes are stored. Every error has the same shape,
``{"error": {"code", "message"}}`` over HTTP and ``{"type": "error", "code", "message"}``
on the WebSocket (:mod:`cardtable.server.protocol.errors`).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from cardtable.server.cluster.ownership import TableManager
from cardtable.server.live.botpool import BotPool
from cardtable.server.ops.config import Settings
from cardtable.server.ops.headers import SecurityHeaders
from cardtable.server.ops.metrics import Metrics
from cardtable.server.protocol.errors import add_error_handlers, add_websocket_fallback
from cardtable.server.protocol.models import ErrorBody
from cardtable.server.routes import (
    analysis,
    apidocs,
    campaign,
    health,
    learn,
    lobby,
    metrics,
    records,
    replay,
    tables,
    turns,
    websocket,
)
from cardtable.server.routes.accounts import router as accounts_router
from cardtable.server.routes.heavy import close as close_heavy
from cardtable.server.routes.middleware import BodyLimit, HeadAsGet
from cardtable.server.routes.players import router as players_router
from cardtable.server.routes.throttle import Limiter, check_limits
from cardtable.server.storage.db import Database, make_engine, migrate
from cardtable.web import pages
from cardtable.web.people import router as people_router

log = logging.getLogger("cardtable.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def lifespan_of(settings: Settings) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The app's services from start-up to shutdown: the database, the computer players'
    pools, the table manager and, with Redis, the messages between processes."""

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
        await lobby.start(app, settings)
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
            await lobby.stop(app)
            handed = list(manager.tables)
            await manager.close()
            if relay is not None and remote is not None:
                await remote.close()
                await relay.broadcast({"k": "handover", "tables": handed})
                await relay.close()
            bots.close()
            close_heavy(app)
            await asyncio.to_thread(db.close)

    return lifespan


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    app = FastAPI(
        title="cardtable",
        version="0.1.0",
        description="Tables, seats and records of the cardtable games. Live play is over the "
                    "WebSocket `/api/tables/{id}/ws`; its messages are in `/api/protocol` and "
                    "PROTOCOL.md.",
        lifespan=lifespan_of(settings),
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
    apidocs.add_docs(app)
    app.include_router(health.router)
    app.include_router(metrics.router)
    app.include_router(accounts_router)
    app.include_router(players_router)
    app.include_router(people_router)
    if (WEB_DIR / "static").is_dir():
        app.mount("/static", StaticFiles(directory=WEB_DIR / "static"), name="static")
    for area in (pages, campaign, analysis, learn, replay, lobby, tables, turns, records,
                 apidocs, websocket):
        app.include_router(area.router)
    add_error_handlers(app)
    add_websocket_fallback(app)
    app.add_middleware(HeadAsGet)
    app.add_middleware(BodyLimit, limit=settings.max_message_bytes,
                       seconds=settings.request_seconds)
    app.add_middleware(SecurityHeaders, https_site=settings.secure_cookies)
    return app

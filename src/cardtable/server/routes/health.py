"""Health for load balancers and orchestrators: is the process alive, can it serve.

Liveness answers whenever the event loop runs (restart the process if it does
not); readiness also asks the database for a row, through the same thread and
queue as every move, so a stuck or unreachable database takes the server out of
rotation. Neither tells anything about tables: how many there are is for the
operator, in ``/metrics``.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.engine import Connection

from cardtable.server.cluster.ownership import TableManager
from cardtable.server.protocol.errors import http_error
from cardtable.server.protocol.models import ErrorBody
from cardtable.server.routes.deps import Manager

READY_WITHIN = 2.0
"""Seconds the database has to answer a readiness check."""


class Health(BaseModel):
    ok: bool
    status: Literal["live", "ready"]


router = APIRouter(tags=["server"])
_NOT_READY: dict[int | str, dict[str, Any]] = {
    503: {"model": ErrorBody, "description": "the database does not answer"}}


@router.get("/api/health/live", response_model=Health)
async def live() -> Health:
    """Liveness: the server's process runs and answers."""
    return Health(ok=True, status="live")


@router.get("/api/health/ready", response_model=Health, responses=_NOT_READY)
async def ready(request: Request, manager: Manager) -> Health | JSONResponse:
    """Readiness: the server can play moves (its database answers within two seconds, and
    Redis, if it has one, answers)."""
    return await _ready(request, manager)


@router.get("/api/health", response_model=Health, responses=_NOT_READY)
async def health(request: Request, manager: Manager) -> Health | JSONResponse:
    """The same as ``/api/health/ready``."""
    return await _ready(request, manager)


async def _ready(request: Request, manager: TableManager) -> Health | JSONResponse:
    db = manager.db
    try:
        await asyncio.wait_for(db.run(_ping), READY_WITHIN)
    except Exception:
        return http_error(503, "not-ready", "the database does not answer")
    relay = getattr(request.app.state, "relay", None)
    if relay is not None and not relay.healthy:
        return http_error(503, "not-ready", "Redis does not answer")
    return Health(ok=True, status="ready")


def _ping(conn: Connection) -> None:
    conn.execute(sa.text("SELECT 1"))

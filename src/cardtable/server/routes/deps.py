"""What the routes take from the running app, as FastAPI dependencies, and the lookups the
table routes share: a table by its id, a change at its owner process, a seat's cookie.

The app's services (the table manager, the settings) are made at start-up and kept on
``app.state``; a route names what it needs (``manager: Manager``) instead of reaching into
the state itself.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import Depends, Response
from starlette.requests import HTTPConnection

from cardtable.server.cluster.ownership import TableManager
from cardtable.server.live.tables import LiveTable
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import ApiError
from cardtable.server.protocol.models import TABLE_ID

COOKIE_DAYS = 30
"""How long a browser keeps a seat's cookie."""
_TABLE_ID = re.compile(TABLE_ID)


def _manager(connection: HTTPConnection) -> TableManager:
    manager: TableManager = connection.app.state.manager
    return manager


def _settings(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


Manager = Annotated[TableManager, Depends(_manager)]
"""The tables this process holds (and the way to those it does not)."""
SiteSettings = Annotated[Settings, Depends(_settings)]
"""The server's settings."""


async def find_table(manager: TableManager, table_id: str) -> LiveTable:
    """The table to read: this process's own, or a copy if another process owns it."""
    table = await manager.view(table_id) if _TABLE_ID.match(table_id) else None
    if table is None:
        raise ApiError(404, "unknown-table", f"there is no table '{table_id[:40]}'")
    return table


async def at_owner(connection: HTTPConnection, manager: TableManager, table: LiveTable,
                   action: str, args: dict[str, Any]) -> dict[str, Any]:
    """Run a change at the table's owner process, whichever it is; the table's info."""
    from cardtable.server.cluster.remote import ACTIONS

    remote = connection.app.state.remote
    if manager.holds(table) or remote is None:
        return await ACTIONS[action](table, args)
    result: dict[str, Any] = await remote.call(table.id, action, args)
    return result


def set_seat_cookie(response: Response, table_id: str, token: str, settings: Settings) -> None:
    """The seat's token in the table's cookie (``ct_<table id>``, HttpOnly)."""
    response.set_cookie(f"ct_{table_id}", token, max_age=COOKIE_DAYS * 86400,
                        httponly=True, samesite="lax", secure=settings.secure_cookies)

"""Who is signed in, for the routes: the session cookie, its account, and the guard of
every state change the cookie authenticates against requests from other sites.

A browser sends the session cookie (SameSite=Lax) with a top-level navigation from any
site, and older browsers with more; so a route that changes something for the signed-in
account also checks the request's ``Origin`` (sent by every browser with a POST, PUT or
DELETE): another site's page is refused with ``cross-site`` (403). A request without
``Origin`` and without ``Sec-Fetch-Site: cross-site`` is a program's, not a browser's.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Response
from starlette.requests import HTTPConnection, Request

from cardtable.server.live import rated
from cardtable.server.live.tables import LiveTable
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import ApiError
from cardtable.server.protocol.models import CreateTable
from cardtable.server.services import accounts
from cardtable.server.services.accounts import Account
from cardtable.server.storage import accounts as stored
from cardtable.server.storage.db import Database

SESSION_COOKIE = "ct.session"
"""The session cookie's name (a dot: no table id, hence no seat cookie, has one)."""


def session_id(connection: HTTPConnection) -> str | None:
    return connection.cookies.get(SESSION_COOKIE)


def database(connection: HTTPConnection) -> Database:
    db: Database = connection.app.state.manager.db
    return db


def same_site(connection: HTTPConnection) -> bool:
    """Whether a request comes from one of our own pages (or from no browser at all)."""
    origin = connection.headers.get("origin")
    if origin is None:
        return connection.headers.get("sec-fetch-site") != "cross-site"
    host = connection.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


def check_same_site(request: Request) -> None:
    """A dependency: ``cross-site`` (403) for a state change asked by another site's page."""
    if not same_site(request):
        raise ApiError(403, "cross-site", "this change is not accepted from another site's page")


async def _maybe_account(request: Request) -> Account | None:
    return await accounts.current(database(request), session_id(request))


async def _signed_in(request: Request) -> Account:
    account = await _maybe_account(request)
    if account is None:
        raise ApiError(401, "not-signed-in", "sign in first")
    return account


MaybeAccount = Annotated[Account | None, Depends(_maybe_account)]
"""The signed-in account, or None (playing without an account)."""
SignedIn = Annotated[Account, Depends(_signed_in)]
"""The signed-in account; ``not-signed-in`` (401) otherwise."""
SameSite = Depends(check_same_site)


def set_session_cookie(response: Response, request: Request, session: str,
                       settings: Settings) -> None:
    """The session id in its cookie: HttpOnly, SameSite=Lax, Secure over TLS."""
    response.set_cookie(SESSION_COOKIE, session, max_age=accounts.SESSION_DAYS * 86400,
                        httponly=True, samesite="lax", path="/",
                        secure=settings.secure_cookies or request.url.scheme == "https")


def clear_session_cookie(response: Response, request: Request, settings: Settings) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax",
                           secure=settings.secure_cookies or request.url.scheme == "https")


def acting_account(request: Request, account: Account | None) -> Account | None:
    """The account a table request acts for: none when the page asking is another
    site's (it then acts as anyone without an account would)."""
    return account if account is not None and same_site(request) else None


async def bind_seat(request: Request, table_id: str, seat: int, account: Account | None) -> None:
    """A seat just taken belongs to the signed-in account (if any)."""
    if account is not None:
        await database(request).run(stored.bind_seat, table_id, seat, account.id)


def check_rated(body: CreateTable, account: Account | None) -> None:
    """``not-rated`` (422) with the reason when the new table cannot be rated."""
    if not body.rated:
        return
    kinds = [seat.kind for seat in body.seats] if body.seats is not None else []
    reason = rated.why_not_rated(body.game, kinds, account is not None, body.start is not None,
                                 body.hints, body.creator_seat is not None)
    if reason is not None:
        raise ApiError(422, "not-rated", reason)


async def make_rated(request: Request, table: LiveTable) -> None:
    """The new table's games are rated, stored and in memory (this process made it)."""
    await database(request).run(rated.mark_rated, table.id)
    table.table_settings["rated"] = True


async def check_rated_seat(request: Request, table: LiveTable, account: Account | None) -> None:
    """At a rated table only a signed-in person may sit, and once."""
    if not table.table_settings.get("rated"):
        return
    if account is None:
        raise ApiError(403, "sign-in-to-play-rated", "this game is rated: sign in to play it")
    if await database(request).run(stored.seat_of, table.id, account.id) is not None:
        raise ApiError(409, "same-account", "your account already sits at this table")

"""The accounts' HTTP API: signing up (``POST /api/accounts``), in and out
(``POST``/``DELETE /api/session``), who is signed in (``GET /api/session``), a new
password and deleting one's account (``/api/accounts/me``).

Sign-in attempts are limited per address and per name (:mod:`.throttle`), new accounts
per address; every change the session cookie authenticates is refused from another
site's page (:mod:`.signedin`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from cardtable.server.protocol.errors import ApiError
from cardtable.server.routes.deps import SiteSettings
from cardtable.server.routes.signedin import (
    SameSite,
    SignedIn,
    clear_session_cookie,
    database,
    session_id,
    set_session_cookie,
)
from cardtable.server.routes.throttle import Limiter, RateLimited, client_key, limited
from cardtable.server.services import accounts
from cardtable.server.services.names import name_key

router = APIRouter(tags=["accounts"])


class Credentials(BaseModel):
    """A name and its password (at most 256 characters, never echoed nor logged)."""

    model_config = {"extra": "forbid"}
    name: str = Field(..., max_length=80, examples=["ada_l"])
    password: str = Field(..., max_length=accounts.MAX_PASSWORD, examples=["correct horse"])


class NewPassword(BaseModel):
    model_config = {"extra": "forbid"}
    password: str = Field(..., max_length=accounts.MAX_PASSWORD,
                          description="the password now")
    new_password: str = Field(..., max_length=accounts.MAX_PASSWORD)


class Confirm(BaseModel):
    model_config = {"extra": "forbid"}
    password: str = Field(..., max_length=accounts.MAX_PASSWORD,
                          description="the password, to confirm")


class AccountInfo(BaseModel):
    name: str = Field(..., description="the name as shown")


class SessionInfo(BaseModel):
    name: str | None = Field(..., description="the signed-in account's name; null: nobody")


@router.post("/api/accounts", status_code=201, response_model=AccountInfo,
             dependencies=[SameSite, limited("accounts")])
async def sign_up(body: Credentials, request: Request, response: Response,
                  settings: SiteSettings) -> AccountInfo:
    """A new account, signed in at once (the session cookie comes with the answer)."""
    account, session = await accounts.sign_up(database(request), body.name, body.password)
    set_session_cookie(response, request, session, settings)
    return AccountInfo(name=account.name)


@router.post("/api/session", response_model=AccountInfo, dependencies=[SameSite])
async def sign_in(body: Credentials, request: Request, response: Response,
                  settings: SiteSettings) -> AccountInfo:
    """Sign in: 200 with the session cookie, or ``bad-sign-in`` (401) for a wrong name or
    password alike. Attempts are limited per address and per name (429)."""
    limiter: Limiter = request.app.state.limiter
    await limiter.check("signins", client_key(request))
    try:
        await limiter.check("signins", "name:" + name_key(body.name))
    except RateLimited as refused:
        raise ApiError(429, "rate-limited", "too many sign-in attempts for this name: try "
                       f"again in {refused.retry_after} s", refused.headers) from None
    account, session = await accounts.sign_in(database(request), body.name, body.password)
    set_session_cookie(response, request, session, settings)
    return AccountInfo(name=account.name)


@router.get("/api/session", response_model=SessionInfo)
async def who(request: Request) -> SessionInfo:
    account = await accounts.current(database(request), session_id(request))
    return SessionInfo(name=account.name if account else None)


@router.delete("/api/session", status_code=204, dependencies=[SameSite])
async def sign_out(request: Request, settings: SiteSettings) -> Response:
    """Sign out this browser (nothing to do when it was not signed in)."""
    await accounts.sign_out(database(request), session_id(request))
    response = Response(status_code=204)
    clear_session_cookie(response, request, settings)
    return response


@router.post("/api/accounts/me/password", status_code=204, dependencies=[SameSite])
async def change_password(body: NewPassword, account: SignedIn, request: Request) -> Response:
    """A new password (the present one confirms it); other browsers are signed out."""
    await accounts.change_password(database(request), account, session_id(request) or "",
                                   body.password, body.new_password)
    return Response(status_code=204)


@router.delete("/api/accounts/me", status_code=204, dependencies=[SameSite])
async def delete_account(body: Confirm, account: SignedIn, request: Request,
                         settings: SiteSettings) -> Response:
    """Delete the account (its password confirms it): its games stay, under "deleted
    player"; its name may be taken again."""
    await accounts.delete(database(request), account, body.password)
    response = Response(status_code=204)
    clear_session_cookie(response, request, settings)
    return response

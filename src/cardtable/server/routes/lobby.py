"""The lobby's HTTP API and WebSocket: seeks posted, listed, taken, read and withdrawn,
quick pairing, and the live list (``/api/lobby/ws``).

A player is the signed-in account, or without one a player key: a secret the first post
or take makes, kept in the ``ct.player`` cookie (HttpOnly) and sent back by programs as
``Authorization: Bearer <key>``. Only its SHA-256 is stored, as the seek's owner.

Taking a seek makes the table with :func:`.tables.open_table`, the taker in its creator's
seat and the owner in the other, claimed with a fresh token that only the owner fetches
(``GET /api/seeks/{id}``, with the owner's key or session); the owner's lobby sockets
are told ``paired`` at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response, WebSocket, WebSocketDisconnect
from starlette.requests import HTTPConnection

from cardtable.server.cluster.lobbybus import LocalBus, RedisBus
from cardtable.server.live.seats import digest, secret
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import ApiError
from cardtable.server.protocol.models import CreateTable, TableInfo
from cardtable.server.protocol.seeks import (
    Lobby,
    Paired,
    PostedSeek,
    PostSeek,
    QuickAnswer,
    QuickPair,
    SeekInfo,
    SeekState,
    TakeSeek,
)
from cardtable.server.routes.deps import Manager, SiteSettings, at_owner, set_seat_cookie
from cardtable.server.routes.signedin import (
    MaybeAccount,
    acting_account,
    bind_seat,
    database,
    same_site,
    session_id,
)
from cardtable.server.routes.tables import check_turn_based_room, open_table
from cardtable.server.routes.throttle import RATE_LIMITED, Limiter, RateLimited, client_key, limited
from cardtable.server.services import accounts
from cardtable.server.services.accounts import Account
from cardtable.server.services.lobbyhub import Hub, Watcher, encode
from cardtable.server.services.seeks import LobbyRules, Player, Seeks, public

router = APIRouter()

PLAYER_COOKIE = "ct.player"
"""An anonymous player's key (a dot: no table's seat cookie has one)."""
COOKIE_DAYS = 30
QUICK_TRIES = 3
"""Quick pairing tries this many waiting seeks (others may take them first) before it
posts one of its own."""


# --- the lobby's services, from start-up to shutdown ---------------------------------


async def start(app: FastAPI, settings: Settings) -> None:
    """The hub of this process's lobby sockets, the bus between processes (Redis when the
    site has it), and the seeks' service with its sweeper."""
    hub = Hub()
    bus: LocalBus | RedisBus = (
        RedisBus(settings.redis_url, settings.redis_prefix, hub.deliver)
        if settings.redis_url is not None else LocalBus(hub.deliver))
    await bus.start()
    seeks = Seeks(app.state.manager.db, bus, hub,
                  LobbyRules(seek_seconds=settings.seek_seconds, max_open=settings.max_seeks))
    hub.on_resync = lambda: seeks.spawn(seeks.resync())
    seeks.start()
    app.state.lobby_bus, app.state.seeks = bus, seeks


async def stop(app: FastAPI) -> None:
    await app.state.seeks.close()
    await app.state.lobby_bus.close()


def _seeks(connection: HTTPConnection) -> Seeks:
    found: Seeks = connection.app.state.seeks
    return found


# --- who is asking -------------------------------------------------------------------


def player_key(connection: HTTPConnection) -> str | None:
    auth = connection.headers.get("authorization")
    if auth and auth.lower().startswith("bearer "):
        key: str | None = auth[7:].strip() or None
        return key
    cookie: str | None = connection.cookies.get(PLAYER_COOKIE)
    return cookie


def identify(connection: HTTPConnection, account: Account | None, name: str | None,
             response: Response | None = None) -> tuple[Player, str | None]:
    """The player asking, and the new key made for them (None: they had one, or an
    account). Without ``response`` nobody gets a new key."""
    if account is not None:
        return Player(f"account:{account.id}", account, account.name), None
    key = player_key(connection)
    fresh = None
    if key is None:
        if response is None:
            raise ApiError(401, "no-player", "post or take a seek first (no player key)")
        key = fresh = secret()
        settings: Settings = connection.app.state.settings
        response.set_cookie(PLAYER_COOKIE, key, max_age=COOKIE_DAYS * 86400, httponly=True,
                            samesite="lax", secure=settings.secure_cookies)
    return Player(digest(key), None, name or ""), fresh


# --- the HTTP API --------------------------------------------------------------------


@router.post("/api/seeks", status_code=201, response_model=PostedSeek, tags=["lobby"],
             dependencies=[limited("seeks")])
async def post_seek(body: PostSeek, request: Request, response: Response,
                    signed_in: MaybeAccount) -> PostedSeek:
    """Post a seek: it waits in the lobby for a taker (see PROTOCOL.md for its refusals)."""
    account = acting_account(request, signed_in)
    player, key = identify(request, account, body.name, response)
    if body.clock is not None and "days" in body.clock.model_dump():
        await check_turn_based_room(request, account)
    row = await _seeks(request).post(player, body)
    return PostedSeek(seek=SeekInfo(**public(row, player.owner)), key=key)


@router.get("/api/lobby", response_model=Lobby, tags=["lobby"])
async def lobby(request: Request, signed_in: MaybeAccount, game: str | None = None) -> Lobby:
    """The open seeks, the oldest first (``game``: of that game only)."""
    owner = _owner(request, signed_in)
    rows = await _seeks(request).listed(game, owner)
    return Lobby(seeks=[SeekInfo(**row) for row in rows])


def _owner(connection: HTTPConnection, account: Account | None) -> str | None:
    if account is not None and same_site(connection):
        return f"account:{account.id}"
    key = player_key(connection)
    return digest(key) if key else None


@router.get("/api/seeks/{seek_id}", response_model=SeekState, tags=["lobby"])
async def get_seek(seek_id: str, request: Request, response: Response, settings: SiteSettings,
                   manager: Manager, signed_in: MaybeAccount) -> SeekState:
    """A seek and its state; to its owner, once paired, the table with their seat and token
    (also set as the table's cookie)."""
    seeks = _seeks(request)
    row = await seeks.find(seek_id)
    owner = _owner(request, signed_in)
    answer = SeekState(seek=SeekInfo(**public(row, owner)), state=row["state"],
                       ended=row["ended"])
    if row["table_id"] is not None:
        table = await manager.view(row["table_id"])
        answer.table = TableInfo(**table.info()) if table is not None else None
        if owner == row["owner"] and row["owner_token"] is not None:
            answer.seat, answer.token = row["owner_seat"], row["owner_token"]
            answer.link = _link(request, row["table_id"], row["owner_token"])
            set_seat_cookie(response, row["table_id"], row["owner_token"], settings)
    return answer


@router.delete("/api/seeks/{seek_id}", status_code=204, tags=["lobby"])
async def withdraw(seek_id: str, request: Request, signed_in: MaybeAccount) -> Response:
    """Withdraw one's own open seek."""
    player, _ = identify(request, acting_account(request, signed_in), None)
    await _seeks(request).withdraw(seek_id, player)
    return Response(status_code=204)


@router.post("/api/seeks/{seek_id}/accept", status_code=201, response_model=Paired,
             tags=["lobby"], dependencies=[limited("seeks")])
async def accept(seek_id: str, request: Request, response: Response, manager: Manager,
                 settings: SiteSettings, signed_in: MaybeAccount,
                 body: TakeSeek | None = None) -> Paired:
    """Take a seek: the table is made at once, the taker seated (seat and token here,
    and as the table's cookie), the owner told."""
    account = acting_account(request, signed_in)
    player, _ = identify(request, account, body.name if body else None, response)
    seeks = _seeks(request)
    if "days" in ((await seeks.find(seek_id))["clock"] or {}):
        await check_turn_based_room(request, account)
    row = await seeks.take(seek_id, player)
    return await _pair(request, response, manager, settings, row, player)


async def _pair(request: Request, response: Response, manager: Manager, settings: Settings,
                row: dict[str, Any], taker: Player) -> Paired:
    """The taken seek's table: the taker creates it, the owner's seat is claimed for them."""
    seeks = _seeks(request)
    owner_seat = secrets.randbelow(2)
    taker_seat = 1 - owner_seat
    body = CreateTable.model_validate({
        "game": row["game"], "variants": [row["variant"]] if row["variant"] else [],
        "seats": [{"kind": "human"}, {"kind": "human"}], "creator_seat": taker_seat,
        "creator_name": taker.name or None, "rated": row["rated"], "clock": row["clock"],
    })
    try:
        table, token, invites = await open_table(body, request, manager, taker.account)
    except BaseException:  # refused before any table: the seek is open again
        await seeks.reopen(row)
        raise
    try:
        assert token is not None
        owner_token = secret()
        await at_owner(request, manager, table, "claim", {
            "seat": owner_seat, "invite_hash": digest(invites[owner_seat]),
            "token_hash": digest(owner_token), "name": row["name"] or None})
        if row["account_id"] is not None:
            await bind_seat(request, table.id, owner_seat,
                            Account(row["account_id"], row["name"]))
    except BaseException:
        await seeks.failed(row)
        raise
    await seeks.paired(row, table.id, owner_seat, owner_token)
    set_seat_cookie(response, table.id, token, settings)
    info = TableInfo(**(await manager.view(table.id) or table).info())
    return Paired(table=info, seat=taker_seat, token=token,
                  link=_link(request, table.id, token))


def _link(request: Request, table_id: str, token: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/t/{table_id}?key={token}"


@router.post("/api/lobby/quick", status_code=201, response_model=QuickAnswer, tags=["lobby"],
             dependencies=[limited("seeks")])
async def quick(body: QuickPair, request: Request, response: Response, manager: Manager,
                settings: SiteSettings, signed_in: MaybeAccount) -> QuickAnswer:
    """"Play a person": take the oldest waiting seek of the same game, clock and kind
    (rated: a seeker within 300 of one's rating), or post one and wait for a taker."""
    seeks = _seeks(request)
    account = acting_account(request, signed_in)
    player, key = identify(request, account, body.name, response)
    clock = body.clock.model_dump() if body.clock is not None else None
    if clock is not None and "days" in clock:
        await check_turn_based_room(request, account)
    for _ in range(QUICK_TRIES):
        row = await seeks.compatible(player, body.game, clock, body.rated)
        if row is None:
            break
        with contextlib.suppress(ApiError):
            taken = await seeks.take(row["id"], player)
            paired = await _pair(request, response, manager, settings, taken, player)
            return QuickAnswer(paired=paired, waiting=0, key=key)
    posted = await seeks.post(player, PostSeek.model_validate(body.model_dump()))
    waiting = len(await seeks.listed(body.game, None)) - 1
    return QuickAnswer(seek=SeekInfo(**public(posted, player.owner)), waiting=waiting, key=key)


# --- the live list -------------------------------------------------------------------


@router.websocket("/api/lobby/ws")
async def lobby_socket(websocket: WebSocket, game: str | None = None) -> None:
    """The open seeks (``lobby``), then each change: ``seek`` (new), ``gone`` (taken,
    withdrawn, ended), and to the owner's sockets ``paired``. A client may send ``ping``."""
    await websocket.accept()
    limiter: Limiter = websocket.app.state.limiter
    address = client_key(websocket)
    try:
        await limiter.check("sockets", address)
        with limiter.socket(address):
            await _serve(websocket, game)
    except RateLimited as exc:
        await websocket.send_json({"type": "error", "code": exc.code, "message": exc.message})
        await websocket.close(RATE_LIMITED, reason=exc.code)


async def _serve(websocket: WebSocket, game: str | None) -> None:
    seeks = _seeks(websocket)
    account = None
    if same_site(websocket):
        account = await accounts.current(database(websocket), session_id(websocket))
    owner = _owner(websocket, account)
    watcher = Watcher(owner, game)
    seeks.hub.add(watcher)
    if owner is not None:
        await seeks.arrived(owner)
    try:
        rows = await seeks.listed(game, owner)
        await websocket.send_text(encode({"type": "lobby", "seeks": rows}))
        sender = asyncio.get_running_loop().create_task(_send(websocket, watcher))
        try:
            while True:
                if _is_ping(await websocket.receive_text()):
                    watcher.put(encode({"type": "pong"}))
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
    finally:
        seeks.hub.remove(watcher)
        if owner is not None:
            seeks.left(owner)


def _is_ping(text: str) -> bool:
    """A client's ``{"type": "ping"}`` (anything else it sends is ignored)."""
    if len(text) > 100:
        return False
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "ping"


async def _send(websocket: WebSocket, watcher: Watcher) -> None:
    while True:
        text = await watcher.queue.get()
        if text is None:
            await websocket.close(4408, reason="too-slow")
            return
        await websocket.send_text(text)

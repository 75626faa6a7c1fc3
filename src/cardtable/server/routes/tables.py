"""The tables' HTTP API: the games on offer, a new table, a table's state, taking a seat,
playing again. Live play is the WebSocket's (:mod:`.websocket`)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from cardtable.games.registry import find_game, game_ids
from cardtable.server.cluster.ownership import TableManager
from cardtable.server.live.hooks import bot_names, hooks_for, variant_names
from cardtable.server.live.seats import digest, secret
from cardtable.server.live.tables import LiveTable, TableSpec
from cardtable.server.protocol.models import (
    CLAIM_SEAT_1,
    TABLE_LINKS,
    ClaimSeat,
    CreatedTable,
    CreateTable,
    GameSummary,
    Links,
    SeatToken,
    TableInfo,
    links,
    seat_token,
)
from cardtable.server.protocol.validation import GameNumber, SeatNumber
from cardtable.server.routes.deps import (
    Manager,
    SiteSettings,
    at_owner,
    find_table,
    set_seat_cookie,
)
from cardtable.server.routes.signedin import (
    MaybeAccount,
    acting_account,
    bind_seat,
    check_rated,
    check_rated_seat,
    database,
    make_rated,
)
from cardtable.server.routes.throttle import limited
from cardtable.server.services import turns
from cardtable.server.services.accounts import Account

router = APIRouter()


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


@router.get("/api/games", response_model=list[GameSummary], tags=["games"])
async def games() -> list[GameSummary]:
    result = []
    for gid in game_ids():
        game = find_game(gid)
        hooks = hooks_for(gid)
        result.append(GameSummary(
            id=gid, name=game.name, variants=variant_names(gid),
            computer_players=list(bot_names(gid)),
            signals=hooks.offers_signals,
        ))
    return result


@router.post("/api/tables", status_code=201, response_model=CreatedTable, tags=["tables"],
             dependencies=[limited("tables")],
             responses={201: links("table_id", "$response.body#/table/id", *TABLE_LINKS,
                                   claim_seat_1=CLAIM_SEAT_1)})
async def create_table(body: CreateTable, request: Request, response: Response,
                       manager: Manager, settings: SiteSettings,
                       signed_in: MaybeAccount) -> CreatedTable:
    account = acting_account(request, signed_in)
    table, token, invites = await open_table(body, request, manager, account)
    if token is not None:
        set_seat_cookie(response, table.id, token, settings)
    return CreatedTable(
        table=TableInfo(**table.info()), seat=body.creator_seat if token else None,
        token=token, invites=invites, links=_links(request, table, token, invites),
    )


async def open_table(body: CreateTable, request: Request, manager: TableManager,
                     account: Account | None) -> tuple[LiveTable, str | None, dict[int, str]]:
    """A new table as ``body`` asks, its creator's seat the account's: the one way a table
    of people is made (``POST /api/tables``, and the lobby when a seek is taken)."""
    check_rated(body, account)
    if body.clock is not None and "days" in body.clock.model_dump():
        await check_turn_based_room(request, account)
    spec = TableSpec(
        game=body.game, options=body.options, variants=body.variants,
        seats=[s.model_dump() for s in body.seats] if body.seats is not None else None,
        creator_seat=body.creator_seat,
        creator_name=account.name if account else body.creator_name,
        match_wins=body.match_wins, match_games=body.match_games,
        takeover_after=body.takeover_after,
        spectators=body.spectators,
        start=body.start.model_dump() if body.start is not None else None,
        hints=body.hints,
        clock=body.clock.model_dump() if body.clock is not None else None,
    )
    table, token, invites = await manager.create(spec)
    if token is not None and body.creator_seat is not None:
        await bind_seat(request, table.id, body.creator_seat, account)
    if body.rated:
        await make_rated(request, table)
    return table, token, invites


async def check_turn_based_room(request: Request, account: Account | None) -> None:
    """``too-many-turn-based`` (409) when the player (the account and this browser's
    seats) already has the most turn-based games open that one may have."""
    await turns.check_room(database(request), request.app.state.settings.max_turn_based,
                           account.id if account else None, request.cookies)


@router.get("/api/tables/{table_id}", response_model=TableInfo, tags=["tables"])
async def get_table(table_id: str, manager: Manager) -> TableInfo:
    table = await find_table(manager, table_id)
    return TableInfo(**table.info())


@router.post("/api/tables/{table_id}/seats/{seat}", response_model=SeatToken, tags=["seats"],
             dependencies=[limited("seats")])
async def claim(table_id: str, seat: SeatNumber, body: ClaimSeat, request: Request,
                response: Response, manager: Manager, settings: SiteSettings,
                signed_in: MaybeAccount) -> SeatToken:
    """Take an open seat with its invite; the seat token comes back (and as a cookie).
    Signed in, the seat is the account's, under its name."""
    table = await find_table(manager, table_id)
    account = acting_account(request, signed_in)
    await check_rated_seat(request, table, account)
    if "days" in (table.time_control or {}):
        await check_turn_based_room(request, account)
    token = secret()
    await at_owner(request, manager, table, "claim", {
        "seat": seat, "invite_hash": digest(body.invite), "token_hash": digest(token),
        "name": account.name if account else body.name})
    await bind_seat(request, table.id, seat, account)
    set_seat_cookie(response, table.id, token, settings)
    base = str(request.base_url).rstrip("/")
    return SeatToken(table=table.id, seat=seat, token=token,
                     link=f"{base}/t/{table.id}?key={token}")


@router.post("/api/tables/{table_id}/again", response_model=TableInfo, tags=["tables"])
async def again(table_id: str, request: Request, manager: Manager,
                game_no: GameNumber | None = None) -> TableInfo:
    """Play again (the next game of the match, or a new match) with the same seats;
    ``game_no``: the game you saw end (if the next one has begun, nothing more happens)."""
    table = await find_table(manager, table_id)
    token = seat_token(request.headers, request.cookies, table_id)
    info = await at_owner(request, manager, table, "again", {
        "token_hash": digest(token) if token else None, "game_no": game_no})
    return TableInfo(**info)

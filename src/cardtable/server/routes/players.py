"""People's pages in data (``GET /api/players/{name}``) and a signed-in player's way back
to a seat the account holds, from any browser (``POST /api/tables/{id}/return``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field

from cardtable.server.live.seats import digest, secret
from cardtable.server.protocol.errors import ApiError
from cardtable.server.protocol.models import SeatToken
from cardtable.server.routes.deps import (
    Manager,
    SiteSettings,
    at_owner,
    find_table,
    set_seat_cookie,
)
from cardtable.server.routes.signedin import SameSite, SignedIn, database
from cardtable.server.services import players
from cardtable.server.storage import accounts as stored

router = APIRouter(tags=["accounts"])


class Opponent(BaseModel):
    name: str
    kind: str = Field(..., description="human or computer")
    level: str | None = Field(None, description="a computer player's level")


class PlayedGame(BaseModel):
    table: str
    game: str
    game_no: int
    seat: int
    opponents: list[Opponent]
    result: str | None = Field(..., description="win, loss or draw for this player")
    rated: bool
    rating_change: int | None = Field(None, description="points won or lost (rated games)")
    finished_at: float = Field(..., description="Unix time")


class Rating(BaseModel):
    rating: int
    deviation: int
    games: int
    provisional: bool


class Player(BaseModel):
    name: str
    ratings: dict[str, Rating] = Field(..., description="by game family")
    games: list[PlayedGame] = Field(..., description="the newest first, a page of 20")
    page: int
    more: bool = Field(..., description="whether an older page follows")


@router.get("/api/players/{name}", response_model=Player)
async def player(name: str, request: Request,
                 page: int = Query(0, ge=0, le=10_000)) -> dict[str, Any]:
    """A player's ratings and finished games (with the computer too), paged."""
    return await players.profile(database(request), name, page)


@router.post("/api/tables/{table_id}/return", response_model=SeatToken,
             dependencies=[SameSite])
async def take_back(table_id: str, account: SignedIn, request: Request, response: Response,
                    manager: Manager, settings: SiteSettings) -> SeatToken:
    """The seat this account holds at the table, in this browser: a new seat token (and
    cookie); the token it had before stops working."""
    table = await find_table(manager, table_id)
    seat = await database(request).run(stored.seat_of, table.id, account.id)
    if seat is None:
        raise ApiError(404, "no-seat", "your account holds no seat at this table")
    token = secret()
    await at_owner(request, manager, table, "rebind", {"seat": seat,
                                                       "token_hash": digest(token)})
    set_seat_cookie(response, table.id, token, settings)
    base = str(request.base_url).rstrip("/")
    return SeatToken(table=table.id, seat=seat, token=token,
                     link=f"{base}/t/{table.id}?key={token}")

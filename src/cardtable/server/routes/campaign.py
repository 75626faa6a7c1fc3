"""The Tower campaign's HTTP API: groups, rides entered by hand, rides on the site.

Thin: each route reads its body, asks the campaign service (:mod:`cardtable.server.services.groups`,
which stores and judges groups and rides) and the table service, and answers with links
and cookies.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from cardtable.games.paternoster import campaign as tower
from cardtable.server.protocol.models import GROUP_LINKS, TABLE_LINKS, Strict, links
from cardtable.server.protocol.validation import Count, GroupName, PlayerName
from cardtable.server.routes.deps import Manager, SiteSettings, set_seat_cookie
from cardtable.server.routes.throttle import limited
from cardtable.server.services import groups
from cardtable.server.services.groups import GroupInfo

router = APIRouter(tags=["campaign"])


class CreateGroup(Strict):
    name: GroupName = Field(..., examples=["The Millers"])


class EnterRide(Strict):
    """A ride played with real cards, entered by hand."""

    floor: int = Field(..., ge=1, le=len(tower.FLOORS), description="the floor, 1 to 12",
                       examples=[1])
    players: int = Field(2, ge=1, le=5, description="how many played (1 to 5)")
    cards_left: Count = Field(..., description="cards not played: hands plus draw pile")
    passengers_delivered: Count = Field(0, description="passengers delivered (floors with "
                                                       "passengers)")
    lost: bool = Field(False, description="the team lost outright (a passenger, a fire or a "
                                          "command)")


class StartRide(Strict):
    """Ride a floor on the site: the group's players take the first seats, computer players
    (the simple team) the others."""

    floor: int = Field(..., ge=1, le=len(tower.FLOORS), examples=[1])
    players: int = Field(2, ge=1, le=5)
    humans: int = Field(1, ge=1, le=5, description="seats for the group's members (the first "
                                                   "is yours, the others get invite links)")
    name: PlayerName | None = Field(None, description="your name at the table")


class StartedRide(BaseModel):
    table: str
    link: str = Field(..., description="your seat at the table (a private link)")
    invites: dict[int, str] = Field(default_factory=dict,
                                    description="one link per other member's seat")


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


@router.post("/api/groups", status_code=201, response_model=GroupInfo,
             dependencies=[limited("groups")],
             responses={201: links("token", "$response.body#/token", *GROUP_LINKS)})
async def create_group(body: CreateGroup, request: Request, response: Response,
                       manager: Manager, settings: SiteSettings) -> GroupInfo:
    """A new group; its link (with the share token) goes to every member."""
    row = await groups.create_group(manager.db, body.name)
    groups.remember(response, request.cookies, row["token"], settings.secure_cookies)
    return groups.group_json(_base(request), row)


@router.get("/api/groups/{token}", response_model=GroupInfo)
async def get_group(token: str, request: Request, manager: Manager) -> GroupInfo:
    """The group: every floor with its best stars and whether it is open, every ride."""
    return groups.group_json(_base(request), await groups.group_or_404(manager.db, token))


@router.post("/api/groups/{token}/rides", status_code=201, response_model=GroupInfo,
             dependencies=[limited("rides")])
async def enter_ride(token: str, body: EnterRide, request: Request,
                     manager: Manager) -> GroupInfo:
    """A ride played with real cards: impossible results are refused (422) with the reason,
    a floor the group has not opened yet too (409)."""
    row = await groups.enter_ride(manager.db, token, body.floor, body.players,
                                  body.cards_left, body.passengers_delivered, body.lost)
    return groups.group_json(_base(request), row)


@router.post("/api/groups/{token}/tables", status_code=201, response_model=StartedRide,
             dependencies=[limited("tables")],
             responses={201: links("table_id", "$response.body#/table", *TABLE_LINKS)})
async def start_ride(token: str, body: StartRide, request: Request, response: Response,
                     manager: Manager, settings: SiteSettings) -> StartedRide:
    """Ride a floor on the site: a Paternoster table with the floor's rules; when its game
    ends the ride is recorded for the group."""
    spec = await groups.ride_table(manager.db, token, body.floor, body.players, body.humans,
                                   body.name)
    table, seat_token, invites = await manager.create(spec)
    assert seat_token is not None
    set_seat_cookie(response, table.id, seat_token, settings)
    base = _base(request)
    return StartedRide(
        table=table.id, link=f"{base}/t/{table.id}?key={seat_token}",
        invites={s: f"{base}/t/{table.id}?seat={s}&invite={i}" for s, i in invites.items()})

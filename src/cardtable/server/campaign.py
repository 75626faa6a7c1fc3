"""The Tower campaign on the server (issue 9): groups, rides and their HTTP API.

A group is a named team shared by a link that holds its secret token
(``/g/<token>``); whoever has the link may enter rides and start tables for
the group. A ride is either entered by hand (a game with real cards, checked
by :func:`cardtable.games.paternoster.campaign.validate_ride`) or played on
the site: a Paternoster table with the floor's options whose settings name
the group and floor; the move that ends a game of that table is committed
together with its ride (:func:`cardtable.server.rides.site_ride`, judged by
``from_outcome``), so a crash cannot lose one without the other.

The browser remembers the groups it knows in the ``ct_groups`` cookie (share
tokens joined by ``.``), which the Score tab reads.

Decisions where the issue is silent: every game of a campaign table is a
ride (``again`` rides the floor again); a floor that is closed cannot be
entered by hand or started on the site (409); a ride entered by hand may say
the team lost (no stars).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from cardtable.games.paternoster import campaign as tower
from cardtable.server import store
from cardtable.server.protocol import GROUP_LINKS, TABLE_LINKS, Strict, links
from cardtable.server.validation import Count, GroupName, PlayerName

if TYPE_CHECKING:
    from cardtable.server.tables import TableManager

GROUPS_COOKIE = "ct_groups"
MAX_REMEMBERED = 12
COOKIE_DAYS = 365
COMPUTER = "simple"
"""The computer players that fill a campaign table's other seats (the tuning team)."""

router = APIRouter(tags=["campaign"])


# --- models ------------------------------------------------------------------------------


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


class FloorInfo(BaseModel):
    number: int
    id: str
    name: dict[str, str] = Field(..., description="in English and German")
    rules: dict[str, str]
    goal: int = Field(..., description="at most this many cards left")
    goal_text: dict[str, str]
    tokens: int = Field(..., description="emergency tokens")
    passengers: int
    players: list[int]
    best_stars: int = Field(..., description="0 to 3, the group's best ride of this floor")
    cleared: bool
    open: bool = Field(..., description="whether the group may ride it (the first always, "
                                        "any other once the floor below is cleared)")


class RideInfo(BaseModel):
    id: int
    floor: int
    players: int
    cards_left: int
    passengers_delivered: int
    lost: bool
    stars: int
    cleared: bool
    source: str = Field(..., description="'site' (played here) or 'hand' (entered by hand)")
    table: str | None = Field(None, description="the table of a ride played on the site")
    game_no: int | None = None
    created_at: float = Field(..., description="when it was recorded (Unix seconds)")


class GroupInfo(BaseModel):
    name: str
    token: str = Field(..., description="the secret share token: anyone with it may add rides")
    link: str = Field(..., description="the group's page: share it with the group")
    created_at: float
    stars: int
    max_stars: int
    floors: list[FloorInfo]
    rides: list[RideInfo]


class StartedRide(BaseModel):
    table: str
    link: str = Field(..., description="your seat at the table (a private link)")
    invites: dict[int, str] = Field(default_factory=dict,
                                    description="one link per other member's seat")


# --- helpers -----------------------------------------------------------------------------


def _api_error(status: int, code: str, message: str) -> Exception:
    from cardtable.server.errors import ApiError

    return ApiError(status, code, message)


def _rides(rows: list[dict[str, Any]]) -> list[tower.Ride]:
    return [tower.Ride(r["floor"], r["players"], r["cards_left"], r["passengers_delivered"],
                       r["stars"], r["cleared"], r["lost"]) for r in rows]


def group_json(base: str, row: dict[str, Any]) -> GroupInfo:
    """Everything the Score tab and the group page show about a group."""
    rides = _rides(row["rides"])
    best = tower.best_stars(rides)
    done = tower.cleared_floors(rides)
    opened = set(tower.open_floors(done))
    floors = []
    for f in tower.FLOORS:
        j = f.to_json()
        floors.append(FloorInfo(
            number=f.number, id=f.id, name=j["name"], rules=j["rules"], goal=f.goal,
            goal_text=j["goal_text"], tokens=f.tokens, passengers=f.passengers,
            players=list(f.players), best_stars=best.get(f.number, 0),
            cleared=f.number in done, open=f.number in opened,
        ))
    return GroupInfo(
        name=row["name"], token=row["token"], link=f"{base}/g/{row['token']}",
        created_at=row["created_at"], stars=tower.total_stars(best),
        max_stars=tower.TOTAL_STARS, floors=floors,
        rides=[RideInfo(id=r["id"], floor=r["floor"], players=r["players"],
                        cards_left=r["cards_left"],
                        passengers_delivered=r["passengers_delivered"], lost=r["lost"],
                        stars=r["stars"], cleared=r["cleared"], source=r["source"],
                        table=r["table_id"], game_no=r["game_no"],
                        created_at=r["created_at"]) for r in row["rides"]],
    )


def remembered(cookies: Any) -> list[str]:
    """The share tokens this browser knows (newest last)."""
    raw: str = cookies.get(GROUPS_COOKIE) or ""
    return [t for t in raw.split(".") if t and len(t) <= 64 and t.replace("-", "").replace(
        "_", "").isalnum()][-MAX_REMEMBERED:]


def remember(response: Response, cookies: Any, token: str, secure: bool = False) -> None:
    tokens = [t for t in remembered(cookies) if t != token] + [token]
    response.set_cookie(GROUPS_COOKIE, ".".join(tokens[-MAX_REMEMBERED:]),
                        max_age=COOKIE_DAYS * 86400, samesite="lax", httponly=True,
                        secure=secure)


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


async def load_group(manager: TableManager, token: str) -> dict[str, Any] | None:
    if not token or len(token) > 64:
        return None
    row: dict[str, Any] | None = await manager.db.run(store.find_group, token)
    return row


async def _group_or_404(request: Request, token: str) -> dict[str, Any]:
    row = await load_group(_manager(request), token)
    if row is None:
        raise _api_error(404, "unknown-group", "there is no group with this link")
    return row


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _check_open(row: dict[str, Any], floor: int) -> None:
    done = tower.cleared_floors(_rides(row["rides"]))
    if not tower.floor_open(floor, done):
        below = tower.find_floor(floor - 1)
        raise _api_error(409, "floor-closed",
                         f"floor {floor} ({tower.find_floor(floor).en}) is still locked: "
                         f"it opens once the group clears floor {below.number} ({below.en})")


# --- routes ------------------------------------------------------------------------------


@router.post("/api/groups", status_code=201, response_model=GroupInfo,
             responses={201: links("token", "$response.body#/token", *GROUP_LINKS)})
async def create_group(body: CreateGroup, request: Request, response: Response) -> GroupInfo:
    """A new group; its link (with the share token) goes to every member."""
    name = body.name
    token = secrets.token_urlsafe(12)
    group_id = secrets.token_urlsafe(9)
    created = await _manager(request).db.run(store.create_group, group_id, name, token)
    remember(response, request.cookies, token, request.app.state.settings.secure_cookies)
    return group_json(_base(request), {"id": group_id, "name": name, "token": token,
                                       "created_at": created, "rides": []})


@router.get("/api/groups/{token}", response_model=GroupInfo)
async def get_group(token: str, request: Request) -> GroupInfo:
    """The group: every floor with its best stars and whether it is open, every ride."""
    return group_json(_base(request), await _group_or_404(request, token))


@router.post("/api/groups/{token}/rides", status_code=201, response_model=GroupInfo)
async def enter_ride(token: str, body: EnterRide, request: Request) -> GroupInfo:
    """A ride played with real cards: impossible results are refused (422) with the reason,
    a floor the group has not opened yet too (409)."""
    row = await _group_or_404(request, token)
    try:
        ride = tower.validate_ride(body.floor, body.players, body.cards_left,
                                   body.passengers_delivered, lost=body.lost)
    except tower.CampaignError as exc:
        raise _api_error(422, "impossible-ride", str(exc)) from None
    _check_open(row, ride.floor)
    db = _manager(request).db
    await db.run(store.add_ride, row["id"], {**ride.to_json(), "source": "hand",
                                             "table_id": None, "game_no": None})
    return group_json(_base(request), await _group_or_404(request, token))


@router.post("/api/groups/{token}/tables", status_code=201, response_model=StartedRide,
             responses={201: links("table_id", "$response.body#/table", *TABLE_LINKS)})
async def start_ride(token: str, body: StartRide, request: Request,
                     response: Response) -> StartedRide:
    """Ride a floor on the site: a Paternoster table with the floor's rules; when its game
    ends the ride is recorded for the group."""
    from cardtable.server.tables import TableSpec

    row = await _group_or_404(request, token)
    try:
        floor = tower.find_floor(body.floor)
        tower.floor_options(floor, body.players)
    except tower.CampaignError as exc:
        raise _api_error(422, "impossible-ride", str(exc)) from None
    if body.humans > body.players:
        raise _api_error(422, "bad-seats", f"{body.humans} members cannot sit at a table of "
                                           f"{body.players}")
    _check_open(row, floor.number)
    seats: list[dict[str, Any]] = [{"kind": "human"}] * body.humans + [
        {"kind": "computer", "strength": COMPUTER}] * (body.players - body.humans)
    spec = TableSpec(
        game="paternoster", options={**floor.options, "players": body.players}, variants=[],
        seats=seats, creator_seat=0, creator_name=body.name, match_wins=None,
        takeover_after=None, spectators=True,
        campaign={"group": row["id"], "floor": floor.number},
    )
    table, seat_token, invites = await _manager(request).create(spec)
    assert seat_token is not None
    settings = request.app.state.settings
    response.set_cookie(f"ct_{table.id}", seat_token, max_age=30 * 86400, httponly=True,
                        samesite="lax", secure=settings.secure_cookies)
    base = _base(request)
    return StartedRide(
        table=table.id, link=f"{base}/t/{table.id}?key={seat_token}",
        invites={s: f"{base}/t/{table.id}?seat={s}&invite={i}" for s, i in invites.items()})

"""The Tower campaign's service: groups and their rides, stored and judged.

A group is a named team shared by a link that holds its secret token
(``/g/<token>``); whoever has the link may enter rides and start tables for
the group. A ride is either entered by hand (a game with real cards, checked
by :func:`cardtable.games.paternoster.campaign.validate_ride`) or played on
the site: a Paternoster table with the floor's options whose settings name
the group and floor; the move that ends a game of that table is committed
together with its ride (:func:`cardtable.server.live.rides.site_ride`, judged by
``from_outcome``), so a crash cannot lose one without the other.

The browser remembers the groups it knows in the ``ct_groups`` cookie (share
tokens joined by ``.``), which the Score tab reads.

Decisions where the issue is silent: every game of a campaign table is a
ride (``again`` rides the floor again); a floor that is closed cannot be
entered by hand or started on the site (409); a ride entered by hand may say
the team lost (no stars).

The HTTP routes are :mod:`cardtable.server.routes.campaign`; the site's Score tab and group page
(:mod:`cardtable.web.pages`) read groups here too.
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import Response
from pydantic import BaseModel, Field

from cardtable.games.paternoster import campaign as tower
from cardtable.server.live.tables import TableSpec
from cardtable.server.protocol.errors import ApiError
from cardtable.server.storage import store
from cardtable.server.storage.db import Database
from cardtable.web.catalogue import translate

GROUPS_COOKIE = "ct_groups"
MAX_REMEMBERED = 12
COOKIE_DAYS = 365
COMPUTER = "simple"
"""The computer players that fill a campaign table's other seats (the tuning team)."""


# --- what a group shows ------------------------------------------------------------------


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
        j = f.to_json(translate)
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


# --- the groups a browser knows ----------------------------------------------------------


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


# --- storage and the campaign's rules ----------------------------------------------------


async def load_group(db: Database, token: str) -> dict[str, Any] | None:
    if not token or len(token) > 64:
        return None
    row: dict[str, Any] | None = await db.run(store.find_group, token)
    return row


async def group_or_404(db: Database, token: str) -> dict[str, Any]:
    row = await load_group(db, token)
    if row is None:
        raise ApiError(404, "unknown-group", "there is no group with this link")
    return row


async def create_group(db: Database, name: str) -> dict[str, Any]:
    """A new group with a fresh share token (and no rides yet)."""
    token = secrets.token_urlsafe(12)
    group_id = secrets.token_urlsafe(9)
    created = await db.run(store.create_group, group_id, name, token)
    return {"id": group_id, "name": name, "token": token, "created_at": created, "rides": []}


def _check_open(row: dict[str, Any], floor: int) -> None:
    done = tower.cleared_floors(_rides(row["rides"]))
    if not tower.floor_open(floor, done):
        below = tower.find_floor(floor - 1)
        raise ApiError(409, "floor-closed",
                       f"floor {floor} ({tower.find_floor(floor).name}) is still locked: "
                       f"it opens once the group clears floor {below.number} ({below.name})")


async def enter_ride(db: Database, token: str, floor: int, players: int, cards_left: int,
                     passengers_delivered: int, lost: bool) -> dict[str, Any]:
    """Store a ride played with real cards; refuse an impossible one (422) or one of a floor
    the group has not opened yet (409). The group as it is afterwards."""
    row = await group_or_404(db, token)
    try:
        ride = tower.validate_ride(floor, players, cards_left, passengers_delivered, lost=lost)
    except tower.CampaignError as exc:
        raise ApiError(422, "impossible-ride", str(exc)) from None
    _check_open(row, ride.floor)
    await db.run(store.add_ride, row["id"], {**ride.to_json(), "source": "hand",
                                             "table_id": None, "game_no": None})
    return await group_or_404(db, token)


async def ride_table(db: Database, token: str, floor_no: int, players: int, humans: int,
                     name: str | None) -> TableSpec:
    """The table that rides a floor on the site: the group's members take the first seats,
    computer players (the simple team) the others."""
    row = await group_or_404(db, token)
    try:
        floor = tower.find_floor(floor_no)
        tower.floor_options(floor, players)
    except tower.CampaignError as exc:
        raise ApiError(422, "impossible-ride", str(exc)) from None
    if humans > players:
        raise ApiError(422, "bad-seats", f"{humans} members cannot sit at a table of "
                                         f"{players}")
    _check_open(row, floor.number)
    seats: list[dict[str, Any]] = [{"kind": "human"}] * humans + [
        {"kind": "computer", "strength": COMPUTER}] * (players - humans)
    return TableSpec(
        game="paternoster", options={**floor.options, "players": players}, variants=[],
        seats=seats, creator_seat=0, creator_name=name, match_wins=None,
        takeover_after=None, spectators=True,
        campaign={"group": row["id"], "floor": floor.number},
    )

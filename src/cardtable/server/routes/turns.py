"""``GET /api/me/turns``: the tables where it is the player's turn (the signed-in
account's seats and this browser's), for the home page's list and the site's notices."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cardtable.games.registry import find_game
from cardtable.server.routes.signedin import MaybeAccount, acting_account, database
from cardtable.server.services import turns

router = APIRouter(tags=["tables"])


class YourTurn(BaseModel):
    table: str
    game: str
    name: str = Field(..., description="the game's name")
    seat: int = Field(..., description="your seat there")
    deadline: float = Field(..., description="Unix time your turn's time runs out")
    time_control: dict[str, int] = Field(..., description="{minutes, increment} or {days}")
    opponents: list[str] = Field(default_factory=list, description="the other seats' names")
    link: str = Field(..., description="the table's page")


class YourTurns(BaseModel):
    turns: list[YourTurn] = Field(..., description="the soonest deadline first")


@router.get("/api/me/turns", response_model=YourTurns)
async def your_turns(request: Request, signed_in: MaybeAccount) -> YourTurns:
    """Tables with a time control (turn-based or a chess clock) where one of your seats is
    to act: the signed-in account's seats and the seats this browser holds (their
    cookies). Without either, an empty list."""
    account = acting_account(request, signed_in)
    found = await turns.your_turns(database(request), account.id if account else None,
                                   request.cookies)
    return YourTurns(turns=[
        YourTurn(**entry, name=find_game(entry["game"]).name, link=f"/t/{entry['table']}")
        for entry in found])

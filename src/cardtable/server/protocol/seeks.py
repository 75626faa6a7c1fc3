"""The JSON shapes of the lobby: seeks posted and taken over HTTP, and the lobby
WebSocket's messages (PROTOCOL.md, "The lobby")."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from cardtable.server.protocol.models import ClockSpec, Strict, TableInfo, _game_enum
from cardtable.server.protocol.validation import PlayerName


class PostSeek(Strict):
    game: str = Field(..., max_length=32, examples=["duel"], json_schema_extra=_game_enum)
    variant: str | None = Field(None, max_length=40,
                                description="one named variant (see /api/games); null: standard")
    rated: bool = Field(False, description="rated: only signed-in people post and take it")
    clock: ClockSpec | None = Field(None, description="the table's time control; null: none")
    name: PlayerName | None = Field(None, description="without an account: the name shown")


class QuickPair(Strict):
    """"Play a person": take the oldest waiting seek that fits, or post this one."""

    game: str = Field(..., max_length=32, examples=["duel"], json_schema_extra=_game_enum)
    rated: bool = False
    clock: ClockSpec | None = None
    name: PlayerName | None = None


class TakeSeek(Strict):
    name: PlayerName | None = Field(None, description="without an account: the name shown")


class SeekInfo(BaseModel):
    id: str
    game: str
    variant: str | None
    rated: bool
    clock: dict[str, int] | None = Field(..., description="{minutes, increment} or {days}")
    name: str = Field(..., description="the seeker's name ('' for an anonymous one)")
    rating: int | None = Field(..., description="the seeker's rating in this game, signed in")
    created_at: float
    expires_at: float = Field(..., description="Unix time the seek ends unless taken")
    mine: bool = Field(False, description="posted by you")


class PostedSeek(BaseModel):
    seek: SeekInfo
    key: str | None = Field(
        None, description="without an account, the first time: your player key (also set "
                          "as the ct.player cookie); send it as Authorization: Bearer")


class Lobby(BaseModel):
    seeks: list[SeekInfo]


class Paired(BaseModel):
    table: TableInfo
    seat: int
    token: str = Field(..., description="your seat token (also set as cookie)")
    link: str = Field(..., description="a private link to your seat")


class SeekState(BaseModel):
    """A seek as its reader may see it; its owner gets the table, seat and token once it
    is paired."""

    seek: SeekInfo
    state: Literal["open", "paired", "ended"]
    ended: str | None = Field(None, description="why it ended: paired, withdrawn, expired, "
                                                "left, took-another, failed")
    table: TableInfo | None = None
    seat: int | None = None
    token: str | None = None
    link: str | None = None


class QuickAnswer(BaseModel):
    """Either paired at once (``paired``), or waiting with a seek of one's own."""

    paired: Paired | None = None
    seek: SeekInfo | None = None
    waiting: int = Field(..., description="seeks of this game open now, besides yours")
    key: str | None = None


"""The JSON shapes of the HTTP API and the WebSocket, as pydantic models.

FastAPI turns the HTTP models into the OpenAPI document (``/openapi.json``,
browsable at ``/docs``); the WebSocket models are listed there too under
``/api/protocol`` and described in ``PROTOCOL.md`` beside this file.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field
from pydantic import Strict as StrictMode
from typing_extensions import TypedDict  # pydantic needs this one on Python 3.11

from cardtable.games.registry import game_ids
from cardtable.server.protocol.validation import (
    MAX_WHY_MOVES,
    GameNumber,
    PlayerName,
    SeatNumber,
    Version,
)

TABLE_ID = r"^[A-Za-z0-9_-]{1,32}$"


class Strict(BaseModel):
    """What clients send: no unknown fields, and strict types (``true`` is no number,
    ``"5"`` no integer), over HTTP and on the WebSocket alike."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _game_enum(schema: dict[str, Any]) -> None:
    """The schema lists the games (any other is refused as ``unknown-game``)."""
    schema["enum"] = list(game_ids())


# --- HTTP ----------------------------------------------------------------------------


def links(parameter: str, expression: str, *operation_ids: str,
          **more: dict[str, Any]) -> dict[str, Any]:
    """OpenAPI links from an answer to the operations its id opens (``more``: named links
    of their own): a reader sees where to go next, and the schema's stateful fuzzing
    reaches a real table or group."""
    found = {op: {"operationId": op, "parameters": {parameter: expression}}
             for op in operation_ids}
    return {"links": {**found, **more}}


CLAIM_SEAT_1 = {
    "operationId": "claim_api_tables__table_id__seats__seat__post",
    "parameters": {"table_id": "$response.body#/table/id", "seat": 1},
    "requestBody": {"invite": "$response.body#/invites/1"},
    "description": "seat 1 with its invite, when the table has one open",
}


TABLE_LINKS = ("get_table_api_tables__table_id__get",
               "game_list_api_tables__table_id__games_get",
               "record_api_tables__table_id__record_get",
               "again_api_tables__table_id__again_post")
GROUP_LINKS = ("get_group_api_groups__token__get", "enter_ride_api_groups__token__rides_post",
               "start_ride_api_groups__token__tables_post")


class SeatSpec(Strict):
    kind: Literal["human", "computer"] = "human"
    strength: str | None = Field(
        None, max_length=32,
        description="computer seats: the computer player's name (see /api/games), "
                    "default the game's strongest")
    name: PlayerName | None = Field(None, description="shown to the other players")


class StartPosition(Strict):
    """A record's deal and its first moves: the table plays on from there. Every seat but
    the creator's must be a computer player (nobody is dealt a prepared game unawares)."""

    deal: dict[str, Any] = Field(..., description="the game's deal, as records hold it")
    # A JSON pair arrives as a list: the pair itself is read laxly, its seat and text strictly.
    moves: list[Annotated[tuple[SeatNumber, Annotated[str, Field(max_length=80)]],
                          StrictMode(False)]] = Field(
        default_factory=list, max_length=400, description="[seat, \"move\"] pairs to replay")


class ChessClock(Strict):
    """A chess clock for people: each player's minutes for the whole game, and seconds
    added after each of their own moves (duel, Duel 52, MateBeta)."""

    minutes: int = Field(..., ge=1, le=60, examples=[5])
    increment: int = Field(0, ge=0, le=60, examples=[3],
                           description="seconds added after each own move")


class DaysClock(Strict):
    """Turn-based play for people: the days each turn may take (any game)."""

    days: Literal[1, 2, 3, 7]


ClockSpec = Annotated[ChessClock | DaysClock, Field(
    description="a time control for a table of people (every seat a person): "
                "{minutes, increment} or {days}; a game or table it does not fit is "
                "refused as bad-clock (PROTOCOL.md)")]


class CreateTable(Strict):
    game: str = Field(..., max_length=32, examples=["duel"], json_schema_extra=_game_enum)
    options: dict[str, Any] = Field(
        default_factory=dict, description="the game's flat options object ({} is standard)")
    variants: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, max_length=20,
        description="variant names, as `cardtable play --variant` takes them")
    seats: list[SeatSpec] | None = Field(
        None, max_length=16, description="one entry per seat; default: all human")
    creator_seat: SeatNumber | None = Field(
        0, description="the seat the creator takes (null: the creator only watches)")
    creator_name: PlayerName | None = None
    match_games: int | None = Field(
        None, ge=1, le=99, description="MateBeta: a match of 2 or 4 games, the higher total of "
                                       "points wins (default 2)")
    match_wins: int | None = Field(
        None, ge=0, le=99,
        description="a match ends when a seat has this many wins (default: the game's rule; "
                    "0: no match, single games)")
    takeover_after: float | None = Field(
        None, ge=0, le=86400,
        description="seconds a human seat may stay disconnected before a computer player "
                    "takes it until they return (null: never)")
    spectators: bool = Field(True, description="whether anyone with the link may watch")
    start: StartPosition | None = Field(
        None, description="play on from a record's position (against the computer only)")
    hints: bool | None = Field(
        None, description="MateBeta: whether the players may ask for the exact best move "
                          "(default: yes when no other person sits at the table)")
    rated: bool = Field(False, description="a rated game between signed-in people (duel, "
                                           "Team duel, Duel 52, MateBeta; no computer seat, "
                                           "no hints, no start position)")
    clock: ClockSpec | None = None


class Links(BaseModel):
    table: str = Field(..., description="the table's page (spectators)")
    private: str | None = Field(None, description="the creator's own seat: keep it secret")
    invites: dict[int, str] = Field(default_factory=dict,
                                    description="one link per open seat: send each to a player")
    websocket: str


class SeatInfo(BaseModel):
    seat: int
    kind: str
    name: str
    strength: str | None
    taken: bool
    connected: bool
    substitute: bool = Field(..., description="a computer plays while the human is away")


class MatchScore(TypedDict):
    """The match at the table; "again" after the match is decided starts the next one."""

    wins: list[int]
    games: Annotated[int, Field(description="games of this match played so far")]
    draws: int
    wins_needed: Annotated[int | None, Field(
        description="a seat (a team) with this many wins takes the match; null: no such rule")]
    over: bool
    match_no: int
    games_needed: NotRequired[Annotated[int, Field(
        description="MateBeta: the match is this many games, won on total points")]]
    points: NotRequired[Annotated[list[int], Field(description="MateBeta: points so far")]]


class TurnClock(TypedDict):
    """A turn clock (Hourglass): when it runs out the server plays ``timeout`` for ``seat``."""

    seat: int
    deadline: Annotated[float, Field(description="Unix time")]
    remaining: Annotated[float, Field(description="seconds left, as of the last change")]


class PlayerClocks(TypedDict):
    """A chess clock: every seat's time left, and the seat whose clock runs (its time is
    ``deadline`` minus now; the others' stand still)."""

    seat: int | None
    deadline: Annotated[float | None, Field(description="Unix time the running seat's "
                                                        "time runs out")]
    remaining: Annotated[float | None, Field(description="the running seat's seconds left, "
                                                         "as of the last change")]
    left: Annotated[list[float], Field(description="each seat's seconds left, as of the "
                                                   "last change")]
    increment: Annotated[float, Field(description="seconds added when a seat's turn passes")]


class Stopwatch(TypedDict):
    """Real-time play (Blitz duel): the time since the game began."""

    started: Annotated[float, Field(description="Unix time the game began (stored)")]
    elapsed: Annotated[float, Field(description="seconds, as of the last change")]


class Rematch(TypedDict):
    """The open offer of the next game at a table of people."""

    offers: list[int]
    """The seats that offered (or accepted) it."""
    declined: int | None
    """The seat that turned the last offer down."""


class TableInfo(BaseModel):
    id: str
    game: str
    name: str
    options: dict[str, Any]
    status: Literal["waiting", "playing", "finished"]
    game_no: int
    version: int
    seats: list[SeatInfo]
    match: MatchScore
    outcome: dict[str, Any] | None
    clock: PlayerClocks | TurnClock | Stopwatch | None
    spectators: bool
    takeover_after: float | None
    created_at: float
    hints: bool = Field(False, description="MateBeta: whether the players may ask for hints")
    rated: bool = Field(False, description="whether the table's games are rated")
    rematch: Rematch | None = Field(None, description="the open offer of the next game, if "
                                                      "any (as in the state message)")
    time_control: dict[str, int] | None = Field(
        None, description="the table's clock as created: {minutes, increment} or {days}")


class CreatedTable(BaseModel):
    table: TableInfo
    seat: int | None
    token: str | None = Field(None, description="the creator's seat token (also set as cookie)")
    invites: dict[int, str] = Field(default_factory=dict, description="invite secrets by seat")
    links: Links


class ClaimSeat(Strict):
    invite: str = Field(..., max_length=100)
    name: PlayerName | None = None


class SeatToken(BaseModel):
    table: str
    seat: int
    token: str = Field(..., description="the seat token (also set as cookie): only you hold it")
    link: str = Field(..., description="a private link back to this seat")


class GameSummary(BaseModel):
    id: str
    name: str
    variants: dict[str, str]
    computer_players: list[str]
    signals: bool


class GameEntry(BaseModel):
    game_no: int
    outcome: dict[str, Any] | None
    started_at: float
    finished_at: float | None


class SignalEntry(TypedDict):
    after_move: int
    seat: int
    signal: str


class GameRecord(BaseModel):
    """A finished game as a record (DESIGN.md): ``cardtable replay`` replays the file."""

    game: str
    options: dict[str, Any]
    deal: dict[str, Any] = Field(..., description="the game's deal, secret until its end")
    moves: list[tuple[int, str]] = Field(..., description="[seat, move text], in order")
    outcome: dict[str, Any]
    table: str
    game_no: int
    started_at: float
    finished_at: float | None
    signals: list[SignalEntry] | None = Field(
        None, description="only in games with signals: each signal after that many moves")


class ErrorDetail(BaseModel):
    code: str
    message: str
    rule: str | None = Field(None, description="the rule that refused a move, or the "
                             "game's name for a combination of options it refuses "
                             "(bad-options)")
    values: dict[str, int | str] | None = Field(
        None, description="the numbers the refused combination names (bad-options)")


class ErrorBody(BaseModel):
    error: ErrorDetail


# --- WebSocket: client to server -----------------------------------------------------


class MoveMessage(Strict):
    type: Literal["move"]
    move: str = Field(..., max_length=200, examples=["play 9D up"])
    version: Version = Field(..., description="the table version the move was chosen at")
    seat: SeatNumber | None = Field(None, description="optional; must be the connection's "
                                                      "own seat")


class SignalMessage(Strict):
    type: Literal["signal"]
    signal: str = Field(..., max_length=64, examples=["help up"])


class AgainMessage(Strict):
    type: Literal["again"]
    game_no: GameNumber | None = Field(
        None, description="the game you saw end: if the next one has begun meanwhile (another "
                          "seat asked first), this 'again' is done, not refused")


class ResignMessage(Strict):
    """The seat gives up the game: its side loses (Paternoster: the team stops the ride);
    a rated game is rated so. Refused (``game-over``) once the game is over."""

    type: Literal["resign"]


class AbortMessage(Strict):
    """End the game before its second move: no result, never rated (``too-late`` after)."""

    type: Literal["abort"]


class DeclineMessage(Strict):
    """Turn down the next game another seat offered (at a table of two or more people
    ``again`` is an offer the others accept with their own ``again``); ``no-offer``
    without one."""

    type: Literal["decline"]


class WhyMessage(Strict):
    """Why would these moves be refused? Nothing is played (a tap on a card that no legal
    move uses asks this); answered with a ``why`` message."""

    type: Literal["why"]
    moves: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        ..., min_length=1, max_length=MAX_WHY_MOVES, examples=[["play 7H up1", "play 7H down1"]])


class PingMessage(Strict):
    type: Literal["ping"]


class SyncMessage(Strict):
    type: Literal["sync"]


ClientMessage = Annotated[
    MoveMessage | SignalMessage | AgainMessage | PingMessage | SyncMessage | WhyMessage
    | ResignMessage | AbortMessage | DeclineMessage,
    Field(discriminator="type"),
]


# --- WebSocket: server to client -----------------------------------------------------


class MoveEvent(TypedDict):
    """A move, first of the events it led to; a move text that would name a hidden card
    is replaced by its public description (``hidden``: true)."""

    kind: Literal["move"]
    seat: int
    move: str
    by: Literal["seat", "computer", "substitute", "clock"]
    v: Annotated[int, Field(description="the version the move led to")]
    hidden: NotRequired[Literal[True]]


class SignalEvent(TypedDict):
    kind: Literal["signal"]
    seat: int
    signal: str
    v: int


class GameStartEvent(TypedDict):
    """The next game at the table began ("again"); ``by`` is the seat that asked."""

    kind: Literal["game-start"]
    game_no: int
    by: int | None
    v: int


class CampaignFloor(TypedDict):
    """The Tower campaign floor a ride's table plays (Paternoster)."""

    number: int
    name: dict[str, str]
    goal: int
    goal_text: dict[str, str]
    stars: NotRequired[Annotated[int, Field(description="once the ride ended: 0 to 3")]]
    cleared: NotRequired[Annotated[bool, Field(description="once the ride ended")]]


class StateMessage(BaseModel):
    type: Literal["state"]
    table: str
    game: str
    game_no: int
    version: int = Field(..., description="send this with your next move")
    seat: int | None = Field(..., description="your seat; null for a spectator")
    status: Literal["waiting", "playing", "finished"]
    observation: dict[str, Any] = Field(
        ..., description="Observation.to_json() of your seat, with 'legal': your moves now, "
                         "and 'losing': those that lose the game at once, with the rule's id")
    events: list[MoveEvent | SignalEvent | GameStartEvent | dict[str, Any]] = Field(
        ..., description="public events since your last message, each with 'v': the version; "
                         "besides moves, signals and game starts, the engine's own events "
                         "(Event.to_json(): kind, seat and the event's data)")
    seen: int = Field(..., description="events of this game you have now; pass as ?seen= "
                                       "when reconnecting")
    seats: list[SeatInfo]
    clock: PlayerClocks | TurnClock | Stopwatch | None
    outcome: dict[str, Any] | None = Field(..., description="Outcome.to_json() once the game "
                                                            "ended")
    match: MatchScore
    signals: list[str] | None = Field(
        None, description="seats of games with signals only: the signal texts allowed")
    campaign: CampaignFloor | None = Field(
        None, description="only at the table of a Tower campaign ride: its floor")
    hints: bool | None = Field(
        None, description="MateBeta: true when the table allows hints (GET .../hint)")
    rated: bool | None = Field(None, description="true when the table's games are rated")
    abortable: bool | None = Field(
        None, description="true while the game may be aborted (before its second move): "
                          "'abort' ends it without a result")
    rematch: Rematch | None = Field(
        None, description="a finished game at a table of two or more people: the offer of "
                          "the next game (each person's 'again' offers or accepts it; "
                          "'decline' turns it down)")


PARTS = ("what a refused move's reason names, in the notation, for a page to say it in its "
         "own words: card, top, led, cards, pile, owner, seat (from 0), lane (from 1), "
         "place, n, cause")


class ErrorMessage(BaseModel):
    type: Literal["error"]
    code: str = Field(..., examples=["illegal", "stale", "duplicate", "bad-json"])
    message: str
    rule: str | None = None
    parts: dict[str, int | str | list[str]] | None = Field(None, description=PARTS)
    version: int | None = None


class WhyAnswer(TypedDict):
    """One move of a ``why`` question: legal, or refused as a move would be."""

    move: str
    legal: bool
    code: NotRequired[Annotated[str, Field(description="the error code a move would get")]]
    message: NotRequired[Annotated[str, Field(description="the reason, in the rules' words")]]
    rule: NotRequired[Annotated[str, Field(description="the rule that refuses it")]]
    parts: NotRequired[Annotated[dict[str, int | str | list[str]], Field(description=PARTS)]]


class WhyReply(BaseModel):
    type: Literal["why"]
    version: int = Field(..., description="the table version the moves were judged at")
    answers: list[WhyAnswer] = Field(..., description="one per move asked, in order")


class PongMessage(BaseModel):
    type: Literal["pong"]
    version: int


class ProtocolDoc(BaseModel):
    """The WebSocket messages: ``GET /api/protocol`` serves this model's JSON Schema."""

    client: MoveMessage | SignalMessage | AgainMessage | PingMessage | SyncMessage | WhyMessage
    server: StateMessage | ErrorMessage | PongMessage | WhyReply


class ProtocolAnswer(BaseModel):
    """``GET /api/protocol``: the WebSocket messages' JSON Schema and PROTOCOL.md."""

    schema_: dict[str, Any] = Field(
        ..., alias="schema", description="the JSON Schema of ProtocolDoc: `client` is any "
                                         "message a client sends, `server` any it receives")
    doc: str = Field(..., description="PROTOCOL.md: how the pieces fit (Markdown)")


def seat_token(headers: Any, cookies: Any, table_id: str) -> str | None:
    """A seat's token: ``Authorization: Bearer <token>``, else the table's ``ct_<id>``
    cookie (the browser's)."""
    auth = headers.get("authorization")
    if auth and auth.lower().startswith("bearer "):
        token: str | None = auth[7:].strip()
        return token
    cookie: str | None = cookies.get(f"ct_{table_id}")
    return cookie

"""Watching a finished game again, and reviews by estimate.

* ``POST /api/replay`` with ``{"record", "seat"}``: every step of the record as that
  seat saw it (``seat: null``: the spectator), each the engine's observation for
  that seat after so many moves and the public events of the move that led there.
* ``GET /api/tables/{id}/replay?game_no=N&seat=S``: the same for a table's game.
* ``POST /api/review`` with ``{"record", "seat", "deals", "seed"}``: the strong computer
  player's estimate at each decision of a Paternoster Duel or Duel 52 seat, streamed
  as lines of JSON (progress, then the review), judged decision by decision in the heavy
  work's pool (:mod:`cardtable.server.routes.heavy`), within its time; ``deals`` at most what the
  site's page asks for.

Hidden cards stay hidden: a step holds exactly ``observation(seat)``, never the state.
Who may watch a table's game is who may fetch its record (:func:`finished_record`):
anyone with the table's address once the game is over, since the record shows every
card anyway, except at a table without spectators: its players only (a seat's token);
a running game is refused.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import Field

from cardtable.engine import IllegalMove, Observation, Outcome, Record, RecordError, State
from cardtable.games.registry import find_game
from cardtable.server.live import ending
from cardtable.server.live.hooks import hooks_for
from cardtable.server.protocol.errors import ApiError
from cardtable.server.protocol.models import Strict, seat_token
from cardtable.server.protocol.validation import GameNumber, SeatNumber
from cardtable.server.routes.analysis import RecordBody
from cardtable.server.routes.deps import Manager, find_table
from cardtable.server.routes.heavy import RESPONSES, Job, heavy_of
from cardtable.server.routes.throttle import limited
from cardtable.server.storage import store
from cardtable.signals import Signals
from cardtable.sim import estimate

if TYPE_CHECKING:
    from cardtable.server.cluster.ownership import TableManager
    from cardtable.server.live.tables import LiveTable

router = APIRouter(tags=["replay"])

MAX_MOVES = 4000
MAX_SIGNALS = 4000


class WatchRecord(RecordBody):
    """A record as the site writes it; ``signals`` (games with signals) are shown too."""

    moves: list[Any] = Field(default_factory=list, max_length=MAX_MOVES)
    signals: list[Any] = Field(default_factory=list, max_length=MAX_SIGNALS)
    outcome: dict[str, Any] | None = Field(
        None, description="the record's outcome: shown when the moves do not finish the game "
                          "(it was resigned, aborted or lost on time); else the moves decide")


class WatchBody(Strict):
    record: WatchRecord
    seat: SeatNumber | None = Field(None, description="whose view (null: the spectator's)")


class ReviewBody(Strict):
    record: WatchRecord
    seat: SeatNumber = Field(0, description="whose decisions to judge")
    deals: int | None = Field(None, ge=1, le=estimate.MAX_SITE_DEALS,
                              description="deals of the unseen cards per decision (default: "
                                          f"the game's, {estimate.DEALS}; at most "
                                          f"{estimate.MAX_SITE_DEALS} here, the command line's "
                                          "`cardtable analyze` takes more)")
    seed: int = Field(estimate.SEED, ge=0, le=2**31 - 1)


def bad(message: str) -> ApiError:
    return ApiError(422, "bad-record", message)


def _signals(raw: list[Any]) -> list[tuple[int, int, str]]:
    """A record's signals, as the site writes them (``{"after_move", "seat", "signal"}``)
    or as the engine logs them (``[after_move, seat, pile, kind or null]``)."""
    found = []
    for i, item in enumerate(raw):
        if (isinstance(item, dict) and isinstance(item.get("after_move"), int)
                and isinstance(item.get("seat"), int) and isinstance(item.get("signal"), str)):
            found.append((item["after_move"], item["seat"], item["signal"]))
        elif (isinstance(item, list) and len(item) == 4 and isinstance(item[0], int)
              and isinstance(item[1], int) and isinstance(item[2], str)
              and (item[3] is None or isinstance(item[3], str))):
            found.append((item[0], item[1], f"{item[3] or 'clear'} {item[2]}"))
        else:
            raise bad(f"signal {i + 1} must be {{\"after_move\", \"seat\", \"signal\"}}, "
                      f"not {json.dumps(item)[:60]}")
    return sorted(found, key=lambda s: s[0])


def _view(state: State, seat: int | None) -> dict[str, Any]:
    from cardtable.server.live.wire import observation_json

    return observation_json(state.observation(seat), may_move=False)


def steps(data: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Every step of a record as ``seat`` saw it; errors name the problem or the move."""
    try:
        record = Record.from_json(data)
        game = find_game(record.game)
    except RecordError as exc:
        raise bad(f"this is not a game record: {exc}") from None
    except KeyError as exc:
        raise bad(str(exc.args[0])) from None
    try:
        state = game.new(record.options, deal=record.deal)
    except ValueError as exc:
        raise bad(f"the record's options or deal do not fit {game.name}: {exc}") from None
    n = game.seats(state.options)
    if seat is not None and not 0 <= seat < n:
        raise bad(f"there is no seat {seat} in this game (seats 0 to {n - 1})")
    hooks = hooks_for(game.id)
    signals = _signals(data.get("signals") or [])

    def signal_events(upto: int) -> list[dict[str, Any]]:
        shown = []
        while signals and signals[0][0] <= upto:
            _after, who, text = signals.pop(0)
            if isinstance(state, Signals):
                try:
                    state.apply_signal_text(who, text)
                except IllegalMove:
                    continue  # refused by the talking rules: it was never shown
                shown.append({"kind": "signal", "seat": who, "signal": text})
        return shown

    out = [{"events": signal_events(0), "observation": _view(state, seat)}]
    for index, (who, text) in enumerate(record.moves):
        if not 0 <= who < n:
            raise bad(f"move {index + 1} (seat {who}, '{text}'): there is no seat {who}")
        try:
            events = state.play(who, text)
        except IllegalMove as exc:
            raise bad(f"move {index + 1} (seat {who}, '{text}'): {exc.reason}") from None
        public = hooks.public_move(state.history[-1][1])
        move = {"kind": "move", "seat": who, "move": public}
        shown = [move, *(e.to_json() for e in events), *signal_events(index + 1)]
        out.append({"events": shown, "observation": _view(state, seat)})
    outcome: Outcome | None = state.outcome() or _ended_outside_rules(data.get("outcome"), n)
    return {"game": game.id, "options": state.options.to_json(), "seats": n, "seat": seat,
            "steps": out, "outcome": outcome.to_json() if outcome is not None else None}


def _ended_outside_rules(stored: Any, seats: int) -> Outcome | None:
    """A record's outcome that its moves do not reach: a resignation (who resigned, who
    won), an abort or a loss on time; None for anything else."""
    try:
        return ending.from_json(stored if isinstance(stored, dict) else None, seats)
    except (KeyError, TypeError, ValueError):
        return None


def check_may_see(table: LiveTable, token: str | None) -> None:
    """A table without spectators shows its games to its players only (403
    ``no-spectators``): the record holds every hand, which no outsider saw live."""
    if (not table.table_settings.get("spectators", True)
            and table.seat_for_token(token) is None):
        raise ApiError(403, "no-spectators", "this table has no spectators: only its players "
                                             "(with their seat's link or token) may see its "
                                             "games")


async def finished_record(manager: TableManager, table: LiveTable, number: int | None,
                          token: str | None) -> dict[str, Any]:
    """A table's finished game as a record: the one rule for the record's download and
    for watching it again, for whoever may see it (``token``: the request's seat token,
    if any; :func:`check_may_see`). A running game's deal stays secret (409)."""
    check_may_see(table, token)
    number = number if number is not None else table.game_no
    if number == table.game_no and not table.state.is_over() and table.ended is None:
        raise ApiError(409, "not-finished",
                       "the game is still running: its record is there once it ends")
    data: dict[str, Any] | None = await manager.db.run(store.load_game_record, table.id, number)
    if data is None:
        raise ApiError(404, "unknown-game-no", f"this table has no game {number}")
    if data.get("outcome") is None:
        raise ApiError(409, "not-finished", f"game {number} did not finish")
    return data


@router.post("/api/replay", responses=RESPONSES, dependencies=[limited("heavy")])
async def watch_record(body: WatchBody, request: Request) -> dict[str, Any]:
    """Every step of a record as one seat (or the spectator) saw it."""
    result: dict[str, Any] = await heavy_of(request).job(request).run(
        steps, body.record.model_dump(), body.seat)
    return result


@router.get("/api/tables/{table_id}/replay", responses=RESPONSES, dependencies=[limited("heavy")])
async def watch_table(table_id: str, request: Request, manager: Manager,
                      game_no: GameNumber | None = None,
                      seat: SeatNumber | None = None) -> dict[str, Any]:
    """A finished game of the table, step by step, as one seat or the spectator saw it."""
    table = await find_table(manager, table_id)
    data = await finished_record(manager, table, game_no,
                                 seat_token(request.headers, request.cookies, table.id))
    result: dict[str, Any] = await heavy_of(request).job(request).run(steps, data, seat)
    result["game_no"] = data["game_no"]
    return result


def _line(value: dict[str, Any]) -> bytes:
    return (json.dumps(value, ensure_ascii=False) + "\n").encode()


@router.post("/api/review", responses={200: {"content": {"application/x-ndjson": {}}},
                                       **RESPONSES}, dependencies=[limited("heavy")])
async def review_record(body: ReviewBody, request: Request) -> StreamingResponse:
    """A Paternoster Duel or Duel 52 record judged by the strong computer player's
    estimate, one line of JSON per decision judged (``{"done", "total"}``), then
    ``{"review": ...}``, or ``{"error": {"code", "message"}}`` (``too-long``: the time
    ran out). Same record, seat, deals and seed: the same review."""
    try:
        record = Record.from_json(body.record.model_dump())
        estimate.check(record)
        seats = estimate.seats_of(record, [body.seat])
        deals = estimate.check_deals(body.deals or estimate.DEALS[record.game])
    except (RecordError, estimate.ReviewError) as exc:
        raise bad(str(exc)) from None
    job = heavy_of(request).job(request)
    try:
        found, forced = await job.run(estimate.choices, record, seats)
    except estimate.ReviewError as exc:
        raise bad(str(exc)) from None
    judging = _judged(job, estimate.Review(record, seats, deals, body.seed, (), forced), found)
    return StreamingResponse(judging, media_type="application/x-ndjson")


async def _judged(job: Job, review: estimate.Review,
                  found: list[tuple[int, int, Observation, str]]) -> AsyncIterator[bytes]:
    """The review's lines: each decision judged in turn, none once the time is up."""
    yield _line({"done": 0, "total": len(found)})
    judged = []
    for i, (ply, seat, observation, played) in enumerate(found):
        try:
            judged.append(await job.run(estimate.judge, review.record.game, ply, seat,
                                        observation, played, review.deals, review.seed))
        except ApiError as exc:
            yield _line({"error": {"code": exc.code, "message": exc.message}})
            return
        yield _line({"done": i + 1, "total": len(found)})
    yield _line({"review": replace(review, decisions=tuple(judged)).to_json()})

"""MateBeta's exact analysis over HTTP: game reviews, the analysis board, hints.

* ``POST /api/matebeta/review``: a record in, its review out (every move judged).
* ``POST /api/matebeta/position``: a record and a number of its moves in; the position
  after them out, with the exact value of each legal move and the table as a seat
  sees it (what the analysis board draws).
* ``GET /api/tables/{id}/hint``: the best move now for the seat asking, when the
  table allows hints (its owner decided when creating it; off by default whenever
  another person sits at the table).

The solver runs in the heavy work's pool (:mod:`cardtable.server.routes.heavy`: its own
processes, a time limit, one request at a time per client), never on the event loop;
a review takes well under a second or two (``python -m
cardtable.games.matebeta.review_bench``).
A bad record is a 422 whose message names the problem or the move.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cardtable.engine import Record, RecordError
from cardtable.games.matebeta.analysis import AnalysisError, at, position, review
from cardtable.games.matebeta.rules import MateBetaState
from cardtable.games.matebeta.solver import Solver
from cardtable.server.protocol.errors import ApiError
from cardtable.server.protocol.models import TABLE_ID, Strict, seat_token
from cardtable.server.routes.deps import Manager
from cardtable.server.routes.heavy import RESPONSES, heavy_of
from cardtable.server.routes.throttle import limited

router = APIRouter(tags=["analysis"])

MAX_MOVES = 400


class RecordBody(BaseModel):
    """A game record, as ``cardtable`` and the site write them (other fields, such as
    the outcome, are ignored: the moves decide)."""

    game: str = Field(..., max_length=32, examples=["matebeta"])
    options: dict[str, Any] = Field(default_factory=dict)
    deal: dict[str, Any]
    moves: list[Any] = Field(default_factory=list, max_length=MAX_MOVES)


class PositionBody(Strict):
    record: RecordBody
    upto: int | None = Field(None, ge=0, le=MAX_MOVES,
                             description="how many of the record's moves to play (all)")


def _error(status: int, code: str, message: str) -> Exception:
    return ApiError(status, code, message)


def _record(body: RecordBody) -> Record:
    try:
        return Record.from_json(body.model_dump())
    except RecordError as exc:
        raise _error(422, "bad-record", str(exc)) from None


def _review(record: Record) -> dict[str, Any]:
    return review(record, Solver()).to_json()


def _position(record: Record, upto: int | None) -> dict[str, Any]:
    from cardtable.server.live.wire import observation_json

    state = at(record, upto)
    here = position(state, Solver())
    outcome = state.outcome()
    return {"ply": len(state.history), "position": here.to_json(),
            "observation": observation_json(state.observation(here.seat)),
            "outcome": outcome.to_json() if outcome is not None else None}


def _best(state: MateBetaState) -> tuple[list[str], int]:
    analysis = Solver().analyse(state)
    return [m.text for m in analysis.best], analysis.value


async def _solve(request: Request, work: Any, *args: Any) -> Any:
    """``work(*args)`` in the heavy work's pool; a record the solver refuses is a 422."""
    try:
        return await heavy_of(request).job(request).run(work, *args)
    except AnalysisError as exc:
        raise _error(422, "bad-record", str(exc)) from None


@router.post("/api/matebeta/review", responses=RESPONSES, dependencies=[limited("heavy")])
async def review_record(body: RecordBody, request: Request) -> dict[str, Any]:
    """Every move of a MateBeta record judged: the value before and after, the best
    moves, the points given away; the mistakes of each side, biggest first."""
    result: dict[str, Any] = await _solve(request, _review, _record(body))
    return result


@router.post("/api/matebeta/position", responses=RESPONSES, dependencies=[limited("heavy")])
async def analyse_position(body: PositionBody, request: Request) -> dict[str, Any]:
    """The position after the record's first ``upto`` moves: the exact value of each
    legal move, and the table (both hands are open) for the analysis board."""
    result: dict[str, Any] = await _solve(request, _position, _record(body.record), body.upto)
    return result


@router.get("/api/tables/{table_id}/hint", responses=RESPONSES, dependencies=[limited("heavy")])
async def hint(table_id: str, request: Request, manager: Manager) -> dict[str, Any]:
    """The best move or moves for the seat to act, and the value from its side."""
    table = await manager.view(table_id) if re.fullmatch(TABLE_ID, table_id) else None
    if table is None:
        raise _error(404, "unknown-table", f"there is no table '{table_id[:40]}'")
    if not table.table_settings.get("hints"):
        raise _error(403, "no-hints", "this table does not allow hints (its owner decides "
                                      "when creating it)")
    seat = table.seat_for_token(seat_token(request.headers, request.cookies, table_id))
    if seat is None:
        raise _error(401, "no-seat", "only a player at this table may ask for a hint")
    if table.status != "playing" or seat not in table.state.to_act():
        raise _error(409, "not-your-turn", "a hint is for your own turn")
    state, version = table.state.clone(), table.version
    assert isinstance(state, MateBetaState)  # only MateBeta tables allow hints
    best, value = await _solve(request, _best, state)
    return {"version": version, "best": best, "value": value if seat == 0 else -value}

"""A table's records over HTTP: the list of its games, and a finished game's record (to
replay with ``cardtable replay``)."""

from __future__ import annotations

import json

from fastapi import APIRouter, Request, Response

from cardtable.server.protocol.models import GameEntry, GameRecord, seat_token
from cardtable.server.protocol.validation import GameNumber
from cardtable.server.routes.deps import Manager, find_table
from cardtable.server.routes.replay import finished_record
from cardtable.server.storage import store

router = APIRouter(tags=["records"])


@router.get("/api/tables/{table_id}/games", response_model=list[GameEntry])
async def game_list(table_id: str, manager: Manager) -> list[GameEntry]:
    table = await find_table(manager, table_id)
    rows = await manager.db.run(store.game_list, table.id)
    return [GameEntry(**r) for r in rows]


@router.get("/api/tables/{table_id}/record",
            responses={200: {"model": GameRecord, "description": "the record (JSON)"}})
async def record(table_id: str, request: Request, manager: Manager,
                 game_no: GameNumber | None = None, download: bool = False) -> Response:
    """A finished game's record ``{game, options, deal, moves, outcome}``: it replays
    with ``cardtable replay``. A running game's deal stays secret (409)."""
    table = await find_table(manager, table_id)
    data = await finished_record(manager, table, game_no,
                                 seat_token(request.headers, request.cookies, table.id))
    number = data["game_no"]
    headers = {}
    if download:
        headers["content-disposition"] = (
            f'attachment; filename="cardtable-{table.id}-{number}.json"')
    return Response(json.dumps(data, ensure_ascii=False, indent=1),
                    media_type="application/json", headers=headers)

"""The guided first game: a table dealt from the guide's fixed deal.

The page (``/learn/<game>``) asks for the table; the deal stays on the server like any
other table's, and the guide on the table page reads only the seat's observation. Solo
Paternoster is the first guide: nobody else moves, so every rule can be met in turn; in
the other games a learner's different moves meet different answers, so each guide's tips
wait for the moment their rule matters rather than for a fixed move. The table's seed is
the guide's too, so the same moves meet the same game (a lesson can be played again, and
the tests know which tips a learner will meet).
"""

from __future__ import annotations

import random
from typing import Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, Field

from cardtable.games.registry import find_game
from cardtable.server.protocol.models import ErrorBody
from cardtable.server.routes.deps import Manager, SiteSettings, set_seat_cookie
from cardtable.server.routes.throttle import limited

router = APIRouter(tags=["learn"])

GUIDES: dict[str, tuple[dict[str, object], int, list[dict[str, object]]]] = {
    "paternoster": ({"players": 1}, 1, [{"kind": "human"}]),
    "duel": ({}, 11, [{"kind": "human"}, {"kind": "computer", "strength": "simple"}]),
    "duel52": ({}, 1577, [{"kind": "human"}, {"kind": "computer", "strength": "beginner"}]),
    "matebeta": ({}, 372, [{"kind": "human"}, {"kind": "computer", "strength": "beginner"}]),
}
"""Per game with a guide: its options, the seed of its fixed deal and its seats. Seed 1
deals solo Paternoster a hand with two step backs in reach (3♥ 4♥ 5♥); seed 11 lets the
learner start the duel, with 6♦ 7♦ and J♥ Q♥ in hand, against the simple computer. Seed
1577 lets the learner start Duel 52 holding the powers a beginner meets first, Freeze 6♦,
Heal 7♦, Retaliate 8♥, Taunt J♥ and Action A♠, and draw A♥ to pair with it. Seed 372 makes
the computer deal MateBeta: it foreplaces its lone 7♠, so the learner, with four spades and
7♣, meets the dealer's limit, then answers move 1 at once; in 30 games of random moves
against the beginner the learner got to lead in all 30 and had a mate in reach in 29."""

GuideGame = Literal["paternoster", "duel", "duel52", "matebeta"]


class StartedGuide(BaseModel):
    table: str
    link: str = Field(..., description="a private link back to the guided game's seat")


@router.post("/api/learn/{game_id}", status_code=201, response_model=StartedGuide,
             dependencies=[limited("tables")],
             responses={422: {"model": ErrorBody}})
async def start_guide(game_id: GuideGame, response: Response, manager: Manager,
                      settings: SiteSettings) -> StartedGuide:
    """A new guided first game of ``game_id``, on its fixed deal; the seat's cookie is set."""
    from cardtable.server.live.tables import TableSpec

    options, seed, seats = GUIDES[game_id]
    game = find_game(game_id)
    deal = game.random_deal(game.parse_options(options), random.Random(seed))
    spec = TableSpec(game=game_id, options=dict(options), variants=[], seats=list(seats),
                     creator_seat=0, creator_name=None, match_wins=0, takeover_after=None,
                     spectators=False, start={"deal": deal, "moves": []}, seed=seed)
    table, token, _invites = await manager.create(spec)
    assert token is not None
    set_seat_cookie(response, table.id, token, settings)
    return StartedGuide(table=table.id, link=f"/t/{table.id}?key={token}")

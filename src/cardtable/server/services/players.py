"""A person's page in data: the account's ratings and finished games, the newest first.

A game's result for the account's seat is read from the stored outcome: a ``winner``
(a seat, or a side in the Team duel: seat modulo 2), MateBeta's ``points``, or
Paternoster's ride (everyone wins it or loses it together).
"""

from __future__ import annotations

from typing import Any

from cardtable.server.live.rated import PROVISIONAL_GAMES, SCALE
from cardtable.server.protocol.errors import ApiError
from cardtable.server.services import accounts
from cardtable.server.storage import accounts as stored
from cardtable.server.storage.db import Database

PAGE = 20
"""Games per page of a profile."""


def result_for(outcome: dict[str, Any] | None, seat: int) -> str | None:
    """``win``, ``loss`` or ``draw`` for the seat; None when the outcome says nothing."""
    if not outcome:
        return None
    if "winner" in outcome:
        winner = outcome["winner"]
        if winner is None:
            return "draw"
        return "win" if seat % 2 == int(winner) % 2 else "loss"
    if "points" in outcome:
        points = list(outcome["points"])
        mine, best_other = points[seat], max(p for i, p in enumerate(points) if i != seat)
        return "win" if mine > best_other else "loss" if mine < best_other else "draw"
    if "lost" in outcome:
        return "loss" if outcome["lost"] else "win"
    return None


def _opponent(seat: dict[str, Any]) -> dict[str, Any]:
    return {"name": seat["name"], "kind": seat["kind"], "level": seat["strength"]}


def game_row(row: dict[str, Any]) -> dict[str, Any]:
    seat = row["seat"]
    change = row["change"]
    return {
        "table": row["table_id"], "game": row["game"], "game_no": row["number"],
        "seat": seat,
        "opponents": [_opponent(s) for s in row["seats"] if s["seat"] != seat],
        "result": result_for(row["outcome"], seat),
        "rated": change is not None,
        "rating_change": (round((change["mu_after"] - change["mu_before"]) * SCALE)
                          if change else None),
        "finished_at": row["finished_at"],
    }


async def profile(db: Database, name: str, page: int) -> dict[str, Any]:
    """``{"name", "ratings", "games", "page", "more"}``; ``unknown-player`` (404)."""
    found = await accounts.find(db, stored.account_by_name, name) if len(name) <= 80 else None
    if found is None:
        raise ApiError(404, "unknown-player", "there is no player of that name")
    account_id, shown = found
    rows = await db.run(stored.player_games, account_id, page * PAGE, PAGE + 1)
    ratings = await db.run(stored.ratings_of, account_id)
    return {
        "name": shown,
        "ratings": {r["family"]: _rating(r) for r in ratings},
        "games": [game_row(r) for r in rows[:PAGE]],
        "page": page, "more": len(rows) > PAGE,
    }


def _rating(row: dict[str, Any]) -> dict[str, Any]:
    return {"rating": round(row["mu"] * SCALE), "deviation": round(row["sigma"] * SCALE),
            "games": row["games"], "provisional": row["games"] < PROVISIONAL_GAMES}

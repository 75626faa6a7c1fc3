"""Turn-based play for a player: the tables where it is their turn, and the cap on their
open turn-based games.

A player is the signed-in account and the seats this browser holds (its ``ct_<table>``
cookies), so a player without an account sees their turns too.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import Any

from cardtable.server.protocol.errors import ApiError
from cardtable.server.storage import turns as stored
from cardtable.server.storage.db import Database

MAX_COOKIES = 200
"""Seat cookies of one request looked at (a browser rarely holds more)."""
_SEAT_COOKIE = re.compile(r"^ct_([A-Za-z0-9_-]{1,32})$")


def browser_seats(cookies: Mapping[str, str]) -> list[tuple[str, str]]:
    """(table id, token digest) of each seat cookie the browser sent."""
    found = []
    for name, token in cookies.items():
        match = _SEAT_COOKIE.match(name)
        if match and token:
            found.append((match.group(1), hashlib.sha256(token.encode()).hexdigest()))
    return found[:MAX_COOKIES]


async def your_turns(db: Database, account_id: int | None,
                     cookies: Mapping[str, str]) -> list[dict[str, Any]]:
    """The clocked tables where one of the player's seats is to act, soonest first."""
    return await db.run(stored.your_turns, account_id, browser_seats(cookies))


async def check_room(db: Database, limit: int, account_id: int | None,
                     cookies: Mapping[str, str]) -> None:
    """``too-many-turn-based`` (409) when the player already has ``limit`` turn-based
    games open (waiting for a player or running)."""
    count = await db.run(stored.open_turn_based, account_id, browser_seats(cookies))
    if count >= limit:
        raise ApiError(409, "too-many-turn-based",
                       f"you have {count} turn-based games open, the most one player may "
                       f"have is {limit}: finish one first")

"""Seeks: a player's open offer of a game, kept in the database so that every process of a
site lists it and exactly one taker pairs with it.

A seek ends when it is taken (``paired``), withdrawn by its owner, after its time
(``expired``), when its owner takes another seek or is paired by one (``took-another``),
and, for a real-time seek, a few seconds after its owner's last lobby socket closed, at
whichever process (``left``). Every change is published on the lobby's bus, which reaches
the lobby sockets of every process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable.engine import OptionError
from cardtable.games.registry import find_game
from cardtable.server.live import timecontrol
from cardtable.server.live.hooks import hooks_for, merged_options, variant_names
from cardtable.server.live.rated import SCALE, family, why_not_rated
from cardtable.server.protocol.errors import ApiError, Refusal
from cardtable.server.protocol.seeks import PostSeek
from cardtable.server.services.accounts import Account
from cardtable.server.services.lobbyhub import Hub, encode
from cardtable.server.storage import accounts as stored_accounts
from cardtable.server.storage import seeks as stored
from cardtable.server.storage.db import Database

log = logging.getLogger("cardtable.server.seeks")

DAYS_SEEK_SECONDS = 7 * 86400.0
"""A turn-based seek waits this long for a taker."""
LEAVE_GRACE = 5.0
"""Seconds a real-time seek outlives its owner's last lobby socket (a reload reconnects)."""
TOKEN_DAYS = 1.0
"""Days an owner's seat token stays with a paired seek for the owner to fetch."""
RATING_RANGE = 300
"""Quick pairing takes a rated seek whose seeker's rating is at most this far away."""
NEW_RATING = round(25.0 * SCALE)
"""The rating shown for a signed-in player without rated games of that kind yet."""


class Bus(Protocol):
    async def publish(self, message: dict[str, Any]) -> None: ...

    async def arrive(self, owner: str) -> None: ...

    async def depart(self, owner: str) -> None: ...

    async def present(self, owner: str) -> bool: ...


@dataclass(frozen=True)
class LobbyRules:
    """What an operator may tune (``cardtable serve --seek-seconds``, ``--max-seeks``)."""

    seek_seconds: float = 900.0
    """A real-time (or untimed) seek waits this long for a taker."""
    max_open: int = 3
    """Open seeks one player may have at once."""
    sweep_every: float = 2.0


@dataclass(frozen=True)
class Player:
    """Who posts or takes: ``owner`` is ``account:<id>`` or the SHA-256 of the anonymous
    player's key."""

    owner: str
    account: Account | None
    name: str


def public(row: Mapping[str, Any], owner: str | None = None) -> dict[str, Any]:
    """A seek as anyone may read it (``mine`` for its owner)."""
    found = {key: row[key] for key in stored.PUBLIC}
    found["rating"] = None if row["rating"] is None else round(row["rating"])
    found["mine"] = owner is not None and row["owner"] == owner
    return found


def check_seek(game: str, variant: str | None, clock: Mapping[str, Any] | None,
               rated: bool, signed_in: bool) -> None:
    """A seek's game, variant, clock and rating, checked as its table will check them."""
    try:
        rules = find_game(game)
    except KeyError:
        raise ApiError(422, "unknown-game", f"there is no game '{game[:40]}'") from None
    if variant is not None and variant not in variant_names(game):
        raise ApiError(422, "unknown-variant",
                       f"{rules.name} has no variant '{variant[:40]}' (it has: "
                       f"{', '.join(sorted(variant_names(game))) or 'none'})")
    try:
        options = rules.parse_options(merged_options(game, {}, [variant] if variant else []))
    except (OptionError, ValueError) as exc:
        raise ApiError(422, "bad-options", str(exc)) from None
    if rules.seats(options) != 2:
        raise ApiError(422, "not-two-players",
                       "the lobby pairs two players: this game or variant has "
                       f"{rules.seats(options)} seats")
    try:
        timecontrol.checked(clock, rules.name, hooks_for(game), options, ["human", "human"])
    except Refusal as exc:
        raise ApiError(422, exc.code, exc.message) from None
    if rated:
        if not signed_in:
            raise ApiError(403, "sign-in-to-play-rated", "a rated game is for signed-in "
                                                         "players: sign in first")
        reason = why_not_rated(game, ["human", "human"], True, False, None, True)
        if reason is not None:
            raise ApiError(422, "not-rated", reason)


class Seeks:
    """The lobby's seeks of this process's site: posting, taking, ending, listing."""

    def __init__(self, db: Database, bus: Bus, hub: Hub, rules: LobbyRules) -> None:
        self.db = db
        self.bus = bus
        self.hub = hub
        self.rules = rules
        self._tasks: set[asyncio.Task[None]] = set()

    # --- posting and reading ---------------------------------------------------------

    async def rating(self, account: Account | None, game: str) -> float | None:
        if account is None:
            return None
        rows = await self.db.run(stored_accounts.ratings_of, account.id)
        for row in rows:
            if row["family"] == family(game, 2):
                return float(row["mu"]) * SCALE
        return float(NEW_RATING)

    async def post(self, player: Player, body: PostSeek) -> dict[str, Any]:
        """A new open seek, announced; the documented refusals otherwise."""
        clock = body.clock.model_dump() if body.clock is not None else None
        check_seek(body.game, body.variant, clock, body.rated, player.account is not None)
        now = time.time()
        realtime = clock is None or "days" not in clock
        row = {
            "id": secrets.token_urlsafe(12), "game": body.game, "variant": body.variant,
            "rated": body.rated, "clock": clock, "realtime": realtime, "owner": player.owner,
            "account_id": player.account.id if player.account else None,
            "name": player.name, "rating": await self.rating(player.account, body.game),
            "expires_at": now + (self.rules.seek_seconds if realtime else DAYS_SEEK_SECONDS),
        }
        if not await self.db.run(stored.insert, row, now, self.rules.max_open):
            raise ApiError(409, "too-many-seeks",
                           f"you have {self.rules.max_open} open seeks already: withdraw one "
                           "or wait for a taker")
        row["created_at"] = now
        await self.bus.publish({"type": "seek", "seek": public(row), "owner": player.owner})
        return row

    async def listed(self, game: str | None, owner: str | None) -> list[dict[str, Any]]:
        rows = await self.db.run(stored.listed, time.time(), game)
        return [public(row, owner) for row in rows]

    async def find(self, seek_id: str) -> dict[str, Any]:
        row = await self.db.run(stored.get, seek_id) if len(seek_id) <= 32 else None
        if row is None:
            raise ApiError(404, "unknown-seek", f"there is no seek '{seek_id[:40]}'")
        return row

    # --- taking ----------------------------------------------------------------------

    async def take(self, seek_id: str, player: Player) -> dict[str, Any]:
        """The seek, now the taker's (one taker wins); refusals name why not."""
        row = await self.find(seek_id)
        if row["owner"] == player.owner:
            raise ApiError(409, "own-seek", "this is your own seek: wait for someone to take it")
        if row["rated"] and player.account is None:
            raise ApiError(403, "sign-in-to-play-rated", "this game is rated: sign in to play it")
        if not await self.db.run(stored.take, seek_id, player.owner, time.time()):
            await self._refuse_taken(seek_id)
        row.update(state="paired", taker=player.owner)
        return row

    async def _refuse_taken(self, seek_id: str) -> None:
        row = await self.find(seek_id)
        if row["state"] == "paired":
            raise ApiError(409, "seek-taken", "someone else took this seek just now")
        raise ApiError(409, "seek-ended", "this seek has ended "
                                          f"({row['ended'] or 'expired'})")

    async def paired(self, row: Mapping[str, Any], table_id: str, owner_seat: int,
                     owner_token: str) -> None:
        """The taken seek's table exists: kept for its owner, announced; both players'
        other seeks end."""
        now = time.time()
        await self.db.run(stored.paired, row["id"], table_id, owner_seat, owner_token)
        await self.bus.publish({"type": "gone", "ids": [row["id"]], "reason": "paired"})
        await self.bus.publish({"type": "paired", "id": row["id"], "table": table_id,
                                "owner": row["owner"]})
        for owner in (row["owner"], row["taker"]):
            await self._end(now, "took-another", *stored.of_owner(owner, [row["id"]]))

    async def reopen(self, row: Mapping[str, Any]) -> None:
        """The taker was refused before any table was made: the seek is open again (for
        what is left of its time) and announced again."""
        if await self.db.run(stored.reopen, row["id"]):
            found = await self.find(row["id"])
            await self.bus.publish({"type": "seek", "seek": public(found),
                                    "owner": found["owner"]})

    async def failed(self, row: Mapping[str, Any]) -> None:
        await self.db.run(stored.end_failed, row["id"], time.time())
        await self.bus.publish({"type": "gone", "ids": [row["id"]], "reason": "failed"})

    # --- ending ----------------------------------------------------------------------

    async def withdraw(self, seek_id: str, player: Player) -> None:
        row = await self.find(seek_id)
        if row["owner"] != player.owner:
            raise ApiError(403, "not-your-seek", "only the player who posted a seek may "
                                                 "withdraw it")
        if not await self._end(time.time(), "withdrawn", stored.by_id(seek_id)):
            await self._refuse_taken(seek_id)

    async def _end(self, now: float, reason: str, *where: Any) -> list[str]:
        ids = await self.db.run(stored.end, now, reason, *where)
        if ids:
            await self.bus.publish({"type": "gone", "ids": ids, "reason": reason})
        return ids

    async def arrived(self, owner: str) -> None:
        """A lobby socket of the player opened (at this process)."""
        await self.bus.arrive(owner)

    def left(self, owner: str) -> None:
        """A lobby socket of the player closed: their real-time seeks end after a grace,
        unless they have a socket open by then (at any process)."""
        self.spawn(self._leave(owner))

    async def _leave(self, owner: str) -> None:
        await self.bus.depart(owner)
        await asyncio.sleep(LEAVE_GRACE)
        if not await self.bus.present(owner):
            await self._end(time.time(), "left", *stored.of_owner(owner), stored.realtime())

    async def sweep(self) -> None:
        """End the seeks whose time ran out, and forget old owners' tokens: every
        ``sweep_every`` seconds, in every process (one of them reports each seek)."""
        while True:
            await asyncio.sleep(self.rules.sweep_every)
            with contextlib.suppress(Exception):
                now = time.time()
                ids = await self.db.run(stored.expire, now)
                if ids:
                    await self.bus.publish({"type": "gone", "ids": ids, "reason": "expired"})
                await self.db.run(stored.forget_tokens, now - TOKEN_DAYS * 86400)

    def start(self) -> None:
        self.spawn(self.sweep())

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` beside the requests (cancelled at shutdown)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def resync(self) -> None:
        """Every lobby socket of this process gets the whole list again (the bus missed
        changes while Redis was away)."""
        rows = await self.db.run(stored.listed, time.time(), None)
        for watcher in list(self.hub.watchers):
            found = [public(row, watcher.owner) for row in rows
                     if watcher.game in (None, row["game"])]
            watcher.put(encode({"type": "lobby", "seeks": found}))

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # --- quick pairing ---------------------------------------------------------------

    async def compatible(self, player: Player, game: str, clock: Mapping[str, Any] | None,
                         rated: bool) -> dict[str, Any] | None:
        """The oldest open seek of the same game (standard), clock and kind, not the
        player's own, whose seeker's rating is near the player's (rated)."""
        mine = await self.rating(player.account, game) if rated else None
        for row in await self.db.run(stored.listed, time.time(), game):
            if (row["owner"] == player.owner or row["variant"] is not None
                    or row["rated"] != rated or (row["clock"] or None) != (clock or None)):
                continue
            if rated and mine is not None and row["rating"] is not None \
                    and abs(row["rating"] - mine) > RATING_RANGE:
                continue
            return row
        return None

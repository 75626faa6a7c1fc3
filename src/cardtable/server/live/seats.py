"""A table's seats: who holds which (a secret token per seat, an invite per open seat),
who is connected, and the owner's takeover limit for a seat whose player is away."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from cardtable.engine import State
from cardtable.server.live.conns import Conn
from cardtable.server.live.writes import TableWrites
from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage import accounts as accounts_store
from cardtable.server.storage import store
from cardtable.server.storage.db import Database
from cardtable.server.storage.store import Deadline, SeatRow

log = logging.getLogger("cardtable.server.tables")


def secret() -> str:
    return secrets.token_urlsafe(24)


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()



class Seats(TableWrites):
    """The seats of a :class:`cardtable.server.live.tables.LiveTable` (a part of it)."""

    id: str
    db: Database
    seats: list[SeatRow]
    state: State
    status: str
    deadline: Deadline | None
    game_no: int
    started_at: float
    table_settings: dict[str, Any]
    lock: asyncio.Lock
    conns: set[Conn]
    connected: dict[int, int]
    disconnected_since: dict[int, float]
    substitutes: set[int]
    closed: bool
    _timers: list[asyncio.TimerHandle]

    if TYPE_CHECKING:
        @property
        def n_seats(self) -> int: ...

        def changed(self) -> None: ...

        def _deadline_for(self, state: State, status: str, base: int | None = None,
                          left: list[float] | None = None
                          ) -> tuple[Deadline | None, object]: ...

    def seat_for_token(self, token: str | None) -> int | None:
        return self.seat_for_digest(digest(token) if token else None)

    def seat_for_digest(self, hashed: str | None) -> int | None:
        """The seat whose token has this digest (a process that forwards a request to the
        table's owner sends the digest, never the token)."""
        if not hashed:
            return None
        found = None
        for row in self.seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, hashed):
                found = row.seat
        return found

    def seats_json(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.seat, "kind": s.kind, "name": s.name, "strength": s.strength,
                "taken": s.kind == "computer" or s.token_hash is not None,
                "connected": s.kind == "computer" or self.connected.get(s.seat, 0) > 0,
                "substitute": s.seat in self.substitutes,
            }
            for s in self.seats
        ]

    async def claim(self, seat: int, invite: str, name: str | None) -> str:
        """Take an open seat with its invite; the seat's new token."""
        token = secret()
        await self.claim_digest(seat, digest(invite), name, digest(token))
        return token

    async def claim_digest(self, seat: int, invite_hash: str, name: str | None,
                           token_hash: str) -> None:
        """Take an open seat, given the digests of its invite and of the new token (so
        that a claim forwarded from another process carries no secret)."""
        async with self.lock:
            if not 0 <= seat < self.n_seats:
                raise Refusal("no-such-seat", f"there is no seat {seat} at this table")
            row = self.seats[seat]
            if row.kind != "human":
                raise Refusal("not-open", f"seat {seat} is a computer player's")
            if row.token_hash is not None:
                raise Refusal("taken", f"seat {seat} is already taken")
            if row.invite_hash is None or not hmac.compare_digest(row.invite_hash,
                                                                  invite_hash):
                raise Refusal("bad-invite", "this invite does not open that seat")
            name = name or f"Player {seat + 1}"
            open_after = [s for s in self.seats
                          if s.kind == "human" and s.token_hash is None and s.seat != seat]
            status = self.status
            deadline = self.deadline
            started = None
            if status == "waiting" and not open_after:
                status = "finished" if self.state.is_over() else "playing"
                deadline, _key = self._deadline_for(self.state, status)
                started = (self.game_no, time.time())
            ok = await self.write("the seat could not be stored, so it is not yours yet; try "
                                  "again", store.claim_seat, self.id, seat, row.invite_hash,
                                  token_hash, name, status, deadline, started)
            if not ok:
                raise Refusal("taken", f"seat {seat} is already taken")
            row.token_hash, row.invite_hash, row.name = token_hash, None, name
            row.claimed_at = time.time()
            self.status, self.deadline = status, deadline
            if started is not None:
                self.started_at = started[1]
            self.changed()
            log.info("seat taken", extra={"table": self.id, "seat": seat, "status": status})

    async def rebind_digest(self, seat: int, token_hash: str) -> None:
        """A new token for a seat its account takes back (from another browser, after
        signing in there): the seat's old token stops working."""
        async with self.lock:
            if not 0 <= seat < self.n_seats or self.seats[seat].kind != "human":
                raise Refusal("no-such-seat", f"there is no seat {seat} of a person here")
            await self.write("the seat could not be stored; try again",
                             accounts_store.replace_seat_token, self.id, seat, token_hash)
            self.seats[seat].token_hash = token_hash
            self.changed()

    def connect(self, conn: Conn) -> None:
        self.conns.add(conn)
        if conn.seat is not None:
            self.connected[conn.seat] = self.connected.get(conn.seat, 0) + 1
            self.disconnected_since.pop(conn.seat, None)
            self.substitutes.discard(conn.seat)
        self.changed()

    def disconnect(self, conn: Conn) -> None:
        self.conns.discard(conn)
        seat = conn.seat
        if seat is not None:
            self.connected[seat] = self.connected.get(seat, 1) - 1
            if self.connected[seat] <= 0:
                self.connected[seat] = 0
                self._watch_absence(seat)
        if not self.closed:
            self.changed()

    def _watch_absence(self, seat: int) -> None:
        """Start the owner's takeover limit: a computer plays for an absent human."""
        self.disconnected_since[seat] = time.monotonic()
        limit = self.table_settings.get("takeover_after")
        if limit is None or self.seats[seat].kind != "human":
            return
        loop = asyncio.get_running_loop()
        self._timers.append(loop.call_later(float(limit) + 0.01, self._check_absence, seat))

    def _check_absence(self, seat: int) -> None:
        since = self.disconnected_since.get(seat)
        limit = self.table_settings.get("takeover_after")
        if since is None or limit is None or self.closed:
            return
        if time.monotonic() - since >= float(limit) and seat not in self.substitutes:
            log.info("a computer player takes the seat", extra={"table": self.id,
                                                                "seat": seat})
            self.substitutes.add(seat)
            self.changed()

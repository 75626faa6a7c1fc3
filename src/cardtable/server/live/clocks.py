"""A table's clocks: the Hourglass's turn clock (a deadline per turn, ended by the clock's
own move) and real-time play's stopwatch."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from cardtable.engine import State
from cardtable.server.live.hooks import GameHooks
from cardtable.server.ops.config import Settings
from cardtable.server.ops.metrics import Metrics
from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage.store import Deadline

log = logging.getLogger("cardtable.server.tables")


class Clocks:
    """The clocks of a :class:`cardtable.server.live.tables.LiveTable` (a part of it)."""

    id: str
    game_id: str
    settings: Settings
    hooks: GameHooks
    metrics: Metrics
    state: State
    status: str
    deadline: Deadline | None
    base_version: int
    started_at: float
    closed: bool
    _turn_key: object
    _clock: asyncio.TimerHandle | None

    if TYPE_CHECKING:
        @property
        def version(self) -> int: ...

        async def submit(self, seat: int, text: str, version: int, by: str = "seat",
                         received: float | None = None) -> int: ...

    def clock_json(self) -> dict[str, Any] | None:
        """The turn clock (its seat and deadline), or in real-time play the stopwatch
        (when the game started); ``None`` for a game without either."""
        if self.status != "playing":
            return None
        if self.deadline is not None:
            return {"seat": self.deadline.seat, "deadline": self.deadline.at,
                    "remaining": max(0.0, round(self.deadline.at - time.time(), 3))}
        if self.hooks.realtime(self.state.options):
            return {"started": self.started_at,
                    "elapsed": max(0.0, round(time.time() - self.started_at, 3))}
        return None

    def _deadline_for(self, state: State, status: str,
                      base: int | None = None) -> tuple[Deadline | None, object]:
        """The deadline after ``state``: a new one when a new turn starts, else the same."""
        key = self.hooks.turn_key(state)
        seconds = self.hooks.turn_seconds(state.options, self.settings.hourglass_seconds)
        if seconds is None or status != "playing" or state.is_over():
            return None, key
        to_act = state.to_act()
        if len(to_act) != 1:
            return None, key
        if base is None and self.deadline is not None and key == self._turn_key:
            return self.deadline, key
        version = (base if base is not None else self.base_version) + len(state.history)
        return Deadline(time.time() + seconds, to_act[0], version), key

    def _schedule_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        deadline = self.deadline
        if deadline is None or self.status != "playing" or self.closed:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, deadline.at - time.time())
        self._clock = loop.call_later(delay, self._time_up, deadline)

    def _time_up(self, deadline: Deadline) -> None:
        if self.deadline is not deadline or self.closed:
            return
        asyncio.get_running_loop().create_task(self._timeout(deadline))

    async def _timeout(self, deadline: Deadline) -> None:
        if self.deadline is not deadline:
            return
        text = self.hooks.timeout_move(self.state, deadline.seat)
        if text is None:
            log.warning("time is up but the game has no timeout move", extra={
                "table": self.id, "seat": deadline.seat})
            return
        try:
            await self.submit(deadline.seat, text, self.version, by="clock")
            self.metrics.timeouts.labels(self.game_id).inc()
            log.info("time is up", extra={"table": self.id, "seat": deadline.seat})
        except Refusal as exc:
            log.warning("the clock's timeout was refused: %s", exc.message, extra={
                "table": self.id, "seat": deadline.seat, "code": exc.code})

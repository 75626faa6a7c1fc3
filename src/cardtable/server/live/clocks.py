"""A table's clocks: the Hourglass's turn clock (a deadline per turn, ended by the clock's
own move), real-time play's stopwatch, and the time controls of tables of people
(:mod:`.timecontrol`): a chess clock (each seat's own time, running while it is to act,
with an increment when its turn passes) and turn-based days (a deadline per turn).

A chess clock keeps each seat's time left in ``left``; the seat to act has its time in
the deadline instead (when its flag falls), so nothing ticks in memory. Each move stores
its player's time left with it, and the table row the deadline, so a table rebuilt from
its record has the same clocks. When a time control's deadline passes, the seat loses on
time (:meth:`Clocks.flag`), unless the other side could not win by any sequence of legal
moves: then the game is drawn."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from cardtable.engine import State
from cardtable.server.live import ending
from cardtable.server.live.ending import Ending
from cardtable.server.live.hooks import GameHooks
from cardtable.server.ops.config import Settings
from cardtable.server.ops.metrics import Metrics
from cardtable.server.protocol.errors import Refusal
from cardtable.server.storage import store
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
    table_settings: dict[str, Any]
    game_no: int
    scores: dict[str, Any]
    ended: Ending | None
    lock: asyncio.Lock
    left: list[float]
    """A chess clock's seconds left per seat (the seat to act: see its deadline)."""
    _turn_key: object
    _clock: asyncio.TimerHandle | None

    if TYPE_CHECKING:
        @property
        def version(self) -> int: ...

        @property
        def n_seats(self) -> int: ...

        async def submit(self, seat: int, text: str, version: int, by: str = "seat",
                         received: float | None = None) -> int: ...

        async def write(self, refusal: str, work: Any, *args: Any) -> Any: ...

        def changed(self) -> None: ...

        def _scored_early(self, outcome: Ending) -> dict[str, Any]: ...

        async def _rate(self, returns: tuple[float, ...]) -> None: ...

    # --- the time control ---
    @property
    def time_control(self) -> dict[str, int] | None:
        control: dict[str, int] | None = self.table_settings.get("clock")
        return control

    @property
    def chess(self) -> bool:
        """Whether the table plays with a chess clock."""
        return bool(self.time_control and "minutes" in self.time_control)

    def _initial(self) -> float:
        """A chess clock's time a seat at the start of a game."""
        control = self.time_control or {}
        return float(control.get("minutes", 0)) * self.settings.clock_minute

    def _set_clocks(self, stored: list[tuple[int, float | None]]) -> None:
        """Each seat's time left from this game's moves as stored (seat, time left after
        the move): a seat's last stored time, else the game's start."""
        self.left = [self._initial()] * self.n_seats
        for seat, left in stored:
            if left is not None:
                self.left[seat] = left

    def _turn_seconds(self, state: State) -> float | None:
        """Seconds a turn may take: turn-based days, else the Hourglass, else no limit."""
        control = self.time_control
        if control and "days" in control:
            return control["days"] * self.settings.clock_day
        return self.hooks.turn_seconds(state.options, self.settings.hourglass_seconds)

    def chess_running(self) -> bool:
        """Whether a chess clock runs now (the table then stays in memory for its flag)."""
        return self.chess and self.status == "playing" and self.deadline is not None

    def remaining(self, seat: int, now: float | None = None) -> float:
        """A chess clock's seconds left for ``seat`` now (never below zero)."""
        deadline = self.deadline
        if deadline is not None and deadline.seat == seat:
            return max(0.0, deadline.at - (time.time() if now is None else now))
        return max(0.0, self.left[seat])

    def clock_json(self) -> dict[str, Any] | None:
        """The turn clock (its seat and deadline), or in real-time play the stopwatch
        (when the game started); with a chess clock, every seat's time left too and which
        seat's clock runs; ``None`` for a game without any."""
        if self.chess and self.status == "playing":
            now = time.time()
            running = self.deadline.seat if self.deadline is not None else None
            return {"seat": running, "deadline": self.deadline.at if self.deadline else None,
                    "remaining": round(self.remaining(running, now), 3)
                    if running is not None else None,
                    "left": [round(self.remaining(s, now), 3) for s in range(self.n_seats)],
                    "increment": (self.time_control or {}).get("increment", 0) * (
                        self.settings.clock_minute / 60)}
        if self.status != "playing":
            return None
        if self.deadline is not None:
            return {"seat": self.deadline.seat, "deadline": self.deadline.at,
                    "remaining": max(0.0, round(self.deadline.at - time.time(), 3))}
        if self.hooks.realtime(self.state.options):
            return {"started": self.started_at,
                    "elapsed": max(0.0, round(time.time() - self.started_at, 3))}
        return None

    def _deadline_for(self, state: State, status: str, base: int | None = None,
                      left: list[float] | None = None) -> tuple[Deadline | None, object]:
        """The deadline after ``state``: a new one when a new turn starts, else the same.
        With a chess clock it is when the seat to act runs out of its time (``left``:
        each seat's time after the move; ``base``: a new game, every seat's full time)."""
        key = self.hooks.turn_key(state)
        seconds = self._turn_seconds(state)
        if self.chess:
            if base is not None:
                left = [self._initial()] * self.n_seats
            elif left is None:
                left = self.left
            to_act = state.to_act()
            seconds = left[to_act[0]] if len(to_act) == 1 else None
        if seconds is None or status != "playing" or state.is_over():
            return None, key
        to_act = state.to_act()
        if len(to_act) != 1:
            return None, key
        if base is None and self.deadline is not None and key == self._turn_key:
            return self.deadline, key
        version = (base if base is not None else self.base_version) + len(state.history)
        return Deadline(time.time() + seconds, to_act[0], version), key

    def _clock_after(self, seat: int, key: object, now: float) -> tuple[list[float], float]:
        """A chess clock after ``seat`` moved at ``now``: each seat's time left, the
        mover's with the increment when its turn passed (``key``: the new turn's key)."""
        left = list(self.left)
        mover = self.remaining(seat, now)
        if key != self._turn_key:
            mover += (self.time_control or {}).get("increment", 0) * (
                self.settings.clock_minute / 60)
        left[seat] = mover
        return left, mover

    def _time_is_up(self, now: float) -> int | None:
        """The seat whose time control ran out by ``now`` (a move arrived too late), if any;
        the Hourglass's turn clock plays its own move instead."""
        deadline = self.deadline
        if (deadline is None or self.time_control is None or self.status != "playing"
                or now < deadline.at):
            return None
        return deadline.seat

    async def flag(self, seat: int) -> None:
        """``seat``'s time ran out: the game ends on time (lock held)."""
        could_win = True
        if self.game_id in ending.SIDED:
            opponent = (seat + 1) % self.n_seats
            could_win = await asyncio.to_thread(self.hooks.could_win, self.state.clone(),
                                                opponent)
        outcome = ending.on_time(self.game_id, self.n_seats, seat, draw=not could_win)
        scores = self._scored_early(outcome)
        if not could_win:
            scores["draws"] = scores.get("draws", 0) + 1
        await self.write("the game could not be ended on time; it ends when next looked at",
                         store.end_game, self.id, self.game_no, outcome.to_json(), scores)
        self.ended, self.status, self.scores = outcome, "finished", scores
        if self.chess:
            self.left[seat] = 0.0
        self.deadline = None
        self.changed()
        self.metrics.timeouts.labels(self.game_id).inc()
        log.info("time is up: the game ends", extra={
            "table": self.id, "seat": seat, "draw": not could_win})
        if self.table_settings.get("rated"):
            asyncio.get_running_loop().create_task(self._rate(outcome.returns))

    async def _flag_when_due(self, deadline: Deadline) -> None:
        async with self.lock:
            if self.deadline is not deadline or self.closed or self.status != "playing":
                return
            try:
                await self.flag(deadline.seat)
            except Refusal as exc:
                log.warning("the flag could not be stored: %s; trying again in a second",
                            exc.message, extra={"table": self.id, "code": exc.code})
                if not self.closed:
                    asyncio.get_running_loop().call_later(1.0, self._time_up, deadline)

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
        due = (self._flag_when_due(deadline) if self.time_control is not None
               else self._timeout(deadline))
        asyncio.get_running_loop().create_task(due)

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

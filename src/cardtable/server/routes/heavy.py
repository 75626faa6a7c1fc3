"""Heavy requests (reviews, analyses, replays, hints) on a budget of their own.

One review used to take 51 s of the server's CPU, in threads that shared the event
loop's GIL and in the strong computer players' own pool, so their replies at other
tables slowed from 1.7 s to 4.8 s. Here such work runs in a small process pool of its
own whose workers run at a lower CPU priority; each request gets ``analysis_seconds``
(waiting included), after which an alarm in the worker stops its work and the answer
is 503 ``too-long``; and a client (:func:`~cardtable.server.routes.throttle.client_key`) has
one piece of such work running at a time: a few more wait their turn (a streamed review
takes turns piece by piece, so the same page's replay is not held up by it), more are
refused with 429 ``busy`` and ``Retry-After``. The turns are per server process.
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from fastapi import FastAPI
from starlette.requests import Request

from cardtable.server.live.botpool import end_with_parent
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import ApiError
from cardtable.server.protocol.models import ErrorBody
from cardtable.server.routes.throttle import client_key

log = logging.getLogger("cardtable.server")

NICE = 10
"""How much lower the workers' CPU priority is than the server's (``os.nice``)."""
GRACE = 1.0
"""Seconds the server waits past a deadline for the worker to stop by itself (a compiled
inner loop sees its alarm only when it returns); then it answers without it."""
RESPONSES: dict[int | str, dict[str, Any]] = {
    429: {"model": ErrorBody, "description": "`busy`: this client's earlier heavy requests "
                                             "keep the server busy (see `Retry-After`)"},
    503: {"model": ErrorBody, "description": "`too-long`: the work ran out of its time"},
}
"""The refusals of a heavy route, for its documentation."""


class TooLong(BaseException):
    """Raised in a worker by its alarm: the request's time is up. Not an ``Exception``,
    so that no ``except Exception`` in the work swallows it and carries on uncapped."""


class _Alarm:
    """Whether an alarm now stops the work (a worker runs one piece of work at a time)."""

    armed = False


def _on_alarm(_signum: int, _frame: Any) -> None:
    if _Alarm.armed:
        _Alarm.armed = False
        raise TooLong


def _start_worker() -> None:
    """In a new worker: end with the server, yield the CPU to it, stop work on alarm."""
    end_with_parent()
    os.nice(NICE)
    signal.signal(signal.SIGALRM, _on_alarm)


def capped(deadline: float, work: Callable[..., Any], *args: Any) -> Any:
    """In a worker: ``work(*args)``, stopped by :class:`TooLong` at ``deadline``
    (``time.time()``, which every process of the machine shares)."""
    left = deadline - time.time()
    if left <= 0:
        raise TooLong
    _Alarm.armed = True
    signal.setitimer(signal.ITIMER_REAL, left)
    try:
        return work(*args)
    finally:
        _Alarm.armed = False  # first: an alarm due now no longer raises
        signal.setitimer(signal.ITIMER_REAL, 0)


class HeavyPool:
    """The worker processes heavy work runs in (started with the first request)."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._executor = self._make()

    def _make(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_worker)

    async def run(self, deadline: float, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` in a worker, by ``deadline``; :class:`TooLong` after it."""
        try:
            return await self._wait(deadline, work, args)
        except BrokenProcessPool:
            log.warning("the heavy work's process pool broke; starting a new one")
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._make()
            return await self._wait(deadline, work, args)

    async def _wait(self, deadline: float, work: Callable[..., Any], args: tuple[Any, ...]
                    ) -> Any:
        future = asyncio.get_running_loop().run_in_executor(
            self._executor, capped, deadline, work, *args)
        try:
            return await asyncio.wait_for(future, max(0.0, deadline - time.time()) + GRACE)
        except TimeoutError:
            raise TooLong from None

    def close(self) -> None:
        """Stop: the work under way ends now (its alarm, rung early), the rest is dropped."""
        for process in list((self._executor._processes or {}).values()):
            if process.pid is not None:
                os.kill(process.pid, signal.SIGALRM)
        self._executor.shutdown(wait=True, cancel_futures=True)


MAX_WAITING = 2
"""Pieces of work one client may have waiting behind its running one (a page that asks
for a replay while its review streams, an analysis board stepped quickly); one more is
refused with 429 ``busy``."""


class _Turns:
    """One client's turn at the pool: one piece of its work runs at a time."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.waiting = 0
        self.until = 0.0
        """The deadline of the piece that runs now (for ``Retry-After``)."""


class Job:
    """One client's heavy request, with its deadline (waiting included)."""

    def __init__(self, heavy: Heavy, key: str, deadline: float) -> None:
        self.heavy = heavy
        self.key = key
        self.deadline = deadline

    async def run(self, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` in the pool once the client's earlier work is done; 429
        ``busy`` when too much of it waits, 503 ``too-long`` once the request's time is
        up (none is started after it)."""
        turns = self.heavy.turns.setdefault(self.key, _Turns())
        if turns.lock.locked() and turns.waiting >= MAX_WAITING:
            wait = max(1, math.ceil(turns.until + GRACE - time.time()))
            raise ApiError(429, "busy", "your earlier reviews or analyses are still being "
                           f"worked out: a few at a time (try again in {wait} s)",
                           {"Retry-After": str(wait)})
        try:
            turns.waiting += 1
            try:
                await asyncio.wait_for(turns.lock.acquire(), self.deadline - time.time())
            finally:
                turns.waiting -= 1
            try:
                turns.until = self.deadline
                return await self.heavy.pool.run(self.deadline, work, *args)
            finally:
                turns.lock.release()
        except (TooLong, TimeoutError):
            raise ApiError(503, "too-long", f"this took longer than the {self.heavy.seconds:g} s "
                           "the server gives one review or analysis: try a shorter record or "
                           "fewer deals, or again later") from None
        finally:
            if not turns.lock.locked() and not turns.waiting:
                self.heavy.turns.pop(self.key, None)


class Heavy:
    """The site's heavy work: the pool, the time each request gets, whose turn it is."""

    def __init__(self, settings: Settings) -> None:
        self.seconds = settings.analysis_seconds
        self.workers = settings.analysis_workers
        self.turns: dict[str, _Turns] = {}
        self._pool: HeavyPool | None = None

    @property
    def pool(self) -> HeavyPool:
        if self._pool is None:
            self._pool = HeavyPool(self.workers)
        return self._pool

    def job(self, request: Request) -> Job:
        """A request's job: its time starts now."""
        return Job(self, client_key(request), time.time() + self.seconds)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()


def heavy_of(request: Request) -> Heavy:
    """The app's heavy work, made with its first request."""
    state = request.app.state
    heavy: Heavy | None = getattr(state, "heavy", None)
    if heavy is None:
        heavy = state.heavy = Heavy(state.settings)
    return heavy


def close(app: FastAPI) -> None:
    """At the server's end (its lifespan): stop the pool, if one was started."""
    heavy: Heavy | None = getattr(app.state, "heavy", None)
    if heavy is not None:
        del app.state.heavy
        heavy.close()

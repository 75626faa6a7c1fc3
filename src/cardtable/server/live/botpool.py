"""Computer players think off the event loop: the pools their moves are worked out in."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cardtable.engine import Observation
from cardtable.server.live.hooks import think

log = logging.getLogger("cardtable.server.tables")

def end_with_parent() -> None:
    """In a worker: end when the server ends, however it ends (``kill -9`` included).

    A worker otherwise waits for work forever once its server is gone, and keeps
    multiprocessing's resource tracker alive with it. The parent's sentinel becomes
    readable when the parent's end of it closes, which the kernel does for a killed
    process too; a daemon thread waits for that and ends the worker.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=watch, name="cardtable-parent-watch", daemon=True).start()


class BotPool:
    """Computer players think here, off the event loop: a process pool by default
    (a bot that searches hard cannot slow the server down), or threads.

    Search players think in pools of their own, so that a table with strong
    players never keeps a quick player of another table waiting; each search
    ends at the deadline it was given when asked, queued or not."""

    def __init__(self, kind: str, workers: int, search_workers: int = 1) -> None:
        self.kind = kind
        self.workers = max(1, workers)
        self.search_workers = max(1, search_workers)
        self._executor: Executor = self._make(self.workers)
        self._search: Executor = self._make(self.search_workers)

    def _make(self, workers: int) -> Executor:
        if self.kind == "process":
            return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=end_with_parent)
        return ThreadPoolExecutor(workers, thread_name_prefix="cardtable-bot")

    async def think(self, game_id: str, name: str, seed: int, observation: Observation,
                    deadline: float | None = None) -> str:
        """A computer move; a search player (``deadline`` given) answers by ``deadline``."""
        loop = asyncio.get_running_loop()
        searching = deadline is not None
        try:
            return await loop.run_in_executor(
                self._search if searching else self._executor, think, game_id, name, seed,
                observation, deadline)
        except BrokenProcessPool:
            log.warning("the computer players' process pool broke; starting a new one")
            if searching:
                self._search = self._make(self.search_workers)
            else:
                self._executor = self._make(self.workers)
            return await loop.run_in_executor(
                self._search if searching else self._executor, think, game_id, name, seed,
                observation, deadline)

    async def search(self, work: Callable[..., Any], *args: Any) -> Any:
        """Other search work (a review's decision) in the search players' pool,
        taking its turn beside their moves; ``work`` must be a module-level function."""
        return await asyncio.get_running_loop().run_in_executor(self._search, work, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)
        self._search.shutdown(wait=True, cancel_futures=True)

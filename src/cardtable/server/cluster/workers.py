"""``cardtable serve --workers N``: N server processes behind one port, on one machine.

The supervisor binds the port once and forks the workers, which share it (the kernel
hands each new connection to one of them); they share their tables through Redis like
processes on several machines. A worker that dies is replaced at once (its tables are
taken over when their leases lapse, its clients connect again by themselves). SIGHUP
restarts the workers one by one, each replacement ready before the next goes: an upgrade
without a pause. SIGTERM or SIGINT stops them all, each handing its tables over. A
worker ends with the supervisor, however the supervisor ends.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from multiprocessing.synchronize import Event
from types import FrameType

log = logging.getLogger("cardtable.server.workers")

READY_SECONDS = 120.0
"""How long a replacement may take to be ready before a rolling restart goes on anyway."""
STOP_SECONDS = 20.0
"""How long a stopping worker may take to hand its tables over before it is killed."""

Worker = Callable[[Callable[[], None]], int]
"""Runs one worker's server; calls its argument once the server is up."""


def _worker(run: Worker, ready: Event) -> None:
    _end_with_supervisor()
    raise SystemExit(run(ready.set))


def _end_with_supervisor() -> None:
    """Stop cleanly (SIGTERM to itself: the tables are handed over) once the supervisor
    is gone, even if it was killed outright."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="cardtable-supervisor-watch", daemon=True).start()


class Supervisor:
    """Keeps ``count`` workers running until told to stop."""

    def __init__(self, count: int, run: Worker, announce: Callable[[], None]) -> None:
        self.count = count
        self.run = run
        self.announce = announce
        self.context = multiprocessing.get_context("fork")
        self.workers: dict[int, tuple[BaseProcess, Event]] = {}
        self.stopping = False
        self.restart_wanted = False

    def _start(self, number: int) -> Event:
        ready = self.context.Event()
        process = self.context.Process(target=_worker, args=(self.run, ready),
                                       name=f"cardtable-worker-{number}")
        process.start()
        self.workers[number] = (process, ready)
        return ready

    def _on_signal(self, signum: int, _frame: FrameType | None) -> None:
        if signum == signal.SIGHUP:
            self.restart_wanted = True
        else:
            self.stopping = True

    def serve(self) -> int:
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, self._on_signal)
        for number in range(self.count):
            self._start(number)
        started = False
        deadline = time.monotonic() + READY_SECONDS
        failures = 0
        while not self.stopping:
            wait([p.sentinel for p, _r in self.workers.values()], timeout=0.5)
            if not started:  # a worker that dies while the others start is replaced too
                ready_now = [ready.is_set() for _p, ready in self.workers.values()]
                if all(ready_now):
                    started = True
                    self.announce()
                elif not any(ready_now) and (time.monotonic() > deadline or not any(
                        p.is_alive() for p, _r in self.workers.values())):
                    log.error("the workers did not start; stopping")
                    self._stop_all()
                    return 1
            if self.restart_wanted:
                self.restart_wanted = False
                self._roll()
            for number, (process, _ready) in list(self.workers.items()):
                if process.is_alive() or self.stopping:
                    continue
                failures += 1
                log.warning("worker %s ended (exit code %s); starting another", number,
                            process.exitcode)
                time.sleep(min(5.0, 0.2 * failures))  # a worker that cannot start: not a storm
                self._start(number)
        self._stop_all()
        return 0

    def _wait_ready(self, events: list[Event]) -> bool:
        deadline = time.monotonic() + READY_SECONDS
        for event in events:
            while not event.wait(0.2):
                if self.stopping or time.monotonic() > deadline:
                    return False
                if not any(p.is_alive() for p, _r in self.workers.values()):
                    return False
        return True

    def _roll(self) -> None:
        log.info("restarting the workers one by one")
        for number in sorted(self.workers):
            if self.stopping:
                return
            process, _ready = self.workers[number]
            self._stop(process)
            self._wait_ready([self._start(number)])
        log.info("every worker restarted")

    def _stop(self, process: BaseProcess) -> None:
        process.terminate()
        process.join(STOP_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()

    def _stop_all(self) -> None:
        for process, _ready in self.workers.values():
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for process, _ready in self.workers.values():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()

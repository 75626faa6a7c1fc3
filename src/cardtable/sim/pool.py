"""Where the lab's chunks run: in this process, in a pool of local worker processes, or
on a Dask cluster.

Every chunk carries its own seed, so the figures do not depend on where or in which
order the chunks ran: the callers put the results back in chunk order. On a cluster
only the package travels (each worker must have the same cardtable installed); the
tasks are small (a spec and a chunk number) and so are their results. A worker that
dies mid-run loses nothing: the scheduler runs its chunks again on another worker.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, TypeVar

from cardtable.compiled import MODULES

Result = TypeVar("Result")

CONNECT_SECONDS = 10
"""How long to try reaching the scheduler before giving up."""
WORKERS_SECONDS = 60
"""How long to wait for the cluster's first worker."""
@dataclass(frozen=True)
class Cluster:
    """A Dask distributed scheduler's address, e.g. ``tcp://10.0.0.5:8786``."""

    address: str


Workers = int | Cluster | None
"""Where to run: a number of local processes (``None``: one per core) or a cluster."""


class ClusterError(RuntimeError):
    """The cluster cannot run the work; the message is one line for the user."""


def run_all(task: Callable[..., Result], jobs: Sequence[tuple[Any, ...]], workers: Workers,
            ) -> Iterator[tuple[int, Result]]:
    """Run ``task(*job)`` for every job and yield ``(job's index, result)`` as each
    finishes (in any order)."""
    if isinstance(workers, Cluster):
        yield from _on_cluster(task, jobs, workers)
        return
    count = max(1, workers or os.cpu_count() or 1)
    if count == 1 or len(jobs) <= 1:
        for index, job in enumerate(jobs):
            yield index, task(*job)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=count) as pool:
        futures = {pool.submit(task, *job): index for index, job in enumerate(jobs)}
        for future in as_completed(futures):
            yield futures[future], future.result()


@cache
def identity() -> tuple[str, bool]:
    """This installation's fingerprint (a digest of the package's sources) and whether
    the lab's compiled modules are compiled here."""
    root = Path(import_module("cardtable").__file__ or "").parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    compiled = all((import_module(name).__file__ or "").endswith((".so", ".pyd"))
                   for name in MODULES)
    return digest.hexdigest()[:16], compiled


def checked(expected: tuple[str, bool], task: Callable[..., Result], *job: Any) -> Result:
    """``task(*job)`` on a worker, after checking that the worker runs the same code,
    compiled (a worker that joined after the run began is checked here too)."""
    mine = identity()
    if mine != expected:
        from distributed import get_worker

        raise ClusterError(_mismatch(get_worker().address, mine, expected))
    return task(*job)


def _mismatch(worker: str, theirs: tuple[str, bool], ours: tuple[str, bool]) -> str:
    if theirs[0] != ours[0]:
        return (f"worker {worker} runs other cardtable code (sources {theirs[0]}, here "
                f"{ours[0]}): install the same version on every worker")
    return (f"worker {worker} has the lab's modules uncompiled: run `make install` (or pip "
            "install with a C compiler) there")


def _on_cluster(task: Callable[..., Result], jobs: Sequence[tuple[Any, ...]],
                cluster: Cluster) -> Iterator[tuple[int, Result]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install 'cardtable[cluster]'") from None
    try:
        client = Client(cluster.address, timeout=CONNECT_SECONDS,  # type: ignore[no-untyped-call]
                        set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {cluster.address}: "
                           f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
                           ) from None
    futures: dict[Any, int] = {}
    try:
        try:
            client.wait_for_workers(1, timeout=WORKERS_SECONDS)
        except TimeoutError:
            raise ClusterError(f"the scheduler at {cluster.address} has no workers (waited "
                               f"{WORKERS_SECONDS} s)") from None
        expected = identity()
        for worker, theirs in sorted(client.run(identity).items()):
            if tuple(theirs) != expected:
                raise ClusterError(_mismatch(worker, tuple(theirs), expected))
        futures = {client.submit(checked, expected, task, *job, pure=False): index
                   for index, job in enumerate(jobs)}
        # the chunks finished meanwhile are fetched together: one round trip through the
        # scheduler for each, in turn, cost more than cheap chunks themselves
        finished = as_completed(futures, loop=client.loop)  # type: ignore[no-untyped-call]
        for batch in finished.batches():  # type: ignore[no-untyped-call]
            try:
                results = client.gather(batch)  # type: ignore[no-untyped-call]
            except ClusterError as failure:
                raise ClusterError(str(failure)) from None
            for future, result in zip(batch, results, strict=True):
                yield futures[future], result
    except (CancelledError, OSError, TimeoutError) as exc:
        raise ClusterError(f"lost the Dask scheduler at {cluster.address} mid-run "
                           f"({type(exc).__name__}); no figures") from None
    finally:
        if client.status == "running":
            client.cancel(list(futures))  # type: ignore[no-untyped-call]
        client.close(timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]

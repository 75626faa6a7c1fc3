"""The lab on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes
started here. The same seed gives the same figures as the local pool; a worker killed
with SIGKILL mid-run loses nothing; a worker running other code is refused by name; a
scheduler that cannot be reached or goes away is one clear line."""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.sim.pool import Cluster, ClusterError
from cardtable.sim.runner import SimSpec, run_many

pytest.importorskip("distributed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class DaskCluster:
    """A scheduler and its workers, as processes of their own."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.scheduler = self._start("scheduler", "--port", str(self.port))
        self.workers: list[subprocess.Popen[bytes]] = []

    def _start(self, kind: str, *args: str, env: dict[str, str] | None = None,
               ) -> subprocess.Popen[bytes]:
        log = (self.tmp / f"{kind}-{time.monotonic_ns()}.log").open("wb")
        return subprocess.Popen([sys.executable, "-m", f"distributed.cli.dask_{kind}", *args,
                                 "--no-dashboard"], stdout=log, stderr=subprocess.STDOUT,
                                env=env, cwd=self.tmp)

    def add_worker(self, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        """One single-threaded worker without a nanny (so that a kill is final)."""
        worker = self._start("worker", self.address, "--nthreads", "1", "--no-nanny",
                             env=env)
        self.workers.append(worker)
        return worker

    def wait_for_workers(self, count: int) -> None:
        from distributed import Client

        with Client(self.address, timeout=30, set_as_default=False) as client:
            client.wait_for_workers(count, timeout=60)

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            process.kill()
            process.wait()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[DaskCluster]:
    made = DaskCluster(tmp_path)
    try:
        made.add_worker()
        made.add_worker()
        made.wait_for_workers(2)
        yield made
    finally:
        made.stop()


SPEC = SimSpec("duel", {}, ("simple", "random"), 600, 5)
"""Twelve chunks of a quick duel: long enough to kill a worker between two of them."""


def figures(spec: SimSpec, workers: int | Cluster, progress: object = None) -> list[str]:
    result = run_many([spec], workers, progress)[0]  # type: ignore[arg-type]
    return [repr(s) for s in result.summaries()]


def test_the_same_seed_gives_the_same_figures_on_the_cluster(cluster: DaskCluster) -> None:
    assert figures(SPEC, Cluster(cluster.address)) == figures(SPEC, 2)


def test_the_cli_runs_a_sweep_on_the_cluster_with_the_local_figures(
        cluster: DaskCluster) -> None:
    command = [sys.executable, "-m", "cardtable", "sweep", "duel", "--vary", "hand=6,7",
               "--games", "100", "--seed", "3", "--json"]
    local = subprocess.run([*command, "--workers", "2"], capture_output=True, text=True,
                           check=True)
    remote = subprocess.run([*command, "--cluster", cluster.address], capture_output=True,
                            text=True, check=True)
    drop = {"seconds"}

    def rows(out: str) -> object:
        return json.loads(out, object_hook=lambda d: {k: v for k, v in d.items()
                                                      if k not in drop})
    assert rows(remote.stdout) == rows(local.stdout)


def test_a_worker_killed_mid_run_loses_nothing(cluster: DaskCluster) -> None:
    done = []
    victim = cluster.workers[0]

    def progress(games: int) -> None:
        done.append(games)
        if len(done) == 1:  # one chunk in: the rest are queued or running
            victim.send_signal(signal.SIGKILL)

    spec = SimSpec("duel", {}, ("simple", "random"), 2000, 9)
    assert figures(spec, Cluster(cluster.address), progress) == figures(spec, 2)
    assert victim.wait() == -signal.SIGKILL
    assert sum(done) == 2000


def test_a_worker_with_other_code_is_refused_by_name(cluster: DaskCluster,
                                                      tmp_path: Path) -> None:
    import cardtable

    other = tmp_path / "other"
    shutil.copytree(Path(cardtable.__file__).parent, other / "cardtable")
    engine = other / "cardtable" / "engine.py"
    engine.write_text(engine.read_text() + "\n# another version\n")
    for worker in list(cluster.workers):
        worker.kill()
        worker.wait()
    cluster.workers.clear()
    stranger = cluster.add_worker(env={"PYTHONPATH": str(other), "PATH": "/usr/bin:/bin"})
    cluster.wait_for_workers(1)
    with pytest.raises(ClusterError, match=r"worker tcp://127\.0\.0\.1:\d+ runs other "
                                           r"cardtable code"):
        figures(SPEC, Cluster(cluster.address))
    assert stranger.poll() is None


def test_a_scheduler_that_goes_away_mid_run_is_one_line(cluster: DaskCluster) -> None:
    def progress(games: int) -> None:
        cluster.scheduler.send_signal(signal.SIGKILL)

    spec = SimSpec("duel", {}, ("simple", "random"), 3000, 2)
    with pytest.raises(ClusterError, match="lost the Dask scheduler"):
        figures(spec, Cluster(cluster.address), progress)


def test_an_unreachable_scheduler_and_cluster_with_workers_are_one_line() -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    run = subprocess.run([sys.executable, "-m", "cardtable", "simulate", "duel", "--games",
                          "10", "--cluster", address], check=False, capture_output=True,
                         text=True)
    assert run.returncode == 2
    assert run.stderr.startswith(f"cardtable: cannot reach the Dask scheduler at {address}")
    assert len(run.stderr.strip().splitlines()) == 1
    both = subprocess.run([sys.executable, "-m", "cardtable", "simulate", "duel", "--workers",
                           "2", "--cluster", address], check=False, capture_output=True,
                          text=True)
    assert both.returncode == 2
    assert "not allowed with argument" in both.stderr

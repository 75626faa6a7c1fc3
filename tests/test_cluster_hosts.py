"""The lab's cluster with each worker on a host of its own: a network namespace per worker
(``ip netns``), joined to this host by a veth pair of its own, so a worker reaches the
scheduler only over its link, as a machine on a network would. The same seed gives the
local pool's figures; a link cut mid-run (the host gone from the network) loses nothing.

It needs root (network namespaces); where the machine does not allow them the test is
skipped with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardtable.sim.pool import Cluster
from cardtable.sim.runner import SimSpec, run_many

pytest.importorskip("distributed")

PREFIX = "ctlab"
"""Namespaces and links are named ``ctlab-...``: a run cleans up what an earlier one left."""
SCHEDULER = ("10.231.1.1", 8790)
"""The scheduler listens on this host's end of the first link only."""
HOSTS = 2


@dataclass(frozen=True)
class Host:
    namespace: str
    link: str
    """This host's end of the veth pair (the other end is in the namespace)."""
    address: str
    """The worker host's address."""


def _ip(*args: str, namespace: str | None = None) -> subprocess.CompletedProcess[str]:
    command = ["ip", *(("netns", "exec", namespace, "ip") if namespace else ()), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)


def _must(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, f"{' '.join(done.args)}: {done.stderr.strip()}"


def _not_allowed() -> str | None:
    """Why this machine cannot make network namespaces, or ``None``."""
    if shutil.which("ip") is None:
        return "no 'ip' command (iproute2)"
    if os.geteuid() != 0:
        return "network namespaces need root"
    probe = f"{PREFIX}-probe-{os.getpid()}"
    made = _ip("netns", "add", probe)
    if made.returncode != 0:
        return f"ip netns add is not allowed here: {made.stderr.strip()}"
    _ip("netns", "del", probe)
    return None


def _clean() -> None:
    for line in _ip("netns", "list").stdout.splitlines():
        name = line.split()[0] if line.split() else ""
        if name.startswith(f"{PREFIX}-"):
            _ip("netns", "del", name)
    for number in range(1, HOSTS + 1):  # gone with its namespace, unless that failed
        _ip("link", "del", f"{PREFIX}-h{number}")


def _make(number: int) -> Host:
    host = Host(f"{PREFIX}-w{number}", f"{PREFIX}-h{number}", f"10.231.{number}.2")
    inside = f"{PREFIX}-n{number}"
    here = f"10.231.{number}.1"
    _must(_ip("netns", "add", host.namespace))
    _must(_ip("link", "add", host.link, "type", "veth", "peer", "name", inside))
    _must(_ip("link", "set", inside, "netns", host.namespace))
    _must(_ip("addr", "add", f"{here}/30", "dev", host.link))
    _must(_ip("link", "set", host.link, "up"))
    for args in (("link", "set", "lo", "up"),
                 ("addr", "add", f"{host.address}/30", "dev", inside),
                 ("link", "set", inside, "up"),
                 # the scheduler's address is this host's, on the first link
                 ("route", "add", "default", "via", here)):
        _must(_ip(*args, namespace=host.namespace))
    return host


class Site:
    """The scheduler here, one worker in each host's namespace."""

    def __init__(self, tmp: Path, hosts: list[Host]) -> None:
        self.tmp = tmp
        self.hosts = hosts
        self.address = f"tcp://{SCHEDULER[0]}:{SCHEDULER[1]}"
        # a host cut from the network is given up after 10 s without its heartbeats
        env = {**os.environ, "DASK_DISTRIBUTED__SCHEDULER__WORKER_TTL": "10s"}
        self.scheduler = self._start(["scheduler", "--host", SCHEDULER[0], "--port",
                                      str(SCHEDULER[1])], env)
        self.workers = [self._start(["worker", self.address, "--nthreads", "1",
                                     "--no-nanny", "--host", host.address], None,
                                    host.namespace) for host in hosts]

    def _start(self, args: list[str], env: dict[str, str] | None,
               namespace: str | None = None) -> subprocess.Popen[bytes]:
        kind = args[0]
        log = (self.tmp / f"{kind}-{namespace or 'here'}.log").open("wb")
        inside = ["ip", "netns", "exec", namespace] if namespace else []
        return subprocess.Popen([*inside, sys.executable, "-m", f"distributed.cli.dask_{kind}",
                                 *args[1:], "--no-dashboard"], stdout=log,
                                stderr=subprocess.STDOUT, env=env, cwd=self.tmp)

    def workers_seen(self) -> set[str]:
        from distributed import Client

        with Client(self.address, timeout=30, set_as_default=False) as client:
            return {address.split("://")[1].rsplit(":", 1)[0]
                    for address in client.scheduler_info()["workers"]}

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            process.kill()
            process.wait()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    reason = _not_allowed()
    if reason is not None:
        pytest.skip(reason)
    _clean()
    made = None
    try:
        hosts = [_make(number) for number in range(1, HOSTS + 1)]
        made = Site(tmp_path, hosts)
        expected = {host.address for host in hosts}
        deadline = time.monotonic() + 120
        while made.workers_seen() != expected:
            assert time.monotonic() < deadline, "the workers did not join within 120 s"
            time.sleep(0.2)
        yield made
    finally:
        if made is not None:
            made.stop()
        _clean()


def figures(spec: SimSpec, workers: int | Cluster, progress: object = None) -> list[str]:
    result = run_many([spec], workers, progress)[0]  # type: ignore[arg-type]
    return [repr(s) for s in result.summaries()]


def test_workers_on_hosts_of_their_own_give_the_local_figures(site: Site) -> None:
    spec = SimSpec("duel", {}, ("simple", "random"), 600, 5)
    assert figures(spec, Cluster(site.address)) == figures(spec, 2)


def test_a_host_cut_from_the_network_mid_run_loses_nothing(site: Site) -> None:
    cut = site.hosts[0]
    done: list[int] = []

    def progress(games: int) -> None:
        done.append(games)
        if len(done) == 1:  # the first chunk is in: the host leaves the network
            _must(_ip("link", "set", cut.link, "down"))

    spec = SimSpec("duel", {}, ("simple", "random"), 4000, 8)
    assert figures(spec, Cluster(site.address), progress) == figures(spec, 2)
    assert sum(done) == 4000
    assert site.workers_seen() == {site.hosts[1].address}, "the cut host was given up"

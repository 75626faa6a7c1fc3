"""The servers under load: spawned on this machine (one, or several processes of one site
on PostgreSQL and Redis) or named by URL, loopback only; their CPU time and metrics."""

from __future__ import annotations

import ipaddress
import os
import socket
import subprocess
import sys
import tempfile
import time
from urllib.parse import urlparse


def loopback(url: str) -> None:
    """Refuse any server but one on this machine: the load is for measuring our own."""
    host = urlparse(url).hostname or ""
    if host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise SystemExit(f"refusing to load {host!r}: only loopback addresses (127.0.0.0/8, ::1)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _spawn(db: str | None, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    import httpx

    port = _free_port()
    db = db or f"sqlite:///{tempfile.mkdtemp(prefix='cardtable-load-')}/load.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port), "--db", db,
         "--log-level", "warning", "--bot-pause", "0", *extra],
        stdout=subprocess.DEVNULL, stderr=None)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def spawn_site(count: int, db: str | None, redis: str, extra: list[str]
                ) -> list[tuple[subprocess.Popen[bytes], str]]:
    """``count`` server processes of one site (with Redis when more than one)."""
    if count == 1:
        return [_spawn(db, extra)]
    if not db or not db.startswith("postgresql"):
        raise SystemExit("--servers: several processes share one PostgreSQL database: give "
                         "--db postgresql://...")
    prefix = f"cardtable-load:{os.getpid()}:{int(time.time())}:"
    site = ["--redis", redis, "--redis-prefix", prefix]
    return [_spawn(db, [*site, *extra]) for _ in range(count)]


def scrape(url: str, path: str) -> None:
    """The server's metrics as the load runs (the load script runs on the server's machine,
    so ``/metrics`` answers it without a token)."""
    import httpx

    with open(path, "w", encoding="utf-8") as out:
        out.write(httpx.get(f"{url}/metrics", timeout=10).text)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux), for the server's cost per move."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_cpu_seconds() -> float | None:
    """CPU seconds all processes of the machine spent so far (Linux), to tell how much of
    the cores others took while measuring (the machine may be shared)."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()[1:]
    except OSError:
        return None
    busy = sum(int(v) for v in fields[:8]) - int(fields[3]) - int(fields[4])  # not idle, iowait
    return busy / os.sysconf("SC_CLK_TCK")

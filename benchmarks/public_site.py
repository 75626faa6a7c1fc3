"""What one client can do to a running site, measured from outside: the operator's check
that the per-address limits hold and that a flood, vanishing sockets or abandoned tables
cost the site little. Every command talks to a site on this machine only.

    python benchmarks/public_site.py limits http://127.0.0.1:8000
    python benchmarks/public_site.py flood http://127.0.0.1:8000 --pid PID
    python benchmarks/public_site.py vanish http://127.0.0.1:8000 --pid PID
    python benchmarks/public_site.py abandon http://127.0.0.1:8000 --pid PID

``--pid`` is the server process's id (its CPU time and memory are read from /proc). The
flood and the abandoned tables need more tables than the default limits allow: serve
with ``--limit tables=none`` for them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import socket
import statistics
import struct
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus


def cpu_seconds(pid: int | None) -> float:
    """User and system CPU seconds of ``pid`` so far (0 without a pid)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int | None) -> float:
    if pid is None:
        return 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def gauge(http: httpx.Client, name: str) -> float:
    """The sum of a gauge's samples in /metrics (the site must answer this machine)."""
    return sum(float(line.split()[-1]) for line in http.get("/metrics").text.splitlines()
               if line.startswith(name + "{"))


def ws_url(base: str, table_id: str) -> str:
    return base.replace("http", "ws", 1) + f"/api/tables/{table_id}/ws"


# --- limits --------------------------------------------------------------------------


def until_refused(name: str, send: Any, most: int = 200) -> None:
    for n in range(1, most + 1):
        answer = send(n)
        if answer.status_code == 429:
            print(f"{name:<26} request {n:>3}: {answer.status_code} "
                  f"Retry-After {answer.headers.get('retry-after')}  "
                  f"{answer.json()['error']['code']}")
            return
    print(f"{name:<26} not refused in {most} requests")


async def socket_refusal(base: str, table_id: str, most: int = 200) -> str:
    for n in range(1, most + 1):
        async with connect(ws_url(base, table_id)) as ws:
            first = json.loads(await ws.recv())
            if first["type"] == "error":
                with contextlib.suppress(ConnectionClosed):
                    await ws.recv()
                return (f"socket {n:>3}: {first['code']} retry_after {first['retry_after']} "
                        f"close {ws.close_code}")
    return f"not refused in {most} sockets"


def limits(base: str) -> None:
    """Hits every per-address limit once and prints the refusal."""
    with httpx.Client(base_url=base, timeout=30) as http:
        table = http.post("/api/tables", json={"game": "duel"}).json()["table"]["id"]
        until_refused("tables (POST /api/tables)",
                      lambda n: http.post("/api/tables", json={"game": "duel"}))
        until_refused("seats (invite guesses)", lambda n: http.post(
            f"/api/tables/{table}/seats/1", json={"invite": f"guess-{n}"}))
        group = http.post("/api/groups", json={"name": "probe"})
        token = group.json()["token"] if group.status_code == 201 else None
        until_refused("groups (POST /api/groups)",
                      lambda n: http.post("/api/groups", json={"name": f"g{n}"}))
        if token:
            until_refused("rides (entered by hand)", lambda n: http.post(
                f"/api/groups/{token}/rides", json={"floor": 1, "players": 2,
                                                    "cards_left": 0}))
        record = {"game": "duel", "options": {}, "deal": {"seed": 1}, "moves": []}
        until_refused("heavy (POST /api/replay)",
                      lambda n: http.post("/api/replay", json={"record": record}))
    print(f"{'sockets (WebSockets opened)':<26} {asyncio.run(socket_refusal(base, table))}")


# --- flood -----------------------------------------------------------------------------


def flooder(base: str, table_id: str, seconds: float, out: Any) -> None:
    """One process of flooding sockets: each sends pings without pause, reading nothing,
    and connects again whenever it is closed (an attacker would)."""

    async def one(stop: float) -> tuple[int, int, int]:
        sent = opened = refused = 0
        while time.monotonic() < stop:
            try:
                async with connect(ws_url(base, table_id), max_queue=None) as ws:
                    opened += 1
                    while time.monotonic() < stop:
                        await ws.send('{"type": "ping"}')
                        sent += 1
                        if sent % 200 == 0:
                            await asyncio.sleep(0)
            except (ConnectionClosed, InvalidStatus, OSError):
                refused += 1
                await asyncio.sleep(0.05)
        return sent, opened, refused

    async def all_of_them() -> list[tuple[int, int, int]]:
        stop = time.monotonic() + seconds
        return await asyncio.gather(*(one(stop) for _ in range(out[1])))

    counts = asyncio.run(all_of_them())
    out[0].put([sum(c[i] for c in counts) for i in range(3)])


def socket_from(base: str, address: str) -> socket.socket:
    """A connection to the site from another of this machine's addresses (127.0.0.2: a
    client other than the flood, by the per-address limits)."""
    host, port = base.split("://", 1)[1].split(":")
    return socket.create_connection((host, int(port)), source_address=(address, 0))


async def pings(base: str, table_id: str, seconds: float) -> list[float]:
    """Round trips (ms) of a quiet client's pings, one every 20 ms, from 127.0.0.2."""
    times = []
    async with connect(ws_url(base, table_id), sock=socket_from(base, "127.0.0.2")) as ws:
        await ws.recv()
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            began = time.perf_counter()
            await ws.send('{"type": "ping"}')
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            times.append((time.perf_counter() - began) * 1000)
            await asyncio.sleep(0.02)
    return times


def summary(name: str, times: list[float]) -> str:
    cuts = statistics.quantiles(times, n=100)
    return (f"{name}: {len(times)} pings, p50 {cuts[49]:.2f} ms, p99 {cuts[98]:.2f} ms, "
            f"max {max(times):.1f} ms")


def flood(base: str, pid: int | None, sockets: int, seconds: float) -> None:
    """Another client's pings quiet, then while ``sockets`` sockets flood the same table."""
    with httpx.Client(base_url=base, timeout=30) as http:
        table = http.post("/api/tables", json={"game": "duel"}).json()["table"]["id"]
    before = cpu_seconds(pid)
    quiet = asyncio.run(pings(base, table, seconds))
    quiet_cpu = cpu_seconds(pid) - before
    print(summary("quiet  ", quiet) + f"; server CPU {quiet_cpu:.2f} s")
    queue: Any = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=flooder, args=(
        base, table, seconds + 2, (queue, sockets // 2 + (i < sockets % 2)))) for i in range(2)]
    before = cpu_seconds(pid)
    for proc in procs:
        proc.start()
    time.sleep(1)
    loaded = asyncio.run(pings(base, table, seconds))
    totals = [queue.get() for _ in procs]
    for proc in procs:
        proc.join()
    flood_cpu = cpu_seconds(pid) - before
    sent, opened, refused = (sum(t[i] for t in totals) for i in range(3))
    print(summary("flooded", loaded) + f"; server CPU {flood_cpu:.2f} s")
    print(f"flood: {sockets} sockets sent {sent:,} messages over {seconds + 2:g} s, "
          f"connected {opened} times, refused or closed {refused} times")


# --- vanish ----------------------------------------------------------------------------


def flood_and_vanish(base: str, table_id: str, pings_each: int) -> None:
    """A spectator that floods without reading through a tiny receive buffer, then drops
    its socket without a close handshake."""
    from websockets.sync.client import connect as sync_connect

    raw = socket_from(base, "127.0.0.1")
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    try:
        with sync_connect(ws_url(base, table_id), sock=raw, open_timeout=10) as ws:
            raw.settimeout(0.5)
            try:
                for _ in range(pings_each):
                    ws.send('{"type": "ping"}')
            except (TimeoutError, OSError):
                pass
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            raw.close()
    except (OSError, ConnectionClosed, InvalidStatus):
        pass


def vanish(base: str, pid: int | None, spectators: int, pings_each: int) -> None:
    with httpx.Client(base_url=base, timeout=30) as http:
        table = http.post("/api/tables", json={"game": "duel"}).json()["table"]["id"]
        print(f"before: {gauge(http, 'cardtable_connections'):.0f} connections, "
              f"RSS {rss_mb(pid):.0f} MB")
        for _ in range(spectators):
            flood_and_vanish(base, table, pings_each)
        print(f"right after {spectators} flood-and-close spectators: "
              f"{gauge(http, 'cardtable_connections'):.0f} connections, "
              f"RSS {rss_mb(pid):.0f} MB")
        time.sleep(30)
        print(f"30 s later: {gauge(http, 'cardtable_connections'):.0f} connections, "
              f"RSS {rss_mb(pid):.0f} MB")


# --- abandon ---------------------------------------------------------------------------


def abandon(base: str, pid: int | None, tables: int, wait: float, rounds: int) -> None:
    """Creates Duel 52 tables against the computer that nobody joins, then watches them
    leave memory; ``rounds`` times, so that memory given back to the allocator (and kept
    by the process) shows as reused, not grown."""
    with httpx.Client(base_url=base, timeout=30) as http:
        print(f"before: {gauge(http, 'cardtable_live_tables'):.0f} tables in memory, "
              f"RSS {rss_mb(pid):.0f} MB")
        for round_no in range(1, rounds + 1):
            for _ in range(tables):
                http.post("/api/tables", json={"game": "duel52", "seats": [
                    {"kind": "human"}, {"kind": "computer"}]}).raise_for_status()
            print(f"round {round_no}, after creating {tables}: "
                  f"{gauge(http, 'cardtable_live_tables'):.0f} tables in memory, "
                  f"RSS {rss_mb(pid):.0f} MB")
            stop = time.monotonic() + wait
            while time.monotonic() < stop and gauge(http, "cardtable_live_tables") > 0:
                time.sleep(5)
            print(f"round {round_no}, after the idle time: "
                  f"{gauge(http, 'cardtable_live_tables'):.0f} tables in memory, "
                  f"RSS {rss_mb(pid):.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("limits", "flood", "vanish", "abandon"))
    parser.add_argument("url", help="the site, e.g. http://127.0.0.1:8000")
    parser.add_argument("--pid", type=int, help="the server process (for CPU and memory)")
    parser.add_argument("--sockets", type=int, default=20, help="flooding sockets")
    parser.add_argument("--seconds", type=float, default=15, help="each phase of the flood")
    parser.add_argument("--spectators", type=int, default=150)
    parser.add_argument("--pings", type=int, default=20_000, help="pings each spectator")
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--wait", type=float, default=900, help="seconds to wait at most "
                        "for the abandoned tables to leave")
    parser.add_argument("--rounds", type=int, default=1, help="abandon: tables created and "
                        "left this many times over")
    args = parser.parse_args()
    base = args.url.rstrip("/")
    if not base.split("://", 1)[1].startswith(("127.", "localhost", "[::1]")):
        parser.error("only a site on this machine (127.0.0.1, localhost, [::1])")
    if args.what == "limits":
        limits(base)
    elif args.what == "flood":
        flood(base, args.pid, args.sockets, args.seconds)
    elif args.what == "vanish":
        vanish(base, args.pid, args.spectators, args.pings)
    else:
        abandon(base, args.pid, args.tables, args.wait, args.rounds)


if __name__ == "__main__":
    main()

"""What the lobby costs: seeks posted at one process of a site and taken at another
(PostgreSQL + Redis), and the lobby WebSocket's fan-out of each change.

    python benchmarks/lobby_pairing.py --db postgresql://postgres@127.0.0.1:5432/ct_lobby \\
        --redis redis://127.0.0.1:6379/14 --ports 8640 8641 --seeks 1000
    python benchmarks/lobby_pairing.py hub

It starts two ``cardtable serve`` processes on the given ports (one database, one Redis,
``--no-limits``), then pairs ``--seeks`` times, ``--parallel`` at once: a new player posts
a seek at the first process and opens its lobby socket there, a player at the second
process takes it. The pairing time is from the take's request until the owner's socket
says ``paired`` (both players then know their table); the take's own answer time is
reported beside it. The same run is made twice: without watchers, and with ``--watchers``
lobby sockets that only watch, half at each process. The servers' CPU time per lobby
change (a seek posted, gone, paired: three a pairing) in each run, and its difference
divided by the watchers, is the fan-out cost per change and socket. Every watcher must
see every change: the script checks that each got all the new seeks. ``hub`` times the
hub's own part of the fan-out (encoding once, queueing per socket) in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import websockets

CLOCK = {"minutes": 3, "increment": 2}


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve(port: int, db: str, redis: str, prefix: str, log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port), "--db", db,
         "--redis", redis, "--redis-prefix", prefix, "--no-limits", "--log-level", "warning",
         "--bot-executor", "thread"],
        stdout=log.open("ab"), stderr=subprocess.STDOUT)


async def ready(url: str) -> None:
    async with httpx.AsyncClient(base_url=url) as client:
        for _ in range(600):
            try:
                if (await client.get("/api/health")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError(f"{url} did not start")


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def pair_once(a: str, b: str, http_a: httpx.AsyncClient, http_b: httpx.AsyncClient,
                    ) -> tuple[float, float]:
    """One pairing: (the take's answer time, the time until the owner's socket is told)."""
    key = uuid.uuid4().hex  # a new player each time (a key of one's own choosing)
    for attempt in range(3):  # a kept-alive connection the server just closed: again
        try:
            r = await http_a.post("/api/seeks", json={"game": "duel", "clock": CLOCK},
                                  headers={"Authorization": f"Bearer {key}"})
            break
        except httpx.TransportError:
            if attempt == 2:
                raise
    assert r.status_code == 201, r.text
    seek = r.json()["seek"]["id"]
    ws_url = a.replace("http", "ws", 1) + "/api/lobby/ws?game=duel52"
    async with websockets.connect(ws_url, additional_headers={
            "Authorization": f"Bearer {key}"}, max_size=None) as ws:
        json.loads(await ws.recv())  # the list
        began = time.perf_counter()
        taken = await http_b.post(f"/api/seeks/{seek}/accept",
                                  headers={"Authorization": f"Bearer {uuid.uuid4().hex}"})
        answered = time.perf_counter() - began
        assert taken.status_code == 201, taken.text
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["type"] == "paired" and message["seek"] == seek:
                return answered, time.perf_counter() - began


async def watch(url: str, counts: dict[str, int], key: str, opened: asyncio.Event,
                stop: asyncio.Event) -> None:
    async with websockets.connect(url.replace("http", "ws", 1) + "/api/lobby/ws",
                                  max_size=None) as ws:
        json.loads(await ws.recv())
        opened.set()
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            if message["type"] == "seek":
                counts[key] = counts.get(key, 0) + 1


async def run(a: str, b: str, pids: list[int], seeks: int, parallel: int,
              watchers: int) -> dict[str, Any]:
    counts: dict[str, int] = {}
    stop = asyncio.Event()
    tasks = []
    for i in range(watchers):
        opened = asyncio.Event()
        tasks.append(asyncio.create_task(watch(a if i % 2 else b, counts, str(i), opened, stop)))
        await opened.wait()
    limits = httpx.Limits(max_connections=parallel * 2)
    async with httpx.AsyncClient(base_url=a, timeout=60, limits=limits) as http_a, \
            httpx.AsyncClient(base_url=b, timeout=60, limits=limits) as http_b:
        cpu_before = sum(cpu_seconds(pid) for pid in pids)
        began = time.perf_counter()
        results: list[tuple[float, float]] = []
        queue = iter(range(seeks))

        async def worker() -> None:
            for _ in queue:
                results.append(await pair_once(a, b, http_a, http_b))

        await asyncio.gather(*(worker() for _ in range(parallel)))
        wall = time.perf_counter() - began
        cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
    for _ in range(200):  # the last changes reach the watchers
        if all(counts.get(str(i), 0) >= seeks for i in range(watchers)):
            break
        await asyncio.sleep(0.05)
    stop.set()
    await asyncio.gather(*tasks)
    missed = sum(max(0, seeks - counts.get(str(i), 0)) for i in range(watchers))
    takes = [r[0] for r in results]
    pairings = [r[1] for r in results]
    changes = 3 * seeks
    return {
        "seeks": seeks, "parallel": parallel, "watchers": watchers, "wall_s": round(wall, 2),
        "pairings_per_s": round(seeks / wall, 1),
        "take_ms": {"p50": round(1000 * quantile(takes, 0.5), 1),
                    "p99": round(1000 * quantile(takes, 0.99), 1)},
        "pairing_ms": {"p50": round(1000 * quantile(pairings, 0.5), 1),
                       "p99": round(1000 * quantile(pairings, 0.99), 1),
                       "mean": round(1000 * statistics.fmean(pairings), 1)},
        "server_cpu_s": round(cpu, 2),
        "server_cpu_ms_per_change": round(1000 * cpu / changes, 3),
        "new_seeks_missed_by_watchers": missed,
    }


def hub_cost(sockets: int, changes: int) -> float:
    """Microseconds the hub spends handing one new seek to each of ``sockets`` sockets
    (encoding and queueing, in this process; the sockets' own writes are not in it)."""
    from cardtable.server.services.lobbyhub import Hub, Watcher

    async def measure() -> float:
        hub = Hub()
        watchers = [Watcher(None, None) for _ in range(sockets)]
        for watcher in watchers:
            hub.add(watcher)
        seek = {"id": "x" * 16, "game": "duel", "variant": None, "rated": False,
                "clock": CLOCK, "name": "Ada", "rating": None, "created_at": 0.0,
                "expires_at": 0.0, "mine": False}
        began = time.perf_counter()
        for _ in range(changes):
            hub.deliver({"type": "seek", "seek": seek, "owner": "someone"})
            for watcher in watchers:
                watcher.queue.get_nowait()
        return 1e6 * (time.perf_counter() - began) / changes / sockets

    return asyncio.run(measure())


async def main_async(args: argparse.Namespace) -> None:
    prefix = f"ct-lobby-bench:{uuid.uuid4().hex[:8]}:"
    logs = Path(args.logs)
    logs.mkdir(parents=True, exist_ok=True)
    procs = []
    try:
        urls = [f"http://127.0.0.1:{port}" for port in args.ports]
        for port, url in zip(args.ports, urls, strict=True):  # one at a time: one migrates
            procs.append(serve(port, args.db, args.redis, prefix, logs / f"server-{port}.log"))
            await ready(url)
        pids = [p.pid for p in procs]
        bare = await run(urls[0], urls[1], pids, args.seeks, args.parallel, 0)
        print(json.dumps(bare), flush=True)
        watched = await run(urls[0], urls[1], pids, args.seeks, args.parallel, args.watchers)
        print(json.dumps(watched), flush=True)
        extra = watched["server_cpu_ms_per_change"] - bare["server_cpu_ms_per_change"]
        print(json.dumps({"fan_out_us_per_change_and_socket":
                          round(1000 * extra / max(1, args.watchers), 2)}), flush=True)
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                print(f"server {p.pid} did not stop within 30 s: killed", file=sys.stderr)
                p.kill()
                p.wait(10)


def main() -> None:
    if sys.argv[1:2] == ["hub"]:
        print(json.dumps({"hub_us_per_change_and_socket": round(hub_cost(1000, 200), 3),
                          "sockets": 1000, "changes": 200}))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL database of its own")
    parser.add_argument("--redis", required=True)
    parser.add_argument("--ports", type=int, nargs=2, default=[8640, 8641])
    parser.add_argument("--seeks", type=int, default=1000)
    parser.add_argument("--parallel", type=int, default=8)
    parser.add_argument("--watchers", type=int, default=200)
    parser.add_argument("--logs", default="/tmp/lobby-bench")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()

"""Load script: N WebSocket clients on M tables play random legal moves.

Not a test (nothing is asserted); it prints what it measured:

    python -m cardtable.server.loadtest --spawn --tables 1000 --duration 60

``--spawn`` starts ``cardtable serve`` on a free loopback port with a fresh
SQLite file (default); ``--url`` measures a server that is already running.
Only loopback addresses are accepted. Every table has two human seats, each a
client of its own; a client waits a think time (``--think``, seconds, randomised
±50 %; the default 1 s is a blitz pace, people take longer) before each move,
then sends it with the version it saw. The latency is the time from sending a
move to receiving the first observation of the version it made (the server's
work, the database commit, the fan-out and both sides' event loops; thinking
time excluded). Finished games are started again, so every table plays for the
whole run.

Several server processes of one site (issue 19): ``--servers N`` spawns N on one
PostgreSQL database (``--db``, required then) and Redis (``--redis``, default the local
one, a fresh key prefix per run); ``--url`` may also be given once per running process.
Table ``i`` is created on process ``i mod N`` and its two players connect to processes
``i mod N`` and ``i+1 mod N``, so with N > 1 one player of every table plays through a
process that does not own the table (its moves and observations cross Redis twice). The
figures are given per process (of the clients connected to it, and its CPU) and in all.

Clients may run in several processes (``--procs``) so that the clients'
own work is not the bottleneck; on a 2-core machine the server and the
clients share the cores, which the numbers include. Besides the server's CPU
time per move it prints the clients' and how busy the whole machine was, so
that a run disturbed by other work on a shared machine shows as such.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import ipaddress
import json
import multiprocessing
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse


@dataclass
class Stats:
    latencies: list[tuple[int, bool, float]] = field(default_factory=list)
    """(the server process the client is connected to, whether that process pipes it to
    the table's owner, seconds) per move."""
    errors: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0
    connect_failures: int = 0
    disconnects: int = 0
    cpu: float = 0.0
    """CPU seconds the client process spent while measuring."""


def _loopback(url: str) -> None:
    host = urlparse(url).hostname or ""
    if host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise SystemExit(f"refusing to load {host!r}: only loopback addresses (127.0.0.0/8, ::1)")


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


Table = tuple[str, str, str, int]
"""A table's id, its two seats' tokens, and the server process it was created on."""


async def _create_tables(urls: list[str], count: int, game: str,
                         variants: list[str]) -> list[Table]:
    import httpx

    tables: list[Table] = []
    limits = httpx.Limits(max_connections=20)
    sem = asyncio.Semaphore(20)

    async def one(number: int) -> None:
        where = number % len(urls)
        async with sem, httpx.AsyncClient(base_url=urls[where], timeout=60,
                                          limits=limits) as http:
            r = await http.post("/api/tables", json={"game": game, "variants": variants})
            r.raise_for_status()
            body = r.json()
            table_id = body["table"]["id"]
            http.cookies.clear()
            c = await http.post(f"/api/tables/{table_id}/seats/1",
                                json={"invite": body["invites"]["1"]})
            c.raise_for_status()
            tables.append((table_id, body["token"], c.json()["token"], where))

    await asyncio.gather(*(one(number) for number in range(count)))
    return tables


async def _seat(ws_url: str, where: int, piped: bool, table_id: str, token: str, think: float,
                until: float, rng: random.Random, stats: Stats,
                started: asyncio.Event) -> None:
    from websockets.asyncio.client import connect

    url = f"{ws_url}/api/tables/{table_id}/ws"
    try:
        ws = await connect(url, additional_headers={"Authorization": f"Bearer {token}"},
                           open_timeout=60, max_size=2**20)
    except Exception:
        stats.connect_failures += 1
        return
    pending: tuple[int, float] | None = None
    mover: asyncio.Task[None] | None = None
    loop = asyncio.get_running_loop()

    async def move_later(state: dict[str, Any]) -> None:
        nonlocal pending
        await started.wait()
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        if loop.time() >= until:
            return
        legal = state["observation"]["legal"]
        pending = (state["version"], time.perf_counter())
        await ws.send(json.dumps({"type": "move", "move": rng.choice(legal),
                                  "version": state["version"]}))

    try:
        async with asyncio.timeout_at(until):
            while True:
                raw = await ws.recv()
                now = time.perf_counter()
                message = json.loads(raw)
                if message["type"] == "error":
                    stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
                    pending = None
                    continue
                if message["type"] != "state":
                    continue
                if pending is not None and message["version"] > pending[0]:
                    if started.is_set():
                        stats.latencies.append((where, piped, now - pending[1]))
                    pending = None
                if message["status"] == "finished":
                    stats.games_finished += 1
                    if message["seat"] == 0:
                        await ws.send(json.dumps({"type": "again"}))
                    continue
                if message["observation"]["legal"] and pending is None and (
                        mover is None or mover.done()):
                    mover = asyncio.ensure_future(move_later(message))
    except TimeoutError:
        pass
    except Exception:
        stats.disconnects += 1
    finally:
        if mover is not None:
            mover.cancel()
        await ws.close()


def _client_process(ws_urls: list[str], tables: list[Table], think: float,
                    duration: float, warmup: float, seed: int) -> dict[str, Any]:
    _raise_fd_limit()

    async def main() -> Stats:
        stats = Stats()
        loop = asyncio.get_running_loop()
        started = asyncio.Event()
        rng = random.Random(seed)
        until = loop.time() + warmup + duration + 3600
        tasks = []
        for i, (table_id, t0, t1, created) in enumerate(tables):
            for seat, token in enumerate((t0, t1)):
                where = (created + seat) % len(ws_urls)
                tasks.append(asyncio.ensure_future(_seat(
                    ws_urls[where], where, where != created, table_id, token, think, until,
                    random.Random(rng.random()), stats, started)))
            if i % 50 == 49:
                await asyncio.sleep(0.05)
        await asyncio.sleep(warmup)
        started.set()
        t, cpu = loop.time(), time.process_time()
        await asyncio.sleep(duration)
        stats_time = loop.time() - t
        stats.cpu = time.process_time() - cpu
        moves = len(stats.latencies)
        for task in tasks:
            task.cancel()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
        stats.errors["_elapsed"] = int(stats_time * 1000)
        stats.errors["_moves"] = moves
        return stats

    try:
        import uvloop  # uvicorn[standard] brings it: the clients cost less CPU
    except ImportError:
        s = asyncio.run(main())
    else:
        s = uvloop.run(main())
    return {"latencies": s.latencies[: s.errors.pop("_moves")], "errors": s.errors,
            "games": s.games_finished, "connect_failures": s.connect_failures,
            "disconnects": s.disconnects, "cpu": s.cpu}


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


def _spawn_site(count: int, db: str | None, redis: str, extra: list[str]
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


def _scrape(url: str, path: str) -> None:
    """The server's metrics as the load runs (the load script runs on the server's machine,
    so ``/metrics`` answers it without a token)."""
    import httpx

    with open(path, "w", encoding="utf-8") as out:
        out.write(httpx.get(f"{url}/metrics", timeout=10).text)


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process so far (Linux), for the server's cost per move."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _machine_cpu_seconds() -> float | None:
    """CPU seconds all processes of the machine spent so far (Linux), to tell how much of
    the cores others took while measuring (the machine may be shared)."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()[1:]
    except OSError:
        return None
    busy = sum(int(v) for v in fields[:8]) - int(fields[3]) - int(fields[4])  # not idle, iowait
    return busy / os.sysconf("SC_CLK_TCK")


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.server.loadtest",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a client waits before each move (default 1.0)")
    parser.add_argument("--procs", type=int, default=1, help="client processes")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--spawn", action="store_true",
                       help="start a server with a fresh SQLite file (the default)")
    where.add_argument("--url", action="append",
                       help="a running server process (loopback only); repeat for each "
                            "process of one site")
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes to spawn for one site (more than one: "
                             "--db postgresql://... and Redis)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0",
                        help="Redis for several spawned processes (default the local one)")
    parser.add_argument("--db", help="database URL for the spawned server")
    parser.add_argument("--game", default="duel")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--metrics", metavar="FILE",
                        help="save the server's /metrics, scraped at the end of the "
                             "measured window, to FILE")
    parser.add_argument("--server-arg", action="append", default=[],
                        help="an argument for the spawned server (repeat), e.g. "
                             "--server-arg=--ws=auto")
    args = parser.parse_args(argv)
    # the run is bounded in time whatever happens: a stuck run prints where it hangs and ends
    faulthandler.dump_traceback_later(args.warmup + args.duration + 600, exit=True)
    _raise_fd_limit()
    procs: list[subprocess.Popen[bytes]] = []
    cpu0: list[float | None] = []
    cpu1: list[float | None] = []
    machine0 = machine1 = None
    if args.url:
        urls = [url.rstrip("/") for url in args.url]
    else:
        spawned = _spawn_site(args.servers, args.db, args.redis, args.server_arg)
        procs = [proc for proc, _url in spawned]
        urls = [url for _proc, url in spawned]
    for url in urls:
        _loopback(url)
    try:
        t0 = time.time()
        tables = asyncio.run(_create_tables(urls, args.tables, args.game, args.variant))
        setup = time.time() - t0
        ws_urls = [url.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
                   for url in urls]
        chunks = [tables[i::args.procs] for i in range(args.procs)]
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(args.procs) as pool:
            pending = pool.starmap_async(_client_process, [
                (ws_urls, chunk, args.think, args.duration, args.warmup, args.seed + i)
                for i, chunk in enumerate(chunks)])
            time.sleep(args.warmup + 1.0)
            cpu0 = [_cpu_seconds(proc.pid) for proc in procs]
            machine0 = _machine_cpu_seconds()
            time.sleep(args.duration - 1.0)
            cpu1 = [_cpu_seconds(proc.pid) for proc in procs]
            machine1 = _machine_cpu_seconds()
            if args.metrics:
                _scrape(urls[0], args.metrics)
            try:
                results = pending.get(timeout=120)
            except multiprocessing.TimeoutError:
                pool.terminate()
                raise SystemExit("the clients did not finish within 2 minutes") from None
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
    located = [(int(where), float(x)) for r in results for where, _piped, x in r["latencies"]]
    latencies = [x for _where, x in located]
    by_pipe = {piped: [float(x) for r in results for _w, p, x in r["latencies"] if p == piped]
               for piped in (False, True)}
    errors: dict[str, int] = {}
    for r in results:
        for k, v in r["errors"].items():
            if not k.startswith("_"):
                errors[k] = errors.get(k, 0) + v
    elapsed = max(r["errors"].get("_elapsed", args.duration * 1000) for r in results) / 1000
    report = {
        "tables": args.tables, "clients": 2 * args.tables, "client_processes": args.procs,
        "server_processes": len(urls),
        "think_s": args.think, "duration_s": round(elapsed, 1), "setup_s": round(setup, 1),
        "moves": len(latencies), "moves_per_s": round(len(latencies) / elapsed, 1),
        "latency_ms": {
            "p50": round(_pct(latencies, 50) * 1000, 2),
            "p90": round(_pct(latencies, 90) * 1000, 2),
            "p99": round(_pct(latencies, 99) * 1000, 2),
            "max": round(max(latencies, default=float("nan")) * 1000, 2),
            "mean": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        },
        "games_finished": sum(r["games"] for r in results),
        "errors": errors,
        "connect_failures": sum(r["connect_failures"] for r in results),
        "disconnects": sum(r["disconnects"] for r in results),
        "cpus": os.cpu_count(),
        "server_cpu_ms_per_move": None,
        "load_average": os.getloadavg()[0],
    }
    window = args.duration - 1.0  # the CPU is read over duration-1 s of the window
    spent = [b - a for a, b in zip(cpu0, cpu1, strict=True) if a is not None and b is not None]
    if spent and len(spent) == len(cpu0) and latencies:
        rate = len(latencies) / elapsed
        report["server_cpu_ms_per_move"] = round(sum(spent) / max(1e-9, window * rate)
                                                 * 1000, 3)
        report["server_cpu_share"] = round(sum(spent) / window, 2)
    report["per_server"] = [_per_server(i, located, elapsed, spent[i] / window
                                        if i < len(spent) else None)
                            for i in range(len(urls))]
    if latencies:
        client_cpu = sum(r["cpu"] for r in results)
        report["client_cpu_ms_per_move"] = round(client_cpu / len(latencies) * 1000, 3)
        report["client_cpu_share"] = round(client_cpu / elapsed, 2)
    if machine0 is not None and machine1 is not None:
        # the whole machine's busy cores; minus the server and the clients: everyone else
        report["machine_cpu_share"] = round((machine1 - machine0) / (args.duration - 1.0), 2)
    if len(urls) > 1:  # a client at the table's owner, and one piped to it through Redis
        report["latency_by_path_ms"] = {
            name: {"moves": len(values), "p50": round(_pct(values, 50) * 1000, 2),
                   "p99": round(_pct(values, 99) * 1000, 2)}
            for name, values in (("at-owner", by_pipe[False]), ("piped", by_pipe[True]))}
    if args.json:
        print(json.dumps(report))
    else:
        lat = report["latency_ms"]
        print(f"{args.tables} tables, {2 * args.tables} clients in {args.procs} process(es), "
              f"think {args.think}s, measured {report['duration_s']}s")
        print(f"  moves: {report['moves']} ({report['moves_per_s']}/s), games finished: "
              f"{report['games_finished']}")
        print(f"  move -> next observation: p50 {lat['p50']} ms, p90 {lat['p90']} ms, "
              f"p99 {lat['p99']} ms, max {lat['max']} ms")
        print(f"  server: {report['server_cpu_ms_per_move']} ms CPU per move, "
              f"{report.get('server_cpu_share')} of a core; load average "
              f"{report['load_average']:.1f} on {report['cpus']} cores")
        print(f"  clients: {report.get('client_cpu_ms_per_move')} ms CPU per move, "
              f"{report.get('client_cpu_share')} of a core; the whole machine was busy "
              f"{report.get('machine_cpu_share')} of {report['cpus']} cores")
        print(f"  errors: {errors or 'none'}, connect failures: {report['connect_failures']}, "
              f"disconnects: {report['disconnects']}")
        if len(urls) > 1:
            for name, row in report["latency_by_path_ms"].items():
                print(f"  clients {name}: p50 {row['p50']} ms, p99 {row['p99']} ms "
                      f"({row['moves']} moves)")
            for row in report["per_server"]:
                print(f"  server process {row['process']}: its clients' moves "
                      f"{row['moves_per_s']}/s, p50 {row['p50_ms']} ms, p99 {row['p99_ms']} "
                      f"ms; {row['cpu_share']} of a core")
    return 0


def _per_server(process: int, located: list[tuple[int, float]], elapsed: float,
                cpu_share: float | None) -> dict[str, Any]:
    """One server process's part: the moves of the clients connected to it."""
    mine = [x for where, x in located if where == process]
    return {"process": process, "moves": len(mine),
            "moves_per_s": round(len(mine) / elapsed, 1),
            "p50_ms": round(_pct(mine, 50) * 1000, 2), "p99_ms": round(_pct(mine, 99) * 1000, 2),
            "cpu_share": round(cpu_share, 2) if cpu_share is not None else None}


if __name__ == "__main__":
    sys.exit(main())

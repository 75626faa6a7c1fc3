"""Load script: N WebSocket clients on M tables play random legal moves.

Not a test (nothing is asserted); it prints what it measured:

    python -m cardtable.tools.loadtest --spawn --tables 1000 --duration 60

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

Several server processes of one site: ``--servers N`` spawns N on one
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
import faulthandler
import json
import multiprocessing
import subprocess
import sys
import time

from cardtable.tools.loadtest.clients import client_process, create_tables, raise_fd_limit
from cardtable.tools.loadtest.report import Run, build, show
from cardtable.tools.loadtest.servers import (
    cpu_seconds,
    loopback,
    machine_cpu_seconds,
    scrape,
    spawn_site,
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m cardtable.tools.loadtest",
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
    return parser


def _measure(args: argparse.Namespace, urls: list[str],
             procs: list[subprocess.Popen[bytes]]) -> Run:
    """Make the tables, play on them from the client processes for the warm-up and the
    measured window, reading the servers' CPU around it; the spawned servers end here."""
    cpu0: list[float | None] = []
    cpu1: list[float | None] = []
    machine0 = machine1 = None
    try:
        t0 = time.time()
        tables = asyncio.run(create_tables(urls, args.tables, args.game, args.variant))
        setup = time.time() - t0
        ws_urls = [url.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
                   for url in urls]
        chunks = [tables[i::args.procs] for i in range(args.procs)]
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(args.procs) as pool:
            pending = pool.starmap_async(client_process, [
                (ws_urls, chunk, args.think, args.duration, args.warmup, args.seed + i)
                for i, chunk in enumerate(chunks)])
            time.sleep(args.warmup + 1.0)
            cpu0 = [cpu_seconds(proc.pid) for proc in procs]
            machine0 = machine_cpu_seconds()
            time.sleep(args.duration - 1.0)
            cpu1 = [cpu_seconds(proc.pid) for proc in procs]
            machine1 = machine_cpu_seconds()
            if args.metrics:
                scrape(urls[0], args.metrics)
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
    return Run(results, setup, cpu0, cpu1, machine0, machine1)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # the run is bounded in time whatever happens: a stuck run prints where it hangs and ends
    faulthandler.dump_traceback_later(args.warmup + args.duration + 600, exit=True)
    raise_fd_limit()
    procs: list[subprocess.Popen[bytes]] = []
    if args.url:
        urls = [url.rstrip("/") for url in args.url]
    else:
        spawned = spawn_site(args.servers, args.db, args.redis, args.server_arg)
        procs = [proc for proc, _url in spawned]
        urls = [url for _proc, url in spawned]
    for url in urls:
        loopback(url)
    report = build(args, len(urls), _measure(args, urls, procs))
    if args.json:
        print(json.dumps(report))
    else:
        show(report, args, len(urls))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The load's clients: the tables made over HTTP, then two WebSocket players per table
playing random legal moves after a think time, timing each move to the observation of the
version it made."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import resource
import time
from dataclasses import dataclass, field
from typing import Any


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


def raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


Table = tuple[str, str, str, int]
"""A table's id, its two seats' tokens, and the server process it was created on."""


async def create_tables(urls: list[str], count: int, game: str,
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
    answered: int | None = None
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
                    if message["game_no"] != answered:
                        # each game counted once per seat, as both seats ask for the next:
                        # the first "again" is an offer, the second accepts it
                        answered = message["game_no"]
                        stats.games_finished += 1
                        await ws.send(json.dumps({"type": "again", "game_no": answered}))
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


def client_process(ws_urls: list[str], tables: list[Table], think: float,
                    duration: float, warmup: float, seed: int) -> dict[str, Any]:
    raise_fd_limit()

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

"""The lobby's bus on a Redis of the test's own: a change published by one process is heard
by every process (the publisher too); after Redis was away, each subscriber is told to
read the whole list again (what was published meanwhile is lost to pub/sub); the players'
lobby sockets are counted over the processes, and a process that closes takes its back."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from harness import PATIENCE, RedisServer

from cardtable.server.cluster.lobbybus import RedisBus


async def until(condition: Any) -> None:
    """Wait for a condition (the machine may be busy), failing after the harness's patience."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not condition():
        assert loop.time() < deadline, "the condition did not come true"
        await asyncio.sleep(0.02)


def test_changes_reach_every_process_and_a_reconnect_asks_for_the_whole_list(
        tmp_path: Path) -> None:
    server = RedisServer(tmp_path)
    server.start()
    heard: dict[str, list[dict[str, Any]]] = {"a": [], "b": []}

    async def scenario() -> None:
        a = RedisBus(server.url, "test:", heard["a"].append)
        b = RedisBus(server.url, "test:", heard["b"].append)
        await a.start()
        await b.start()
        try:
            await a.publish({"type": "gone", "ids": ["x"], "reason": "withdrawn"})
            await until(lambda: heard["a"] and heard["b"])
            assert heard["a"] == heard["b"] == [{"type": "gone", "ids": ["x"],
                                                 "reason": "withdrawn"}]
            await a.arrive("ada")
            await b.arrive("ada")
            await a.depart("ada")
            assert await a.present("ada") and await b.present("ada")
            await asyncio.to_thread(server.stop)
            await asyncio.to_thread(server.start)  # the same port, empty
            await until(lambda: {"type": "resync"} in heard["a"]
                        and {"type": "resync"} in heard["b"])
            await b.arrive("bo")
            await b.close()
            assert not await a.present("bo")
        finally:
            await a.close()

    try:
        asyncio.run(scenario())
    finally:
        server.stop()

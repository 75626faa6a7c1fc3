"""The lobby's changes between the processes of one site: Redis pub/sub on the site's own
Redis (one channel, ``<prefix>lobby``), or a direct call when one process runs alone.

Pub/sub rather than the relay's streams: a lobby change goes to every process at once with
one ``PUBLISH``, and the database, not the message, is the truth. A subscriber that lost
Redis for a moment misses what was published meanwhile, so on reconnecting it hands its
listener a ``{"type": "resync"}``: the lobby then reads the open seeks again and sends
the whole list to its sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger("cardtable.server.lobbybus")

Listener = Callable[[dict[str, Any]], None]


class LocalBus:
    """One process alone: a change reaches this process's listener at once."""

    def __init__(self, listener: Listener) -> None:
        self.listener = listener

    async def start(self) -> None:
        return None

    async def publish(self, message: dict[str, Any]) -> None:
        self.listener(message)

    async def close(self) -> None:
        return None


class RedisBus:
    """Several processes: every change is published once and heard by every process (the
    publisher too, through the same channel, so each process has one path)."""

    def __init__(self, url: str, prefix: str, listener: Listener) -> None:
        self.redis = aioredis.from_url(url, decode_responses=True, socket_connect_timeout=2)
        self.channel = f"{prefix}lobby"
        self.listener = listener
        self._task: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()

    async def start(self) -> None:
        """Subscribe (and wait until Redis confirms it, so no change of ours is missed)."""
        self._task = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self._subscribed.wait(), 10)

    async def publish(self, message: dict[str, Any]) -> None:
        """Publish a change; while Redis is away it is lost, and the subscribers resync
        when Redis is back."""
        try:
            await self.redis.publish(self.channel, json.dumps(message, separators=(",", ":")))
        except (RedisError, OSError) as exc:
            log.warning("a lobby change was not published: %s", exc)

    async def _listen(self) -> None:
        pause = 0.05
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                self._subscribed.set()
                if not first:
                    self.listener({"type": "resync"})
                first = False
                pause = 0.05
                async for item in pubsub.listen():
                    if item.get("type") == "message":
                        self._deliver(str(item["data"]))
            except (RedisError, OSError):
                await asyncio.sleep(pause)
                pause = min(1.0, pause * 2)
            finally:
                with contextlib.suppress(RedisError, OSError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

    def _deliver(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            return
        if isinstance(message, dict):
            try:
                self.listener(message)
            except Exception:
                log.exception("a lobby change could not be handled")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self.redis.aclose()

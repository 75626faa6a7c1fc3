"""The lobby's changes between the processes of one site: Redis pub/sub on the site's own
Redis (one channel, ``<prefix>lobby``), or a direct call when one process runs alone; and
each player's lobby sockets, counted over all the processes (a hash,
``<prefix>lobby:sockets``), so that a real-time seek ends only when its player has none
left anywhere.

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
from collections import Counter
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger("cardtable.server.lobbybus")

Listener = Callable[[dict[str, Any]], None]


class LocalBus:
    """One process alone: a change reaches this process's listener at once, and a player's
    lobby sockets are counted here."""

    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        self.sockets: Counter[str] = Counter()

    async def arrive(self, owner: str) -> None:
        self.sockets[owner] += 1

    async def depart(self, owner: str) -> None:
        self.sockets[owner] -= 1
        if self.sockets[owner] <= 0:
            del self.sockets[owner]

    async def present(self, owner: str) -> bool:
        """Whether the player has a lobby socket open."""
        return owner in self.sockets

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
        self.counts = f"{prefix}lobby:sockets"
        """A hash: each player's lobby sockets open at all the site's processes."""
        self.mine: Counter[str] = Counter()
        """This process's share of those counts, taken back when it closes."""
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

    async def arrive(self, owner: str) -> None:
        self.mine[owner] += 1
        await self._count(owner, 1)

    async def depart(self, owner: str) -> None:
        self.mine[owner] -= 1
        if self.mine[owner] <= 0:
            del self.mine[owner]
        await self._count(owner, -1)

    async def _count(self, owner: str, delta: int) -> None:
        try:
            if await self.redis.hincrby(self.counts, owner, delta) <= 0:  # type: ignore[misc]
                await self.redis.hdel(self.counts, owner)  # type: ignore[misc]
        except (RedisError, OSError) as exc:
            log.warning("a lobby socket was not counted: %s", exc)

    async def present(self, owner: str) -> bool:
        """Whether the player has a lobby socket open at any process (while Redis is away:
        at this one)."""
        try:
            found = await self.redis.hget(self.counts, owner)  # type: ignore[misc]
        except (RedisError, OSError):
            return owner in self.mine
        return found is not None and int(found) > 0

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
        """Stop listening, and take back this process's sockets from the counts."""
        for owner, count in list(self.mine.items()):
            await self._count(owner, -count)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self.redis.aclose()

"""Messages between the server processes of one site, through Redis streams.

Each process reads one stream of its own, its inbox: requests for the tables it owns
(a move forwarded by the process that holds the player's WebSocket), the answers to its
own requests, and the updates of tables it follows. A stream rather than pub/sub: a
reader that lost its connection to Redis for a moment reads on from the last entry it
saw, so nothing sent meanwhile is lost; pub/sub drops whatever is published while a
subscriber is not listening, which is exactly the moment of a reconnect.

One sender task writes everything this process sends, in the order it was queued (a
table's updates reach a follower in the order they happened, and an update before the
answer that follows it); what cannot be sent while Redis is away waits and goes out when
Redis is back. The database stays the truth: Redis only carries messages.

Each write to Redis costs this process about 0.15 ms of CPU (a round trip through the
client library), a fifth of a whole move at the table, whatever it carries. So the sender
writes at most once per :data:`FLUSH_GAP` and puts all that waited for one inbox into one
entry, its messages a line each (a message's JSON holds no raw line break). When the site
is quiet a message still goes out at once; under load many share a write.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError
from redis.typing import EncodableT, FieldT

log = logging.getLogger("cardtable.server.relay")

BLOCK_MS = 1000
"""How long one read waits for new entries before it asks again."""
INBOX_CAP = 10_000
"""Entries an inbox keeps (trimmed approximately); a reader is never that far behind."""
BEAT = 1.0
"""Seconds between this process's heartbeats in the list of processes."""
MAX_WAITING = 100_000
"""Messages kept while Redis is away; older ones are dropped (followers then reload)."""
STOP_SECONDS = 2.0
"""How long a stop waits for the reader, sender and heartbeat to end."""
FLUSH_GAP = 0.002
"""Seconds at least between two writes of the sender: what is queued meanwhile goes out
together (one entry per inbox); the longest a message waits for its write."""


class RelayDown(Exception):
    """Redis cannot be reached right now: nothing was sent."""


class Relay:
    """This process's inbox and outbox on Redis; ``on_message`` gets every message that is
    not an answer to one of this process's requests."""

    def __init__(self, url: str, prefix: str, me: str,
                 on_message: Callable[[dict[str, Any]], None]) -> None:
        self.redis = aioredis.from_url(url, decode_responses=True,
                                       socket_timeout=BLOCK_MS / 1000 + 4,
                                       socket_connect_timeout=2)
        # the reader and the sender each keep a connection of their own: no pool per call
        self._reader = self.redis.client()
        self._sender = self.redis.client()
        self.prefix = prefix
        self.me = me
        self.on_message = on_message
        self.healthy = True
        self._outbox: deque[tuple[str, str]] = deque()
        self._queued = asyncio.Event()
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False

    def inbox(self, process: str) -> str:
        return f"{self.prefix}inbox:{process}"

    @property
    def processes(self) -> str:
        """The site's processes, each scored with the time of its last heartbeat."""
        return f"{self.prefix}processes"

    async def start(self) -> None:
        """Check that Redis answers (raises :class:`RedisError` if not), then read and send."""
        await self.redis.ping()  # type: ignore[misc]  # (typed for both of its clients)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._read()), loop.create_task(self._send()),
                       loop.create_task(self._beat())]

    async def peers(self) -> list[str]:
        """The other processes of the site that are alive (a heartbeat in the last three)."""
        now = time.time()
        found = await self.redis.zrangebyscore(self.processes, now - 3 * BEAT, "+inf")
        return [p for p in found if p != self.me]

    async def broadcast(self, message: dict[str, Any]) -> None:
        """Queue a message for every other live process (none, if Redis is away)."""
        with contextlib.suppress(RedisError, OSError):
            for process in await self.peers():
                self.send(process, message)

    async def _beat(self) -> None:
        while True:
            with contextlib.suppress(RedisError, OSError):
                now = time.time()
                await self.redis.zadd(self.processes, {self.me: now})
                await self.redis.zremrangebyscore(self.processes, "-inf", now - 60 * BEAT)
            await asyncio.sleep(BEAT)

    async def close(self) -> None:
        """Send what is queued (briefly), stop, and delete this process's inbox."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._drained(), 2.0)
        # Redis's client may turn a cancelled blocking read into a connection error, which
        # the reader would take for an outage and read on: the flag ends its loop, and the
        # wait is bounded, so a stop never hangs on a read
        self._closing = True
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=STOP_SECONDS)
        with contextlib.suppress(RedisError, OSError):
            await self.redis.delete(self.inbox(self.me))
            await self.redis.zrem(self.processes, self.me)
        for client in (self._reader, self._sender, self.redis):
            with contextlib.suppress(TimeoutError, RedisError, OSError):
                await asyncio.wait_for(client.aclose(), STOP_SECONDS)

    async def _drained(self) -> None:
        while self._outbox:
            await asyncio.sleep(0.01)

    def send(self, process: str, message: dict[str, Any]) -> None:
        """Queue a message for ``process``; it goes out in order, when Redis answers."""
        self._outbox.append((process, json.dumps(message, separators=(",", ":"))))
        if len(self._outbox) > MAX_WAITING:
            self._outbox.popleft()
        self._queued.set()

    async def request(self, process: str, message: dict[str, Any],
                      timeout: float) -> dict[str, Any]:
        """Send a request and wait for its answer; :class:`RelayDown` if Redis is away,
        :class:`TimeoutError` if no answer comes (the other process may be gone)."""
        if not self.healthy:
            raise RelayDown
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        try:
            self.send(process, {**message, "rq": number, "from": self.me})
            return await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(number, None)

    def answer(self, request: dict[str, Any], answer: dict[str, Any]) -> None:
        """Answer a request received in ``on_message``."""
        self.send(str(request["from"]), {**answer, "k": "answer", "rq": request["rq"]})

    async def _send(self) -> None:
        loop = asyncio.get_running_loop()
        pause = 0.05
        last = -FLUSH_GAP
        while True:
            await self._queued.wait()
            gap = last + FLUSH_GAP - loop.time()
            if gap > 0:
                await asyncio.sleep(gap)
            self._queued.clear()
            while self._outbox:
                batch = list(itertools.islice(self._outbox, 500))
                lines: dict[str, list[str]] = {}
                for process, text in batch:
                    lines.setdefault(process, []).append(text)
                last = loop.time()
                try:
                    await self._write(lines)
                except (RedisError, OSError):
                    self._down("sending")
                    await asyncio.sleep(pause)
                    pause = min(1.0, pause * 2)
                    continue
                pause = 0.05
                self.healthy = True
                for _ in batch:
                    self._outbox.popleft()

    async def _write(self, lines: dict[str, list[str]]) -> None:
        """One entry for each inbox, with its messages in order; one round trip in all (a
        lone entry without a pipeline, which costs a fifth more)."""
        entries: list[tuple[str, dict[FieldT, EncodableT]]] = [
            (self.inbox(process), {"m": "\n".join(texts)}) for process, texts in lines.items()]
        if len(entries) == 1:
            await self._sender.xadd(*entries[0], maxlen=INBOX_CAP, approximate=True)
            return
        async with self._sender.pipeline(transaction=False) as pipe:
            for inbox, fields in entries:
                pipe.xadd(inbox, fields, maxlen=INBOX_CAP, approximate=True)
            await pipe.execute()

    async def _read(self) -> None:
        last = "0-0"  # a new process's inbox is new: read it all
        pause = 0.05
        while not self._closing:
            try:
                found = await self._reader.xread({self.inbox(self.me): last}, count=500,
                                                 block=BLOCK_MS)
            except (RedisError, OSError):
                self._down("reading")
                await asyncio.sleep(pause)
                pause = min(1.0, pause * 2)
                continue
            pause = 0.05
            self.healthy = True
            for _stream, entries in found or []:
                for entry_id, fields in entries:
                    last = entry_id
                    for text in fields.get("m", "").split("\n"):
                        self._deliver_text(text)

    def _deliver_text(self, text: str) -> None:
        """One line of an entry; a line this process cannot read (another version's?) is
        logged and skipped, and the reader reads on."""
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            log.error("a message from another process could not be read",
                      extra={"start": text[:80]})
            return
        self._deliver(message)

    def _deliver(self, message: dict[str, Any]) -> None:
        if message.get("k") == "answer":
            future = self._waiting.get(int(message["rq"]))
            if future is not None and not future.done():
                future.set_result(message)
            return
        try:
            self.on_message(message)
        except Exception:
            log.exception("a message from another process could not be handled")

    def _down(self, doing: str) -> None:
        if self.healthy:
            log.warning("Redis cannot be reached (%s); retrying", doing)
        self.healthy = False
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(RelayDown())

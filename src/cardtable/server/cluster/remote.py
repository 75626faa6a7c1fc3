"""Tables another process owns: any process serves any table.

Each running table has one owner process (:mod:`.leases`), where its moves are checked
and stored and its computer players and clock run. A player's WebSocket may reach any
process. If that is not the owner, this process is a pipe: it reads the client's
messages (within the same limits as ever) and forwards each to the owner, through the
owner's inbox (:mod:`.relay`); the owner handles them on a connection of its own for
this client, exactly as for a local one, and its writer's messages come back the same
way. So there is one way to play a move, and presence, "seen" positions and the
metrics stay with the table.

HTTP changes at a table (taking a seat, the next game) are forwarded as calls: the same
:data:`ACTIONS` run at the owner, with digests instead of secrets. HTTP reads are served
from a copy rebuilt from the database (:meth:`TableManager.view`).

When the owner goes (it hands its tables over, or dies and its lease lapses) the pipes
to it close with code 4503 and the clients connect again by themselves; the table is
then served by whichever process takes its lease. While Redis is away a pipe refuses
the client's messages at once (``relay-down``): nothing is forwarded late or half-way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from redis.exceptions import RedisError

from cardtable.server.cluster import leases
from cardtable.server.cluster.ownership import ELSEWHERE, TableManager
from cardtable.server.cluster.relay import Relay, RelayDown
from cardtable.server.live.client_messages import handle, read_messages, reply_error
from cardtable.server.live.conns import Conn, until_either
from cardtable.server.live.tables import LiveTable
from cardtable.server.ops.config import Settings
from cardtable.server.protocol.errors import Refusal, ws_error

log = logging.getLogger("cardtable.server.remote")

REQUEST_SECONDS = 3.0
"""How long a request to the owner may take before the owner counts as unreachable."""
FORWARD_TTL = 5.0
"""A forwarded client message older than this is refused, not played (it was held up,
e.g. while Redis was away, and the client has been told nothing arrived)."""
WATCH_EVERY = 1.0
"""Seconds between looks at which processes are alive."""
MISSES = 3
"""Looks in a row a process must be missing before its pipes or guests are dropped."""
RELAY_DOWN = ("the server processes cannot reach each other right now (Redis is away); "
              "nothing was played: try again in a moment")


Action = Callable[[LiveTable, dict[str, Any]], Awaitable[dict[str, Any]]]


async def _claim(table: LiveTable, args: dict[str, Any]) -> dict[str, Any]:
    await table.claim_digest(int(args["seat"]), str(args["invite_hash"]), args.get("name"),
                             str(args["token_hash"]))
    return table.info()


async def _again(table: LiveTable, args: dict[str, Any]) -> dict[str, Any]:
    seat = table.seat_for_digest(args.get("token_hash"))
    if seat is None:
        raise Refusal("no-seat", "only a player at this table may start the next game")
    game_no = args.get("game_no")
    await table.again(seat, int(game_no) if game_no is not None else None)
    return table.info()


async def _rebind(table: LiveTable, args: dict[str, Any]) -> dict[str, Any]:
    await table.rebind_digest(int(args["seat"]), str(args["token_hash"]))
    return table.info()


ACTIONS: dict[str, Action] = {"claim": _claim, "again": _again, "rebind": _rebind}
"""HTTP changes at a table, run wherever the table is owned; each returns its info."""


@dataclass
class Pipe:
    """A client here, at a table owned by another process."""

    owner: str
    out: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    """The owner's messages for the client; ``None``: close, the client connects again."""
    misses: int = 0


@dataclass
class Guest:
    """A client of another process, at a table this process owns."""

    process: str
    table: LiveTable
    conn: Conn
    inbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    misses: int = 0


class Remote:
    """This process's side of every table shared with another process: its pipes to
    tables owned elsewhere, and its guests at tables it owns."""

    def __init__(self, manager: TableManager, relay: Relay, settings: Settings) -> None:
        self.manager = manager
        self.relay = relay
        self.settings = settings
        self._pipes: dict[str, Pipe] = {}
        self._guests: dict[tuple[str, str], Guest] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._watcher: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._watcher = asyncio.get_running_loop().create_task(self._watch())

    async def close(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
        for pipe in self._pipes.values():
            pipe.out.put_nowait(None)
        for key in list(self._guests):
            self._drop_guest(key, tell=True)

    # --- a client here, its table owned elsewhere ---
    async def pipe(self, websocket: WebSocket, table_id: str, token_hash: str | None,
                   seen: int | None, game_no: int | None,
                   refuse: Callable[[str, str, int], Awaitable[None]]) -> bool:
        """Serve the client through the table's owner until it goes away (``True``), or
        ``False`` at once if the owner cannot be reached (its lease may be lapsing)."""
        owner = await self.manager.db.run(leases.owner_of, table_id, time.time())
        if owner is None or owner == self.manager.owner:
            return False
        key = secrets.token_hex(8)
        pipe = Pipe(owner)
        self._pipes[key] = pipe
        try:
            try:
                answer = await self.relay.request(owner, {
                    "k": "attach", "t": table_id, "c": key, "h": token_hash, "seen": seen,
                    "game_no": game_no}, REQUEST_SECONDS)
            except RelayDown:
                await refuse("relay-down", RELAY_DOWN, 4503)
                return True
            except TimeoutError:
                return False
            if not answer["ok"]:
                await refuse(answer["code"], answer["message"], int(answer["close"]))
                return True

            def local_error(code: str, message: str) -> None:
                pipe.out.put_nowait(json.dumps(ws_error(code, message)))

            async def forward(raw: str) -> None:
                if not self.relay.healthy:
                    local_error("relay-down", RELAY_DOWN)
                    return
                self.relay.send(owner, {"k": "in", "c": key, "x": raw, "at": time.time(),
                                        "from": self.manager.owner})

            async def room() -> None:
                return None

            try:
                await until_either(
                    read_messages(websocket, self.settings, room, local_error, forward,
                                  self.manager.metrics.flooding.inc),
                    self._to_client(websocket, pipe))
            finally:
                self.relay.send(owner, {"k": "detach", "c": key, "from": self.manager.owner})
            return True
        finally:
            del self._pipes[key]

    async def _to_client(self, websocket: WebSocket, pipe: Pipe) -> None:
        while True:
            text = await pipe.out.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await websocket.close(4503, reason="moved")
                return
            try:
                await websocket.send_text(text)
            except Exception:
                return  # the client went away: the reader sees it and ends the pipe

    async def call(self, table_id: str, action: str, args: dict[str, Any]) -> dict[str, Any]:
        """Run one of :data:`ACTIONS` at the table's owner, here if this process owns it or
        can take it; the table's info after it. A lapsing owner is waited for."""
        deadline = time.monotonic() + (self.settings.lease_seconds or 0.0) + REQUEST_SECONDS
        while True:
            table = await self._local(table_id)
            if table is not None:
                return await ACTIONS[action](table, args)
            owner = await self.manager.db.run(leases.owner_of, table_id, time.time())
            if owner is not None and owner != self.manager.owner:
                try:
                    answer = await self.relay.request(owner, {
                        "k": "call", "a": action, "t": table_id, "args": args},
                        REQUEST_SECONDS)
                except RelayDown:
                    raise Refusal("relay-down", RELAY_DOWN) from None
                except TimeoutError:
                    answer = None
                if answer is not None:
                    if answer["ok"]:
                        result: dict[str, Any] = answer["result"]
                        return result
                    raise Refusal(answer["code"], answer["message"], answer.get("rule"),
                                  parts=answer.get("parts"))
            if time.monotonic() > deadline:
                raise Refusal("elsewhere", ELSEWHERE)
            await asyncio.sleep(0.25)

    async def _local(self, table_id: str) -> LiveTable | None:
        """The table if this process owns it (or takes it now); ``None`` if another does.
        An unknown table is refused."""
        try:
            table = await self.manager.get(table_id)
        except Refusal as exc:
            if exc.code != "elsewhere":
                raise
            return None
        if table is None:
            raise Refusal("unknown-table", f"there is no table '{table_id[:40]}'")
        return table

    # --- messages from other processes ---
    def on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("k")
        if kind == "out":
            pipe = self._pipes.get(str(message["c"]))
            if pipe is not None:
                pipe.out.put_nowait(str(message["x"]))
        elif kind == "closed":
            pipe = self._pipes.get(str(message["c"]))
            if pipe is not None:
                pipe.out.put_nowait(None)
        elif kind == "in":
            self._client_message(message)
        elif kind == "detach":
            self._drop_guest((str(message["from"]), str(message["c"])), tell=False)
        elif kind == "attach":
            self._spawn(self._attach(message))
        elif kind == "call":
            self._spawn(self._call(message))
        elif kind == "handover":
            self._spawn(self._take([str(t) for t in message.get("tables", [])]))
        else:
            log.warning("a message from another process was ignored", extra={"kind": kind})

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _attach(self, message: dict[str, Any]) -> None:
        process, key = str(message["from"]), str(message["c"])
        try:
            table = await self._local(str(message["t"]))
        except Refusal as exc:
            self.relay.answer(message, {"ok": False, "code": exc.code, "message": exc.message,
                                        "close": 4404})
            return
        if table is None:
            self.relay.answer(message, {"ok": False, "code": "elsewhere", "message": ELSEWHERE,
                                        "close": 4503})
            return
        hashed = message.get("h")
        seat = table.seat_for_digest(hashed)
        if hashed and seat is None:
            self.relay.answer(message, {"ok": False, "code": "bad-token", "close": 4401,
                                        "message": "this seat token holds no seat at this "
                                                   "table"})
            return
        if seat is None and not table.table_settings.get("spectators", True):
            self.relay.answer(message, {"ok": False, "code": "no-spectators", "close": 4403,
                                        "message": "this table has no spectators"})
            return

        async def send(text: str) -> None:
            self.relay.send(process, {"k": "out", "c": key, "x": text})

        conn = Conn(table, seat, send, message.get("seen"), message.get("game_no"))
        conn.on_kick = lambda: self._drop_guest((process, key), tell=True)
        guest = Guest(process, table, conn)
        self.relay.answer(message, {"ok": True, "seat": seat})
        self._guests[process, key] = guest
        table.connect(conn)
        loop = asyncio.get_running_loop()
        guest.tasks = [loop.create_task(conn.writer()), loop.create_task(self._serve(guest))]

    async def _serve(self, guest: Guest) -> None:
        """A guest's messages, one at a time in order, as a local client's are."""
        while True:
            raw = await guest.inbox.get()
            await guest.conn.room.wait()
            await handle(guest.table, guest.conn, raw)

    def _client_message(self, message: dict[str, Any]) -> None:
        key = (str(message["from"]), str(message["c"]))
        guest = self._guests.get(key)
        if guest is None:  # this process does not hold that client (any more)
            self.relay.send(key[0], {"k": "closed", "c": key[1]})
            return
        if time.time() - float(message.get("at", 0)) > FORWARD_TTL:
            reply_error(guest.table, guest.conn, "late", "your message was held up on its way "
                        "between the server processes and was not played; look at the "
                        "table and send it again")
            return
        guest.inbox.put_nowait(str(message["x"]))

    def _drop_guest(self, key: tuple[str, str], tell: bool) -> None:
        guest = self._guests.pop(key, None)
        if guest is None:
            return
        for task in guest.tasks:
            task.cancel()
        guest.table.disconnect(guest.conn)
        if tell:
            self.relay.send(key[0], {"k": "closed", "c": key[1]})

    async def _call(self, message: dict[str, Any]) -> None:
        try:
            table = await self._local(str(message["t"]))
            if table is None:
                raise Refusal("elsewhere", ELSEWHERE)
            result = await ACTIONS[str(message["a"])](table, dict(message["args"]))
        except Refusal as exc:
            self.relay.answer(message, {"ok": False, "code": exc.code, "message": exc.message,
                                        "rule": exc.rule, "parts": exc.parts})
            return
        except Exception:
            log.exception("a call from another process failed", extra={"table": message["t"]})
            self.relay.answer(message, {"ok": False, "code": "server-error",
                                        "message": "the server failed on this request"})
            return
        self.relay.answer(message, {"ok": True, "result": result})

    async def _take(self, tables: list[str]) -> None:
        """A process that shuts down hands its tables over: take them now (each is taken by
        one process, whichever takes its lease first), not when the next scan finds them."""
        taken = 0
        for table_id in tables:
            try:
                taken += await self.manager.get(table_id) is not None
            except Refusal:
                pass  # another process took it first
            except Exception:
                log.exception("a table handed over could not be taken",
                              extra={"table": table_id})
        log.info("tables handed over by another process", extra={"tables": len(tables),
                                                                 "taken": taken})

    # --- who is alive ---
    async def _watch(self) -> None:
        """Close the pipes to an owner that is gone, and drop the guests of a process that
        is gone (it crashed: nobody detaches them)."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            try:
                alive = set(await self.relay.peers())
            except (RedisError, OSError):
                alive = set()
            for pipe in list(self._pipes.values()):
                pipe.misses = 0 if pipe.owner in alive else pipe.misses + 1
                if pipe.misses == MISSES:
                    pipe.out.put_nowait(None)
            for key, guest in list(self._guests.items()):
                guest.misses = 0 if guest.process in alive else guest.misses + 1
                if guest.misses >= MISSES:
                    self._drop_guest(key, tell=False)

"""The lobby sockets of this process and the fan-out of each lobby change to them.

A change arrives once per process (from the bus) and is encoded once for everyone, once
more for the sockets of the seek's owner (``"mine": true``); each socket has a short
queue of its own, so one slow reader never holds up the others: a socket whose queue is
full is told to close and read the whole list again when it reconnects.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

QUEUE = 256
"""Messages a socket may have waiting before it is dropped as too slow."""


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class Watcher:
    """One lobby socket: whose it is, which game it follows (None: all), its queue."""

    def __init__(self, owner: str | None, game: str | None) -> None:
        self.owner = owner
        self.game = game
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE)

    def put(self, text: str) -> None:
        """Queue a message; a full queue ends the socket (``None``)."""
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)


class Hub:
    """Every lobby socket of this process. ``on_resync`` is called after the bus missed
    changes: it sends each socket the whole list again."""

    def __init__(self) -> None:
        self.watchers: set[Watcher] = set()
        self.on_resync: Callable[[], None] = lambda: None

    def add(self, watcher: Watcher) -> None:
        self.watchers.add(watcher)

    def remove(self, watcher: Watcher) -> None:
        self.watchers.discard(watcher)

    def deliver(self, message: dict[str, Any]) -> None:
        """A lobby change from the bus, to the sockets it concerns."""
        kind = message.get("type")
        if kind == "resync":
            self.on_resync()
        elif kind == "seek":
            self._new_seek(message)
        elif kind == "gone":
            text = encode({"type": "gone", "ids": message["ids"], "reason": message["reason"]})
            for watcher in self.watchers:
                watcher.put(text)
        elif kind == "paired":
            text = encode({"type": "paired", "seek": message["id"], "table": message["table"]})
            for watcher in self.watchers:
                if watcher.owner == message["owner"]:
                    watcher.put(text)

    def _new_seek(self, message: dict[str, Any]) -> None:
        seek = message["seek"]
        public = encode({"type": "seek", "seek": seek})
        mine = encode({"type": "seek", "seek": {**seek, "mine": True}})
        for watcher in self.watchers:
            if watcher.game is not None and watcher.game != seek["game"]:
                continue
            watcher.put(mine if watcher.owner == message["owner"] else public)

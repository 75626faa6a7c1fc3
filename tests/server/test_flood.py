"""The reading side of a WebSocket: a burst over the rate is answered once and dropped, a
client that keeps it up is closed (1008), and nothing it sends meanwhile is handled."""

from __future__ import annotations

import asyncio
from typing import Any

from cardtable.server.live.client_messages import FLOODING, read_messages
from cardtable.server.ops.config import Settings


class FakeSocket:
    """Hands out ``count`` pings at once (far faster than any rate), then a disconnect."""

    def __init__(self, count: int) -> None:
        self.left = count
        self.closed: tuple[int, str] | None = None

    async def receive(self) -> dict[str, Any]:
        if self.left == 0 or self.closed:
            return {"type": "websocket.disconnect", "code": 1000}
        self.left -= 1
        return {"type": "websocket.receive", "text": '{"type": "ping"}'}

    async def close(self, code: int, reason: str = "") -> None:
        self.closed = (code, reason)


def read(count: int, rate: float = 50.0) -> tuple[list[str], list[str], FakeSocket]:
    socket = FakeSocket(count)
    handled: list[str] = []
    refused: list[str] = []

    async def room() -> None:
        return None

    async def handle(raw: str) -> None:
        handled.append(raw)

    asyncio.run(read_messages(socket, Settings(ws_rate=rate), room,  # type: ignore[arg-type]
                              lambda code, message: refused.append(code), handle))
    return handled, refused, socket


def test_a_burst_a_little_over_the_rate_is_answered_once_and_stays_open() -> None:
    handled, refused, socket = read(130)  # 50 a second, bursts of 100
    assert len(handled) == 100
    assert refused == ["too-fast"], "the excess costs one answer, not one each"
    assert socket.closed is None


def test_a_client_that_goes_on_after_too_fast_is_closed() -> None:
    handled, refused, socket = read(10_000)
    assert socket.closed == (FLOODING, "too-fast")
    assert len(handled) == 100 and refused == ["too-fast"]
    assert socket.left > 9_000, "reading stopped when the flood was judged"

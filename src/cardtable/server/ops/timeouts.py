"""HTTP connections that must get on with it: a request's head within a time limit.

uvicorn closes a connection that stays idle after an answer (its keep-alive timeout),
but not one that never finishes a request's head: a client that sends a header line
now and then (slowloris), or nothing at all, held its connection for ever. The
protocol class made here gives each connection ``seconds`` from its start, and from
each answer, to have sent the head of its next request; otherwise it is closed. A
request whose head has come is never cut here (a long answer streams on; its body has
its own limit in the app).
"""

from __future__ import annotations

import asyncio
from typing import Any


def protocol_with_head_deadline(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools when installed, else h11) with the deadline."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as base
    except ImportError:  # httptools is an optional part of uvicorn
        from uvicorn.protocols.http.h11_impl import H11Protocol as base  # type: ignore[assignment]

    class HeadDeadline(base):
        """Counts the requests whose head arrived (uvicorn makes a cycle for each)."""

        _heads = 0
        _timer: asyncio.TimerHandle | None = None

        @property
        def cycle(self) -> Any:
            return self.__dict__.get("_cycle")

        @cycle.setter
        def cycle(self, value: Any) -> None:
            self.__dict__["_cycle"] = value
            if value is not None:
                self._heads += 1

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._timer is not None:
                self._timer.cancel()
            super().connection_lost(exc)

        def _arm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self.loop.call_later(seconds, self._too_slow, self._heads)

        def _too_slow(self, heads_then: int) -> None:
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed already, or a WebSocket now
            cycle = self.cycle
            if self._heads == heads_then and (cycle is None or cycle.response_complete):
                transport.close()

    return HeadDeadline

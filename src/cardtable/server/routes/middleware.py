"""What every HTTP request passes before a route: a limit on its body's size and time,
and ``HEAD`` answered like ``GET``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from cardtable.server.protocol.errors import http_error


class BodyLimit:
    """Refuse HTTP bodies over the limit (413) before anyone reads them, and bodies that
    take longer than ``seconds`` to arrive (408: a slow client holds no request open).

    A body without a length (chunked) is read here, up to the limit, and handed on
    whole: an error raised while the app reads it would reach the client as a vague 400.
    """

    def __init__(self, app: Any, limit: int, seconds: float) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: MutableMapping[str, Any],
                       receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
                       send: Callable[[MutableMapping[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await self._too_large(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        deadline = time.monotonic() + self.seconds
        while True:
            try:
                message = await asyncio.wait_for(receive(), deadline - time.monotonic())
            except TimeoutError:
                response = http_error(408, "too-slow", f"the request's body did not arrive "
                                                       f"within {self.seconds:g} s")
                await response(scope, receive, send)
                return
            if message["type"] != "http.request":
                return  # the client went away before its request was complete
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                await self._too_large(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        whole: MutableMapping[str, Any] | None = {
            "type": "http.request", "body": b"".join(chunks), "more_body": False}

        async def replay() -> MutableMapping[str, Any]:
            nonlocal whole
            if whole is None:
                return await receive()
            message, whole = whole, None
            return message

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Any, receive: Any, send: Any) -> None:
        response = http_error(413, "too-big", f"the body is over {self.limit} bytes")
        await response(scope, receive, send)


class HeadAsGet:
    """Answer ``HEAD`` like ``GET``, without the body (FastAPI's routes take ``GET``
    only): monitors and ``curl -I`` see a page's status and headers, not a 405."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any],
                       receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
                       send: Callable[[MutableMapping[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.body":
                if not message.get("more_body", False):
                    await send({"type": "http.response.body", "body": b""})
                return
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)

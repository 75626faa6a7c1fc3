"""uvicorn's default WebSocket protocol, with a clean close after a refused frame.

When a message goes over the transport's cut-off (``ws_max_size``), the websockets
protocol fails the connection with 1009 and from then on discards what arrives. uvicorn
writes the close frame and closes the socket at once, though the client is usually still
sending the rest of its message: the kernel answers that with a reset, and the client
(a browser too) often loses the close frame and sees 1006 instead of 1009. Here the
server half-closes instead and reads on, discarding, until the client closes in turn or
uvicorn's close timeout runs out: memory stays bounded, the client learns why.
"""

from __future__ import annotations

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class CleanCloseProtocol(WebSocketsSansIOProtocol):
    """``--ws auto`` and ``websockets-sansio``: the same, but a failure closes cleanly."""

    def handle_parser_exception(self) -> None:
        if self.close_timer is not None:
            return  # closing already: websockets discards this data
        failure = self.conn.close_sent
        assert failure is not None, "websockets sends a close frame when it fails"
        self.queue.put_nowait({"type": "websocket.disconnect", "code": failure.code,
                               "reason": failure.reason})
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.close_timer = self.loop.call_later(self.close_timeout, self.transport.close)

    async def send(self, message: ASGISendEvent) -> None:
        if self.conn.parser_exc is not None:
            raise ClientDisconnected  # the app sees a client that is gone, as it is
        await super().send(message)

"""The JSON shapes of the HTTP API and the WebSocket, the bounds of what a client sends,
and every refusal in its one shape (documented in ``server/PROTOCOL.md``)."""

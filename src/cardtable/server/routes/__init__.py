"""The HTTP and WebSocket routes: one router module per area, thin over the services and
the live tables; and what the routes share (a client's limits, heavy work's budget)."""

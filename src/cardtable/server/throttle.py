"""Limits on what one client may do, keyed by its address.

The address is the peer of the connection. Behind a reverse proxy that the operator
names trusted (``--trusted-proxy``), uvicorn's proxy-header middleware has already put
the forwarded client's address there; no forwarding header is believed otherwise.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection


def client_key(conn: HTTPConnection) -> str:
    """The address a limit counts by (``unknown`` for a connection without a peer)."""
    return conn.client.host if conn.client is not None else "unknown"

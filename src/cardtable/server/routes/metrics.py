"""``/metrics``: the server's metrics (:mod:`cardtable.server.ops.metrics`) for the operator.

It answers a request with the metrics token (``--metrics-token``, ``Authorization:
Bearer ...``) from anywhere, and without a token only a direct request from this
machine: its peer is a loopback address and it carries no forwarding header of any kind
(``Forwarded``, ``Via``, ``X-Forwarded-*``, ``X-Real-IP`` and the other names proxies
and CDNs use). A reverse proxy on this machine connects from loopback too; such a header
is how its requests show.
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Iterable

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST

from cardtable.server.protocol.errors import http_error
from cardtable.server.routes.deps import SiteSettings

router = APIRouter()


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request, settings: SiteSettings) -> Response:
    """The Prometheus text format, for this machine or the bearer of the metrics token."""
    token = settings.metrics_token
    if not _allowed(request, token):
        return http_error(403, "forbidden", "the metrics are for the operator: ask from the "
                          "server's own machine, or with the metrics token")
    text = request.app.state.metrics.text()
    return Response(text, media_type=CONTENT_TYPE_LATEST)


_FORWARDING = frozenset({
    "forwarded", "via", "x-real-ip", "x-client-ip", "true-client-ip", "cf-connecting-ip",
    "x-cluster-client-ip", "fastly-client-ip", "x-original-forwarded-for"})
"""Headers that proxies, load balancers and CDNs add (besides every ``x-forwarded-*``)."""


def _allowed(request: Request, token: str | None) -> bool:
    """The bearer of the token from anywhere; without a token, only a direct request
    from this machine (whatever token it names, a wrong one is refused)."""
    auth = request.headers.get("authorization", "")
    if token and auth.lower().startswith("bearer "):
        return hmac.compare_digest(auth[7:].strip().encode(), token.encode())
    if _forwarded(request.headers.keys()):
        return False
    return _loopback(request.client.host if request.client else "")


def _forwarded(names: Iterable[str]) -> bool:
    """Whether a request passed a proxy on its way: a proxy on this machine would
    otherwise make anybody's request look local."""
    return any(name.lower() in _FORWARDING or name.lower().startswith("x-forwarded-")
               for name in names)


def _loopback(host: str) -> bool:
    """127.0.0.0/8 or ::1 (also as an IPv4-mapped IPv6 address); no address is none."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback

"""Limits on what one client may do, keyed by its address.

The address is the peer of the connection. Behind a reverse proxy that the operator
names trusted (``--trusted-proxy``), uvicorn's proxy-header middleware has already put
the forwarded client's address there; no forwarding header is believed otherwise.

The rates are counted by the ``limits`` library, in a moving window (exact: never more
than the rate in any stretch of its length, a boundary between two minutes no way
round it): in this process's memory on the
embedded default, in Redis when the site runs several processes (so a limit holds
across all of them). Should Redis be away, requests pass (and one warning says so):
the limits protect the site, and a missing counter must not shut out its players.
"""

from __future__ import annotations

import logging
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from fastapi import Depends
from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError
from starlette.requests import HTTPConnection

from cardtable.server.protocol.errors import ApiError

log = logging.getLogger("cardtable.server.throttle")

DEFAULT_LIMITS: Mapping[str, str] = {
    "tables": "20/minute",
    "seats": "20/minute",
    "groups": "10/minute",
    "rides": "30/minute",
    "heavy": "120/minute",
    "sockets": "60/minute",
    "accounts": "10/hour",
    "signins": "10/minute",
    "seeks": "30/minute",
}
"""What one address may do, in the ``limits`` notation (``none``: no limit): ``tables``
created; ``seats`` claimed or private links tried; campaign ``groups`` created and
``rides`` entered by hand; ``heavy`` work asked for (reviews, analyses, replays, hints:
an analysis board asks once a step, and each client's such work runs one piece at a
time besides, :mod:`.heavy`); table WebSocket ``sockets`` opened; ``accounts`` made;
``signins`` tried, counted per address and again per name (whoever tries it); lobby
``seeks`` posted or taken. A person at a table uses a few of each an hour."""

WHAT = {
    "tables": "new tables", "seats": "seat claims", "groups": "new groups",
    "rides": "rides entered", "heavy": "reviews and analyses", "sockets": "connections",
    "accounts": "new accounts", "signins": "sign-in attempts", "seeks": "seeks",
}

RATE_LIMITED = 4429
"""The close code of a table WebSocket refused by a limit (after an ``error`` message)."""


def client_key(conn: HTTPConnection) -> str:
    """The address a limit counts by (``unknown`` for a connection without a peer)."""
    return conn.client.host if conn.client is not None else "unknown"


def check_limits(overrides: Mapping[str, str]) -> dict[str, str]:
    """The limits in force: the defaults with ``overrides``; ``ValueError`` names a bad one."""
    merged = dict(DEFAULT_LIMITS)
    for name, value in overrides.items():
        if name not in DEFAULT_LIMITS:
            raise ValueError(f"no limit is called '{name}' (there are: "
                             f"{', '.join(DEFAULT_LIMITS)})")
        if value != "none":
            try:
                parse(value)
            except ValueError:
                raise ValueError(f"limit {name}: '{value}' is no rate (say e.g. 20/minute, "
                                 "100/hour, or none)") from None
        merged[name] = value
    return merged


class RateLimited(ApiError):
    """429 with ``Retry-After``: this address did that too often just now."""

    def __init__(self, name: str, retry_after: int) -> None:
        super().__init__(429, "rate-limited",
                         f"too many {WHAT[name]} from your address: try again in "
                         f"{retry_after} s", {"Retry-After": str(retry_after)})
        self.retry_after = retry_after


class Limiter:
    """The site's per-address limits (``None`` rates: that limit is off)."""

    def __init__(self, rates: Mapping[str, str], redis_url: str | None = None,
                 prefix: str = "cardtable:", sockets_per_address: int | None = None,
                 on_refusal: Callable[[str], None] = lambda name: None) -> None:
        self.rates: dict[str, RateLimitItem] = {
            name: parse(value) for name, value in rates.items() if value != "none"}
        storage: Storage = (
            RedisStorage(f"async+{redis_url}", implementation="redispy",
                         key_prefix=f"{prefix}limits", wrap_exceptions=True)
            if redis_url else MemoryStorage())
        self.counter = MovingWindowRateLimiter(storage)
        self.sockets_per_address = sockets_per_address
        self.open_sockets: Counter[str] = Counter()
        self.on_refusal = on_refusal
        """Told the limit's name at each refusal (the metrics count them)."""
        self._storage_away = False

    async def check(self, name: str, key: str) -> None:
        """Count one ``name`` for ``key``; :class:`RateLimited` if it is one too many."""
        rate = self.rates.get(name)
        if rate is None:
            return
        try:
            if await self.counter.hit(rate, name, key):
                self._storage_back()
                return
            stats = await self.counter.get_window_stats(rate, name, key)
        except StorageError as exc:
            if not self._storage_away:
                self._storage_away = True
                log.warning("rate limits not counted: their storage does not answer (%s)",
                            exc.storage_error)
            return
        self.on_refusal(name)
        raise RateLimited(name, max(1, math.ceil(stats.reset_time - time.time())))

    def _storage_back(self) -> None:
        if self._storage_away:
            self._storage_away = False
            log.warning("rate limits counted again")

    @contextmanager
    def socket(self, key: str) -> Iterator[None]:
        """Hold one of the address's open sockets of this process while the block runs;
        :class:`RateLimited` when it holds its share already."""
        limit = self.sockets_per_address
        if limit is not None and self.open_sockets[key] >= limit:
            self.on_refusal("sockets")
            raise RateLimited("sockets", 10)
        self.open_sockets[key] += 1
        try:
            yield
        finally:
            self.open_sockets[key] -= 1
            if not self.open_sockets[key]:
                del self.open_sockets[key]


def limited(name: str) -> Any:
    """A route dependency that counts one ``name`` for the requesting address."""

    async def count(request: HTTPConnection) -> None:
        limiter: Limiter = request.app.state.limiter
        await limiter.check(name, client_key(request))

    return Depends(count)

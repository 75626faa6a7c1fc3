"""Server settings: command line first, then the environment, then defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass

from cardtable.bots.ismcts import check_seconds

DEFAULT_DB = "sqlite:///./cardtable.db"
THINK_SECONDS = 0.5
"""The default thinking time of a searching computer player, per move."""


@dataclass(frozen=True)
class Settings:
    """Everything an operator may tune; tests shrink the pauses to zero."""

    db_url: str = DEFAULT_DB
    bot_pause: float = 1.0
    """Seconds a computer player waits before each move (human-readable pace)."""
    bot_executor: str = "process"
    """Where computer players think: ``process`` (a pool beside the server) or ``thread``."""
    bot_workers: int = 1
    think_seconds: float = THINK_SECONDS
    """Seconds a searching computer player (``strong``) thinks per move; in Blitz at
    most its pace."""
    search_workers: int = 1
    """Searching computer players thinking at once, in workers of their own."""
    analysis_workers: int = 1
    """Reviews, analyses, replays and hints worked out at once, in worker processes of their
    own at a lower CPU priority, so the computer players keep their thinking time."""
    analysis_seconds: float = 60.0
    """Seconds one such request may take, waiting included: then its work stops and the
    answer is ``too-long`` (a client runs one at a time). The page's longest, a Duel 52
    review, takes 15–19 s of a core."""
    hourglass_seconds: float = 30.0
    """Seconds per turn of the Hourglass (the rule's 30; tests shorten it)."""
    clock_minute: float = 60.0
    """Seconds in a chess clock's minute (tests shorten it, as they do the Hourglass)."""
    clock_day: float = 86400.0
    """Seconds in a turn-based day."""
    max_turn_based: int = 20
    """Turn-based games one player may have open (waiting or playing) at once."""
    restart_grace: float = 10.0
    """After a restart no clock runs out sooner than this many seconds."""
    max_message_bytes: int = 16 * 1024
    """Largest HTTP body the server reads, and largest WebSocket message it acts on: a
    bigger one (up to ``ws_cutoff_bytes``) is read, dropped and answered with ``too-big``."""
    ws_cutoff_bytes: int = 1024 * 1024
    """Largest WebSocket message the transport (uvicorn) reads at all: a bigger one closes
    the connection with code 1009 before it is buffered."""
    ws_max_queue: int = 1
    """WebSocket messages uvicorn's ``websockets`` implementation (``--ws websockets``) holds
    per connection before it stops reading; with its default, 32, one connection could hold
    32 messages of up to ``ws_cutoff_bytes``. The default implementation holds one anyway."""
    ws_rate: float = 50.0
    """Messages per second a WebSocket client may send (bursts of twice that are fine)."""
    signal_interval: float = 0.5
    """A seat may send at most one signal per this many seconds."""
    sqlite_synchronous: str = "NORMAL"
    """SQLite ``synchronous`` pragma: NORMAL survives a crashed process, FULL a lost machine."""
    sweep_every: float = 60.0
    """Seconds between two looks for quiet tables."""
    idle_tables_after: float = 600.0
    """Tables nobody is connected to leave memory after this many quiet seconds, whatever
    their seats and clocks (they come back by replay when asked for)."""
    secure_cookies: bool = False
    """Send seat cookies only over HTTPS (turn on behind a TLS proxy)."""
    lease_seconds: float | None = None
    """Several processes on one database: each running table is owned by one
    process, on a lease of this many seconds that the owner renews; ``None``: one process
    alone, no leases."""
    redis_url: str | None = None
    """Redis, for the messages between several processes of one site; ``None``:
    one process alone."""
    redis_prefix: str = "cardtable:"
    """The start of every Redis key this site uses (several sites may share one Redis)."""
    rate_limits: tuple[tuple[str, str], ...] = ()
    """Changes to the per-address limits (``throttle.DEFAULT_LIMITS``): ``(name, rate)``
    pairs such as ``("tables", "60/minute")``; the rate ``none`` turns one off."""
    limits_on: bool = True
    """Whether the per-address limits hold at all (off: a closed test site)."""
    ws_per_address: int = 100
    """Table WebSockets one address may hold open at once, in each process."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses of reverse proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto``
    name the client (uvicorn's proxy headers); none: every peer is the client."""
    keep_alive_seconds: float = 5.0
    """An idle HTTP connection is closed after this many seconds."""
    request_seconds: float = 10.0
    """A connection must send a request's whole head within this many seconds of its
    start (or of the previous answer): a slow or never-finished request is dropped."""
    seek_seconds: float = 900.0
    """A lobby seek of a real-time (or untimed) game waits this long for a taker."""
    max_seeks: int = 3
    """Open lobby seeks one player may have at once."""
    metrics_token: str | None = None
    """``/metrics`` answers a request with this bearer token from anywhere; without one,
    only direct requests from this machine (not through a proxy)."""

    def __post_init__(self) -> None:
        check_seconds(self.think_seconds, "think_seconds")


def database_url(cli_value: str | None) -> str:
    """``--db`` wins, then ``DATABASE_URL``, then a SQLite file in the working directory."""
    url = cli_value or os.environ.get("DATABASE_URL") or DEFAULT_DB
    return normalise_url(url)


def redis_url(cli_value: str | None) -> str | None:
    """``--redis`` wins, then ``REDIS_URL``; neither: no Redis (one process alone)."""
    return cli_value or os.environ.get("REDIS_URL") or None


def normalise_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean psycopg 3 (SQLAlchemy's default is psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url

"""``cardtable serve``: run the server under uvicorn."""

from __future__ import annotations

import argparse
import gc
import math
import os
import socket
import sys
import traceback
from collections.abc import Callable

from cardtable.bots.ismcts import MAX_SECONDS, BudgetError, check_seconds
from cardtable.server.ops.config import (
    DEFAULT_DB,
    THINK_SECONDS,
    Settings,
    database_url,
    redis_url,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on "
                        "(default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", metavar="URL", help="database URL: sqlite:///FILE (default "
                        "./cardtable.db) or postgresql://...; else DATABASE_URL")
    parser.add_argument("--redis", metavar="URL", help="Redis URL (redis://HOST:PORT/DB) for "
                        "several processes of one site on one PostgreSQL --db; else REDIS_URL "
                        "(default: none, one process alone)")
    parser.add_argument("--redis-prefix", default="cardtable:",
                        help="the start of every Redis key of this site (default cardtable:)")
    parser.add_argument("--lease-seconds", type=float, default=10.0,
                        help="with Redis: a table's owner process holds it on a lease of this "
                             "many seconds, renewed every third; another takes the table over "
                             "once it lapses (default 10)")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes on this machine behind the one port, sharing "
                             "their tables through --redis (default 1; SIGHUP restarts them "
                             "one by one)")
    parser.add_argument("--bot-pause", type=float, default=float(
        os.environ.get("CARDTABLE_BOT_PAUSE", "1.0")),
        help="seconds a computer player waits before each move (default 1.0)")
    parser.add_argument("--bot-executor", choices=("process", "thread"), default="process",
                        help="where computer players think (default: a process pool)")
    parser.add_argument("--bot-workers", type=int, default=1,
                        help="computer players thinking at once (default 1)")
    parser.add_argument("--think-seconds", type=float, default=float(
        os.environ.get("CARDTABLE_THINK_SECONDS", THINK_SECONDS)),
        help="seconds a searching computer player (strong) thinks per move (default "
             f"{THINK_SECONDS:g}, "
             f"at most {MAX_SECONDS:g}; in Blitz at most its pace)")
    parser.add_argument("--search-workers", type=int, default=1,
                        help="searching computer players thinking at once, beside the "
                             "others (default 1)")
    parser.add_argument("--analysis-workers", type=int, default=Settings.analysis_workers,
                        help="reviews, analyses, replays and hints worked out at once, in "
                             "processes of their own at a lower priority (default 1)")
    parser.add_argument("--analysis-seconds", type=float, default=Settings.analysis_seconds,
                        help="seconds one of them may take before it stops (default "
                             f"{Settings.analysis_seconds:g})")
    parser.add_argument("--hourglass-seconds", type=float, default=30.0,
                        help="seconds per turn in Paternoster's Hourglass (default: the rule's "
                             "30)")
    parser.add_argument("--clock-minute", type=float, default=Settings.clock_minute,
                        help="seconds in a chess clock's minute (default 60; a test site "
                             "shortens it)")
    parser.add_argument("--clock-day", type=float, default=Settings.clock_day,
                        help="seconds in a turn-based day (default 86400; a test site "
                             "shortens it)")
    parser.add_argument("--max-turn-based", type=int, default=Settings.max_turn_based,
                        help="turn-based games one player may have open at once (default "
                             f"{Settings.max_turn_based})")
    parser.add_argument("--restart-grace", type=float, default=10.0,
                        help="after a restart, no clock runs out sooner than this (seconds)")
    parser.add_argument("--sqlite-sync", default="NORMAL", choices=("NORMAL", "FULL"),
                        help="SQLite durability: NORMAL survives a crashed server, FULL also a "
                             "crashed machine (slower)")
    parser.add_argument("--secure-cookies", action="store_true",
                        help="send seat cookies over HTTPS only (behind a TLS proxy)")
    parser.add_argument("--ws-rate", type=float, default=50.0,
                        help="messages per second one WebSocket client may send (default 50)")
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=RATE",
                        help="change a per-address limit, e.g. tables=60/minute or "
                             "sockets=none (repeat for more; the names and defaults: "
                             "tables, seats, groups, rides, heavy, sockets, in "
                             "docs/OPERATING.md)")
    parser.add_argument("--no-limits", action="store_true",
                        help="no per-address limits at all (a closed test site only)")
    parser.add_argument("--ws-per-address", type=int, default=100,
                        help="table WebSockets one address may hold open in each process "
                             "(default 100)")
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto "
                             "name the client (an address or network; repeat for more); "
                             "without one, every peer is the client")
    parser.add_argument("--keep-alive", type=float, default=5.0,
                        help="seconds an idle HTTP connection stays open (default 5)")
    parser.add_argument("--request-timeout", type=float, default=10.0,
                        help="seconds a client has to send a request's head and again its "
                             "body; slower ones are dropped (default 10)")
    parser.add_argument("--idle-after", type=float, default=600.0,
                        help="seconds after which a table nobody is connected to leaves "
                             "memory (it is stored, and comes back when asked for; "
                             "default 600)")
    parser.add_argument("--seek-seconds", type=float, default=Settings.seek_seconds,
                        help="seconds a lobby seek of a real-time or untimed game waits for "
                             f"a taker (default {Settings.seek_seconds:g})")
    parser.add_argument("--max-seeks", type=int, default=Settings.max_seeks,
                        help="open lobby seeks one player may have at once (default "
                             f"{Settings.max_seeks})")
    parser.add_argument("--ws", default="auto", dest="ws_impl",
                        choices=("auto", "websockets", "websockets-sansio"),
                        help="uvicorn's WebSocket implementation (default: auto)")
    parser.add_argument("--ws-deflate", action="store_true",
                        help="compress WebSocket messages (less traffic, more CPU)")
    parser.add_argument("--log-level", default="info",
                        choices=("critical", "error", "warning", "info", "debug"))
    parser.add_argument("--access-log", action="store_true", help="log every HTTP request")
    parser.add_argument("--log-format", choices=("text", "json"),
                        default=os.environ.get("CARDTABLE_LOG_FORMAT", "text"),
                        help="log lines as text, or one JSON object per line (default text; "
                             "else CARDTABLE_LOG_FORMAT)")
    parser.add_argument("--metrics-token", default=os.environ.get("CARDTABLE_METRICS_TOKEN"),
                        help="/metrics answers requests with this bearer token from anywhere "
                             "(else CARDTABLE_METRICS_TOKEN; without one, only this machine's "
                             "own direct requests)")
    parser.add_argument("--debug", action="store_true",
                        help="show the traceback of a problem at start-up")


def tune_interpreter() -> None:
    """Keep the pauses of the event loop short for a server with many live tables.

    With CPython's default thresholds a busy server collected its oldest generation
    every few seconds, a pass over every object of every table, each a stall of the
    event loop (hundreds of milliseconds with 1,000 tables): what is loaded at
    start-up is frozen out of the collector's sight, and young objects are collected
    less often, so few short-lived ones live long enough to reach the oldest
    generation. Cycles are still collected; almost all garbage here has none.

    The database thread needs the GIL for a moment in every batch, and a thread
    that waits for it waits up to the switch interval (5 ms by default) while the
    event loop runs; a commit takes several such turns, so under load every move
    waited for tens of milliseconds. A shorter interval hands the GIL over sooner.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    sys.setswitchinterval(0.001)


def serve(args: argparse.Namespace) -> int:
    """Check the settings, then serve; a configuration problem is one line and exit code 2."""
    from cardtable.server.ops import logs
    from cardtable.server.ops.startup import (
        ConfigError,
        announce,
        bind,
        check_database,
        check_redis,
        database_setting,
    )

    logs.configure(args.log_level, args.log_format, args.debug)
    try:
        settings = _settings(args)
        check_database(args.db or os.environ.get("DATABASE_URL") or DEFAULT_DB,
                       database_setting(args.db), settings.sqlite_synchronous)
        if settings.redis_url is not None:
            check_redis(settings.redis_url, "--redis" if args.redis else "REDIS_URL",
                        settings.db_url)
        if args.workers < 1:
            raise ConfigError(f"--workers must be at least 1, not {args.workers}")
        if args.workers > 1 and settings.redis_url is None:
            raise ConfigError("--workers: several processes share their tables through Redis "
                              "and one PostgreSQL database; give --redis URL and --db "
                              "postgresql://... (or REDIS_URL and DATABASE_URL)")
        sock = bind(args.host, args.port)
    except ConfigError as exc:
        if args.debug:
            traceback.print_exception(exc.__cause__ or exc.__context__ or exc)
        print(f"cardtable serve: {exc}", file=sys.stderr, flush=True)
        return 2
    address = f"http://{_shown(args.host)}:{args.port}/"
    if args.workers == 1:
        return _run(args, settings, sock, lambda: announce(address))
    from cardtable.server.cluster.workers import Supervisor

    try:
        return Supervisor(args.workers, lambda ready: _run(args, settings, sock, ready),
                          lambda: announce(address)).serve()
    finally:
        sock.close()


def _shown(host: str) -> str:
    return "127.0.0.1" if host in ("0.0.0.0", "::", "") else host


def _settings(args: argparse.Namespace) -> Settings:
    """The server's settings from its options; :class:`ConfigError` names a bad one."""
    from cardtable.server.ops.startup import ConfigError
    from cardtable.server.routes.throttle import check_limits

    try:
        think_seconds = check_seconds(args.think_seconds, "--think-seconds")
    except BudgetError as exc:
        raise ConfigError(str(exc)) from None
    if args.lease_seconds < 1:
        raise ConfigError(f"--lease-seconds must be at least 1, not {args.lease_seconds}")
    limits = {}
    for item in args.limit:
        name, _, rate = item.partition("=")
        limits[name.strip()] = rate.strip()
    try:
        check_limits(limits)
    except ValueError as exc:
        raise ConfigError(f"--limit: {exc}") from None
    if args.keep_alive <= 0 or args.request_timeout <= 0:
        raise ConfigError("--keep-alive and --request-timeout must be above 0 seconds")
    if args.search_workers < 1:
        raise ConfigError(f"--search-workers must be at least 1, not {args.search_workers}")
    if args.analysis_workers < 1 or not args.analysis_seconds > 0:
        raise ConfigError("--analysis-workers must be at least 1 and --analysis-seconds above 0")
    return Settings(
        db_url=database_url(args.db),
        bot_pause=max(0.0, args.bot_pause),
        bot_executor=args.bot_executor,
        bot_workers=args.bot_workers,
        think_seconds=think_seconds,
        search_workers=args.search_workers,
        analysis_workers=args.analysis_workers,
        analysis_seconds=args.analysis_seconds,
        hourglass_seconds=max(1.0, args.hourglass_seconds),
        restart_grace=max(0.0, args.restart_grace),
        clock_minute=max(0.01, args.clock_minute),
        clock_day=max(0.01, args.clock_day),
        max_turn_based=max(1, args.max_turn_based),
        sqlite_synchronous=args.sqlite_sync,
        secure_cookies=args.secure_cookies,
        ws_rate=max(1.0, args.ws_rate),
        rate_limits=tuple(limits.items()),
        limits_on=not args.no_limits,
        ws_per_address=max(1, args.ws_per_address),
        trusted_proxies=tuple(args.trusted_proxy),
        keep_alive_seconds=args.keep_alive,
        idle_tables_after=max(0.0, args.idle_after),
        sweep_every=min(60.0, max(0.1, args.idle_after / 4)),
        request_seconds=args.request_timeout,
        seek_seconds=max(1.0, args.seek_seconds),
        max_seeks=max(1, args.max_seeks),
        metrics_token=args.metrics_token or None,
        redis_url=redis_url(args.redis),
        redis_prefix=args.redis_prefix,
        lease_seconds=args.lease_seconds if redis_url(args.redis) else None,
    )


def _run(args: argparse.Namespace, settings: Settings, sock: socket.socket,
         ready: Callable[[], None]) -> int:
    import uvicorn

    from cardtable.server.app import create_app
    from cardtable.server.ops.startup import ReadyServer
    from cardtable.server.ops.timeouts import protocol_with_head_deadline

    app = create_app(settings)
    config = uvicorn.Config(
        app, log_config=None, log_level=args.log_level, lifespan="on",
        access_log=args.access_log, ws=args.ws_impl,
        ws_max_size=settings.ws_cutoff_bytes, ws_max_queue=settings.ws_max_queue,
        ws_per_message_deflate=args.ws_deflate, ws_ping_interval=20.0, ws_ping_timeout=20.0,
        timeout_graceful_shutdown=5, timeout_keep_alive=math.ceil(settings.keep_alive_seconds),
        http=protocol_with_head_deadline(settings.request_seconds),
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies) or None,
        server_header=False,  # no "server: uvicorn": it would only tell others what to try
    )
    server = ReadyServer(config, ready)
    tune_interpreter()
    try:
        server.run(sockets=[sock])
    except SystemExit:  # uvicorn's way out of a failed start of the application
        pass
    finally:
        sock.close()
    return 0 if server.started else 3

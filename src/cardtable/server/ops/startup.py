"""Checks before the server says it is up: each configuration problem as one line.

An operator who mistypes a database URL or starts a second server on a busy port
should read what is wrong and which setting to fix, not a hundred lines of
traceback from Alembic or SQLAlchemy. :func:`check_database` connects and migrates
once before the site starts; :func:`bind` takes the listening socket, so a port in
use is found before anything is served. Both raise :class:`ConfigError`, whose
message is that one line. (Redis is not a setting yet; when it becomes one, its
check belongs here too.)
"""

from __future__ import annotations

import errno
import os
import re
import socket
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa
import uvicorn
from alembic.util import CommandError
from sqlalchemy.engine import URL, make_url

from cardtable.server.ops.config import normalise_url
from cardtable.server.storage.db import make_engine, migrate

SUPPORTED = ("sqlite", "postgresql")
URL_FORMS = "sqlite:///FILE or postgresql://USER@HOST:PORT/DATABASE"


class ConfigError(Exception):
    """A setting the server cannot start with; ``str()`` is the line for the operator."""


def database_setting(cli_value: str | None) -> str:
    """Where the database URL came from, as the operator would name it."""
    if cli_value:
        return "--db"
    if os.environ.get("DATABASE_URL"):
        return "DATABASE_URL"
    return "the default database (--db)"


def parse_database_url(url: str, setting: str) -> URL:
    """The URL, parsed and of a database the server runs on."""
    try:
        parsed = make_url(url)
    except (sa.exc.ArgumentError, ValueError):
        raise ConfigError(f"{setting}: {url!r} is not a database URL; use {URL_FORMS}") from None
    backend = parsed.get_backend_name()
    if backend not in SUPPORTED:
        raise ConfigError(f"{setting}: the database {backend!r} is not supported; "
                          f"cardtable runs on {URL_FORMS}")
    return parsed


def check_database(url: str, setting: str, sqlite_synchronous: str = "NORMAL") -> None:
    """Connect to the database and bring its schema up to date, or say why not.

    ``url`` as the operator wrote it (``postgresql://`` means psycopg 3, as everywhere)."""
    shown = parse_database_url(url, setting).render_as_string(hide_password=True)
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        _check_sqlite_file(parsed, setting)
    try:
        engine = make_engine(url, sqlite_synchronous)
    except (ImportError, sa.exc.NoSuchModuleError):
        raise ConfigError(f"{setting}: the database driver {parsed.drivername!r} of {shown} is "
                          "not installed (postgresql:// uses psycopg 3, which is)") from None
    try:
        migrate(engine)
    except sa.exc.DBAPIError as exc:
        raise ConfigError(f"{setting}: cannot use the database {shown}: "
                          f"{database_problem(exc.orig or exc)}") from exc
    except sa.exc.SQLAlchemyError as exc:
        raise ConfigError(f"{setting}: cannot use the database {shown}: "
                          f"{_last_line(str(exc))}") from exc
    except CommandError as exc:
        raise ConfigError(f"{setting}: cannot migrate the database {shown}: {exc} (was it "
                          "written by a newer cardtable?)") from exc
    finally:
        engine.dispose()


def _check_sqlite_file(parsed: URL, setting: str) -> None:
    """SQLite's own word for these is "unable to open database file", whatever the cause."""
    name = parsed.database
    if not name or name == ":memory:":
        raise ConfigError(f"{setting}: an in-memory SQLite database keeps nothing; "
                          "name a file: sqlite:///FILE")
    folder = Path(name).resolve().parent
    if not folder.is_dir():
        raise ConfigError(f"{setting}: the folder {folder} of the SQLite file does not exist")
    if not os.access(folder, os.W_OK):
        raise ConfigError(f"{setting}: the folder {folder} of the SQLite file is not writable")


_PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r'database "([^"]+)" does not exist'), 'the database "{0}" does not exist '
     "(create it, or name another)"),
    (re.compile(r'role "([^"]+)" does not exist'), 'the role (user) "{0}" does not exist'),
    (re.compile(r'password authentication failed for user "([^"]+)"'),
     'the password of the user "{0}" is wrong'),
    (re.compile(r"Connection refused"), "nothing answers at that host and port "
     "(is PostgreSQL running there?)"),
    (re.compile(r"resolve host '([^']+)'|could not translate host name \"([^\"]+)\""),
     'the host "{0}" is unknown'),
    (re.compile(r"timeout expired|timed out"), "the database server did not answer in time"),
    (re.compile(r"file is not a database"), "the file is not a SQLite database"),
    (re.compile(r"unable to open database file"), "the SQLite file cannot be opened"),
)


def database_problem(exc: BaseException) -> str:
    """A driver's error as a short phrase: what is wrong, not where in the code."""
    text = str(exc)
    for pattern, phrase in _PROBLEMS:
        found = pattern.search(text)
        if found:
            return phrase.format(*(g for g in found.groups() if g))
    return _last_line(text.replace("FATAL:", ""))


def check_redis(url: str, setting: str, db_url: str) -> None:
    """Several processes need Redis, and PostgreSQL (SQLite is one process's file): one line
    naming the setting if either is missing or Redis does not answer."""
    import redis

    if not db_url.startswith("postgresql"):
        raise ConfigError(f"{setting}: several processes share one PostgreSQL database; give "
                          "--db postgresql://... (or DATABASE_URL) with Redis")
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    except ValueError as exc:
        raise ConfigError(f"{setting}: {url!r} is not a Redis URL ({exc}); use "
                          "redis://HOST:PORT/DB") from None
    try:
        client.ping()
    except redis.RedisError as exc:
        raise ConfigError(f"{setting}: Redis at {_hide_password(url)} does not answer: "
                          f"{_last_line(str(exc))}") from exc
    finally:
        client.close()


def _hide_password(url: str) -> str:
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, user = head.partition("//")
    return f"{scheme}//{user.split(':', 1)[0]}:***@{tail}"


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "unknown error"


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, taken now so that a port in use stops the start."""
    if not 0 < port < 65536:
        raise ConfigError(f"--port: {port} is not a port (1-65535)")
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise ConfigError(f"--host: {host!r} is not an address of this machine") from None
    # IPv4 first, as for uvicorn's own binding of "localhost"
    family, kind, proto, _name, address = min(infos, key=lambda i: i[0] != socket.AF_INET)
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ConfigError(f"--port: port {port} on {host} is in use by another program "
                              "(another cardtable?); choose another --port") from None
        if exc.errno == errno.EACCES:
            raise ConfigError(f"--port: this user may not listen on port {port}; "
                              "choose one above 1023") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise ConfigError(f"--host: {host!r} is not an address of this machine") from None
        raise ConfigError(f"--host/--port: cannot listen on {host}:{port}: "
                          f"{exc.strerror}") from None
    return sock


class ReadyServer(uvicorn.Server):
    """uvicorn's server, which tells the operator where to play once it is up, and only
    then: a start that fails never says the site is up."""

    def __init__(self, config: uvicorn.Config, ready: Callable[[], None]) -> None:
        super().__init__(config)
        self.ready = ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            self.ready()


def announce(address: str) -> None:
    print(f"cardtable: open {address} in your browser to play", flush=True)

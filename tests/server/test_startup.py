"""Each configuration problem is one line that names the problem and
the setting, with a non-zero exit code, before anything says the site is up; the
traceback only with ``--debug``."""

from __future__ import annotations

import logging
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from harness import Server, free_port

from cardtable.server.ops.logs import OneLineStartupErrors
from cardtable.server.ops.startup import database_problem

PG = "postgresql://postgres@127.0.0.1:5432"


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    return subprocess.run(
        [sys.executable, "-m", "cardtable", "serve", "--log-level", "warning", *args],
        capture_output=True, text=True, timeout=90, env={**environ, **(env or {})},
        check=False)


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The start failed with exit code 2, said so in one line, and never said it was up."""
    assert result.returncode == 2, result
    assert "open http" not in result.stdout
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cardtable serve: ")
    return lines[0]


def postgres_answers() -> bool:
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", 5432)) == 0


needs_postgres = pytest.mark.skipif(not postgres_answers(),
                                    reason="no PostgreSQL on 127.0.0.1:5432")


@pytest.mark.parametrize(("url", "words"), [
    ("notaurl", ["--db", "'notaurl' is not a database URL", "sqlite:///FILE"]),
    ("mysql://u@localhost/db", ["--db", "'mysql' is not supported"]),
    ("postgresql+psycopg2://u@localhost/db", ["--db", "driver 'postgresql+psycopg2'",
                                              "not installed"]),
    ("sqlite:////no/such/folder/x.db", ["--db", "/no/such/folder", "does not exist"]),
    ("sqlite:///:memory:", ["--db", "in-memory"]),
])
def test_a_database_url_the_server_cannot_use(url: str, words: list[str]) -> None:
    line = one_line(serve("--port", str(free_port()), "--db", url))
    for word in words:
        assert word in line


@needs_postgres
@pytest.mark.parametrize(("url", "words"), [
    (f"{PG}/cardtable_no_such_db", ['the database "cardtable_no_such_db" does not exist']),
    ("postgresql://cardtable_no_such_role@127.0.0.1:5432/postgres",
     ['the role (user) "cardtable_no_such_role" does not exist']),
    ("postgresql://postgres@127.0.0.1:{free}/x", ["nothing answers at that host and port"]),
    ("postgresql://postgres@no-such-host.invalid/x", ['the host "no-such-host.invalid" is '
                                                      "unknown"]),
])
def test_a_postgresql_database_that_is_not_there(url: str, words: list[str]) -> None:
    line = one_line(serve("--port", str(free_port()), "--db", url.format(free=free_port())))
    assert line.startswith("cardtable serve: --db: cannot use the database postgresql://")
    for word in words:
        assert word in line


def test_the_setting_named_is_where_the_url_came_from(tmp_path: Path) -> None:
    line = one_line(serve("--port", str(free_port()),
                          env={"DATABASE_URL": "sqlite:////no/such/folder/x.db"}))
    assert line.startswith("cardtable serve: DATABASE_URL: ")


def test_a_password_is_never_shown() -> None:
    line = one_line(serve("--port", str(free_port()),
                          "--db", "postgresql://postgres:hunter2@127.0.0.1:1/x"))
    assert "hunter2" not in line and "postgres:***@" in line


def test_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = one_line(serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}"))
    assert f"--port: port {port} on 127.0.0.1 is in use" in line


def test_a_host_that_is_not_this_machines(tmp_path: Path) -> None:
    line = one_line(serve("--host", "192.0.2.1", "--port", str(free_port()),
                          "--db", f"sqlite:///{tmp_path / 'x.db'}"))
    assert "--host: '192.0.2.1' is not an address of this machine" in line


def test_debug_shows_the_traceback_too() -> None:
    result = serve("--port", str(free_port()), "--db", "sqlite:////no/such/folder/x.db",
                   "--debug")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1].startswith("cardtable serve: --db: ")
    result = serve("--port", str(free_port()), "--db", "notaurl", "--debug")
    assert "Traceback" in result.stderr and "ArgumentError" in result.stderr


def test_driver_errors_become_short_phrases() -> None:
    assert database_problem(Exception(
        'connection failed: connection to server at "127.0.0.1", port 5432 failed: FATAL:  '
        'password authentication failed for user "bob"')) == \
        'the password of the user "bob" is wrong'
    assert database_problem(Exception("connection timeout expired")) == \
        "the database server did not answer in time"
    assert database_problem(Exception("line one\nFATAL:  something new")) == "something new"


def test_a_failed_application_start_is_one_line_without_debug() -> None:
    """What uvicorn logs when the application's start fails after the checks (the
    database went away in between): the traceback's last line only."""
    record = logging.LogRecord("uvicorn.error", logging.ERROR, "", 0,
                               "Traceback (most recent call last):\n  File ...\n"
                               "OperationalError: the database is gone", None, None)
    assert OneLineStartupErrors().filter(record)
    assert record.getMessage() == "start-up failed: OperationalError: the database is gone"
    request = logging.LogRecord("uvicorn.error", logging.ERROR, "", 0,
                                "Exception in ASGI application\n", None, None)
    OneLineStartupErrors().filter(request)
    assert request.getMessage() == "Exception in ASGI application\n"


def test_a_database_of_a_newer_schema(tmp_path: Path) -> None:
    """A database migrated by a newer version (a revision this one does not know)."""
    path = tmp_path / "newer.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        conn.execute("INSERT INTO alembic_version VALUES ('0099_future')")
    line = one_line(serve("--port", str(free_port()), "--db", f"sqlite:///{path}"))
    assert "cannot migrate the database" in line and "'0099_future'" in line


def test_the_site_is_said_to_be_up_only_once_it_is(tmp_path: Path) -> None:
    """A good start: the address is printed after the application has started (database
    migrated, tables restored), never before."""
    log_path = tmp_path / "server.log"
    srv = Server(f"sqlite:///{tmp_path / 'ok.db'}", log_path, "--log-level", "info")
    srv.start()
    srv.stop()
    lines = log_path.read_text().splitlines()
    ready = next(i for i, line in enumerate(lines) if "cardtable server ready" in line)
    said = [i for i, line in enumerate(lines) if "open http://127.0.0.1:" in line]
    assert len(said) == 1 and said[0] > ready, lines

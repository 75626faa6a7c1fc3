"""Fixtures of the server tests: real servers on SQLite files and PostgreSQL."""

from __future__ import annotations

import contextlib
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server with a fresh SQLite file for the whole test module."""
    path = tmp_path_factory.mktemp("server")
    srv = Server(f"sqlite:///{path / 'cardtable.db'}", path / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own (for kill -9 and restarts)."""
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log")
    srv.start()
    yield srv
    srv.stop()


def _postgres_admin() -> Any:
    try:
        import psycopg
    except ImportError:
        return None
    for dbname in ("postgres", "root", "test"):
        try:
            return psycopg.connect(host="127.0.0.1", port=5432, user="postgres", dbname=dbname,
                                   autocommit=True, connect_timeout=3)
        except psycopg.OperationalError:
            continue
    return None


@contextlib.contextmanager
def fresh_postgres() -> Iterator[str]:
    """A fresh PostgreSQL database of its own, dropped afterwards; without a PostgreSQL
    server the test fails (it never skips: the run must show what it did not test)."""
    admin = _postgres_admin()
    if admin is None:
        pytest.fail("these tests need PostgreSQL: no server answers on 127.0.0.1:5432 (user "
                    "postgres, trust auth); start it (or install it) and run again", pytrace=False)
    name = f"cardtable_test_{uuid.uuid4().hex[:12]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    with fresh_postgres() as url:
        yield url


@pytest.fixture(scope="module")
def module_postgres_url() -> Iterator[str]:
    """The same, shared by a test module's tests."""
    with fresh_postgres() as url:
        yield url

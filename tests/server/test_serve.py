"""``cardtable serve`` as an operator starts it on a fresh machine: the embedded default
database (a SQLite file in the working directory), ``DATABASE_URL``, computer players
thinking in their own processes, and migrations that build exactly the models' schema on
SQLite and PostgreSQL."""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from harness import Server, play

from cardtable.server.main import add_arguments
from cardtable.server.ops.config import DEFAULT_DB, database_url
from cardtable.server.storage.db import make_engine, metadata, migrate

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def operator_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    return env


def children(pid: int) -> list[str]:
    """The command lines of a process's children (Linux /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found.append((Path("/proc") / child / "cmdline").read_bytes().replace(b"\0", b" ")
                         .decode())
    return found


def tables_in(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT id FROM tables")]


def test_defaults_a_sqlite_file_here_and_computer_players_in_processes(tmp_path: Path) -> None:
    """No --db, no DATABASE_URL, the operator's defaults (computer players think in a
    process pool) but no pause: a human against the computer plays every game to its end,
    and every table is in ./cardtable.db of the working directory."""
    assert DEFAULT_DB == "sqlite:///./cardtable.db"
    srv = Server(None, tmp_path / "server.log", "--bot-pause", "0", flags=(), cwd=tmp_path,
                 env=operator_env())
    srv.start()
    try:
        ids = []
        for game in ("duel", "paternoster", "duel52", "matebeta"):
            table_id, tokens = srv.table_with_players(
                game=game, seats=[{"kind": "human"}, {"kind": "computer"}])
            ids.append(table_id)
            client = srv.client(table_id, tokens[0])
            final = play({0: client}, random.Random(1))
            assert final["status"] == "finished"
            by = {e["by"] for m in client.messages if m["type"] == "state"
                  for e in m["events"] if e["kind"] == "move" and "by" in e}
            assert "computer" in by, game
        assert srv.proc is not None
        assert any("multiprocessing" in command for command in children(srv.proc.pid)), \
            "the computer players thought in worker processes"
    finally:
        srv.stop()
    assert sorted(tables_in(tmp_path / "cardtable.db")) == sorted(ids)


def test_database_url_from_the_environment(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """DATABASE_URL names the database when --db is not given; --db wins over it."""
    path = tmp_path / "from-env.db"
    srv = Server(None, tmp_path / "server.log", cwd=tmp_path,
                 env={**operator_env(), "DATABASE_URL": f"sqlite:///{path}"})
    srv.start()
    try:
        table_id, _tokens = srv.table_with_players()
    finally:
        srv.stop()
    assert tables_in(path) == [table_id]
    assert not (tmp_path / "cardtable.db").exists()
    monkeypatch.setenv("DATABASE_URL", "postgres://u@h/db")
    assert database_url(None) == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    monkeypatch.delenv("DATABASE_URL")
    assert database_url(None) == DEFAULT_DB


def schema_drift(engine: sa.Engine) -> list[object]:
    """What the migrated database differs in from the SQLAlchemy models (nothing, we hope)."""
    migrate(engine)
    migrate(engine)  # a second start migrates nothing and breaks nothing
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        drift: list[object] = compare_metadata(context, metadata)
    return drift


def test_migrations_build_the_models_schema_on_sqlite(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'fresh.db'}")
    try:
        assert schema_drift(engine) == []
    finally:
        engine.dispose()


def test_migrations_build_the_models_schema_on_postgresql(postgres_url: str) -> None:
    engine = make_engine(database_url(postgres_url))
    try:
        assert schema_drift(engine) == []
    finally:
        engine.dispose()


def test_the_operators_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``cardtable serve`` does unless told otherwise: loopback port 8000, computer
    players in a process pool with a human-readable pause of a second before each move,
    the Hourglass's 30 s, ten seconds' grace for clocks after a restart."""
    monkeypatch.delenv("CARDTABLE_BOT_PAUSE", raising=False)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args([])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)
    assert (args.bot_executor, args.bot_pause) == ("process", 1.0)
    assert (args.hourglass_seconds, args.restart_grace) == (30.0, 10.0)


def test_the_load_script_runs_and_reports(tmp_path: Path) -> None:
    """The load script (measuring is its job, not a test's): a short run
    against its own server plays moves without errors and reports the figures."""
    out = subprocess.run(
        [sys.executable, "-m", "cardtable.tools.loadtest", "--tables", "4", "--duration", "2",
         "--warmup", "0.5", "--think", "0.1", "--procs", "1", "--json"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["tables"] == 4 and report["clients"] == 8
    assert report["moves"] > 0 and report["errors"] == {} and report["connect_failures"] == 0
    assert {"p50", "p99"} <= set(report["latency_ms"]) and "moves_per_s" in report

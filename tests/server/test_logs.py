"""Structured logs, one JSON object per line on request, with the
table and the refusal code of every refused move, the tables' lifecycle, and no
traceback for a client's mistake."""

from __future__ import annotations

import json
import logging
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from harness import Server, play
from websockets.exceptions import ConnectionClosed

from cardtable.server.ops.logs import JsonFormatter, TextFormatter

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def entries(path: Path) -> list[dict[str, Any]]:
    """The JSON log lines (the one line on standard output, the address, is text)."""
    lines = path.read_text().splitlines()
    return [json.loads(line) for line in lines if line.startswith("{")]


def test_json_logs_name_tables_refusals_and_lifecycle(tmp_path: Path) -> None:
    log_path = tmp_path / "server.log"
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", log_path,
                 "--log-format", "json", "--log-level", "info")
    srv.start()
    try:
        table_id, tokens = srv.table_with_players(
            creator_seat=None, seats=[{"kind": "human"}, {"kind": "computer"}])
        client = srv.client(table_id, tokens[0])
        state = client.wait_state(lambda m: bool(m["observation"]["legal"]))
        client.move("fly away", state["version"])
        client.expect_error("illegal")
        client.send("{not json")
        client.expect_error("bad-json")
        assert srv.http.get("/api/tables/nosuchtable00").status_code == 404
        assert srv.http.post("/api/tables", content=b"{", headers={
            "content-type": "application/json"}).status_code == 400
        assert srv.http.post("/api/tables", json={"game": "chess"}).status_code == 422
        with pytest.raises(ConnectionClosed):
            stranger = srv.client(table_id, "not-a-token")
            stranger.recv()
            stranger.recv()
        play({0: client}, random.Random(2))
        srv.http.post(f"/api/tables/{table_id}/again",
                      headers={"Authorization": f"Bearer {tokens[0]}"})
    finally:
        srv.stop()
    logged = entries(log_path)
    assert logged, log_path.read_text()
    assert all({"time", "level", "logger", "message"} <= set(e) for e in logged)
    refused = [e for e in logged if e["message"] == "move refused"]
    assert refused == [{**refused[0], "table": table_id, "seat": 0, "by": "seat",
                        "code": "illegal", "move": "fly away"}]
    events = [e["message"] for e in logged if e.get("table") == table_id]
    for event in ("table created", "seat taken", "game finished", "game started"):
        assert event in events, events
    finished = next(e for e in logged if e["message"] == "game finished")
    assert len(finished["returns"]) == 2 and finished["game_no"] == 1
    text = log_path.read_text()
    assert "Traceback" not in text and '"exception"' not in text


def record(**extra: Any) -> logging.LogRecord:
    rec = logging.LogRecord("cardtable.server.tables", logging.INFO, __file__, 1,
                            "move refused", None, None)
    rec.__dict__.update(extra)
    return rec


def test_text_lines_carry_the_fields_as_key_value() -> None:
    line = TextFormatter().format(record(table="abc", code="illegal"))
    assert line.endswith("INFO cardtable.server.tables: move refused table=abc code=illegal")


def test_json_lines_carry_the_fields_and_a_traceback_only_for_server_failures() -> None:
    data = json.loads(JsonFormatter().format(record(table="abc", code="stale")))
    assert data["table"] == "abc" and data["code"] == "stale" and "exception" not in data
    assert data["time"].endswith("Z") and data["level"] == "info"
    try:
        raise RuntimeError("the engine broke")
    except RuntimeError:
        failed = record()
        failed.exc_info = sys.exc_info()
    data = json.loads(JsonFormatter().format(failed))
    assert "RuntimeError: the engine broke" in data["exception"]

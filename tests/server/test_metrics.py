"""``/metrics`` in the Prometheus text format, for the operator only."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import PATIENCE, Server
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.ops.config import Settings

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")

TOKEN = "operator-secret"
BEARER = {"Authorization": f"Bearer {TOKEN}"}


def value(text: str, name: str, **labels: str) -> float:
    """The sum of the samples called ``name`` whose labels include ``labels``."""
    return sum(sample.value for family in text_string_to_metric_families(text)
               for sample in family.samples
               if sample.name == name and labels.items() <= sample.labels.items())


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'metrics.db'}", bot_pause=0.0,
                        bot_executor="thread", hourglass_seconds=0.3, metrics_token=TOKEN)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def scrape(client: TestClient) -> str:
    r = client.get("/metrics", headers=BEARER)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    return r.text


def next_state(ws: Any, after: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "state" and message["version"] > after:
            return message


def test_moves_refusals_thinking_commits_tables_and_connections(client: TestClient) -> None:
    """A person plays the computer to the end, once trying an illegal and a stale move:
    the counters say so, by game, by whom and by refusal code."""
    r = client.post("/api/tables", json={"game": "duel", "creator_seat": 0,
                                         "seats": [{"kind": "human"}, {"kind": "computer"}]})
    body = r.json()
    table_id, level = body["table"]["id"], body["table"]["seats"][1]["strength"]
    headers = {"Authorization": f"Bearer {body['token']}"}
    with client.websocket_connect(f"/api/tables/{table_id}/ws", headers=headers) as ws:
        state = ws.receive_json()
        text = scrape(client)
        assert value(text, "cardtable_connections", game="duel", role="seat") == 1
        assert value(text, "cardtable_live_tables", game="duel", status="playing") == 1
        while not state["observation"]["legal"]:
            state = next_state(ws, state["version"])
        ws.send_json({"type": "move", "move": "fly away", "version": state["version"]})
        assert ws.receive_json()["code"] == "illegal"
        ws.send_json({"type": "move", "move": state["observation"]["legal"][0],
                      "version": state["version"] + 5})
        assert ws.receive_json()["code"] == "stale"
        mine = 0
        while state["status"] == "playing":
            if state["observation"]["legal"]:
                ws.send_json({"type": "move", "move": state["observation"]["legal"][0],
                              "version": state["version"]})
                mine += 1
            state = next_state(ws, state["version"])
    text = scrape(client)
    assert value(text, "cardtable_moves_total", game="duel", by="seat") == mine
    assert value(text, "cardtable_moves_total", game="duel", by="computer") >= 1
    assert value(text, "cardtable_moves_refused_total", game="duel", code="illegal") == 1
    assert value(text, "cardtable_moves_refused_total", game="duel", code="stale") == 1
    assert value(text, "cardtable_websocket_errors_total", code="illegal") == 1
    assert value(text, "cardtable_move_to_observation_seconds_count") == mine
    assert value(text, "cardtable_computer_thinking_seconds_count", game="duel",
                 level=level) >= 1
    assert value(text, "cardtable_db_commit_seconds_count") >= mine
    assert value(text, "cardtable_games_finished_total", game="duel") == 1
    assert value(text, "cardtable_tables_created_total", game="duel") == 1
    end = time.monotonic() + PATIENCE
    while value(text, "cardtable_connections") != 0:  # the server sees the close soon
        assert time.monotonic() < end, "the closed connection is still counted"
        time.sleep(0.05)
        text = scrape(client)
    assert value(text, "cardtable_live_tables", game="duel", status="finished") == 1
    assert value(text, "process_resident_memory_bytes") > 0


def test_clock_timeouts_are_counted(client: TestClient) -> None:
    """Hourglass (shortened): nobody plays, the clock ends the game, the counter shows it."""
    r = client.post("/api/tables", json={"game": "paternoster", "creator_seat": 0,
                                         "options": {"players": 2, "hourglass": True},
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    body = r.json()
    table_id = body["table"]["id"]
    client.post(f"/api/tables/{table_id}/seats/1", json={"invite": body["invites"]["1"]})
    end = time.monotonic() + PATIENCE
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < end, "the clock never ran out"
        time.sleep(0.05)
    assert value(scrape(client), "cardtable_clock_timeouts_total", game="paternoster") == 1


def test_metrics_need_the_token_from_elsewhere(client: TestClient) -> None:
    """Starlette's test client is not this machine's loopback: without the token, or with
    a wrong one, the answer is a refusal in the documented error shape."""
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        r = client.get("/metrics", headers=headers)
        assert r.status_code == 403
        assert r.json()["error"]["code"] == "forbidden"
    assert client.get("/metrics", headers=BEARER).status_code == 200
    assert "/metrics" not in client.get("/openapi.json").json()["paths"]


FORWARDING = [
    ("X-Forwarded-For", "203.0.113.9"), ("Forwarded", "for=203.0.113.9"),
    ("X-Real-IP", "203.0.113.9"), ("X-Forwarded-Host", "cards.example"),
    ("X-Forwarded-Proto", "https"), ("X-Forwarded-Port", "443"),
    ("X-Client-IP", "203.0.113.9"), ("True-Client-IP", "203.0.113.9"),
    ("CF-Connecting-IP", "203.0.113.9"), ("X-Cluster-Client-IP", "203.0.113.9"),
    ("Fastly-Client-IP", "203.0.113.9"), ("X-Original-Forwarded-For", "203.0.113.9"),
    ("Via", "1.1 proxy"),
]


def refused(response: Any) -> None:
    assert response.status_code == 403, response.text
    error = response.json()["error"]
    assert error["code"] == "forbidden" and error["message"]


def test_metrics_answer_a_direct_request_from_this_machine(server: Server) -> None:
    """No token configured: a plain request from loopback is served."""
    r = server.http.get("/metrics")
    assert r.status_code == 200 and "cardtable_live_tables" in r.text


@pytest.mark.parametrize(("name", "content"), FORWARDING, ids=[n for n, _ in FORWARDING])
def test_metrics_refuse_any_request_that_came_through_a_proxy(
        server: Server, name: str, content: str) -> None:
    """A reverse proxy on this machine connects from loopback: any header a proxy, load
    balancer or CDN adds marks the request as not direct, in any letter case."""
    refused(server.http.get("/metrics", headers={name: content}))
    refused(server.http.get("/metrics", headers={name.lower(): content}))


@pytest.mark.parametrize(("name", "content"), FORWARDING, ids=[n for n, _ in FORWARDING])
def test_the_metrics_token_works_from_anywhere(
        client: TestClient, name: str, content: str) -> None:
    """With the right token, a forwarded request from elsewhere is served; a wrong token
    is refused."""
    assert client.get("/metrics", headers={**BEARER, name: content}).status_code == 200
    refused(client.get("/metrics", headers={"Authorization": "Bearer wrong", name: content}))

"""Loose ends of the protocol: every number
bounded, strict types, names that cannot disguise themselves, and every refusal in
the documented shape, the connection kept."""

from __future__ import annotations

import random
from typing import Any

import pytest
from harness import Client, Server, play
from test_bad_input import error_of, unchanged
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

BIG = 2**63
LONG_NUMBER = "1" + "0" * 5000


@pytest.fixture
def seated(server: Server) -> tuple[str, dict[int, Client]]:
    table_id, tokens = server.table_with_players()
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    play(clients, random.Random(5), max_moves=2)
    return table_id, clients


def mover_of(clients: dict[int, Client]) -> tuple[Client, dict[str, Any]]:
    states = {s: c.wait_state(lambda m: True) for s, c in clients.items()}
    version = max(st["version"] for st in states.values())
    states = {s: c.wait_version(version) for s, c in clients.items()}
    seat = states[0]["observation"]["turn_seat"]
    return clients[seat], states[seat]


def handshake_refusal(server: Server, path: str) -> tuple[dict[str, Any], int | None]:
    """The error message a refused handshake brings, and the close code after it."""
    import json

    with connect(f"{server.ws_url}{path}", open_timeout=10) as ws:
        message = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    rcvd = closed.value.rcvd
    return message, rcvd.code if rcvd is not None else None


# --- 20.7 ----------------------------------------------------------------------------


def test_deeply_nested_json_is_bad_json_and_the_connection_stays(
        server: Server, seated: tuple[str, dict[int, Client]]) -> None:
    """'[' * 16000 (under the size limit) is answered as bad JSON; no traceback."""
    _table, clients = seated
    mover, before = mover_of(clients)
    for raw in ("[" * 16000, '{"a":' * 2500 + "1" + "}" * 2500):
        mover.send(raw)
        assert "nested too deep" in mover.expect_error("bad-json")["message"]
    unchanged(mover, before)
    r = server.http.post("/api/tables", content=b"[" * 16000,
                         headers={"content-type": "application/json"})
    error_of(r, 400, "bad-json")
    log = server.log_path.read_text(errors="replace")
    assert "RecursionError" not in log and "Traceback" not in log


# --- 20.8 ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", [
    "/api/tables/{t}/record?game_no={big}", "/api/tables/{t}/record?game_no=0",
    "/api/tables/{t}/record?game_no=-1",
])
def test_integer_query_parameters_are_bounded(server: Server, path: str) -> None:
    """game_no above 2**63 (or below 1) is refused as invalid, not a 500 from the database."""
    table_id, _ = server.table_with_players()
    r = server.http.get(path.format(t=table_id, big=BIG))
    assert "game_no" in error_of(r, 422, "invalid")


def test_every_integer_parameter_and_field_is_bounded(
        server: Server, seated: tuple[str, dict[int, Client]]) -> None:
    table_id, clients = seated
    error_of(server.http.post(f"/api/tables/{table_id}/again?game_no={BIG}"), 422, "invalid")
    error_of(server.http.post(f"/api/tables/{table_id}/seats/{BIG}", json={"invite": "x"}),
             422, "invalid")
    for body in ({"creator_seat": BIG}, {"match_wins": BIG}, {"match_games": BIG},
                 {"takeover_after": 1e300}, {"creator_seat": -1}):
        error_of(server.http.post("/api/tables", json={"game": "duel", **body}), 422, "invalid")
    mover, before = mover_of(clients)
    for message in ({"type": "move", "move": "end", "version": BIG},
                    {"type": "move", "move": "end", "version": before["version"], "seat": BIG},
                    {"type": "again", "game_no": BIG}, {"type": "again", "game_no": 0}):
        mover.send(message)
        mover.expect_error("bad-message")
    unchanged(mover, before)
    message, code = handshake_refusal(server, f"/api/tables/{table_id}/ws?seen={BIG}")
    assert (message["type"], message["code"], code) == ("error", "invalid", 4400)
    # the database still takes other tables' moves
    other, tokens = server.table_with_players()
    play({s: server.client(other, t) for s, t in tokens.items()}, random.Random(1),
         max_moves=2)


# --- 20.9 ----------------------------------------------------------------------------


def test_websocket_fields_have_strict_types(
        seated: tuple[str, dict[int, Client]]) -> None:
    """No ``true`` as version 1, no strings or floats as numbers, no number as a text."""
    _table, clients = seated
    mover, before = mover_of(clients)
    v = before["version"]
    move = before["observation"]["legal"][0]
    for message in ({"type": "move", "move": move, "version": True},
                    {"type": "move", "move": move, "version": str(v)},
                    {"type": "move", "move": move, "version": float(v)},
                    {"type": "move", "move": move, "version": v, "seat": False},
                    {"type": "move", "move": move, "version": v, "seat": str(before["seat"])},
                    {"type": "again", "game_no": True}, {"type": "again", "game_no": "1"},
                    {"type": "signal", "signal": 1}, {"type": "move", "move": [move],
                                                      "version": v}):
        mover.send(message)
        mover.expect_error("bad-message")
    unchanged(mover, before)


def test_http_bodies_have_strict_types(server: Server) -> None:
    for body in ({"creator_seat": True}, {"creator_seat": "0"}, {"match_wins": "2"},
                 {"spectators": "yes"}, {"spectators": 1}, {"variants": "blitz"}):
        error_of(server.http.post("/api/tables", json={"game": "duel", **body}), 422, "invalid")


# --- 20.10 ---------------------------------------------------------------------------


def test_a_5000_digit_number_is_bad_json(
        server: Server, seated: tuple[str, dict[int, Client]]) -> None:
    _table, clients = seated
    r = server.http.post("/api/tables", content=f'{{"game": "duel", "match_wins": {LONG_NUMBER}}}',
                         headers={"content-type": "application/json"})
    assert "JSON" in error_of(r, 400, "bad-json")
    mover, before = mover_of(clients)
    mover.send(f'{{"type": "move", "move": "end", "version": {LONG_NUMBER}}}')
    mover.expect_error("bad-json")
    unchanged(mover, before)


@pytest.mark.parametrize("query", ["seen=abc", "game_no=abc", "seen=-1", "game_no=0",
                                   "seen=1.5"])
def test_a_bad_handshake_query_gets_the_documented_refusal(
        server: Server, query: str) -> None:
    """Not a bare 403: the error message (code ``invalid``, naming the parameter), then
    close code 4400, as PROTOCOL.md says."""
    table_id, _ = server.table_with_players()
    message, code = handshake_refusal(server, f"/api/tables/{table_id}/ws?{query}")
    assert message["type"] == "error" and message["code"] == "invalid"
    assert query.split("=", maxsplit=1)[0] in message["message"]
    assert code == 4400


def test_a_405_names_the_allowed_methods(server: Server) -> None:
    """Every path of the schema answers a method it lacks with 405, the documented shape
    and an ``Allow`` header listing exactly the methods it has."""
    paths = server.http.get("/openapi.json").json()["paths"]
    for template, operations in paths.items():
        path = template.replace("{table_id}", "abc").replace("{seat}", "0").replace(
            "{token}", "abc")
        allowed = {m.upper() for m in operations}
        for method in ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "TRACE"):
            if method in allowed or (method == "HEAD" and "GET" in allowed):
                continue  # (HEAD is answered like GET)
            r = server.http.request(method, path)
            if method == "HEAD":  # no body
                assert r.status_code == 405
            else:
                error_of(r, 405, "method-not-allowed")
            assert {m.strip() for m in r.headers["allow"].split(",")} == allowed, path


# --- 20.11 ---------------------------------------------------------------------------


BAD_NAMES = ["", "   ", "\u3000\u200d", "Ann\x00", "\x07bell", "Ann\u202egnp", "\u2066Ann",
             "Ann\u200f", "Ann\nBob", "x" * 41]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_player_names_refuse_controls_overrides_and_blank(
        server: Server, name: str) -> None:
    error_of(server.http.post("/api/tables", json={"game": "duel", "creator_name": name}),
             422, "invalid")
    error_of(server.http.post("/api/tables", json={
        "game": "duel", "seats": [{"name": name}, {}]}), 422, "invalid")
    created = server.create()
    table_id, invite = created["table"]["id"], created["invites"]["1"]
    error_of(server.http.post(f"/api/tables/{table_id}/seats/1",
                              json={"invite": invite, "name": name}), 422, "invalid")
    assert server.claim(table_id, 1, invite)  # the invite still works: nothing was taken


@pytest.mark.parametrize("name", [*BAD_NAMES[:-1], "y" * 81])
def test_group_names_refuse_controls_overrides_and_blank(
        server: Server, name: str) -> None:
    error_of(server.http.post("/api/groups", json={"name": name}), 422, "invalid")


def test_good_names_are_kept_without_surrounding_spaces(server: Server) -> None:
    for name, shown in (("  Ann  ", "Ann"), ("Jörg Groß", "Jörg Groß"),
                        ("👨\u200d👩\u200d👧 family", "👨\u200d👩\u200d👧 family"),
                        ("عليّ", "عليّ"), ("x" * 40, "x" * 40)):
        created = server.create(creator_name=name)
        assert created["table"]["seats"][0]["name"] == shown
    group = server.http.post("/api/groups", json={"name": "  The Millers "}).json()
    assert group["name"] == "The Millers"


def test_names_without_a_visible_character_are_refused_by_the_schema(
        server: Server) -> None:
    """The schema's own pattern refuses the names the server refuses by its pattern:
    checked with the pattern exactly as published. (The server refuses some more by
    Unicode category, with the documented 422: test_names.py.)"""
    import re

    schema = server.http.get("/openapi.json").json()["components"]["schemas"]
    name = next(s for s in schema["CreateTable"]["properties"]["creator_name"]["anyOf"]
                if s.get("type") == "string")
    pattern = re.compile(name["pattern"])
    for bad in BAD_NAMES[:-1]:
        assert not pattern.search(bad), repr(bad)
    for good in ("Ann", " Ann ", "👨\u200d👩\u200d👧"):
        assert pattern.search(good)
    assert (name["minLength"], name["maxLength"]) == (1, 40)
    group = schema["CreateGroup"]["properties"]["name"]
    assert group["pattern"] == name["pattern"] and group["maxLength"] == 80


def test_an_unexpected_failure_is_a_500_in_the_documented_shape(
        tmp_path: Any) -> None:
    """Not Starlette's plain-text page: ``internal``, in the one error shape."""
    from fastapi.testclient import TestClient

    from cardtable.server.app import create_app
    from cardtable.server.ops.config import Settings

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'x.db'}"))

    @app.get("/api/fails")
    async def fails() -> None:
        raise RuntimeError("a bug")

    r = TestClient(app, raise_server_exceptions=False).get("/api/fails")
    assert error_of(r, 500, "internal")

"""Bad input over HTTP and the WebSocket: each gets a clear error, the table is
unchanged, and the connection stays open where that makes sense."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Client, Server, play
from websockets.exceptions import ConnectionClosed

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def error_of(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()["error"]
    assert body["code"] == code, body
    assert body["message"]
    message: str = body["message"]
    return message


# --- HTTP ----------------------------------------------------------------------------


def test_http_malformed_json(server: Server) -> None:
    r = server.http.post("/api/tables", content=b"{not json",
                         headers={"content-type": "application/json"})
    error_of(r, 400, "bad-json")


def test_http_invalid_fields(server: Server) -> None:
    message = error_of(server.http.post("/api/tables", json={"game": "duel", "colour": 1}),
                       422, "invalid")
    assert "colour" in message
    message = error_of(server.http.post("/api/tables", json={
        "game": "duel", "seats": [{"kind": "robot"}, {"kind": "human"}]}), 422, "invalid")
    assert "seats.0.kind" in message


def test_http_unknown_game_and_bad_options(server: Server) -> None:
    assert "unknown game" in error_of(
        server.http.post("/api/tables", json={"game": "chess"}), 422, "unknown-game")
    assert "unknown option 'speed'" in error_of(
        server.http.post("/api/tables", json={"game": "duel", "options": {"speed": 3}}),
        422, "bad-options")
    assert "do not combine" in error_of(
        server.http.post("/api/tables", json={"game": "duel", "variants": ["blitz", "team"]}),
        422, "bad-options")
    assert "unknown duel variant" in error_of(
        server.http.post("/api/tables", json={"game": "duel", "variants": ["turbo"]}),
        422, "bad-options")
    assert "4 seats" in error_of(
        server.http.post("/api/tables", json={"game": "duel", "variants": ["team"],
                                              "seats": [{}, {}]}), 422, "bad-seats")
    assert "unknown duel player" in error_of(server.http.post("/api/tables", json={
        "game": "duel", "seats": [{}, {"kind": "computer", "strength": "genius"}]}),
        422, "bad-seats")
    assert "human seat" in error_of(server.http.post("/api/tables", json={
        "game": "duel", "creator_seat": 1, "seats": [{}, {"kind": "computer"}]}),
        422, "bad-seats")


def test_http_a_refused_combination_names_its_rule_and_numbers(server: Server) -> None:
    """Options the game refuses together come with the refusal's code and its numbers (the
    new-table page says them in its language); a refusal without one has neither; and a
    Paternoster table with Passengers on one deck is refused, not a server error."""
    r = server.http.post("/api/tables", json={"game": "duel",
                                              "options": {"hand": 3, "cards_per_turn": 4}})
    error_of(r, 422, "bad-options")
    body = r.json()["error"]
    assert (body["rule"], body["values"]) == ("turn-over-hand", {"per_turn": 4, "hand": 3})
    r = server.http.post("/api/tables", json={"game": "duel", "variants": ["blitz", "team"]})
    error_of(r, 422, "bad-options")
    assert r.json()["error"]["rule"] == "blitz-team" and "values" not in r.json()["error"]
    r = server.http.post("/api/tables", json={"game": "duel", "options": {"speed": 3}})
    error_of(r, 422, "bad-options")
    assert "rule" not in r.json()["error"] and "values" not in r.json()["error"]
    r = server.http.post("/api/tables", json={"game": "paternoster", "variants": ["passengers:3"],
                                              "options": {"decks": 1}})
    assert "two decks" in error_of(r, 422, "bad-options")
    assert r.json()["error"]["rule"] == "passengers-one-deck"


def test_http_oversized_body(server: Server) -> None:
    big = json.dumps({"game": "duel", "creator_name": "x" * 100_000})
    r = server.http.post("/api/tables", content=big.encode(),
                         headers={"content-type": "application/json"})
    error_of(r, 413, "too-big")


def test_http_oversized_body_without_a_length(server: Server) -> None:
    """A chunked body (no Content-Length) over the limit is refused as too big as well;
    a small chunked body is read as usual."""

    def chunks(n: int) -> Iterator[bytes]:
        yield b'{"game": "duel", "creator_name": "A'
        for _ in range(n):
            yield b"x" * 2000
        yield b'"}'

    r = server.http.post("/api/tables", content=chunks(20),
                         headers={"content-type": "application/json"})
    assert r.request.headers["transfer-encoding"] == "chunked"
    error_of(r, 413, "too-big")
    r = server.http.post("/api/tables", content=chunks(0),
                         headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text


def test_http_unknown_tables(server: Server) -> None:
    for path in ("/api/tables/nosuchtable", "/api/tables/nosuchtable/record",
                 "/api/tables/nosuchtable/games", "/api/tables/../../etc",
                 "/t/nosuchtable"):
        r = server.http.get(path)
        assert r.status_code == 404, path
        assert r.json()["error"]["code"] in ("unknown-table", "not-found")
    error_of(server.http.post("/api/tables/nosuchtable/seats/1", json={"invite": "x"}),
             404, "unknown-table")


def test_http_invites_work_once_and_only_for_their_seat(server: Server) -> None:
    created = server.create(variants=["team"])
    table_id = created["table"]["id"]
    invites = created["invites"]
    error_of(server.http.post(f"/api/tables/{table_id}/seats/2",
                              json={"invite": invites["1"]}), 403, "bad-invite")
    error_of(server.http.post(f"/api/tables/{table_id}/seats/0",
                              json={"invite": invites["1"]}), 409, "taken")
    error_of(server.http.post(f"/api/tables/{table_id}/seats/9",
                              json={"invite": invites["1"]}), 404, "no-such-seat")
    server.claim(table_id, 1, invites["1"])
    error_of(server.http.post(f"/api/tables/{table_id}/seats/1",
                              json={"invite": invites["1"]}), 409, "taken")
    info = server.http.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "waiting"
    assert [s["taken"] for s in info["seats"]] == [True, True, False, False]


def test_http_record_of_a_running_game_is_secret(server: Server) -> None:
    table_id, _ = server.table_with_players()
    error_of(server.http.get(f"/api/tables/{table_id}/record"), 409, "not-finished")
    error_of(server.http.get(f"/api/tables/{table_id}/record?game_no=5"), 404,
             "unknown-game-no")
    # the shared client holds a seat cookie from claiming; a stranger holds none
    error_of(httpx.post(f"{server.url}/api/tables/{table_id}/again"), 401, "no-seat")
    error_of(httpx.post(f"{server.url}/api/tables/{table_id}/again",
                        headers={"Authorization": "Bearer wrong"}), 401, "no-seat")
    error_of(server.http.post(f"/api/tables/{table_id}/again"), 409, "not-over")
    assert "deal" not in server.http.get(f"/api/tables/{table_id}").text


# --- WebSocket -----------------------------------------------------------------------


def unchanged(client: Client, before: dict[str, Any]) -> None:
    """The connection still answers, the version and the position are the same."""
    assert client.ping()["version"] == before["version"]
    old = client.state
    client.send({"type": "sync"})
    now = client.wait_state(lambda m: m is not old)
    assert now["version"] == before["version"]
    assert now["observation"] == before["observation"]


@pytest.fixture
def seated(server: Server) -> tuple[Server, str, dict[int, Client]]:
    table_id, tokens = server.table_with_players()
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    play(clients, random.Random(2), max_moves=3)
    return server, table_id, clients


def to_act(clients: dict[int, Client]) -> tuple[Client, Client, dict[str, Any]]:
    states = {s: c.wait_state(lambda m: True) for s, c in clients.items()}
    version = max(st["version"] for st in states.values())
    states = {s: c.wait_version(version) for s, c in clients.items()}
    seat = states[0]["observation"]["turn_seat"]
    return clients[seat], clients[1 - seat], states[seat]


def test_ws_malformed_json_and_wrong_shapes(seated: tuple[Server, str, dict[int, Client]]
                                            ) -> None:
    _server, _table, clients = seated
    mover, _other, before = to_act(clients)
    for raw, code in (("{nope", "bad-json"), ("[1, 2]", "bad-message"),
                      ('{"move": "end"}', "bad-message"), ('"hello"', "bad-message"),
                      ('{"type": "dance"}', "unknown-type"), ('{"type": 5}', "bad-message"),
                      ('{"type": "move", "move": "end"}', "bad-message"),
                      ('{"type": "move", "move": "end", "version": "x"}', "bad-message"),
                      ('{"type": "move", "move": 7, "version": 1}', "bad-message"),
                      ('{"type": "move", "move": "end", "version": 1, "x": 1}', "bad-message")):
        mover.send(raw)
        error = mover.expect_error(code)
        assert error["message"] and error["version"] == before["version"]
    unchanged(mover, before)


def test_ws_illegal_stale_duplicate_and_foreign_moves(
        seated: tuple[Server, str, dict[int, Client]]) -> None:
    _server, _table, clients = seated
    mover, other, before = to_act(clients)
    v = before["version"]
    mover.move("play 9Z up", v)
    assert "card" in mover.expect_error("illegal")["message"].lower()
    mover.move("fly away", v)
    assert mover.expect_error("illegal")["rule"] == "no-such-move"
    mover.move("play KS up" if before["seat"] == 0 else "play KD up", v)
    assert mover.expect_error("illegal")["rule"] == "not-in-hand"
    other.move("end", v)
    assert other.expect_error("illegal")["rule"] == "not-your-turn"
    other.move(before["observation"]["legal"][0], v, seat=1 - other.state["seat"])  # type: ignore[index]
    other.expect_error("not-your-seat")
    mover.move(before["observation"]["legal"][0], v + 5)
    assert "not a version" in mover.expect_error("stale")["message"]
    mover.move(before["observation"]["legal"][0], -1)
    assert "greater than or equal to 0" in mover.expect_error("bad-message")["message"]
    unchanged(mover, before)
    unchanged(other, other.state)  # type: ignore[arg-type]
    # now a real move, then the same again at the old version: a duplicate
    move = before["observation"]["legal"][0]
    mover.move(move, v)
    after = mover.wait_version(v + 1)
    mover.move(move, v)
    assert "not played twice" in mover.expect_error("duplicate")["message"]
    if after["observation"]["legal"]:
        different = next(m for m in after["observation"]["legal"] if m != move)
        mover.move(different, v)
        mover.expect_error("stale")
    unchanged(mover, after)


def test_ws_spectators_cannot_act(seated: tuple[Server, str, dict[int, Client]]) -> None:
    server, table_id, clients = seated
    _mover, _other, before = to_act(clients)
    spectator = server.client(table_id)
    state = spectator.recv()
    assert state["seat"] is None and state["observation"]["legal"] == []
    assert state["observation"]["hand"] == []
    for message in ({"type": "move", "move": "end", "version": before["version"]},
                    {"type": "again"}, {"type": "signal", "signal": "help up"}):
        spectator.send(message)
        spectator.expect_error("spectator")
    assert spectator.ping()["version"] == before["version"]


def padded(message: dict[str, Any], size: int) -> str:
    """A message made ``size`` bytes long by trailing blanks: still valid JSON."""
    text = json.dumps(message)
    return text + " " * (size - len(text))


def pieces(text: str, size: int) -> list[str]:
    """``text`` as the fragments of one WebSocket message."""
    return [text[i:i + size] for i in range(0, len(text), size)]


def seated_at(server: Server, seed: int) -> tuple[str, dict[int, str], dict[int, Client]]:
    table_id, tokens = server.table_with_players()
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    play(clients, random.Random(seed), max_moves=3)
    return table_id, tokens, clients


def check_too_big_is_answered(server: Server) -> None:
    """A message over 16 KiB, however it comes (up to the 1 MiB cut-off), is refused with
    ``too-big`` and the limit; the table is unchanged and the same connection then plays
    a legal move, in a message of exactly 16 KiB."""
    _table, _tokens, clients = seated_at(server, 5)
    mover, other, before = to_act(clients)
    v = before["version"]
    legal = before["observation"]["legal"][0]
    move = {"type": "move", "move": legal, "version": v}
    text = padded(move, 20 * 1024)  # a legal move, were it not too big
    for big in (text, text.encode(), pieces(text, 4096), padded(move, 16 * 1024 + 1),
                padded(move, 2**20), json.dumps({**move, "x": "é" * 9000})):  # 18,000 bytes
        mover.ws.send(big)
        error = mover.expect_error("too-big")
        assert "16384 bytes" in error["message"] and error["version"] == v, error
    unchanged(mover, before)
    unchanged(other, other.state)  # type: ignore[arg-type]
    mover.send(padded(move, 16 * 1024))
    after = other.wait_version(v + 1)
    assert after["version"] == v + 1
    assert after["events"][0]["move"] == legal and after["events"][0]["seat"] == before["seat"]


def check_cut_off(server: Server, fragmented: bool) -> None:
    """A message over 1 MiB is not read: the connection is cut (1009, or 1006 when the
    server's close overtakes the rest of the client's message); the other seat plays on,
    and the seat reconnects to the same table, unchanged."""
    table_id, tokens, clients = seated_at(server, 6)
    mover, other, before = to_act(clients)
    legal = before["observation"]["legal"][0]
    huge = padded({"type": "move", "move": legal, "version": before["version"]}, 2 * 2**20)
    with suppress(ConnectionClosed):  # the server may close before the client has sent it all
        mover.ws.send(pieces(huge, 64 * 1024) if fragmented else huge)
    with pytest.raises(ConnectionClosed):
        for _ in range(10):
            mover.recv(timeout=10)
    assert mover.ws.close_code in (1009, 1006)
    assert other.ping()["version"] == before["version"]
    back = server.client(table_id, tokens[before["seat"]])
    state = back.recv()
    assert state["version"] == before["version"]
    assert state["observation"] == before["observation"]
    back.move(legal, before["version"])
    assert other.wait_version(before["version"] + 1)["events"][0]["move"] == legal


def test_ws_message_over_16_kib_gets_too_big_and_the_connection_plays_on(
        server: Server) -> None:
    check_too_big_is_answered(server)


@pytest.mark.parametrize("fragmented", [False, True], ids=["one-frame", "fragments"])
def test_ws_message_over_1_mib_cuts_the_connection(server: Server, fragmented: bool) -> None:
    check_cut_off(server, fragmented)


def test_ws_size_limits_on_uvicorns_other_websocket_implementation(tmp_path: Path) -> None:
    """``--ws websockets`` (uvicorn's older implementation) keeps the same limits."""
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                 "--ws", "websockets")
    srv.start()
    try:
        check_too_big_is_answered(srv)
        check_cut_off(srv, fragmented=True)
    finally:
        srv.stop()


def test_ws_unknown_table(server: Server) -> None:
    client = server.client("no-such-table")
    message = client.recv()
    assert message["code"] == "unknown-table"
    with pytest.raises(ConnectionClosed):
        client.recv(timeout=5)
    assert client.ws.close_code == 4404


def test_ws_moves_before_every_seat_is_taken(server: Server) -> None:
    created = server.create()
    table_id = created["table"]["id"]
    alone = server.client(table_id, created["token"])
    state = alone.recv()
    assert state["status"] == "waiting" and state["observation"]["legal"] == []
    alone.move("end", 0)
    assert "seat 1" in alone.expect_error("waiting")["message"]
    server.claim(table_id, 1, created["invites"]["1"])
    assert alone.wait_state(lambda m: m["status"] == "playing")["version"] == 0


def test_ws_a_flood_is_disconnected(server: Server) -> None:
    """A client that keeps sending after ``too-fast`` is closed with 1008."""
    table_id, tokens = server.table_with_players()
    client = server.client(table_id, tokens[0])
    client.recv()
    with pytest.raises(ConnectionClosed):
        for _ in range(100_000):
            client.send('{"type": "ping"}')
        while True:
            client.recv()
    assert client.ws.close_code == 1008
    assert client.ws.close_reason == "too-fast"
    assert "cardtable_websocket_floods_total 1.0" in server.http.get("/metrics").text
    again = server.client(table_id, tokens[0])
    assert again.recv()["seat"] == 0, "the seat itself is not barred"


def test_ws_a_table_without_spectators_refuses_watchers(server: Server) -> None:
    """The creator may close the table to spectators: a client without a seat token is
    told so and the connection closes (4403); the seats still play."""
    table_id, tokens = server.table_with_players(spectators=False)
    assert server.http.get(f"/api/tables/{table_id}").json()["spectators"] is False
    watcher = server.client(table_id)
    message = watcher.recv()
    assert message["type"] == "error" and message["code"] == "no-spectators"
    with pytest.raises(ConnectionClosed):
        watcher.recv(timeout=5)
    assert watcher.ws.close_code == 4403
    seat = server.client(table_id, tokens[0])
    assert seat.recv()["seat"] == 0

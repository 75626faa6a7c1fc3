"""Resigning and aborting over the WebSocket: the resigning side loses (and a rated game
is rated so), a spectator's or a finished game's resignation is refused, an abort before
the second move ends the game unrated, and a resigned game stays over after a restart."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from harness import Client, Server

PASSWORD = "tulip-kettle-93"

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def signed_up(server: Server, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30)
    r = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return client


def rated_duel(server: Server, first: httpx.Client, second: httpx.Client
               ) -> tuple[str, dict[int, str]]:
    created = first.post("/api/tables", json={"game": "duel", "rated": True}).json()
    table_id, (seat, invite) = created["table"]["id"], next(iter(created["invites"].items()))
    r = second.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
    assert r.status_code == 200, r.text
    return table_id, {0: created["token"], int(seat): r.json()["token"]}


def finished(client: Client) -> dict[str, Any]:
    return client.wait_state(lambda m: m["status"] == "finished")


def test_a_resignation_loses_a_rated_game(server: Server) -> None:
    uma, vic = signed_up(server, "uma_r"), signed_up(server, "vic_r")
    table_id, tokens = rated_duel(server, uma, vic)
    seats = {seat: server.client(table_id, token) for seat, token in tokens.items()}
    watcher = server.client(table_id)
    watcher.wait_state(lambda m: m["status"] == "playing")
    watcher.send({"type": "resign"})
    watcher.expect_error("spectator")
    seats[1].send({"type": "resign"})
    state = finished(seats[1])
    assert state["outcome"] == {"winner": 0, "reason": "resigned", "resigned": 1}
    assert finished(watcher)["outcome"]["winner"] == 0
    seats[0].send({"type": "resign"})
    seats[0].expect_error("game-over")
    seats[0].send({"type": "abort"})
    seats[0].expect_error("game-over")
    uma_page = server.http.get("/api/players/uma_r").json()
    vic_page = server.http.get("/api/players/vic_r").json()
    assert uma_page["games"][0]["result"] == "win" and vic_page["games"][0]["result"] == "loss"
    assert uma_page["ratings"]["duel"]["rating"] > 1500 > vic_page["ratings"]["duel"]["rating"]
    record = server.record(table_id)
    assert record["outcome"]["reason"] == "resigned"
    # at a rated table the next game is an offer, declined, then accepted
    seats[0].send({"type": "again"})
    seats[1].wait_state(lambda m: m.get("rematch") == {"offers": [0], "declined": None})
    seats[0].send({"type": "decline"})
    seats[0].expect_error("no-offer")
    seats[1].send({"type": "decline"})
    seats[0].wait_state(lambda m: m.get("rematch") == {"offers": [], "declined": 1})
    assert seats[0].state is not None and seats[0].state["game_no"] == 1
    seats[1].send({"type": "again"})
    seats[0].wait_state(lambda m: m.get("rematch") == {"offers": [1], "declined": None})
    seats[0].send({"type": "again"})
    seats[0].wait_state(lambda m: m["game_no"] == 2 and m["status"] == "playing"
                        and "rematch" not in m)
    for client in [*seats.values(), watcher]:
        client.close()


def test_an_abort_before_the_second_move_ends_the_game_unrated(server: Server) -> None:
    wes, xia = signed_up(server, "wes_r"), signed_up(server, "xia_r")
    table_id, tokens = rated_duel(server, wes, xia)
    seats = {seat: server.client(table_id, token) for seat, token in tokens.items()}
    seats[0].send({"type": "abort"})
    state = finished(seats[0])
    assert state["outcome"]["reason"] == "aborted" and state["outcome"]["winner"] is None
    page = server.http.get("/api/players/wes_r").json()
    assert page["ratings"] == {} and page["games"][0]["rated"] is False
    # two moves in: too late to abort
    seats[0].send({"type": "again"})
    seats[1].send({"type": "again"})  # a rated table: the offer and its acceptance
    for seat_no in range(2):
        state = seats[0].wait_state(lambda m: m["game_no"] == 2 and m["status"] == "playing")
        mover = next(s for s, c in seats.items()
                     if c.wait_version(state["version"], 2)["observation"]["legal"])
        mine = seats[mover].wait_version(state["version"], 2)
        seats[mover].move(mine["observation"]["legal"][0], mine["version"])
        seats[0].wait_version(state["version"] + 1, 2)
        assert seat_no in (0, 1)
    seats[1].send({"type": "abort"})
    seats[1].expect_error("too-late")
    for client in seats.values():
        client.close()


def test_a_resigned_game_stays_over_after_a_restart(fresh_server: Server) -> None:
    table_id, tokens = fresh_server.table_with_players(game="duel52")
    client = fresh_server.client(table_id, tokens[0])
    client.wait_state(lambda m: m["status"] == "playing")
    client.send({"type": "resign"})
    assert finished(client)["outcome"]["winner"] == 1
    client.close()
    fresh_server.kill9()
    fresh_server.start()
    info = fresh_server.http.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "finished" and info["outcome"]["reason"] == "resigned"
    clients = [fresh_server.client(table_id, token) for token in tokens.values()]
    for client in clients:  # two people: an offer and its acceptance
        client.send({"type": "again", "game_no": 1})
    for client in clients:
        client.wait_state(lambda m: m["game_no"] == 2 and m["status"] == "playing")
        client.close()

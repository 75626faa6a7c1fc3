"""The lobby against a real server on SQLite: seeks posted, listed, taken, read and
withdrawn; every refusal documented and changing nothing; 20 takers racing for one seek;
the seeks' ends (time, the owner's socket leaving, taking another); the live list; quick
pairing; and the public-site limit on posting."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import TEST_FLAGS, Server, from_address, wait_until
from test_accounts import sign_up
from websockets.sync.client import ClientConnection, connect

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

DUEL_3_2 = {"game": "duel", "clock": {"minutes": 3, "increment": 2}}


def player(server: Server) -> httpx.Client:
    """A browser of its own (cookies kept to itself)."""
    return httpx.Client(base_url=server.url, timeout=30)


def post(client: httpx.Client, **body: Any) -> dict[str, Any]:
    r = client.post("/api/seeks", json=body or DUEL_3_2)
    assert r.status_code == 201, r.text
    seek: dict[str, Any] = r.json()["seek"]
    return seek


def error(r: httpx.Response) -> tuple[int, str]:
    return r.status_code, r.json()["error"]["code"]


def listed(client: httpx.Client, **params: Any) -> list[dict[str, Any]]:
    r = client.get("/api/lobby", params=params)
    assert r.status_code == 200, r.text
    seeks: list[dict[str, Any]] = r.json()["seeks"]
    return seeks


def socket(server: Server, client: httpx.Client | None = None, **params: str) -> ClientConnection:
    """A lobby socket, as the browser ``client`` (its cookies) or a stranger."""
    query = "&".join(f"{k}={v}" for k, v in params.items())
    headers = {}
    if client is not None and client.cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    return connect(f"{server.ws_url}/api/lobby/ws?{query}", additional_headers=headers,
                   open_timeout=30)


def receive(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (others are skipped)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] == kind:
            return message


def race_to_take(seek_id: str, takers: list[httpx.Client]) -> list[httpx.Response]:
    """Every taker asks for the seek at the same moment (threads behind one barrier)."""
    start = threading.Barrier(len(takers))
    answers: list[httpx.Response] = []
    lock = threading.Lock()

    def take(client: httpx.Client) -> None:
        start.wait()
        r = client.post(f"/api/seeks/{seek_id}/accept")
        with lock:
            answers.append(r)

    threads = [threading.Thread(target=take, args=(c,)) for c in takers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


@pytest.fixture(scope="module")
def short_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Seeks that wait one second, two open seeks at most per player, one turn-based
    game."""
    path = tmp_path_factory.mktemp("short")
    srv = Server(f"sqlite:///{path / 'cardtable.db'}", path / "server.log",
                 "--seek-seconds", "1", "--max-seeks", "2", "--max-turn-based", "1")
    srv.start()
    yield srv
    srv.stop()


def test_a_seek_is_listed_taken_and_both_players_sit_at_one_table(server: Server) -> None:
    owner, taker = player(server), player(server)
    r = owner.post("/api/seeks", json={**DUEL_3_2, "name": "Ada"})
    assert r.status_code == 201, r.text
    seek, key = r.json()["seek"], r.json()["key"]
    assert key and "ct.player" in r.headers["set-cookie"]
    assert seek["game"] == "duel" and seek["clock"] == {"minutes": 3, "increment": 2}
    assert seek["name"] == "Ada" and seek["rated"] is False and seek["mine"] is True
    [found] = [s for s in listed(taker) if s["id"] == seek["id"]]
    assert found["mine"] is False and found["rating"] is None
    assert all(s["game"] == "duel52" for s in listed(taker, game="duel52"))

    r = taker.post(f"/api/seeks/{seek['id']}/accept", json={"name": "Bo"})
    assert r.status_code == 201, r.text
    paired = r.json()
    table = paired["table"]
    assert table["time_control"] == {"minutes": 3, "increment": 2}
    assert {s["name"] for s in table["seats"]} == {"Ada", "Bo"}
    assert all(s["taken"] for s in table["seats"])
    assert seek["id"] not in [s["id"] for s in listed(taker)]

    mine = owner.get(f"/api/seeks/{seek['id']}").json()
    assert mine["state"] == "paired" and mine["table"]["id"] == table["id"]
    assert mine["seat"] == 1 - paired["seat"] and mine["token"]
    stranger = player(server).get(f"/api/seeks/{seek['id']}").json()
    assert stranger["state"] == "paired" and stranger["token"] is None
    assert stranger["seat"] is None
    # the program's way: the key as a bearer token reads the same
    by_key = httpx.get(f"{server.url}/api/seeks/{seek['id']}",
                       headers={"Authorization": f"Bearer {key}"}).json()
    assert by_key["token"] == mine["token"]
    for token, seat in ((paired["token"], paired["seat"]), (mine["token"], mine["seat"])):
        client = server.client(table["id"], token)
        try:
            assert client.wait_state(lambda m: True)["seat"] == seat
        finally:
            client.close()


def test_every_refusal_is_documented_and_changes_nothing(server: Server) -> None:
    owner, other = player(server), player(server)
    seek = post(owner)
    post(other, game="duel52", clock={"days": 2})  # other has a player key now
    before = listed(other)
    bad = [
        ({"game": "chess"}, (422, "unknown-game")),
        ({"game": "duel", "variant": "upside-down"}, (422, "unknown-variant")),
        ({"game": "duel", "variant": "team"}, (422, "not-two-players")),
        ({"game": "duel", "rated": True}, (403, "sign-in-to-play-rated")),
        ({"game": "duel", "clock": {"minutes": 0, "increment": 2}}, (422, "invalid")),
        ({"game": "duel", "clock": {"minutes": 3, "increment": 600}}, (422, "invalid")),
        ({"game": "duel", "clock": {"days": 5}}, (422, "invalid")),
        ({"game": "paternoster", "clock": {"minutes": 3, "increment": 2}}, (422, "bad-clock")),
        ({"game": "duel", "colour": "red"}, (422, "invalid")),
    ]
    for body, expected in bad:
        assert error(other.post("/api/seeks", json=body)) == expected, body
    assert error(owner.post(f"/api/seeks/{seek['id']}/accept")) == (409, "own-seek")
    assert error(other.delete(f"/api/seeks/{seek['id']}")) == (403, "not-your-seek")
    assert error(other.post("/api/seeks/nope/accept")) == (404, "unknown-seek")
    assert error(other.get("/api/seeks/nope")) == (404, "unknown-seek")
    assert error(player(server).delete(f"/api/seeks/{seek['id']}")) == (401, "no-player")
    assert listed(other) == before

    assert other.post(f"/api/seeks/{seek['id']}/accept").status_code == 201
    third = player(server)
    assert error(third.post(f"/api/seeks/{seek['id']}/accept")) == (409, "seek-taken")
    assert error(owner.delete(f"/api/seeks/{seek['id']}")) == (409, "seek-taken")

    gone = post(owner)
    assert owner.delete(f"/api/seeks/{gone['id']}").status_code == 204
    assert error(third.post(f"/api/seeks/{gone['id']}/accept")) == (409, "seek-ended")
    assert owner.get(f"/api/seeks/{gone['id']}").json()["ended"] == "withdrawn"


def test_rated_seeks_are_for_signed_in_players(server: Server) -> None:
    ada = sign_up(server, "ada-lobby")
    seek = post(ada, game="duel52", rated=True, clock={"minutes": 5, "increment": 3})
    assert seek["rated"] and seek["name"] == "ada-lobby" and seek["rating"] == 1500
    assert error(ada.post("/api/seeks", json={"game": "paternoster", "rated": True})) == (
        422, "not-rated")
    assert error(player(server).post(f"/api/seeks/{seek['id']}/accept")) == (
        403, "sign-in-to-play-rated")
    bo = sign_up(server, "bo-lobby")
    r = bo.post(f"/api/seeks/{seek['id']}/accept")
    assert r.status_code == 201, r.text
    assert r.json()["table"]["rated"] is True
    assert ada.get(f"/api/seeks/{seek['id']}").json()["token"]


def test_twenty_players_racing_for_one_seek_make_exactly_one_table(server: Server) -> None:
    owner = player(server)
    seek = post(owner)
    answers = race_to_take(seek["id"], [player(server) for _ in range(20)])
    won = [r for r in answers if r.status_code == 201]
    assert len(won) == 1
    assert sorted(error(r) for r in answers if r.status_code != 201) == [
        (409, "seek-taken")] * 19
    table = won[0].json()["table"]["id"]
    assert owner.get(f"/api/seeks/{seek['id']}").json()["table"]["id"] == table


def test_a_seek_ends_after_its_time_and_a_player_has_at_most_two_open(
        short_server: Server) -> None:
    owner = player(short_server)
    first = post(owner)
    wait_until(lambda: owner.get(f"/api/seeks/{first['id']}").json()["state"] == "ended")
    assert owner.get(f"/api/seeks/{first['id']}").json()["ended"] == "expired"
    assert first["id"] not in [s["id"] for s in listed(owner)]
    # a turn-based seek waits days, so two of them stay open
    days = {"game": "duel52", "clock": {"days": 3}}
    post(owner, **days)
    post(owner, **days)
    assert error(owner.post("/api/seeks", json=days)) == (409, "too-many-seeks")
    assert len([s for s in listed(owner) if s["mine"]]) == 2


def test_a_player_with_too_many_turn_based_games_neither_posts_nor_takes_one(
        short_server: Server) -> None:
    ada, bo, cy = player(short_server), player(short_server), player(short_server)
    days = {"game": "duel52", "clock": {"days": 7}}
    first = post(ada, **days)
    assert bo.post(f"/api/seeks/{first['id']}/accept").status_code == 201  # one game each
    other = post(cy, **days)
    assert error(bo.post(f"/api/seeks/{other['id']}/accept")) == (409, "too-many-turn-based")
    assert ada.get(f"/api/seeks/{first['id']}").json()["token"]  # ada's seat cookie
    assert error(ada.post("/api/seeks", json=days)) == (409, "too-many-turn-based")
    assert error(ada.post("/api/lobby/quick", json=days)) == (409, "too-many-turn-based")
    assert cy.get(f"/api/seeks/{other['id']}").json()["state"] == "open"
    assert other["id"] in [s["id"] for s in listed(cy)]
    assert cy.delete(f"/api/seeks/{other['id']}").status_code == 204


def test_a_real_time_seek_ends_when_its_players_lobby_socket_goes(server: Server) -> None:
    owner = player(server)
    turn_based = post(owner, game="duel52", clock={"days": 1})
    ws = socket(server, owner)
    receive(ws, "lobby")
    live = post(owner)
    assert receive(ws, "seek")["seek"] == {**live, "mine": True}
    ws.close()
    wait_until(lambda: owner.get(f"/api/seeks/{live['id']}").json()["state"] == "ended")
    assert owner.get(f"/api/seeks/{live['id']}").json()["ended"] == "left"
    assert owner.get(f"/api/seeks/{turn_based['id']}").json()["state"] == "open"
    assert owner.delete(f"/api/seeks/{turn_based['id']}").status_code == 204


def test_taking_a_seek_ends_the_takers_own(server: Server) -> None:
    ada, bo = player(server), player(server)
    mine = post(bo, game="matebeta")
    other = post(ada)
    assert bo.post(f"/api/seeks/{other['id']}/accept").status_code == 201
    found = bo.get(f"/api/seeks/{mine['id']}").json()
    assert (found["state"], found["ended"]) == ("ended", "took-another")


def test_the_live_list_pushes_new_taken_and_withdrawn_seeks(server: Server) -> None:
    owner, taker = player(server), player(server)
    watcher = socket(server, game="duel")
    owners: ClientConnection | None = None
    try:
        assert isinstance(receive(watcher, "lobby")["seeks"], list)
        first = post(owner)
        pushed = receive(watcher, "seek")["seek"]
        assert pushed["id"] == first["id"] and pushed["mine"] is False
        post(owner, game="matebeta")  # another game: this watcher follows the duel only
        withdrawn = post(owner)
        assert receive(watcher, "seek")["seek"]["id"] == withdrawn["id"]
        assert owner.delete(f"/api/seeks/{withdrawn['id']}").status_code == 204
        assert receive(watcher, "gone") == {"type": "gone", "ids": [withdrawn["id"]],
                                            "reason": "withdrawn"}
        owners = socket(server, owner)  # with the key the first post gave
        receive(owners, "lobby")
        r = taker.post(f"/api/seeks/{first['id']}/accept")
        assert r.status_code == 201
        assert receive(watcher, "gone") == {"type": "gone", "ids": [first["id"]],
                                            "reason": "paired"}
        told = receive(owners, "paired")
        assert told == {"type": "paired", "seek": first["id"], "table": r.json()["table"]["id"]}
        watcher.send(json.dumps({"type": "ping"}))
        receive(watcher, "pong")
    finally:
        watcher.close()
        if owners is not None:
            owners.close()


def test_quick_pairing_takes_a_waiting_seek_or_posts_one(server: Server) -> None:
    ada, bo = player(server), player(server)
    body = {"game": "matebeta", "clock": {"minutes": 5, "increment": 3}}
    for seek in listed(ada, game="matebeta"):  # what earlier tests left waiting
        player(server).post(f"/api/seeks/{seek['id']}/accept")
    r = ada.post("/api/lobby/quick", json=body)
    assert r.status_code == 201, r.text
    waiting = r.json()
    assert waiting["paired"] is None and waiting["waiting"] == 0
    r = bo.post("/api/lobby/quick", json={**body, "clock": {"minutes": 3, "increment": 2}})
    assert r.json()["paired"] is None and r.json()["waiting"] == 1  # another clock: no pair
    r = player(server).post("/api/lobby/quick", json=body)
    paired = r.json()["paired"]
    assert paired["table"]["game"] == "matebeta"
    mine = ada.get(f"/api/seeks/{waiting['seek']['id']}").json()
    assert mine["table"]["id"] == paired["table"]["id"]


def test_quick_pairing_of_rated_games_is_for_signed_in_players(server: Server) -> None:
    body = {"game": "duel52", "rated": True, "clock": {"minutes": 10, "increment": 5}}
    assert error(player(server).post("/api/lobby/quick", json=body)) == (
        403, "sign-in-to-play-rated")
    cleo, dan = sign_up(server, "cleo-quick"), sign_up(server, "dan-quick")
    waiting = cleo.post("/api/lobby/quick", json=body).json()
    assert waiting["seek"]["rating"] == 1500 and waiting["seek"]["rated"]
    paired = dan.post("/api/lobby/quick", json=body).json()["paired"]
    assert paired["table"]["rated"] is True
    assert {s["name"] for s in paired["table"]["seats"]} == {"cleo-quick", "dan-quick"}
    assert cleo.get(f"/api/seeks/{waiting['seek']['id']}").json()["seat"] == 1 - paired["seat"]


def test_a_flood_of_seeks_meets_the_sites_limit(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                 "--limit", "seeks=5/minute",
                 flags=tuple(f for f in TEST_FLAGS if f != "--no-limits"))
    srv.start()
    try:
        client = from_address(srv, "127.0.0.20")
        answers = [client.post("/api/seeks", json={"game": "duel52", "clock": {"days": 1}})
                   for _ in range(7)]
        codes = [r.status_code for r in answers]
        assert codes[:3] == [201] * 3 and codes[3:5] == [409] * 2 and codes[5:] == [429] * 2
        assert error(answers[-1]) == (429, "rate-limited")
        assert int(answers[-1].headers["Retry-After"]) >= 1
    finally:
        srv.stop()

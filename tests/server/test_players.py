"""Seats bound to accounts and people's pages in data, against a real server: a table made
and a seat taken while signed in belong to the accounts, their holder takes a seat back
from another browser, and a finished game is listed on both players' pages."""

from __future__ import annotations

import random

import httpx
from harness import Server, play

PASSWORD = "tulip-kettle-93"


def signed_up(server: Server, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30)
    r = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return client


def test_seats_of_accounts_come_back_and_games_are_listed(server: Server) -> None:
    ann, ben = signed_up(server, "ann_p"), signed_up(server, "ben_p")
    r = ann.post("/api/tables", json={"game": "duel", "creator_name": "someone else"})
    assert r.status_code == 201, r.text
    created = r.json()
    table_id, (seat, invite) = created["table"]["id"], next(iter(created["invites"].items()))
    r = ben.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite,
                                                              "name": "not-me"})
    assert r.status_code == 200, r.text
    names = [s["name"] for s in server.http.get(f"/api/tables/{table_id}").json()["seats"]]
    assert names == ["ann_p", "ben_p"]

    # Ben in another browser: signed in there, he takes his seat back
    elsewhere = httpx.Client(base_url=server.url, timeout=30)
    r = elsewhere.post(f"/api/tables/{table_id}/return")
    assert (r.status_code, r.json()["error"]["code"]) == (401, "not-signed-in")
    elsewhere.post("/api/session", json={"name": "ben_p", "password": PASSWORD})
    r = elsewhere.post(f"/api/tables/{table_id}/return")
    assert r.status_code == 200 and r.json()["seat"] == int(seat), r.text
    ben_token = r.json()["token"]
    assert elsewhere.cookies[f"ct_{table_id}"] == ben_token
    stranger = signed_up(server, "cleo_p")
    r = stranger.post(f"/api/tables/{table_id}/return")
    assert (r.status_code, r.json()["error"]["code"]) == (404, "no-seat")

    clients = {0: server.client(table_id, created["token"]),
               int(seat): server.client(table_id, ben_token)}
    final = play(clients, random.Random(5))
    assert final["status"] == "finished"
    winner = final["outcome"]["winner"]
    for client in clients.values():
        client.close()

    for name, me in (("ann_p", 0), ("ben_p", int(seat))):
        page = server.http.get(f"/api/players/{name.upper()}").json()
        assert page["name"] == name and page["ratings"] == {} and not page["more"]
        [game] = page["games"]
        assert (game["table"], game["game"], game["game_no"], game["rated"]) == \
            (table_id, "duel", 1, False)
        assert game["result"] == ("win" if me % 2 == winner else "loss")
        assert [o["name"] for o in game["opponents"]] == \
            ["ben_p" if name == "ann_p" else "ann_p"]
    assert server.http.get("/api/players/cleo_p").json()["games"] == []
    r = server.http.get("/api/players/nobody-here")
    assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown-player")

    # a deleted account's seat is "deleted player" in the other's history
    ann.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
    [game] = server.http.get("/api/players/ben_p").json()["games"]
    assert [o["name"] for o in game["opponents"]] == ["deleted player"]


def test_playing_without_an_account_is_unchanged(server: Server) -> None:
    created = server.create(creator_name="Anon")
    assert created["table"]["seats"][0]["name"] == "Anon"


def test_a_rated_duel_moves_the_ratings_apart(server: Server) -> None:
    ria, sam = signed_up(server, "ria_r"), signed_up(server, "sam_r")
    anon = httpx.Client(base_url=server.url, timeout=30)
    refused = [
        (anon, {"game": "duel", "rated": True}, "signed-in"),
        (ria, {"game": "paternoster", "rated": True}, "not rated"),
        (ria, {"game": "duel", "rated": True,
               "seats": [{"kind": "human"}, {"kind": "computer", "strength": "simple"}]},
         "computer"),
        (ria, {"game": "duel", "rated": True, "creator_seat": None}, "sits"),
    ]
    for client, body, reason in refused:
        r = client.post("/api/tables", json=body)
        assert (r.status_code, r.json()["error"]["code"]) == (422, "not-rated"), body
        assert reason in r.json()["error"]["message"]
    r = ria.post("/api/tables", json={"game": "duel", "rated": True})
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["table"]["rated"] is True
    table_id, (seat, invite) = created["table"]["id"], next(iter(created["invites"].items()))
    r = anon.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
    assert (r.status_code, r.json()["error"]["code"]) == (403, "sign-in-to-play-rated")
    r = ria.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
    assert (r.status_code, r.json()["error"]["code"]) == (409, "same-account")
    r = sam.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
    assert r.status_code == 200, r.text
    clients = {0: server.client(table_id, created["token"]),
               int(seat): server.client(table_id, r.json()["token"])}
    final = play(clients, random.Random(7))
    for client in clients.values():
        client.close()
    winner = final["outcome"]["winner"]
    names = {0: "ria_r", int(seat): "sam_r"}
    ratings = {}
    for me, name in names.items():
        page = server.http.get(f"/api/players/{name}").json()
        [game] = page["games"]
        assert game["rated"] is True and game["result"] == ("win" if me == winner else "loss")
        rating = page["ratings"]["duel"]
        assert rating["games"] == 1 and rating["provisional"] is True
        ratings[me] = rating["rating"]
        assert (game["rating_change"] > 0) == (me == winner)
    assert ratings[winner] > 1500 > ratings[1 - winner]

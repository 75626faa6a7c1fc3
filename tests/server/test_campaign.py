"""The Tower campaign's HTTP API: groups, rides entered by hand, rides on the site."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from harness import Server, play

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def new_group(server: Server, name: str = "The Millers") -> dict[str, Any]:
    r = server.http.post("/api/groups", json={"name": name})
    assert r.status_code == 201, r.text
    group: dict[str, Any] = r.json()
    return group


def enter(server: Server, token: str, **ride: Any) -> Any:
    return server.http.post(f"/api/groups/{token}/rides", json={"players": 2, **ride})


def floor(group: dict[str, Any], number: int) -> dict[str, Any]:
    found: dict[str, Any] = group["floors"][number - 1]
    assert found["number"] == number
    return found


def test_a_new_group_has_floor_one_open_and_a_share_link(server: Server) -> None:
    group = new_group(server)
    assert group["link"].endswith(f"/g/{group['token']}")
    assert [f["open"] for f in group["floors"]] == [True] + [False] * 11
    assert group["stars"] == 0 and group["max_stars"] == 36
    assert floor(group, 1)["name"] == {"en": "Test ride", "de": "Probefahrt"}
    again = server.http.get(f"/api/groups/{group['token']}").json()
    assert again["name"] == "The Millers" and again["rides"] == []
    assert server.http.get("/api/groups/nope").status_code == 404


def test_stars_by_entry_and_the_next_floor_opens(server: Server) -> None:
    """★ goal reached, ★★ at most half the allowed cards left, ★★★ all cards down; the best
    ride counts; clearing a floor opens the one above."""
    token = new_group(server)["token"]
    g = enter(server, token, floor=1, cards_left=9).json()  # goal 8: not cleared
    assert g["rides"][-1]["stars"] == 0 and not floor(g, 2)["open"]
    g = enter(server, token, floor=1, cards_left=8).json()
    assert g["rides"][-1]["stars"] == 1 and floor(g, 2)["open"] and not floor(g, 3)["open"]
    g = enter(server, token, floor=1, cards_left=4).json()
    assert g["rides"][-1]["stars"] == 2
    g = enter(server, token, floor=1, cards_left=5).json()
    assert floor(g, 1)["best_stars"] == 2
    g = enter(server, token, floor=1, cards_left=0).json()
    assert floor(g, 1)["best_stars"] == 3 and g["stars"] == 3
    assert len(g["rides"]) == 5 and all(r["source"] == "hand" for r in g["rides"])


def test_goal_zero_gives_all_three_stars_at_once(server: Server) -> None:
    token = new_group(server)["token"]
    for number in range(1, 11):
        f = floor(server.http.get(f"/api/groups/{token}").json(), number)
        r = enter(server, token, floor=number, cards_left=0,
                  passengers_delivered=f["passengers"])
        assert r.status_code == 201, r.text
    passengers = floor(server.http.get(f"/api/groups/{token}").json(), 11)["passengers"]
    r = enter(server, token, floor=11, cards_left=0, passengers_delivered=passengers)
    g = r.json()
    assert g["rides"][-1]["stars"] == 3 and floor(g, 12)["open"]
    r = enter(server, token, floor=11, cards_left=1, passengers_delivered=passengers)
    assert r.json()["rides"][-1]["stars"] == 0


def test_a_lost_ride_earns_no_stars(server: Server) -> None:
    token = new_group(server)["token"]
    g = enter(server, token, floor=1, cards_left=2, lost=True).json()
    assert g["rides"][-1]["stars"] == 0 and g["rides"][-1]["lost"] is True
    assert not floor(g, 2)["open"]


@pytest.mark.parametrize(("ride", "words"), [
    ({"floor": 1, "cards_left": 500}, "500 cards left, but floor 1 (Test ride) with 2 players "
                                      "has only"),
    ({"floor": 1, "cards_left": 104}, "impossible"),
    ({"floor": 1, "cards_left": 3, "passengers_delivered": 1}, "has none"),
])
def test_impossible_rides_are_refused_with_the_reason(server: Server, ride: dict[str, Any],
                                                      words: str) -> None:
    token = new_group(server)["token"]
    r = enter(server, token, **ride)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "impossible-ride"
    assert words in error["message"]
    assert server.http.get(f"/api/groups/{token}").json()["rides"] == []


@pytest.mark.parametrize(("ride", "words"), [
    ({"floor": 1, "cards_left": -1}, "cards_left: Input should be greater than or equal to 0"),
    ({"floor": 1, "cards_left": 3, "passengers_delivered": -2},
     "passengers_delivered: Input should be greater than or equal to 0"),
    ({"floor": 13, "cards_left": 3}, "floor: Input should be less than or equal to 12"),
    ({"floor": 0, "cards_left": 3}, "floor: Input should be greater than or equal to 1"),
    ({"floor": 1, "cards_left": 3, "players": 6}, "players: Input should be less than or equal"),
    ({"floor": 1, "cards_left": 2**63}, "cards_left: Input should be less than or equal"),
    ({"floor": "1", "cards_left": 3}, "floor: Input should be a valid integer"),
])
def test_ride_bounds_are_in_the_schema(server: Server, ride: dict[str, Any],
                                                 words: str) -> None:
    """Floors 1 to 12, 1 to 5 players, no negative or 64-bit counts, no strings for numbers:
    refused as invalid by the schema's own bounds, before any rule is asked."""
    token = new_group(server)["token"]
    r = enter(server, token, **ride)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "invalid"
    assert words in error["message"]
    assert server.http.get(f"/api/groups/{token}").json()["rides"] == []
    floor = server.http.get("/openapi.json").json()["components"]["schemas"]["EnterRide"][
        "properties"]["floor"]
    assert (floor["minimum"], floor["maximum"]) == (1, 12)


def test_a_closed_floor_is_refused(server: Server) -> None:
    token = new_group(server)["token"]
    r = enter(server, token, floor=3, cards_left=2)
    assert r.status_code == 409
    error = r.json()["error"]
    assert error["code"] == "floor-closed"
    assert error["message"] == ("floor 3 (Library) is still locked: it opens once the group "
                                "clears floor 2 (Lift operator)")
    r = server.http.post(f"/api/groups/{token}/tables", json={"floor": 2})
    assert r.status_code == 409 and r.json()["error"]["code"] == "floor-closed"


def test_bad_bodies_are_refused(server: Server) -> None:
    token = new_group(server)["token"]
    assert server.http.post("/api/groups", json={"name": ""}).status_code == 422
    assert enter(server, token, floor=1).status_code == 422  # no cards_left
    assert enter(server, token, floor=1, cards_left=2, extra=1).status_code == 422
    r = server.http.post(f"/api/groups/{token}/tables", json={"floor": 1, "players": 2,
                                                               "humans": 3})
    assert r.status_code == 422


def test_a_ride_on_the_site_is_recorded_when_its_game_ends(server: Server) -> None:
    """Test ride against a computer player: the table has the floor's rules, and its end is
    a ride of the group with stars from the outcome."""
    group = new_group(server, "Site riders")
    token = group["token"]
    r = server.http.post(f"/api/groups/{token}/tables", json={"floor": 1, "players": 2})
    assert r.status_code == 201, r.text
    started = r.json()
    seat_token = started["link"].split("key=")[1]
    info = server.http.get(f"/api/tables/{started['table']}").json()
    assert info["game"] == "paternoster"
    assert info["options"]["tokens"] == 2
    assert [s["kind"] for s in info["seats"]] == ["human", "computer"]
    client = server.client(started["table"], seat_token)
    final = play({0: client}, random.Random(3))
    assert final["status"] == "finished"
    outcome = final["outcome"]
    rides: list[dict[str, Any]] = []
    for _ in range(50):
        rides = server.http.get(f"/api/groups/{token}").json()["rides"]
        if rides:
            break
        time.sleep(0.1)
    assert len(rides) == 1
    ride = rides[0]
    assert ride["source"] == "site" and ride["table"] == started["table"]
    assert ride["cards_left"] == outcome["cards_left"] and ride["players"] == 2
    lost = outcome["lost"] in ("passenger", "fire", "command")
    expected = 0 if lost or ride["cards_left"] > 8 else (
        3 if ride["cards_left"] == 0 else 2 if ride["cards_left"] <= 4 else 1)
    assert ride["stars"] == expected and ride["cleared"] == (expected > 0)
    client.close()


def test_the_campaign_api_is_documented(server: Server) -> None:
    paths = server.http.get("/openapi.json").json()["paths"]
    for path in ("/api/groups", "/api/groups/{token}", "/api/groups/{token}/rides",
                 "/api/groups/{token}/tables"):
        assert path in paths


def test_groups_and_rides_on_postgresql(postgres_url: str, tmp_path: Any) -> None:
    """Migration 0002 on PostgreSQL: a group, a ride by hand, the next floor open."""
    srv = Server(postgres_url, tmp_path / "server.log")
    srv.start()
    try:
        token = new_group(srv, "Postgres riders")["token"]
        g = enter(srv, token, floor=1, cards_left=0).json()
        assert floor(g, 1)["best_stars"] == 3 and floor(g, 2)["open"]
        assert g["rides"][0]["lost"] is False and g["rides"][0]["cleared"] is True
    finally:
        srv.stop()

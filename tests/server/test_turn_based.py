"""Turn-based play (days a turn): ``GET /api/me/turns`` names the tables where it is a
player's turn (by account or by this browser's seats), a move is made over a restart of
the server, a table nobody looks at leaves memory and is woken when its time runs out
(the seat to act loses), and a player's open turn-based games are capped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Server, wait_until

DUEL52_DAY = {"game": "duel52", "clock": {"days": 1}}


def started(tmp_path: Path, name: str, *flags: str) -> Server:
    server = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / f"{name}.log",
                    "--idle-after", "1", *flags)
    server.start()
    return server


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Server]:
    server = started(tmp_path, "site")
    yield server
    server.stop()


def browser(server: Server) -> httpx.Client:
    """A browser of its own: its own cookies (its seats)."""
    return httpx.Client(base_url=server.url, timeout=30)


def pair(server: Server, **body: Any) -> tuple[str, dict[int, httpx.Client], dict[int, str]]:
    """A table of two browsers that never met: (id, browser per seat, token per seat)."""
    first, second = browser(server), browser(server)
    r = first.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    table_id = created["table"]["id"]
    (seat, invite), = created["invites"].items()
    r = second.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
    assert r.status_code == 200, r.text
    return (table_id, {created["seat"]: first, int(seat): second},
            {created["seat"]: created["token"], int(seat): r.json()["token"]})


def turns(client: httpx.Client) -> list[str]:
    r = client.get("/api/me/turns")
    assert r.status_code == 200, r.text
    return [entry["table"] for entry in r.json()["turns"]]


def to_act(server: Server, table_id: str) -> int:
    clock = server.http.get(f"/api/tables/{table_id}").json()["clock"]
    seat: int = clock["seat"]
    return seat


def live_tables(server: Server, game: str) -> float:
    total = 0.0
    for line in server.http.get("/metrics").text.splitlines():
        if line.startswith("cardtable_live_tables{") and f'game="{game}"' in line:
            total += float(line.rsplit(" ", 1)[1])
    return total


def check_turns(server: Server, table_id: str, browsers: dict[int, httpx.Client]) -> int:
    """Only the seat to act has the table in its list; that seat."""
    seat = to_act(server, table_id)
    assert turns(browsers[seat]) == [table_id]
    assert turns(browsers[1 - seat]) == []
    return seat


def test_a_turn_based_duel52_over_a_restart(tmp_path: Path) -> None:
    server = started(tmp_path, "first")
    try:
        table_id, browsers, tokens = pair(server, **DUEL52_DAY)
        entry = browsers[0].get("/api/me/turns").json()["turns"] or \
            browsers[1].get("/api/me/turns").json()["turns"]
        assert entry[0]["time_control"] == {"days": 1}
        assert entry[0]["name"] == "Duel 52" and entry[0]["link"] == f"/t/{table_id}"
        seat = check_turns(server, table_id, browsers)
        assert turns(browser(server)) == []  # a stranger has no turns
        server.stop()
        server.start()
        assert check_turns(server, table_id, browsers) == seat
        client = server.client(table_id, tokens[seat])
        state = client.wait_state(lambda m: m["status"] == "playing")
        client.move(state["observation"]["legal"][0], state["version"])
        state = client.wait_version(state["version"] + 1)
        assert state["status"] == "playing"
        check_turns(server, table_id, browsers)
        # nobody looks: the table leaves memory, and comes back when asked for
        client.close()
        wait_until(lambda: live_tables(server, "duel52") == 0)
        check_turns(server, table_id, browsers)
        assert server.http.get(f"/api/tables/{table_id}").json()["version"] == state["version"]
        assert live_tables(server, "duel52") == 1
    finally:
        server.stop()


def test_the_account_sees_its_turns_from_any_browser(site: Server) -> None:
    ann, bob = browser(site), browser(site)
    for client, name in ((ann, "ann_turns"), (bob, "bob_turns")):
        r = client.post("/api/accounts", json={"name": name, "password": "tulip-kettle-93"})
        assert r.status_code == 201, r.text
    r = ann.post("/api/tables", json=DUEL52_DAY)
    created = r.json()
    table_id = created["table"]["id"]
    (seat, invite), = created["invites"].items()
    assert bob.post(f"/api/tables/{table_id}/seats/{seat}",
                    json={"invite": invite}).status_code == 200
    acting = to_act(site, table_id)
    player = ann if acting == 0 else bob
    elsewhere = browser(site)  # the same account, signed in on another browser
    name = "ann_turns" if acting == 0 else "bob_turns"
    r = elsewhere.post("/api/session", json={"name": name, "password": "tulip-kettle-93"})
    assert r.status_code == 200, r.text
    assert turns(player) == turns(elsewhere) == [table_id]


def test_time_running_out_at_a_table_nobody_holds(tmp_path: Path) -> None:
    """A day of twenty seconds: the table leaves memory at once, its deadline passes, the
    server loads it again by itself and the seat to act loses on time."""
    server = started(tmp_path, "days", "--clock-day", "20")
    try:
        table_id, browsers, _tokens = pair(server, game="duel", clock={"days": 1})
        seat = to_act(server, table_id)

        def timeouts() -> float:
            return sum(float(line.rsplit(" ", 1)[1])
                       for line in server.http.get("/metrics").text.splitlines()
                       if line.startswith("cardtable_clock_timeouts_total"))

        wait_until(lambda: live_tables(server, "duel") == 0)
        assert timeouts() == 0
        wait_until(lambda: timeouts() >= 1)
        info = server.http.get(f"/api/tables/{table_id}").json()
        assert info["status"] == "finished"
        assert info["outcome"] == {"winner": 1 - seat, "reason": "time", "flagged": seat}
        assert turns(browsers[0]) == turns(browsers[1]) == []
    finally:
        server.stop()


def test_a_paternoster_turn_out_of_time_loses_the_ride(tmp_path: Path) -> None:
    """Played together: the team loses when one turn's time runs out (a day of a second)."""
    server = started(tmp_path, "ride", "--clock-day", "1")
    try:
        table_id, browsers, _tokens = pair(server, game="paternoster", clock={"days": 1})
        seat = to_act(server, table_id)

        def finished() -> dict[str, Any] | None:
            info: dict[str, Any] = server.http.get(f"/api/tables/{table_id}").json()
            return info if info["status"] == "finished" else None

        info = wait_until(finished)
        assert info["outcome"] == {"lost": "time", "reason": "time", "flagged": seat}
        assert turns(browsers[0]) == turns(browsers[1]) == []
    finally:
        server.stop()


def test_open_turn_based_games_are_capped(tmp_path: Path) -> None:
    server = started(tmp_path, "cap", "--max-turn-based", "2")
    try:
        ann, bob = browser(server), browser(server)
        made = [ann.post("/api/tables", json=DUEL52_DAY).json() for _ in range(2)]
        r = ann.post("/api/tables", json=DUEL52_DAY)
        assert r.status_code == 409, r.text
        assert r.json()["error"]["code"] == "too-many-turn-based"
        assert ann.post("/api/tables", json={"game": "duel52"}).status_code == 201
        assert ann.post("/api/tables", json={"game": "duel52", "clock": {
            "minutes": 5}}).status_code == 201
        # bob has two of his own: he may not take a seat at ann's
        for _ in range(2):
            assert bob.post("/api/tables", json=DUEL52_DAY).status_code == 201
        (seat, invite), = made[0]["invites"].items()
        r = bob.post(f"/api/tables/{made[0]['table']['id']}/seats/{seat}",
                     json={"invite": invite})
        assert r.status_code == 409 and r.json()["error"]["code"] == "too-many-turn-based"
        info = server.http.get(f"/api/tables/{made[0]['table']['id']}").json()
        assert info["status"] == "waiting"
    finally:
        server.stop()

"""The ``clock`` of a new table: a chess clock or turn-based days, kept with the table's
settings; a clock out of range or one the game or table does not fit is refused with
its documented code and no table is made."""

from __future__ import annotations

from typing import Any

import pytest
from harness import Server

PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def created(server: Server, **body: Any) -> dict[str, Any]:
    r = server.http.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()["table"]
    return table


def refused(server: Server, code: str, **body: Any) -> str:
    r = server.http.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == code, error
    message: str = error["message"]
    return message


def tables_made(server: Server) -> float:
    """Tables created so far, of every game (the server's own count)."""
    lines = server.http.get("/metrics").text.splitlines()
    return sum(float(line.rsplit(" ", 1)[1]) for line in lines
               if line.startswith("cardtable_tables_created_total"))


@pytest.mark.parametrize("game", ["duel", "duel52", "matebeta"])
def test_a_chess_clock_is_kept_with_the_table(server: Server, game: str) -> None:
    table = created(server, game=game, clock={"minutes": 3, "increment": 2})
    assert table["time_control"] == {"minutes": 3, "increment": 2}
    again = server.http.get(f"/api/tables/{table['id']}").json()
    assert again["time_control"] == {"minutes": 3, "increment": 2}


def test_the_increment_defaults_to_none(server: Server) -> None:
    table = created(server, game="duel", clock={"minutes": 1})
    assert table["time_control"] == {"minutes": 1, "increment": 0}


@pytest.mark.parametrize(("game", "extra"), [
    ("duel", {}), ("duel52", {}), ("matebeta", {}), ("duel", {"variants": ["team"]}),
    ("paternoster", {"seats": PEOPLE}),
])
def test_turn_based_play_fits_every_game_of_people(server: Server, game: str,
                                                   extra: dict[str, Any]) -> None:
    table = created(server, game=game, clock={"days": 3}, **extra)
    assert table["time_control"] == {"days": 3}


@pytest.mark.parametrize("clock", [
    {"minutes": 0}, {"minutes": 61}, {"minutes": 5, "increment": -1},
    {"minutes": 5, "increment": 61}, {"days": 4}, {"days": 0}, {"minutes": "5"},
    {"minutes": 5, "days": 1}, {}, {"hours": 2}, {"minutes": True},
])
def test_a_clock_out_of_range_is_invalid(server: Server, clock: dict[str, Any]) -> None:
    message = refused(server, "invalid", game="duel", clock=clock)
    assert "clock" in message


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "paternoster", "seats": PEOPLE, "clock": {"minutes": 5}}, "no chess clock"),
    ({"game": "duel", "seats": [{"kind": "human"}, {"kind": "computer"}],
      "clock": {"minutes": 5}}, "tables of people"),
    ({"game": "paternoster", "seats": [{"kind": "human"}, {"kind": "computer"}],
      "clock": {"days": 1}}, "tables of people"),
    ({"game": "duel", "variants": ["blitz"], "clock": {"minutes": 5}}, "no turns"),
    ({"game": "paternoster", "seats": PEOPLE, "variants": ["hourglass"],
      "clock": {"days": 1}}, "Hourglass"),
])
def test_a_clock_the_table_does_not_fit_is_refused(server: Server, body: dict[str, Any],
                                                   words: str) -> None:
    before = tables_made(server)
    assert words in refused(server, "bad-clock", **body)
    assert tables_made(server) == before


def test_a_table_without_a_clock_has_none(server: Server) -> None:
    assert created(server, game="duel")["time_control"] is None

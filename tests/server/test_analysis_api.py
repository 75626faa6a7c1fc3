"""MateBeta's analysis over HTTP: reviews, the analysis board's positions, hints, and
tables that start from a record's position."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Server

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

GOLDEN = Path(__file__).parents[1] / "golden" / "matebeta"
COMPUTER = {"kind": "computer", "strength": "perfect"}


def golden(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return data


def error_of(response: Any) -> tuple[int, str, str]:
    body = response.json()["error"]
    return response.status_code, body["code"], body["message"]


# --- reviews and positions -------------------------------------------------------------


def test_review_of_a_record_judges_every_move(server: Server) -> None:
    record = golden("bots-easy-easy-2")
    r = server.http.post("/api/matebeta/review", json=record)
    assert r.status_code == 200, r.text
    data = r.json()
    assert (data["start"], data["result"], data["given_away"]) == (-18, 55, [47, 120])
    assert len(data["moves"]) == len(record["moves"])
    assert data["mistakes"][1][0] == 5  # seat 1's biggest: ply 5, lead AS


def test_position_gives_every_legal_moves_value_and_the_table(server: Server) -> None:
    r = server.http.post("/api/matebeta/position",
                         json={"record": golden("bots-easy-easy-2"), "upto": 4})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["ply"] == 4
    legal = data["observation"]["legal"]
    assert [o["move"] for o in data["position"]["options"]] == legal
    assert data["position"]["seat"] == 1 and data["outcome"] is None
    assert len(data["observation"]["hands"][0]) == 9


@pytest.mark.parametrize(("body", "status", "code", "words"), [
    ({"game": "duel", "options": {}, "deal": {}, "moves": []}, 422, "bad-record",
     "record of 'duel', not of MateBeta"),
    ({**golden("rule-overmate"), "moves": [[0, "foreplace QD"], [0, "keep"]]}, 422,
     "bad-record", "move 2 (seat 0, 'keep'): it is seat 1's turn"),
    ({"game": "matebeta", "moves": []}, 422, "invalid", "deal"),
    ({**golden("rule-overmate"), "moves": [[0]]}, 422, "bad-record", "move 1 must be"),
])
def test_bad_records_are_refused_with_the_problem_named(
        server: Server, body: dict[str, Any], status: int, code: str, words: str) -> None:
    got = error_of(server.http.post("/api/matebeta/review", json=body))
    assert got[:2] == (status, code) and words in got[2], got


def test_a_body_that_is_no_json_is_refused(server: Server) -> None:
    r = server.http.post("/api/matebeta/review", content=b'{"game": "matebeta", "dea',
                         headers={"content-type": "application/json"})
    assert error_of(r)[:2] == (400, "bad-json")


# --- tables from a position -------------------------------------------------------------


def test_a_table_plays_on_from_a_records_position(server: Server) -> None:
    record = golden("rule-overmate")
    created = server.create(game="matebeta", seats=[{"kind": "human"}, COMPUTER],
                            start={"deal": record["deal"], "moves": record["moves"][:-1]})
    table_id = created["table"]["id"]
    assert created["table"]["version"] == len(record["moves"]) - 1
    client = server.client(table_id, created["token"])
    state = client.wait_state(lambda m: "lead 10D" in m["observation"]["legal"])
    client.move("lead 10D", state["version"])
    client.wait_state(lambda m: m["status"] == "finished")
    assert server.record(table_id)["outcome"] == record["outcome"]
    client.close()


@pytest.mark.parametrize(("start", "seats", "words"), [
    ({"deal": golden("rule-overmate")["deal"], "moves": [[0, "keep"], [0, "keep"]]},
     [{"kind": "human"}, COMPUTER], "move 2 (seat 0, 'keep'): it is seat 1's turn"),
    ({"deal": golden("rule-overmate")["deal"], "moves": golden("rule-overmate")["moves"]},
     [{"kind": "human"}, COMPUTER], "the game is over"),
    ({"deal": golden("rule-overmate")["deal"], "moves": []},
     [{"kind": "human"}, {"kind": "human"}], "every other seat must be a computer"),
    ({"deal": {"hands": [["AS"], []]}, "moves": []}, [{"kind": "human"}, COMPUTER],
     "deal hands[0] must hold 10 different cards"),
])
def test_a_bad_start_is_refused(server: Server, start: dict[str, Any],
                                seats: list[dict[str, Any]], words: str) -> None:
    r = server.http.post("/api/tables", json={"game": "matebeta", "seats": seats,
                                              "start": start})
    got = error_of(r)
    assert got[:2] == (422, "bad-start") and words in got[2], got


# --- hints -------------------------------------------------------------------------------


def hint(server: Server, table_id: str, token: str | None) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return server.http.get(f"/api/tables/{table_id}/hint", headers=headers)


def test_hints_are_on_against_the_computer_and_name_the_best_move(server: Server) -> None:
    record = golden("rule-overmate")
    created = server.create(game="matebeta", seats=[{"kind": "human"}, COMPUTER],
                            start={"deal": record["deal"], "moves": record["moves"][:-1]})
    table_id, token = created["table"]["id"], created["token"]
    client = server.client(table_id, token)
    assert client.wait_state(lambda m: m["observation"]["legal"] != []).get("hints") is True
    r = hint(server, table_id, token)
    assert r.status_code == 200, r.text
    assert (r.json()["best"], r.json()["value"]) == (["lead 10D"], 220)
    stranger = httpx.get(f"{server.url}/api/tables/{table_id}/hint")  # no cookie, no token
    assert error_of(stranger)[:2] == (401, "no-seat")
    client.close()


def test_hints_are_off_by_default_when_another_person_sits_at_the_table(
        server: Server) -> None:
    table_id, tokens = server.table_with_players(game="matebeta")
    assert error_of(hint(server, table_id, tokens[0]))[:2] == (403, "no-hints")
    client = server.client(table_id, tokens[0])
    assert "hints" not in client.wait_state(lambda m: m["status"] == "playing")
    client.close()


def test_the_owner_may_allow_hints_with_a_friend_and_only_the_mover_gets_one(
        server: Server) -> None:
    table_id, tokens = server.table_with_players(game="matebeta", hints=True)
    client = server.client(table_id, tokens[0])
    state = client.wait_state(lambda m: m["status"] == "playing")
    mover = 0 if state["observation"]["legal"] else 1
    assert hint(server, table_id, tokens[mover]).status_code == 200
    assert error_of(hint(server, table_id, tokens[1 - mover]))[:2] == (409, "not-your-turn")
    client.close()


def test_games_without_a_solver_have_no_hints(server: Server) -> None:
    r = server.http.post("/api/tables", json={"game": "duel", "hints": True})
    assert error_of(r)[:2] == (422, "bad-options")


def test_a_table_from_a_position_survives_a_restart(fresh_server: Server) -> None:
    record = golden("rule-overmate")
    created = fresh_server.create(game="matebeta", seats=[{"kind": "human"}, COMPUTER],
                                  start={"deal": record["deal"], "moves": record["moves"][:-1]})
    table_id = created["table"]["id"]
    fresh_server.kill9()
    fresh_server.start()
    info = fresh_server.http.get(f"/api/tables/{table_id}").json()
    assert (info["version"], info["status"], info["hints"]) == (len(record["moves"]) - 1,
                                                                "playing", True)
    client = fresh_server.client(table_id, created["token"])
    state = client.wait_state(lambda m: "lead 10D" in m["observation"]["legal"])
    client.move("lead 10D", state["version"])
    client.wait_state(lambda m: m["status"] == "finished")
    assert fresh_server.record(table_id)["moves"] == record["moves"]
    client.close()

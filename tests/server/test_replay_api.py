"""Watching a finished game again over HTTP: each step is exactly the engine's
observation for the seat asked for (or the spectator), signals included; a running game
is refused as its record is; bad records get an error naming the move or the problem."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Server, cards_named, play, replayed_views

from cardtable.games.registry import find_game
from cardtable.server.routes.replay import steps

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

GOLDEN = Path(__file__).parents[1] / "golden"
TABLES: dict[str, dict[str, Any]] = {
    "duel": {"game": "duel", "match_wins": 0},
    "duel-team": {"game": "duel", "variants": ["team"], "match_wins": 0},
    "paternoster": {"game": "paternoster", "options": {"players": 3}},
    "duel52": {"game": "duel52", "variants": ["quick"]},
    "matebeta": {"game": "matebeta"},
}


def check_steps(data: dict[str, Any], record: dict[str, Any], seat: int | None) -> None:
    """Every step shows the engine's own observation for ``seat`` after so many moves,
    and names no card that seat had not been shown by then."""
    views, known = replayed_views(record, seat)
    assert len(data["steps"]) == len(record["moves"]) + 1
    for n, step in enumerate(data["steps"]):
        assert step["observation"] == {**views[n][-1], "legal": [], "losing": {}}, f"step {n}"
        assert cards_named(step) <= known[n], f"step {n}: hidden cards shown"
    assert data["outcome"] == record.get("outcome", data["outcome"])


@pytest.mark.parametrize("case", list(TABLES))
def test_a_finished_table_game_is_watched_from_every_seat_and_as_a_spectator(
        server: Server, case: str) -> None:
    table_id, tokens = server.table_with_players(**TABLES[case])
    clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
    r = server.http.get(f"/api/tables/{table_id}/replay")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not-finished"
    play(clients, random.Random(zlib.crc32(case.encode())))
    record = server.record(table_id)
    for seat in [None, *range(len(tokens))]:
        params = {"game_no": 1} if seat is None else {"game_no": 1, "seat": seat}
        r = server.http.get(f"/api/tables/{table_id}/replay", params=params)
        assert r.status_code == 200, r.text
        check_steps(r.json(), record, seat)
    r = server.http.get(f"/api/tables/{table_id}/replay", params={"seat": len(tokens)})
    assert r.status_code == 422 and "no seat" in r.json()["error"]["message"]
    for c in clients.values():
        c.close()


def test_a_record_file_is_watched_without_a_table(server: Server) -> None:
    record = json.loads((GOLDEN / "duel52" / "quick-heuristic-vs-random-21.json").read_text())
    for seat in (None, 0, 1):
        r = server.http.post("/api/replay", json={"record": record, "seat": seat})
        assert r.status_code == 200, r.text
        check_steps(r.json(), record, seat)


def test_signals_are_shown_at_the_step_they_were_given() -> None:
    state = find_game("paternoster").new({"players": 2}, seed=5)
    seat = state.to_act()[0]
    move = state.legal_moves(seat)[0].text
    record = {**state.record().to_json(), "moves": [[seat, move]],
              "signals": [{"after_move": 1, "seat": seat, "signal": "help up1"}]}
    for viewer in (None, 0, 1):
        data = steps(record, viewer)
        check_steps(data, record, viewer)
        assert data["steps"][1]["events"][-1] == {"kind": "signal", "seat": seat,
                                                  "signal": "help up1"}
        assert data["steps"][1]["observation"]["signals"]


def _bad(server: Server, record: Any) -> str:
    r = server.http.post("/api/replay", json={"record": record, "seat": None})
    assert r.status_code == 422, r.text
    return str(r.json()["error"]["message"])


def test_bad_records_are_refused_naming_the_problem(server: Server) -> None:
    duel = json.loads((GOLDEN / "duel" / "standard.json").read_text())
    illegal = {**duel, "moves": [*duel["moves"][:3], [duel["moves"][3][0], "play QQ up"]]}
    assert _bad(server, illegal).startswith("move 4 (seat ")
    assert "unknown game 'chess'" in _bad(server, {**duel, "game": "chess"})
    assert "move 1 must be" in _bad(server, {**duel, "moves": [[0]]})
    r = server.http.post("/api/replay", content=b'{"record": {"game": "du',
                         headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad-json"


def _review_lines(server: Server, body: dict[str, Any]) -> list[dict[str, Any]]:
    r = server.http.post("/api/review", json=body, timeout=300)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in r.text.splitlines()]


def test_a_review_by_estimate_streams_its_progress_and_is_reproducible(server: Server) -> None:
    duel = json.loads((GOLDEN / "duel" / "standard.json").read_text())
    record = {**duel, "moves": duel["moves"][:14]}
    body = {"record": record, "seat": 1, "deals": 3, "seed": 9}
    lines = _review_lines(server, body)
    total = lines[0]["total"]
    assert [line.get("done") for line in lines[:-1]] == list(range(total + 1))
    review = lines[-1]["review"]
    assert len(review["decisions"]) == total and review["seats"] == [1]
    assert all(d["seat"] == 1 and d["samples"] == 3 for d in review["decisions"])
    assert "estimate" in review["estimate"]
    assert _review_lines(server, body)[-1] == lines[-1]


@pytest.mark.parametrize(("record", "words"), [
    ("matebeta", "MateBeta has its exact review"),
    ("paternoster", "a review by estimate is for Paternoster Duel and Duel 52"),
    ("illegal", "move 3 (seat "),
])
def test_a_review_of_a_bad_record_is_refused_naming_it(server: Server, record: str,
                                                       words: str) -> None:
    duel = json.loads((GOLDEN / "duel" / "standard.json").read_text())
    bodies = {
        "matebeta": json.loads((GOLDEN / "matebeta" / "rule-overmate.json").read_text()),
        "paternoster": {"game": "paternoster", "options": {}, "deal": {}, "moves": []},
        "illegal": {**duel, "moves": [*duel["moves"][:2], [duel["moves"][2][0], "end now"]]},
    }
    r = server.http.post("/api/review", json={"record": bodies[record], "seat": 0})
    assert r.status_code == 422, r.text
    assert words in r.json()["error"]["message"]


def test_a_golden_record_with_the_engines_signal_log_is_watched_signals_and_all() -> None:
    record = json.loads((GOLDEN / "paternoster" / "bigger-hand.json").read_text())
    site = {**record, "signals": [{"after_move": a, "seat": s, "signal": f"{k or 'clear'} {p}"}
                                  for a, s, p, k in record["signals"]]}
    for viewer in (None, 1):
        data = steps(record, viewer)
        check_steps(data, site, viewer)
        assert data == steps(site, viewer)
        shown = [e for step in data["steps"] for e in step["events"] if e["kind"] == "signal"]
        assert len(shown) == len(record["signals"])


def test_a_table_without_spectators_shows_its_finished_game_to_its_players_only(
        server: Server) -> None:
    """The record holds every hand: at a table without spectators, only a seat's token
    (bearer or the seat's cookie) gets it and its replay; anyone else is refused."""
    table_id, tokens = server.table_with_players(game="duel", match_wins=0, spectators=False)
    clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
    play(clients, random.Random(5))
    paths = [f"/api/tables/{table_id}/record", f"/api/tables/{table_id}/replay?seat=1"]
    with httpx.Client(base_url=server.url, timeout=30) as stranger:
        for path in paths:
            r = stranger.get(path)
            assert r.status_code == 403, r.text
            assert r.json()["error"]["code"] == "no-spectators"
        wrong = stranger.get(paths[0], headers={"Authorization": "Bearer not-a-seat"})
        assert wrong.status_code == 403
    for token in tokens.values():
        with httpx.Client(base_url=server.url, timeout=30,
                          cookies={f"ct_{table_id}": token}) as player:
            got = player.get(paths[0])
            assert got.status_code == 200, got.text
            record = got.json()
        r = httpx.get(server.url + paths[1], headers={"Authorization": f"Bearer {token}"},
                      timeout=30)
        assert r.status_code == 200, r.text
        check_steps(r.json(), record, 1)
    for c in clients.values():
        c.close()


def test_a_table_with_spectators_shows_its_finished_game_to_anyone(server: Server) -> None:
    table_id, tokens = server.table_with_players(game="duel", match_wins=0)
    clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
    play(clients, random.Random(6))
    with httpx.Client(base_url=server.url, timeout=30) as stranger:
        record = stranger.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200, record.text
        r = stranger.get(f"/api/tables/{table_id}/replay", params={"seat": 0})
        assert r.status_code == 200, r.text
        check_steps(r.json(), record.json(), 0)
    for c in clients.values():
        c.close()


def test_a_resigned_or_aborted_game_is_watched_with_its_outcome(server: Server,
                                                                tmp_path: Path) -> None:
    """Its moves do not finish the game, so the stored outcome is shown: who resigned and
    who won, or the abort; the record file replays to the same outcome on the command
    line, and the replay of an uploaded record shows it too."""
    outcomes = {}
    for how in ("resign", "abort"):
        table_id, tokens = server.table_with_players(game="duel52", variants=["quick"])
        clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
        state = clients[0].wait_state(lambda m: m["status"] == "playing")
        mover = next(s for s, c in clients.items()
                     if c.wait_version(state["version"])["observation"]["legal"])
        clients[mover].move(clients[mover].state["observation"]["legal"][0], state["version"])
        clients[1].wait_version(state["version"] + 1)
        clients[1].send({"type": how})
        clients[0].wait_state(lambda m: m["status"] == "finished")
        record = server.record(table_id)
        assert len(record["moves"]) == 1
        for seat in (None, 0, 1):
            r = server.http.get(f"/api/tables/{table_id}/replay", params={"seat": seat}
                                if seat is not None else {})
            assert r.status_code == 200 and r.json()["outcome"] == record["outcome"], r.text
        r = server.http.post("/api/replay", json={"record": record})
        assert r.json()["outcome"] == record["outcome"]
        # a record without its outcome: the moves decide, and they finish nothing
        r = server.http.post("/api/replay", json={"record": {**record, "outcome": None}})
        assert r.json()["outcome"] is None
        path = tmp_path / f"{how}.json"
        path.write_text(json.dumps(record))
        done = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)],
                              capture_output=True, text=True, check=True, timeout=120)
        assert json.loads(done.stdout)["outcome"] == record["outcome"]
        outcomes[how] = record["outcome"]
        for c in clients.values():
            c.close()
    assert outcomes["resign"] == {"winner": 0, "reason": "resigned", "resigned": 1}
    assert outcomes["abort"] == {"winner": None, "reason": "aborted", "aborted": True, "by": 1}

"""A rated MateBeta match is one result, by its points, stored with its last game (a side
that resigns gives the match up); ``cardtable ratings recompute`` replays the stored
results in order and gives back the same ratings, and repairs ratings that differ."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from harness import Client, Server, play, play_again, wait_until
from test_resign import rated_duel, signed_up

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def rated_match(server: Server, first: httpx.Client, second: httpx.Client
                ) -> tuple[str, dict[int, Client]]:
    """A rated MateBeta match of two games between two signed-up people."""
    created = first.post("/api/tables", json={"game": "matebeta", "rated": True}).json()
    assert created["table"]["match"]["games_needed"] == 2
    table_id, (seat, invite) = created["table"]["id"], next(iter(created["invites"].items()))
    r = second.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
    assert r.status_code == 200, r.text
    tokens = {0: created["token"], int(seat): r.json()["token"]}
    return table_id, {s: server.client(table_id, t) for s, t in sorted(tokens.items())}


def changes(server: Server, table_id: str) -> list[dict[str, Any]]:
    engine = sa.create_engine(str(server.db_url))
    with engine.connect() as conn:
        rows = conn.execute(sa.text(
            "SELECT game_no, seat, place, mu_before, mu_after FROM rating_changes "
            "WHERE table_id = :t ORDER BY game_no, seat"), {"t": table_id}).mappings().all()
    engine.dispose()
    return [dict(r) for r in rows]


def ratings(server: Server, *names: str) -> dict[str, Any]:
    return {name: server.http.get(f"/api/players/{name}").json()["ratings"] for name in names}


def test_a_matebeta_match_is_one_result_by_points(server: Server) -> None:
    ann, bob = signed_up(server, "ann_match"), signed_up(server, "bob_match")
    table_id, clients = rated_match(server, ann, bob)
    first = play(clients, random.Random(21))
    assert first["match"]["over"] is False
    assert ratings(server, "ann_match", "bob_match") == {"ann_match": {}, "bob_match": {}}
    assert changes(server, table_id) == []
    play_again(clients, 1)
    second = play(clients, random.Random(22), game_no=2)
    assert second["match"]["over"] is True
    points = second["match"]["points"]
    stored = wait_until(lambda: changes(server, table_id))  # stored after the last move
    assert [(c["game_no"], c["seat"]) for c in stored] == [(2, 0), (2, 1)]
    places = [c["place"] for c in stored]
    assert places == ([1, 1] if points[0] == points[1] else
                      [1, 2] if points[0] > points[1] else [2, 1])
    after = ratings(server, "ann_match", "bob_match")
    for name in after:
        assert after[name]["matebeta"]["games"] == 1, "one result for the match"
    if points[0] != points[1]:
        winner = "ann_match" if points[0] > points[1] else "bob_match"
        loser = ({"ann_match", "bob_match"} - {winner}).pop()
        assert after[winner]["matebeta"]["rating"] > 1500 > after[loser]["matebeta"]["rating"]
    for client in clients.values():
        client.close()


def test_a_resignation_gives_a_rated_match_up(server: Server) -> None:
    cid, dan = signed_up(server, "cid_match"), signed_up(server, "dan_match")
    table_id, clients = rated_match(server, cid, dan)
    clients[1].wait_state(lambda m: m["status"] == "playing")
    clients[1].send({"type": "resign"})
    state = clients[0].wait_state(lambda m: m["status"] == "finished")
    assert state["match"]["over"] is True and state["match"]["games"] == 1
    stored = wait_until(lambda: changes(server, table_id))
    assert [(c["game_no"], c["place"]) for c in stored] == [(1, 1), (1, 2)]
    after = ratings(server, "cid_match", "dan_match")
    assert after["cid_match"]["matebeta"]["rating"] > 1500 > after["dan_match"]["matebeta"][
        "rating"]
    for client in clients.values():
        client.close()


def recompute(server: Server) -> str:
    done = subprocess.run([sys.executable, "-m", "cardtable", "ratings", "recompute",
                           "--db", str(server.db_url)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def stored_ratings(server: Server) -> list[tuple[Any, ...]]:
    engine = sa.create_engine(str(server.db_url))
    with engine.connect() as conn:
        rows = [tuple(r) for r in conn.execute(sa.text(
            "SELECT account_id, family, mu, sigma, games FROM ratings "
            "ORDER BY account_id, family"))]
        rows += [tuple(r) for r in conn.execute(sa.text(
            "SELECT table_id, game_no, seat, place, mu_before, sigma_before, mu_after, "
            "sigma_after FROM rating_changes ORDER BY table_id, game_no, seat"))]
    engine.dispose()
    return rows


def test_a_recompute_gives_the_stored_ratings_and_repairs_others(fresh_server: Server
                                                                 ) -> None:
    eve, fay = signed_up(fresh_server, "eve_rc"), signed_up(fresh_server, "fay_rc")
    for loser in (1, 0, 1):  # three rated duels, each resigned
        table_id, tokens = rated_duel(fresh_server, eve, fay)
        client = fresh_server.client(table_id, tokens[loser])
        client.wait_state(lambda m: m["status"] == "playing")
        client.send({"type": "resign"})
        client.wait_state(lambda m: m["status"] == "finished")
        client.close()
    table_id, clients = rated_match(fresh_server, fay, eve)
    play(clients, random.Random(31))
    play_again(clients, 1)
    play(clients, random.Random(32), game_no=2)
    for client in clients.values():
        client.close()
    # two ratings each, two changes per result (stored just after each result is shown)
    before = wait_until(lambda: (rows := stored_ratings(fresh_server)) and len(rows) == 12
                        and rows)
    assert recompute(fresh_server).splitlines() == [
        "4 rated results replayed; 0 ratings changed"]
    assert stored_ratings(fresh_server) == before

    engine = sa.create_engine(str(fresh_server.db_url))
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE ratings SET mu = mu + 1, games = 7"))
        conn.execute(sa.text("UPDATE rating_changes SET mu_after = 0"))
        # results stored before places were kept: the duel's winner gives them
        conn.execute(sa.text("UPDATE rating_changes SET place = NULL WHERE family = 'duel'"))
    engine.dispose()
    out = recompute(fresh_server).splitlines()
    assert out[-1] == "4 rated results replayed; 4 ratings changed", out
    assert any(line.startswith("eve_rc duel: ") and "after 7 games -> " in line
               and line.endswith("after 3 games") for line in out), out
    assert stored_ratings(fresh_server) == before
    assert recompute(fresh_server).splitlines() == [
        "4 rated results replayed; 0 ratings changed"]

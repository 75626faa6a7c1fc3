"""Seat tokens, reconnecting, and a server killed with SIGKILL mid-game (SQLite and
PostgreSQL): every table comes back exactly as it was, by replay, and play goes on."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from harness import Client, Server, check_no_hidden_cards, play
from websockets.exceptions import ConnectionClosed

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def closed_with(client: Client) -> tuple[int | None, dict[str, object]]:
    """The error message a refused connection got, and its close code."""
    message = client.recv()
    with pytest.raises(ConnectionClosed):
        client.recv(timeout=5)
    code = client.ws.close_code
    return code, message


def test_wrong_token_is_refused(server: Server) -> None:
    """A made-up token, or another table's token, holds no seat: error, then close 4401."""
    table_id, _tokens = server.table_with_players()
    _other_id, other_tokens = server.table_with_players()
    for token in ("not-a-token", other_tokens[0]):
        code, message = closed_with(server.client(table_id, token))
        assert code == 4401
        assert message["type"] == "error" and message["code"] == "bad-token"


def test_token_of_another_seat_cannot_move_for_this_one(server: Server) -> None:
    """Seat 1's token plays seat 1 only: naming seat 0 in a move is refused, nothing changes."""
    table_id, tokens = server.table_with_players()
    one = server.client(table_id, tokens[1])
    state = one.wait_version(0)
    starter = state["observation"]["turn_seat"]
    mover_token = tokens[1 - starter]
    other = server.client(table_id, mover_token)
    legal_for_starter = server.client(table_id, tokens[starter]).wait_version(0)
    move = legal_for_starter["observation"]["legal"][0]
    other.move(move, 0, seat=starter)
    error = other.expect_error("not-your-seat")
    assert error["version"] == 0
    other.move(move, 0)
    other.expect_error("illegal")
    assert other.ping()["version"] == 0


def test_cookie_from_private_link_holds_the_seat(server: Server) -> None:
    """The private link sets the seat cookie and redirects without the secret in the URL;
    a WebSocket with that cookie is the seat."""
    created = server.create(seats=[{"kind": "human"}, {"kind": "computer"}])
    link = created["links"]["private"]
    r = server.http.get(link.replace(server.url, ""), follow_redirects=False)
    assert r.status_code == 303 and "key=" not in r.headers["location"]
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and created["token"] in cookie
    table_id = created["table"]["id"]
    from websockets.sync.client import connect

    ws = connect(f"{server.ws_url}/api/tables/{table_id}/ws",
                 additional_headers={"Cookie": f"ct_{table_id}={created['token']}"})
    state = json.loads(ws.recv(timeout=10))
    assert state["seat"] == 0 and len(state["observation"]["hand"]) == 6
    ws.close()
    bad = server.http.get(f"/t/{table_id}?key=wrong", follow_redirects=False)
    assert bad.status_code == 403 and bad.json()["error"]["code"] == "bad-token"


def test_reconnect_resumes_where_the_seat_was(server: Server) -> None:
    """A client that drops and comes back with ?seen= gets exactly the events it missed
    and the same position the others see."""
    table_id, tokens = server.table_with_players()
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    rng = random.Random(7)
    state = play(clients, rng, max_moves=6)
    seen = clients[0].state["seen"]  # type: ignore[index]
    clients[0].close()
    others = {1: clients[1]}
    version = state["version"]
    # seat 1 plays on alone while seat 0 is away, if it is seat 1's turn
    while True:
        st = clients[1].wait_version(version)
        if not st["observation"]["legal"] or st["status"] != "playing":
            break
        clients[1].move(rng.choice(st["observation"]["legal"]), version)
        version += 1
    back = server.client(table_id, tokens[0], seen=seen, game_no=1)
    first = back.recv()
    assert first["type"] == "state" and first["version"] == version
    missed = [e for e in first["events"] if e["kind"] == "move"]
    assert len(missed) == version - state["version"]
    assert all(e["seat"] == 1 for e in missed)
    assert first["seats"][0]["connected"] is True
    others[0] = back
    final = play({0: back, 1: clients[1]}, rng)
    assert final["status"] == "finished"


def _kill_restart_continue(srv: Server, tmp_path: Path, variants: list[str]) -> None:
    table_id, tokens = srv.table_with_players(variants=variants)
    _bot_table, _ = srv.table_with_players(seats=[{"kind": "human"}, {"kind": "computer"}])
    clients = {s: srv.client(table_id, t) for s, t in sorted(tokens.items())}
    spectator = srv.client(table_id)
    rng = random.Random(21)
    before = play(clients, rng, max_moves=12)
    version = before["version"]
    seen = {s: c.wait_version(version) for s, c in clients.items()}
    spectator.wait_version(version)
    srv.kill9()
    for client in clients.values():
        with pytest.raises(ConnectionClosed):
            client.recv(timeout=10)
    srv.start()
    again = {s: srv.client(table_id, tokens[s], seen=seen[s]["seen"], game_no=1)
             for s in clients}
    for s, client in again.items():
        state = client.recv()
        assert state["version"] == version, "every committed move survived"
        assert state["observation"] == seen[s]["observation"], "the same position"
        assert state["events"] == [], "nothing missed, nothing repeated"
    final = play(again, rng)
    assert final["status"] == "finished"
    record = srv.record(table_id)
    assert len(record["moves"]) == final["version"]
    for s, client in again.items():
        assert check_no_hidden_cards(clients[s].raw + client.raw, record, seat=s) > 2
    assert check_no_hidden_cards(spectator.raw, record) >= 1
    path = tmp_path / "after-crash.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["outcome"] == final["outcome"]


@pytest.mark.parametrize("variants", [[], ["team"], ["blitz"]], ids=["standard", "team", "blitz"])
def test_kill9_restart_nothing_lost_sqlite(fresh_server: Server, tmp_path: Path,
                                           variants: list[str]) -> None:
    """kill -9 mid-game, restart on the same SQLite file: the clients reconnect to the
    same position and finish the game; the record replays."""
    _kill_restart_continue(fresh_server, tmp_path, variants)


def test_kill9_restart_nothing_lost_postgresql(postgres_url: str, tmp_path: Path) -> None:
    """The same on PostgreSQL: migrations, a full game, kill -9, restart, finish."""
    srv = Server(postgres_url, tmp_path / "server.log")
    srv.start()
    try:
        _kill_restart_continue(srv, tmp_path, ["team"])
        # a second full game on PostgreSQL, after the restart, two clients and a spectator
        table_id, tokens = srv.table_with_players()
        clients = {s: srv.client(table_id, t) for s, t in tokens.items()}
        spectator = srv.client(table_id)
        final = play(clients, random.Random(4))
        spectator.wait_version(final["version"])
        assert check_no_hidden_cards(spectator.raw, srv.record(table_id)) > 2
    finally:
        srv.stop()


def test_blitz_stopwatch_start_is_stored_and_sent_again(fresh_server: Server) -> None:
    """Blitz duel's stopwatch runs from the time its game started (when the last seat was
    taken), stored with the game: the clock's ``started`` is the game's ``started_at``,
    the same for both seats, after a reconnect, and after a kill -9 and a restart. A duel
    without Blitz has no clock at all."""
    created = fresh_server.create(variants=["blitz"])
    table_id = created["table"]["id"]
    assert created["table"]["clock"] is None, "no stopwatch while waiting for the players"
    before = time.time()
    tokens = {0: created["token"], 1: fresh_server.claim(table_id, 1, created["invites"]["1"])}
    first = fresh_server.client(table_id, tokens[0])
    clock = first.recv()["clock"]
    started = clock["started"]
    assert before <= started <= time.time() and clock["elapsed"] >= 0 and "seat" not in clock
    games = fresh_server.http.get(f"/api/tables/{table_id}/games").json()
    assert [g["started_at"] for g in games] == [started]
    rng = random.Random(3)
    state = play({0: first, 1: fresh_server.client(table_id, tokens[1])}, rng, max_moves=3)
    assert state["clock"]["started"] == started
    first.close()
    back = fresh_server.client(table_id, tokens[0], seen=state["seen"], game_no=1)
    assert back.recv()["clock"]["started"] == started
    fresh_server.kill9()
    fresh_server.start()
    for seat in (0, 1):
        after = fresh_server.client(table_id, tokens[seat]).recv()["clock"]
        assert after["started"] == started and after["elapsed"] >= clock["elapsed"]
    assert fresh_server.http.get(f"/api/tables/{table_id}").json()["clock"]["started"] == started
    plain = fresh_server.create()
    assert plain["table"]["clock"] is None
    assert fresh_server.client(plain["table"]["id"], plain["token"]).recv()["clock"] is None


def test_computer_table_goes_on_after_kill9(fresh_server: Server) -> None:
    """A table of two computer players keeps playing after a crash and a restart."""
    created = fresh_server.create(creator_seat=None, seats=[
        {"kind": "computer", "strength": "simple"}, {"kind": "computer", "strength": "random"}])
    table_id = created["table"]["id"]
    watcher = fresh_server.client(table_id)
    watcher.wait_state(lambda m: m["version"] >= 1 or m["status"] == "finished")
    fresh_server.kill9()
    fresh_server.start()
    watcher = fresh_server.client(table_id)
    final = watcher.wait_state(lambda m: m["status"] == "finished", timeout=60)
    record = fresh_server.record(table_id)
    assert len(record["moves"]) == final["version"]
    assert {m["by"] for m in [e for msg in watcher.messages for e in msg.get("events", [])
                              if e["kind"] == "move"]} <= {"computer"}


def test_seat_cookie_from_another_site_is_refused(server: Server) -> None:
    """A page of another site cannot use a player's seat cookie (cross-site WebSocket)."""
    from websockets.sync.client import connect

    table_id, tokens = server.table_with_players()
    url = f"{server.ws_url}/api/tables/{table_id}/ws"
    cookie = {"Cookie": f"ct_{table_id}={tokens[0]}"}
    evil = connect(url, additional_headers={**cookie, "Origin": "https://evil.example"})
    message = json.loads(evil.recv(timeout=10))
    assert message["code"] == "cross-site"
    ours = connect(url, additional_headers={**cookie,
                                            "Origin": f"http://127.0.0.1:{server.port}"})
    assert json.loads(ours.recv(timeout=10))["seat"] == 0
    ours.close()


def test_hourglass_deadline_survives_kill9(tmp_path: Path) -> None:
    """Paternoster's Hourglass on a real server: the turn's deadline is stored, so after a
    kill -9 and a restart the clock runs on to the same deadline (no restart grace here)
    and the server plays ``timeout`` for the seat when it is up, as if nothing happened."""
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                 "--hourglass-seconds", "4")
    srv.start()
    try:
        table_id, tokens = srv.table_with_players(game="paternoster",
                                                  options={"players": 2, "hourglass": True})
        before = srv.client(table_id, tokens[0]).recv()
        clock = before["clock"]
        assert set(clock) == {"seat", "deadline", "remaining"} and before["version"] == 0
        srv.kill9()
        srv.start()
        watcher = srv.client(table_id)
        after = watcher.recv()
        if after["status"] == "playing":  # the restart came before the deadline
            assert after["version"] == 0
            assert (after["clock"]["seat"], after["clock"]["deadline"]) == (
                clock["seat"], clock["deadline"])
        final = watcher.wait_state(lambda m: m["status"] == "finished", timeout=30)
        assert final["outcome"]["lost"] == "timeout"
        assert srv.record(table_id)["moves"] == [[clock["seat"], "timeout"]]
        moves = [e for m in watcher.messages for e in m.get("events", [])
                 if e["kind"] == "move"]
        assert [(e["seat"], e["by"]) for e in moves] == [(clock["seat"], "clock")]
    finally:
        srv.stop()

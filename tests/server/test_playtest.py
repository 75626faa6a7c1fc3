"""``cardtable balance GAME --from-db URL``: a real server's finished games between people,
played over its HTTP and WebSocket API, read back read-only and measured beside the
simulation.

The site: 200 duels between two scripted people at one table (legal moves at random, one
game after another), a rated table of two signed-up people (three games played out and
one resigned), and a table with a computer seat (its game must not count).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from conftest import fresh_postgres
from harness import Client, Server, play

from cardtable.playtest.source import open_readonly
from cardtable.sim.stats import wilson

PEOPLE_GAMES = 200
RATED_GAMES = 3
PORTS = (8620, 8621)
"""The servers' ports."""
PASSWORD = "tulip-kettle-93"

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def on_port(server: Server, port: int) -> Server:
    server.port, server.url, server.ws_url = port, f"http://127.0.0.1:{port}", \
        f"ws://127.0.0.1:{port}"
    server.http = httpx.Client(base_url=server.url, timeout=10)
    return server


def signed_up(server: Server, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30)
    r = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return client


def rated_table(server: Server) -> tuple[str, dict[int, Client]]:
    first, second = signed_up(server, "pia_p"), signed_up(server, "ole_p")
    created = first.post("/api/tables", json={"game": "duel", "rated": True}).json()
    table_id, (seat, invite) = created["table"]["id"], next(iter(created["invites"].items()))
    r = second.post(f"/api/tables/{table_id}/seats/{seat}", json={"invite": invite})
    assert r.status_code == 200, r.text
    tokens = {0: created["token"], int(seat): r.json()["token"]}
    return table_id, {s: server.client(table_id, token) for s, token in sorted(tokens.items())}


@dataclass
class Site:
    db: Path
    records: list[dict[str, Any]]
    """The records of the games between people played to their end."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site's database once its server has stopped (nothing writes to it any more)."""
    path = tmp_path_factory.mktemp("playtest")
    server = on_port(Server(f"sqlite:///{path / 'site.db'}", path / "server.log"), PORTS[0])
    server.start()
    rng = random.Random(20)
    try:
        table_id, tokens = server.table_with_players(game="duel", match_wins=0)
        people = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
        games_at(people, PEOPLE_GAMES, rng)
        records = [server.record(table_id, n) for n in range(1, PEOPLE_GAMES + 1)]
        rated_id, rated = rated_table(server)
        games_at(rated, RATED_GAMES, rng)
        records += [server.record(rated_id, n) for n in range(1, RATED_GAMES + 1)]
        resign_next(rated, RATED_GAMES + 1)
        computer_id, tokens = server.table_with_players(
            game="duel", seats=[{"kind": "human"}, {"kind": "computer", "strength": "simple"}])
        final = play({0: server.client(computer_id, tokens[0])}, rng)
        assert final["status"] == "finished"
    finally:
        server.stop()
    yield Site(path / "site.db", records)


def games_at(clients: dict[int, Client], games: int, rng: random.Random) -> None:
    """``games`` games at one table, each played to its end; an "again" from every person
    starts the next."""
    for game_no in range(1, games + 1):
        if game_no > 1:
            again(clients, game_no - 1)
        assert play(clients, rng, game_no=game_no)["status"] == "finished"


def again(clients: dict[int, Client], game_no: int) -> None:
    for client in clients.values():
        client.send({"type": "again", "game_no": game_no})


def resign_next(clients: dict[int, Client], game_no: int) -> None:
    """The next game starts and its second seat resigns at once."""
    again(clients, game_no - 1)
    clients[1].wait_state(lambda m: m["game_no"] == game_no and m["status"] == "playing")
    clients[1].send({"type": "resign"})
    ended = clients[1].wait_state(lambda m: m["game_no"] == game_no
                                  and m["status"] == "finished")
    assert ended["outcome"]["reason"] == "resigned"


def balance(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", "balance", *args],
                          capture_output=True, text=True, timeout=600, check=False)


def figures(*args: str) -> dict[str, Any]:
    done = balance(*args, "--json", "--workers", "1")
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def row(data: dict[str, Any], id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(r for r in data["rows"] if r["id"] == id)
    return found


def fingerprint(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


def test_the_people_s_duels_beside_the_simulation_and_the_file_untouched(site: Site) -> None:
    before = fingerprint(site.db)
    data = figures("duel", "--from-db", f"sqlite:///{site.db}", "--games", "400")
    assert fingerprint(site.db) == before, "the site's database was written"
    games = len(site.records)
    assert data["games"] == games == PEOPLE_GAMES + RATED_GAMES
    assert data["ended_otherwise"] == {"resigned": 1}, "resigned: counted, not measured"
    # the starter's wins, counted here from the records the server hands out
    won = sum(r["outcome"]["winner"] == r["deal"]["starter"] % 2 for r in site.records)
    starter = row(data, "starter-wins")
    people = starter["people"]
    assert people["games"] == games and starter["too_few"] is False
    assert people["ours"] == pytest.approx(100 * won / games, abs=1e-3)
    low, high = wilson(won, games)
    assert (people["low"], people["high"]) == (pytest.approx(100 * low, abs=1e-3),
                                               pytest.approx(100 * high, abs=1e-3))
    assert starter["text"] == 49.0
    simulated = starter["simulated"]
    assert simulated["games"] == 400 and simulated["low"] < simulated["ours"] < simulated["high"]
    moves = row(data, "moves")["people"]
    assert moves["ours"] == pytest.approx(
        sum(len(r["moves"]) for r in site.records) / games, abs=1e-3)
    stuck = sum(r["outcome"]["reason"] == "stuck" for r in site.records)
    assert row(data, "stuck")["people"]["ours"] == pytest.approx(100 * stuck / games, abs=1e-3)
    assert row(data, "all-cards-played")["people"]["ours"] == pytest.approx(
        100 * (games - stuck) / games, abs=1e-3)
    pushes = row(data, "pushing-pays")
    assert pushes["simulated"]["games"] == 400 and 0 < pushes["people"]["games"] <= games


def test_filters_and_too_few_games(site: Site) -> None:
    url = f"sqlite:///{site.db}"
    rated = figures("duel", "--from-db", url, "--rated-only", "--games", "0")
    assert rated["games"] == RATED_GAMES and rated["ended_otherwise"] == {"resigned": 1}
    assert all(r["too_few"] and r["simulated"] is None for r in rated["rows"])
    for flag, day in (("--since", "2999-01-01"), ("--until", "2000-01-01")):
        assert figures("duel", "--from-db", url, flag, day, "--games", "0")["games"] == 0
    assert figures("duel", "--from-db", url, "--variant", "long-race", "--games", "0"
                   )["games"] == 0
    done = balance("duel", "--from-db", url, "--rated-only", "--games", "0")
    assert done.returncode == 0, done.stderr
    assert f"{RATED_GAMES} finished games between people (rated tables only)" in done.stdout
    assert "Too few games to tell anything" in done.stdout
    assert "too few to tell" in done.stdout


def test_the_html_report_and_the_chart(site: Site, tmp_path: Path) -> None:
    page, chart = tmp_path / "report.html", tmp_path / "chart.png"
    done = balance("duel", "--from-db", str(site.db), "--games", "200", "--workers", "1",
                   "--report", str(page), "--plot", str(chart))
    assert done.returncode == 0, done.stderr
    assert chart.read_bytes().startswith(b"\x89PNG")
    html = page.read_text(encoding="utf-8")
    assert "the site&#x27;s games between people beside the simulation" in html
    assert f"{len(site.records)} finished games between people" in html
    assert "starter wins (one-card first turn)" in html and "data:image/png;base64," in html


def test_bad_input_is_one_line(site: Site, tmp_path: Path) -> None:
    empty = tmp_path / "other.db"
    engine = sa.create_engine(f"sqlite:///{empty}")
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE notes (id INTEGER)"))
    engine.dispose()
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    cases = {
        ("duel", "--from-db", str(tmp_path / "missing.db")): "there is no file",
        ("duel", "--from-db", str(text)): "file is not a database",
        ("duel", "--from-db", f"sqlite:///{empty}"): "is not a cardtable site's database",
        ("duel", "--from-db", f"postgresql://postgres@127.0.0.1:{PORTS[1]}/none"):
            "cannot open postgresql://",
        ("chess", "--from-db", str(site.db)): "invalid choice: 'chess'",
        ("duel", "--rated-only"): "only with --from-db",
        ("duel", "--from-db", str(site.db), "--csv"): "not with --csv",
    }
    for args, said in cases.items():
        done = balance(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1 and said in done.stderr, done.stderr


def test_postgresql_is_read_in_a_read_only_session(tmp_path: Path) -> None:
    with fresh_postgres() as url:
        server = on_port(Server(url, tmp_path / "server.log"), PORTS[1])
        server.start()
        try:
            table_id, tokens = server.table_with_players(game="duel", match_wins=0)
            games_at({s: server.client(table_id, t) for s, t in sorted(tokens.items())}, 3,
                     random.Random(3))
        finally:
            server.stop()
        data = figures("duel", "--from-db", url, "--games", "0")
        assert data["games"] == 3
        assert all(r["too_few"] for r in data["rows"])
        engine = open_readonly(url)
        try:
            with engine.connect() as conn, pytest.raises(sa.exc.DBAPIError) as failed:
                conn.execute(sa.text("DELETE FROM moves"))
            assert "read-only transaction" in str(failed.value)
            with engine.connect() as conn:
                assert conn.execute(sa.text("SELECT count(*) FROM games")).scalar() == 3
        finally:
            engine.dispose()

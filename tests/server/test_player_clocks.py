"""Chess clocks at tables of people: the clock of the seat to act runs down, its turn
passing adds the increment, a seat out of time loses (the server decides: its own
timer), and a restarted server has the same clocks.

The servers here shorten a clock's minute (``--clock-minute``), as the Hourglass's
tests shorten its turn: a test waits for the flag to fall, never for a fixed time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import Client, Server, wait_until

from cardtable.games.registry import find_game
from cardtable.server.live.hooks import hooks_for

MINUTE = 30.0
"""The seconds of a clock's minute at the ``server`` fixture (time enough for any turn)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("clocks")
    srv = Server(f"sqlite:///{path / 'cardtable.db'}", path / "server.log",
                 "--clock-minute", str(MINUTE))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose clock minute is one second: flags fall soon."""
    path = tmp_path_factory.mktemp("quick")
    srv = Server(f"sqlite:///{path / 'cardtable.db'}", path / "server.log",
                 "--clock-minute", "1")
    srv.start()
    yield srv
    srv.stop()


def seated(server: Server, **body: Any) -> tuple[str, dict[int, Client]]:
    table_id, tokens = server.table_with_players(**body)
    return table_id, {seat: server.client(table_id, token) for seat, token in tokens.items()}


def playing(client: Client) -> dict[str, Any]:
    return client.wait_state(lambda m: m["status"] == "playing" and m["clock"] is not None)


def end_turn(clients: dict[int, Client]) -> dict[str, Any]:
    """The seat to act plays until its turn passes (``end`` as soon as it may)."""
    state = playing(clients[0])
    seat = state["clock"]["seat"]
    while True:
        mine = clients[seat].wait_version(state["version"])
        if mine["status"] != "playing" or mine["clock"]["seat"] != seat:
            return mine
        legal = mine["observation"]["legal"]
        clients[seat].move("end" if "end" in legal else legal[0], mine["version"])
        state = clients[seat].wait_version(mine["version"] + 1)


def test_the_clock_of_the_seat_to_act_runs_down(server: Server) -> None:
    _table, clients = seated(server, game="duel", clock={"minutes": 5, "increment": 0})
    first = playing(clients[0])
    clock = first["clock"]
    running = clock["seat"]
    assert clock["left"] == [5 * MINUTE, 5 * MINUTE] or clock["left"][running] < 5 * MINUTE
    assert clock["left"][1 - running] == 5 * MINUTE

    def later() -> dict[str, Any] | None:
        clients[0].send({"type": "sync"})
        state = clients[0].wait_state(lambda m: True)
        clients[0].state = None
        seen = state["clock"]["left"]
        return state if seen[running] < clock["left"][running] else None

    state = wait_until(later)
    assert state["clock"]["left"][1 - running] == 5 * MINUTE
    assert state["clock"]["deadline"] == clock["deadline"]


def test_a_turn_passing_adds_the_increment(server: Server) -> None:
    _table, clients = seated(server, game="duel", clock={"minutes": 1, "increment": 60})
    first = playing(clients[0])["clock"]
    mover = first["seat"]
    after = end_turn(clients)["clock"]
    assert after["seat"] == 1 - mover
    # the mover used some of its minute and got a whole minute more
    assert MINUTE < after["left"][mover] < 2 * MINUTE
    assert after["left"][1 - mover] <= MINUTE  # its clock runs now
    assert after["increment"] == MINUTE


@pytest.mark.parametrize("game", ["duel", "duel52"])
def test_a_seat_out_of_time_loses(quick: Server, game: str) -> None:
    table_id, clients = seated(quick, game=game, clock={"minutes": 1})
    running = playing(clients[0])["clock"]["seat"]
    finished = clients[0].wait_state(lambda m: m["status"] == "finished", timeout=120)
    assert finished["outcome"] == {"winner": 1 - running, "reason": "time",
                                   "flagged": running}
    assert finished["match"]["wins"][1 - running] == 1
    info = quick.http.get(f"/api/tables/{table_id}").json()
    assert info["outcome"]["reason"] == "time" and info["clock"] is None
    # a move after the flag is refused: the game is over
    legal = clients[running].wait_state(lambda m: m["status"] == "finished")
    clients[running].move("end", legal["version"])
    clients[running].expect_error("game-over")
    quick.record(table_id)  # the finished game's record is there


def test_in_the_team_duel_the_partner_loses_too(quick: Server) -> None:
    _table, clients = seated(quick, game="duel", variants=["team"], clock={"minutes": 1})
    running = playing(clients[0])["clock"]["seat"]
    finished = clients[0].wait_state(lambda m: m["status"] == "finished", timeout=120)
    assert finished["outcome"] == {"winner": 1 - running % 2, "reason": "time",
                                   "flagged": running}
    for client in clients.values():
        client.close()


def test_a_restarted_server_keeps_the_clocks(fresh_server: Server, tmp_path: Path) -> None:
    fresh_server.stop()
    server = Server(fresh_server.db_url, tmp_path / "again.log", "--clock-minute",
                    str(MINUTE))
    server.start()
    table_id, clients = seated(server, game="duel", clock={"minutes": 3, "increment": 2})
    playing(clients[0])
    before = end_turn(clients)["clock"]
    for client in clients.values():
        client.close()
    server.stop()
    server.start()
    try:
        after = server.http.get(f"/api/tables/{table_id}").json()["clock"]
        waiting = 1 - before["seat"]
        assert after["seat"] == before["seat"]
        assert after["deadline"] == before["deadline"]
        assert after["left"][waiting] == before["left"][waiting]
    finally:
        server.stop()


def test_out_of_time_when_the_other_side_cannot_win_is_a_draw(server: Server) -> None:
    """MateBeta: the players play on until the seat to act's opponent could not win by
    any sequence of legal moves (the test mirrors the open game and asks the same
    question the server will); then that seat lets its time run out: a draw."""
    game = find_game("matebeta")
    hooks = hooks_for("matebeta")
    rng = random.Random(7)
    for _attempt in range(12):
        _table, clients = seated(server, game="matebeta", clock={"minutes": 1})
        first = playing(clients[0])
        options = game.parse_options({})
        observation = first["observation"]
        mirror = game.from_deal(options, {"hands": observation["hands"],
                                          "dealer": observation["dealer"]})
        state = first
        while not mirror.is_over():
            seat = mirror.to_act()[0]
            if not hooks.could_win(mirror.clone(), 1 - seat):
                finished = clients[0].wait_state(lambda m: m["status"] == "finished",
                                                 timeout=4 * MINUTE)
                assert finished["outcome"] == {"winner": None, "reason": "time",
                                               "flagged": seat, "draw": True}
                assert finished["match"]["draws"] == 1
                return
            move = rng.choice(mirror.legal_moves(seat)).text
            clients[seat].move(move, state["version"])
            mirror.play(seat, move)
            state = clients[seat].wait_version(state["version"] + 1)
        for client in clients.values():
            client.close()
    pytest.fail("no game of twelve reached a position the other side could not win")

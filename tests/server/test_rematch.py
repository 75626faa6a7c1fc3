"""The next game at a table of people is an offer, rated or not: the others see it and
accept (their own "again") or decline; against the computer "again" starts at once. The
offer is stored with the table, so a restart or the table's move to another process shows
the same offer, and the next game it leads to starts once."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest
from harness import Client, Server, play, wait_until
from test_many_processes import redis_flags
from websockets.exceptions import ConnectionClosed

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

OFFER_0 = {"offers": [0], "declined": None}


def finished_duel(server: Server, seed: int) -> tuple[str, dict[int, Client], dict[int, str]]:
    """An unrated duel of two people, played to its end."""
    table_id, tokens = server.table_with_players(game="duel", match_wins=0)
    clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
    play(clients, random.Random(seed))
    return table_id, clients, tokens


def served(server: Server, table_id: str, token: str) -> Client:
    """A client at the table through ``server`` once the table is served there again
    (after its owner was killed, the lease lapses first), holding the finished state."""

    def connected() -> Client | None:
        try:
            client = server.client(table_id, token)
            client.wait_state(lambda m: m["status"] == "finished", timeout=5)
        except (ConnectionClosed, TimeoutError, OSError):
            return None
        return client

    found: Client = wait_until(connected)
    return found


def games_of(server: Server, table_id: str) -> list[int]:
    return [g["game_no"] for g in server.http.get(f"/api/tables/{table_id}/games").json()]


def test_an_offer_declined_then_accepted_at_an_unrated_table(server: Server) -> None:
    table_id, clients, _ = finished_duel(server, 3)
    watcher = server.client(table_id)
    clients[0].send({"type": "again", "game_no": 1})
    for client in (clients[1], watcher):
        state = client.wait_state(lambda m: m.get("rematch") == OFFER_0)
        assert state["game_no"] == 1 and state["status"] == "finished"
    assert server.http.get(f"/api/tables/{table_id}").json()["rematch"] == OFFER_0
    clients[0].send({"type": "decline"})  # one's own offer is not declined
    clients[0].expect_error("no-offer")
    clients[1].send({"type": "decline"})
    clients[0].wait_state(lambda m: m.get("rematch") == {"offers": [], "declined": 1})
    clients[1].send({"type": "again", "game_no": 1})  # a new offer, the other way round
    clients[0].wait_state(lambda m: m.get("rematch") == {"offers": [1], "declined": None})
    clients[0].send({"type": "again", "game_no": 1})  # accepted
    for client in (*clients.values(), watcher):
        state = client.wait_state(lambda m: m["game_no"] == 2)
        assert state["status"] == "playing" and "rematch" not in state
    assert games_of(server, table_id) == [1, 2]
    assert server.http.get(f"/api/tables/{table_id}").json()["rematch"] is None
    for client in (*clients.values(), watcher):
        client.close()


def test_against_the_computer_again_starts_at_once(server: Server) -> None:
    table_id, tokens = server.table_with_players(game="duel", match_wins=0, seats=[
        {"kind": "human"}, {"kind": "computer"}])
    client = server.client(table_id, tokens[0])
    final = play({0: client}, random.Random(4))
    client.send({"type": "again", "game_no": final["game_no"]})
    state = client.wait_state(lambda m: m["game_no"] == 2)
    assert state["status"] == "playing" and "rematch" not in state
    client.close()


def test_an_open_offer_survives_a_restart(fresh_server: Server) -> None:
    table_id, clients, tokens = finished_duel(fresh_server, 5)
    clients[1].send({"type": "again", "game_no": 1})
    clients[0].wait_state(lambda m: m.get("rematch") == {"offers": [1], "declined": None})
    for client in clients.values():
        client.close()
    fresh_server.kill9()
    fresh_server.start()
    back = {s: fresh_server.client(table_id, t) for s, t in tokens.items()}
    state = back[0].wait_state(lambda m: m["status"] == "finished")
    assert state["rematch"] == {"offers": [1], "declined": None}
    back[0].send({"type": "again", "game_no": 1})
    back[1].wait_state(lambda m: m["game_no"] == 2 and m["status"] == "playing")
    assert games_of(fresh_server, table_id) == [1, 2]
    for client in back.values():
        client.close()


def test_the_offer_moves_with_the_table_and_the_next_game_starts_once(
        postgres_url: str, tmp_path: Path) -> None:
    """The table's owner is killed with an offer open; the other process takes the table
    over and shows the offer; both people then send "again" at once (one accepts, one
    repeats its offer): exactly one next game."""
    flags = redis_flags(lease_seconds=2)
    owner = Server(postgres_url, tmp_path / "owner.log", *flags)
    other = Server(postgres_url, tmp_path / "other.log", *flags)
    owner.start()
    other.start()
    try:
        table_id, clients, tokens = finished_duel(owner, 6)
        clients[0].send({"type": "again", "game_no": 1})
        clients[1].wait_state(lambda m: m.get("rematch") == OFFER_0)
        for client in clients.values():
            client.close()
        owner.kill9()

        ann, ben = (served(other, table_id, tokens[seat]) for seat in (0, 1))
        for client in (ann, ben):
            assert client.state is not None and client.state["rematch"] == OFFER_0
        both = [threading.Thread(target=c.send, args=({"type": "again", "game_no": 1},))
                for c in (ann, ben)]
        for thread in both:
            thread.start()
        for thread in both:
            thread.join()
        for client in (ann, ben):
            client.wait_state(lambda m: m["game_no"] == 2 and m["status"] == "playing")
            client.ping()
        assert games_of(other, table_id) == [1, 2]
        assert all(m["game_no"] <= 2 for c in (ann, ben) for m in c.messages
                   if m["type"] == "state")
        for client in (ann, ben):
            client.close()
    finally:
        owner.stop()
        other.stop()

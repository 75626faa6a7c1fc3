"""Computer seats, substitutes for absent players, and signals, on a real server."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from harness import Client, Server, check_messages, check_no_hidden_cards, play

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.mark.parametrize("variants", [[], ["team"]], ids=["duel", "team"])
def test_human_against_computer_to_the_end(server: Server, variants: list[str]) -> None:
    """Computer seats play on the server; the humans see their moves as events."""
    n = 4 if variants else 2
    seats = [{"kind": "human"} if s % 2 == 0 else {"kind": "computer", "strength": "simple"}
             for s in range(n)]
    table_id, tokens = server.table_with_players(variants=variants, seats=seats)
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    final = play(clients, random.Random(8))
    assert final["status"] == "finished"
    events = [e for m in clients[0].messages if m["type"] == "state" for e in m["events"]]
    by = {(e["seat"] % 2, e["by"]) for e in events if e["kind"] == "move"}
    assert (1, "computer") in by and (1, "seat") not in by
    assert check_messages(clients[0].raw, server.record(table_id), 0) > 2


def test_blitz_against_the_computer(server: Server) -> None:
    """In Blitz the computer plays at its own pace while the human plays at theirs."""
    table_id, tokens = server.table_with_players(
        variants=["blitz"], seats=[{}, {"kind": "computer", "strength": "random"}])
    human = server.client(table_id, tokens[0])
    rng = random.Random(4)
    state = human.recv()
    for _ in range(500):
        if state["status"] == "finished":
            break
        legal = state["observation"]["legal"]
        if legal:
            human.move(rng.choice(legal), state["version"])
        message = human.recv()
        while message["type"] != "state":
            assert message["type"] == "error"
            assert message["code"] in ("illegal", "stale", "duplicate")
            message = human.recv()
        state = message
    assert state["status"] == "finished"
    assert len(server.record(table_id)["moves"]) == state["version"]


def test_computer_only_table_plays_itself_to_the_end(server: Server) -> None:
    created = server.create(creator_seat=None, seats=[{"kind": "computer"},
                                                      {"kind": "computer", "strength": "random"}])
    assert created["token"] is None and created["invites"] == {}
    watcher = server.client(created["table"]["id"])
    final = watcher.wait_state(lambda m: m["status"] == "finished", timeout=60)
    assert final["outcome"]["reason"] in ("stuck", "out-of-cards")
    assert check_no_hidden_cards(watcher.raw, server.record(created["table"]["id"])) >= 1


def test_computer_players_signal_like_the_simulators(server: Server) -> None:
    """Computer partners talk too: the default partner is the planning player, and at
    each new turn it sets its signals ("I can help this pile" where it holds a step back,
    and the others) and takes back those no longer true; their signals are stored with
    the record, shown to everyone like a person's, and the table replays with them."""
    found = []
    for _ in range(3):
        created = server.create(game="paternoster", options={"players": 3}, creator_seat=None,
                                seats=[{"kind": "computer"}] * 3)
        assert {s["strength"] for s in created["table"]["seats"]} == {"planner"}
        table_id = created["table"]["id"]
        watcher = server.client(table_id)
        final = watcher.wait_state(lambda m: m["status"] == "finished", timeout=90)
        record = server.record(table_id)
        found += record["signals"]
        shown = [e for m in watcher.messages if m["type"] == "state" for e in m["events"]
                 if e["kind"] == "signal"]
        assert len(shown) == len(record["signals"])
        assert final["outcome"] is not None
        assert check_messages(watcher.raw, record, None) >= 1
    kinds = {s["signal"].split()[0] for s in found}
    assert "help" in kinds and "clear" in kinds, found


def test_absent_player_is_replaced_until_they_return(server: Server) -> None:
    """With takeover_after set, a computer takes a disconnected seat; the player gets it
    back on reconnecting."""
    table_id, tokens = server.table_with_players(takeover_after=0.2)
    a, b = server.client(table_id, tokens[0]), server.client(table_id, tokens[1])
    state = a.recv()
    b.recv()
    b.close()
    seen = a.wait_state(lambda m: m["seats"][1]["substitute"], timeout=10)
    assert seen["seats"][1]["connected"] is False
    rng = random.Random(1)
    version = seen["version"]
    substitute_moved = False
    for _ in range(300):
        state = a.wait_version(version)
        if state["status"] == "finished":
            break
        substitute_moved = substitute_moved or any(
            e.get("by") == "substitute" for e in state["events"])
        if substitute_moved:
            break
        if state["observation"]["legal"]:
            a.move(rng.choice(state["observation"]["legal"]), state["version"])
        version = state["version"] + 1
    assert substitute_moved or state["status"] == "finished"
    back = server.client(table_id, tokens[1])
    mine = back.recv()
    assert mine["seats"][1]["substitute"] is False and mine["seats"][1]["connected"] is True


def test_team_duel_signals_go_through_the_table(server: Server) -> None:
    """Team duel partners signal about their piles; everyone at the table hears it; signals
    outside the talking rule are refused; the record keeps them."""
    table_id, tokens = server.table_with_players(variants=["team"])
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    spectator = server.client(table_id)
    first = clients[2].recv()
    assert "help up" in first["signals"]
    clients[2].send({"type": "signal", "signal": "help  UP"})
    for c in [*clients.values(), spectator]:
        heard = c.wait_state(lambda m: any(e["kind"] == "signal" for e in m["events"]))
        signal = next(e for e in heard["events"] if e["kind"] == "signal")
        assert signal["seat"] == 2 and signal["signal"] == "help up"
    for text, why in (("I hold the 9D", "is not a signal"), ("play here", "'play' is not a signal"),
                      ("help left", "no pile left")):
        clients[0].send({"type": "signal", "signal": text})
        assert why in clients[0].expect_error("bad-signal")["message"]
    clients[2].send({"type": "signal", "signal": "good-here down"})
    clients[2].expect_error("too-fast")
    final = play(clients, random.Random(3))
    assert final["status"] == "finished"
    record = server.record(table_id)
    assert record["signals"] == [{"after_move": 0, "seat": 2, "signal": "help up"}]


def test_two_player_duel_has_no_signals(server: Server) -> None:
    table_id, tokens = server.table_with_players()
    client = server.client(table_id, tokens[0])
    assert "signals" not in client.recv()
    client.send({"type": "signal", "signal": "help up"})
    assert "has no signals" in client.expect_error("bad-signal")["message"]


def test_the_api_is_documented(server: Server) -> None:
    """OpenAPI lists the HTTP API; /api/protocol gives the WebSocket messages' schema and
    the prose of PROTOCOL.md; /api/games lists what can be played."""
    paths = server.http.get("/openapi.json").json()["paths"]
    for path in ("/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/record",
                 "/api/tables/{table_id}/seats/{seat}", "/api/tables/{table_id}/again"):
        assert path in paths
    protocol = server.http.get("/api/protocol").json()
    assert {"MoveMessage", "StateMessage", "ErrorMessage"} <= set(protocol["schema"]["$defs"])
    assert "stale" in protocol["doc"]
    duel = next(g for g in server.http.get("/api/games").json() if g["id"] == "duel")
    assert duel["computer_players"] == ["simple", "never-push", "cautious", "eager", "random",
                                        "strong"]
    assert duel["signals"] is True
    assert "blitz" in duel["variants"]


def _versions_by(client: Client, by: str) -> list[int]:
    """The versions of the moves made by ``by`` (seat, computer, substitute, clock)."""
    return [e["v"] for m in client.messages if m["type"] == "state" for e in m["events"]
            if e["kind"] == "move" and e.get("by") == by]


def _play_alone_until(client: Client, rng: random.Random, enough: Callable[[], bool]
                      ) -> dict[str, Any]:
    """The client plays its seat's moves; the others are the server's to make."""
    state = client.wait_state(lambda m: True)
    while state["status"] == "playing" and not enough():
        legal = state["observation"]["legal"]
        if legal:
            client.move(rng.choice(legal), state["version"])
        state = client.wait_state(lambda m, v=state["version"]: m["version"] > v)
    return state


@pytest.mark.parametrize("game", ["duel", "paternoster", "duel52", "matebeta"])
def test_the_owners_takeover_limit_in_every_game(server: Server, game: str) -> None:
    """The owner chooses how long a seat may stay away: at a table with a limit of an hour
    nobody takes the seat of a player who left first; at a table with a short limit a
    computer plays the absent seat, and the player takes it back on returning and plays
    the game to its end."""
    patient, patient_tokens = server.table_with_players(game=game, takeover_after=3600)
    table_id, tokens = server.table_with_players(game=game, takeover_after=0.2)
    assert server.http.get(f"/api/tables/{table_id}").json()["takeover_after"] == 0.2
    away = server.client(patient, patient_tokens[1])
    away.recv()
    away.close()
    a, b = server.client(table_id, tokens[0]), server.client(table_id, tokens[1])
    a.recv()
    b.recv()
    b.close()
    a.wait_state(lambda m: m["seats"][1]["substitute"], timeout=10)
    seats = server.http.get(f"/api/tables/{patient}").json()["seats"]
    assert seats[1]["connected"] is False and seats[1]["substitute"] is False
    rng = random.Random(len(game))
    state = _play_alone_until(a, rng, lambda: bool(_versions_by(a, "substitute")))
    if state["status"] == "finished":
        pytest.fail("the game ended before the substitute moved")
    back = server.client(table_id, tokens[1])
    mine = back.wait_state(lambda m: not m["seats"][1]["substitute"])
    assert mine["seats"][1]["connected"] is True
    final = play({0: a, 1: back}, rng)
    assert final["status"] == "finished"
    # a computer move under way when the player came back may still land; none after it
    late = [v for v in _versions_by(a, "substitute") if v > mine["version"] + 1]
    assert late == [], "the computer left the seat to its player"
    record = server.record(table_id)
    assert len(record["moves"]) == final["version"]
    assert check_messages(back.raw, record, 1) >= 1


def test_paternoster_talking_rules_are_the_servers(server: Server) -> None:
    """Lift operator: only the player to act may signal; the others are refused with the
    rule's reason and nothing is recorded. Silent lift: no signals at all."""
    table_id, tokens = server.table_with_players(game="paternoster", variants=["lift-operator"])
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    states = {s: c.wait_version(0) for s, c in clients.items()}
    mover = next(s for s, st in states.items() if st["observation"]["legal"])
    waiter = 1 - mover
    signal = states[waiter]["signals"][0]
    clients[waiter].send({"type": "signal", "signal": signal})
    assert clients[waiter].expect_error("bad-signal")["message"]
    clients[mover].send({"type": "signal", "signal": signal})
    heard = clients[waiter].wait_state(lambda m: any(e["kind"] == "signal" for e in m["events"]))
    assert [(e["seat"], e["signal"]) for e in heard["events"] if e["kind"] == "signal"] == [
        (mover, signal)]
    final = play(clients, random.Random(2))
    assert final["status"] == "finished"
    assert server.record(table_id)["signals"] == [
        {"after_move": 0, "seat": mover, "signal": signal}]
    silent, silent_tokens = server.table_with_players(game="paternoster",
                                                      variants=["silent-lift"])
    client = server.client(silent, silent_tokens[0])
    assert not client.recv().get("signals")
    client.send({"type": "signal", "signal": "help up1"})
    assert client.expect_error("bad-signal")["message"]
    assert client.ping()["version"] == 0

"""Full games over a real server: two (or four) clients play, a spectator watches.

Every message any client received is checked against the record downloaded at
the end: it shows exactly the engine's observation for that seat at that
version, and no card that seat could not see (the deal is the judge).
"""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from harness import Server, check_no_hidden_cards, play, play_again

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

VARIANTS = {
    "standard": [],
    "blitz": ["blitz"],
    "team": ["team"],
    "long": ["long"],
    "hard-push": ["hard-push"],
    "friendly": ["friendly"],
    "handicap": ["handicap-hand:0", "handicap-no-push:1"],
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_full_game_players_and_spectator_see_no_hidden_card(
        server: Server, variant: str, tmp_path: Path) -> None:
    """Clients play a whole duel to its end; a spectator and every player see only
    what their observation allows, at every version; the record replays."""
    table_id, tokens = server.table_with_players(variants=VARIANTS[variant])
    spectator = server.client(table_id)
    clients = {seat: server.client(table_id, token) for seat, token in sorted(tokens.items())}
    assert len(clients) == (4 if variant == "team" else 2)
    final = play(clients, random.Random(hash(variant) % 1000))
    assert final["status"] == "finished" and final["outcome"] is not None
    spectator.wait_version(final["version"])
    record = server.record(table_id)
    assert record["outcome"] == final["outcome"]
    assert len(record["moves"]) == final["version"]
    assert check_no_hidden_cards(spectator.raw, record) >= 2
    for seat, client in clients.items():
        assert check_no_hidden_cards(client.raw, record, seat=seat) >= 2
    path = tmp_path / "record.json"
    path.write_text(server.http.get(f"/api/tables/{table_id}/record").text)
    out = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)],
                         capture_output=True, text=True, check=True)
    assert '"outcome"' in out.stdout and str(final["outcome"]["reason"]) in out.stdout


def test_events_since_last_message_tell_the_whole_game(server: Server) -> None:
    """The events a client receives, message after message, are the whole game's events
    in order, each once, each tagged with the version it led to."""
    table_id, tokens = server.table_with_players()
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    final = play(clients, random.Random(5))
    for client in clients.values():
        client.wait_version(final["version"])
        events = [e for m in client.messages if m["type"] == "state" for e in m["events"]]
        moves = [(e["seat"], e["move"]) for e in events if e["kind"] == "move"]
        assert moves == [tuple(m) for m in server.record(table_id)["moves"]]
        versions = [e["v"] for e in events]
        assert versions == sorted(versions)
        assert client.messages[-1]["seen"] == len(events)


def test_blitz_simultaneous_moves_ordered_by_arrival(server: Server) -> None:
    """Blitz: both seats send at the same version; the server takes them in order of
    arrival, each judged on the position it meets; nothing is lost or doubled."""
    table_id, tokens = server.table_with_players(variants=["blitz"])
    a, b = server.client(table_id, tokens[0]), server.client(table_id, tokens[1])
    rng = random.Random(3)
    version = 0
    for _ in range(40):
        sa, sb = a.wait_version(version), b.wait_version(version)
        if sa["status"] == "finished":
            break
        version = max(sa["version"], sb["version"])
        sent = 0
        for client, st in ((a, sa), (b, sb)):
            if st["observation"]["legal"]:
                client.move(rng.choice(st["observation"]["legal"]), version)
                sent += 1
        # each sent move is either accepted (a new version) or refused with a reason
        accepted = 0
        for client in (a, b):
            client.ping()
        for client in (a, b):
            errors = [m for m in client.messages if m["type"] == "error"]
            for e in errors:
                assert e["code"] == "illegal" and "moved first" in e["message"], e
            client.messages = [m for m in client.messages if m["type"] != "error"]
        now = a.ping()["version"]
        accepted = now - version
        assert 0 <= accepted <= sent
        if sent:
            assert accepted >= 1, "the first move to arrive is judged on the position it saw"
        version = now
    record_moves = server.http.get(f"/api/tables/{table_id}").json()["version"]
    assert record_moves == version


def test_play_again_loser_starts_and_match_score(server: Server) -> None:
    """After a duel the loser starts the next game (rule decision 7) at the same table,
    with the same seats; the match score counts wins; a running game refuses 'again'."""
    table_id, tokens = server.table_with_players()
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    clients[0].send({"type": "again"})
    clients[0].expect_error("not-over")
    final = play(clients, random.Random(11))
    winner = final["outcome"]["winner"]
    clients[1 - winner].send({"type": "again"})  # an offer: the winner accepts it
    clients[winner].wait_state(lambda m: m.get("rematch") == {"offers": [1 - winner],
                                                              "declined": None})
    clients[winner].send({"type": "again"})
    second = clients[0].wait_state(lambda m: m["game_no"] == 2)
    assert second["status"] == "playing"
    assert second["observation"]["turn_seat"] == 1 - winner
    assert second["match"]["wins"][winner] == 1 and second["match"]["games"] == 1
    assert second["version"] == final["version"] + 1
    assert [e["kind"] for e in second["events"]] == ["game-start"]
    info = server.http.get(f"/api/tables/{table_id}").json()
    assert info["game_no"] == 2
    # the first game's record stays available; the running one's is secret
    assert server.record(table_id, game_no=1)["outcome"] == final["outcome"]
    r = server.http.get(f"/api/tables/{table_id}/record")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not-finished"
    third = play(clients, random.Random(12), game_no=2)
    assert third["status"] == "finished"
    record = server.record(table_id, game_no=2)
    assert check_no_hidden_cards(clients[0].raw, record, base_version=second["version"],
                                 seat=0) >= 1


def test_matebeta_match_of_two_games_is_won_on_total_points(server: Server) -> None:
    """A MateBeta match is 2 (or 4) games and the higher total wins: game 2 swaps game 1's
    hands and the other player deals; after the last game the match is over, and 'again'
    starts a new match."""
    bad = server.http.post("/api/tables", json={"game": "matebeta", "match_games": 3})
    assert bad.status_code == 422 and "2 or 4 games" in bad.json()["error"]["message"]
    table_id, tokens = server.table_with_players(game="matebeta")
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    first = play(clients, random.Random(5))
    assert first["match"]["games_needed"] == 2 and first["match"]["games"] == 1
    assert first["match"]["points"] == first["outcome"]["points"] and not first["match"]["over"]
    play_again(clients, 1)
    second_start = clients[0].wait_state(lambda m: m["game_no"] == 2)
    deal1 = server.record(table_id, game_no=1)["deal"]
    assert second_start["observation"]["dealer"] == 1 - deal1["dealer"]
    second = play(clients, random.Random(6), game_no=2)
    totals = [a + b for a, b in zip(first["outcome"]["points"], second["outcome"]["points"],
                                    strict=True)]
    assert second["match"]["points"] == totals and second["match"]["over"] is True
    deal2 = server.record(table_id, game_no=2)["deal"]
    assert deal2["hands"] == [deal1["hands"][1], deal1["hands"][0]]
    play_again(clients, 2)
    third = clients[0].wait_state(lambda m: m["game_no"] == 3)
    assert third["match"]["points"] == [0, 0] and third["match"]["match_no"] == 2


def test_the_creator_chooses_the_match_length(server: Server) -> None:
    """``match_wins``: first to one won game decides a match (then 'again' starts the
    next match); ``0`` means single games, no match at all; nothing means the rule's 2."""
    assert server.create()["table"]["match"]["wins_needed"] == 2
    for wins, needed in ((1, 1), (0, None)):
        table_id, tokens = server.table_with_players(match_wins=wins)
        clients = {s: server.client(table_id, t) for s, t in tokens.items()}
        assert clients[0].wait_version(0)["match"]["wins_needed"] == needed
        rng = random.Random(wins)
        final = play(clients, rng)
        while final["outcome"]["winner"] is None:  # a drawn game decides nothing
            play_again(clients, final["game_no"])
            final = play(clients, rng, game_no=final["game_no"] + 1)
        assert final["match"]["over"] is (needed == 1)
        play_again(clients, final["game_no"])
        second = clients[0].wait_state(lambda m, n=final["game_no"] + 1: m["game_no"] == n)
        assert second["match"]["match_no"] == (2 if needed == 1 else 1)
        assert second["match"]["wins_needed"] == needed
    bad = server.http.post("/api/tables", json={"game": "duel", "match_wins": -1})
    assert bad.status_code == 422


def test_both_players_press_play_again_at_once(server: Server) -> None:
    """Both seats ask for the next game after seeing game 1 end (an offer and its
    acceptance): one game 2 starts, and neither gets an error (the later 'again' names
    game 1, which is over and done). An 'again' that does not say which game it saw end
    is refused while game 2 runs."""
    table_id, tokens = server.table_with_players(match_wins=0)
    clients = {s: server.client(table_id, t) for s, t in tokens.items()}
    play(clients, random.Random(9))
    for client in clients.values():
        client.send({"type": "again", "game_no": 1})
    for client in clients.values():
        client.wait_state(lambda m: m["game_no"] == 2)
        client.ping()
        assert [m for m in client.messages if m["type"] == "error"] == []
    r = httpx.post(f"{server.url}/api/tables/{table_id}/again", params={"game_no": 1},
                   headers={"Authorization": f"Bearer {tokens[0]}"})
    assert r.status_code == 200 and r.json()["game_no"] == 2
    clients[1].send({"type": "again"})
    clients[1].expect_error("not-over")
    assert server.http.get(f"/api/tables/{table_id}").json()["game_no"] == 2


def test_each_paternoster_version_reaches_a_client_once(server: Server) -> None:
    """A Paternoster move is sent once: no client gets a second, identical state message at
    the version it already has (the repeat cleared the page's busy state)."""
    table_id, tokens = server.table_with_players(game="paternoster")
    clients = {seat: server.client(table_id, token) for seat, token in sorted(tokens.items())}
    final = play(clients, random.Random(18), max_moves=30)
    for client in clients.values():
        client.wait_version(final["version"])
        client.ping()  # everything the server sent before the pong has arrived
        states = [m for m in client.messages if m["type"] == "state"]
        repeats = [(a["version"], b["version"]) for a, b in itertools.pairwise(states)
                   if (a["game_no"], a["version"]) == (b["game_no"], b["version"])
                   and {**a, "events": []} == {**b, "events": []}]
        # every version once (a short deal may end the game early: not a count of states)
        assert {m["version"] for m in states} == set(range(final["version"] + 1))
        assert final["version"] >= 2 and repeats == []

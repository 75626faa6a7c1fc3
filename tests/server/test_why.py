"""The ``why`` message over a real server: the rules' reason, nothing played, seats only."""

from __future__ import annotations

import pytest
from harness import Server

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def why(client, moves: list[str]) -> dict:  # type: ignore[no-untyped-def]
    client.send({"type": "why", "moves": moves})
    while True:
        message = client.recv()
        if message["type"] in ("why", "error"):
            return message


def test_why_gives_the_reason_and_plays_nothing(server: Server) -> None:
    table_id, tokens = server.table_with_players(game="paternoster", options={"players": 2})
    first = server.client(table_id, tokens[0]).wait_state(lambda m: m["status"] == "playing")
    seat, idle = (0, 1) if 0 in first["observation"]["to_act"] else (1, 0)
    me = server.client(table_id, tokens[seat])
    state = me.wait_state(lambda m: m["status"] == "playing")
    hand = state["observation"]["hand"]
    legal = state["observation"]["legal"]
    asked = [f"play {card} {pile}" for card in hand for pile in ("up1", "down1")]
    answer = why(me, asked)
    assert answer["version"] == state["version"]
    assert [a["move"] for a in answer["answers"]] == asked
    for a in answer["answers"]:
        assert a["legal"] is (a["move"] in legal), a
        if not a["legal"]:
            assert a["code"] == "illegal" and a["rule"] and a["message"]
    # the other seat is told it is not its turn, in the rules' words
    other = server.client(table_id, tokens[idle])
    other.wait_state(lambda m: m["status"] == "playing")
    [refused] = why(other, [asked[0]])["answers"]
    assert refused["rule"] == "not-your-turn" and "turn" in refused["message"]
    assert me.ping()["version"] == state["version"]


def test_why_is_for_seats_and_bounded(server: Server) -> None:
    table_id, tokens = server.table_with_players()
    spectator = server.client(table_id)
    spectator.wait_state(lambda m: True)
    assert why(spectator, ["end"])["code"] == "spectator"
    me = server.client(table_id, tokens[0])
    me.wait_state(lambda m: True)
    assert why(me, [])["code"] == "bad-message"
    assert why(me, ["end"] * 17)["code"] == "bad-message"
    [answer] = why(me, ["dance"])["answers"]
    assert answer == {"move": "dance", "legal": False, "code": "illegal",
                      "rule": "no-such-move", "message": answer["message"]}

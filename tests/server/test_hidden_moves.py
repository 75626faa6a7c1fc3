"""Duel 52 and Paternoster over a real server: no message ever names a hidden card.

A Duel 52 move such as ``play 7H 2`` puts the 7H face down; the other seat and
spectators must never see it. The judge is the record (the deal and the moves):
at every version, a message to a seat may name only cards that seat's
observations have shown it so far.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from harness import CARD, Server, json_round, play, replayed_states

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def _cards(value: Any) -> set[str]:
    return {m.group(0) for m in CARD.finditer(json.dumps(value))}


def _check(raw: list[str], record: dict[str, Any], seat: int | None) -> int:
    """Every message names only cards this seat's observations showed up to its version."""
    states = replayed_states(record)
    known: list[set[str]] = []
    seen: set[str] = set()
    for state in states:
        seen = seen | _cards(state.observation(seat).to_json())
        known.append(seen)
    checked = 0
    for text in raw:
        message = json.loads(text)
        if message["type"] != "state":
            continue
        message.pop("table")
        version = message["version"]
        expected = json_round(states[version].observation(seat).to_json())
        if message["status"] != "playing":
            expected["legal"] = []
        assert message["observation"] == expected
        leaked = _cards(message) - known[version]
        assert not leaked, f"version {version}: hidden cards named to seat {seat}: {leaked}"
        checked += 1
    return checked


@pytest.mark.parametrize("seed", [1, 2])
def test_duel52_opponent_and_spectator_never_see_a_hidden_card(server: Server,
                                                                seed: int) -> None:
    """Whole games of Duel 52: the opponent and a spectator never receive the identity of
    a card played or discarded face down; the move event says so in public words."""
    table_id, tokens = server.table_with_players(game="duel52")
    spectator = server.client(table_id)
    clients = {seat: server.client(table_id, token) for seat, token in sorted(tokens.items())}
    final = play(clients, random.Random(seed))
    assert final["status"] == "finished"
    spectator.wait_version(final["version"])
    record = server.record(table_id)
    plays = [text for _seat, text in record["moves"] if text.startswith("play ")]
    assert plays, "the game had face-down plays to hide"
    assert _check(spectator.raw, record, None) >= 2
    for seat, client in clients.items():
        assert _check(client.raw, record, seat) >= 2
    events = [e for m in spectator.messages if m["type"] == "state" for e in m["events"]]
    hidden = [e for e in events if e["kind"] == "move" and e.get("hidden")]
    assert len(hidden) >= len(plays)
    assert all(e["move"].startswith(("play a card face down into lane ",
                                     "discard a card face down")) for e in hidden)


def test_paternoster_passed_on_card_is_not_named(server: Server) -> None:
    """Paternoster with Passing on: ``give 7H 1`` reaches the other seats as
    'give a card to seat 1'; only the receiver's observation shows the card."""
    table_id, tokens = server.table_with_players(game="paternoster",
                                                 variants=["passing-on"])
    spectator = server.client(table_id)
    clients = {seat: server.client(table_id, token) for seat, token in sorted(tokens.items())}
    rng = random.Random(4)
    version = 0
    for _ in range(100):
        states = {s: c.wait_version(version) for s, c in clients.items()}
        movers = {s: st["observation"]["legal"] for s, st in states.items()
                  if st["observation"]["legal"]}
        assert movers, "a seat is to act"
        seat, legal = next(iter(movers.items()))
        gives = [m for m in legal if m.startswith("give ")]
        clients[seat].move(gives[0] if gives else rng.choice(legal), version)
        version += 1
        if gives:
            break
    else:
        pytest.fail("no give was offered in 100 moves")
    spectator.wait_version(version)
    clients[1 - seat].wait_version(version)
    for watcher in (spectator, clients[1 - seat]):
        events = [e for m in watcher.messages if m["type"] == "state" for e in m["events"]]
        given = [e for e in events if e["kind"] == "move" and e["move"].startswith("give")]
        assert len(given) == 1 and given[0]["hidden"] is True
        assert given[0]["move"] == f"give a card to seat {gives[0].split()[-1]}"
        assert not _cards(given[0])

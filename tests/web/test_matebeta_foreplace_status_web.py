"""Whose decision it is before move 1 of MateBeta: the dealer decides first whether to
foreplace, then the other player. In a friends' match game 2 is dealt by the second
player, and the first player's page said "Alice's turn · Move 1" (her own name) while
Bob, the dealer, was deciding, even after a reload. Read off the page in English and
German, before and after a reload, and once the dealer has decided (game 1's dealer is
drawn, so game 2's may be either player)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Client, Server
from webplay import DESKTOP, PHONE, new_page, wait_ready

NAMES = ("Alice", "Bob")
WORDS = {
    "en": {"dealer": "{name}, the dealer, is deciding whether to foreplace",
           "before": "Before move 1", "mine": "Your turn",
           "other": "{name} is deciding whether to foreplace"},
    "de": {"dealer": "{name} gibt und entscheidet übers Vorlegen",
           "before": "Vor Zug 1", "mine": "Du bist dran",
           "other": "{name} entscheidet übers Vorlegen"},
}


def play_first_game(alice: Client, bob: Client) -> int:
    """Game 1 of the match, each seat making its first legal move, to its end; then both
    ask for the next game. The dealer of game 2 (the other player than game 1's)."""
    clients = (alice, bob)
    state = alice.wait_state(lambda m: m["status"] == "playing")
    while state["status"] == "playing":
        seat = next(s for s, c in enumerate(clients)
                    if c.wait_version(state["version"])["observation"]["legal"])
        clients[seat].move(clients[seat].state["observation"]["legal"][0], state["version"])
        state = alice.wait_version(state["version"] + 1)
    for client in clients:
        client.send({"type": "again", "game_no": 1})
    two = alice.wait_state(lambda m: m["game_no"] == 2 and m["status"] == "playing")
    dealer: int = two["observation"]["dealer"]
    return dealer


@pytest.fixture
def game_two(server: Server) -> tuple[str, dict[int, str], int]:
    """A friends' MateBeta match of two games, Alice and Bob, at the start of game 2."""
    created = server.create(game="matebeta", creator_name="Alice", match_games=2,
                            seats=[{"kind": "human"}, {"kind": "human"}])
    table_id = created["table"]["id"]
    tokens = {0: created["token"]}
    r = server.http.post(f"/api/tables/{table_id}/seats/1",
                         json={"invite": created["invites"]["1"], "name": "Bob"})
    assert r.status_code == 200, r.text
    tokens[1] = r.json()["token"]
    alice, bob = (server.client(table_id, tokens[s]) for s in (0, 1))
    try:
        dealer = play_first_game(alice, bob)
    finally:
        alice.ws.close()
        bob.ws.close()
    return table_id, tokens, dealer


def status(page: Any) -> str:
    return " ".join(page.locator("#status").inner_text().split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_other_player_sees_the_dealer_deciding_whether_to_foreplace(
        browser: Any, server: Server, artifacts: Path,
        game_two: tuple[str, dict[int, str], int], lang: str) -> None:
    table_id, tokens, dealer = game_two
    other = 1 - dealer
    words = WORDS[lang]
    deciding = words["dealer"].format(name=NAMES[dealer])
    locale = "en-GB" if lang == "en" else "de-DE"
    waiting = new_page(browser, PHONE, locale)   # the other player's page
    waiting.goto(f"{server.url}/t/{table_id}?key={tokens[other]}")
    wait_ready(waiting)
    waiting.wait_for_selector("#table-page[data-game-no='2']")
    for reload in (False, True):
        if reload:
            waiting.reload()
            wait_ready(waiting)
        said = status(waiting)
        assert said.startswith(deciding) and words["before"] in said, said
        assert NAMES[other] not in said
        # the marker of whose decision it is stands at the dealer's name only
        acting = waiting.locator("#board .player-tag.to-act")
        assert acting.count() == 1 and NAMES[dealer] in acting.inner_text()
        assert NAMES[dealer] in waiting.locator("#seats .seat-chip.to-act").inner_text()
    waiting.screenshot(path=str(artifacts / f"matebeta-foreplace-dealer-deciding-{lang}.png"))
    # the dealer keeps all ten: now the other player decides, and their page asks them
    deals = new_page(browser, DESKTOP, locale)
    deals.goto(f"{server.url}/t/{table_id}?key={tokens[dealer]}")
    wait_ready(deals)
    deals.wait_for_selector("#table-page[data-game-no='2']:not([data-legal='0'])")
    version = deals.get_attribute("#table-page", "data-version")
    deals.click("#actions button[data-move='keep']")
    changed = "(v) => document.getElementById('table-page').dataset.version !== v"
    waiting.wait_for_function(changed, arg=version)
    assert status(waiting).startswith(words["mine"]), status(waiting)
    deals.wait_for_function(changed, arg=version)
    said = status(deals)
    assert said.startswith(words["other"].format(name=NAMES[other])), said
    assert words["before"] in said, said
    assert waiting.errors == [] and deals.errors == []
    waiting.context.close()
    deals.context.close()

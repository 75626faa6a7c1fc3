"""Paternoster's page, three people at one table played through it move by move: ending a
turn with an emergency token shows in the log, and a card passed on shows to its giver
and its receiver (in English and German), never to the third seat or a spectator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness import Server
from webplay import (
    PHONE,
    Watcher,
    attr,
    new_page,
    observation,
    open_seat,
    wait_change,
    wait_logged,
    wait_ready,
)

PASSED = """() => [...document.querySelectorAll('#board .pat-passed .passed')].map((p) =>
  [...p.childNodes].map((n) => n.nodeType === Node.TEXT_NODE ? n.textContent
                                                              : n.getAttribute('aria-label'))
    .join(''))"""
"""Each line about a card passed on, as a screen reader says it (the card by its name)."""


def tap(page: Any, source: str, target: str | None = None) -> int:
    """Tap a hand card and then a place, or a move button; returns the table's version
    once the move is made."""
    version = attr(page, "version")
    if target is None:
        page.click(f'#actions button[data-move="{source}"]')
    else:
        page.click(f'#board .hand [data-src="card:{source}"]')
        page.click(f'#board .target[data-dst="{target}"]')
    wait_change(page, version)
    assert page.locator("#toast").is_hidden(), page.locator("#toast").inner_text()
    return int(attr(page, "version") or 0)


def card_name(page: Any, card: str) -> str:
    """How the page names the card it draws in its lines about cards passed on."""
    name: str = page.locator(f'#board .pat-passed [data-card="{card}"]').get_attribute(
        "aria-label")
    return name


def test_token_end_logged_and_card_passed_on_seen_by_giver_and_receiver(
        browser: Any, server: Server, artifacts: Path) -> None:
    """Seat A (whoever starts) ends its turn with a token; B, next, passes a card on to C,
    next after B: B and C read it (C also in German), A and a spectator do not, and once C
    has played that card neither reads it any more. The card given counts as played."""
    created = server.create(game="paternoster",
                            options={"players": 3, "tokens": 1, "passing_on": True},
                            seats=[{"kind": "human"}] * 3)
    table_id = created["table"]["id"]
    tokens = {0: created["token"]}
    for seat, invite in created["invites"].items():
        tokens[int(seat)] = server.claim(table_id, int(seat), invite)
    pages = {seat: open_seat(browser, server, table_id, token) for seat, token in tokens.items()}
    spectator = new_page(browser, PHONE)
    spectator.watcher = Watcher(spectator)
    spectator.goto(f"{server.url}/t/{table_id}")
    wait_ready(spectator)
    a = observation(pages[0])["turn_seat"]
    b, c = (a + 1) % 3, (a + 2) % 3
    name_a, name_b, name_c = (f"Player {s + 1}" for s in (a, b, c))

    # A plays one card and ends the turn with the team's token
    tap(pages[a], observation(pages[a])["hand"][0], "pile:up1")
    button = pages[a].locator('#actions button[data-move="token-end"]')
    assert button.inner_text() == "End with a token"
    tap(pages[a], "token-end")
    for page in (pages[a], pages[b], spectator):
        wait_logged(page, f"{name_a} uses an emergency token (0 left)")
        wait_logged(page, f"{name_a} ends the turn and draws 1")

    # B plays one card and passes another on to C
    version = tap(pages[b], observation(pages[b])["hand"][0], "pile:down1")
    given = observation(pages[b], version)["hand"][0]
    assert pages[b].locator("#status .sub").inner_text() == "Play 1 more"
    version = tap(pages[b], given, f"seat:{c}")
    assert pages[b].locator("#status .sub").inner_text() == (  # the card given counts
        "Enough played: end your turn or play on")
    wait_logged(pages[a], f"{name_b} passes a card on to {name_c}")
    observation(pages[c], version)
    named = card_name(pages[b], given)
    assert pages[b].evaluate(PASSED) == [f"You gave {named} to {name_c}"]
    assert pages[c].evaluate(PASSED) == [f"{name_b} gave you {named}"]
    for page in (pages[a], spectator):
        assert observation(page, version)["passed"] == []
        assert page.locator("#board .pat-passed").count() == 0
    pages[b].screenshot(path=str(artifacts / "paternoster-passed-desktop.png"), full_page=True)
    german = open_seat(browser, server, table_id, tokens[c], PHONE, "de-DE")
    wait_logged(german, f"Spieler {a + 1} beendet den Zug und zieht 1")
    assert german.evaluate(PASSED) == [
        f"Spieler {b + 1} hat dir {card_name(german, given)} weitergegeben"]
    german.screenshot(path=str(artifacts / "paternoster-passed-phone-de.png"), full_page=True)

    # B ends; C plays the card it was given: nobody is sure who holds it any more
    version = tap(pages[b], "end")
    observation(pages[c], version)
    version = tap(pages[c], given, "pile:up2")
    for page in (pages[b], pages[c]):
        observation(page, version)
        assert page.locator("#board .pat-passed").count() == 0
    for page in (*pages.values(), spectator, german):
        assert page.errors == []
        page.context.close()

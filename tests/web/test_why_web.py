"""Why not: tapping a card, pile or target that no legal move uses says why, in the page's
language with the names it shows (the pile as its owner's, the cards by their names), and
changes nothing."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, PHONE, attr, new_page, wait_ready

from cardtable.games.registry import find_game

MATEBETA_ANSWER = {
    "deal": {"hands": [["7H", "10C", "KS", "KD", "7D", "KC", "10D", "QS", "AC", "AD"],
                       ["AS", "10S", "QC", "QD", "10H", "7C", "AH", "7S", "QH", "KH"]],
             "dealer": 1},
    "moves": [[1, "keep"], [0, "keep"], [1, "lead 7C"]],
}
"""A MateBeta position where seat 0 answers 7♣ holding three clubs: its other cards cannot
be played."""

LOOKS = [("phone", PHONE, "en-GB"), ("desktop", DESKTOP, "de-DE")]


def duel_deal_you_start() -> dict[str, Any]:
    """A fixed duel deal in which seat 0 (the page) plays first: the computer's piles are
    all still empty when the page chooses."""
    game = find_game("duel")
    deal = game.random_deal(game.parse_options({}), random.Random(7))
    return {"deal": {**deal, "starter": 0}, "moves": []}


def open_table(browser: Any, server: Server, body: dict[str, Any], viewport: dict[str, int],
               locale: str) -> Any:
    created = server.create(**body)
    page = new_page(browser, viewport, locale)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    return page


def why_text(page: Any) -> str:
    page.wait_for_selector("#why:not([hidden])", timeout=10000)
    text: str = page.locator("#why").inner_text()
    return text


@pytest.mark.parametrize(("look", "viewport", "locale"), LOOKS)
def test_a_card_that_cannot_be_played_says_why(browser: Any, server: Server, artifacts: Path,
                                               look: str, viewport: dict[str, int],
                                               locale: str) -> None:
    page = open_table(browser, server, {
        "game": "matebeta", "seats": [{"kind": "human"}, {"kind": "computer"}],
        "start": MATEBETA_ANSWER}, viewport, locale)
    page.wait_for_selector('#board [data-src="card:KC"].playable')
    version = attr(page, "version")
    card = page.locator('#board [data-src="card:7D"]')
    assert card.get_attribute("aria-disabled") == "true"
    assert card.get_attribute("tabindex") == "0"  # the keyboard can ask too
    card.click(force=True)  # aria-disabled: Playwright waits for "enabled" otherwise
    text = why_text(page)
    if locale == "en-GB":
        assert "You must answer 7♣ with a card of the led suit (♣): K♣, 10♣ and A♣" in text
    else:
        assert "Geht nicht" in text and "mit einer Karte der ausgespielten Farbe" in text
    page.screenshot(path=str(artifacts / f"why-matebeta-{look}-{locale[:2]}.png"))
    assert attr(page, "version") == version and page.locator("#toast").is_hidden()
    assert page.locator("#board .playable").count() == 3, "nothing changed"
    # by keyboard: focus a card that cannot be played and press Enter
    page.keyboard.press("Escape")
    assert page.locator("#why").is_hidden()
    page.locator('#board [data-src="card:QS"]').focus()
    page.keyboard.press("Enter")
    assert ("led suit" if locale == "en-GB" else "ausgespielten Farbe") in why_text(page)
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("look", "viewport", "locale"), LOOKS)
def test_a_pile_the_chosen_card_cannot_go_to_says_why(browser: Any, server: Server,
                                                      artifacts: Path, look: str,
                                                      viewport: dict[str, int],
                                                      locale: str) -> None:
    """A duel against the computer, the page to play first: a card chosen, the other
    side's empty pile tapped (no push onto an empty pile); the card stays chosen and nothing
    is played."""
    page = open_table(browser, server, {
        "game": "duel", "seats": [{"kind": "human"}, {"kind": "computer"}],
        "match_wins": 0, "start": duel_deal_you_start()}, viewport, locale)
    page.wait_for_selector("#board .hand .playable", timeout=20000)
    empty = page.evaluate("""() => [...document.querySelectorAll('#board [data-dst^="pile:"]')]
        .filter((p) => p.querySelector('.empty'))
        .map((p) => p.dataset.dst).find((d) => d.split(':')[1] !== String(
            [...document.querySelectorAll('#board .hand')].length ? 0 : 1))""")
    assert empty is not None, "the computer has played nothing yet: its piles are empty"
    mine = page.evaluate("() => document.querySelector('#board .hand .playable').dataset.src")
    version = attr(page, "version")
    page.click(f'#board [data-src="{mine}"]')
    page.wait_for_selector(f'#board [data-src="{mine}"][aria-pressed="true"]')
    pile = page.locator(f'#board [data-dst="{empty}"]')
    assert "target" not in (pile.get_attribute("class") or "")
    pile.click(force=True)
    text = why_text(page)
    if locale == "en-GB":
        assert "You cannot push onto Club player's " in text and "it is empty" in text
    else:
        assert "Du kannst nicht auf den " in text and "von Vereinsspieler schieben" in text
    page.screenshot(path=str(artifacts / f"why-duel-{look}-{locale[:2]}.png"))
    assert attr(page, "version") == version
    assert page.locator(f'#board [data-src="{mine}"]').get_attribute("aria-pressed") == "true"
    assert page.errors == []
    page.context.close()

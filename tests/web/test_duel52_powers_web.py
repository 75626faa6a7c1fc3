"""Duel 52's card powers at hand: every visible card names its power, a tap or the focus
explains it under the lanes, and the table's legend lists all thirteen (EN and DE)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, PHONE, new_page, wait_ready

POWERS_EN = {"2": "View", "7": "Heal", "10": "Twinstrike", "J": "Taunt", "A": "Action"}
POWERS_DE = {"2": "Sichten", "7": "Heilung", "10": "Doppelschlag", "J": "Spott", "A": "Aktion"}


@pytest.mark.parametrize(("look", "viewport", "locale"),
                         [("phone", PHONE, "en-GB"), ("desktop", DESKTOP, "de-DE")])
def test_every_visible_card_names_its_power(browser: Any, server: Server, artifacts: Path,
                                            look: str, viewport: dict[str, int],
                                            locale: str) -> None:
    created = server.create(game="duel52", seats=[{"kind": "human"}, {"kind": "computer"}],
                            match_wins=0)
    page = new_page(browser, viewport, locale)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    page.wait_for_selector("#board .hand [data-card]")
    names = POWERS_EN if locale == "en-GB" else POWERS_DE
    cards = page.evaluate("""() => [...document.querySelectorAll('#board [data-power]')]
        .map((c) => [c.dataset.power, c.querySelector('.pw').textContent,
                     c.getAttribute('aria-label')])""")
    assert cards
    for card, word, label in cards:
        rank = card[:-1]
        assert word, card
        if rank in names:
            assert word == names[rank], (card, word)
        assert word in label, label  # a screen reader hears the power with the card
    # focus a hand card: its power is explained under the lanes
    first = page.locator("#board .hand [data-power]").first
    card = first.get_attribute("data-power")
    first.focus()
    info = page.locator("#power-info").inner_text()
    assert info.startswith(card[:-1]) and ":" in info, info
    page.locator("#board .d52-legend summary").click()
    legend = page.locator("#board .d52-legend tbody tr")
    assert legend.count() == 13
    text = page.locator("#board .d52-legend").inner_text()
    assert ("Twinstrike" in text and "hits two different cards at once" in text
            if locale == "en-GB" else "Doppelschlag" in text and "Buben" in text)
    page.screenshot(path=str(artifacts / f"duel52-powers-{look}-{locale[:2]}.png"),
                    full_page=True)
    assert page.errors == []
    page.context.close()

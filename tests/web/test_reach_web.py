"""The controls a turn needs are on the first screen: End turn, the answer buttons and
Cancel lie within the viewport without scrolling, on a phone (360 x 740) and a desktop
(1280 x 800), in every game, Tower with eight players on a phone included."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from harness import PATIENCE, Server
from webplay import (
    IN_VIEW,
    Watcher,
    attr,
    careful_move,
    new_page,
    wait_change,
    wait_ready,
    wait_turn,
)

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
LOOKS = [("phone", PHONE, "de-DE"), ("desktop", DESKTOP, "en-GB")]
"""German on the phone: its longer words are the harder case for a narrow screen."""

COMPUTERS = [{"kind": "computer"}] * 7
TABLES: dict[str, dict[str, Any]] = {
    "duel": {"game": "duel", "match_wins": 0},
    "paternoster": {"game": "paternoster"},
    "tower8": {"game": "paternoster", "options": {"players": 8}, "variants": ["tower"]},
    "duel52": {"game": "duel52"},
    "matebeta": {"game": "matebeta", "start": {
        "deal": {"hands": [["7H", "10C", "KS", "KD", "7D", "KC", "10D", "QS", "AC", "AD"],
                           ["AS", "10S", "QC", "QD", "10H", "7C", "AH", "7S", "QH", "KH"]],
                 "dealer": 0}, "moves": []}},
}
"""Each table: seat 0 for the player, the computer in every other seat. The MateBeta deal
makes the player the dealer, who answers first: foreplace a card or keep all ten."""

SETTLED = """(selector) => new Promise((done) => {
  const box = () => JSON.stringify(document.querySelector(selector).getBoundingClientRect());
  const first = box();
  requestAnimationFrame(() => requestAnimationFrame(() => done(box() === first)));
})"""
"""Whether the element stays where it is over two frames (the page has settled)."""


def play_until(page: Any, watcher: Watcher, game: str, selector: str) -> None:
    """Play the player's moves by taps until ``selector`` (a control) shows."""
    end = time.monotonic() + PATIENCE
    while not page.locator(selector).count():
        assert time.monotonic() < end, f"{selector} never showed"
        wait_turn(page)
        version = attr(page, "version")
        last = watcher.last
        if last is None or str(last["version"]) != version:
            page.wait_for_timeout(50)  # the page's state message is still on its way here
            continue
        obs = last["observation"]
        if game == "duel52":  # a card chosen: the bar offers Cancel
            page.locator("#board .hand .playable").first.click()
            continue
        move = careful_move(obs) if game != "duel" else next(
            m for m in obs["legal"] if m.startswith("play "))
        words = move.split()
        side = f"{last['seat'] % 2}:" if game == "duel" else ""
        page.click(f'#board [data-src="card:{words[1]}"]')
        page.click(f'#board .target[data-dst="pile:{side}{words[2]}"]')
        wait_change(page, version)


END = '#actions button[data-move="end"]'
CONTROL = {"duel": END, "paternoster": END, "tower8": END,
           "duel52": "#actions button:not([data-move])",
           "matebeta": '#actions button[data-move="keep"]'}


@pytest.mark.parametrize("game", list(TABLES))
@pytest.mark.parametrize(("look", "viewport", "locale"), LOOKS)
def test_the_turns_controls_are_on_the_first_screen(browser: Any, server: Server,
                                                    artifacts: Path, game: str, look: str,
                                                    viewport: dict[str, int],
                                                    locale: str) -> None:
    body = TABLES[game]
    players = body.get("options", {}).get("players", 2)
    created = server.create(**body, seats=[{"kind": "human"}, *COMPUTERS[:players - 1]])
    page = new_page(browser, viewport, locale)
    watcher = Watcher(page)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    control = CONTROL[game]
    play_until(page, watcher, game, control)
    page.wait_for_function(SETTLED, arg=control)
    assert page.evaluate(IN_VIEW, control), (game, look, page.evaluate(
        "(s) => [document.querySelector(s).getBoundingClientRect().toJSON(), scrollY]", control))
    page.screenshot(path=str(artifacts / f"reach-{game}-{look}-{locale[:2]}.png"))
    if game == "tower8" and look == "phone":
        # compact seats: the eight chips on one row, each still named for screen readers
        tops = page.locator("#seats .seat-chip").evaluate_all(
            "(cs) => cs.map((c) => Math.round(c.getBoundingClientRect().top))")
        assert len(tops) == 8 and len(set(tops)) == 1, tops
        assert "(du)" in page.locator("#seats .seat-chip").first.inner_text()
    assert page.errors == []
    page.context.close()

"""The MateBeta result panel and log, read word by word, for every way a game ends.

Each game starts from a golden record's position one or two moves before its end
(a table "from a position", against the computer); the last moves are forced and
play themselves, or the test taps the mating card. The panel must name the winner,
the mater, the card, the move, the factor and the points, and the match score once,
in English and in German; screenshots of each ending go to ``artifacts/screenshots``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, PHONE, new_page, wait_ready

GOLDEN = Path(__file__).parents[1] / "golden" / "matebeta"


def position(name: str, cut: int, swap: bool = False) -> dict[str, Any]:
    """A golden record without its last ``cut`` moves; ``swap`` trades the seats (so the
    person at seat 0 plays the other side)."""
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    deal, moves = record["deal"], record["moves"][:-cut]
    if swap:
        deal = {"hands": deal["hands"][::-1], "dealer": 1 - deal["dealer"]}
        moves = [[1 - seat, text] for seat, text in moves]
    return {"deal": deal, "moves": moves}


# ending: (position, the card Anna taps or None, English words, German words)
ENDINGS: dict[str, tuple[dict[str, Any], str | None, list[str], list[str]]] = {
    "won-by-mate": (
        position("bots-easy-easy-2", 1), "AD",
        ["You won!", "Anna mated with A♦ on move 5.",
         "Score: 11 (A♦) × 5 (move 5) = 55 points", "Match: Anna 55 – 0 Ben"],
        ["Du hast gewonnen!", "Anna hat mit A♦ in Zug 5 mattgesetzt.",
         "Wertung: 11 (A♦) × 5 (Zug 5) = 55 Punkte", "Partie: Anna 55 – 0 Ben"]),
    "lost-by-mate": (
        position("rule-mate-10-none", 1, swap=True), None,
        ["You lost.", "Ben mated with A♥ on move 10.",
         "Score: 11 (A♥) × 10 (move 10) = 110 points", "Match: Anna 0 – 110 Ben"],
        ["Du hast verloren.", "Ben hat mit A♥ in Zug 10 mattgesetzt.",
         "Wertung: 11 (A♥) × 10 (Zug 10) = 110 Punkte", "Partie: Anna 0 – 110 Ben"]),
    "draw": (
        position("rule-draw-10-none", 2), None,
        ["A draw.", "Move 10, the last move, was answered: a draw, no points.",
         "Match: Anna 0 – 0 Ben"],
        ["Unentschieden.", "Zug 10, der letzte Zug, wurde bedient: unentschieden, keine Punkte.",
         "Partie: Anna 0 – 0 Ben"]),
    "foreplacing-bonus": (
        position("rule-both-bonus", 1), "7H",
        ["You won!", "Anna mated with 7♥ on move 6.",
         "Score: 7 (7♥) × 7 (move 6 + 1 for foreplacing) = 49 points",
         "Match: Anna 49 – 0 Ben"],
        ["Du hast gewonnen!", "Anna hat mit 7♥ in Zug 6 mattgesetzt.",
         "Wertung: 7 (7♥) × 7 (Zug 6 + 1 fürs Vorlegen) = 49 Punkte",
         "Partie: Anna 49 – 0 Ben"]),
    "overmate": (
        position("rule-overmate", 1), None,
        ["You won!", "Overmate! Anna's 10♦ on move 10 could not be answered.",
         "Score: 10 (10♦) × 22 (overmate: (10 + 1) × 2) = 220 points",
         "Match: Anna 220 – 0 Ben"],
        ["Du hast gewonnen!", "Übermatt! 10♦ von Anna konnte in Zug 10 nicht bedient werden.",
         "Wertung: 10 (10♦) × 22 (Übermatt: (10 + 1) × 2) = 220 Punkte",
         "Partie: Anna 220 – 0 Ben"]),
    "move-10-mate": (
        position("rule-other-move-10", 1), None,
        ["You won!", "Anna mated with A♦ on move 10.",
         "Score: 11 (A♦) × 10 (move 10) = 110 points", "Match: Anna 110 – 0 Ben"],
        ["Du hast gewonnen!", "Anna hat mit A♦ in Zug 10 mattgesetzt.",
         "Wertung: 11 (A♦) × 10 (Zug 10) = 110 Punkte", "Partie: Anna 110 – 0 Ben"]),
}


def table_from(page: Any, server: Server, start: dict[str, Any]) -> None:
    """Anna (this page) against the computer Ben, from a record's position."""
    response = page.request.post(f"{server.url}/api/tables", data={
        "game": "matebeta", "creator_name": "Anna", "start": start,
        "seats": [{"kind": "human"}, {"kind": "computer", "strength": "perfect",
                                      "name": "Ben"}],
    })
    assert response.status == 201, response.text()
    page.goto(f"{server.url}/t/{response.json()['table']['id']}")
    wait_ready(page)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("ending", list(ENDINGS))
def test_result_panel_names_winner_mater_card_factor_and_points(
        browser: Any, server: Server, artifacts: Path, ending: str, lang: str) -> None:
    """The panel's words, and the log's last line, say exactly how the game ended; the
    match score is shown once."""
    start, tap, words_en, words_de = ENDINGS[ending]
    words = words_en if lang == "en" else words_de
    page = new_page(browser, DESKTOP, "en-GB" if lang == "en" else "de-DE")
    table_from(page, server, start)
    if tap is not None:
        page.click(f'#board .playable[data-src="card:{tap}"]')
    page.wait_for_selector("#result")
    panel = page.locator("#result")
    title, *lines = words
    assert panel.locator("h2").inner_text().strip() == title
    shown = panel.inner_text()
    for line in lines:
        assert line in shown, f"{line!r} not in the panel: {shown!r}"
    assert shown.count("Match:" if lang == "en" else "Partie:") == 1
    log = [li.inner_text() for li in page.locator("#log li").all()]
    end_line = log[0]
    assert end_line.startswith(title), log
    score = [line for line in lines if line.startswith(("Score", "Wertung"))]
    assert all(s in end_line for s in score), log
    assert "NaN" not in shown and "undefined" not in shown
    assert page.errors == []
    page.screenshot(path=str(artifacts / f"matebeta-result-{ending}-{lang}-desktop.png"))
    page.set_viewport_size(PHONE)
    page.locator("#result").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"matebeta-result-{ending}-{lang}-phone.png"))
    page.context.close()

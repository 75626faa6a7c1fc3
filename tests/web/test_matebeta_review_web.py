"""The MateBeta review, the analysis board and hints, in a real browser.

A game ends at the table (from a golden record's position), its result panel
leads to the review; a record pasted into the review page is judged too. The
review's words are read, the board steps and tries other moves, bad records get
a clear message, and hints show the best move. Screenshots (phone and desktop,
English and German) go to ``artifacts/screenshots``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Server
from test_matebeta_result_web import position, table_from
from webplay import DESKTOP, PHONE, land_on_table
from webplay import new_page as plain_page

GOLDEN = Path(__file__).parents[1] / "golden" / "matebeta"

WORDS = {
    "en": {"start": "Value of the deal: Ben +18", "given": "Points given away: Anna 47, Ben 120",
           "mistake": "Ben: Move 2: A♠ gave away 76 (best: K♣)", "trying": "Trying another line",
           "foreplacing": "Anna: Keep all ten gave away 3 (best: Foreplace 10♠)",
           "fp_best": "Ben: Foreplace 7♦: right, no points given away",
           "ply": "After 11 of 11 moves", "to_act": "Anna to play."},
    "de": {"start": "Wert des Blatts: Ben +18", "given": "Verschenkte Punkte: Anna 47, Ben 120",
           "mistake": "Ben: Zug 2: A♠ hat 76 verschenkt (am besten: K♣)",
           "foreplacing": "Anna: Alle zehn behalten hat 3 verschenkt (am besten: 10♠ vorlegen)",
           "fp_best": "Ben: 7♦ vorlegen: richtig, keine Punkte verschenkt",
           "trying": "Eine andere Fortsetzung", "ply": "Nach 11 von 11 Zügen",
           "to_act": "Anna ist dran."},
}


def new_page(browser: Any, viewport: dict[str, int] = DESKTOP, locale: str = "en-GB") -> Any:
    """A page that waits up to a minute for a condition (a review on a loaded machine)."""
    page = plain_page(browser, viewport, locale)
    page.set_default_timeout(60000)
    return page


def no_sideways_scrolling(page: Any) -> bool:
    return bool(page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1"))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_result_panel_leads_to_the_review_and_its_board(
        browser: Any, server: Server, artifacts: Path, lang: str, viewport: dict[str, int]
) -> None:
    page = new_page(browser, viewport, "en-GB" if lang == "en" else "de-DE")
    table_from(page, server, position("bots-easy-easy-2", 1))
    page.click('#board .playable[data-src="card:AD"]')
    page.click("#review-link")
    page.wait_for_selector("#rv-table tbody tr")
    words = WORDS[lang]
    summary = page.locator("#rv-summary").inner_text()
    for key in ("start", "given", "mistake", "foreplacing", "fp_best"):
        assert words[key] in summary, (key, summary)
    assert page.locator("#rv-table tbody tr").count() == 11
    assert page.locator("#rv-chart svg circle").count() == 12
    page.wait_for_function("() => document.getElementById('rv-where').textContent.length > 0")
    assert words["ply"] in page.locator("#rv-where").inner_text()
    assert no_sideways_scrolling(page)
    size = "phone" if viewport is PHONE else "desktop"
    page.screenshot(path=str(artifacts / f"matebeta-review-{lang}-{size}.png"), full_page=True)
    # Anna's biggest mistake on the board: each of her six leads with its value
    page.locator("#rv-summary .rv-mistakes button").first.click()
    page.wait_for_function(
        "() => document.querySelectorAll('#rv-options .rv-option.played').length")
    assert words["to_act"] in page.locator("#rv-options").inner_text()
    assert page.locator("#rv-options .rv-option").count() == 6
    best = page.locator("#rv-options .rv-option.best")
    assert best.count() == 2 and "K♦" in best.first.inner_text()
    played = page.locator("#rv-options .rv-option.played")
    assert "A♦" in played.inner_text() and "Anna +55" in played.inner_text()
    page.evaluate("document.getElementById('rv-board-title').scrollIntoView()")
    page.screenshot(path=str(artifacts / f"matebeta-board-{lang}-{size}.png"), full_page=False)
    # try the best move instead: another line, then back to the game
    best.first.click()
    page.wait_for_function(f"() => document.getElementById('rv-where').textContent.includes("
                           f"{words['trying']!r})")
    assert page.locator("#rv-back").is_visible()
    page.click("#rv-back")
    page.wait_for_function("() => document.getElementById('rv-back').hidden")
    assert page.errors == []
    page.context.close()


def test_a_pasted_record_is_reviewed_and_bad_ones_are_refused_clearly(
        browser: Any, server: Server) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/review")
    page.wait_for_selector("#rv-form[data-ready]")
    page.fill("#rv-text", "{\"game\": \"matebeta\", \"deal\"")
    page.click("#rv-go")
    page.wait_for_function("() => document.getElementById('rv-error').textContent.length > 0")
    assert "This record cannot be reviewed" in page.locator("#rv-error").inner_text()
    page.fill("#rv-text", '{"game": "duel", "options": {}, "deal": {}, "moves": []}')
    page.click("#rv-go")
    page.wait_for_function("() => document.getElementById('rv-error').textContent.includes('duel')")
    assert "not of MateBeta" in page.locator("#rv-error").inner_text()
    page.fill("#rv-text", (GOLDEN / "bots-easy-easy-2.json").read_text(encoding="utf-8"))
    page.click("#rv-go")
    page.wait_for_selector("#rv-table tbody tr")
    assert page.locator("#rv-error").inner_text() == ""
    assert "Value of the deal: Seat 2 +18" in page.locator("#rv-summary").inner_text()
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_shows_the_best_move_and_its_value(browser: Any, server: Server,
                                                  artifacts: Path, lang: str) -> None:
    page = new_page(browser, PHONE, "en-GB" if lang == "en" else "de-DE")
    table_from(page, server, position("bots-easy-easy-2", 1))
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('hint-text').textContent.length > 0")
    text = page.locator("#hint-text").inner_text()
    if lang == "en":
        assert text == "Best: K♦ and A♥. With perfect play from here: +99 for you."
    else:
        assert text == "Am besten: K♦ und A♥. Bei perfektem Spiel ab hier: +99 für dich."
    assert page.locator("#board .card.hinted").count() == 2
    page.screenshot(path=str(artifacts / f"matebeta-hint-{lang}-phone.png"), full_page=True)
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("friend", "choice", "hints"), [
    (False, None, True), (True, None, False), (True, "on", True), (False, "off", False)])
def test_the_form_decides_on_hints_off_by_default_with_another_person(
        browser: Any, server: Server, artifacts: Path, friend: bool, choice: str | None,
        hints: bool) -> None:
    page = new_page(browser, PHONE, "de-DE")
    page.goto(f"{server.url}/play/matebeta")
    if friend:
        page.select_option("#seat-1", "human")
    if choice is not None:
        page.select_option("#hints", choice)
    if friend and choice == "on":
        page.screenshot(path=str(artifacts / "matebeta-new-hints-de-phone.png"), full_page=True)
    page.click("#new-form button[type=submit]")
    table_id = land_on_table(page)
    assert server.http.get(f"/api/tables/{table_id}").json()["hints"] is hints
    assert page.errors == []
    page.context.close()

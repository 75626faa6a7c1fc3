"""House rules in a real browser: the new-table page offers every rule parameter as a
number within its range, a table opened with changed numbers plays them and says so
(in English and German), and a number the rules refuse is refused with their words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe import assert_accessible
from harness import Server
from webplay import PHONE, land_on_table, new_page

from cardtable.server.live.hooks import rule_params

DESKTOP_800 = {"width": 1280, "height": 800}


def open_form(page: Any, server: Server, game: str) -> None:
    page.goto(f"{server.url}/play/{game}")
    page.click("#house-rules summary")


def house_rule_table(browser: Any, server: Server, game: str, viewport: Any, locale: str,
                     numbers: dict[str, int]) -> tuple[Any, str]:
    """A page on a new table of ``game`` with these house-rule numbers, and its id."""
    page = new_page(browser, viewport, locale) if viewport else new_page(browser,
                                                                        locale=locale)
    open_form(page, server, game)
    for name, value in numbers.items():
        page.fill(f"#p-{name}", str(value))
    page.click("#new-form button[type=submit]")
    return page, land_on_table(page)


@pytest.mark.parametrize("game", ["duel", "duel52", "paternoster", "matebeta"])
def test_every_rule_parameter_is_a_number_within_its_range(browser: Any, server: Server,
                                                           artifacts: Path, game: str) -> None:
    page = new_page(browser)
    open_form(page, server, game)
    for p in rule_params(game):
        box = page.locator(f"#p-{p.name}")
        assert box.get_attribute("min") == str(p.low)
        assert box.get_attribute("max") == str(p.high)
        assert box.input_value() == str(p.default)
    assert_accessible(page, f"new table, house rules ({game})")
    page.screenshot(path=str(artifacts / f"house-rules-form-{game}.png"), full_page=True)
    assert not page.errors


def test_a_house_rule_table_plays_the_numbers_and_is_marked(browser: Any, server: Server,
                                                            artifacts: Path) -> None:
    for viewport, locale, words, name in ((None, "en-GB", ("House rule", "Cards in hand 5",
                                                           "standard 6"), "desktop"),
                                          (PHONE, "de-DE", ("Hausregel", "Karten auf der Hand 5",
                                                            "Standard 6"), "phone-de")):
        page, table_id = house_rule_table(browser, server, "duel", viewport, locale,
                                          {"hand": 5, "push_reach": 3})
        mark = page.inner_text("#house-rule")
        for word in words:
            assert word in mark, (word, mark)
        info = page.evaluate(f"fetch('/api/tables/{table_id}').then(r => r.json())")
        assert info["options"] == {"hand": 5, "push_reach": 3}
        page.wait_for_selector("#board [data-card]")
        page.screenshot(path=str(artifacts / f"house-rule-table-{name}.png"), full_page=True)
        assert not page.errors


REFUSED = {
    "en-GB": "The table could not be opened: Nobody can play more cards in a turn than they "
             "hold (4 cards owed each turn, but only 3 in hand).",
    "de-DE": "Der Tisch konnte nicht eröffnet werden: Niemand kann in einem Zug mehr Karten "
             "spielen, als er auf der Hand hat (4 Pflichtkarten pro Zug, aber nur 3 auf der "
             "Hand).",
}
"""A hand of 3 and 4 cards owed each turn, refused on the English and the German page."""


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_a_combination_the_rules_refuse_is_refused_in_the_pages_language(
        browser: Any, server: Server, artifacts: Path, locale: str) -> None:
    """Two numbers each within its range that the rules refuse together (more cards owed a
    turn than the hand holds): the server's refusal reaches the player in the page's
    language, on a phone and on a desktop, and no table is opened."""
    for viewport, name in ((PHONE, "phone"), (DESKTOP_800, "desktop")):
        page = new_page(browser, viewport, locale)
        open_form(page, server, "duel")
        page.fill("#p-hand", "3")
        page.fill("#p-cards_per_turn", "4")
        page.click("#new-form button[type=submit]")
        page.wait_for_function(
            "() => document.getElementById('form-error').innerText.includes('4')")
        assert page.inner_text("#form-error") == REFUSED[locale]
        page.locator("#form-error").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"house-rule-refused-{locale}-{name}.png"))
        assert "/play/duel" in page.url and not page.errors


def test_refused_variants_are_said_in_german_too(browser: Any, server: Server,
                                                artifacts: Path) -> None:
    """Two variants the rules refuse together (Blitz and Team duel) are refused in German,
    and so is a Paternoster level beside the number its variant sets (Easy's Bigger hand and
    a changed hand), naming the variant as the German page does."""
    page = new_page(browser, PHONE, "de-DE")
    page.goto(f"{server.url}/play/duel")
    page.check("#v-blitz")
    page.check("#v-team")
    page.click("#new-form button[type=submit]")
    page.wait_for_function(
        "() => document.getElementById('form-error').innerText.includes('Blitz')")
    assert "Das Blitz-Duell ist für zwei Spieler, das Team-Duell für vier" in page.inner_text(
        "#form-error")
    page = new_page(browser, PHONE, "de-DE")
    open_form(page, server, "paternoster")
    page.select_option("#level", "easy")
    page.fill("#p-hand_change", "2")
    page.click("#new-form button[type=submit]")
    page.wait_for_function("() => document.getElementById('form-error').innerText.includes('Hand')")
    assert "Größere Hand (auch Teil mancher Stufen) gibt schon jeder Hand eine Karte mehr" in (
        page.inner_text("#form-error"))
    page.locator("#form-error").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "house-rule-refused-level-de-DE-phone.png"))
    assert not page.errors


def test_a_number_out_of_its_range_is_named_in_the_pages_language(browser: Any, server: Server,
                                                                  artifacts: Path) -> None:
    """The page itself refuses a number outside its range, in English and in German, and
    points at the field; nothing is sent and no table is opened."""
    for locale, words in (("en-GB", "Cards in hand: a whole number from"),
                          ("de-DE", "Karten auf der Hand: eine ganze Zahl von")):
        page = new_page(browser, PHONE, locale)
        open_form(page, server, "duel")
        page.fill("#p-hand", "40")
        page.click("#new-form button[type=submit]")
        page.wait_for_function(
            "() => document.getElementById('form-error').innerText.includes(':')")
        assert words in page.inner_text("#form-error")
        assert page.get_attribute("#p-hand", "aria-invalid") == "true"
        assert page.evaluate("document.activeElement.id") == "p-hand"
        page.screenshot(path=str(artifacts / f"house-rule-out-of-range-{locale}.png"),
                        full_page=True)
        assert "/play/duel" in page.url and not page.errors


def test_paternoster_with_other_pile_counts_shows_those_piles(browser: Any, server: Server,
                                                              artifacts: Path) -> None:
    """Three up piles and one down pile, a house rule: the table shows exactly those four
    piles, the lone down pile without a number, in English and German."""
    for viewport, locale, down in ((None, "en-GB", "Down ▼"), (PHONE, "de-DE", "Ab ▼")):
        page, _ = house_rule_table(browser, server, "paternoster", viewport, locale,
                                   {"up_piles": 3, "down_piles": 1})
        page.wait_for_selector("#board [data-dst^='pile:']")
        piles = page.eval_on_selector_all("#board [data-dst^='pile:']",
                                          "boxes => boxes.map(b => b.dataset.dst)")
        assert piles == ["pile:up1", "pile:up2", "pile:up3", "pile:down1"]
        names = page.eval_on_selector_all("#board .pile-name", "ns => ns.map(n => n.innerText)")
        assert down in names, names
        page.screenshot(path=str(artifacts / f"house-rule-piles-{locale}.png"), full_page=True)
        assert not page.errors

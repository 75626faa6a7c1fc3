"""One way of writing per language: a computer player has one name at the table, in the
replay and in the review; German writes the court cards B, D, K (on the cards, in the log,
in the rules), shares as "44 %" with a narrow space where English writes "44%", says the
duel's moves with their articles, and names every form control in words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, PHONE, new_page, wait_ready

RED = ["QH", "JD", "5D", "6H", "7D", "8H", "9D", "10H", "KD", "AH", "2D", "3H", "4D",
       "QD", "JH", "5H", "6D", "7H", "8D", "9H", "10D", "KH", "AD", "2H", "3D", "4H"]
BLACK = [c[:-1] + {"H": "S", "D": "C"}[c[-1]] for c in RED]
DUEL_DEAL = {"deal": {"hands": [RED, BLACK], "starter": 0}, "moves": []}
"""A duel the player starts holding Q♥ and J♦ (German D♥ and B♦)."""

NAMES = {"en-GB": ("Club player", "Beginner"), "de-DE": ("Vereinsspieler", "Anfänger")}


@pytest.mark.parametrize(("viewport", "locale"), [(PHONE, "en-GB"), (DESKTOP, "de-DE")])
def test_a_computer_player_has_one_name_everywhere(browser: Any, server: Server,
                                                   viewport: dict[str, int],
                                                   locale: str) -> None:
    """A MateBeta game between two computer levels: the table, the replay and the review
    name them alike (not "Computer (club)" in one place and "Club player" in another)."""
    created = server.create(game="matebeta", creator_seat=None,
                            seats=[{"kind": "computer", "strength": "club"},
                                   {"kind": "computer", "strength": "beginner"}])
    table_id = created["table"]["id"]
    page = new_page(browser, viewport, locale)
    page.goto(f"{server.url}/t/{table_id}")
    wait_ready(page)
    page.wait_for_selector("#result", timeout=60000)
    club, beginner = NAMES[locale]
    chips = page.locator("#seats .seat-chip").all_inner_texts()
    assert club in chips[0] and beginner in chips[1], chips
    page.goto(f"{server.url}/replay?table={table_id}&game_no=1")
    page.wait_for_selector("#rp-main:not([hidden])")
    views = " ".join(page.locator("#rp-view option").all_inner_texts())
    assert club in views and beginner in views and "Computer (" not in views, views
    page.goto(f"{server.url}/review?table={table_id}&game_no=1")
    page.wait_for_selector("#rv-table tbody tr", timeout=60000)
    summary = page.inner_text("#rv-summary")
    assert club in summary and beginner in summary and "Computer (" not in summary, summary
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("viewport", "locale"), [(PHONE, "de-DE"), (DESKTOP, "en-GB")])
def test_court_cards_and_the_duels_log(browser: Any, server: Server, artifacts: Path,
                                       viewport: dict[str, int], locale: str) -> None:
    created = server.create(game="duel", match_wins=0, start=DUEL_DEAL,
                            seats=[{"kind": "human"}, {"kind": "computer"}])
    page = new_page(browser, viewport, locale)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    page.wait_for_selector('#board .hand [data-src="card:QH"].playable')
    german = locale == "de-DE"
    letters = page.eval_on_selector_all(
        '#board .hand .card[data-card="QH"] text.rank, '
        '#board .hand .card[data-card="JD"] text.rank',
        "(ts) => ts.map((t) => t.textContent)")
    assert set(letters) == ({"D", "B"} if german else {"Q", "J"}), letters
    version = page.get_attribute("#table-page", "data-version")
    page.click('#board .hand [data-src="card:QH"]')
    page.click('#board .target[data-dst="pile:0:up"]')
    page.wait_for_function("(v) => document.getElementById('table-page').dataset.version !== v",
                           arg=version)
    line = ("Spieler 1 legt D♥ auf den eigenen Aufwärtsstapel" if german
            else "Player 1 plays Q♥ on their own up pile")
    page.wait_for_function("(l) => [...document.querySelectorAll('#log li')]"
                           ".some((li) => li.textContent === l)", arg=line)
    page.screenshot(path=str(artifacts / f"words-duel-{locale[:2]}.png"))
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_shares_and_form_controls_in_words(browser: Any, server: Server, lang: str) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/rules/paternoster?lang={lang}")
    text = page.inner_text("main")
    shares = re.findall(r"\d[\s\u202f]?%", text)
    assert shares, "the rules page shows shares"
    wanted = "\u202f%" if lang == "de" else "%"
    assert all(s[1:] == wanted for s in shares), sorted(set(shares))
    # German writes the court cards as its rules pages do, the English Q, J, K
    if lang == "de":
        assert not re.search(r"(?<![\w-])[QJ][♦♥♠♣]", text)
    page.goto(f"{server.url}/play/duel?lang={lang}")
    page.wait_for_selector("#v-handicap-hand")
    named = page.locator("select[aria-label]").evaluate_all(
        "(ss) => ss.map((s) => s.getAttribute('aria-label'))")
    assert len(set(named)) == len(named), named  # each handicap's seat picker its own name
    for label in named:
        assert not re.search(r"handicap-|no-push|no-step|tokens:|passengers:", label), label
    assert page.errors == []
    page.context.close()

"""The site in a real browser (Debian's chromium) against a real server process.

Each game is played to its end through the page; a friend joins through an invite
link; a reload resumes; the phone layout has no sideways scrolling; screenshots of
each table on a phone and a desktop go to ``artifacts/screenshots``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import (
    DESKTOP,
    PHONE,
    attr,
    land_on_table,
    new_page,
    play_one_move,
    play_to_end,
    wait_change,
    wait_ready,
    wait_turn,
)

from cardtable.games.registry import find_game

GAMES = ["duel", "paternoster", "duel52", "matebeta"]


def quick_game(browser: Any, server: Server, game: str, viewport: dict[str, int],
               locale: str = "en-GB") -> Any:
    """A new browser context: "Play against the computer" from the game's page."""
    page = new_page(browser, viewport, locale)
    page.goto(f"{server.url}/play/{game}")
    page.click("#quick")
    land_on_table(page)
    return page


@pytest.mark.parametrize("game", GAMES)
def test_full_game_against_the_computer(browser: Any, server: Server, game: str,
                                        artifacts: Path) -> None:
    """One click starts a game against the computer; tapping legal choices plays it to
    its end; the result is explained and 'play again' starts the next game."""
    page = quick_game(browser, server, game, DESKTOP)
    assert page.locator("#board .card").count() > 0
    made = play_to_end(page, shot=lambda: page.screenshot(
        path=str(artifacts / f"{game}-desktop.png"), full_page=True))
    assert made >= 1
    result = page.locator("#result")
    result.wait_for()
    assert result.locator("h2").inner_text().strip()
    assert result.locator("li").count() >= 1
    page.screenshot(path=str(artifacts / f"{game}-desktop-end.png"), full_page=True)
    log = page.locator("#log li")
    assert log.count() >= 3
    assert page.errors == []
    version = attr(page, "version")
    page.click("#again")
    page.wait_for_function("() => document.getElementById('table-page').dataset.gameNo === '2'")
    assert int(attr(page, "version") or 0) > int(version or 0)
    assert attr(page, "status") == "playing"
    page.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_phone_layout_shows_hand_and_piles_without_sideways_scrolling(
        browser: Any, server: Server, game: str, artifacts: Path) -> None:
    """390×844: the hand and the piles are on the screen, the page never scrolls sideways."""
    page = quick_game(browser, server, game, PHONE)
    for _ in range(3):
        wait_turn(page)
        if attr(page, "status") == "playing":
            play_one_move(page)
    page.screenshot(path=str(artifacts / f"{game}-phone.png"), full_page=True)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    hand = page.locator("#board .hand, #board .mb-hand").last
    box = hand.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    piles = page.locator("#board .pile, #board .lane, #board .trick")
    assert piles.count() >= 1
    for i in range(piles.count()):
        b = piles.nth(i).bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= 390, b
    assert page.errors == []
    page.context.close()


def test_friend_joins_through_the_invite_link_and_both_play(browser: Any, server: Server,
                                                            artifacts: Path) -> None:
    """Ann sets up a duel with seat 2 for a friend; Ben opens the invite link in another
    browser context, takes the seat, and the two play the game to its end."""
    ann_ctx = browser.new_context(viewport=DESKTOP)
    ann = ann_ctx.new_page()
    ann.goto(f"{server.url}/play/duel")
    ann.fill("#name", "Ann")
    ann.select_option("#seat-1", "human")
    ann.click("#new-form button[type=submit]")
    ann.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    wait_ready(ann)
    assert attr(ann, "status") == "waiting"
    link = ann.locator("input.invite-link").first.input_value()
    assert "invite=" in link
    ben_ctx = browser.new_context(viewport=PHONE)
    ben = ben_ctx.new_page()
    ben.goto(link)
    wait_ready(ben)
    ben.fill("#join-name", "Ben")
    ben.click("#join")
    ben.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    wait_ready(ben)
    ann.wait_for_function(
        "() => document.getElementById('table-page').dataset.status === 'playing'")
    assert "Ben" in ann.locator("#seats").inner_text()
    assert "Ann" in ben.locator("#seats").inner_text()
    moves = {"ann": 0, "ben": 0}
    for _ in range(400):
        if attr(ann, "status") == "finished":
            break
        for who, page in (("ann", ann), ("ben", ben)):
            if attr(page, "legal") not in (None, "0") and play_one_move(page):
                moves[who] += 1
                other = ben if page is ann else ann
                other.wait_for_function(
                    "([v]) => document.getElementById('table-page').dataset.version === v",
                    arg=[attr(page, "version")])
    ben.locator("#result").wait_for()
    ann.locator("#result").wait_for()
    assert moves["ann"] > 0 and moves["ben"] > 0
    ben.screenshot(path=str(artifacts / "duel-invited-phone-end.png"), full_page=True)
    ann_ctx.close()
    ben_ctx.close()


def test_reload_mid_game_resumes(browser: Any, server: Server) -> None:
    """A reload in the middle of a game shows the same position, hand and log, and play
    goes on from there. A fixed deal that the page starts: the reload comes after its
    first move, so the game is surely still running."""
    game = find_game("duel")
    deal = game.random_deal(game.parse_options({}), random.Random(7))
    created = server.create(game="duel", seats=[{"kind": "human"}, {"kind": "computer"}],
                            start={"deal": {**deal, "starter": 0}, "moves": []})
    page = new_page(browser, DESKTOP, "en-GB")
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    wait_turn(page)
    play_one_move(page)
    assert attr(page, "status") != "finished"
    version = attr(page, "version")
    hand = page.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    log = page.locator("#log li").count()
    page.reload()
    wait_ready(page)
    page.wait_for_function(
        "([v]) => Number(document.getElementById('table-page').dataset.version) >= Number(v)",
        arg=[version])
    if attr(page, "version") == version:
        again = page.locator("#board .hand .card").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        assert again == hand
        assert page.locator("#log li").count() == log
    assert page.locator("#seats").inner_text().count("Player 1") == 1
    assert play_to_end(page) >= 1
    page.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_german_rules_page_renders(browser: Any, server: Server, game: str) -> None:
    """The German rules page of each game: German text, contents, our figures filled in."""
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(f"{server.url}/rules/{game}?lang=de")
    assert page.locator("html").get_attribute("lang") == "de"
    text = page.locator("article.rules").inner_text()
    assert "Regeln" in page.title() or "Spielregeln" in page.title()
    assert "[[" not in text
    assert page.locator("nav.toc li").count() >= 5
    assert re.search(r"\b(der|die|und)\b", text)
    if game in ("duel", "paternoster"):
        assert page.locator("strong.figure").count() >= 6
        assert page.locator(".figure.missing").count() == 0
    if game == "paternoster":
        assert page.locator("table.levels tbody tr").count() == 8
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    context.close()


def test_keyboard_plays_a_card(browser: Any, server: Server) -> None:
    """Keyboard only: Tab to a playable card, Enter selects it, focus goes to a highlighted
    pile, Enter plays it. Cards have their full names as labels."""
    page = quick_game(browser, server, "duel", DESKTOP)
    wait_turn(page)
    card = page.locator("#board .hand .playable").first
    label = card.get_attribute("aria-label") or ""
    assert re.search(r"(Ace|King|Queen|Jack|\d+) of (Diamonds|Hearts|Spades|Clubs)", label)
    assert card.get_attribute("role") == "button"
    version = attr(page, "version")
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .target")
    focused = page.evaluate("document.activeElement.className")
    assert "target" in focused
    page.keyboard.press("Enter")
    wait_change(page, version)
    assert attr(page, "version") != version
    page.context.close()


def test_the_form_sets_the_match_length_and_the_takeover(browser: Any, server: Server
                                                        ) -> None:
    """"Single games" in the new-table form makes a table without a match; "First to 3
    won games" a match to three wins; the form's default is the rule's two. "Dropped
    connection" sets how long a seat waits before a computer plays it (default: wait)."""
    for choice, needed, takeover in ((None, 2, None), ("", None, "120"), ("3", 3, "300")):
        page = new_page(browser, DESKTOP)
        page.goto(f"{server.url}/play/duel")
        page.select_option("#seat-1", "human")
        if choice is not None:
            page.select_option("#match", choice)
        if takeover is not None:
            page.select_option("#takeover", takeover)
        page.click("#new-form button[type=submit]")
        table_id = land_on_table(page)
        info = server.http.get(f"/api/tables/{table_id}").json()
        assert info["match"]["wins_needed"] == needed
        assert info["takeover_after"] == (float(takeover) if takeover else None)
        assert page.errors == []
        page.context.close()

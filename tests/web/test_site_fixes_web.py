"""The site's small defects a newcomer met, each read off the page: the invite
page, the signal menu on a phone, who got stuck, whose card died, the four-colour switch,
buttons that keep their words on one line, and the busy state after a move."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, PHONE, new_page, wait_ready

WIDE = {"width": 1366, "height": 900}


@pytest.mark.parametrize(("look", "viewport", "locale"),
                         [("phone", PHONE, "en-GB"), ("desktop", WIDE, "de-DE")])
def test_the_invite_page_names_the_game_the_host_and_the_seat(
        browser: Any, server: Server, artifacts: Path, look: str, viewport: dict[str, int],
        locale: str) -> None:
    created = server.create(game="duel", creator_name="Ann", match_wins=0)
    link = created["links"]["invites"]["1"]
    page = new_page(browser, viewport, locale)
    page.goto(link)
    wait_ready(page)
    panel = page.locator("#panel").inner_text()
    if locale == "en-GB":
        assert "Ann invites you to play Paternoster Duel" in panel
        assert "You play as Player 2." in panel and "At the table: Ann." in panel
        assert "Send each link" not in page.locator("main").inner_text()
    else:
        assert "Ann lädt dich zu einer Partie Paternoster-Duell ein" in panel
        assert "Du spielst als Spieler 2." in panel
        assert "Schick jeden Link" not in page.locator("main").inner_text()
    page.screenshot(path=str(artifacts / f"invite-{look}-{locale[:2]}.png"))
    # someone else took the seat meanwhile: the page says so before any tap, with no seat
    # number to confuse (test_used_invite_web.py reads the rest)
    server.claim(created["table"]["id"], 1, created["invites"]["1"])
    page.wait_for_selector("#seat-taken")
    taken = page.locator("#seat-taken h2").inner_text()
    assert taken == ("This seat is already taken" if locale == "en-GB"
                     else "Dieser Platz ist schon vergeben"), taken
    assert page.locator("#join").count() == 0
    assert page.errors == []
    page.context.close()


def test_paternoster_signals_are_words_on_a_phone(browser: Any, server: Server,
                                                  artifacts: Path) -> None:
    created = server.create(game="paternoster", options={"players": 2},
                            seats=[{"kind": "human"}, {"kind": "computer"}])
    for locale, words in (("en-GB", "Please don't play here"),
                          ("de-DE", "Bitte hier nicht spielen")):
        page = new_page(browser, PHONE, locale)
        page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
        wait_ready(page)
        menu = page.locator("#board details.sig-menu").first
        menu.locator("summary").click()
        buttons = menu.locator("button.sig")
        assert words in buttons.first.inner_text()
        box = buttons.first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        page.screenshot(path=str(artifacts / f"paternoster-signal-menu-phone-{locale[:2]}.png"))
        assert page.errors == []
        page.context.close()


def computer_game(browser: Any, server: Server, game: str, **body: Any) -> Any:
    """A spectator's page of a game the computer plays alone, once it is over."""
    created = server.create(game=game, creator_seat=None, match_wins=0,
                            seats=[{"kind": "computer"}, {"kind": "computer"}], **body)
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/t/{created['table']['id']}")
    page.wait_for_selector("#table-page[data-status='finished']", timeout=60000)
    page.locator("#result").wait_for()
    return page


def test_the_paternoster_result_says_who_got_stuck(browser: Any, server: Server) -> None:
    page = computer_game(browser, server, "paternoster", options={"players": 2})
    result = page.locator("#result").inner_text()
    if "Perfect" not in result:
        assert re.search(r"^(?!You ).+ could not play the cards required\.$", result, re.M), result
    page.context.close()


def test_duel52_log_says_whose_card_died(browser: Any, server: Server) -> None:
    page = computer_game(browser, server, "duel52")
    lines = page.locator("#log li").all_inner_texts()
    dead = [line for line in lines if line.endswith(" dies")]
    assert dead, lines
    for line in dead:
        assert re.match(r"^(?!Your ).+'s .+ in lane \d dies$", line), line  # the level's name
    page.context.close()


def test_four_colour_switch_and_buttons_read_on_one_line(browser: Any, server: Server,
                                                         artifacts: Path) -> None:
    phone = new_page(browser, PHONE, "en-GB")
    phone.goto(server.url)
    assert phone.locator(".fourc").inner_text().strip() == "4 colours"
    phone.goto(f"{server.url}/?lang=de")
    assert phone.locator(".fourc").inner_text().strip() == "Vierfarbig"
    phone.screenshot(path=str(artifacts / "home-phone-de.png"))
    phone.context.close()
    page = new_page(browser, WIDE, "de-DE")
    page.goto(f"{server.url}/?lang=de")
    heights = page.evaluate("""() => [...document.querySelectorAll('.game-actions .btn')]
        .map((b) => b.getBoundingClientRect().height)""")
    assert heights and max(heights) < 50, heights  # no label broken over two lines
    rows = page.evaluate("""() => [...document.querySelectorAll('.game-actions')].map((row) =>
        new Set([...row.querySelectorAll('.btn')]
                .map((b) => b.getBoundingClientRect().top)).size)""")
    assert rows == [1, 1, 1, 1], rows  # every tile's buttons on one row
    assert page.locator(".game-tile .rules-link:not(.learn-link)").count() == 4
    page.screenshot(path=str(artifacts / "home-desktop-de.png"))
    page.context.close()

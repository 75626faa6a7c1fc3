"""The guided first game of Paternoster: reached from home and the rules page, on its
fixed deal, the guide's tips one after another as the player moves, in English and German,
left and resumed where it was."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from axe import assert_accessible
from harness import Server
from webplay import DESKTOP, PHONE, Watcher, careful_move, new_page, wait_ready

FIXED_HAND = ["2D", "2S", "3H", "3S", "4H", "5H", "9C", "QH"]


def tip(page: Any) -> str:
    value: str = page.locator("#coach").get_attribute("data-tip") or ""
    return value


def move(page: Any, watcher: Watcher, text: str, side: str = "") -> None:
    """Make one move by taps, as the player would (``side``: the duel's "0:" of its piles)."""
    version = page.get_attribute("#table-page", "data-version")
    words = text.split()
    if words[0] == "play":
        page.click(f'#board .hand [data-src="card:{words[1]}"]')
        page.click(f'#board .target[data-dst="pile:{side}{words[2]}"]')
    else:
        page.click(f'#actions button[data-move="{text}"]')
    page.wait_for_function("(v) => document.getElementById('table-page').dataset.version !== v",
                           arg=version)


@pytest.mark.parametrize(("look", "viewport", "locale"),
                         [("phone", PHONE, "en-GB"), ("desktop", DESKTOP, "de-DE")])
def test_a_guided_first_game_of_paternoster(browser: Any, server: Server, artifacts: Path,
                                            look: str, viewport: dict[str, int],
                                            locale: str) -> None:
    page = new_page(browser, viewport, locale)
    watcher = Watcher(page)
    page.goto(server.url)
    page.click('#game-paternoster a.learn-link')
    page.wait_for_selector("#learn-start[data-ready]")
    assert_accessible(page, "learn page")
    page.click("#learn-start")
    page.wait_for_url("**/t/*")
    wait_ready(page)
    page.wait_for_selector("#coach[data-tip='welcome']")
    assert watcher.last is not None
    assert sorted(watcher.last["observation"]["hand"]) == sorted(FIXED_HAND)  # the fixed deal
    english = locale == "en-GB"
    assert ("play together" if english else "spielt man gemeinsam") in page.inner_text(
        "#coach").replace("Paternoster is played together", "play together")
    page.click("#coach-ok")
    page.wait_for_selector("#coach[data-tip='piles']")
    assert ("Two piles go up" if english else "Zwei Stapel steigen") in page.inner_text("#coach")
    page.screenshot(path=str(artifacts / f"learn-paternoster-{look}-{locale[:2]}.png"))
    assert_accessible(page, "guided table")
    shown = ["welcome", "piles"]
    end = time.monotonic() + 90
    while page.get_attribute("#table-page", "data-status") == "playing" and len(shown) < 6:
        assert time.monotonic() < end, shown
        move(page, watcher, careful_move(watcher.last["observation"]))
        page.wait_for_function("(v) => document.getElementById('coach').dataset.tip !== undefined")
        if tip(page) and tip(page) not in shown:
            shown.append(tip(page))
    assert "owe" in shown and ("fit" in shown or "end" in shown), shown
    # leave and come back: the same table, the guide where it was
    table = page.url.split("/t/")[1]
    where = tip(page)
    page.goto(server.url)
    page.goto(f"{server.url}/learn/paternoster")
    page.wait_for_selector("#learn-resume:not([hidden])")
    page.click("#learn-resume")
    page.wait_for_url(f"**/t/{table}")
    wait_ready(page)
    page.wait_for_selector("#coach")
    assert tip(page) == where
    assert page.errors == []
    page.context.close()


def test_the_rules_page_leads_to_the_guide(browser: Any, server: Server) -> None:
    page = new_page(browser, DESKTOP, "de-DE")
    page.goto(f"{server.url}/rules/paternoster")
    link = page.locator(".toc a.learn-link")
    assert link.inner_text() == "Spielen lernen"
    link.click()
    page.wait_for_selector("#learn-start[data-ready]")
    assert "Paternoster spielen lernen" in page.inner_text("h1")
    assert server.http.get("/learn/duel52").status_code == 404
    assert server.http.post("/api/learn/duel52").status_code == 422
    page.context.close()


def test_a_guided_first_duel(browser: Any, server: Server, artifacts: Path) -> None:
    """The duel's guide, from its rules page: the learner starts, owes one card, may end."""
    page = new_page(browser, PHONE, "en-GB")
    watcher = Watcher(page)
    page.goto(f"{server.url}/rules/duel")
    page.click(".toc a.learn-link")
    page.wait_for_selector("#learn-start[data-ready]")
    page.click("#learn-start")
    page.wait_for_url("**/t/*")
    wait_ready(page)
    page.wait_for_selector("#coach[data-tip='welcome']")
    assert "you hold the red cards" in page.inner_text("#coach")
    assert watcher.last is not None
    assert sorted(watcher.last["observation"]["hand"]) == sorted(
        ["6D", "7D", "8H", "JD", "JH", "QH"])
    page.click("#coach-ok")
    page.wait_for_selector("#coach[data-tip='piles']")
    move(page, watcher, "play 7D up", side="0:")
    page.wait_for_selector("#coach[data-tip='owe']")
    assert "You owe 1 card on the game's very first turn" in page.inner_text("#coach")
    page.click("#coach-ok")
    page.wait_for_function("document.getElementById('coach').dataset.tip !== 'owe'")
    assert tip(page) in ("step-back", "end", "why", "push"), tip(page)
    page.screenshot(path=str(artifacts / "learn-duel-phone-en.png"))
    assert page.errors == []
    page.context.close()

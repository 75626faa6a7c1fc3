"""The guided first games of the four games: reached from home and each rules page, on
their fixed deals, the guide's tips one after another as the player moves, in English and
German, left and resumed where they were."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from axe import assert_accessible
from guided import duel52_move, follow_guide, matebeta_move, tip, tip_text
from harness import Server
from webplay import DESKTOP, IN_VIEW, PHONE, Watcher, careful_move, new_page, wait_ready

FIXED_HAND = ["2D", "2S", "3H", "3S", "4H", "5H", "9C", "QH"]
LOOKS = [("phone", PHONE, "en-GB"), ("desktop", DESKTOP, "de-DE")]


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


@pytest.mark.parametrize(("look", "viewport", "locale"), LOOKS)
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


GAME_NAMES = {"paternoster": ("Paternoster", "Paternoster"),
              "duel": ("Paternoster Duel", "Paternoster-Duell"),
              "duel52": ("Duel 52", "Duell 52"), "matebeta": ("MateBeta", "MateBeta")}


@pytest.mark.parametrize("game", list(GAME_NAMES))
def test_home_and_the_rules_page_lead_to_each_guide(browser: Any, server: Server,
                                                    game: str) -> None:
    page = new_page(browser, PHONE, "en-GB")
    page.goto(server.url)
    home = page.locator(f"#game-{game} a.learn-link")
    assert home.inner_text() == "Learn to play"
    home.click()
    page.wait_for_selector("#learn-start[data-ready]")
    english, german = GAME_NAMES[game]
    assert page.inner_text("h1") == f"Learn to play {english}"
    # nothing begun yet: no button to go on with, one to start
    assert not page.locator("#learn-resume").is_visible()
    assert page.locator("#learn-start").inner_text() == "Start the guided game"
    page.goto(f"{server.url}/rules/{game}?lang=de")
    link = page.locator(".toc a.learn-link")
    assert link.inner_text() == "Spielen lernen"
    link.click()
    page.wait_for_selector("#learn-start[data-ready]")
    assert page.inner_text("h1") == f"{german} spielen lernen"
    assert "Leitfaden" in page.inner_text("#learn-page")
    page.context.close()


def test_a_game_without_a_guide(server: Server) -> None:
    assert server.http.get("/learn/chess").status_code == 404
    assert server.http.post("/api/learn/chess").status_code == 422


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
    page.wait_for_function("() => document.getElementById('coach').dataset.tip !== 'owe'")
    assert tip(page) in ("step-back", "end", "why", "push"), tip(page)
    page.screenshot(path=str(artifacts / "learn-duel-phone-en.png"))
    assert page.errors == []
    page.context.close()


def start_guide(page: Any, server: Server, game: str) -> Watcher:
    """The guided game of ``game``, begun from its page as a newcomer would."""
    watcher = Watcher(page)
    page.goto(f"{server.url}/learn/{game}")
    page.wait_for_selector("#learn-start[data-ready]")
    page.click("#learn-start")
    page.wait_for_url("**/t/*")
    wait_ready(page)
    page.wait_for_selector("#coach[data-tip='welcome']")
    return watcher


def leave_and_resume(page: Any, server: Server, game: str) -> None:
    """Leave the guided game by the guide's own link, come back by the game's guide page:
    the same table, the guide at the same tip."""
    table = page.url.split("/t/")[1]
    where = tip(page)
    page.click("#coach a[href='/']")
    page.wait_for_selector(f"#game-{game} a.learn-link")
    page.click(f"#game-{game} a.learn-link")
    page.wait_for_selector("#learn-resume:not([hidden])")
    page.click("#learn-resume")
    page.wait_for_url(f"**/t/{table}")
    wait_ready(page)
    page.wait_for_function("(t) => document.getElementById('coach')?.dataset.tip === t", arg=where)


D52_WORDS = {
    "en-GB": {"welcome": "fought over three lanes",
              "turn": "take 3 actions (2 on the very first turn)",
              "flip": "Flipping it face up is an action", "freeze": "Your 6 is Freeze",
              "action": "Your Ace is Action", "pair": "can pair"},
    "de-DE": {"welcome": "kämpft ihr um drei Bahnen",
              "turn": "hast dann 3 Aktionen (im allerersten Zug 2)",
              "flip": "Sie aufzudecken ist eine Aktion", "freeze": "Deine 6 ist Frost",
              "action": "Dein Ass ist Aktion", "pair": "ein Paar bilden"},
}


@pytest.mark.parametrize(("look", "viewport", "locale"), LOOKS)
def test_a_guided_first_game_of_duel52(browser: Any, server: Server, artifacts: Path,
                                       look: str, viewport: dict[str, int],
                                       locale: str) -> None:
    """The learner starts, holding Freeze, Heal, Retaliate, Taunt and two Aces: the guide
    names each power as it can first be flipped, and the pair when the Aces can pair."""
    page = new_page(browser, viewport, locale)
    watcher = start_guide(page, server, "duel52")
    assert watcher.last is not None
    assert sorted(watcher.last["observation"]["hand"]) == ["6D", "7D", "8H", "AH", "AS", "JH"]
    words = D52_WORDS[locale]
    texts: dict[str, str] = {}

    def read(page: Any, now: str) -> None:
        texts[now] = tip_text(page)
        if now in ("freeze", "pair"):
            page.screenshot(path=str(artifacts / f"learn-duel52-{now}-{look}-{locale[:2]}.png"))

    shown = follow_guide(page, watcher, duel52_move, want=9, each=read)
    for name in ("welcome", "turn", "flip", "freeze", "action"):
        assert name in shown, shown
    for name, text in words.items():
        if name in texts:
            assert text in texts[name], (name, texts[name])
    assert shown.index("flip") < shown.index("freeze") < shown.index("action"), shown
    assert_accessible(page, f"guided Duel 52, {look}")
    leave_and_resume(page, server, "duel52")
    assert page.errors == []
    page.context.close()


MB_WORDS = {
    "en-GB": {"foreplace-limit": "it foreplaced 7♠: you may not foreplace a card of the same suit",
              "follow": "with a card of the led suit", "ranking": "7, Queen, King, 10, Ace",
              "lead": "A card it can answer neither way is mate", "over": "value times its move",
              "mate-now": "is mate now"},
    "de-DE": {"foreplace-limit": "er hat 7♠ vorgelegt: Du darfst keine Karte derselben Farbe",
              "follow": "mit einer Karte der ausgespielten Farbe",
              "ranking": "7, Dame, König, 10, Ass", "lead": "setzt matt",
              "over": "Wert der Karte mal seinen Zug", "mate-now": "setzt jetzt matt"},
}


@pytest.mark.parametrize(("look", "viewport", "locale"),
                         [("phone", PHONE, "de-DE"), ("desktop", DESKTOP, "en-GB")])
def test_a_guided_first_game_of_matebeta(browser: Any, server: Server, artifacts: Path,
                                         look: str, viewport: dict[str, int],
                                         locale: str) -> None:
    """The computer deals and foreplaces its lone 7♠: the learner meets the dealer's limit,
    answers move 1 with its one card (the forced card waits for its tip to be read), chooses
    how to follow at move 2, later leads, and the game ends with its score explained."""
    page = new_page(browser, viewport, locale)
    watcher = start_guide(page, server, "matebeta")
    assert watcher.last is not None
    assert watcher.last["observation"]["dealer"] == 1
    assert sorted(watcher.last["observation"]["hands"][0]) == sorted(
        ["7C", "10S", "KH", "QH", "10C", "QS", "AS", "KS", "10H", "AD"])
    words = MB_WORDS[locale]
    texts: dict[str, str] = {}

    def read(page: Any, now: str) -> None:
        # each tip is brought into view, though the learner had scrolled down to the hand
        page.wait_for_function(IN_VIEW, arg="#coach")
        texts[now] = tip_text(page)
        status = page.inner_text("#status")
        if "Forced card" in status or "Erzwungene Karte" in status:
            # a forced card waits for every tip shown ("10♥ is mate now") to be read
            assert "once you have read" in status or "sobald du den Tipp" in status, status
        if now == "forced":
            # the forced card waits for the tip, in view, and the status says so
            assert page.get_attribute("#table-page", "data-legal") == "1"
            assert ("once you have read the guide's tip" if locale == "en-GB"
                    else "sobald du den Tipp des Leitfadens gelesen hast") in \
                page.inner_text("#status")
            assert page.evaluate(IN_VIEW, "#coach")
        if now == "why":
            page.locator("#board [data-why]").first.click(force=True)
            page.wait_for_selector("#why:not([hidden])")
            texts["why-answer"] = page.inner_text("#why")
        if now in ("foreplace-limit", "why", "over", "mate-now", "last"):
            page.screenshot(path=str(artifacts / f"learn-matebeta-{now}-{look}-{locale[:2]}.png"))
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")

    shown = follow_guide(page, watcher, matebeta_move, want=99, each=read, until="over")
    assert shown[-1] == "over", shown
    # the guide's closing words are true: the game is over, not "play on"
    page.click("#coach-ok")
    page.wait_for_function("() => document.getElementById('coach').dataset.tip === ''")
    closing = tip_text(page)
    assert ("Play on" if locale == "en-GB" else "Spiel weiter") not in closing, closing
    assert any(w in closing for w in (
        "You know the rules", "The guided game is over", "Jetzt kennst du die Regeln",
        "Das Spiel mit dem Leitfaden ist vorbei")), closing
    for name in ("welcome", "foreplace", "foreplace-limit", "follow", "ranking", "lead", "over"):
        assert name in shown, shown
    assert shown.index("foreplace-limit") < shown.index("follow") < shown.index("lead"), shown
    for name, text in words.items():
        if name in texts:
            assert text in texts[name], (name, texts[name])
    if "why-answer" in texts:  # the dimmed cards' reasons arrive from the server: by then
        # the learner may have answered move 2 (follow the suit) and meet them at move 3
        reasons = ("led suit", "led rank") if locale == "en-GB" else ("ausgespielt",)
        assert any(r in texts["why-answer"] for r in reasons), texts["why-answer"]
    assert page.get_attribute("#table-page", "data-status") == "finished"
    assert ("Score:" if locale == "en-GB" else "Wertung:") in page.inner_text("#result") \
        or ("draw" if locale == "en-GB" else "unentschieden") in page.inner_text("#result")
    assert_accessible(page, f"guided MateBeta, finished, {look}")
    assert page.errors == []
    page.context.close()


def test_a_guided_game_by_keyboard_alone(browser: Any, server: Server) -> None:
    """The guided MateBeta game with keys only: the guide's button, then the cards; after the
    computer's lead the focus is on a card that may answer, and the live region reads the
    computer's move out."""
    page = new_page(browser, DESKTOP, "en-GB")
    start_guide(page, server, "matebeta")
    page.locator("body").focus()
    for _ in range(40):  # Tab from the top of the page to the guide's button
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "coach-ok":
            break
    assert page.evaluate("document.activeElement.id") == "coach-ok"
    page.keyboard.press("Enter")  # welcome read
    page.wait_for_selector("#coach[data-tip='foreplace']")
    page.keyboard.press("Enter")  # the focus stays on the guide's button
    page.wait_for_selector("#coach[data-tip='foreplace-limit']")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.getElementById('coach').dataset.tip !== 'foreplace-limit'")
    version = page.get_attribute("#table-page", "data-version")
    for _ in range(40):  # on to a card that may be foreplaced
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#board .playable')"):
            break
    page.keyboard.press("Enter")
    # the computer leads move 1 at once: the focus is back on a card of the learner's
    page.wait_for_function("""(v) => { const p = document.getElementById('table-page');
        return p.dataset.version !== v && p.dataset.legal !== '0'; }""", arg=version)
    page.wait_for_function("() => document.activeElement.matches('#board [data-src]')")
    assert "Beginner leads" in page.inner_text("#live")
    assert page.errors == []
    page.context.close()

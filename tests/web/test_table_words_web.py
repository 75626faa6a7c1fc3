"""The table's words, on a phone and a desktop, in English and German: a Team duel
signal is logged on the signalling team's pile and its taking back as such; each Duel 52
power that waits for a choice says once which card asks, offers each answer in words and
marks the cards it may pick; a MateBeta match of four games says at the table that games 2
and 4 swap the hands. No page scrolls sideways."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, PHONE, new_page, play_to_end, wait_change, wait_logged, wait_ready

from cardtable.games.duel52.rules import Duel52

LOOKS = [("phone", PHONE, "en-GB"), ("desktop", DESKTOP, "de-DE")]


def no_sideways_scroll(page: Any) -> None:
    wide = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"the page is {wide[0]} px wide in a {wide[1]} px window"


def log_lines(page: Any) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#log li",
                                                 "(lis) => lis.map((li) => li.innerText)")
    return lines


@pytest.mark.parametrize(("look", "viewport", "locale"), LOOKS)
def test_team_duel_signals_are_logged_on_the_signallers_pile(
        browser: Any, server: Server, artifacts: Path, look: str, viewport: dict[str, int],
        locale: str) -> None:
    """Seat 2 (team black) signals on its up pile and takes the signal back: the red seat's
    page logs both on team black's pile, the second as a taking back."""
    table_id, tokens = server.table_with_players(
        game="duel", variants=["team"], match_wins=0,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "computer"},
               {"kind": "computer"}])
    red = new_page(browser, viewport, locale)
    black = new_page(browser, DESKTOP, locale)
    for page, seat in ((red, 0), (black, 1)):
        page.goto(f"{server.url}/t/{table_id}?key={tokens[seat]}")
        wait_ready(page)
    menu = '.pile-slot:has([data-dst="pile:1:up"]) details.sig-menu'
    black.click(f"{menu} > summary")
    black.click(f'{menu} button[data-signal="help up"]')
    de = locale.startswith("de")
    sent = ("Spieler 2 signalisiert für Team Schwarz: Aufwärtsstapel: Ich kann diesem Stapel "
            "helfen" if de else "Player 2 signals on team black: up pile: I can help this pile")
    wait_logged(red, sent)
    # black's page has drawn its own signal (a redraw closes a menu opened before it)
    black.wait_for_selector(f'{menu} button[data-signal="help up"][aria-pressed="true"]',
                            state="attached")
    back = ("Spieler 2 nimmt das Signal auf Team Schwarz: Aufwärtsstapel zurück" if de
            else "Player 2 takes back the signal on team black: up pile")
    taken_back = "Signal zurückgenommen" if de else "Signal taken back"
    for _ in range(10):  # the server takes one signal a seat each half second
        if not black.eval_on_selector(menu, "(m) => m.open"):
            black.click(f"{menu} > summary")
        black.click(f'{menu} button[data-signal="clear up"]')
        # the server's answer: the signal drawn no more, or a refusal (a toast marked bad);
        # the page's own toast comes at once, before the answer, so it is none
        answer = black.wait_for_function("""(button) => {
            if (document.getElementById('toast').classList.contains('bad')) return 'refused';
            return !document.querySelector(button) && 'taken back'; }""",
            arg=f'{menu} button[data-signal="help up"][aria-pressed="true"]').json_value()
        if answer == "taken back":
            break
        black.wait_for_function("() => document.getElementById('toast').hidden")
    wait_logged(red, back)
    toast = black.inner_text("#toast")
    assert toast.startswith(taken_back), toast
    assert not [line for line in log_lines(red) if "Take my signal back" in line
                or "Mein Signal zurücknehmen" in line]
    no_sideways_scroll(red)
    red.screenshot(path=str(artifacts / f"words-team-duel-{look}-{locale[:2]}.png"),
                   full_page=True)
    assert red.errors == [] and black.errors == []
    red.context.close()
    black.context.close()


def duel52_position(kind: str) -> dict[str, Any]:
    """The first position, over seeds from 0, where seat 0's power waits for a choice of
    ``kind``: random moves, flips preferred (the same position on every run)."""
    game = Duel52()
    options = game.parse_options({})
    for seed in range(400):
        rng = random.Random(seed)
        deal = game.random_deal(options, random.Random(seed))
        state = game.from_deal(options, deal)
        moves: list[list[Any]] = []
        while not state.is_over() and len(moves) < 150:
            choice = state.observation(0).choice
            if choice is not None and choice.seat == 0 and choice.kind == kind:
                return {"deal": deal, "moves": moves}
            seat = state.to_act()[0]
            legal = [m.text for m in state.legal_moves(seat)]
            flips = [m for m in legal if m.startswith("flip")]
            move = rng.choice(flips) if flips and rng.random() < 0.6 else rng.choice(legal)
            state.play(seat, move)
            moves.append([seat, move])
    raise AssertionError(f"no position with a {kind} choice")


SOURCE_POWER = {"discard": ("View", "Sichten"), "look": ("Foresight", "Vorausschau"),
                "move": ("Move", "Versetzen")}


@pytest.mark.parametrize("kind", ["next", "discard", "look", "move"])
@pytest.mark.parametrize(("look", "viewport", "locale"), LOOKS)
def test_duel52_a_waiting_power_says_what_each_answer_does(
        browser: Any, server: Server, artifacts: Path, kind: str, look: str,
        viewport: dict[str, int], locale: str) -> None:
    created = server.create(game="duel52", seats=[{"kind": "human"}, {"kind": "computer"}],
                            match_wins=0, start=duel52_position(kind))
    page = new_page(browser, viewport, locale)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    page.wait_for_selector("#board .d52-choice .choice-list button")
    de = locale.startswith("de")
    prompt = page.inner_text("#board .d52-choice > p")
    board = page.inner_text("#board")
    chosen = {"next": ("Choose which power acts next.", "Wähle, welche Kraft als Nächste wirkt."),
              "discard": ("choose a card from your hand", "Wähle eine Karte aus deiner Hand"),
              "look": ("choose a face-down card", "Wähle eine verdeckte Karte"),
              "move": ("choose a card to move", "Wähle eine Karte, die in die Bahn")}[kind]
    assert chosen[de] in prompt
    assert board.count(chosen[de]) == 1, "the question is asked once on the board"
    if kind in SOURCE_POWER:
        assert SOURCE_POWER[kind][de] in prompt
    else:  # a King or a 5 asks: it is named, with what it does
        assert any(word in prompt for word in (("Empower", "Flip") if not de
                                               else ("Verstärken", "Enthüllung")))
    answers = page.eval_on_selector_all("#board .choice-list button",
                                        "(bs) => bs.map((b) => [b.dataset.choice, b.innerText])")
    assert answers and all(text.strip() for _, text in answers)
    if kind == "next":  # each card with its power's name and what it does
        assert all(", " in text and ":" in text for _, text in answers), answers
    picks = page.locator("#board .tcard .mk.pick")
    table_answers = [a for a, _ in answers if a.split()[1] != "none" and kind != "discard"]
    assert picks.count() == len(table_answers)
    if table_answers:
        assert picks.first.inner_text() == ("wählen" if de else "choose")
    status = page.inner_text("#status")
    assert chosen[de] not in status, "the status line does not repeat the question"
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"words-duel52-{kind}-{look}-{locale[:2]}.png"),
                    full_page=True)
    version = page.get_attribute("#table-page", "data-version")
    page.locator("#board .choice-list button").first.click()
    wait_change(page, version)
    assert page.locator("#board .d52-choice .choice-list button").count() == 0 or \
        page.get_attribute("#table-page", "data-version") != version
    attacks = [line for line in log_lines(page) if "attack" in line or "greift" in line]
    assert not [line for line in attacks if ": Lane " in line or ": Bahn " in line], attacks
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("look", "viewport", "locale"), LOOKS)
def test_matebeta_match_of_four_says_when_hands_are_swapped(
        browser: Any, server: Server, artifacts: Path, look: str, viewport: dict[str, int],
        locale: str) -> None:
    created = server.create(game="matebeta", seats=[{"kind": "human"}, {"kind": "computer"}],
                            match_games=4)
    page = new_page(browser, viewport, locale)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    de = locale.startswith("de")
    note = page.locator("#board .mb-match-note")
    first = note.inner_text()
    assert first.startswith("Spiel 1 von 4" if de else "Game 1 of 4")
    assert ("In Spiel 2 werden diese Hände getauscht" if de else "Game 2 swaps these hands") \
        in first
    gap = page.evaluate("""() => document.querySelector('#board .mb-board')
                                   .getBoundingClientRect().top
                           - document.getElementById('status').getBoundingClientRect().bottom""")
    assert gap < 60, f"{gap} px between the status line and the board"
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"words-matebeta-game1-{look}-{locale[:2]}.png"),
                    full_page=True)
    play_to_end(page)
    page.locator("#result button", has_text="Nächstes Spiel" if de else "Next game").click()
    page.wait_for_function("() => document.getElementById('table-page').dataset.gameNo === '2'"
                           " && document.getElementById('table-page').dataset.status === 'playing'")
    second = note.inner_text()
    assert second.startswith("Spiel 2 von 4" if de else "Game 2 of 4")
    assert ("Die Hände aus Spiel 1 werden getauscht" if de
            else "The hands of game 1 are swapped") in second
    dealt = server.record(created["table"]["id"], 1)["deal"]["hands"][1]
    mine = page.evaluate("""() => [...[...document.querySelectorAll('#board .mb-hand')].at(-1)
                                   .querySelectorAll('[data-card]')].map((c) => c.dataset.card)""")
    assert sorted(mine) == sorted(dealt), "game 2: I hold the cards the other was dealt"
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"words-matebeta-game2-{look}-{locale[:2]}.png"),
                    full_page=True)
    assert page.errors == []
    page.context.close()

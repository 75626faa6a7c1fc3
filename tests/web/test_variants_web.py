"""Variants in a real browser against a real server: a Blitz duel and a Team duel (with
a signal) played to their ends through the page, a spectator who sees no hand card,
and Paternoster's Hourglass clock counting down until the server's ``timeout``.

Blitz and the Hourglass use ``paced_server``: computer players that take a moment per
move (Blitz is a race) and a 6-second Hourglass.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from harness import PATIENCE, Server, check_messages, replayed_states
from webplay import (
    PHONE,
    Watcher,
    attr,
    land_on_table,
    new_page,
    play_one_move,
    play_to_end,
    wait_logged,
    wait_ready,
    wait_turn,
)

SHORT_NAME = re.compile(r"(10|[2-9AJQK])([♦♥♠♣])")
LONG_NAME = re.compile(r"\b(Ace|King|Queen|Jack|10|[2-9]) of (Diamonds|Hearts|Spades|Clubs)\b")
SUITS = {"♦": "D", "♥": "H", "♠": "S", "♣": "C",
         "Diamonds": "D", "Hearts": "H", "Spades": "S", "Clubs": "C"}
RANKS = {"Ace": "A", "King": "K", "Queen": "Q", "Jack": "J"}

SHOWN = """() => {
  const all = (sel, f) => [...document.querySelectorAll(sel)].map(f);
  return {
    version: Number(document.getElementById('table-page').dataset.version),
    cards: all('[data-card]', (e) => e.dataset.card),
    sources: all('[data-src]', (e) => e.dataset.src),
    draws: all('#board .drawpile', (e) => Number(e.innerText)),
    words: [document.body.innerText, ...all('[aria-label]', (e) => e.getAttribute('aria-label')),
            ...all('[title]', (e) => e.title)].join('\\n'),
  };
}"""
"""Every card the page names anywhere (faces, labels, log, tooltips), at its version."""


def form_game(page: Any, server: Server, game: str, *variants: str) -> str:
    """The new-table form with the variants ticked and the other seats left to the
    computer; returns the table's id, whose page is then open."""
    page.goto(f"{server.url}/play/{game}")
    for variant in variants:
        page.check(f"#v-{variant}")
    page.click("#new-form button[type=submit]")
    return land_on_table(page)


def hold_across_a_move(page: Any, watcher: Watcher, selector: str) -> None:
    """Press the mouse on an element and release it only once the page has received the
    table's next state (the other seat moved meanwhile)."""
    page.locator(selector).first.hover()
    assert watcher.last is not None
    version = watcher.last["version"]
    page.mouse.down()
    end = time.monotonic() + PATIENCE
    while watcher.last["version"] == version:
        assert time.monotonic() < end, "the other seat did not move"
        page.wait_for_timeout(20)
    page.mouse.up()


def named_cards(words: str) -> set[str]:
    """The cards a text names, as card texts (``A♥`` and ``Ace of Hearts`` are ``AH``)."""
    found = {rank + SUITS[suit] for rank, suit in SHORT_NAME.findall(words)}
    found |= {RANKS.get(rank, rank) + SUITS[suit] for rank, suit in LONG_NAME.findall(words)}
    return found


def stopwatch_seconds(page: Any) -> int:
    """Blitz's stopwatch as the page shows it, in seconds."""
    text = page.locator("#clock").inner_text()
    found = re.fullmatch(r"⚡ (\d+):(\d\d)", text)
    assert found, text
    return int(found[1]) * 60 + int(found[2])


def result_lines(page: Any) -> list[str]:
    page.locator("#result").wait_for()
    lines: list[str] = page.locator("#result li").all_inner_texts()
    return lines


def test_blitz_duel_no_turns_draw_and_result(browser: Any, paced_server: Server,
                                             artifacts: Path) -> None:
    """Blitz duel against the computer: no turn ever blocks the human, who plays beside
    the computer from the start (a click held while the computer moves still counts),
    sees the stopwatch go on from the game's start after reloading the page,
    refills the hand with 'Draw', and reads why the game ended when nobody could move
    (or someone ran out of cards)."""
    page = new_page(browser)
    watcher = Watcher(page)
    table_id = form_game(page, paced_server, "duel", "blitz")
    wait_turn(page)
    blitz = "Blitz: no turns, play as fast as you can"
    assert attr(page, "status") == "playing" and attr(page, "legal") != "0"
    assert page.locator("#seats .seat-chip.to-act").count() == 2
    assert page.locator("#clock").inner_text().startswith("⚡")
    assert page.locator("#status").inner_text() == blitz
    page.wait_for_function("""() => {
        const m = /(\\d+):(\\d\\d)$/.exec(document.getElementById('clock').textContent);
        return m && 60 * m[1] + Number(m[2]) >= 2; }""")
    page.reload()  # the stopwatch runs from the game's start, not from the page's
    wait_turn(page)
    assert stopwatch_seconds(page) >= 2
    card = page.locator("#board .hand .playable").first.get_attribute("data-src")
    hold_across_a_move(page, watcher, f'#board [data-src="{card}"]')
    page.wait_for_function(  # selected (unless the computer's move took its places away)
        """([src]) => { const c = document.querySelector(`#board [data-src="${src}"]`);
             return c.classList.contains('selected') || !c.classList.contains('playable'); }""",
        arg=[card])
    statuses: set[str] = set()

    def look() -> None:
        status, text = page.evaluate(
            "[document.getElementById('table-page').dataset.status,"
            " document.getElementById('status').innerText]")
        if status == "playing":
            statuses.add(text)

    made = play_to_end(page, seconds=55, each=look, shot_at=8, shot=lambda: page.screenshot(
        path=str(artifacts / "duel-blitz-desktop.png"), full_page=True))
    assert made >= 2 and statuses <= {blitz}
    record = paced_server.record(table_id)
    moves = record["moves"]
    assert [0, "draw"] in moves
    # the computer moved between the human's moves: nobody waited for a turn
    assert re.search("01+0", "".join(str(seat) for seat, _ in moves))
    lines = result_lines(page)
    reason = record["outcome"]["reason"]
    explained = {"fewer-cards": "Nobody could move: ", "draw": "Nobody could move, with equal",
                 "out-of-cards": " played every card."}
    assert explained[reason] in lines[0]
    assert lines[1].startswith("Cards left: ")
    log = page.locator("#log").inner_text()
    assert "Player 1 draws" in log and "'s turn" not in log
    assert page.locator("#clock").is_hidden()
    page.screenshot(path=str(artifacts / "duel-blitz-desktop-end.png"), full_page=True)
    assert page.errors == []
    page.context.close()


def test_team_duel_signal_reaches_the_table(browser: Any, server: Server,
                                            artifacts: Path) -> None:
    """Team duel, the human with three computer seats: the human sets a signal on the
    team's up pile through the pile's signal buttons, which then shows as pressed; a
    spectator's page shows it on that pile and its observation over the WebSocket holds
    it; the game is played to its end."""
    page = new_page(browser)
    table_id = form_game(page, server, "duel", "team")
    assert page.locator("#seats .seat-chip").count() == 4
    spectator = new_page(browser, PHONE)
    watcher = Watcher(spectator)
    spectator.goto(f"{server.url}/t/{table_id}")
    wait_ready(spectator)
    menu = '.pile-slot:has([data-dst="pile:0:up"]) details.sig-menu'
    page.click(f"{menu} > summary")
    page.click(f'{menu} button[data-signal="dont-play up"]')
    wait_logged(page, "Player 1 signals on team red: up pile: Please don't play here")
    page.wait_for_selector(f'{menu} button[data-signal="dont-play up"][aria-pressed="true"]',
                           state="attached")  # your own signal shows as pressed
    assert "⊘" in page.inner_text(f"{menu} > summary")
    badge = spectator.locator('[data-dst="pile:0:up"] .sig-shown .badge')
    badge.wait_for()
    assert badge.inner_text() == "⊘ Player 1"
    assert watcher.last is not None
    assert [0, 0, "dont-play"] in watcher.last["observation"]["signals"]
    made = play_to_end(page, seconds=55, shot_at=4, shot=lambda: page.screenshot(
        path=str(artifacts / "duel-team-desktop.png"), full_page=True))
    assert made >= 1
    lines = result_lines(page)
    assert "Team red" in lines[0] or "Team black" in lines[0]
    record = server.record(table_id)
    assert [s["signal"] for s in record["signals"] if s["seat"] == 0] == ["dont-play up"]
    spectator.locator("#result").wait_for()
    assert check_messages(watcher.raw, record, None) >= 2
    page.screenshot(path=str(artifacts / "duel-team-desktop-end.png"), full_page=True)
    assert page.errors == [] and spectator.errors == []
    page.context.close()
    spectator.context.close()


def test_spectator_sees_piles_and_counts_but_no_hand(browser: Any, server: Server,
                                                     artifacts: Path) -> None:
    """A second browser opens the running table without a seat: it shows the piles, the
    draw piles' counts and face-down hands, follows every move, and names no card of
    any hand, neither on the page nor in the WebSocket frames it receives."""
    page = new_page(browser)
    table_id = form_game(page, server, "duel")
    spectator = new_page(browser, PHONE)
    watcher = Watcher(spectator)
    spectator.goto(f"{server.url}/t/{table_id}")
    wait_ready(spectator)
    assert "You are watching this table." in spectator.locator("#status").inner_text()
    assert "(you)" not in spectator.locator("#seats").inner_text()
    snapshots: list[dict[str, Any]] = [spectator.evaluate(SHOWN)]

    def follow() -> None:
        spectator.wait_for_function(
            "([v]) => Number(document.getElementById('table-page').dataset.version) >= v",
            arg=[int(attr(page, "version") or 0)])
        snapshots.append(spectator.evaluate(SHOWN))

    made = play_to_end(page, seconds=55, each=follow, shot_at=3, shot=lambda: spectator.screenshot(
        path=str(artifacts / "duel-spectator-phone.png"), full_page=True))
    assert made >= 2
    spectator.locator("#result").wait_for()
    assert spectator.locator("#result h2").inner_text().endswith(" won.") or \
        spectator.locator("#result h2").inner_text() == "A draw."
    assert spectator.locator("#again").count() == 0
    snapshots.append(spectator.evaluate(SHOWN))
    assert attr(spectator, "version") == attr(page, "version")
    record = server.record(table_id)
    states = replayed_states(record)
    versions = [s["version"] for s in snapshots]
    assert versions == sorted(versions) and len(set(versions)) > 2
    for shown in snapshots:
        state = states[shown["version"]]
        public = {c.text for team in state.piles for pile in team for c in pile}
        assert shown["sources"] == []
        assert set(shown["cards"]) <= public
        hidden = named_cards(shown["words"]) - public
        assert not hidden, f"version {shown['version']}: the spectator is shown {hidden}"
        assert shown["draws"] == [len(state.draws[1]), len(state.draws[0])]
    assert check_messages(watcher.raw, record, None) >= len(set(versions)) - 1
    assert page.errors == [] and spectator.errors == []
    page.context.close()
    spectator.context.close()


def test_hourglass_clock_counts_down_and_times_out(browser: Any, paced_server: Server,
                                                   artifacts: Path) -> None:
    """Paternoster with the Hourglass (6 s here): the page shows the clock of the seat to
    act counting down; when it runs out after the required cards, the log shows the
    server's timeout with the cards drawn (in English and in German) and play goes on;
    when it runs out before them, the game is lost."""
    created = paced_server.create(game="paternoster", options={"players": 2, "hourglass": True},
                                  seats=[{"kind": "human"}, {"kind": "computer"}])
    page = new_page(browser)
    page.goto(created["links"]["private"])
    wait_ready(page)
    wait_turn(page)
    while not page.locator('#actions button[data-move="end"]').count():
        assert play_one_move(page)
    clock = page.locator("#clock")
    first = clock.inner_text()
    # under ten seconds the clock shows tenths
    assert re.fullmatch(r"Time left · Player 1 0:0[0-6](\.\d)?", first), first
    page.wait_for_function(  # counting down (or, had it reached 0:00, moved on)
        """([first]) => { const c = document.getElementById('clock');
             const secs = t => { const m = t.match(/(\\d+):(\\d+(?:\\.\\d)?)$/);
                                 return m ? 60 * Number(m[1]) + Number(m[2]) : NaN; };
             return c.hidden || !c.textContent.includes('Player 1')
                    || secs(c.textContent) < secs(first); }""", arg=[first])
    page.screenshot(path=str(artifacts / "paternoster-hourglass-desktop.png"), full_page=True)
    wait_logged(page, "Time is up for Player 1, who draws 2")
    german = new_page(browser, PHONE, locale="de-DE")
    german.goto(f"{paced_server.url}/t/{created['table']['id']}")
    wait_logged(german, "Die Zeit von Spieler 1 ist abgelaufen, Spieler 1 zieht 2")
    german.context.close()
    # the turn ended, the computer played, and the clock is the human's again
    wait_turn(page)
    assert attr(page, "status") == "playing"
    assert clock.inner_text().startswith("Time left · Player 1 ")
    wait_logged(page, "Time is up for Player 1")
    page.wait_for_function(
        "() => document.getElementById('table-page').dataset.status === 'finished'")
    lines = result_lines(page)
    assert lines[0] == "Time ran out before the required cards were played."
    assert clock.is_hidden()
    record = paced_server.record(created["table"]["id"])
    assert record["moves"].count([0, "timeout"]) == 2 and record["moves"][-1] == [0, "timeout"]
    assert record["outcome"]["lost"] == "timeout"
    page.screenshot(path=str(artifacts / "paternoster-hourglass-desktop-end.png"), full_page=True)
    assert page.errors == []
    page.context.close()

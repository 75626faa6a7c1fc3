"""Keyboard and screen reader: a whole stretch of a duel played with keys alone, the focus
on a sensible place after every move and the computer's, a focused place that looks unlike
a highlighted one, and the live region reading out the other player's moves."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from harness import Server
from webplay import DESKTOP, attr, new_page, wait_ready

ACTIVE = """() => { const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  if (a.matches('.target')) return 'target';
  if (a.matches('.playable')) return 'playable';
  if (a.matches('#actions button[data-move]')) return 'move';
  if (a.closest('#table-page')) return 'table';
  return 'outside'; }"""


def active(page: Any) -> str:
    kind: str = page.evaluate(ACTIVE)
    return kind


def keyboard_move(page: Any) -> None:
    """One move with keys only: Tab to a card or a move button, Enter, Enter on a target."""
    version = attr(page, "version")
    for _ in range(60):
        kind = active(page)
        if kind in ("target", "move"):
            page.keyboard.press("Enter")
            page.wait_for_function("(v) => document.getElementById('table-page').dataset.version"
                                   " !== v", arg=version, timeout=15000)
            return
        if kind == "playable":
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.activeElement.matches('.target, "
                                   "#actions button')")
            continue
        page.keyboard.press("Tab")
    raise AssertionError("no move reached by Tab")


def wait_my_turn(page: Any) -> None:
    page.wait_for_function("""() => { const p = document.getElementById('table-page');
        return p.dataset.status !== 'playing' || p.dataset.legal !== '0'; }""", timeout=30000)


def test_a_duel_by_keyboard_keeps_the_focus_on_the_table(browser: Any, server: Server,
                                                         artifacts: Path) -> None:
    created = server.create(game="duel", seats=[{"kind": "human"}, {"kind": "computer"}],
                            match_wins=0)
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    wait_my_turn(page)
    page.locator("body").focus()
    moves = 0
    computer_seen = False
    end = time.monotonic() + 120
    while moves < 8 and attr(page, "status") == "playing" and time.monotonic() < end:
        wait_my_turn(page)
        if attr(page, "status") != "playing":
            break
        before = int(attr(page, "version"))
        keyboard_move(page)
        moves += 1
        # after the move (and the computer's, which may follow at once) the focus is on
        # the table: a card, a place or a move button, never back at the page's start
        page.wait_for_function("(v) => Number(document.getElementById('table-page')"
                               ".dataset.version) > v", arg=before)
        assert active(page) in ("target", "playable", "move", "table"), active(page)
        if page.locator("#live").inner_text().startswith(("Computer", "Club player")):
            computer_seen = True
            assert active(page) != "body"
    assert moves >= 3, moves
    assert computer_seen, "the live region never read out the computer's move"
    assert page.errors == []
    page.context.close()


def test_a_focused_place_looks_unlike_a_highlighted_one(browser: Any, server: Server,
                                                        artifacts: Path) -> None:
    created = server.create(game="duel", seats=[{"kind": "human"}, {"kind": "computer"}],
                            match_wins=0)
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    wait_my_turn(page)
    page.locator("#board .hand .playable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.matches('.target')")
    ring = "(e) => getComputedStyle(e).boxShadow + ' | ' + getComputedStyle(e).outlineColor"
    focused = page.evaluate(f"({ring})(document.activeElement)")
    others = page.evaluate(f"""() => [...document.querySelectorAll('#board .target')]
        .filter((e) => e !== document.activeElement).map({ring})""")
    assert others and all(style != focused for style in others), (focused, others)
    assert "21, 101, 192" in focused  # the blue ring outside the white one
    page.screenshot(path=str(artifacts / "keyboard-focused-target-desktop-en.png"))
    page.context.close()

"""Playing a guided first game as a learner does: read the guide's tip, tap "Got it", make a
move by taps. The moves are picked from the seat's own state message (what the page
knows), the way a learner who follows the guide would pick them: meet the powers in hand.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from webplay import Watcher, attr, wait_change

TAP_MS = 5000
"""A tap's element is there at once or the page has moved on (the computer moved)."""
D52_ORDER = ("6", "A", "J", "8", "7")
"""The Duel 52 learner flips and plays these ranks first: the powers the deal's hand holds."""


SNAPSHOT = """() => { const p = document.getElementById('table-page');
  const coach = document.getElementById('coach');
  return [(coach && coach.dataset.tip) || '', p.dataset.status,
          p.dataset.legal ?? null, p.dataset.version]; }"""
"""The guide's tip and the table's state, read in one go: read one by one, a tip could
show between the reads, and the learner would move without having read it."""


def tip(page: Any) -> str:
    """The id of the tip the guide shows now ('' while none applies)."""
    value: str = page.locator("#coach").get_attribute("data-tip") or ""
    return value


def tip_text(page: Any) -> str:
    text: str = page.inner_text("#coach")
    return text


def tap_move(page: Any, text: str) -> None:
    """Make ``text`` by taps: its source (a card, a place), then its target, then, if the
    page asks which one, the move's button; a move without a source is a button."""
    version = attr(page, "version")
    src, dst = sources(text)
    if src is None:
        page.click(f'#actions button[data-move="{text}"]', timeout=TAP_MS)
        wait_change(page, version)
        return
    page.click(f'#board [data-src="{src}"]', timeout=TAP_MS)
    if dst is not None and attr(page, "version") == version:
        page.click(f'#board .target[data-dst="{dst}"]', timeout=TAP_MS)
    button = page.locator(f'#actions button[data-move="{text}"]')
    if attr(page, "version") == version and button.count():
        button.click(timeout=TAP_MS)
    wait_change(page, version)


def sources(text: str) -> tuple[str | None, str | None]:
    """What a Duel 52 or MateBeta move's taps are (as the game modules map them)."""
    w = text.split()
    if w[0] == "play" and len(w) == 3 and w[2].isdigit():
        return f"card:{w[1]}", f"lane:{w[2]}"
    if w[0] in ("foreplace", "lead", "answer", "discard"):
        return f"card:{w[1]}", None
    if w[0] == "flip":
        return f"pos:{w[1]}", None
    if w[0] in ("attack", "pair"):
        return f"pos:{w[1].split('+')[0]}", f"pos:{w[2]}"
    return None, None


def _rank(card: str | None) -> str:
    return card[:-1] if card else ""


def duel52_move(state: dict[str, Any]) -> str:
    """A learner's Duel 52 move: flip the powers in hand, pair, attack, then play the hand's
    powers into the lanes (Freeze first), else the first legal move."""
    obs = state["observation"]
    legal: list[str] = obs["legal"]
    cards = {f"L{c['lane'] + 1}.{c['seat']}.{c['slot']}": c
             for sides in obs["lanes"] for side in sides for c in side}

    def flips(rank: str) -> list[str]:
        return [m for m in legal if m.startswith("flip ")
                and _rank(cards[m.split()[1]]["card"]) == rank]

    for rank in D52_ORDER:
        if flips(rank):
            return flips(rank)[0]
    for kind in ("pair ", "attack "):
        chosen = [m for m in legal if m.startswith(kind)]
        if chosen:
            return chosen[0]
    mine = obs["lanes"]
    for rank in D52_ORDER:
        plays = [m for m in legal if m.startswith("play ") and _rank(m.split()[1]) == rank]
        if plays:
            # the Aces share lane 2 (a pair); each other card goes where fewest of ours lie
            return min(plays, key=lambda m: (rank != "A" or not m.endswith(" 2"),
                                             len(mine[int(m.split()[2]) - 1][state["seat"]]), m))
    others = [m for m in legal if not m.startswith("flip ")]
    return (others or legal)[0]


def follow_guide(page: Any, watcher: Watcher, pick: Any, want: int, seconds: float = 240,
                 each: Any = None, until: str | None = None) -> list[str]:
    """Play the guided game until the guide shows its ``want``-th tip, or the tip
    ``until`` (waited for once the game is over: it may show just before or after the
    end), or the game ends: each tip is read ("Got it"), then the learner's move is
    ``pick(state)``, made by taps. Returns the tips in the order shown; ``each(page,
    tip)`` is called when one shows."""
    shown: list[str] = []
    end = time.monotonic() + seconds
    while True:
        assert time.monotonic() < end, shown
        now, status, legal, version = page.evaluate(SNAPSHOT)
        if now and now not in shown:
            shown.append(now)
            if each is not None:
                each(page, now)
            if len(shown) >= want or now == until:
                return shown  # the last tip still shows
        if now:
            page.click("#coach-ok")
            page.wait_for_function("(t) => document.getElementById('coach').dataset.tip !== t",
                                   arg=now)
            continue
        if status == "finished":
            if until is not None and until not in shown:
                page.wait_for_selector(f"#coach[data-tip='{until}']")
                continue
            break
        if legal in (None, "0"):
            page.wait_for_function(
                """() => { const p = document.getElementById('table-page');
                     return p.dataset.status === 'finished' || p.dataset.legal !== '0'
                            || document.getElementById('coach').dataset.tip !== ''; }""")
            continue
        if watcher.last is None or str(watcher.last["version"]) != version:
            page.wait_for_timeout(50)  # the page's state message is still on its way here
            continue
        move = pick(watcher.last)
        if move is None:  # a forced card: the page plays it itself once its tip is read
            page.wait_for_function(
                """(v) => document.getElementById('table-page').dataset.version !== v
                          || document.getElementById('coach').dataset.tip !== ''""", arg=version)
            continue
        with contextlib.suppress(PlaywrightError):  # the page moved on under the tap: its
            tap_move(page, move)                     # tip and state are read again
    return shown


def matebeta_move(state: dict[str, Any]) -> str | None:
    """A learner's MateBeta move: foreplace (the first card allowed), mate when a lead
    cannot be answered, answer with the lowest card that wins the move, else the first
    legal card (the hand is sorted low to high); ``None`` for a forced card, which the
    page plays itself (tapping it would race the page)."""
    obs = state["observation"]
    legal: list[str] = obs["legal"]
    if obs["phase"] != "foreplace" and len(legal) == 1:
        return None
    if obs["phase"] == "foreplace":
        return next((m for m in legal if m.startswith("foreplace ")), legal[0])
    theirs = obs["hands"][1 - state["seat"]]
    for m in legal:
        card = m.split()[1]
        if m.startswith("lead ") and not any(c[-1] == card[-1] or c[:-1] == card[:-1]
                                             for c in theirs):
            return m
    if obs["phase"] == "answer":
        lead = obs["lead"]
        order = [f"{r}{s}" for s in "CDSH" for r in ("7", "Q", "K", "10", "A")]
        rank = {c: (order.index(c) % 5, order.index(c) // 5) for c in order}
        wins = [m for m in legal if (rank[m.split()[1]][1] == rank[lead][1]
                                     and rank[m.split()[1]][0] > rank[lead][0])
                or (m.split()[1][:-1] == lead[:-1] and rank[m.split()[1]][1] > rank[lead][1])]
        if wins:
            return wins[0]
    return legal[0]

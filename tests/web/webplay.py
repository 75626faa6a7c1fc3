"""Driving the table page like a person: tap a highlighted card, then a highlighted place.

The helper picks the first legal choice the page offers each time: a highlighted
target if a card is selected, else a move button, else the first playable card.
It reads only what the page shows (and the page's ``data-version``/``data-status``).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from harness import PATIENCE
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

PAGE = "#table-page"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
TABLE_URL = re.compile(r".*/t/[A-Za-z0-9_-]+$")
TRACE: list[tuple[str, str | None, str | None]] = []
"""The last taps (for a failing test's message)."""
WAIT_MS = PATIENCE * 1000
"""How long a wait for the page lasts before it is a hang (Playwright counts milliseconds)."""


def new_page(browser: Any, viewport: dict[str, int] = DESKTOP, locale: str = "en-GB") -> Any:
    """A page in a browser context of its own (its own cookies: its own seat, or none);
    the page's uncaught errors collect in ``page.errors``."""
    page = browser.new_context(viewport=viewport, locale=locale).new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def land_on_table(page: Any) -> str:
    """After a click that creates a table: wait for its page to be ready; returns its id."""
    try:
        page.wait_for_url(TABLE_URL, wait_until="commit")
    except PlaywrightTimeoutError:
        raise
    except PlaywrightError:
        # under load chromium may report the first navigation aborted; the page still lands
        page.wait_for_url(TABLE_URL, wait_until="commit", timeout=WAIT_MS)
    wait_ready(page)
    return str(page.url.rsplit("/", 1)[1])


def attr(page: Any, name: str) -> str | None:
    value: str | None = page.get_attribute(PAGE, f"data-{name}")
    return value


def wait_ready(page: Any, timeout: float = WAIT_MS) -> None:
    page.wait_for_selector(f"{PAGE}[data-status]", timeout=timeout)


def wait_change(page: Any, version: str | None, timeout: float = WAIT_MS) -> None:
    """Until the table's version moves on, the game ends, or a refusal shows."""
    page.wait_for_function(
        """([v]) => { const p = document.getElementById('table-page');
             return p.dataset.version !== v || p.dataset.status === 'finished'
                    || p.dataset.choosing === '1'
                    || !document.getElementById('toast').hidden; }""",
        arg=[version], timeout=timeout)


def wait_answered(page: Any, version: str | None, timeout: float = WAIT_MS) -> None:
    """After the answer to the page's question: until it asks no more or the table moves on."""
    page.wait_for_function(
        """([v]) => { const p = document.getElementById('table-page');
             return p.dataset.version !== v || p.dataset.status === 'finished'
                    || p.dataset.choosing !== '1'; }""",
        arg=[version], timeout=timeout)


def wait_turn(page: Any, timeout: float = WAIT_MS) -> None:
    """Until this seat has a move to make (or the game is over)."""
    page.wait_for_function(
        """() => { const p = document.getElementById('table-page');
             return p.dataset.status === 'finished'
                    || (p.dataset.status === 'playing' && p.dataset.legal !== '0'); }""",
        timeout=timeout)


def wait_logged(page: Any, line: str, times: int = 1, timeout: float = WAIT_MS) -> None:
    """Until the page's log holds ``line`` (``times`` times; folded away on a phone, it still
    holds every line)."""
    page.wait_for_function(
        """([line, times]) => [...document.querySelectorAll('#log li')]
             .filter((li) => li.textContent === line).length >= times""",
        arg=[line, times], timeout=timeout)


IN_VIEW = """(selector) => { const e = document.querySelector(selector);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.top < 0 || r.left < 0) return false;
  if (r.bottom > innerHeight || r.right > innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && e.contains(hit); }"""
"""Whether the element lies wholly within the viewport, and is what a tap at its middle
reaches (nothing covers it)."""


KEY_OF_FIRST = """(selector) => { const e = document.querySelector(selector);
  return e && (e.dataset.src || e.dataset.dst || e.dataset.move || ''); }"""
"""What the first element a selector finds stands for (null: there is none), read at once."""


def step(page: Any) -> str | None:
    """One tap toward a move; returns what was tapped (None: nothing to do now, or the
    choice went away before it could be tapped)."""
    order = ("#board .target", "#actions button[data-move]", "#board .playable")
    if attr(page, "choosing") == "1":
        order = ("#actions button[data-move]",)
    for selector in order:
        key = page.evaluate(KEY_OF_FIRST, selector)
        if key is None:
            continue
        TRACE.append((selector, key, attr(page, "version")))
        del TRACE[:-12]
        try:
            page.locator(selector).first.click(timeout=5000)
        except PlaywrightTimeoutError:
            return None  # the choice went away before the tap (Blitz: the other seat moved)
        return selector
    return None


def play_one_move(page: Any, timeout: float = WAIT_MS) -> bool:
    """Make one move of this seat (several taps); False when the seat has none now."""
    version = attr(page, "version")
    for _ in range(6):
        tapped = step(page)
        if tapped is None:
            return False
        if tapped != "#board .playable" or attr(page, "version") != version:
            wait_change(page, version, timeout)
            if attr(page, "choosing") == "1" and attr(page, "version") == version:
                continue  # several moves for that card and place: the buttons say which
            return True
        # a selected card: its targets or choices are now highlighted
    return False


def play_to_end(page: Any, seconds: float = 150, shot: Any = None, shot_at: int = 6,
                each: Any = None) -> int:
    """Play the first legal choices until the game is over; returns moves made.
    ``shot()`` is called after move ``shot_at``, ``each()`` after every move."""
    made = 0
    end = time.monotonic() + seconds
    while attr(page, "status") != "finished":
        assert time.monotonic() < end, "the game did not end in time"
        if attr(page, "legal") in (None, "0"):
            wait_turn(page)
            continue
        if play_one_move(page):
            made += 1
            if shot is not None and made == shot_at:
                shot()
            if each is not None:
                each()
    return made


class Watcher:
    """Keeps the last ``state`` message the page's WebSocket received: what this seat's
    page knows (its own observation), read the way a careful player reads the table.
    ``raw`` keeps every frame received, to hold against the record afterwards."""

    def __init__(self, page: Any) -> None:
        self.last: dict[str, Any] | None = None
        self.raw: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: Any) -> None:
        if isinstance(payload, str):
            self.raw.append(payload)
        try:
            message = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(message, dict) and message.get("type") == "state":
            self.last = message


def careful_move(observation: dict[str, Any]) -> str:
    """The Paternoster move a careful player makes: the smallest step on the ladder (twins
    and step backs first), only the required cards unless the next is a tiny step."""
    from cardtable.cards import parse_card
    from cardtable.games.paternoster.rules import PILE_IDS

    legal: list[str] = observation["legal"]
    best: tuple[int, str] | None = None
    for move in legal:
        words = move.split()
        if words[0] != "play":
            continue
        card = parse_card(words[1])
        pile = observation["piles"][PILE_IDS[words[2]]]
        up = words[2].startswith("up")
        if not pile:
            cost = card + 1 if up else 52 - card
        else:
            top = parse_card(pile[-1])
            step = card - top if up else top - card
            cost = step if step >= 0 else (-1 if step == -4 else 40)  # a long step back: a token
        if best is None or cost < best[0]:
            best = (cost, move)
    owed = observation["required"] - observation["played"]
    if best is not None and (owed > 0 or best[0] <= 1):
        return best[1]
    for finish in ("end", "token-end"):
        if finish in legal:
            return finish
    return best[1] if best is not None else legal[0]


def play_carefully(page: Any, watcher: Watcher, seconds: float = 600) -> int:
    """Play a Paternoster game to its end with :func:`careful_move`, tapping like a person
    (the deadline is generous: on a busy machine a whole game took longer than 150 s)."""
    made = 0
    end = time.monotonic() + seconds
    while attr(page, "status") != "finished":
        assert time.monotonic() < end, "the game did not end in time"
        if attr(page, "legal") in (None, "0"):
            wait_turn(page)
            continue
        version = attr(page, "version")
        message = watcher.last
        if message is None or str(message["version"]) != version:
            page.wait_for_timeout(50)
            continue
        move = careful_move(message["observation"])
        words = move.split()
        if words[0] == "play":
            page.click(f'#board [data-src="card:{words[1]}"]')
            page.click(f'#board .target[data-dst="pile:{words[2]}"]')
        else:
            page.click(f'#actions button[data-move="{move}"]')
        wait_change(page, version)
        if attr(page, "choosing") == "1" and attr(page, "version") == version:
            # the page asks first (the move ends the game at once, or "which one?"): its
            # button for the move says yes; tapping the card again would only ask again
            page.click(f'#actions button[data-move="{move}"]')
            wait_answered(page, version)
        made += 1
    return made


def open_seat(browser: Any, server: Any, table_id: str, token: str,
              viewport: dict[str, int] = DESKTOP, locale: str = "en-GB") -> Any:
    """The page of the seat that ``token`` proves, with a :class:`Watcher` on it."""
    page = new_page(browser, viewport, locale)
    page.watcher = Watcher(page)
    page.goto(f"{server.url}/t/{table_id}?key={token}")
    wait_ready(page)
    return page


def observation(page: Any, version: int = 0) -> dict[str, Any]:
    """The observation the page shows, once the table is at ``version`` or later."""
    end = time.monotonic() + PATIENCE
    while True:
        last = page.watcher.last
        shown = int(attr(page, "version") or -1)
        if last is not None and last["version"] == shown >= version:
            obs: dict[str, Any] = last["observation"]
            return obs
        assert time.monotonic() < end, f"the page stays at version {shown}"
        page.wait_for_timeout(50)

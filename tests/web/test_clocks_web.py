"""Time controls in the browser: two people who never met play a 1+1 duel, one lets the
clock run out and both pages show the loss on time (English on a desktop, German on a
phone); a turn-based game waiting for its player is listed on the home page, counted in
the title, with the button that allows the browser's notices.

The server's clock minute is eight seconds (``--clock-minute``), so a 1+1 clock runs out
soon; the pages are what they would be with real minutes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe import assert_accessible
from conftest import serve
from harness import Server
from webplay import DESKTOP, PHONE, new_page, wait_ready

SHOTS = Path("/tmp/shots/clocks")


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serve(tmp_path_factory, "clocks", "--clock-minute", "8")


@pytest.fixture(scope="module")
def minute_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Real minutes: the clocks read as players see them."""
    yield from serve(tmp_path_factory, "minutes")


def shot(page: Any, artifacts: Path, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))
    page.screenshot(path=str(artifacts / name))


def test_a_one_plus_one_duel_lost_on_time(browser: Any, clock_server: Server,
                                         artifacts: Path) -> None:
    created = clock_server.create(game="duel", creator_name="Ann", match_wins=0,
                                  clock={"minutes": 1, "increment": 1})
    ann = new_page(browser, DESKTOP, "en-GB")
    ann.goto(created["links"]["private"])
    wait_ready(ann)
    ben = new_page(browser, PHONE, "de-DE")
    ben.goto(created["links"]["invites"]["1"])
    wait_ready(ben)
    ben.fill("#join-name", "Ben")
    ben.click("#join")
    ben.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    wait_ready(ben)
    for page in (ann, ben):
        page.wait_for_function(
            "() => document.getElementById('table-page').dataset.status === 'playing'")
        page.locator("#clock").wait_for(state="visible")
    shot(ann, artifacts, "clock-duel-desktop-en.png")
    shot(ben, artifacts, "clock-duel-phone-de.png")
    # nobody moves: the seat to act runs out of its minute and loses
    info = httpx.get(f"{clock_server.url}/api/tables/{created['table']['id']}").json()
    loser = ["Ann", "Ben"][info["clock"]["seat"]]
    ann.locator("#result").wait_for()
    ben.locator("#result").wait_for()
    assert f"{loser} ran out of time." in ann.locator("#result").inner_text()
    assert f"Die Zeit von {loser} ist abgelaufen." in ben.locator("#result").inner_text()
    assert ann.locator("#clock").is_hidden()
    shot(ann, artifacts, "clock-duel-lost-desktop-en.png")
    shot(ben, artifacts, "clock-duel-lost-phone-de.png")
    assert ann.errors == [] and ben.errors == []
    ann.context.close()
    ben.context.close()


def test_a_five_plus_three_clock_on_a_phone_and_a_desktop(browser: Any, minute_server: Server,
                                                          artifacts: Path) -> None:
    """Both players' times, the running one marked: English on a phone, German on a
    desktop (the clocks the other test's pages do not show)."""
    created = minute_server.create(game="duel", creator_name="Ann", match_wins=0,
                                  clock={"minutes": 5, "increment": 3})
    ann = new_page(browser, PHONE, "en-GB")
    ann.goto(created["links"]["private"])
    ben = new_page(browser, DESKTOP, "de-DE")
    ben.goto(created["links"]["invites"]["1"])
    wait_ready(ben)
    ben.fill("#join-name", "Ben")
    ben.click("#join")
    ben.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"))
    for page in (ann, ben):
        wait_ready(page)
        page.locator("#clock .side.running").wait_for()
        boxes = page.locator("#clock .side").all_inner_texts()
        assert len(boxes) == 2 and "Ann" in boxes[0] and "Ben" in boxes[1]
        assert page.locator("#clock .side.running").count() == 1
    shot(ann, artifacts, "clock-duel-phone-en.png")
    shot(ben, artifacts, "clock-duel-desktop-de.png")
    assert_accessible(ann, "a chess clock (en, phone)")
    assert_accessible(ben, "a chess clock (de, desktop)")
    assert ann.errors == [] and ben.errors == []
    ann.context.close()
    ben.context.close()


@pytest.mark.parametrize(("lang", "viewport"), [("en", PHONE), ("de", DESKTOP)])
def test_the_home_page_lists_your_turns(browser: Any, clock_server: Server, artifacts: Path,
                                        lang: str, viewport: dict[str, int]) -> None:
    page = new_page(browser, viewport, "en-GB" if lang == "en" else "de-DE")
    page.goto(f"{clock_server.url}/?lang={lang}")
    assert page.locator("#your-turns").is_hidden()  # no games: no list
    # a turn-based Duel 52 made in this browser; Mia takes the other seat, and plays her
    # turn if she is first to act
    made = page.evaluate("""async () => {
        const r = await fetch('/api/tables', {method: 'POST', headers: {'Content-Type':
          'application/json'}, body: JSON.stringify({game: 'duel52', clock: {days: 3}})});
        return r.json(); }""")
    table_id = made["table"]["id"]
    r = httpx.post(f"{clock_server.url}/api/tables/{table_id}/seats/1",
                   json={"invite": made["invites"]["1"], "name": "Mia"})
    assert r.status_code == 200, r.text
    mia = clock_server.client(table_id, r.json()["token"])
    state = mia.wait_state(lambda m: m["status"] == "playing")
    while state["clock"]["seat"] == 1:
        mia.move(state["observation"]["legal"][0], state["version"])
        state = mia.wait_version(state["version"] + 1)
    mia.close()
    page.goto(f"{clock_server.url}/?lang={lang}")
    box = page.locator("#your-turns")
    box.wait_for(state="visible")
    text = box.inner_text()
    assert ("Duel 52" if lang == "en" else "Duell 52") in text and "Mia" in text
    assert ("3 days a move" in text) if lang == "en" else ("3 Tage pro Zug" in text)
    page.wait_for_function("() => document.title.startsWith('(1) ')")
    assert page.locator("#notify-turns").is_visible()
    assert_accessible(page, f"the your-turn list ({lang})")
    shot(page, artifacts, f"your-turns-{'phone' if viewport is PHONE else 'desktop'}-{lang}.png")
    assert page.errors == []
    page.context.close()

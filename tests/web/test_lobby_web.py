"""The lobby in two browsers that have never met: one posts a seek, the other sees it
appear in its live list and takes it, and both land at the same table at once; one
resigns and both see the end; in a second run they play a 1+1 duel move by move to
its end, and in a third nobody moves and one loses on time. "Play a person" on the home
page pairs two more browsers. The lobby on a phone and a desktop, in English and German,
for people to look at."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe import assert_accessible
from conftest import serve
from harness import Server
from webplay import attr, new_page, play_one_move, wait_ready, wait_turn

SHOTS = Path(os.environ.get("CARDTABLE_LOBBY_SHOTS", "/tmp/shots/lobby"))
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
TABLE = re.compile(r"/t/[A-Za-z0-9_-]+$")


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A clock minute of eight seconds (``--clock-minute``): a 1+1 clock runs out soon."""
    yield from serve(tmp_path_factory, "lobby-clocks", "--clock-minute", "8")


@pytest.fixture(scope="module")
def long_clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A clock minute of ten real minutes: two pages play a 1+1 duel to its end however
    busy the machine is (the clock is there and runs, but never falls)."""
    yield from serve(tmp_path_factory, "lobby-long-clock", "--clock-minute", "600")


def play_both_to_end(pages: tuple[Any, Any], seconds: float = 600) -> int:
    """Two seats' pages play their first legal choices, turn by turn, until the game is
    over; returns the moves made."""
    end = time.monotonic() + seconds
    made, current = 0, 0
    while attr(pages[0], "status") != "finished":
        assert time.monotonic() < end, "the game did not end in time"
        page = pages[current]
        if attr(page, "status") == "playing" and attr(page, "legal") not in (None, "0") \
                and play_one_move(page):
            made += 1
            continue
        current = 1 - current  # this seat has nothing to do: the other one's turn
        wait_turn(pages[current])
    return made


def post_in_lobby(page: Any, server: Server, game: str, clock: str, name: str) -> None:
    page.goto(f"{server.url}/lobby?lang=en")
    page.locator("#seek-game").select_option(game)
    page.locator("#seek-clock").select_option(clock)
    page.locator("#seek-name").fill(name)
    page.get_by_role("button", name="Post the seek").click()
    page.locator(".seek.mine").wait_for(state="visible")


def one_plus_one_from_the_lobby(browser: Any, server: Server, name: str) -> tuple[Any, Any]:
    """A casual 1+1 duel posted by ``name`` (English desktop) and taken (German phone):
    both pages at the table, its clock shown."""
    poster = new_page(browser, SIZES["desktop"], "en-GB")
    taker = new_page(browser, SIZES["phone"], "de-DE")
    taker.goto(f"{server.url}/lobby?lang=de")
    post_in_lobby(poster, server, "duel", "1+1", name)
    seek = taker.locator(".seek", has_text=name)
    seek.wait_for(state="visible")
    assert "1+1" in seek.inner_text() and "Ungewertet" in seek.inner_text()
    seek.get_by_role("button", name="Annehmen").click()
    for page in (poster, taker):
        page.wait_for_url(TABLE)
        wait_ready(page)
        page.locator("#clock").wait_for(state="visible")
    return poster, taker


def test_one_posts_the_other_takes_both_sit_at_one_table(browser: Any, server: Server) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ada = new_page(browser, SIZES["desktop"])
    bo = new_page(browser, SIZES["phone"])
    bo.goto(f"{server.url}/lobby?lang=en")
    bo.locator("#seek-count").wait_for(state="visible")
    ada.goto(f"{server.url}/")
    ada.get_by_role("link", name="Lobby").first.click()
    ada.wait_for_url(re.compile(r"/lobby$"))
    ada.locator("#seek-game").select_option("duel")
    ada.locator("#seek-clock").select_option("1+1")
    ada.locator("#seek-name").fill("Ada")
    ada.get_by_role("button", name="Post the seek").click()
    ada.locator(".seek.mine").wait_for(state="visible")
    ada.wait_for_function("() => document.querySelector('#lobby-status').textContent"
                          ".includes('posted')")

    seek = bo.locator(".seek", has_text="Ada")
    seek.wait_for(state="visible")
    assert "1+1" in seek.inner_text() and "Casual" in seek.inner_text()
    bo.screenshot(path=str(SHOTS / "lobby-seek-en-phone.png"), full_page=True)
    ada.screenshot(path=str(SHOTS / "lobby-mine-en-desktop.png"), full_page=True)
    seek.get_by_role("button", name="Take").click()
    bo.wait_for_url(TABLE)
    ada.wait_for_url(TABLE)
    assert ada.url.split("?")[0] == bo.url.split("?")[0]
    for page in (ada, bo):
        page.locator("#resign").wait_for(state="visible")
    # one resigns: both see the game's end
    bo.on("dialog", lambda dialog: dialog.accept())
    bo.locator("#resign").click()
    for page in (ada, bo):
        page.locator("#result").wait_for(state="visible")
    assert ada.errors == [] and bo.errors == []
    for page in (ada, bo):
        page.context.close()


def test_a_one_plus_one_duel_from_the_lobby_played_to_its_end(browser: Any,
                                                             long_clock_server: Server) -> None:
    eve, max_ = one_plus_one_from_the_lobby(browser, long_clock_server, "Eve")
    made = play_both_to_end((eve, max_))
    assert made >= 4
    for page in (eve, max_):
        page.locator("#result").wait_for(state="visible")
    table = eve.url.split("/t/")[1].split("?")[0]
    info = httpx.get(f"{long_clock_server.url}/api/tables/{table}").json()
    assert info["time_control"], info  # a clocked game, ended by the rules, not the clock
    assert "ran out of time" not in eve.locator("#result").inner_text()
    assert eve.errors == [] and max_.errors == []
    for page in (eve, max_):
        page.context.close()


def test_play_a_person_pairs_two_browsers_from_the_home_page(browser: Any,
                                                            server: Server) -> None:
    first = new_page(browser, SIZES["phone"])
    second = new_page(browser, SIZES["desktop"])
    first.goto(f"{server.url}/?lang=en")
    card = first.locator("#game-matebeta")
    card.get_by_role("button", name="Play a person").click()
    panel = first.locator("#pairing-matebeta")
    panel.wait_for(state="visible")
    first.wait_for_function("() => document.querySelector('#pairing-matebeta')"
                            ".textContent.includes('Waiting for a person')")
    assert "Play the computer meanwhile" in panel.inner_text()
    panel.scroll_into_view_if_needed()
    first.screenshot(path=str(SHOTS / "home-waiting-en-phone.png"))
    second.goto(f"{server.url}/?lang=en")
    second.locator("#game-matebeta").get_by_role("button", name="Play a person").click()
    second.wait_for_url(TABLE)
    first.wait_for_url(TABLE)
    assert first.url.split("?")[0] == second.url.split("?")[0]
    assert first.errors == [] and second.errors == []
    for page in (first, second):
        page.context.close()


def test_the_lobby_on_a_phone_and_a_desktop_in_both_languages(browser: Any,
                                                             server: Server) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    poster = new_page(browser, SIZES["desktop"])
    poster.goto(f"{server.url}/lobby?lang=en")
    for body in ({"game": "duel52", "clock": {"minutes": 5, "increment": 3}, "name": "Clara"},
                 {"game": "paternoster", "clock": {"days": 2}, "name": "Dieter"},
                 {"game": "duel", "variant": "long", "name": "Ede"}):
        answer = poster.evaluate(
            """async (body) => (await fetch('/api/seeks', {method: 'POST',
                headers: {'Content-Type': 'application/json'},
                body: JSON.stringify(body)})).status""",
            body)
        assert answer == 201
    viewer = new_page(browser, SIZES["desktop"])
    for lang in ("en", "de"):
        for size_name, size in SIZES.items():
            viewer.set_viewport_size(size)
            viewer.goto(f"{server.url}/lobby?lang={lang}")
            viewer.locator(".seek", has_text="Clara").wait_for(state="visible")
            viewer.screenshot(path=str(SHOTS / f"lobby-{lang}-{size_name}.png"), full_page=True)
            assert_accessible(viewer, f"the lobby ({lang}, {size_name})")
            viewer.goto(f"{server.url}/?lang={lang}")
            viewer.screenshot(path=str(SHOTS / f"home-{lang}-{size_name}.png"), full_page=True)
    viewer.goto(f"{server.url}/lobby?lang=en")
    viewer.locator("#seek-filter").select_option("paternoster")
    viewer.locator(".seek", has_text="Clara").wait_for(state="detached")
    assert viewer.locator(".seek").count() == 1
    assert poster.errors == [] and viewer.errors == []
    poster.context.close()
    viewer.context.close()


def test_a_one_plus_one_duel_from_the_lobby_lost_on_time(browser: Any,
                                                        clock_server: Server) -> None:
    ann, ben = one_plus_one_from_the_lobby(browser, clock_server, "Ann")
    ann.screenshot(path=str(SHOTS / "lobby-clock-table-en-desktop.png"))
    ben.screenshot(path=str(SHOTS / "lobby-clock-table-de-phone.png"))
    table = ann.url.split("/t/")[1].split("?")[0]
    info = httpx.get(f"{clock_server.url}/api/tables/{table}").json()
    names = {seat["seat"]: seat["name"] for seat in info["seats"]}
    assert "Ann" in names.values()
    loser = names[info["clock"]["seat"]]
    for page in (ann, ben):
        page.locator("#result").wait_for()
    assert "ran out of time" in ann.locator("#result").inner_text()
    assert "abgelaufen" in ben.locator("#result").inner_text()
    assert loser in ann.locator("#result").inner_text()
    ann.screenshot(path=str(SHOTS / "lobby-clock-lost-en-desktop.png"))
    ben.screenshot(path=str(SHOTS / "lobby-clock-lost-de-phone.png"))
    assert ann.errors == [] and ben.errors == []
    ann.context.close()
    ben.context.close()

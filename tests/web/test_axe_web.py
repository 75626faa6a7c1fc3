"""No WCAG 2.1 AA violation that axe-core finds, on every page type of the site: home, new
table, each game's table mid-game (phone and desktop), the why-not answer, an invite,
a spectator, the rules in English and German, the Score tab, a group, a review, the
replay (its upload page and a finished game stepped through) and the tutorial: each of the
four guided games' start page and its table with the guide, in English and German. Every
page is checked in the light theme and in the dark one (the device set to dark: the site
follows it), contrast included."""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe import assert_accessible
from harness import Server
from webplay import DESKTOP, PHONE, new_page, play_one_move, wait_ready

GAMES = ("duel", "paternoster", "duel52", "matebeta")
OPTIONS = {"paternoster": {"players": 2}}
THEMES = ["light", "dark"]


def themed(page: Any, theme: str) -> Any:
    """The page as on a device set to ``theme``: the site's "system" theme follows it."""
    page.emulate_media(color_scheme=theme)
    page.theme = theme
    return page


def check(page: Any, what: str) -> None:
    """axe-core on the page, once the page shows the theme it was given."""
    assert page.evaluate("document.documentElement.dataset.theme") == page.theme
    assert_accessible(page, f"{what}, {page.theme}")


WAITS_FOR_ME = """() => { const p = document.getElementById('table-page');
  return p.dataset.status !== 'playing' || (p.dataset.legal !== '0'
    && p.dataset.forced !== '1' && !p.classList.contains('busy')); }"""
"""The table waits for this seat: over, or this seat has a move to choose (none on its way,
no forced card about to play itself). Nothing changes the table until the seat moves, so a
why-not answer, which goes away when the table changes, stays on the page."""


def tap_in_view(target: Any) -> None:
    """A tap on ``target``'s middle, scrolled to the middle of the viewport first: just above
    the foot of the viewport the sticky action bar covers the board. What a tap there
    reaches is checked, since ``force`` (the target is aria-disabled, and Playwright waits
    for such an element to be enabled) skips Playwright's own check."""
    reached = target.evaluate("""(e) => { e.scrollIntoView({block: 'center', inline: 'center',
        behavior: 'instant'}); const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && e.contains(hit) ? '' : (hit ? hit.outerHTML.slice(0, 120) : 'nothing'); }""")
    assert reached == "", f"a tap on {target} reaches {reached}"
    target.click(force=True)


def shown(page: Any, url: str) -> Any:
    page.goto(url)
    page.wait_for_load_state("load")
    return page


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_site_pages(browser: Any, server: Server, lang: str, theme: str) -> None:
    page = themed(new_page(browser, DESKTOP), theme)
    for path in ["/", *(f"/play/{g}" for g in GAMES), *(f"/rules/{g}" for g in GAMES),
                 "/campaign", "/review", "/play/no-such-game"]:
        shown(page, f"{server.url}{path}?lang={lang}")
        if path == "/review":
            page.wait_for_selector("#rv-form[data-ready]")
        check(page, f"{path} ({lang})")
    # a group of the Tower campaign
    page.fill("#group-name", "Axe") if page.url.endswith("/campaign") else None
    shown(page, f"{server.url}/campaign?lang={lang}")
    page.fill("#group-name", "Axe")
    page.click("#create-group")
    page.wait_for_url(re.compile(r".*/g/[A-Za-z0-9_-]+$"))
    check(page, f"group ({lang})")
    page.context.close()


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("look", ["phone", "desktop"])
@pytest.mark.parametrize("game", GAMES)
def test_each_game_table_mid_game(browser: Any, server: Server, game: str, look: str,
                                  theme: str) -> None:
    created = server.create(game=game, options=OPTIONS.get(game, {}),
                            seats=[{"kind": "human"}, {"kind": "computer"}])
    page = themed(new_page(browser, PHONE if look == "phone" else DESKTOP,
                           "en-GB" if look == "phone" else "de-DE"), theme)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    page.wait_for_function("() => document.getElementById('table-page').dataset.legal !== '0'",
                           timeout=30000)
    play_one_move(page)
    page.wait_for_function(WAITS_FOR_ME, timeout=30000)
    check(page, f"{game} table, {look}")
    # a card chosen: its targets highlighted (a MateBeta card has none: it is played, and
    # the computer answers), the others explained on a tap
    playable = page.locator("#board .playable")
    if playable.count():
        playable.first.click()
        page.wait_for_function(WAITS_FOR_ME, timeout=30000)
        check(page, f"{game} table, a card chosen, {look}")
    page.keyboard.press("Escape")
    unusable = page.locator("#board [data-why]")
    if unusable.count():
        tap_in_view(unusable.first)
        page.wait_for_selector("#why:not([hidden])")
        check(page, f"{game} table, why not, {look}")
    page.context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_invite_spectator_and_finished_pages(browser: Any, server: Server, theme: str) -> None:
    created = server.create(game="duel", creator_name="Ann")
    page = themed(new_page(browser, PHONE), theme)
    page.goto(created["links"]["invites"]["1"])
    wait_ready(page)
    check(page, "invite")
    page.goto(f"{server.url}/t/{created['table']['id']}")
    wait_ready(page)
    check(page, "spectator of a waiting table")
    # a MateBeta game the computer plays alone: its spectator, its end and its review
    alone = server.create(game="matebeta", creator_seat=None, match_games=2,
                          seats=[{"kind": "computer", "strength": "beginner"}] * 2)
    table_id = alone["table"]["id"]
    page.goto(f"{server.url}/t/{table_id}")
    wait_ready(page)
    check(page, "spectator of a running game")
    page.wait_for_selector("#result", timeout=60000)
    check(page, "a finished game")
    page.goto(f"{server.url}/review?table={table_id}&game_no=1")
    page.wait_for_selector("#rv-table tbody tr", timeout=60000)
    check(page, "review")
    page.context.close()


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_each_guided_game(browser: Any, server: Server, game: str, lang: str,
                          theme: str) -> None:
    page = themed(new_page(browser, PHONE if lang == "en" else DESKTOP), theme)
    shown(page, f"{server.url}/learn/{game}?lang={lang}")
    page.wait_for_selector("#learn-start[data-ready]")
    check(page, f"tutorial start of {game} ({lang})")
    page.click("#learn-start")
    page.wait_for_url("**/t/*")
    wait_ready(page)
    page.wait_for_selector("#coach[data-tip='welcome']")
    check(page, f"tutorial table of {game} ({lang})")
    page.click("#coach-ok")
    page.wait_for_function("() => document.getElementById('coach').dataset.tip !== 'welcome'")
    check(page, f"tutorial table of {game}, the next tip ({lang})")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_replay_pages(browser: Any, server: Server, theme: str) -> None:
    alone = server.create(game="duel52", creator_seat=None,
                          seats=[{"kind": "computer", "strength": "beginner"}] * 2)
    table_id = alone["table"]["id"]
    page = themed(new_page(browser, PHONE), theme)
    shown(page, f"{server.url}/replay")
    page.wait_for_selector("#rp-form[data-ready]")
    check(page, "replay, the upload page")
    page.goto(f"{server.url}/t/{table_id}")
    page.wait_for_selector("#result #watch-again", timeout=120000)
    page.goto(f"{server.url}/replay?table={table_id}&game_no=1&lang=de")
    page.wait_for_selector("#rp-main:not([hidden])")
    check(page, "replay of a finished game (de)")
    where = page.inner_text("#rp-where")
    page.click("#rp-prev")
    page.wait_for_function("(w) => document.getElementById('rp-where').innerText !== w", arg=where)
    check(page, "replay, a step back (de)")
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_pages_on_a_phone(browser: Any, server: Server, lang: str) -> None:
    """On a phone the rules' wide tables scroll sideways: each scroll box is reachable by
    keyboard, a region named by its caption or heading."""
    page = themed(new_page(browser, PHONE), "light")
    for game in GAMES:
        shown(page, f"{server.url}/rules/{game}?lang={lang}")
        check(page, f"/rules/{game} on a phone ({lang})")
        for box in page.locator(".table-wrap").all():
            assert box.get_attribute("tabindex") == "0" and box.get_attribute("aria-label")
    page.context.close()


@pytest.mark.parametrize("look", ["phone", "desktop"])
def test_duel52_lanes_with_a_card_chosen(browser: Any, server: Server, look: str) -> None:
    """A card of the hand chosen: the lanes it may go to light up, and their buttons (the
    lanes' titles) hold no other button."""
    created = server.create(game="duel52", seats=[{"kind": "human"}, {"kind": "computer"}])
    page = themed(new_page(browser, PHONE if look == "phone" else DESKTOP), "light")
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    page.wait_for_selector("#board .hand .playable", timeout=30000)
    page.locator("#board .hand .playable").first.click()
    page.wait_for_selector("#board .lane-title.target")
    check(page, f"duel52, a hand card chosen, {look}")
    # a tap anywhere in a lane still plays into it
    version = page.get_attribute("#table-page", "data-version")
    lane = page.locator("#board .lane:has(> .lane-title.target)").first
    lane.locator(".lane-side.mine").click(position={"x": 2, "y": 2})
    page.wait_for_function("(v) => document.getElementById('table-page').dataset.version !== v",
                           arg=version)
    assert page.errors == []
    page.context.close()

"""An invite link someone has used, opened by a third person: the page says the seat is
taken from its first paint, in English and German, offers to watch instead, and offers no
"Take the seat" to tap (it used to, and refused only after the tap, with a 409)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe import assert_accessible
from harness import Server
from webplay import DESKTOP, PHONE, new_page, wait_ready

WORDS = {
    "en": ("This seat is already taken",
           "Someone has already taken this seat with this invite link: each link opens its "
           "seat once.", "You can watch the game instead.", "Watch the table",
           "You are watching this table.", "This table has no spectators."),
    "de": ("Dieser Platz ist schon vergeben",
           "Mit diesem Einladungslink hat schon jemand den Platz eingenommen: Jeder Link "
           "öffnet seinen Platz nur einmal.", "Du kannst stattdessen zuschauen.",
           "Zuschauen", "Du schaust an diesem Tisch zu.", "An diesem Tisch darf niemand "
           "zuschauen."),
}


def used_invite(server: Server, **body: Any) -> tuple[str, str]:
    """A duel of Ann's whose invite Bob has used: (table id, the invite's link)."""
    created = server.create(game="duel", creator_name="Ann", match_wins=0, **body)
    table_id = created["table"]["id"]
    r = httpx.post(f"{server.url}/api/tables/{table_id}/seats/1",
                   json={"invite": created["invites"]["1"], "name": "Bob"})
    assert r.status_code == 200, r.text
    return table_id, created["links"]["invites"]["1"]


@pytest.mark.parametrize(("lang", "viewport"), [("en", PHONE), ("de", DESKTOP)])
def test_a_used_invite_says_the_seat_is_taken_and_offers_to_watch(
        browser: Any, server: Server, artifacts: Path, lang: str,
        viewport: dict[str, int]) -> None:
    title, why, instead, watch, watching, _ = WORDS[lang]
    table_id, link = used_invite(server)
    # the page as sent, before any script: the seat is taken, and there is no seat to take
    # (a client of its own: the harness's holds Bob's seat cookie from the claim)
    html = httpx.get(f"{link}&lang={lang}").text
    assert title in html and why in html and instead in html and watch in html
    assert 'id="join"' not in html
    page = new_page(browser, viewport, "en-GB" if lang == "en" else "de-DE")
    page.emulate_media(color_scheme="light" if lang == "en" else "dark")  # both themes read
    page.goto(link)
    wait_ready(page)
    panel = page.locator("#panel")
    assert panel.locator("h2").inner_text() == title
    text = panel.inner_text()
    assert why in text and instead in text
    assert page.locator("#join").count() == 0
    assert "Bob" not in text and "Take the seat" not in text and "Platz nehmen" not in text
    assert_accessible(page, f"a used invite ({lang})")
    page.screenshot(path=str(artifacts / f"invite-used-{lang}.png"))
    page.click("#watch")
    page.wait_for_url(re.compile(rf".*/t/{table_id}$"))
    wait_ready(page)
    assert page.locator("#seat-taken").count() == 0
    assert watching in page.locator("#status").inner_text()
    assert page.errors == []
    page.context.close()


def test_a_used_invite_at_a_table_without_spectators(browser: Any, server: Server) -> None:
    """No one may watch there: the page says so, and offers a table of one's own."""
    title, *_, no_spectators = WORDS["en"]
    _table_id, link = used_invite(server, spectators=False)
    page = new_page(browser, PHONE)
    page.goto(link)
    page.wait_for_selector("#seat-taken")
    assert page.locator("#seat-taken h2").inner_text() == title
    assert no_spectators in page.locator("#seat-taken").inner_text()
    assert page.locator("#watch").count() == 0
    assert page.locator("#seat-taken a[href='/play/duel']").count() == 1
    page.context.close()


def test_an_invite_taken_meanwhile_and_a_refused_tap(browser: Any, server: Server) -> None:
    """Someone takes the seat while the invite is open: the page says so at once. And
    should a tap still come too late, the refusal is read in words."""
    created = server.create(game="duel", creator_name="Ann", match_wins=0)
    table_id = created["table"]["id"]
    page = new_page(browser, PHONE, "de-DE")
    page.goto(created["links"]["invites"]["1"])
    wait_ready(page)
    assert page.locator("#join").count() == 1
    page.route(f"**/api/tables/{table_id}/seats/1", lambda route: route.fulfill(
        status=409, content_type="application/json",
        body='{"error": {"code": "taken", "message": "seat 1 is already taken"}}'))
    page.click("#join")
    page.wait_for_function("() => document.querySelector('#panel .form-error').textContent")
    assert "Diesen Platz hat schon jemand eingenommen." in page.inner_text("#panel .form-error")
    page.unroute(f"**/api/tables/{table_id}/seats/1")
    server.claim(table_id, 1, created["invites"]["1"])
    page.wait_for_selector("#seat-taken")
    assert page.locator("#seat-taken h2").inner_text() == WORDS["de"][0]
    assert page.locator("#join").count() == 0
    assert page.errors == []
    page.context.close()

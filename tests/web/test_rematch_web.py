"""Two people at a table in two browsers (not rated): before the second move either may
abort the game (the browser asks first), and it ends without a result; "Next game" is then
an offer the other sees and declines, then an offer the other accepts, and the next game
starts for both. English and German, phone and desktop; screenshots for people to look at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
from harness import Server
from webplay import DESKTOP, PHONE, new_page

SHOTS = Path(os.environ.get("CARDTABLE_ACCOUNT_SHOTS", "/tmp/shots/accounts"))
SIZES = {"phone": PHONE, "desktop": DESKTOP}
WORDS = {
    "en": {"abort": "Abort", "ask": "Abort this game? It ends without a result and is not "
           "rated.", "aborted": "The game was aborted: no result.",
           "offer": "Ann offers the next game.", "accept": "Accept", "decline": "Decline",
           "declined": "Ben declined the next game.", "you_declined": "You declined the "
           "next game.", "waiting": "You offered the next game: waiting for the answer."},
    "de": {"abort": "Spiel abbrechen", "ask": "Dieses Spiel abbrechen? Es endet ohne "
           "Ergebnis und wird nicht gewertet.",
           "aborted": "Das Spiel wurde abgebrochen: kein Ergebnis."},
}


def two_people(server: Server) -> tuple[str, str, str]:
    """An unrated duel (single games) of Ann and Ben: (table, Ann's token, Ben's)."""
    created = server.create(game="duel", match_wins=0, creator_name="Ann")
    table_id = created["table"]["id"]
    r = httpx.post(f"{server.url}/api/tables/{table_id}/seats/1",
                   json={"invite": created["invites"]["1"], "name": "Ben"}, timeout=30)
    assert r.status_code == 200, r.text
    return table_id, created["token"], r.json()["token"]


def seated(browser: Any, server: Server, table_id: str, token: str, lang: str = "en") -> Any:
    page = new_page(browser, DESKTOP, "en-GB" if lang == "en" else "de-DE")
    page.goto(f"{server.url}/t/{table_id}?key={token}&lang={lang}")
    page.wait_for_selector("#table-page[data-status]")
    return page


def text(page: Any, selector: str) -> str:
    return str(page.locator(selector).inner_text())


def test_abort_then_an_offer_declined_then_accepted(browser: Any, server: Server) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    table_id, ann_token, ben_token = two_people(server)
    ann, ben = (seated(browser, server, table_id, t) for t in (ann_token, ben_token))
    # the Abort button, in each language and size (the game has no move yet)
    for lang, words in WORDS.items():
        for size_name, size in SIZES.items():
            ann.set_viewport_size(size)
            ann.goto(f"{server.url}/t/{table_id}?lang={lang}")
            ann.locator("#abort").wait_for(state="visible")
            assert text(ann, "#abort") == words["abort"]
            ann.screenshot(path=str(SHOTS / f"table-abort-{lang}-{size_name}.png"))
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        if len(asked) == 1:
            dialog.dismiss()  # not now: nothing happens
        else:
            dialog.accept()

    ann.on("dialog", answer)
    ann.locator("#abort").click()
    ann.locator("#abort").click()
    assert asked == [WORDS["de"]["ask"]] * 2  # the page was last opened in German
    for page in (ann, ben):
        page.locator("#result").wait_for(state="visible")
    assert WORDS["en"]["aborted"] in text(ben, "#result")
    assert WORDS["de"]["aborted"] in text(ann, "#result")
    ann.goto(f"{server.url}/t/{table_id}?lang=en")
    ann.locator("#result").wait_for(state="visible")
    # Ann offers the next game; Ben sees the offer and declines
    words = WORDS["en"]
    ann.locator("#again").click()
    assert text(ann, "#rematch-waiting") == words["waiting"]
    ben.locator("#rematch-offer").wait_for(state="visible")
    assert text(ben, "#rematch-offer") == words["offer"]
    assert text(ben, "#again") == words["accept"] and text(ben, "#decline") == words["decline"]
    for lang in ("en", "de"):
        for size_name, size in SIZES.items():
            ben.set_viewport_size(size)
            ben.goto(f"{server.url}/t/{table_id}?lang={lang}")
            ben.locator("#rematch-offer").wait_for(state="visible")
            ben.screenshot(path=str(SHOTS / f"table-offer-{lang}-{size_name}.png"))
    ben.goto(f"{server.url}/t/{table_id}?lang=en")
    ben.locator("#decline").click()
    ann.locator("#rematch-declined").wait_for(state="visible")
    assert text(ann, "#rematch-declined") == words["declined"]
    ben.locator("#rematch-declined").wait_for(state="visible")
    assert text(ben, "#rematch-declined") == words["you_declined"]
    # Ann offers again, by keyboard; Ben accepts: the next game starts for both
    ann.locator("#again").focus()
    ann.keyboard.press("Enter")
    ben.locator("#rematch-offer").wait_for(state="visible")
    ben.locator("#again").click()
    for page in (ann, ben):
        page.wait_for_function("() => document.getElementById('table-page').dataset.status"
                               " === 'playing'")
        page.locator("#abort").wait_for(state="visible")
    assert ann.errors == [] and ben.errors == []
    for page in (ann, ben):
        page.context.close()


def test_against_the_computer_there_is_no_abort_row(browser: Any, server: Server) -> None:
    """Against the computer a new game is a tap away: no Abort, as no Resign (the next
    game starts at once there: tests/server/test_rematch.py)."""
    created = server.create(game="duel", match_wins=0, seats=[
        {"kind": "human"}, {"kind": "computer"}])
    table_id = created["table"]["id"]
    page = seated(browser, server, table_id, created["token"])
    assert page.locator("#abort").count() == 0 and page.locator("#resign").count() == 0
    page.context.close()


def test_a_paternoster_team_stops_the_ride_together_and_has_no_abort(
        browser: Any, server: Server) -> None:
    """In the cooperative game the Resign row's button stops the ride for the team (the
    game module says so), in English and German, and there is no Abort."""
    created = server.create(game="paternoster", options={"players": 2}, creator_name="Ann",
                            seats=[{"kind": "human"}, {"kind": "human"}])
    table_id = created["table"]["id"]
    r = httpx.post(f"{server.url}/api/tables/{table_id}/seats/1",
                   json={"invite": created["invites"]["1"], "name": "Ben"}, timeout=30)
    assert r.status_code == 200, r.text
    page = seated(browser, server, table_id, created["token"])
    for lang, button in {"en": "Stop the ride", "de": "Fahrt beenden"}.items():
        page.goto(f"{server.url}/t/{table_id}?lang={lang}")
        page.locator("#resign").wait_for(state="visible")
        assert text(page, "#resign") == button
        assert page.locator("#abort").count() == 0
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.goto(f"{server.url}/t/{table_id}?lang=en")
    page.locator("#resign").click()  # the dialog is answered before the click returns
    assert asked == ["Stop the ride? The team loses it."]

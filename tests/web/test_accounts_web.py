"""Accounts in two browsers: both sign up on the account page, a rated duel by invite,
one resigns, both profiles list the game and the ratings moved apart; the profile and the
account page on a phone and a desktop, in English and German, for people to look at."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from harness import Server

PASSWORD = "tulip-kettle-93"
SHOTS = Path(os.environ.get("CARDTABLE_ACCOUNT_SHOTS", "/tmp/accounts/shots"))
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


def sign_up(page: Any, server: Server, name: str) -> None:
    page.goto(f"{server.url}/account")
    form = page.locator("#sign-up")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    page.wait_for_url(re.compile(rf"/@/{name}$"))


def api(page: Any, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """A request from the page itself, with its cookies, as its scripts would send it."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const r = await fetch(path, {method, headers: {"Content-Type": "application/json"},
                                         body: body ? JSON.stringify(body) : undefined});
            return {status: r.status, body: await r.json()};
        }""", [method, path, body])


def test_two_people_a_rated_duel_one_resigns_both_profiles(browser: Any, server: Server) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    people = {}
    for name in ("ann_web", "ben_web"):
        context = browser.new_context(viewport=SIZES["desktop"])
        people[name] = context.new_page()
        sign_up(people[name], server, name)
    ann, ben = people["ann_web"], people["ben_web"]
    created = api(ann, "POST", "/api/tables", {"game": "duel", "rated": True})
    assert created["status"] == 201, created
    table_id = created["body"]["table"]["id"]
    invite = created["body"]["invites"]["1"]
    claimed = api(ben, "POST", f"/api/tables/{table_id}/seats/1", {"invite": invite})
    assert claimed["status"] == 200, claimed
    ann.goto(f"{server.url}/t/{table_id}")
    ben.goto(f"{server.url}/t/{table_id}")
    # Ann resigns with the keyboard, and confirms
    ann.on("dialog", lambda dialog: dialog.accept())
    ann.locator("#resign").focus()
    ann.keyboard.press("Enter")
    ben.locator("#result").wait_for(state="visible")
    ben.locator("#rating-change").wait_for(state="visible")
    assert "+" in ben.locator("#rating-change").inner_text()
    ann.locator("#rating-change").wait_for(state="visible")
    assert "-" in ann.locator("#rating-change").inner_text()
    ben.screenshot(path=str(SHOTS / "result-ben-en-desktop.png"))

    ratings = {}
    for name, page in people.items():
        page.goto(f"{server.url}/@/{name}")
        games = page.locator(".played li")
        assert games.count() == 1
        assert "rated" in games.first.inner_text()
        ratings[name] = int(page.locator(".ratings .rating").first.inner_text())
    assert ratings["ben_web"] > 1500 > ratings["ann_web"]
    assert "Won" in ben.locator(".played li").first.inner_text()
    assert "Lost" in ann.locator(".played li").first.inner_text()

    for lang in ("en", "de"):
        for size_name, size in SIZES.items():
            ben.set_viewport_size(size)
            ben.goto(f"{server.url}/@/ben_web?lang={lang}")
            ben.screenshot(path=str(SHOTS / f"profile-{lang}-{size_name}.png"), full_page=True)
            ben.goto(f"{server.url}/account?lang={lang}")
            ben.screenshot(path=str(SHOTS / f"account-signed-in-{lang}-{size_name}.png"),
                           full_page=True)
            ben.goto(f"{server.url}/t/{table_id}?lang={lang}")
            ben.locator("#rating-change").wait_for(state="visible")
            ben.screenshot(path=str(SHOTS / f"result-{lang}-{size_name}.png"))
    # the next game is an offer: Ben offers, Ann sees it and accepts
    ann.goto(f"{server.url}/t/{table_id}")
    ann.locator("#result").wait_for(state="visible")
    ben.locator("#again").click()
    ben.locator("#rematch-waiting").wait_for(state="visible")
    ann.locator("#rematch-offer").wait_for(state="visible")
    assert "ben_web" in ann.locator("#rematch-offer").inner_text()
    for lang in ("en", "de"):
        for size_name, size in SIZES.items():
            ann.set_viewport_size(size)
            ann.goto(f"{server.url}/t/{table_id}?lang={lang}")
            ann.locator("#rematch-offer").wait_for(state="visible")
            ann.screenshot(path=str(SHOTS / f"rematch-offer-{lang}-{size_name}.png"))
    ann.goto(f"{server.url}/t/{table_id}?lang=en")
    ann.locator("#again").click()
    for page in (ann, ben):
        page.locator("#resign").wait_for(state="visible")  # game 2 runs

    stranger = browser.new_context(viewport=SIZES["phone"]).new_page()
    for lang in ("en", "de"):
        stranger.goto(f"{server.url}/account?lang={lang}")
        stranger.screenshot(path=str(SHOTS / f"account-{lang}-phone.png"), full_page=True)
    stranger.keyboard.press("Tab")
    for page in (ann, ben, stranger):
        page.context.close()


def test_a_resigned_matebeta_game_has_its_result_panel(browser: Any, server: Server) -> None:
    """MateBeta's panel reads mates and points: a resignation has neither, and is said."""
    created = server.create(game="matebeta")
    table_id, invite = created["table"]["id"], created["invites"]["1"]
    server.claim(table_id, 1, invite)
    page = browser.new_context(viewport=SIZES["phone"]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/t/{table_id}?key={created['token']}")
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#resign").click()
    page.locator("#result").wait_for(state="visible")
    assert "resigned" in page.locator("#result").inner_text()
    assert errors == []
    page.screenshot(path=str(SHOTS / "result-matebeta-resigned-en-phone.png"))
    page.context.close()

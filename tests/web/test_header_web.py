"""The header names the signed-in player, linking to their profile (which links to the
account page); signed out it offers to sign in. English and German, phone and desktop."""

from __future__ import annotations

import re
from typing import Any

from harness import Server
from test_accounts_web import SIZES, api

WORDS = {"en": ("Sign in", "{name}, signed in: your profile"),
         "de": ("Anmelden", "{name}, angemeldet: dein Profil")}


def test_the_header_names_the_signed_in_player(browser: Any, server: Server) -> None:
    page = browser.new_context(viewport=SIZES["phone"]).new_page()
    for lang, (sign_in, _label) in WORDS.items():
        page.goto(f"{server.url}/?lang={lang}")
        link = page.locator("#nav-account")
        assert link.inner_text() == sign_in and link.get_attribute("href") == "/account"
    page.goto(f"{server.url}/account?lang=en")
    assert api(page, "POST", "/api/accounts", {"name": "山田たろう",
                                               "password": "tulip-kettle-93"})["status"] == 201
    for lang, (_sign_in, label) in WORDS.items():
        for size in SIZES.values():
            page.set_viewport_size(size)
            page.goto(f"{server.url}/play/duel?lang={lang}")
            link = page.get_by_role("link", name=label.format(name="山田たろう"))
            assert link.inner_text() == "山田たろう" and link.is_visible()
            box = link.bounding_box()
            assert box is not None and box["x"] + box["width"] <= size["width"]
    page.locator("#nav-account").click()
    page.wait_for_url(re.compile(r"/@/"))
    assert page.locator("#nav-account").get_attribute("aria-current") == "page"
    page.locator("#account-link").click()
    page.wait_for_url(re.compile(r"/account$"))
    page.locator("#sign-out").click()
    page.wait_for_function(  # the page reloads signed out, in German as chosen last
        "() => document.getElementById('nav-account').textContent.trim() === 'Anmelden'")
    assert page.locator("#nav-account").get_attribute("href") == "/account"
    # someone else's profile does not offer the account page
    page.goto(f"{server.url}/@/山田たろう")
    assert page.locator("#account-link").count() == 0

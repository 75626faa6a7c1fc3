"""The account pages for keyboards and screen readers: no WCAG 2.1 AA violation that
axe-core finds on the account page (signed out and in), a profile with ratings, its chart
and games, and the header with the player's name, in English and German, light and dark;
the sign-in and sign-up forms are used with the keyboard alone, in the order they read,
every field named by its label, a refusal said aloud (role alert)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from harness import Server
from test_accounts_web import PASSWORD, api
from test_axe_web import THEMES, check, themed
from webplay import DESKTOP, PHONE, new_page


def rated_game_between(server: Server, first: Any, second: Any) -> None:
    """A rated duel of the two pages' accounts, resigned by the second."""
    created = api(first, "POST", "/api/tables", {"game": "duel", "rated": True})
    assert created["status"] == 201, created
    table_id = created["body"]["table"]["id"]
    claimed = api(second, "POST", f"/api/tables/{table_id}/seats/1",
                  {"invite": created["body"]["invites"]["1"]})
    assert claimed["status"] == 200, claimed
    second.goto(f"{server.url}/t/{table_id}")
    second.on("dialog", lambda dialog: dialog.accept())
    second.locator("#resign").click()
    second.locator("#result").wait_for(state="visible")


@pytest.mark.parametrize("theme", THEMES)
def test_the_account_pages_have_no_axe_violations(browser: Any, server: Server,
                                                  theme: str) -> None:
    pages = []
    for name in (f"axe_a_{theme}", f"axe_b_{theme}"):
        page = themed(new_page(browser, DESKTOP), theme)
        for lang in ("en", "de"):
            page.goto(f"{server.url}/account?lang={lang}")
            check(page, f"account, signed out ({lang})")
        assert api(page, "POST", "/api/accounts", {"name": name, "password": PASSWORD}
                   )["status"] == 201
        pages.append(page)
    for _ in range(2):  # two games: the profile draws its chart
        rated_game_between(server, *pages)
    page = pages[0]
    for lang in ("en", "de"):
        for size in (DESKTOP, PHONE):
            page.set_viewport_size(size)
            page.goto(f"{server.url}/@/axe_a_{theme}?lang={lang}")
            assert page.locator(".rating-chart").count() == 1
            assert page.locator(".played li").count() == 2
            check(page, f"profile with ratings ({lang}, {size['width']} px)")
            page.goto(f"{server.url}/account?lang={lang}")
            check(page, f"account, signed in ({lang}, {size['width']} px)")
            page.goto(f"{server.url}/?lang={lang}")
            check(page, f"home with the player's name ({lang}, {size['width']} px)")
    for page in pages:
        page.context.close()


def focused(page: Any) -> str:
    """What has the focus: its id, else its name and label."""
    return str(page.evaluate("""() => {
        const e = document.activeElement;
        return e.id || `${e.tagName.toLowerCase()}[${e.name || e.textContent.trim()}]`;
    }"""))


def test_sign_up_and_in_with_the_keyboard_alone(browser: Any, server: Server) -> None:
    page = new_page(browser, PHONE)
    page.goto(f"{server.url}/account?lang=en")
    for form in ("#sign-in", "#sign-up"):  # every field and button has its name
        for label in ("Name", "Password"):
            assert page.locator(form).get_by_label(label).count() == 1
    assert page.locator("#account-message").get_attribute("role") == "alert"
    assert page.get_by_role("heading", name="Sign up").count() == 1
    # from the sign-in form's name, Tab goes through the forms in reading order
    page.locator("#sign-in input[name=name]").focus()
    order = [focused(page)]
    for _ in range(5):
        page.keyboard.press("Tab")
        order.append(focused(page))
    assert order == ["input[name]", "input[password]", "button[Sign in]", "input[name]",
                     "input[password]", "button[Sign up]"]
    # sign up by keyboard: type, Tab, type, Enter
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.type("keyboard_kim")
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/@/keyboard_kim$"))
    # the header's name is a link the keyboard reaches, named for screen readers
    link = page.get_by_role("link", name="keyboard_kim, signed in: your profile")
    link.focus()
    assert focused(page) == "nav-account"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/@/keyboard_kim$"))
    page.locator("#account-link").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/account$"))
    page.locator("#sign-out").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.getElementById('nav-account').textContent.trim() === 'Sign in'")
    # a wrong password, by keyboard: said in the alert, the form keeps its place
    page.locator("#sign-in input[name=name]").focus()
    page.keyboard.type("keyboard_kim")
    page.keyboard.press("Tab")
    page.keyboard.type("not-the-password")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.getElementById('account-message').textContent.length > 0")
    assert page.locator("#account-message").inner_text() == "wrong name or password"
    assert page.errors == []
    page.context.close()

"""The colour theme: it follows the device (light or dark, and a change while the page is
open) until the player picks light or dark in the top bar's switch; the choice is kept in
this browser and applied by the head's early script, before the page is painted and
before any module runs. (The axe run checks every page type's contrast in both themes.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, PHONE, new_page

PAPER = {"light": "rgb(246, 243, 236)", "dark": "rgb(18, 24, 21)"}
BAR = {"light": "#ffffff", "dark": "#1c2420"}
OPTIONS = {"en": ["System", "Light", "Dark"], "de": ["System", "Hell", "Dunkel"]}


def shows(page: Any) -> dict[str, Any]:
    """The theme the page shows: <html>'s data, the page's colour, the browser bar's."""
    found: dict[str, Any] = page.evaluate("""() => ({
        theme: document.documentElement.dataset.theme,
        choice: document.documentElement.dataset.themeChoice,
        paper: getComputedStyle(document.documentElement).backgroundColor,
        bar: document.querySelector('meta[name="theme-color"]').content,
        scheme: getComputedStyle(document.documentElement).colorScheme })""")
    return found


def assert_theme(page: Any, theme: str, choice: str) -> None:
    assert shows(page) == {"theme": theme, "choice": choice, "paper": PAPER[theme],
                           "bar": BAR[theme], "scheme": theme}


def test_the_theme_follows_the_device_until_the_player_picks_one(browser: Any,
                                                                  server: Server) -> None:
    page = new_page(browser, DESKTOP)
    page.emulate_media(color_scheme="light")
    page.goto(f"{server.url}/play/duel")
    assert page.input_value("#theme") == "system"
    assert_theme(page, "light", "system")
    page.emulate_media(color_scheme="dark")  # the device turns dark while the page is open
    page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
    assert_theme(page, "dark", "system")
    # the player picks light: the device's dark no longer counts, here and on the next page
    page.select_option("#theme", "light")
    assert_theme(page, "light", "light")
    page.goto(f"{server.url}/rules/duel")
    assert page.input_value("#theme") == "light"
    assert_theme(page, "light", "light")
    page.select_option("#theme", "system")
    assert_theme(page, "dark", "system")
    assert page.evaluate("localStorage.getItem('ct-theme')") == "system"
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("path", ["/", "/review", "/campaign"])
def test_a_chosen_theme_is_there_before_any_module_runs(browser: Any, server: Server,
                                                        path: str) -> None:
    page = new_page(browser, PHONE)
    page.emulate_media(color_scheme="light")
    page.goto(f"{server.url}/")
    page.select_option("#theme", "dark")
    # no module of the site runs now: only the head's early script can set the theme
    refused: list[str] = []

    def refuse(route: Any) -> None:
        refused.append(route.request.url)
        route.abort()

    page.route(lambda url: "/static/js/" in url and "/early.js" not in url, refuse)
    page.goto(f"{server.url}{path}")
    assert refused and page.evaluate("document.getElementById('theme').value") == "system"
    assert_theme(page, "dark", "dark")
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_switch_reads_in_both_languages(browser: Any, server: Server, artifacts: Path,
                                            lang: str) -> None:
    page = new_page(browser, PHONE, "en-GB" if lang == "en" else "de-DE")
    page.emulate_media(color_scheme="dark")
    page.goto(f"{server.url}/?lang={lang}")
    options = page.locator("#theme option").all_inner_texts()
    assert [o.strip() for o in options] == OPTIONS[lang]
    name = page.evaluate("document.querySelector('label.theme-pick .sr-only').textContent")
    assert name == ("Colour theme" if lang == "en" else "Farbschema")
    box = page.locator("#theme").bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    page.screenshot(path=str(artifacts / f"home-dark-phone-{lang}.png"))
    page.context.close()

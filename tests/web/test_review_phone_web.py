"""The MateBeta review's analysis board on a small phone (360 x 740): the step buttons and
the whole board fit one screen. The step bar stays at the top while the board and the
moves under it are in view, and the board scrolled to stops below the bar, however many
rows the bar takes (trying another line adds "Back to the game")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import new_page

SMALL_PHONE = {"width": 360, "height": 740}
RECORD = Path(__file__).parents[1] / "golden" / "matebeta" / "bots-perfect-perfect-5.json"
STEPS = ("#rv-first", "#rv-prev", "#rv-next", "#rv-last")


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }", selector)
    return found


def in_view(page: Any, selector: str) -> bool:
    b = box(page, selector)
    return (b["top"] >= 0 and b["bottom"] <= SMALL_PHONE["height"] and b["left"] >= 0
            and b["right"] <= SMALL_PHONE["width"])


def assert_fits(page: Any, what: str) -> None:
    """The step buttons and the whole board on the screen at once, the bar not over it."""
    page.evaluate("document.getElementById('board').scrollIntoView()")
    for selector in STEPS:
        assert in_view(page, selector), (what, selector, box(page, selector))
    board, bar = box(page, "#board"), box(page, "#rv-stepbar")
    assert bar["bottom"] <= board["top"] + 1, (what, bar, board)
    assert board["bottom"] <= SMALL_PHONE["height"], (what, board)


def step_to(page: Any, selector: str) -> None:
    where = page.inner_text("#rv-where")
    page.click(selector)
    page.wait_for_function("(w) => document.getElementById('rv-where').innerText !== w",
                           arg=where)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_step_buttons_and_the_board_fit_a_phone_screen(
        browser: Any, server: Server, artifacts: Path, lang: str) -> None:
    page = new_page(browser, SMALL_PHONE, "en-GB" if lang == "en" else "de-DE")
    page.set_default_timeout(60000)
    page.goto(f"{server.url}/review?lang={lang}")
    page.wait_for_selector("#rv-form[data-ready]")
    page.fill("#rv-text", RECORD.read_text(encoding="utf-8"))
    page.click("#rv-go")
    page.wait_for_selector("#rv-table tbody tr")
    page.wait_for_function("() => document.getElementById('rv-where').textContent.length > 0")
    assert_fits(page, "the game's end")
    step_to(page, "#rv-first")
    assert_fits(page, "the deal (both hands full)")
    for n in range(1, 5):  # foreplacing, then the first moves: the tallest boards
        step_to(page, "#rv-next")
        assert_fits(page, f"after {n} moves")
    page.screenshot(path=str(artifacts / f"review-steps-phone-{lang}.png"))
    # down at the moves to try, the step buttons are still on the screen
    page.evaluate("document.getElementById('rv-options').scrollIntoView()")
    for selector in STEPS:
        assert in_view(page, selector), ("at the options", selector)
    # another line: the bar takes a second row, and the board still stops below it
    where = page.inner_text("#rv-where")
    page.locator("#rv-options button:not(.played)").first.click()
    page.wait_for_function("(w) => document.getElementById('rv-where').innerText !== w",
                           arg=where)
    assert page.locator("#rv-back").is_visible()
    assert_fits(page, "another line")
    page.screenshot(path=str(artifacts / f"review-steps-phone-line-{lang}.png"))
    assert page.errors == []
    page.context.close()

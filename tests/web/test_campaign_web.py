"""The Tower campaign in a real browser: a group rides Test ride on the site with a
computer player until it clears it, the rides and stars show on the Score tab, the next
floor opens; a second group shows beside the first."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from harness import Server
from webplay import DESKTOP, Watcher, land_on_table, play_carefully, wait_ready


def expected_stars(outcome: dict[str, Any], goal: int = 8) -> int:
    if outcome["lost"] in ("passenger", "fire", "command") or outcome["cards_left"] > goal:
        return 0
    if outcome["cards_left"] == 0:
        return 3
    return 2 if 2 * outcome["cards_left"] <= goal else 1


def create_group(page: Any, server: Server, name: str) -> str:
    page.goto(f"{server.url}/campaign")
    page.fill("#group-name", name)
    page.click("#create-group")
    page.wait_for_url(re.compile(r".*/g/[A-Za-z0-9_-]+$"))
    assert page.locator("h1").inner_text() == name
    return str(page.url.rsplit("/", 1)[1])


def test_a_group_rides_test_ride_and_the_score_tab_shows_it(browser: Any, server: Server,
                                                            artifacts: Path) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    token = create_group(page, server, "Ann & Ben")
    assert page.locator("tr.floor[data-floor='1']").get_attribute("data-open") == "1"
    assert page.locator("tr.floor[data-floor='2']").get_attribute("data-open") == "0"
    assert page.locator("tr.floor").count() == 12
    assert "Test ride" in page.locator("tr.floor[data-floor='1']").inner_text()
    assert page.locator(".ride-floor").count() == 1

    # ride Test ride on the site, you and a computer player, until the team clears it
    # (a careful player beside the simple computer clears about three rides in five, so
    # eight tries fail together less than once in a thousand runs)
    watcher = Watcher(page)
    outcomes: list[dict[str, Any]] = []
    for _ in range(8):
        page.goto(f"{server.url}/g/{token}")
        page.click(".ride-floor[data-floor='1']")
        table_id = land_on_table(page)
        assert play_carefully(page, watcher) >= 1
        page.locator("#result").wait_for()
        outcomes.append(server.http.get(f"/api/tables/{table_id}").json()["outcome"])
        if expected_stars(outcomes[-1]):
            break
    stars = expected_stars(outcomes[-1])
    assert stars >= 1, f"Test ride not cleared in {len(outcomes)} rides: {outcomes}"

    # the ride's result panel: the floor's goal, the stars won, the way back, a new ride
    result = page.locator("#result").inner_text()
    assert "Tower floor 1, Test ride. Goal: at most 8 cards left" in result, result
    assert f"Floor cleared: {stars} of 3 stars." in result, result
    assert "Play again" not in result
    page.screenshot(path=str(artifacts / "campaign-ride-result-desktop-en.png"))
    assert page.locator("#result a", has_text="Back to the group").get_attribute(
        "href") == f"/g/{token}"
    page.click("#result #again")  # "Ride this floor again": a new ride of floor 1
    # the old table's address matches a table's too: wait until the page has left it
    page.wait_for_function("(old) => !location.pathname.endsWith('/' + old)", arg=table_id)
    again = land_on_table(page)
    assert again != table_id
    page.wait_for_selector("#match .campaign-floor")
    assert "Tower floor 1" in page.locator("#match").inner_text()

    # the Score tab shows the rides, the best stars, and the next floor open
    page.click("#nav-score")
    page.wait_for_url(re.compile(r".*/campaign$"))
    column = page.locator(f".score-group[data-token='{token}']")
    rides = column.locator("tr.ride")
    assert rides.count() == len(outcomes)
    assert {rides.nth(i).get_attribute("data-source") for i in range(len(outcomes))} == {"site"}
    assert str(stars) in {rides.nth(i).get_attribute("data-stars") for i in range(len(outcomes))}
    assert "Test ride" in rides.first.inner_text()
    floor1 = column.locator(".score-floor[data-floor='1']")
    assert floor1.get_attribute("data-stars") == str(stars)
    assert column.locator(".score-floor[data-floor='2']").get_attribute("data-open") == "1"
    page.screenshot(path=str(artifacts / "campaign-score-after-site-ride.png"), full_page=True)

    # the group page: an impossible ride is refused with its reason; a cleared ride by hand
    page.goto(f"{server.url}/g/{token}")
    page.fill("#entry-cards", "500")
    page.click("#save-ride")
    page.wait_for_function("() => document.getElementById('ride-error').textContent !== ''")
    assert "500 cards left, but floor 1 (Test ride)" in page.locator("#ride-error").inner_text()
    page.fill("#entry-cards", "-1")
    page.click("#save-ride")
    page.wait_for_function(
        "() => document.getElementById('ride-error').textContent.includes('negative')")
    page.fill("#entry-cards", "3")
    page.click("#save-ride")
    page.wait_for_function(
        f"() => document.querySelectorAll('tr.ride').length === {len(outcomes) + 1}")
    assert page.locator("tr.floor[data-floor='2']").get_attribute("data-open") == "1"
    assert page.locator(".ride-floor[data-floor='2']").count() == 1
    assert page.locator("tr.floor[data-floor='3']").get_attribute("data-open") == "0"

    # a second group shows beside the first on the Score tab
    other = create_group(page, server, "Cleo's crew")
    page.goto(f"{server.url}/campaign")
    groups = page.locator(".score-group")
    assert groups.count() == 2
    first = page.locator(f".score-group[data-token='{token}']")
    second = page.locator(f".score-group[data-token='{other}']")
    a, b = first.bounding_box(), second.bounding_box()
    assert a is not None and b is not None
    assert abs(a["y"] - b["y"]) < 2 and b["x"] > a["x"] + a["width"] - 1, (a, b)
    assert first.locator(".score-floor[data-floor='2']").get_attribute("data-open") == "1"
    assert second.locator(".score-floor[data-floor='2']").get_attribute("data-open") == "0"
    assert second.locator("tr.ride").count() == 0
    page.screenshot(path=str(artifacts / "campaign-score-two-groups.png"), full_page=True)

    # in German
    page.goto(f"{server.url}/campaign?lang=de")
    assert page.locator("html").get_attribute("lang") == "de"
    text = page.locator("main").inner_text()
    assert "Probefahrt" in text and "Wertung" in page.locator(".mainnav").inner_text()
    page.goto(f"{server.url}/g/{token}")
    assert "höchstens 8 Karten übrig" in page.locator("#floors").inner_text()
    assert errors == []
    context.close()


def test_a_group_opened_by_its_link_joins_the_score_tab(browser: Any, server: Server) -> None:
    """Another browser that opens a group's link sees it on its own Score tab."""
    token = server.http.post("/api/groups", json={"name": "Shared"}).json()["token"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server.url}/campaign")
    assert page.locator(".score-group").count() == 0
    page.goto(f"{server.url}/g/{token}")
    page.goto(f"{server.url}/campaign")
    assert page.locator(f".score-group[data-token='{token}']").count() == 1
    context.close()


def test_a_campaign_table_names_its_floor_and_leads_back_to_the_group(
        browser: Any, server: Server) -> None:
    """The table page of a ride shows the floor and its goal; the browser that started the
    ride gets a link back to its group (the group's secret link is not sent to the table)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    token = create_group(page, server, "Phone crew")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    page.click(".ride-floor[data-floor='1']")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]+$"), wait_until="commit")
    wait_ready(page)
    banner = page.locator("#match .campaign-floor")
    banner.wait_for()
    assert "Probefahrt" in banner.inner_text() and "höchstens 8 Karten" in banner.inner_text()
    assert banner.get_attribute("href") == f"/g/{token}"
    table_id = page.url.rsplit("/", 1)[1]
    info = server.http.get(f"/api/tables/{table_id}").text
    assert token not in info
    page.goto(f"{server.url}/campaign")  # the Score tab fits a phone too
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    context.close()

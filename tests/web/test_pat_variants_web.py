"""Paternoster's variants at the table, on a phone and a desktop, read as a player reads
them: the Tower with 6, 7 and 8 seats (fits, piles in their up and down groups, numbered
seats, the log folded on a phone), a tap on a pile's lower half plays, Commands, Fire and
Passengers show each effect in words where it acts, a move that loses at once is asked
again with its rule named, Passing on shows its targets; and every game at 2–8 seats fits
a 360 px phone without sideways scrolling. Screenshots go to ``artifacts/screenshots``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import DESKTOP, PHONE, attr, observation, open_seat, wait_change, wait_turn

from cardtable.cards import deck, parse_card
from cardtable.games.paternoster.rules import PATERNOSTER

NARROW = {"width": 360, "height": 740}
VIEWS = {"phone": PHONE, "desktop": DESKTOP}

OVERFLOW = """() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth,
  out: [...document.querySelectorAll('#table-page *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width && e.checkVisibility() && (r.right > window.innerWidth + 1 || r.left < -1);
  }).map((e) => e.className || e.tagName).slice(0, 5) })"""
"""The page's width against the window's, and what sticks out of it."""

WORDS = """() => [...document.querySelectorAll('#board .pile')].map((p) =>
  [p.dataset.dst, [...p.querySelectorAll('.pile-tag')].map((t) => t.innerText)])"""
"""The words under each pile, by pile."""


def deal(options: dict[str, Any], hands: list[list[str]], passengers: tuple[str, ...] = (),
         starter: int = 0) -> dict[str, Any]:
    """A deal: passengers, then the hands in seat order, then every other card."""
    opts = PATERNOSTER.parse_options(options)
    order = [parse_card(c) for c in [*passengers, *(c for h in hands for c in h)]]
    rest = Counter(deck(opts.copies)) - Counter(order)
    return {"deck": [c.text for c in [*order, *sorted(rest.elements())]], "starter": starter}


def seat_page(browser: Any, server: Server, view: dict[str, int], options: dict[str, Any],
              players: int, start: dict[str, Any] | None = None, locale: str = "en-GB",
              game: str = "paternoster") -> Any:
    """Seat 0's page at a new table, the other seats computer players."""
    body: dict[str, Any] = {"game": game, "options": options,
                            "seats": [{"kind": "human"}] + [{"kind": "computer"}] * (players - 1)}
    if start is not None:
        body["start"] = start
    created = server.create(**body)
    page = open_seat(browser, server, created["table"]["id"], created["token"], view, locale)
    page.seat_key = (created["table"]["id"], created["token"])
    return page


def no_overflow(page: Any) -> None:
    found = page.evaluate(OVERFLOW)
    assert found["page"] <= found["view"] and not found["out"], found


def peril(page: Any) -> list[str]:
    """The lines of the warning before a move that loses at once."""
    return [line for line in page.locator("#actions .peril").inner_text().split("\n") if line]


def pile_tags(page: Any) -> dict[str, list[str]]:
    return dict(page.evaluate(WORDS))


def shoot(page: Any, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def play(page: Any, card: str, pile: str) -> None:
    """Tap a hand card, then a pile (asked again when the move loses: not answered here)."""
    page.click(f'#board .hand [data-src="card:{card}"]')
    page.click(f'#board .target[data-dst="pile:{pile}"]')


def made(page: Any, card: str, pile: str) -> None:
    version = attr(page, "version")
    play(page, card, pile)
    wait_change(page, version)
    assert page.locator("#toast").is_hidden()


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("players", [6, 7, 8])
def test_tower_fits_with_its_groups_and_numbered_seats(browser: Any, server: Server,
                                                       artifacts: Path, players: int,
                                                       view: str) -> None:
    """Tower (6–8 players, three up piles and three down piles): nothing sticks out
    sideways, each direction's three piles sit together in one row, every seat chip has its
    number and they do not all read alike; on a phone the log is folded away (and stays
    the way the player left it), on a desktop it is open beside the board."""
    page = seat_page(browser, server, VIEWS[view], {"tower": True, "players": players},
                     players)
    wait_turn(page)
    no_overflow(page)
    for group in ("up", "down"):
        tops = page.locator(f"#board .pat-group.{group} .pile").evaluate_all(
            "(ps) => ps.map((p) => Math.round(p.getBoundingClientRect().top))")
        assert len(tops) == 3 and len(set(tops)) == 1, (group, tops)
        assert page.locator(f"#board .pat-group.{group}").get_attribute(
            "aria-label") == f"{group.capitalize()} piles"
    chips = page.locator("#seats .seat-chip").all_inner_texts()
    assert [c.split("\n")[0].split()[0] for c in chips] == [str(n) for n in range(1, players + 1)]
    assert len(set(chips)) == players
    log_open = page.evaluate("document.getElementById('log-box').open")
    assert log_open == (view == "desktop")
    shoot(page, artifacts, f"pat-tower{players}-{view}")
    if view == "phone":
        page.click("#log-box > summary")
        page.wait_for_function("() => localStorage.getItem('ct-log-open') === '1'")
        page.reload()
        page.wait_for_selector("#table-page[data-status]")
        assert page.evaluate("document.getElementById('log-box').open")
    assert page.errors == []
    page.context.close()


def test_lower_half_of_a_pile_plays_the_card(browser: Any, server: Server) -> None:
    """The signal menu sits below the pile, not in it: a tap on the lower half of a pile
    that is a target plays the chosen card and sends no signal."""
    page = seat_page(browser, server, PHONE, {}, 2)
    wait_turn(page)
    before = observation(page)
    # a card and a pile it fits (the deal is random: not every card fits every pile)
    _play, card, target = next(m.split() for m in before["legal"] if m.startswith("play "))
    page.click(f'#board .hand [data-src="card:{card}"]')
    pile = page.locator(f'#board .target[data-dst="pile:{target}"]')
    box = pile.bounding_box()
    version = attr(page, "version")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.9)
    wait_change(page, version)
    obs = observation(page)
    changed = [(a, b) for a, b in zip(before["piles"], obs["piles"], strict=True) if a != b]
    assert changed == [(changed[0][0], [*changed[0][0], card])]
    assert [s for s in obs["signals"] if s[0] == 0] == []
    assert page.locator("#toast").is_hidden()
    page.context.close()


COMMANDS = {"commands": True, "up_piles": 3, "down_piles": 3}
COMMAND_HAND = ["KS", "JS", "QS", "KH", "5C", "6C", "7C"]


@pytest.mark.parametrize("view", VIEWS)
def test_commands_each_black_command_named_and_an_uncovered_cover_asked_again(
        browser: Any, server: Server, artifacts: Path, view: str) -> None:
    """Commands: each black command says what it does while it lies on top (Slow,
    Silence, Lock) and the red King what it asks (Cover); with no card left that covers
    the King, the status does not call ending the turn safe, and End turn is asked again
    with the rule named; "No" changes nothing."""
    start = {"deal": deal(COMMANDS, [COMMAND_HAND, []]), "moves": []}
    page = seat_page(browser, server, VIEWS[view], COMMANDS, 2, start)
    wait_turn(page)
    for card, pile in (("KS", "down1"), ("JS", "down2"), ("QS", "down3"), ("KH", "up1"),
                       ("5C", "up2")):
        made(page, card, pile)
    tags = pile_tags(page)
    assert tags["pile:down1"] == ["Slow: draw at most one card after a turn"]
    assert tags["pile:down2"] == ["Silence: nobody may signal"]
    assert tags["pile:down3"] == ["Lock: no step back onto this pile"]
    assert tags["pile:up1"] == ["Cover: cover it before your turn ends"]
    sub = page.locator("#status .sub").inner_text()
    assert sub == "No card of yours can cover K♥ on Up 1 ▲: ending your turn loses the game."
    assert "Enough played" not in page.locator("#status").inner_text()
    assert observation(page)["losing"] == {"end": "command"}
    page.click('#actions button[data-move="end"]')
    assert peril(page) == [
        "Ending your turn now loses the game: a red King (Cover) is still on top.",
        "Rule: Commands: a red King (Cover) must be covered before your turn ends, "
        "or the team loses.", "Do you really want this?"]
    no_overflow(page)
    shoot(page, artifacts, f"pat-commands-{view}")
    page.click("#actions button:has-text('No, go back')")
    assert page.locator("#actions .peril").count() == 0
    assert attr(page, "status") == "playing"
    if view == "phone":  # the same in German
        german = open_seat(browser, server, *page.seat_key, PHONE, "de-DE")
        tags = pile_tags(german)
        assert tags["pile:down2"] == ["Schweigen: niemand darf signalisieren"]
        german.click('#actions button[data-move="end"]')
        assert "Regel: " in german.locator("#actions .peril").inner_text()
        shoot(german, artifacts, "pat-commands-phone-de")
        german.context.close()
    version = attr(page, "version")
    page.click('#actions button[data-move="end"]')
    page.click('#actions button.danger[data-move="end"]')
    wait_change(page, version)
    page.locator("#result").wait_for()
    assert "Lost: a command was not obeyed." in page.locator("#result").inner_text()
    assert page.errors == []
    page.context.close()


FIRE = {"fire": True}


@pytest.mark.parametrize("view", VIEWS)
def test_fire_burning_card_names_whose_duty_and_end_is_asked_again(
        browser: Any, server: Server, artifacts: Path, view: str) -> None:
    """Fire: "whoever plays one hands on a problem: the next player ... must cover it
    during their turn". While the computer who laid it still plays, the pile says it is
    the next player's duty next turn (and is not marked as burning yet); in my turn it says
    I must cover it, and ending my turn with it on top is asked again, naming the rule."""
    hands = [["2D", "3D", "4D", "KC", "KC", "QC", "JC"],
             ["6H", "7S", "8S", "9S", "10S", "JS", "QS"]]
    start = {"deal": deal(FIRE, hands, starter=1),
             "moves": [[1, "play 6H up1"], [1, "play 7S up2"], [1, "end"]]}
    page = seat_page(browser, server, VIEWS[view], FIRE, 2, start)
    wait_turn(page)
    assert pile_tags(page)["pile:up1"] == ["Burning: cover it this turn"]
    assert page.locator('#board .pile.burning[data-dst="pile:up1"]').count() == 1
    assert page.locator('#board .pile[data-dst="pile:up1"]').get_attribute(
        "aria-label").startswith("Up 1 ▲ (Burning: cover it this turn): 6 of Hearts")
    made(page, "2D", "down1")
    made(page, "3D", "down1")
    assert page.locator("#status .sub").inner_text() == (
        "Cover 6♥ on Up 1 ▲ before you end your turn: ending it now loses the game.")
    page.click('#actions button[data-move="end"]')
    assert peril(page)[:2] == [
        "Ending your turn now loses the game: a burning card is still on top.",
        "Rule: Fire: if a burning card is still on top when that turn ends, the team has "
        "lost at once."]
    no_overflow(page)
    shoot(page, artifacts, f"pat-fire-{view}")
    page.click("#actions button:has-text('No, go back')")
    made(page, "KC", "up1")  # covered: ending is safe now
    assert observation(page)["losing"] == {}
    assert page.locator("#status .sub").inner_text() == "Enough played: end your turn or play on"
    assert page.errors == []
    page.context.close()


def test_fire_not_burning_for_the_player_who_laid_it(browser: Any, server: Server,
                                                     artifacts: Path) -> None:
    """In the turn of the player who laid it, the burning card names the next player's
    duty and is not marked as burning; ending that turn is safe."""
    hands = [["6H", "7C", "2C", "3C", "4C", "5C", "8C"],
             ["8D", "9D", "10D", "JD", "QD", "KC", "KC"]]
    start = {"deal": deal(FIRE, hands), "moves": []}
    page = seat_page(browser, server, PHONE, FIRE, 2, start)
    wait_turn(page)
    made(page, "6H", "up1")
    mate = page.locator('#board .mate[data-dst="seat:1"]').get_attribute("aria-label")
    name = mate.split(", ", 1)[1].rsplit(":", 1)[0]
    assert pile_tags(page)["pile:up1"] == [f"Burning: {name} must cover it next turn"]
    assert page.locator("#board .pile.burning").count() == 0
    made(page, "7C", "up2")
    assert observation(page)["losing"] == {}
    shoot(page, artifacts, "pat-fire-laid-phone")
    page.context.close()


PASSENGERS = {"passengers": 3}


@pytest.mark.parametrize("view", VIEWS)
def test_passengers_next_marked_twin_flagged_early_twin_asked_and_its_own_loss(
        browser: Any, server: Server, artifacts: Path, view: str) -> None:
    """Passengers: the next passenger is marked "next"; in my hand the next passenger's
    twin says so and a later one's twin warns "not yet"; playing that one is asked again
    (the passengers' rule named) and, played, the game is lost with its own reason."""
    hands = [["5C", "9D", "2C", "3C", "4C", "6C", "8C"], []]
    start = {"deal": deal(PASSENGERS, hands, passengers=("5C", "9D", "KC")), "moves": []}
    page = seat_page(browser, server, VIEWS[view], PASSENGERS, 2, start)
    wait_turn(page)
    tags = page.locator("#board .passengers .pass-tag").all_inner_texts()
    assert tags == ["next", "later", "later"]
    assert page.locator('#board .hand [data-src="card:5C"] .twin-tag').inner_text() == (
        "next passenger")
    assert page.locator('#board .hand [data-src="card:9D"] .twin-tag').inner_text() == (
        "passenger later: not yet")
    play(page, "9D", "up1")
    assert peril(page)[:2] == [
        "9♦ is the twin of a later passenger: playing it now loses the game.",
        "Rule: Passengers: their twins must reach the piles in exactly this order; playing "
        "a twin too early loses the game."]
    no_overflow(page)
    shoot(page, artifacts, f"pat-passengers-{view}")
    version = attr(page, "version")
    page.click("#actions button.danger")
    wait_change(page, version)
    page.locator("#result").wait_for()
    text = page.locator("#result").inner_text()
    assert "Lost: 9♦ is a passenger's twin and was played before its turn." in text
    assert "not delivered in time" not in text
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("view", VIEWS)
def test_passing_on_targets_named_and_seats_numbered(browser: Any, server: Server,
                                                     artifacts: Path, view: str) -> None:
    """Passing on: once a card is chosen, the other players' boxes are targets and say
    "Give here"; they carry the same seat numbers as the chips."""
    options = {"passing_on": True, "players": 3}
    start = {"deal": deal(options, [["2C", "3C", "4C", "5C", "6C", "7C"], [], []]), "moves": []}
    page = seat_page(browser, server, VIEWS[view], options, 3, start)
    wait_turn(page)
    page.click('#board .hand [data-src="card:2C"]')
    for seat in (1, 2):
        mate = page.locator(f'#board .mate[data-dst="seat:{seat}"]')
        assert "target" in (mate.get_attribute("class") or "")
        assert mate.evaluate("(m) => getComputedStyle(m, '::after').content") == '"Give here"'
        assert mate.locator(".seat-no").inner_text() == str(seat + 1)
    no_overflow(page)
    shoot(page, artifacts, f"pat-passing-{view}")
    version = attr(page, "version")
    page.click('#board .mate[data-dst="seat:2"]')
    wait_change(page, version)
    assert observation(page)["gave"]
    page.context.close()


SEATINGS = [("paternoster", {"players": n}, n) for n in range(1, 6)] + [
    ("paternoster", {"tower": True, "players": n}, n) for n in (6, 7, 8)] + [
    ("paternoster", {"first_ride": True}, 2), ("paternoster", {"passengers": 5, "players": 5}, 5),
    ("paternoster", {"fire": True, "commands": True, "tokens": 2, "players": 4}, 4),
    ("duel", {}, 2), ("duel", {"team": True}, 4), ("duel52", {}, 2), ("matebeta", {}, 2)]


@pytest.mark.parametrize(("game", "options", "players"), SEATINGS,
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o, _ in SEATINGS])
def test_every_game_fits_a_360px_phone(browser: Any, server: Server, artifacts: Path,
                                       game: str, options: dict[str, Any], players: int) -> None:
    """Every game and variant at its seat counts: no sideways scrolling at 360 px, and
    the log is folded away."""
    page = seat_page(browser, server, NARROW, options, players, game=game)
    page.wait_for_selector("#board > *")
    no_overflow(page)
    assert not page.evaluate("document.getElementById('log-box').open")
    if game != "paternoster" or players in (1, 5, 8):
        name = "-".join([game, *(str(v) for v in options.values())])
        shoot(page, artifacts, f"fit360-{name}")
    assert page.errors == []
    page.context.close()

"""Watching a game again in a real browser, and the duel's review by the
computer's estimate.

A record file of each of the four games is opened on /replay and stepped through with
the buttons and the keys, from the spectator's view and a seat's; the words on the
page are read (where we are, the log in step, the result) and a seat's view shows
only what that seat's observation holds. A table's finished game is reached from its
result panel and opens in the visitor's own seat; the duel's review streams its
progress and names its moves as the computer's estimate. Bad files get a clear
message. Screenshots (phone and desktop, English and German) go to
``artifacts/screenshots``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from harness import Server, play
from webplay import DESKTOP, PHONE
from webplay import new_page as plain_page

from cardtable.engine import Record
from cardtable.games.registry import replay

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

GOLDEN = Path(__file__).parents[1] / "golden"
RECORDS = {"duel": "duel/standard", "paternoster": "paternoster/bigger-hand",
           "duel52": "duel52/quick-heuristic-vs-random-21", "matebeta": "matebeta/bots-easy-easy-2"}
WORDS = {
    "en": {"where": "Move {n} of {total}", "start": "Start of the game ({total} moves)",
           "dealt": "0. The cards are dealt", "watch": "Watch again", "title": "Watch again: ",
           "view": "Player 2's view", "done": "decisions judged",
           "estimate": "the computer's estimate", "keys": "Keys: ← and →"},
    "de": {"where": "Zug {n} von {total}", "start": "Beginn des Spiels ({total} Züge)",
           "dealt": "0. Die Karten sind gegeben", "watch": "Noch einmal ansehen",
           "title": "Noch einmal ansehen: ", "view": "Sicht von Spieler 2",
           "done": "Entscheidungen bewertet", "estimate": "Schätzung des Computers",
           "keys": "Tasten: ← und →"},
}
GAME_NAMES = {"en": {"duel": "Paternoster Duel", "paternoster": "Paternoster",
                     "duel52": "Duel 52", "matebeta": "MateBeta"},
              "de": {"duel": "Paternoster-Duell", "paternoster": "Paternoster",
                     "duel52": "Duell 52", "matebeta": "MateBeta"}}
VIEWS = [(DESKTOP, "en"), (PHONE, "de"), (PHONE, "en"), (DESKTOP, "de")]


def new_page(browser: Any, viewport: dict[str, int], lang: str) -> Any:
    page = plain_page(browser, viewport, "en-GB" if lang == "en" else "de-DE")
    page.set_default_timeout(60000)
    return page


def text(page: Any, selector: str) -> str:
    return str(page.locator(selector).inner_text())


def wait_where(page: Any, words: str) -> None:
    page.wait_for_function("w => document.getElementById('rp-where').textContent === w", arg=words)


def shown_cards(page: Any) -> set[str]:
    """The cards the board offers as the seat's own (its hand)."""
    return {s.split(":", 1)[1] for s in page.eval_on_selector_all(
        "#board [data-src^='card:']", "nodes => nodes.map(n => n.dataset.src)")}


def open_record(page: Any, server: Server, record: dict[str, Any]) -> None:
    page.goto(f"{server.url}/replay")
    page.wait_for_selector("#rp-form[data-ready]")
    page.fill("#rp-text", json.dumps(record))
    page.click("#rp-go")
    page.wait_for_selector("#rp-main:not([hidden])")


@pytest.mark.parametrize(("viewport", "lang"), VIEWS, ids=["desktop-en", "phone-de", "phone-en",
                                                          "desktop-de"])
@pytest.mark.parametrize("game", list(RECORDS))
def test_a_record_file_is_stepped_through_from_each_view(
        browser: Any, server: Server, artifacts: Path, game: str, viewport: dict[str, int],
        lang: str) -> None:
    record = json.loads((GOLDEN / f"{RECORDS[game]}.json").read_text(encoding="utf-8"))
    total = len(record["moves"])
    words = WORDS[lang]
    page = new_page(browser, viewport, lang)
    open_record(page, server, record)
    assert text(page, "#rp-title") == words["title"] + GAME_NAMES[lang][game]
    wait_where(page, words["where"].format(n=total, total=total))
    assert text(page, "#result h2")  # the game's own result, as at the table
    assert words["keys"] in text(page, "#replay-page")
    # the keys: to the start, three moves on, one back; the log keeps in step
    page.locator("#rp-title").click()
    page.keyboard.press("Home")
    wait_where(page, words["start"].format(total=total))
    assert text(page, "#rp-log li:not([hidden])") == words["dealt"]
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    wait_where(page, words["where"].format(n=2, total=total))
    assert page.locator("#rp-log li:not([hidden])").count() == 3
    assert page.locator("#rp-log li.current").get_attribute("data-ply") == "2"
    assert page.locator("#rp-first").is_enabled() and page.locator("#rp-next").is_enabled()
    # a log line leads to its step; so does the slider
    page.click("#rp-log li[data-ply='0'] button")
    wait_where(page, words["start"].format(total=total))
    assert page.locator("#rp-prev").is_disabled()
    page.locator("#rp-range").fill(str(min(8, total)))
    wait_where(page, words["where"].format(n=min(8, total), total=total))
    # the spectator holds no hand; a seat's view holds exactly that seat's own cards
    state = replay(Record.from_json({**record, "moves": record["moves"][:min(8, total)]}))
    if game != "matebeta":  # open hands: the spectator sees them too
        assert shown_cards(page) == set()
    page.select_option("#rp-view", "1")
    page.wait_for_function(
        "() => document.querySelectorAll(\"#board [data-src^='card:']\").length > 0")
    wait_where(page, words["where"].format(n=min(8, total), total=total))
    hand = {c.text for c in state.hands[1]}  # type: ignore[attr-defined]
    assert shown_cards(page) <= hand
    if game != "duel52":  # Duel 52's lanes show some of a seat's cards as sources too
        assert shown_cards(page) == hand
    assert text(page, "#rp-view option:checked") == words["view"]
    size = "phone" if viewport is PHONE else "desktop"
    page.screenshot(path=str(artifacts / f"replay-{game}-{lang}-{size}.png"), full_page=True)
    page.keyboard.press("End")
    wait_where(page, words["where"].format(n=total, total=total))
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("viewport", "lang"), VIEWS[:2], ids=["desktop-en", "phone-de"])
def test_a_finished_table_game_opens_in_your_seat_and_the_duel_is_reviewed(
        browser: Any, server: Server, artifacts: Path, viewport: dict[str, int],
        lang: str) -> None:
    words = WORDS[lang]
    table_id, tokens = server.table_with_players(game="duel", match_wins=0)
    clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
    play(clients, random.Random(11))
    total = len(server.record(table_id)["moves"])
    page = new_page(browser, viewport, lang)
    page.context.add_cookies([{"name": f"ct_{table_id}", "value": tokens[1],
                               "url": server.url}])
    page.goto(f"{server.url}/t/{table_id}")
    page.wait_for_selector("#result #watch-again")
    assert text(page, "#watch-again") == words["watch"]
    page.click("#watch-again")
    page.wait_for_selector("#rp-main:not([hidden])")
    wait_where(page, words["where"].format(n=total, total=total))
    assert text(page, "#rp-view option:checked") == words["view"]
    assert page.locator("#rp-form").is_hidden()
    # the review of seat 2's decisions, with a small budget: progress, then the verdicts
    page.goto(f"{server.url}/replay?table={table_id}&game_no=1&deals=4")
    page.wait_for_selector("#rp-main:not([hidden])")
    page.click("#rp-review-go")
    page.wait_for_function("w => document.getElementById('rp-review-summary').textContent"
                           ".includes(w)", arg=words["done"])
    summary = text(page, "#rp-review-summary")
    assert "4" in summary and words["estimate"].split()[-1] in summary
    first = page.locator("#rp-log li .rp-est").first
    assert words["estimate"].split()[-1].lower() in first.inner_text().lower()
    judged = page.locator("#rp-log li:has(.rp-est)").last.get_attribute("data-ply")
    page.click(f"#rp-log li[data-ply='{int(judged) - 1}'] button")
    page.wait_for_selector("#rp-estimate table tbody tr")
    assert words["estimate"].split()[-1] in text(page, "#rp-estimate h3")
    size = "phone" if viewport is PHONE else "desktop"
    page.screenshot(path=str(artifacts / f"replay-review-duel-{lang}-{size}.png"), full_page=True)
    assert page.errors == []
    page.context.close()
    for c in clients.values():
        c.close()


def test_a_table_without_spectators_is_watched_again_by_its_players_only(
        browser: Any, server: Server) -> None:
    """A player of a table without spectators reaches the finished game from the table's
    result panel, in their own seat; a stranger's /replay of it says it is not theirs."""
    table_id, tokens = server.table_with_players(game="duel", match_wins=0, spectators=False)
    clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
    play(clients, random.Random(12))
    total = len(server.record(table_id)["moves"])  # the harness's client holds a seat cookie
    page = new_page(browser, DESKTOP, "en")
    page.context.add_cookies([{"name": f"ct_{table_id}", "value": tokens[0],
                               "url": server.url}])
    page.goto(f"{server.url}/t/{table_id}")
    page.click("#result #watch-again")
    page.wait_for_selector("#rp-main:not([hidden])")
    wait_where(page, WORDS["en"]["where"].format(n=total, total=total))
    assert text(page, "#rp-view option:checked") == "Player 1's view"
    assert page.errors == []
    page.context.close()
    stranger = new_page(browser, DESKTOP, "en")
    stranger.goto(f"{server.url}/replay?table={table_id}&game_no=1")
    stranger.wait_for_function("() => document.getElementById('rp-error').textContent.length > 0")
    assert "no spectators" in text(stranger, "#rp-error")
    assert stranger.locator("#rp-main").is_hidden()
    stranger.context.close()
    for c in clients.values():
        c.close()


@pytest.mark.parametrize(("content", "words"), [
    ('{"game": "duel", "deal"', "not valid JSON"),
    ('{"game": "chess", "options": {}, "deal": {}, "moves": []}', "unknown game 'chess'"),
    ("illegal", "move 4 (seat "),
    ('{"game": "duel", "options": {}, "deal": {}, "moves": [[0]]}', "move 1 must be"),
])
def test_bad_files_get_a_clear_message(browser: Any, server: Server, content: str,
                                       words: str) -> None:
    if content == "illegal":
        duel = json.loads((GOLDEN / "duel" / "standard.json").read_text())
        content = json.dumps({**duel, "moves": [*duel["moves"][:3], [0, "play QQ up"]]})
    page = new_page(browser, DESKTOP, "en")
    page.goto(f"{server.url}/replay")
    page.wait_for_selector("#rp-form[data-ready]")
    page.fill("#rp-text", content)
    page.click("#rp-go")
    page.wait_for_function("() => document.getElementById('rp-error').textContent.length > 0")
    assert words in text(page, "#rp-error")
    assert text(page, "#rp-error").startswith("Cannot show this game: ")
    assert page.errors == []
    page.context.close()


def test_the_replay_is_used_with_the_keyboard_alone(browser: Any, server: Server) -> None:
    """A basic keyboard check: Tab reaches the view, every step control and the log, in
    that order; Enter and Space work the buttons, the arrows the slider and the page."""
    record = json.loads((GOLDEN / "duel" / "standard.json").read_text(encoding="utf-8"))
    total = len(record["moves"])
    page = new_page(browser, DESKTOP, "en")
    open_record(page, server, record)
    wait_where(page, f"Move {total} of {total}")
    page.locator("#rp-go").focus()
    order = []
    for _ in range(12):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.id || document.activeElement"
                                   ".closest('li')?.dataset.ply || document.activeElement.tagName"))
    # at the end, forward and to the end are disabled: Tab passes them by
    assert order[:6] == ["rp-view", "rp-first", "rp-prev", "rp-range", str(total), str(total - 1)]
    page.locator("#rp-first").focus()
    page.keyboard.press("Enter")
    wait_where(page, f"Start of the game ({total} moves)")
    page.locator("#rp-next").focus()
    page.keyboard.press(" ")
    wait_where(page, f"Move 1 of {total}")
    page.keyboard.press("ArrowRight")  # on a button too: the page steps
    wait_where(page, f"Move 2 of {total}")
    page.locator("#rp-range").focus()
    page.keyboard.press("ArrowRight")
    wait_where(page, f"Move 3 of {total}")
    page.keyboard.press("End")
    wait_where(page, f"Move {total} of {total}")
    page.locator(f"#rp-log li[data-ply='{total - 1}'] button").focus()
    page.keyboard.press("Enter")
    wait_where(page, f"Move {total - 1} of {total}")
    assert page.errors == []
    page.context.close()


RESIGNED = {"en": ("Player 2 resigned.", "The game was aborted: no result."),
            "de": ("Spieler 2 hat aufgegeben.", "Das Spiel wurde abgebrochen: kein Ergebnis.")}


@pytest.mark.parametrize(("viewport", "lang"), [(PHONE, "en"), (DESKTOP, "de")],
                         ids=["phone-en", "desktop-de"])
def test_a_resigned_or_aborted_game_is_watched_to_its_outcome(
        browser: Any, server: Server, artifacts: Path, viewport: dict[str, int],
        lang: str) -> None:
    """The moves of a resigned game finish nothing: the last step says who resigned (and
    the result panel who won), an aborted one that it was aborted; the record file
    opened on the page says the same."""
    page = new_page(browser, viewport, lang)
    size = "phone" if viewport is PHONE else "desktop"
    for how, words in zip(("resign", "abort"), RESIGNED[lang], strict=True):
        table_id, tokens = server.table_with_players(game="duel", match_wins=0)
        clients = {s: server.client(table_id, t) for s, t in sorted(tokens.items())}
        clients[1].wait_state(lambda m: m["status"] == "playing")
        clients[1].send({"type": how})
        clients[0].wait_state(lambda m: m["status"] == "finished")
        for c in clients.values():
            c.close()
        page.goto(f"{server.url}/replay?table={table_id}&game_no=1")
        page.wait_for_selector("#rp-main:not([hidden]) #result")
        assert words in text(page, "#result")
        page.screenshot(path=str(artifacts / f"replay-{how}-{lang}-{size}.png"), full_page=True)
        open_record(page, server, server.record(table_id))
        page.wait_for_selector("#result")
        assert words in text(page, "#result")
    assert page.errors == []
    page.context.close()

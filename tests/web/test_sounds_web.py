"""The table's sounds (Web Audio, made in the page): off by default, and then nothing of Web
Audio is touched; the switch at the table turns them on and is remembered; a move, your
turn, a win and a loss each sound their own notes. The page's AudioContext, its notes and
their pitches are counted by wrapping Web Audio before the page's scripts run."""

from __future__ import annotations

from typing import Any

import pytest
from harness import Server
from test_matebeta_result_web import position
from webplay import PHONE, new_page, play_one_move, wait_ready, wait_turn

COUNT_AUDIO = """
window.__audio = { contexts: 0, notes: 0, pitches: [] };
const RealContext = window.AudioContext;
window.AudioContext = class extends RealContext {
  constructor(...args) { super(...args); window.__audio.contexts += 1; }
};
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__audio.notes += 1;
  return start.apply(this, args);
};
const setValue = AudioParam.prototype.setValueAtTime;
AudioParam.prototype.setValueAtTime = function (value, when) {
  if (value > 50) window.__audio.pitches.push(Math.round(value));  // a note's pitch, not a volume
  return setValue.call(this, value, when);
};
"""
SOUNDS_ON = "try { localStorage.setItem('ct-sounds', '1'); } catch (e) {}"
FIRST_NOTES = {"move": 420, "turn": 587, "win": 523, "loss": 392}


def audio(page: Any) -> dict[str, Any]:
    counted: dict[str, Any] = page.evaluate("window.__audio")
    return counted


def counted_page(browser: Any, *scripts: str) -> Any:
    page = new_page(browser, PHONE)
    for script in (COUNT_AUDIO, *scripts):
        page.add_init_script(script)
    return page


def change_the_table(page: Any) -> None:
    """A move of this seat, or the next game when a mate has already ended this one (a
    random deal may end within the first few moves)."""
    wait_turn(page)
    if page.get_attribute("#table-page", "data-status") == "finished":
        page.locator("#result button", has_text="Next game").click()
    else:
        play_one_move(page)


def test_sounds_are_off_by_default_and_the_switch_is_remembered(browser: Any,
                                                                 server: Server) -> None:
    created = server.create(game="matebeta", creator_name="Anna",
                            seats=[{"kind": "human"}, {"kind": "computer"}])
    page = counted_page(browser)
    page.goto(f"{server.url}/t/{created['table']['id']}?key={created['token']}")
    wait_ready(page)
    assert not page.is_checked("#sounds")
    # off: moves come and go, and no AudioContext is ever made
    for _ in range(3):
        wait_turn(page)
        play_one_move(page)
    assert audio(page) == {"contexts": 0, "notes": 0, "pitches": []}
    page.reload()
    wait_ready(page)
    assert not page.is_checked("#sounds")
    assert audio(page)["contexts"] == 0
    # on: the switch plays the move sound at once, and the table's changes sound
    page.check("#sounds")
    page.wait_for_function("() => window.__audio.notes > 0")
    assert audio(page)["contexts"] == 1 and audio(page)["pitches"][0] == FIRST_NOTES["move"]
    before = audio(page)["notes"]
    change_the_table(page)
    page.wait_for_function("(n) => window.__audio.notes > n", arg=before)
    # remembered: the switch is on after a reload (and a new page makes no sound by itself)
    page.reload()
    wait_ready(page)
    assert page.is_checked("#sounds")
    assert page.evaluate("localStorage.getItem('ct-sounds')") == "1"
    assert audio(page)["notes"] == 0
    # off again: nothing more plays
    page.uncheck("#sounds")
    for _ in range(2):
        wait_turn(page)
        play_one_move(page)
    assert audio(page)["notes"] == 0
    page.reload()
    wait_ready(page)
    assert not page.is_checked("#sounds")
    assert page.errors == []
    page.context.close()


def from_position(browser: Any, server: Server, start: dict[str, Any]) -> Any:
    """Anna (this page, sounds on) against the computer, from a record's position."""
    page = counted_page(browser, SOUNDS_ON)
    response = page.request.post(f"{server.url}/api/tables", data={
        "game": "matebeta", "creator_name": "Anna", "start": start,
        "seats": [{"kind": "human"}, {"kind": "computer", "strength": "perfect"}]})
    assert response.status == 201, response.text()
    page.goto(f"{server.url}/t/{response.json()['table']['id']}")
    wait_ready(page)
    return page


@pytest.mark.parametrize(("ending", "start", "tap"), [
    ("win", position("bots-easy-easy-2", 1), "AD"),
    ("loss", position("rule-mate-10-none", 3, swap=True), "AC"),
])
def test_a_win_and_a_loss_sound_their_own_notes(browser: Any, server: Server, ending: str,
                                                start: dict[str, Any], tap: str) -> None:
    page = from_position(browser, server, start)
    assert page.is_checked("#sounds")
    card = page.locator(f'#board .playable[data-src="card:{tap}"]')
    if card.count():  # else it is forced and plays itself
        card.click()
    page.wait_for_selector("#result")
    page.wait_for_function("(p) => window.__audio.pitches.includes(p)",
                           arg=FIRST_NOTES[ending])
    other = FIRST_NOTES["loss" if ending == "win" else "win"]
    assert other not in audio(page)["pitches"]
    assert page.errors == []
    page.context.close()

"""``cardtable play duel52`` reads moves from a pipe, explains refusals and ends cleanly."""

from __future__ import annotations

import argparse
import io

import pytest

from cardtable.games.duel52 import terminal


def run(lines: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        **kw: object) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    args = argparse.Namespace(variant=kw.get("variant", []), level=kw.get("level"),
                              players=None, games=None, seed=kw.get("seed", 4), seat=0,
                              match=False)
    code = terminal.run(args)
    return code, capsys.readouterr().out


def test_terminal_draws_lanes_hand_pile_and_actions(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run("help\nplay ZZ 1\nquit\n", capsys, monkeypatch)
    assert code == 0
    for words in ("Lane 1", "Lane 2", "Lane 3", "Your hand:", "Draw pile:", "action(s) left",
                  "Legal moves: play", "Not possible:", "bye", "L1.1.0"):
        assert words in out


def test_terminal_never_shows_the_computers_hidden_cards(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = run("", capsys, monkeypatch)
    assert "plays a card face down into lane" in out
    assert "(end of input)" in out


def test_terminal_plays_a_whole_game_from_a_pipe(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Feeding the first legal move each time (via a tiny driver) reaches the end."""
    from cardtable.games.duel52.rules import DUEL52

    state = DUEL52.new({"length": "quick"}, seed=9)
    # let our own seat be played by the same heuristic bot to know the moves in advance
    from cardtable.games.duel52.bots import make_bot

    human, computer = make_bot("heuristic", 1), make_bot("heuristic", 9)
    lines = []
    while state.outcome() is None:
        seat = state.turn_seat
        bot = human if seat == 0 else computer
        move = bot.act(state.observation(seat))
        if seat == 0:
            lines.append(move.text)
        state.play(seat, move)
    code, out = run("\n".join(lines) + "\n", capsys, monkeypatch, seed=9,
                    variant=["quick"], level="heuristic")
    assert code == 0 and "Game over:" in out


def test_terminal_lists_variants_and_refuses_unknown_ones(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run("", capsys, monkeypatch, variant=["list"])
    assert code == 0 and "quick" in out and "long" in out
    code, out = run("", capsys, monkeypatch, variant=["forever"])
    assert code == 2 and "unknown" in out

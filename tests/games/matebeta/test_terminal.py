"""The MateBeta terminal: whole matches from piped input, help, errors, quit, EOF."""

from __future__ import annotations

import argparse
import io

from rich.console import Console

from cardtable.games.matebeta.rules import MB_DECK
from cardtable.games.matebeta.terminal import TerminalGame, run


def args(**kw: object) -> argparse.Namespace:
    base = {"variant": [], "level": "easy", "players": None, "games": 2, "seed": 5,
            "seat": 0, "match": False}
    base.update(kw)
    return argparse.Namespace(**base)


def session(lines: list[str], **kw: object) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, color_system=None)
    stdin = io.StringIO("".join(f"{line}\n" for line in lines))
    code = TerminalGame(args(**kw), stdin, console).run()
    return code, out.getvalue()


def candidates(rounds: int) -> list[str]:
    """Try keep and every card, over and over: the legal ones get played."""
    return (["keep"] + [c.text for c in MB_DECK]) * rounds


def test_terminal_plays_a_whole_2_game_match_and_explains_scores() -> None:
    code, out = session(candidates(60), games=2)
    assert code == 0
    assert "Game 1 of 2" in out and "Game 2 of 2" in out
    assert "Match score:" in out
    assert ("wins the match" in out) or ("You win the match" in out) or ("drawn" in out)
    assert ("×" in out) or ("a draw, no points" in out)
    assert "Not allowed:" in out  # cards not in hand were refused and nothing changed


def test_terminal_plays_a_4_game_match_and_play_again() -> None:
    lines = candidates(120)
    code, out = session(lines, games=4, level="perfect", seat=1, seed=8)
    assert code == 0
    assert "Game 4 of 4" in out
    code, out = session(["quit"], games=4)
    assert code == 0 and "Bye." in out


def test_terminal_help_hint_bad_move_quit() -> None:
    code, out = session(["help", "lead AS", "nonsense", "hint", "quit"])
    assert code == 0
    assert "Legal moves: keep, foreplace" in out
    assert "Not allowed: foreplacing comes first" in out
    assert "Not allowed: 'nonsense' is not a move" in out
    assert "Best:" in out and "perfect play from here" in out
    assert "Bye." in out


def test_terminal_end_of_input_ends_cleanly() -> None:
    code, out = session([])
    assert code == 0 and "Bye." in out


def test_terminal_refuses_bad_options() -> None:
    assert run(args(games=3)) == 2
    assert run(args(level="grandmaster")) == 2
    assert run(args(seat=2)) == 2
    assert run(args(variant=["long"])) == 2


def test_terminal_offers_the_review_after_each_game() -> None:
    code, out = session(candidates(60), games=2)
    assert code == 0
    assert out.count("Review this game (where it was won or lost)? [y/N]") == 2


def test_terminal_review_judges_every_move_of_the_game() -> None:
    import json
    from pathlib import Path

    from cardtable.engine import Record
    from cardtable.games.registry import replay

    golden = Path(__file__).parents[2] / "golden" / "matebeta" / "bots-easy-easy-2.json"
    state = replay(Record.from_json(json.loads(golden.read_text(encoding="utf-8"))))
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, color_system=None)
    game = TerminalGame(args(), io.StringIO("y\n"), console)
    game.offer_review(state)  # type: ignore[arg-type]
    text = out.getvalue()
    assert "Value of the deal: -18." in text
    assert "Points given away: You 47, Computer 120." in text
    assert "You: move 5, lead AD (ply 11) gave away 44; best lead KD, lead AH" in text

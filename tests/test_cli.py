"""The ``cardtable`` command, run as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.engine import Record
from cardtable.games.duel import DUEL
from cardtable.games.duel.bots import SimpleDuelBot
from cardtable.games.duel.positions import arranged_game
from cardtable.games.duel.terminal import DuelScreen, play_game
from cardtable.games.duel.variants import from_variants
from cardtable.games.registry import replay

GOLDEN = Path(__file__).parent / "golden" / "duel"


def cardtable(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


def test_replay_prints_one_json_line_per_file() -> None:
    files = [str(GOLDEN / "standard.json"), str(GOLDEN / "team.json")]
    result = cardtable("replay", *files)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["file"] for line in lines] == files
    assert lines[0]["outcome"] == {"winner": 0, "reason": "out-of-cards"}


def test_replay_legal_lists_moves_after_the_last_move() -> None:
    result = cardtable("replay", "--legal", str(GOLDEN / "example-anna-and-ben.json"))
    line = json.loads(result.stdout)
    assert line["outcome"] is None
    assert line["legal"] == {"0": ["play 4H down", "play 7H up", "play 7H down", "play KD up",
                                   "end"]}


def test_replay_of_a_record_without_moves_is_the_fresh_deal(tmp_path: Path) -> None:
    """No moves (an empty list, or none at all): the deal before anyone moved, every game;
    ``--legal`` lists the moves of the seats to act first."""
    files = []
    for game in ("duel", "paternoster", "duel52", "matebeta"):
        record = json.loads(next(iter(sorted((GOLDEN.parent / game).glob("*.json"))))
                            .read_text())
        record.pop("outcome", None)
        record["moves"] = []
        files.append(tmp_path / f"{game}.json")
        files[-1].write_text(json.dumps(record))
        if game == "duel":
            del record["moves"]
            files.append(tmp_path / "duel-no-moves-key.json")
            files[-1].write_text(json.dumps(record))
    result = cardtable("replay", "--legal", *map(str, files))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == len(files)
    for path, line in zip(files, lines, strict=True):
        record = json.loads(path.read_text())
        fresh = replay(Record(record["game"], record["options"], record["deal"], []))
        assert line["outcome"] is None
        assert line["legal"] == {str(seat): [m.text for m in fresh.legal_moves(seat)]
                                 for seat in fresh.to_act()}
        assert line["legal"], "someone is to act"


def test_replay_names_the_first_bad_move_and_fails(tmp_path: Path) -> None:
    record = json.loads((GOLDEN / "example-anna-and-ben.json").read_text())
    record["moves"].append([0, "push 9H up"])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    broken = tmp_path / "broken.json"
    broken.write_text("{nope")
    result = cardtable("replay", str(GOLDEN / "standard.json"), str(bad), str(broken),
                       str(tmp_path / "missing.json"))
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert "outcome" in lines[0]
    assert lines[1]["error"].startswith("move 15 (seat 0, 'push 9H up'): you do not hold 9H")
    assert lines[2]["error"].startswith("bad record: not valid JSON")
    assert lines[3]["error"].startswith("cannot read the file")


def test_play_duel_in_the_terminal_through_a_pipe() -> None:
    result = cardtable("play", "duel", "--seed", "3", stdin="help\n9X up\nplay AD up\nquit\n")
    out = result.stdout
    assert "Your hand (low → high)" in out and "Legal moves: play" in out
    assert "Not allowed: '9x' is not a card" in out
    assert "You must still play" in out


@pytest.mark.parametrize("variant", [[], ["blitz"], ["team"]])
def test_play_duel_to_the_end_in_the_terminal(variant: list[str]) -> None:
    """A player who always types the first legal move finishes the game and sees the result."""
    console = Console(record=True, width=100)
    options = from_variants(variant)
    state = DUEL.new(options, seed=5)
    bots = {s: SimpleDuelBot(s) for s in range(options.seats) if s != 0}

    def read(prompt: str) -> str | None:
        return state.legal_moves(0)[0].text

    outcome = play_game(state, 0, bots, DuelScreen(console, 0), read)
    text = console.export_text()
    assert outcome is not None and outcome == state.outcome()
    assert ("You win!" in text) or ("You lose." in text) or ("Draw" in text)
    assert "Your hand (low → high)" in text


@pytest.mark.parametrize("starter", [0, 1])
def test_terminal_shows_the_board_before_the_first_prompt(starter: int) -> None:
    """Whoever starts, the player sees hand and piles before typing a move."""
    console = Console(record=True, width=100)
    state = arranged_game(starter=starter)
    prompts: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(console.export_text(clear=False))
        return None

    play_game(state, 0, {1: SimpleDuelBot(1)}, DuelScreen(console, 0), read)
    assert prompts and "Your hand (low → high)" in prompts[0]


def test_variant_list_and_unknown_variant() -> None:
    listed = cardtable("play", "duel", "--variant", "list")
    assert "hard-push" in listed.stdout and listed.returncode == 0
    bad = cardtable("play", "duel", "--variant", "turbo")
    assert bad.returncode == 2 and "unknown duel variant 'turbo'" in bad.stderr


def test_play_duel_against_a_chosen_computer_player() -> None:
    """``--level`` names the duel's computer player; an unknown one is refused."""
    eager = cardtable("play", "duel", "--level", "eager", "--seed", "3", stdin="quit\n")
    assert eager.returncode == 1 and "Your hand (low → high)" in eager.stdout
    bad = cardtable("play", "duel", "--level", "turbo", stdin="quit\n")
    assert bad.returncode == 2 and "no computer player 'turbo'" in bad.stdout
    assert "never-push" in bad.stdout


@pytest.mark.parametrize(("game", "flag", "meaning"), [
    ("duel52", "--match", "--match is for Paternoster Duel"),
    ("paternoster", "--games=2", "--games is for MateBeta"),
    ("duel", "--players=3", "--players is for Paternoster"),
])
def test_play_refuses_flags_the_game_does_not_read(game: str, flag: str, meaning: str) -> None:
    result = cardtable("play", game, flag, stdin="quit\n")
    assert result.returncode == 2 and meaning in result.stderr
    assert result.stdout == ""


def test_bench_reports_games_per_second() -> None:
    result = cardtable("bench", "duel", "--games", "50", "--json")
    data = json.loads(result.stdout)["self_play"][0]
    assert data["game"] == "duel" and data["games"] == 50 and data["games_per_second"] > 0


def test_bench_includes_the_matebeta_solver() -> None:
    result = cardtable("bench", "matebeta", "--games", "5", "--deals", "2", "--json")
    data = json.loads(result.stdout)
    assert data["self_play"][0]["game"] == "matebeta"
    assert set(data["matebeta_solver"]) == {"move-1", "with-foreplacing"}
    assert data["matebeta_solver"]["move-1"]["mean_ms"] > 0


def test_analyze_reviews_a_duel_by_the_computers_estimate(tmp_path: Path) -> None:
    record = json.loads((GOLDEN / "standard.json").read_text())
    short = tmp_path / "short.json"
    short.write_text(json.dumps({**record, "moves": record["moves"][:12]}))
    result = cardtable("analyze", str(short), "--seat", "0", "--deals", "3")
    assert result.returncode == 0, result.stderr
    assert "review by the strong computer player's estimate" in result.stdout
    assert "an estimate, not an exact value" in result.stdout
    data = json.loads(cardtable("analyze", str(short), "--deals", "3", "--json").stdout)
    assert data["seats"] == [0, 1] and data["deals"] == 3 and data["decisions"]
    again = json.loads(cardtable("analyze", str(short), "--deals", "3", "--json").stdout)
    assert again == data


def test_analyze_refuses_estimate_flags_for_matebeta_and_bad_seats() -> None:
    mate = Path(__file__).parent / "golden" / "matebeta" / "rule-overmate.json"
    result = cardtable("analyze", str(mate), "--seat", "0")
    assert result.returncode == 1 and "--seat, --deals and --seed are for" in result.stderr
    result = cardtable("analyze", str(GOLDEN / "standard.json"), "--seat", "2")
    assert result.returncode == 1 and "there is no seat 2" in result.stderr

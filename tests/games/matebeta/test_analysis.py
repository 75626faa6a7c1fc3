"""The exact review of MateBeta games, held against the solver and the rules.

* On every golden record the points the two sides gave away account for the whole
  change from the deal's value to the result.
* Two exact players make no mistakes; a known bad move is named with its best moves.
* Every legal move of a position gets its value; foreplacing decisions are judged too.
* Another game's record, an illegal move, a cut-off or non-JSON file: a clear error.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cli import main
from cardtable.engine import Record, play_out
from cardtable.games.matebeta.analysis import AnalysisError, at, load, position, review
from cardtable.games.matebeta.bots import make_bot
from cardtable.games.matebeta.rules import MATEBETA, MateBetaState
from cardtable.games.matebeta.solver import Solver

GOLDEN = Path(__file__).parents[2] / "golden" / "matebeta"
RECORDS = sorted(GOLDEN.glob("*.json"))


def golden(name: str) -> Record:
    return load((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def bot_game(seed: int, bots: tuple[str, str]) -> Record:
    state = MATEBETA.new({}, seed=seed)
    play_out(state, {s: make_bot(bots[s], seed + s) for s in (0, 1)}, random.Random(seed))
    return state.record()


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_points_given_away_add_up_to_the_change_from_the_deal_to_the_result(
        path: Path) -> None:
    r = review(load(path.read_text(encoding="utf-8")))
    outcome = json.loads(path.read_text(encoding="utf-8"))["outcome"]
    assert r.result == outcome["points"][0] - outcome["points"][1]
    assert r.start - r.given_away(0) + r.given_away(1) == r.result
    assert all(m.lost >= 0 for m in r.moves)
    assert r.values() == [r.start, *(m.after for m in r.moves)]


def test_the_start_is_the_solvers_value_of_the_deal() -> None:
    record = golden("bots-easy-easy-2")
    assert review(record).start == Solver().value(at(record, 0))


@pytest.mark.parametrize("name", ["bots-perfect-perfect-5", "bots-perfect-perfect-6"])
def test_two_exact_players_make_no_mistakes(name: str) -> None:
    r = review(golden(name))
    assert r.mistakes(0) == r.mistakes(1) == []
    assert r.given_away(0) == r.given_away(1) == 0
    assert all(m.move in m.before.best for m in r.moves)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_fresh_games_of_two_exact_players_show_no_mistakes(seed: int) -> None:
    r = review(bot_game(seed, ("perfect", "perfect")))
    assert r.given_away(0) == r.given_away(1) == 0
    assert r.start == r.result


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_random_games_account_for_every_point(seed: int) -> None:
    r = review(bot_game(seed, ("random", "easy")))
    assert r.start - r.given_away(0) + r.given_away(1) == r.result
    for m in r.moves:
        assert (m.lost == 0) == (m.move in m.before.best)


def test_a_mistake_names_the_best_moves_and_the_points_lost() -> None:
    r = review(golden("bots-easy-easy-2"))
    biggest = r.mistakes(1)[0]
    assert (biggest.ply, biggest.move, biggest.lost) == (5, "lead AS", 76)
    assert biggest.before.best == ("lead KC",)
    assert (biggest.before.value, biggest.after) == (-21, 55)
    assert [m.lost for m in r.mistakes(1)] == sorted((m.lost for m in r.mistakes(1)),
                                                    reverse=True)


def test_every_legal_move_gets_its_exact_value() -> None:
    state = at(golden("bots-easy-easy-2"), 4)
    here = position(state)
    assert [o.move for o in here.options] == [m.text for m in state.legal_moves(1)]
    for option in here.options:
        after = state.clone()
        after.play(1, option.move)
        assert option.value == Solver().value(after)
    assert here.value == min(o.value for o in here.options)  # seat 1 to lead


def test_foreplacing_decisions_are_judged_with_keep_and_every_allowed_card() -> None:
    r = review(golden("bots-easy-easy-2"))
    dealer, other = r.moves[0], r.moves[1]
    assert dealer.foreplacing and other.foreplacing
    assert dealer.before.options[0].move == "keep"
    assert len(dealer.before.options) == 11  # keep and each of the ten cards
    assert "foreplace 7D" not in [o.move for o in other.before.options]  # same suit refused
    assert (other.move, other.lost, other.before.best) == ("keep", 3, ("foreplace 10S",))


def test_a_finished_game_position_has_its_result_and_no_moves() -> None:
    state = at(golden("rule-overmate"))
    here = position(state)
    assert (here.seat, here.value, here.options) == (None, 220, ())


def test_the_json_review_holds_values_mistakes_and_the_record() -> None:
    data = review(golden("rule-overmate")).to_json()
    assert data["values"][0] == data["start"] and data["values"][-1] == data["result"] == 220
    assert len(data["moves"]) == len(data["record"]["moves"])
    first = data["moves"][0]
    assert {"ply", "seat", "move", "before", "after", "lost", "best", "options"} <= set(first)


# --- bad input --------------------------------------------------------------------------


def test_another_games_record_is_refused_by_name() -> None:
    record = Record("duel", {}, {}, [])
    with pytest.raises(AnalysisError, match="record of 'duel', not of MateBeta"):
        review(record)


def test_an_illegal_move_is_named_by_its_number() -> None:
    record = golden("rule-overmate")
    record.moves[4] = (0, "lead 7H")
    with pytest.raises(AnalysisError, match=r"move 5 \(seat 0, 'lead 7H'\): it is seat 1's "
                                            "turn to lead"):
        review(record)


@pytest.mark.parametrize(("text", "words"), [
    ("", "the file is empty"),
    ('{"game": "matebeta", "deal": {"hands"', "not valid JSON"),
    ("[1, 2, 3]", "must be a JSON object"),
    ('{"game": "matebeta", "options": {}, "deal": {"hands": [["AS"], []]}, "moves": []}',
     "deal hands[0] must hold 10 different cards"),
])
def test_a_file_that_is_no_record_is_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(AnalysisError, match=re.escape(words)):
        review(load(text))


def test_analyze_prints_the_review_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    path = GOLDEN / "bots-easy-easy-2.json"
    assert main(["analyze", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Value of the deal: -18." in text and "Biggest mistakes:" in text
    assert "seat 1: move 2, lead AS (ply 5) gave away 76; best lead KC" in text
    assert ("Foreplacing:\n  seat 1: foreplace 7D: right, no points given away\n"
            "  seat 0: foreplacing, keep") in text
    assert main(["analyze", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["given_away"] == [47, 120]


@pytest.mark.parametrize(("content", "words"), [
    ('{"game": "pinball", "options": {}, "deal": {}, "moves": []}', "pinball"),
    ('{"game": "duel", "options": {}, "deal": {}, "moves": []}', "the deal needs 'hands'"),
    ('{"game": "matebeta", "deal"', "not valid JSON"),
    ("\udcff", "not text"),
])
def test_analyze_reports_bad_files_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, words: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    assert main(["analyze", str(path), "--json"]) == 1
    assert words in json.loads(capsys.readouterr().out)["error"]
    assert main(["analyze", str(path)]) == 1
    assert words in capsys.readouterr().err


def test_a_solver_kept_across_games_gives_the_same_reviews() -> None:
    solver = Solver()
    for name in ("bots-easy-easy-2", "rule-overmate", "bots-easy-easy-2"):
        assert review(golden(name), solver).to_json() == review(golden(name)).to_json()


def test_at_replays_a_prefix() -> None:
    state = at(golden("rule-overmate"), 2)
    assert isinstance(state, MateBetaState) and state.observation(None).phase == "lead"

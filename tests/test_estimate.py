"""Reviews of Paternoster Duel and Duel 52 by the strong player's estimate:
judged from the seat's own observation only, reproducible for a seed, and bad records
refused naming the problem or the move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.engine import Record
from cardtable.games.registry import find_game
from cardtable.sim.estimate import (
    ReviewError,
    choices,
    load,
    render,
    review,
    strong_player,
)

GOLDEN = Path(__file__).parent / "golden"


def golden(game: str, name: str) -> Record:
    return Record.from_json(json.loads((GOLDEN / game / f"{name}.json").read_text()))


def first_moves(record: Record, n: int) -> Record:
    return Record(record.game, record.options, record.deal, record.moves[:n])


def test_estimate_picks_the_move_the_common_numbers_player_plays() -> None:
    record = golden("duel", "standard")
    found, _forced = choices(first_moves(record, 12), [0, 1])
    for _ply, _seat, observation, _played in found[:4]:
        estimates = strong_player("duel", 7, 6).estimate(observation)
        best = max(estimates, key=lambda e: e.value).move
        assert strong_player("duel", 7, 6).act(observation).text == best
        assert {e.move for e in estimates} == {m.text for m in observation.legal_moves()}
        assert all(e.samples == 6 and 0 <= e.chance <= 1 for e in estimates)


def test_each_decision_is_judged_from_that_seats_observation() -> None:
    record = first_moves(golden("duel", "standard"), 20)
    state = find_game("duel").new(record.options, deal=record.deal)
    found, forced = choices(record, [1])
    by_ply = {ply: rest for ply, *rest in found}
    for index, (seat, text) in enumerate(record.moves):
        if index + 1 in by_ply:
            who, observation, played = by_ply[index + 1]
            assert (who, played) == (seat, text) and seat == 1
            assert observation == state.observation(1)
        state.play(seat, text)
    assert forced[1] + len(found) == sum(1 for s, _ in record.moves if s == 1)


def test_a_review_is_the_same_for_the_same_seed_and_agrees_where_the_computer_would() -> None:
    record = first_moves(golden("duel", "standard"), 16)
    one = review(record, [0], deals=4, seed=3)
    assert one.to_json() == review(record, [0], deals=4, seed=3).to_json()
    assert one.decisions and all(d.seat == 0 and d.samples == 4 for d in one.decisions)
    for d in one.decisions:
        if d.played == d.best:
            assert d.before == d.after and d.cost == 0
        assert d.best == d.options[0].move
    assert "an estimate, not an exact value" in render(one)


def test_duel52_is_reviewed_too() -> None:
    record = first_moves(golden("duel52", "quick-heuristic-vs-random-21"), 6)
    result = review(record, [0, 1], deals=1)
    assert result.decisions and {d.seat for d in result.decisions} <= {0, 1}
    assert result.to_json()["deals"] == 1


@pytest.mark.parametrize(("text", "words"), [
    ("", "the file is empty"),
    ('{"game": "duel", "deal": {', "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
])
def test_unreadable_files_are_refused(text: str, words: str) -> None:
    with pytest.raises(ReviewError, match=words):
        load(text)


def test_records_that_cannot_be_reviewed_name_the_problem() -> None:
    duel = golden("duel", "standard")
    with pytest.raises(ReviewError, match="MateBeta has its exact review"):
        review(golden("matebeta", "rule-overmate"))
    with pytest.raises(ReviewError, match="record of Paternoster: a review by estimate is for"):
        review(Record("paternoster", {}, {}, []))
    moves = [*duel.moves[:2], (duel.moves[2][0], "push QQ up")]
    bad = Record("duel", duel.options, duel.deal, moves)
    with pytest.raises(ReviewError, match=r"^move 3 \(seat \d, 'push QQ up'\): "):
        review(bad, deals=1)
    with pytest.raises(ReviewError, match="no seat 2"):
        review(duel, [2], deals=1)
    with pytest.raises(ReviewError, match="deals must be from 1"):
        review(duel, [0], deals=0)

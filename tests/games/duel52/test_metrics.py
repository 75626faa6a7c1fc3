"""The balance lab's figures of a Duel 52 game: the course of the game (lead changes and
the drama of the end) reads seat 0's margin once a round, so a seat's tempo does not count
as a lead, and both paths (the simulation path notes the margins, the ordinary path
replays the record) give the same figures."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from cardtable.course import behind_late, lead_changes
from cardtable.engine import Bot, play_out
from cardtable.games.duel52 import selfplay
from cardtable.games.duel52.bots import HeuristicBot
from cardtable.games.duel52.metrics import (
    margins,
    metrics,
    move_margins,
    replayed_margins,
    round_margins,
)
from cardtable.games.duel52.rules import DUEL52, Duel52State
from cardtable.sim.measures import MEASURES


class SlowHeuristic(HeuristicBot):
    """The heuristic player, unknown to the simulation path: the ordinary path."""


def course_of(turns: list[tuple[int, list[float]]]) -> tuple[list[float], list[int]]:
    """A constructed game: each turn's seat and seat 0's margin after each of its moves."""
    after, seats = [], []
    for seat, turn in turns:
        after += turn
        seats += [seat] * len(turn)
    return after, seats


def test_a_seat_s_tempo_is_no_lead_change() -> None:
    """Seat 0 is a little ahead all game, and each seat's turn ends with the mover
    better placed: after every move the lead seems to change on every turn, once a round
    it never does."""
    turns = [(0, [0.1, 0.2])]
    for _ in range(5):
        turns += [(1, [0.1, 0.0, -0.05]), (0, [0.05, 0.1, 0.2])]
    turns += [(1, [0.1, 0.05]), (0, [0.5])]  # seat 0 wins two lanes with its first move
    after, seats = course_of(turns)
    assert lead_changes(after) == 10
    course = round_margins(after, seats)
    assert course == pytest.approx([0.075] * 10 + [0.125, 0.275, 0.5])
    assert lead_changes(course) == 0 and not behind_late(course, 0)


def test_a_late_comeback_is_drama_and_one_lead_change() -> None:
    """Seat 0 leads all game, most clearly in the last quarter, and seat 1 wins with its
    last turn."""
    ends = [0.2, -0.05] * 4 + [0.3, -0.2, 0.35, -0.05, 0.4, -0.5]
    turns = [(i % 2, [end / 2, end]) for i, end in enumerate(ends)]
    after, seats = course_of(turns)
    course = round_margins(after, seats)
    assert course == pytest.approx(
        [0.075] * 7 + [0.125, 0.05, 0.075, 0.15, 0.175, -0.05, -0.5])
    assert lead_changes(course) == 1
    assert behind_late(course, 1)  # behind at 0.15 and 0.175, in the last four rounds


def test_a_drawn_game_ends_level_and_has_no_drama() -> None:
    course = round_margins(*course_of([(0, [0.1, 0.2]), (1, [-0.1]), (0, [0.0])]))
    assert course == pytest.approx([0.05, -0.05, 0.0])
    assert lead_changes(course) == 1 and not behind_late(course, None)


def test_a_passed_turn_is_no_turn_the_seat_s_moves_run_together() -> None:
    after, seats = [0.1, 0.2, 0.3, 0.4, -0.5], [0, 0, 0, 0, 1]
    assert round_margins(after, seats) == pytest.approx([-0.05, -0.5])


def played(seed: int, slow: bool, options: dict[str, object] | None = None) -> Duel52State:
    rng = random.Random(seed)
    state = DUEL52.new(options or {}, rng=rng)
    bots: dict[int, Bot] = {s: (SlowHeuristic if slow else HeuristicBot)(seed + s)
                            for s in (0, 1)}
    play_out(state, bots, rng)
    return state


@pytest.mark.parametrize(("seed", "options"), [
    (3, {}), (8, {"length": "quick"}), (21, {"handicap_no_power": {"0": ["J", "3"]}})])
def test_both_paths_give_the_same_course(seed: int, options: dict[str, object]) -> None:
    fast, slow = played(seed, False, options), played(seed, True, options)
    assert fast.history == slow.history
    assert fast.margins is not None and len(fast.margins) == len(fast.history)
    assert slow.margins is None
    assert move_margins(fast) == replayed_margins(fast) == move_margins(slow)
    assert metrics(fast) == metrics(slow)


def test_the_margin_after_a_move_is_seat_0_s_worth_less_a_half() -> None:
    """Replayed on the rules themselves, move by move: the worth of each position, and
    once the game is over the result (a win 1, a draw a half)."""
    game = played(5, False)
    outcome = game.outcome()
    assert outcome is not None
    result = 0.0 if outcome.winner is None else 0.5 if outcome.winner == 0 else -0.5
    state = DUEL52.from_deal(game.opts, game.deal)
    expected = []
    for seat, text in game.history:
        move = next(m for m in state.legal_moves(seat) if m.text == text)
        state.play(seat, move)
        over = state.outcome() is not None
        expected.append(result if over else selfplay.worth(state.table(), 0) - 0.5)
    assert move_margins(game) == pytest.approx(expected)
    course = margins(game)
    assert course[-1] == result
    turns = 1 + sum(a != b for (a, _), (b, _) in pairwise(game.history))
    assert len(course) == turns
    figures = metrics(game)
    assert figures["lead-changes"] == lead_changes(course)
    assert figures["winner-behind-late"] == behind_late(course, outcome.winner)


def test_a_game_begun_by_hand_is_replayed() -> None:
    """A move on the ordinary path stops the noting; the lab replays the whole game."""
    rng = random.Random(11)
    state = DUEL52.new({}, rng=rng)
    state.play(state.turn_seat, state.legal_moves(state.turn_seat)[0])
    assert state.margins is None
    play_out(state, {s: HeuristicBot(s) for s in (0, 1)}, rng)
    assert state.margins is None
    assert len(move_margins(state)) == len(state.history)


def test_the_designer_s_measures_read_duel52_s_course() -> None:
    rows = {row.id: row for row in MEASURES["duel52"]}
    assert rows["lead-changes"].metric == "lead-changes"
    assert rows["comeback"].metric == "winner-behind-late"
    assert rows["comeback"].bots == ("heuristic",)

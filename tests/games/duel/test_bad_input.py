"""Bad input gets a clear error naming the move and the rule, and changes nothing."""

from __future__ import annotations

import json

import pytest

from cardtable.engine import IllegalMove, Record, RecordError, ReplayError
from cardtable.games.duel import DuelState
from cardtable.games.duel.positions import arrange_deal, arranged_game
from cardtable.games.registry import replay
from cardtable.testing import assert_refused_unchanged


def opened() -> DuelState:
    """Red to move after black opened both piles (9♠ up, 10♠ down)."""
    state = arranged_game(hands={0: ["10H", "9H", "8H", "10D", "JD", "2D"],
                               1: ["9S", "10S", "AS", "2S", "3S", "4S"]}, starter=1)
    state.play(1, "play 9S up")
    state.play(1, "play 10S down")
    state.play(1, "end")
    return state


@pytest.mark.parametrize(("text", "rule", "words"), [
    ("play", "no-such-move", "is not a move"),
    ("jump 9H up", "no-such-move", "is not a move"),
    ("play 9H sideways", "no-such-move", "is not a move"),
    ("play 1X up", "unknown-card", "'1x' is not a card"),
    ("play 5C up", "not-in-hand", "you do not hold 5C"),
    ("end", "end-too-early", "must still play 2 cards"),
    ("draw", "no-draw", "automatically"),
])
def test_bad_move_text_is_refused(text: str, rule: str, words: str) -> None:
    state = opened()
    problem = assert_refused_unchanged(state, 0, text)
    assert problem.rule == rule and words in problem.reason


def test_move_out_of_turn_is_refused() -> None:
    state = opened()
    problem = assert_refused_unchanged(state, 1, "play AS up")
    assert problem.rule == "not-your-turn" and "seat 0's turn" in problem.reason


def test_unknown_seat_is_refused() -> None:
    state = opened()
    assert assert_refused_unchanged(state, 5, "play 10H up").rule == "no-such-seat"


def test_second_push_is_refused() -> None:
    state = opened()
    state.play(0, "push 10D up")
    assert assert_refused_unchanged(state, 0, "push 9H down").rule == "push-once"


def test_second_step_back_is_refused() -> None:
    state = opened()
    state.play(0, "play 10H up")
    state.play(0, "play 2D down")
    state.play(0, "end")
    state.play(1, "play 2S down")
    state.play(1, "play AS down")
    state.play(1, "end")
    state.play(0, "play 9H up")
    assert assert_refused_unchanged(state, 0, "play 8H up").rule == "step-back-once"


def test_move_after_the_end_is_refused() -> None:
    state = opened()
    state.draws[0].clear()
    state.hands[0][:] = state.hands[0][:1]
    state._facts_cache = None
    state.play(0, state.legal_moves(0)[0])
    assert state.outcome() is not None
    for seat in (0, 1):
        assert assert_refused_unchanged(state, seat, "end").rule == "game-over"


@pytest.mark.parametrize(("text", "words"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"options": {}, "deal": {}}', "no 'game'"),
    ('{"game": "duel", "options": {}}', "no 'deal'"),
    ('{"game": "duel", "options": [], "deal": {}}', "'options' must be"),
    ('{"game": "duel", "deal": {}, "moves": {}}', "'moves' must be"),
    ('{"game": "duel", "deal": {}, "moves": [[0]]}', "move 1 must be"),
    ('{"game": "duel", "deal": {}, "moves": [["0", "end"]]}', "move 1 must be"),
])
def test_malformed_record_is_refused(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        Record.loads(text)


def test_record_with_unknown_game_or_bad_deal() -> None:
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay(Record("chess", {}, {"hands": []}))
    with pytest.raises(RecordError, match="two lists"):
        replay(Record("duel", {}, {"hands": []}))
    deal = arrange_deal()
    deal["hands"][0][0] = "KS"
    with pytest.raises(RecordError, match="must hold the 26 red cards"):
        replay(Record("duel", {}, deal))
    deal = arrange_deal()
    deal["hands"][1][3] = "QQ"
    with pytest.raises(RecordError, match="'QQ' is not a card"):
        replay(Record("duel", {}, deal))
    with pytest.raises(RecordError, match="starter"):
        replay(Record("duel", {}, arrange_deal() | {"starter": 2}))
    with pytest.raises(RecordError, match="unknown option"):
        replay(Record("duel", {"turbo": True}, arrange_deal()))


def test_replay_names_the_first_bad_move() -> None:
    state = opened()
    record = state.record()
    record.moves.append((0, "push 9H up"))
    with pytest.raises(ReplayError) as info:
        replay(record)
    message = str(info.value)
    assert message.startswith("move 4 (seat 0, 'push 9H up'): ")
    assert "must be higher than 9S" in message
    assert info.value.index == 3


def test_illegal_move_is_a_value_error_with_rule() -> None:
    problem = IllegalMove("why", "some-rule")
    assert isinstance(problem, ValueError) and problem.rule == "some-rule"
    assert json.loads(Record("duel", {}, {}).dumps())["moves"] == []

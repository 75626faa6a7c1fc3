"""The duel's variants, one test per rule sentence, and the combinations they refuse."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.cards import parse_card
from cardtable.engine import IllegalMove, OptionError
from cardtable.games.duel import DUEL, DuelState
from cardtable.games.duel.bots import SimpleDuelBot
from cardtable.games.duel.positions import arranged_game as new
from cardtable.games.duel.variants import from_variants, parse_options
from cardtable.testing import assert_refused_unchanged


def legal(state: DuelState, seat: int) -> list[str]:
    return [m.text for m in state.legal_moves(seat)]


def black_opens(**options: Any) -> DuelState:
    """Red to move with 2D 3D 10D JD QD KD; black's up pile shows 9♠, its down pile 10♠."""
    state = new({0: ["2D", "3D", "10D", "JD", "QD", "KD"],
                 1: ["9S", "10S", "AS", "2S", "3S", "4S"]}, starter=1, **options)
    state.play(1, "play 9S up")
    state.play(1, "play 10S down")
    state.play(1, "end")
    return state


# --- Friendly race -------------------------------------------------------------------

def test_variant_friendly_race_no_pushing() -> None:
    """Friendly race: no pushing at all."""
    state = black_opens(friendly=True)
    assert not [m for m in legal(state, 0) if m.startswith("push")]
    problem = assert_refused_unchanged(state, 0, "push 10D up")
    assert problem.rule == "no-push" and "Friendly race" in problem.reason


def test_variant_friendly_race_whoever_gets_stuck_loses() -> None:
    """Friendly race: whoever gets stuck first loses (the ordinary end still applies)."""
    state = new({0: ["KD", "AD", "3D", "4D", "5D", "6D"]}, draws={0: ["7D", "8D"]},
                friendly=True)
    state.play(0, "play KD up")
    state.play(0, "play AD down")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play AC up")
    state.play(1, "end")
    assert state.outcome() is not None and state.outcome().to_json()["reason"] == "stuck"


# --- Long race -----------------------------------------------------------------------

def test_variant_long_race_seven_cards() -> None:
    """Long race: 7 cards in hand, and you draw back up to 7."""
    state = new(long_race=True)
    assert [len(h) for h in state.hands] == [7, 7]
    state.play(0, "play AD up")
    state.play(0, "end")
    assert len(state.hands[0]) == 7


# --- Hard push -----------------------------------------------------------------------

def test_variant_hard_push_any_distance() -> None:
    """Hard push: a pushed card may go any distance (still in the pile's direction)."""
    state = black_opens(hard_push=True)
    moves = legal(state, 0)
    assert "push KD up" in moves and "push 2D down" in moves
    assert "push 2D up" not in moves  # direction still counts


# --- Handicap ------------------------------------------------------------------------

def test_variant_handicap_five_cards() -> None:
    """Handicap: the stronger player plays with 5 cards in hand (per seat)."""
    state = new(handicap_hand=[1])
    assert [len(h) for h in state.hands] == [6, 5]
    state.play(0, "play AD up")
    state.play(0, "end")
    state.play(1, state.legal_moves(1)[0])
    state.play(1, state.legal_moves(1)[0])
    state.play(1, "end")
    assert len(state.hands[1]) == 5


def test_variant_handicap_without_pushing() -> None:
    """Handicap: ... or without pushing (per seat; the other seat still pushes)."""
    state = black_opens(handicap_no_push=[0])
    problem = assert_refused_unchanged(state, 0, "push 10D up")
    assert problem.rule == "no-push" and "handicap" in problem.reason
    state.play(0, "play 2D up")
    state.play(0, "play 3D up")
    state.play(0, "end")
    assert [m for m in legal(state, 1) if m.startswith("push")]


# --- Blitz duel ----------------------------------------------------------------------

def test_variant_blitz_both_play_at_the_same_time() -> None:
    """Blitz duel: no turns – both of you play at the same time."""
    state = new(blitz=True)
    assert state.to_act() == (0, 1)
    state.play(1, "play AS up")
    state.play(1, "play 2S up")
    state.play(0, "play AD up")
    state.play(1, "play 3S up")
    assert state.outcome() is None


def test_variant_blitz_no_turn_end() -> None:
    """There are no turns to end in Blitz duel."""
    state = new(blitz=True)
    assert assert_refused_unchanged(state, 0, "end").rule == "no-turns"


def test_variant_blitz_draw_back_up_whenever_you_like() -> None:
    """Draw back up to 6 whenever you like."""
    state = new(blitz=True)
    assert "draw" not in legal(state, 0)  # the hand is full
    state.play(0, "play AD up")
    state.play(0, "play AH up")
    assert "draw" in legal(state, 0)
    events = state.play(0, "draw")
    assert events[0].data["count"] == 2 and len(state.hands[0]) == 6


def test_variant_blitz_one_push_between_two_own_cards() -> None:
    """You may push at most once between two cards played on your own piles."""
    state = new({0: ["2D", "3D", "4D", "5D", "6D", "7D"], 1: ["AS", "2S", "3S", "4S", "5S",
                                                             "6S"]}, blitz=True)
    state.play(1, "play AS up")
    state.play(0, "push 2D up")
    assert assert_refused_unchanged(state, 0, "push 3D up").rule == "push-once"
    state.play(0, "play 4D up")
    state.play(0, "push 3D up")


def test_variant_blitz_one_step_back_between_two_ordinary_cards() -> None:
    """DESIGN 8: at most one step back between two ordinary own-pile plays."""
    state = new({0: ["10H", "9H", "8H", "KD", "QH", "2D"]}, blitz=True)
    state.play(0, "play 10H up")
    state.play(0, "play 9H up")
    assert assert_refused_unchanged(state, 0, "play 8H up").rule == "step-back-once"
    state.play(0, "play QH up")  # an ordinary play opens the next step back
    state.play(0, "play KD down")
    assert "play QH up" not in legal(state, 0)


def test_variant_blitz_out_of_cards_wins() -> None:
    """The game ends when one seat runs out of cards: it wins."""
    state = new(blitz=True)
    state.draws[0].clear()
    state.hands[0][:] = [parse_card("AD")]
    state._facts_cache = None
    state.play(0, "play AD up")
    assert state.outcome() is not None
    assert state.outcome().to_json() == {"winner": 0, "reason": "out-of-cards"}


def test_variant_blitz_nobody_can_move_fewer_cards_win() -> None:
    """Nobody can move any more? Then whoever has fewer cards left (hand and draw pile) wins."""
    state = new({0: ["KD", "AD", "3D", "4D", "5D", "6D"], 1: ["KS", "AS", "3S", "4S", "5S",
                                                             "6S"]}, blitz=True, friendly=True)
    state.draws[0].clear()
    state.draws[1].clear()
    state._facts_cache = None
    state.play(0, "play 6D up")
    state.play(0, "play KD up")
    state.play(1, "play KS up")
    state.play(1, "play AS down")
    assert state.outcome() is None
    state.play(0, "play AD down")  # now neither can move: red 3 cards left, black 4
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == {"winner": 0, "reason": "fewer-cards"}


def test_variant_blitz_nobody_can_move_equal_is_draw() -> None:
    """DESIGN 8: equal cards left is a draw."""
    state = new({0: ["KD", "AD", "3D", "4D", "5D", "6D"], 1: ["KS", "AS", "3S", "4S", "5S",
                                                             "6S"]}, blitz=True, friendly=True)
    state.draws[0].clear()
    state.draws[1].clear()
    state._facts_cache = None
    state.play(0, "play KD up")
    state.play(1, "play KS up")
    state.play(1, "play AS down")
    state.play(0, "play AD down")
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == {"winner": None, "reason": "draw"}
    assert outcome.returns == (0.0, 0.0)


def test_variant_blitz_move_made_illegal_by_other_seat_is_refused() -> None:
    """DESIGN 8: a move made illegal by the other seat's move is refused, nothing changes."""
    state = new({0: ["10D", "JD", "2D", "3D", "4D", "5D"], 1: ["9S", "10S", "AS", "2S", "3S",
                                                               "4S"]}, blitz=True)
    state.play(1, "play 9S up")
    assert "push 10D up" in legal(state, 0)
    state.play(1, "play 10S up")  # arrives first
    problem = assert_refused_unchanged(state, 0, "push 10D up")
    assert problem.rule == "push-direction"


# --- Team duel -----------------------------------------------------------------------

def test_variant_team_four_seats_two_decks() -> None:
    """Team duel: each team gets all 52 red or black cards of both decks as one team draw pile;
    each player has their own hand of 6; seats 0, 2 red and 1, 3 black."""
    state = new(team=True)
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    assert [len(d) for d in state.draws] == [40, 40]
    for seat in range(4):
        assert all(c.is_red == (seat % 2 == 0) for c in state.hands[seat])


def test_variant_team_turns_go_round_the_table() -> None:
    """Turns go round the table, so the teams alternate (0, 1, 2, 3)."""
    state = new(team=True, starter=0)
    order = []
    for _ in range(5):
        seat = state.to_act()[0]
        order.append(seat)
        state.play(seat, state.legal_moves(seat)[0])
        if state.required > 1:
            state.play(seat, state.legal_moves(seat)[0])
        state.play(seat, "end")
    assert order == [0, 1, 2, 3, 0]


def test_variant_team_partners_share_piles_and_draw_pile() -> None:
    """Partners share one up pile, one down pile and the team draw pile."""
    state = new({0: ["AD", "2D", "3D", "4D", "5D", "6D"], 2: ["7D", "8D", "9D", "10D", "JD",
                                                             "QD"]}, team=True)
    state.play(0, "play AD up")
    state.play(0, "end")
    state.play(1, state.legal_moves(1)[0])
    state.play(1, state.legal_moves(1)[0])
    state.play(1, "end")
    draw = len(state.draws[0])
    state.play(2, "play 7D up")  # on the pile partner 0 opened
    state.play(2, "play 8D up")
    state.play(2, "end")
    assert [c.text for c in state.piles[0][0]] == ["AD", "7D", "8D"]
    assert len(state.draws[0]) == draw - 2


def test_variant_team_twins_are_equal() -> None:
    """The two identical cards are equal, so a card may go on its twin – on any pile."""
    state = new({0: ["5D", "5D", "2D", "3D", "4D", "6D"]}, team=True)
    state.play(0, "play 5D up")
    state.play(0, "play 5D up")
    assert [c.text for c in state.piles[0][0]] == ["5D", "5D"]


def test_variant_team_push_onto_twin() -> None:
    """DESIGN 9: twins are equal on any pile, pushes included; pushes go to the other team."""
    state = new({0: ["9D", "4D", "5D", "6D", "7D", "8D"], 1: ["8S", "AS", "2S", "3S", "4S", "5S"],
                 2: ["9D", "2D", "3D", "AH", "2H", "3H"], 3: ["KS", "QS", "AC", "2C", "3C", "4C"]},
                team=True, starter=1)
    state.play(1, "play 8S up")
    state.play(1, "end")
    state.play(2, "play 2D up")
    state.play(2, "play 3D up")
    state.play(2, "push 9D up")
    state.play(2, "end")
    state.play(3, "play KS down")
    state.play(3, "play QS down")
    state.play(3, "end")
    assert "push 9D up" in legal(state, 0)
    state.play(0, "push 9D up")
    assert [c.text for c in state.piles[1][0]] == ["8S", "9D", "9D"]


def test_variant_team_seat_without_cards_is_skipped() -> None:
    """DESIGN 9: a seat with no cards is skipped."""
    state = new(team=True, starter=1)
    state.draws[0].clear()
    state.hands[2].clear()
    state._facts_cache = None
    state.play(1, "play AS up")
    state.play(1, "end")
    assert state.to_act() == (3,)  # seat 2 holds nothing
    assert state.outcome() is None


def test_variant_team_required_cards_use_team_draw_pile() -> None:
    """DESIGN 9: required cards as rule 2, with the team draw pile."""
    state = new(team=True, starter=0)
    state.draws[1].clear()
    state.play(0, "play AD up")
    state.play(0, "end")
    assert state.to_act() == (1,) and state.required == 1


def test_variant_team_player_stuck_loses_for_team() -> None:
    """The team whose player can't play enough loses."""
    state = new({0: ["KD", "AD", "3D", "4D", "5D", "6D"], 2: ["7D", "8D", "9D", "10D", "JD",
                                                             "QH"]},
                draws={0: ["7H", "8H"]}, team=True)
    state.play(0, "play KD up")
    state.play(0, "play AD down")
    state.play(0, "end")
    state.play(1, "play AS up")
    state.play(1, "play AC up")
    state.play(1, "end")
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == {"winner": 1, "reason": "stuck"}
    assert outcome.returns == (-1.0, 1.0, -1.0, 1.0)


def test_variant_team_all_cards_played_wins() -> None:
    """The team that plays all its cards first wins."""
    state = new(team=True, starter=0)
    state.draws[0].clear()
    state.hands[2].clear()
    state.hands[0][:] = [parse_card("AD")]
    state._facts_cache = None
    state.play(0, "play AD up")
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == {"winner": 0, "reason": "out-of-cards"}
    assert outcome.returns == (1.0, -1.0, 1.0, -1.0)


# --- options ---------------------------------------------------------------------------

@pytest.mark.parametrize(("raw", "words"), [
    ({"friendly": True, "hard_push": True}, "Friendly race"),
    ({"blitz": True, "team": True}, "do not combine"),
    ({"handicap_hand": [2]}, "seat 2 does not exist"),
    ({"friendly": True, "handicap_no_push": [0]}, "nobody pushes"),
    ({"hand": 4, "cards_per_turn": 4, "handicap_hand": [0]},
     r"more than the handicap hand \(3 cards\)"),
    ({"long": True}, "unknown option 'long'"),
    ({"team": "yes"}, "true or false"),
    ({"handicap_hand": "0"}, "list of seat numbers"),
])
def test_impossible_options_are_refused_with_a_reason(raw: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        parse_options(raw)


def test_variant_names_give_options() -> None:
    options = from_variants(["long", "hard-push", "handicap-hand:1"])
    assert options.long_race and options.hard_push and options.handicap_hand == (1,)
    assert options.to_json() == {"long_race": True, "hard_push": True, "handicap_hand": [1]}
    with pytest.raises(OptionError, match="unknown duel variant"):
        from_variants(["turbo"])
    with pytest.raises(OptionError, match="needs a seat"):
        from_variants(["handicap-hand"])


def test_standard_options_are_the_empty_object() -> None:
    assert parse_options({}).to_json() == {}
    assert DUEL.new(seed=1).record().options == {}


def test_variant_team_partners_talk_only_through_signals() -> None:
    """DESIGN 9: partners talk only through signals (Paternoster 11): everyone sees them, they
    are not moves, and only the Team duel has them."""
    state = new(team=True)
    state.signal(0, "up", "dont-play")
    for seat in (None, 0, 1, 2, 3):
        assert state.observation(seat).signals == ((0, 0, "dont-play"),)
    assert state.history == [] and state.signal_log == [(0, 0, "up", "dont-play")]
    state.clear_signal(0, "up")
    assert state.observation(2).signals == ()
    with pytest.raises(IllegalMove, match="not a signal"):
        state.signal(0, "up", "I hold the 9H")
    with pytest.raises(IllegalMove, match="no pile"):
        state.signal(0, "left", "help")
    two = new()
    with pytest.raises(IllegalMove, match="only the Team duel"):
        two.signal(0, "up", "help")


def test_variant_team_bot_offers_help_for_its_step_back() -> None:
    """The simple player says "I can help this pile" when it holds the step back."""
    state = new({0: ["10H", "2D", "3D", "4D", "5D", "6D"], 2: ["9H", "KD", "QD", "JD", "8D",
                                                             "7D"]}, team=True)
    state.play(0, "play 10H up")
    state.play(0, "end")
    assert SimpleDuelBot(1).signals(state.observation(2)) == {0: "help"}
    assert SimpleDuelBot(1).signals(new().observation(0)) == {}

"""MateBeta matches: dealer order, hand swaps, fresh shuffle of game 3, totals."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import parse_card
from cardtable.games.matebeta.match import Match
from cardtable.games.matebeta.rules import MATEBETA, MB_DECK, MateBetaOutcome


def outcome(p0: int, p1: int) -> MateBetaOutcome:
    end = "draw" if p0 == p1 == 0 else "mate"
    return MateBetaOutcome((p0, p1), end, 3, None if end == "draw" else parse_card("AS"))


@pytest.mark.parametrize("first", [0, 1])
def test_rule_2_game_match_one_player_deals_game_1_the_other_game_2(first: int) -> None:
    """One player deals game 1 and the other player deals game 2."""
    match = Match.start(2, random.Random(5), first_dealer=first)
    assert [match.dealer(i) for i in range(2)] == [first, 1 - first]
    assert [match.deal(i)["dealer"] for i in range(2)] == [first, 1 - first]


@pytest.mark.parametrize("first", [0, 1])
def test_rule_4_game_match_second_dealer_deals_game_3_first_dealer_game_4(first: int) -> None:
    """In a 4-game match, the second dealer also deals game 3 and the first dealer deals
    game 4."""
    match = Match.start(4, random.Random(5), first_dealer=first)
    assert [match.dealer(i) for i in range(4)] == [first, 1 - first, 1 - first, first]


def test_rule_first_dealer_is_picked_at_random() -> None:
    """The first dealer is picked at random."""
    firsts = {Match.start(2, random.Random(seed)).first_dealer for seed in range(30)}
    assert firsts == {0, 1}


def test_rule_play_again_other_player_deals_first() -> None:
    """On Play again the other player deals first."""
    for first in (0, 1):
        match = Match.start(4, random.Random(1), first_dealer=first)
        again = match.play_again(random.Random(2))
        assert again.first_dealer == 1 - first and again.games == 4
        assert again.deal(0)["hands"] != match.deal(0)["hands"]


def test_rule_game_2_swaps_the_hands_with_no_shuffle() -> None:
    """Game 2 swaps the hands. Each player takes the 10 cards the other player was dealt in
    game 1, with no shuffle."""
    match = Match.start(2, random.Random(9), first_dealer=0)
    one, two = match.deal(0), match.deal(1)
    assert two["hands"] == [one["hands"][1], one["hands"][0]]


def test_rule_differs_game_2_passes_the_foreplaced_card_on() -> None:
    """In games 2 and 4 a player who foreplaced passes that card on with the rest: each
    player takes all 10 cards the other was dealt."""
    match = Match.start(2, random.Random(9), first_dealer=0)
    game1 = MATEBETA.new({}, deal=match.deal(0))
    card = game1.legal_moves(0)[1]  # foreplace the lowest card
    game1.play(0, card)
    game2 = MATEBETA.new({}, deal=match.deal(1))
    taken = [c.text for c in game2.observation(1).hands[1]]
    assert len(taken) == 10 and set(taken) == set(game1.deal["hands"][0])
    assert card.text.split()[1] in taken


def test_rule_4_games_game_3_fresh_shuffle_game_4_swaps_its_hands() -> None:
    """In a 4-game match, game 3 is a fresh shuffle and game 4 swaps its hands the same way."""
    match = Match.start(4, random.Random(11))
    deals = [match.deal(i) for i in range(4)]
    assert deals[2]["hands"] != deals[0]["hands"] and deals[2]["hands"] != deals[1]["hands"]
    assert deals[3]["hands"] == [deals[2]["hands"][1], deals[2]["hands"][0]]
    for deal in deals:
        assert sorted(deal["hands"][0] + deal["hands"][1]) == sorted(c.text for c in MB_DECK)
        MATEBETA.new({}, deal=deal)


def test_rule_match_is_2_or_4_games() -> None:
    """A match is 2 or 4 games (2: one deal, played once from each side)."""
    for bad in (1, 3, 5):
        with pytest.raises(ValueError, match="2 or 4"):
            Match.start(bad, random.Random(0))
    match = Match.start(2, random.Random(0))
    with pytest.raises(ValueError, match="games 1 to 2"):
        match.deal(2)


def test_rule_higher_total_wins_the_match() -> None:
    """After the last game the higher total wins the match."""
    match = Match.start(4, random.Random(0))
    for result in (outcome(33, 0), outcome(0, 44), outcome(0, 0), outcome(22, 0)):
        assert match.winner() is None
        match.add(result)
    assert match.totals == (55, 44)
    assert match.is_over() and match.winner() == 0
    with pytest.raises(ValueError, match="over"):
        match.add(outcome(0, 0))


def test_rule_differs_equal_totals_draw_the_match() -> None:
    """Equal totals after the last game draw the match."""
    match = Match.start(2, random.Random(0))
    match.add(outcome(44, 0))
    match.add(outcome(0, 44))
    assert match.is_over() and match.winner() is None
    assert match.to_json()["winner"] is None and match.to_json()["totals"] == [44, 44]

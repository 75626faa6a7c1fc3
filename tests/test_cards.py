"""The shared card model: notation, ladder order and names."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import CARDS, Card, CardError, Rank, Suit, deck, format_cards, parse_card


@pytest.mark.parametrize(("text", "expected"), [
    ("10H", "10H"), ("QC", "QC"), ("AD", "AD"), ("th", "10H"), ("TH", "10H"), ("qc", "QC"),
    ("10♥", "10H"), ("Q♣", "QC"), ("a♦", "AD"), ("K♠", "KS"), (" 7s ", "7S"),
])
def test_parse_accepts_notation_symbols_lower_case_and_t(text: str, expected: str) -> None:
    assert parse_card(text).text == expected


@pytest.mark.parametrize("text", ["", "1H", "11H", "QX", "H", "10", "joker", "1♥"])
def test_parse_refuses_non_cards_with_a_clear_message(text: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(text)


@given(st.sampled_from(CARDS))
def test_format_then_parse_is_identity(card: Card) -> None:
    assert parse_card(card.text) is card
    assert parse_card(card.symbol) is card
    assert Card.of(card.rank, card.suit) is card


def test_ladder_order_rank_then_suit() -> None:
    assert format_cards(sorted(CARDS)[:5]) == ["AD", "AH", "AS", "AC", "2D"]
    assert parse_card("7S") < parse_card("8D") < parse_card("8H") < parse_card("8S")
    assert parse_card("KC") == CARDS[-1]


def test_card_properties() -> None:
    card = parse_card("QH")
    assert card.rank is Rank.QUEEN and card.suit is Suit.HEARTS and card.is_red
    assert card.symbol == "Q♥" and str(card) == "QH" and repr(card) == "Card('QH')"
    assert not parse_card("2S").is_red and Rank.JACK.is_face and not Rank.TEN.is_face


def test_display_names_in_english() -> None:
    """The English name is the catalogues' source text; the site's ``card_name`` gives it
    in the reader's language."""
    assert parse_card("QH").display() == "Queen of Hearts"
    assert parse_card("KD").display() == "King of Diamonds"
    assert parse_card("10D").display() == "10 of Diamonds"


def test_decks() -> None:
    assert len(deck()) == 52 and len(deck(2)) == 104 and len(deck(3)) == 156
    assert {c.text[-1] for c in deck(1, (Suit.DIAMONDS, Suit.HEARTS))} == {"D", "H"}


def test_cards_survive_pickling_as_the_same_object() -> None:
    card = parse_card("9S")
    assert pickle.loads(pickle.dumps(card)) is card

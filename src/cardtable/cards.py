"""The shared card model: suits, ranks, cards, their notation and names.

A card is an ``int`` whose value is its step on the Paternoster ladder
(``(rank - 1) * 4 + suit``), so the ladder order of both Paternoster games is
plain integer comparison and every card of a standard deck is one interned
object. Games with another ranking (MateBeta) bring their own sort keys.

Notation: rank ``A 2 … 10 J Q K`` then suit ``D H S C`` (``10H``, ``QC``).
Parsing also accepts ``♦♥♠♣``, lower case and ``T`` for 10. Names are English, the
source text of the site's catalogues, which translate them (``web.labels.card_name``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import TypeVar

__all__ = [
    "CARDS",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "deck",
    "format_cards",
    "parse_card",
    "shuffled",
]


class CardError(ValueError):
    """A card text that names no card."""


class Suit(IntEnum):
    """Suits in ladder order: ♦ < ♥ < ♠ < ♣ (the Skat order)."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "DHSC"[self]

    @property
    def symbol(self) -> str:
        return "♦♥♠♣"[self]

    @property
    def is_red(self) -> bool:
        return self <= Suit.HEARTS

    def display(self) -> str:
        return _SUIT_NAMES[self]


class Rank(IntEnum):
    """Ranks from Ace (1, the lowest) to King (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def is_face(self) -> bool:
        return self >= Rank.JACK

    def display(self) -> str:
        return _RANK_NAMES[self]


_RANK_LETTERS = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_NAMES = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "Ace", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King"}
_SUIT_NAMES = {Suit.DIAMONDS: "Diamonds", Suit.HEARTS: "Hearts", Suit.SPADES: "Spades",
               Suit.CLUBS: "Clubs"}


class Card(int):
    """One card; its integer value is its step on the ladder (0 = A♦ … 51 = K♣).

    Use :data:`CARDS`, :meth:`of` or :func:`parse_card` rather than the
    constructor, so that every card is one shared object.
    """

    __slots__ = ()

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        return CARDS[(rank - 1) * 4 + suit]

    @property
    def rank(self) -> Rank:
        return Rank(self // 4 + 1)

    @property
    def suit(self) -> Suit:
        return Suit(self % 4)

    @property
    def is_red(self) -> bool:
        return self % 4 <= 1

    @property
    def text(self) -> str:
        """The record notation, e.g. ``10H``."""
        return _TEXT[self]

    @property
    def symbol(self) -> str:
        """A short display form with the suit symbol, e.g. ``10♥``."""
        return self.rank.letter + self.suit.symbol

    def display(self) -> str:
        """The card's full name in English, ``Queen of Hearts``."""
        return f"{self.rank.display()} of {self.suit.display()}"

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card('{_TEXT[self]}')"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_from_int, (int(self),))


def _card_from_int(value: int) -> Card:
    return CARDS[value]


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
"""All 52 cards, indexed by ladder step."""

_TEXT: tuple[str, ...] = tuple(
    Rank(i // 4 + 1).letter + Suit(i % 4).letter for i in range(52)
)

_SUIT_BY_CHAR = {
    "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES, "c": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES, "♣": Suit.CLUBS,
    "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES, "♧": Suit.CLUBS,
}
_RANK_BY_TEXT = {_RANK_LETTERS[r].lower(): r for r in Rank} | {"t": Rank.TEN}
_PARSED: dict[str, Card] = {text: CARDS[i] for i, text in enumerate(_TEXT)}
"""Texts already read, starting with every card's written form."""


def parse_card(text: str) -> Card:
    """Parse ``10H``, ``th``, ``10♥`` or ``Q♣`` into a card.

    Raises :class:`CardError` with a message a player understands.
    """
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card text")
    cached = _PARSED.get(text)
    if cached is not None:
        return cached
    cleaned = text.strip().lower().replace("\ufe0f", "")
    if len(cleaned) < 2:
        raise CardError(f"'{text}' is not a card (write rank then suit, like 10H or QC)")
    rank = _RANK_BY_TEXT.get(cleaned[:-1])
    suit = _SUIT_BY_CHAR.get(cleaned[-1])
    if rank is None or suit is None:
        raise CardError(f"'{text}' is not a card (write rank then suit, like 10H or QC)")
    card = Card.of(rank, suit)
    _PARSED[text] = card
    return card


def parse_cards(texts: Sequence[str]) -> list[Card]:
    """Parse a list of card texts (a deal); raises :class:`CardError` at the first bad one.

    Written forms are looked up directly: every simulated game reads its deal.
    """
    try:
        return [_PARSED[text] for text in texts]
    except (KeyError, TypeError):
        return [parse_card(text) for text in texts]


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [_TEXT[c] for c in cards]


def deck(copies: int = 1, suits: Sequence[Suit] = tuple(Suit)) -> list[Card]:
    """A sorted deck: every card of the given suits, ``copies`` times."""
    return [c for c in CARDS if c % 4 in suits for _ in range(copies)]


T = TypeVar("T")


def shuffled(cards: Iterable[T], rng: random.Random) -> list[T]:
    """A shuffled copy (of cards, or of their numbers), drawn from the caller's own
    random generator.

    The cards are sorted by a random number each: every order is equally likely
    but for ties, which keep the given order and happen to fewer than one deck
    in 2**40. Faster than ``rng.shuffle``, and every simulated game shuffles.
    """
    uniform = rng.random
    return sorted(cards, key=lambda _: uniform())

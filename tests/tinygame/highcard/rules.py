"""High card: two players each get one hidden card of a five-card deck; in turn each
keeps it (``stand``) or changes it for the next card of the deck (``swap``); then the
higher card wins. The one thing a seat may not know is the other seat's card."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from cardtable.cards import Card, parse_card, shuffled
from cardtable.engine import (
    DealError,
    Event,
    Game,
    IllegalMove,
    Move,
    Observation,
    OptionError,
    Options,
    Outcome,
    State,
)

DECK = tuple(parse_card(text) for text in ("9S", "10S", "JS", "QS", "KS"))
MOVES = ("stand", "swap")


@dataclass(frozen=True)
class HighCardOptions(Options):
    """High card has no options."""


@dataclass(frozen=True)
class HighCardOutcome(Outcome):
    cards: tuple[Card, Card]

    @property
    def returns(self) -> tuple[float, ...]:
        first, second = self.cards
        return (1.0, -1.0) if first > second else (-1.0, 1.0)

    def to_json(self) -> dict[str, Any]:
        return {"winner": 0 if self.returns[0] > 0 else 1,
                "cards": [card.text for card in self.cards]}


@dataclass(frozen=True)
class HighCardObservation(Observation):
    card: Card | None
    """The seat's own card (``None`` for a spectator)."""
    moves: tuple[str, ...]
    """Every move so far, in order: all public."""
    legal: tuple[str, ...]
    """The texts of the seat's legal moves."""

    def legal_moves(self) -> Sequence[Move]:
        return [Move(text) for text in self.legal]


class HighCardState(State):
    def __init__(self, options: Options, deal: Mapping[str, Any]) -> None:
        super().__init__(options, deal)
        self.deck = [parse_card(text) for text in deal["deck"]]
        self.hands = [self.deck[0], self.deck[1]]
        self.next_card = 2

    def to_act(self) -> tuple[int, ...]:
        return (len(self.history),) if len(self.history) < 2 else ()

    def legal_moves(self, seat: int) -> Sequence[Move]:
        return [Move(text) for text in MOVES] if seat in self.to_act() else []

    def parse_move(self, seat: int, text: str) -> Move:
        if text not in MOVES:
            raise IllegalMove(f"'{text}' is no move: stand or swap", "unknown-move")
        return Move(text)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        if seat not in self.to_act():
            raise IllegalMove("it is not your turn", "not-your-turn")
        if move.text == "swap":
            self.hands[seat] = self.deck[self.next_card]
            self.next_card += 1
        return [Event(move.text, seat)]

    def observation(self, seat: int | None) -> HighCardObservation:
        return HighCardObservation(
            seat, None if seat is None else self.hands[seat],
            tuple(text for _seat, text in self.history),
            tuple(m.text for m in self.legal_moves(seat)) if seat is not None else ())

    def outcome(self) -> HighCardOutcome | None:
        return None if self.to_act() else HighCardOutcome((self.hands[0], self.hands[1]))

    def clone(self) -> Self:
        other = type(self)(self.options, self.deal)
        other.history = list(self.history)
        other.hands = list(self.hands)
        other.next_card = self.next_card
        return other


class HighCard(Game[HighCardState]):
    id = "highcard"
    name = "High card"

    def parse_options(self, raw: Mapping[str, Any] | None) -> Options:
        if raw:
            raise OptionError(f"High card has no options, not {', '.join(raw)}")
        return HighCardOptions()

    def seats(self, options: Options) -> int:
        return 2

    def random_deal(self, options: Options, rng: random.Random) -> dict[str, Any]:
        return {"deck": [card.text for card in shuffled(DECK, rng)]}

    def from_deal(self, options: Options, deal: Mapping[str, Any]) -> HighCardState:
        deck = deal.get("deck")
        if not isinstance(deck, list) or sorted(deck) != sorted(c.text for c in DECK):
            raise DealError("a High card deal is the five cards 9S to KS in some order")
        return HighCardState(options, deal)

    def sample(self, observation: Observation, rng: random.Random) -> HighCardState:
        """A deal that gives the seat its card after the same moves: the unseen cards in
        a random order, replayed."""
        assert isinstance(observation, HighCardObservation)
        while True:
            state = self.new(HighCardOptions(), rng=rng)
            for seat, text in enumerate(observation.moves):
                state.play(seat, text)
            if state.observation(observation.seat) == observation:
                return state


HIGHCARD = HighCard()
HighCardState.game = HIGHCARD

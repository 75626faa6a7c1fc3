"""Position builders for the Paternoster tests (fixtures, because the tests are
imported with ``--import-mode=importlib``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from cardtable.cards import deck, parse_card
from cardtable.games.paternoster.rules import PATERNOSTER, PILE_IDS, PaternosterState

Builder = Callable[..., PaternosterState]


def build_deal(options: Mapping[str, Any], hands: Sequence[Sequence[str]],
               draw: Sequence[str] = (), passengers: Sequence[str] = (),
               starter: int = 0) -> dict[str, Any]:
    """A full deal: passengers, then the hands in seat order, then ``draw``
    (top first), then every other card in ladder order."""
    opts = PATERNOSTER.parse_options(options)
    order = [parse_card(c) for c in [*passengers, *(c for h in hands for c in h), *draw]]
    rest = Counter(deck(opts.copies)) - Counter(order)
    assert sum(Counter(order).values()) == len(order)
    full = order + sorted(rest.elements())
    return {"deck": [c.text for c in full], "starter": starter}


def position(options: Mapping[str, Any], hands: Sequence[Sequence[str]],
             piles: Mapping[str, Sequence[str]] | None = None,
             draw: Sequence[str] | None = None, starter: int = 0,
             tokens: int | None = None) -> PaternosterState:
    """A game in the middle: these hands, piles (bottom first) and draw pile
    (top first; ``None`` keeps the dealt one), the turn of ``starter`` just
    starting. Cards named nowhere are out of this test's game."""
    opts = PATERNOSTER.parse_options(options)
    state = PATERNOSTER.from_deal(opts, build_deal(options, [], starter=starter))
    assert isinstance(state, PaternosterState)
    state.hands = [[parse_card(c) for c in h] for h in hands]
    if draw is not None:
        state.draw = [parse_card(c) for c in reversed(draw)]
    for name, cards in (piles or {}).items():
        state.piles[PILE_IDS[name]] = [parse_card(c) for c in cards]
        state.top_turns[PILE_IDS[name]] = 0
    if tokens is not None:
        state.tokens = tokens
    state.turn = 0
    state.result = None
    state._start_turn(starter)
    return state


@pytest.fixture
def pos() -> Callable[..., PaternosterState]:
    return position


@pytest.fixture
def dealt() -> Callable[..., PaternosterState]:
    def make(options: Mapping[str, Any], hands: Sequence[Sequence[str]],
             draw: Sequence[str] = (), passengers: Sequence[str] = (),
             starter: int = 0) -> PaternosterState:
        state = PATERNOSTER.new(options, deal=build_deal(options, hands, draw, passengers,
                                                         starter))
        assert isinstance(state, PaternosterState)
        return state
    return make

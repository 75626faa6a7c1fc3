"""Arrange a duel deal by hand: name the cards that matter, the rest fill in.

Tests, golden records and designers use this to set up an exact position:
the named cards come first (hands in seat order, then the top of the draw
pile) and the team's remaining cards follow in ladder order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.cards import parse_card
from cardtable.games.duel.rules import DUEL, RED, TEAM_NAMES, DuelState, team_deck
from cardtable.games.duel.variants import DuelOptions, parse_options


def arrange_deal(
    options: DuelOptions | None = None,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    draws: Mapping[int, Sequence[str]] | None = None,
    starter: int = 0,
) -> dict[str, Any]:
    """A full deal whose seat hands start with ``hands[seat]`` and whose team draw
    piles start (top first) with ``draws[team]``; every other card fills in."""
    options = options or DuelOptions()
    hands = hands or {}
    draws = draws or {}
    copies = 2 if options.team else 1
    result: list[list[str]] = []
    for team in (RED, 1 - RED):
        left = Counter(team_deck(team, copies))
        named = [parse_card(t) for s in range(team, options.seats, 2) for t in hands.get(s, ())]
        named += [parse_card(t) for t in draws.get(team, ())]
        for card in named:
            if left[card] == 0:
                raise ValueError(f"{card.text} is not a {TEAM_NAMES[team]} card left to deal")
            left[card] -= 1
        filler = sorted(left.elements())
        order: list[str] = []
        for seat in range(team, options.seats, 2):
            given = [parse_card(t) for t in hands.get(seat, ())]
            size = options.hand_size(seat)
            if len(given) > size:
                raise ValueError(f"seat {seat} holds only {size} cards")
            pad, filler = filler[: size - len(given)], filler[size - len(given):]
            order += [c.text for c in (*given, *pad)]
        order += [parse_card(t).text for t in draws.get(team, ())]
        order += [c.text for c in filler]
        result.append(order)
    return {"hands": result, "starter": starter}


def arranged_game(
    hands: Mapping[int, Sequence[str]] | None = None,
    draws: Mapping[int, Sequence[str]] | None = None,
    starter: int = 0,
    **options: Any,
) -> DuelState:
    """A new game from :func:`arrange_deal`, with options given by their record names."""
    opts = parse_options(options)
    return DUEL.from_deal(opts, arrange_deal(opts, hands=hands, draws=draws, starter=starter))

"""Paternoster Duel's options and the named variants of the rule text.

Options are the flat record form (``{}`` is the standard game). Variants are
names a player picks (``--variant long``); each sets some options.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from cardtable.engine import OptionError, Options

STANDARD_HAND = 6
LONG_RACE_HAND = 7
HANDICAP_HAND = 5


@dataclass(frozen=True)
class DuelOptions(Options):
    """Rule options of Paternoster Duel (record names in brackets are the fields)."""

    friendly: bool = False
    """Friendly race: no pushing at all."""
    long_race: bool = False
    """Long race: 7 cards in hand."""
    hard_push: bool = False
    """Hard push: a pushed card may go any distance."""
    blitz: bool = False
    """Blitz duel: no turns, both seats play at once."""
    team: bool = False
    """Team duel: four seats, two decks, shared team piles and draw pile."""
    handicap_hand: tuple[int, ...] = ()
    """Seats that play with 5 cards in hand."""
    handicap_no_push: tuple[int, ...] = ()
    """Seats that may not push."""
    one_card_first_turn: bool = True
    """The starter's first turn needs one card (a designer's switch for balance tests)."""

    @property
    def seats(self) -> int:
        return 4 if self.team else 2

    def hand_size(self, seat: int) -> int:
        if seat in self.handicap_hand:
            return HANDICAP_HAND
        return LONG_RACE_HAND if self.long_race else STANDARD_HAND

    def may_push(self, seat: int) -> bool:
        return not self.friendly and seat not in self.handicap_no_push

    @cached_property
    def hand_sizes(self) -> tuple[int, ...]:
        """Every seat's hand size, worked out once: every game reads them."""
        return tuple(self.hand_size(s) for s in range(self.seats))

    @cached_property
    def pushers(self) -> tuple[bool, ...]:
        """Per seat, whether it may push, worked out once: every game reads them."""
        return tuple(self.may_push(s) for s in range(self.seats))


_BOOLEANS = ("friendly", "long_race", "hard_push", "blitz", "team", "one_card_first_turn")
_SEAT_LISTS = ("handicap_hand", "handicap_no_push")


def parse_options(raw: Mapping[str, Any] | None) -> DuelOptions:
    """Check a flat options object and the combination it makes."""
    raw = dict(raw or {})
    values: dict[str, Any] = {}
    for name, value in raw.items():
        if name in _BOOLEANS:
            if not isinstance(value, bool):
                raise OptionError(f"option '{name}' must be true or false, not {value!r}")
            values[name] = value
        elif name in _SEAT_LISTS:
            if not isinstance(value, list | tuple) or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in value
            ):
                raise OptionError(f"option '{name}' must be a list of seat numbers")
            values[name] = tuple(sorted(set(value)))
        else:
            known = ", ".join(_BOOLEANS + _SEAT_LISTS)
            raise OptionError(f"unknown option '{name}' for the duel (known: {known})")
    options = DuelOptions(**values)
    _check_combination(options)
    return options


def _check_combination(options: DuelOptions) -> None:
    for name in _SEAT_LISTS:
        for seat in getattr(options, name):
            if not 0 <= seat < options.seats:
                raise OptionError(
                    f"handicap seat {seat} does not exist: this game has seats 0 to "
                    f"{options.seats - 1}"
                )
    if options.friendly and options.hard_push:
        raise OptionError("Hard push changes how far a push may go, but Friendly race has no "
                          "pushing at all: choose one of them")
    if options.friendly and options.handicap_no_push:
        raise OptionError("the no-push handicap means nothing in Friendly race, where nobody "
                          "pushes")
    if options.blitz and options.team:
        raise OptionError("Blitz duel is for two players and Team duel for four: they do not "
                          "combine")


VARIANTS: dict[str, str] = {
    "friendly": "Friendly race: no pushing at all",
    "long": "Long race: 7 cards in hand",
    "hard-push": "Hard push: a pushed card may go any distance",
    "blitz": "Blitz duel: both play at the same time, no turns",
    "team": "Team duel: four players, two decks, partners share piles",
    "handicap-hand:SEAT": "Handicap: that seat plays with 5 cards in hand",
    "handicap-no-push:SEAT": "Handicap: that seat may not push",
    "two-card-first-turn": "the starter must play two cards on the first turn too",
}


def from_variants(names: Iterable[str]) -> DuelOptions:
    """Options from variant names such as ``long`` or ``handicap-hand:0``."""
    options = DuelOptions()
    for raw_name in names:
        name, _, arg = raw_name.strip().lower().partition(":")
        if name == "friendly":
            options = replace(options, friendly=True)
        elif name in ("long", "long-race"):
            options = replace(options, long_race=True)
        elif name == "hard-push":
            options = replace(options, hard_push=True)
        elif name == "blitz":
            options = replace(options, blitz=True)
        elif name == "team":
            options = replace(options, team=True)
        elif name == "two-card-first-turn":
            options = replace(options, one_card_first_turn=False)
        elif name in ("handicap-hand", "handicap-no-push"):
            if not arg.isdigit():
                raise OptionError(f"variant '{raw_name}' needs a seat, like {name}:0")
            seat = int(arg)
            if name == "handicap-hand":
                options = replace(options, handicap_hand=_add_seat(options.handicap_hand, seat))
            else:
                options = replace(
                    options, handicap_no_push=_add_seat(options.handicap_no_push, seat)
                )
        else:
            known = ", ".join(VARIANTS)
            raise OptionError(f"unknown duel variant '{raw_name}' (known: {known})")
    _check_combination(options)
    return options


def _add_seat(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(sorted({*seats, seat}))

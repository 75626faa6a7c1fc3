"""Paternoster Duel's options and the named variants of the rule text.

Options are the flat record form (``{}`` is the standard game). Variants are
names a player picks (``--variant long``); each sets some options.

Rule parameters (:data:`PARAMS`) are the numbers of the rules: hand size, cards
owed a turn and on the first turn, push reach, pushes and step backs a turn.
The text's variants that are numbers are presets of them (:data:`PRESETS`):
Long race is a hand of 7, Hard push a reach of 12 ranks (any distance),
Friendly race no push a turn, "two cards on the first turn" a first turn of
``cards_per_turn``. The rules read only the resulting numbers
(:attr:`DuelOptions.reach`, :attr:`~DuelOptions.push_limit`, ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from cardtable.engine import OptionError, Options
from cardtable.rule_params import Param, assignment, check_number

STANDARD_HAND = 6
LONG_RACE_HAND = 7
HANDICAP_HAND = 5
ANY_DISTANCE = 12
"""A push reach of 12 ranks lets a card go from Ace to King: any distance."""

PARAMS = (
    Param("hand", STANDARD_HAND, 2, 20, "cards in hand (of a player's 26)"),
    Param("cards_per_turn", 2, 1, 4, "cards owed on the own piles each turn"),
    Param("first_turn_cards", 1, 1, 4, "cards the starter owes on the first turn"),
    Param("push_reach", 2, 0, ANY_DISTANCE,
          "ranks a push may go past the top card (12: any distance)"),
    Param("pushes_per_turn", 1, 0, 3, "pushes allowed each turn (0: no pushing)"),
    Param("step_backs_per_turn", 1, 0, 3, "step backs allowed each turn"),
)
"""The duel's rule parameters (record names, ranges, the standard numbers)."""

PRESETS: dict[str, dict[str, int | str]] = {
    "long_race": {"hand": LONG_RACE_HAND},
    "hard_push": {"push_reach": ANY_DISTANCE},
    "friendly": {"pushes_per_turn": 0},
    "one_card_first_turn": {"first_turn_cards": "cards_per_turn"},
}
"""The text's number variants as the parameters they set (``one_card_first_turn``
off: the first turn owes ``cards_per_turn`` cards)."""


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
    handicap_no_step_back: tuple[int, ...] = ()
    """Seats that may not step back (the lab's restricted play)."""
    one_card_first_turn: bool = True
    """The starter's first turn needs ``first_turn_cards`` (one) card; off, it needs
    ``cards_per_turn`` (a designer's switch for balance tests)."""
    hand: int = STANDARD_HAND
    """Cards in hand (Long race: 7)."""
    cards_per_turn: int = 2
    """Cards owed on the own piles each turn while the draw pile lasts (then one)."""
    first_turn_cards: int = 1
    """Cards the starter owes on the very first turn."""
    push_reach: int = 2
    """Ranks a push may go past the top card (Hard push: 12, any distance)."""
    pushes_per_turn: int = 1
    """Pushes allowed each turn (Blitz: between two own-pile cards); Friendly race: 0."""
    step_backs_per_turn: int = 1
    """Step backs allowed each turn (Blitz: between two ordinary cards)."""

    @property
    def seats(self) -> int:
        return 4 if self.team else 2

    @cached_property
    def full_hand(self) -> int:
        """The hand every seat without a handicap draws up to."""
        return LONG_RACE_HAND if self.long_race else self.hand

    @cached_property
    def reach(self) -> int:
        """How many ranks past the top a push may go."""
        return ANY_DISTANCE if self.hard_push else self.push_reach

    @cached_property
    def push_limit(self) -> int:
        """Pushes a seat may make a turn (0 in Friendly race)."""
        return 0 if self.friendly else self.pushes_per_turn

    def required(self, first_turn: bool, drawing: bool) -> int:
        """Cards a turn owes: one once the draw pile is empty, else the first turn's
        or every turn's number."""
        if not drawing:
            return 1
        if first_turn and self.one_card_first_turn:
            return self.first_turn_cards
        return self.cards_per_turn

    def hand_size(self, seat: int) -> int:
        if seat in self.handicap_hand:
            return min(HANDICAP_HAND, self.full_hand - 1)
        return self.full_hand

    def may_push(self, seat: int) -> bool:
        return self.push_limit > 0 and seat not in self.handicap_no_push

    @cached_property
    def hand_sizes(self) -> tuple[int, ...]:
        """Every seat's hand size, worked out once: every game reads them."""
        return tuple(self.hand_size(s) for s in range(self.seats))

    @cached_property
    def back_limits(self) -> tuple[int, ...]:
        """Per seat, the step backs it may make a turn (none with the handicap)."""
        return tuple(0 if s in self.handicap_no_step_back else self.step_backs_per_turn
                     for s in range(self.seats))

    @cached_property
    def pushers(self) -> tuple[bool, ...]:
        """Per seat, whether it may push, worked out once: every game reads them."""
        return tuple(self.may_push(s) for s in range(self.seats))


_BOOLEANS = ("friendly", "long_race", "hard_push", "blitz", "team", "one_card_first_turn")
_SEAT_LISTS = ("handicap_hand", "handicap_no_push", "handicap_no_step_back")
_NUMBERS = {p.name: p for p in PARAMS}


def parse_options(raw: Mapping[str, Any] | None) -> DuelOptions:
    """Check a flat options object and the combination it makes."""
    raw = dict(raw or {})
    values: dict[str, Any] = {}
    for name, value in raw.items():
        if name in _BOOLEANS:
            if not isinstance(value, bool):
                raise OptionError(f"option '{name}' must be true or false, not {value!r}")
            values[name] = value
        elif name in _NUMBERS:
            values[name] = check_number(_NUMBERS[name], value)
        elif name in _SEAT_LISTS:
            if not isinstance(value, list | tuple) or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in value
            ):
                raise OptionError(f"option '{name}' must be a list of seat numbers")
            values[name] = tuple(sorted(set(value)))
        else:
            known = ", ".join(_BOOLEANS + _SEAT_LISTS + tuple(_NUMBERS))
            raise OptionError(f"unknown option '{name}' for the duel (known: {known})")
    options = DuelOptions(**values)
    _check_combination(options)
    return options


def _check_combination(options: DuelOptions) -> None:
    """Refuse a combination that cannot work; each refusal has its code (and the numbers
    it names), for a client to say in the player's language."""
    _check_presets(options)
    if options.first_turn_cards > options.cards_per_turn:
        raise OptionError(f"option 'first_turn_cards' ({options.first_turn_cards}) may not be "
                          f"more than 'cards_per_turn' ({options.cards_per_turn})",
                          "first-turn-over-turn", first=options.first_turn_cards,
                          per_turn=options.cards_per_turn)
    if options.cards_per_turn > options.full_hand:
        raise OptionError(f"option 'cards_per_turn' ({options.cards_per_turn}) may not be more "
                          f"than the hand ({options.full_hand} cards)", "turn-over-hand",
                          per_turn=options.cards_per_turn, hand=options.full_hand)
    for name in _SEAT_LISTS:
        for seat in getattr(options, name):
            if not 0 <= seat < options.seats:
                raise OptionError(
                    f"handicap seat {seat} does not exist: this game has seats 0 to "
                    f"{options.seats - 1}", "handicap-seat", seat=seat + 1, seats=options.seats
                )
    smallest = min(options.hand_sizes)
    if options.cards_per_turn > smallest:
        raise OptionError(f"option 'cards_per_turn' ({options.cards_per_turn}) may not be more "
                          f"than the handicap hand ({smallest} cards)", "turn-over-handicap-hand",
                          per_turn=options.cards_per_turn, hand=smallest)
    if options.friendly and options.hard_push:
        raise OptionError("Hard push changes how far a push may go, but Friendly race has no "
                          "pushing at all: choose one of them", "friendly-hard-push")
    if options.friendly and options.handicap_no_push:
        raise OptionError("the no-push handicap means nothing in Friendly race, where nobody "
                          "pushes", "friendly-no-push-handicap")
    if options.blitz and options.team:
        raise OptionError("Blitz duel is for two players and Team duel for four: they do not "
                          "combine", "blitz-team")


VARIANTS: dict[str, str] = {
    "friendly": "Friendly race: no pushing at all (pushes_per_turn=0)",
    "long": "Long race: 7 cards in hand (hand=7)",
    "hard-push": "Hard push: a pushed card may go any distance (push_reach=12)",
    "blitz": "Blitz duel: both play at the same time, no turns",
    "team": "Team duel: four players, two decks, partners share piles",
    "handicap-hand:SEAT": "Handicap: that seat plays with 5 cards in hand",
    "handicap-no-push:SEAT": "Handicap: that seat may not push",
    "handicap-no-step-back:SEAT": "Handicap: that seat may not step back",
    "two-card-first-turn": "the starter must play two cards on the first turn too "
                           "(first_turn_cards=2)",
}


def from_variants(names: Iterable[str]) -> DuelOptions:
    """Options from variant names such as ``long`` or ``handicap-hand:0``."""
    options = DuelOptions()
    for raw_name in names:
        number = assignment(raw_name, PARAMS, "the duel")
        if number is not None:
            setting: dict[str, Any] = {number[0]: number[1]}
            options = replace(options, **setting)
            continue
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
        elif name in ("handicap-hand", "handicap-no-push", "handicap-no-step-back"):
            if not arg.isdigit():
                raise OptionError(f"variant '{raw_name}' needs a seat, like {name}:0")
            seat = int(arg)
            field = name.replace("-", "_")
            seats: dict[str, Any] = {field: _add_seat(getattr(options, field), seat)}
            options = replace(options, **seats)
        else:
            known = ", ".join(VARIANTS)
            raise OptionError(f"unknown duel variant '{raw_name}' (known: {known})")
    _check_combination(options)
    return options


PRESET_CODES = {"long_race": "long-race-hand", "hard_push": "hard-push-reach",
                "friendly": "friendly-pushes",
                "one_card_first_turn": "two-cards-first-turn-cards"}
"""The refusal code of each preset given with the parameter it sets."""


def _check_presets(options: DuelOptions) -> None:
    """A preset variant and the parameter it sets may not both be given."""
    for flag, numbers in PRESETS.items():
        on = getattr(options, flag) != (flag == "one_card_first_turn")
        for name in numbers:
            if on and getattr(options, name) != _NUMBERS[name].default:
                raise OptionError(f"option '{flag}' sets '{name}' itself: give one of them",
                                  PRESET_CODES[flag])


def _add_seat(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(sorted({*seats, seat}))

"""Duel 52's options, rule parameters and the named variants of the rule text.

The game length is how many cards are set aside unseen (quick 16, standard 10,
long 0): the named lengths are presets of the ``set_aside`` parameter. The
other rule parameters (:data:`PARAMS`) are the hand dealt, the actions a turn
and on the starter's first turn, and a card's hit points (Taunt keeps a Jack one
above the others). ``{}`` is the standard game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardtable.engine import OptionError, Options
from cardtable.rule_params import Param, assignment, check_number

ASIDE = {"quick": 16, "standard": 10, "long": 0}
"""Cards set aside unseen for each game length (presets of ``set_aside``)."""
BASES = 6
"""Three Base cards a seat, dealt before the hands."""

PARAMS = (
    Param("set_aside", ASIDE["standard"], 0, 30, "cards set aside unseen (quick 16, long 0)"),
    Param("hand", 5, 1, 12, "cards in each starting hand"),
    Param("actions", 3, 1, 6, "actions a turn"),
    Param("first_actions", 2, 1, 6, "actions of the starter's first turn"),
    Param("hit_points", 2, 1, 5, "damage that kills a card (a face-up Jack has one more)"),
)
"""Duel 52's rule parameters (record names, ranges, the standard numbers)."""
_NUMBERS = {p.name: p for p in PARAMS}


@dataclass(frozen=True)
class Duel52Options(Options):
    """Rule options of Duel 52 (the field names are the record names)."""

    length: str = "standard"
    """``quick`` (16 aside), ``standard`` (10 aside) or ``long`` (none aside)."""
    set_aside: int = ASIDE["standard"]
    """Cards set aside unseen (a house rule; the lengths are presets of it)."""
    hand: int = 5
    """Cards in each starting hand."""
    actions: int = 3
    """Actions a turn."""
    first_actions: int = 2
    """Actions of the starter's first turn."""
    hit_points: int = 2
    """A card's hit points: the damage that kills it (a face-up Jack has one more)."""

    @property
    def aside(self) -> int:
        return ASIDE[self.length] if self.length != "standard" else self.set_aside


def parse_options(raw: Mapping[str, Any] | None) -> Duel52Options:
    """Check a flat options object; unknown names and values are refused."""
    values: dict[str, Any] = {}
    for name, value in dict(raw or {}).items():
        if name in _NUMBERS:
            values[name] = check_number(_NUMBERS[name], value)
            continue
        if name != "length":
            raise OptionError(f"unknown option '{name}' for Duel 52 (known: length, "
                              f"{', '.join(_NUMBERS)})")
        if value not in ASIDE:
            raise OptionError(
                f"option 'length' must be one of {', '.join(ASIDE)}, not {value!r}"
            )
        values[name] = value
    options = Duel52Options(**values)
    _check_combination(options)
    return options


def _check_combination(options: Duel52Options) -> None:
    """Refuse a combination that cannot work; each refusal has its code (and the numbers
    it names), for a client to say in the player's language."""
    if options.length != "standard" and options.set_aside != ASIDE["standard"]:
        raise OptionError(f"option 'length' ({options.length}) sets 'set_aside' itself: give "
                          "one of them", f"{options.length}-set-aside")
    if options.first_actions > options.actions:
        raise OptionError(f"option 'first_actions' ({options.first_actions}) may not be more "
                          f"than 'actions' ({options.actions})", "first-actions-over-actions",
                          first=options.first_actions, actions=options.actions)
    need = BASES + 2 * options.hand + options.aside
    if need > 52:
        raise OptionError(f"a hand of {options.hand} and {options.aside} cards set aside need "
                          f"{need} cards: the deck has 52", "deck-too-small",
                          hand=options.hand, aside=options.aside, need=need)


VARIANTS: dict[str, str] = {
    "quick": "Quick game: 16 cards set aside, a short draw pile (set_aside=16)",
    "standard": "Standard game: 10 cards set aside",
    "long": "Long game: no cards set aside, the longest draw pile (set_aside=0)",
}


def from_variants(names: Iterable[str]) -> Duel52Options:
    """Options from variant names (``quick``, ``standard``, ``long``; the last one counts)
    and rule parameters (``set_aside=12``)."""
    options = Duel52Options()
    for raw_name in names:
        number = assignment(raw_name, PARAMS, "Duel 52")
        if number is not None:
            setting: dict[str, Any] = {number[0]: number[1]}
            options = replace(options, **setting)
            continue
        name = raw_name.strip().lower()
        if name not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise OptionError(f"unknown Duel 52 variant '{raw_name}' (known: {known})")
        options = replace(options, length=name)
    _check_combination(options)
    return options

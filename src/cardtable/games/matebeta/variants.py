"""MateBeta's options: the five card values, a house rule (the game has no named variants).

The cards and their order are not numbers to change: another five ranks in the same
order play the very same game, and the search's card order is the ranking itself.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine import OptionError, Options
from cardtable.rule_params import Param, assignment, check_number

STANDARD_VALUES: tuple[int, ...] = (7, 3, 4, 10, 11)
"""The card values in rank order (7, Q, K, 10, A): the rule parameters' defaults."""
VARIANTS: dict[str, str] = {}
"""MateBeta has no named variants: only its card values change (:data:`PARAMS`)."""

PARAMS = tuple(
    Param(f"value_{name}", value, 0, 30, f"points of {card} (times the move of the mate)")
    for name, card, value in zip(("7", "queen", "king", "10", "ace"),
                                 ("a 7", "a Queen", "a King", "a 10", "an Ace"),
                                 STANDARD_VALUES, strict=True))
"""MateBeta's rule parameters: the five card values. The cards and their order are
not numbers to change: another five ranks in the same order play the very same game,
and the search's card order is the ranking itself."""
_PARAMS = {p.name: p for p in PARAMS}


@dataclass(frozen=True)
class MateBetaOptions(Options):
    """The card values (a house rule; ``{}`` is the game of the text, a match is a
    sequence of games)."""

    value_7: int = STANDARD_VALUES[0]
    value_queen: int = STANDARD_VALUES[1]
    value_king: int = STANDARD_VALUES[2]
    value_10: int = STANDARD_VALUES[3]
    value_ace: int = STANDARD_VALUES[4]
    handicap_no_foreplace: tuple[int, ...] = ()
    """Seats that may not foreplace (the lab's restricted play; not a rule of the
    text)."""

    @property
    def values(self) -> tuple[int, ...]:
        """The five values in rank order (7, Q, K, 10, A)."""
        return (self.value_7, self.value_queen, self.value_king, self.value_10,
                self.value_ace)

    @functools.cached_property
    def value_list(self) -> list[int]:
        """The values as the simulation path reads them (made once per options)."""
        return list(self.values)


def parse_options(raw: Mapping[str, Any] | None) -> MateBetaOptions:
    """Check a flat options object: only the card values may be set."""
    values: dict[str, Any] = {}
    for name, value in dict(raw or {}).items():
        if name == "handicap_no_foreplace":
            if not isinstance(value, list | tuple) or not all(
                    s in (0, 1) and not isinstance(s, bool) for s in value):
                raise OptionError("option 'handicap_no_foreplace' must be a list of seats "
                                  "(0 and 1)")
            values[name] = tuple(sorted(set(value)))
            continue
        if name not in _PARAMS:
            raise OptionError(f"unknown option '{name}' for MateBeta (known: "
                              f"{', '.join(_PARAMS)}, handicap_no_foreplace)")
        values[name] = check_number(_PARAMS[name], value)
    return MateBetaOptions(**values)


def from_variants(names: Iterable[str]) -> MateBetaOptions:
    """Options from rule parameters such as ``value_ace=15`` (MateBeta has no named
    variants)."""
    values: dict[str, int] = {}
    for text in names:
        number = assignment(text, PARAMS, "MateBeta")
        if number is None:
            raise OptionError(f"MateBeta has no variant '{text}': only the card values "
                              f"({', '.join(_PARAMS)}) may change")
        values[number[0]] = number[1]
    return parse_options(values)

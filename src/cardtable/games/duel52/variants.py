"""Duel 52's options and the named variants of the rule text.

The only rule option is the game length: how many cards are set aside unseen
(quick 16, standard 10, long 0). ``{}`` is the standard game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine import OptionError, Options

ASIDE = {"quick": 16, "standard": 10, "long": 0}
"""Cards set aside unseen for each game length."""


@dataclass(frozen=True)
class Duel52Options(Options):
    """Rule options of Duel 52 (the field names are the record names)."""

    length: str = "standard"
    """``quick`` (16 aside), ``standard`` (10 aside) or ``long`` (none aside)."""

    @property
    def aside(self) -> int:
        return ASIDE[self.length]


def parse_options(raw: Mapping[str, Any] | None) -> Duel52Options:
    """Check a flat options object; unknown names and values are refused."""
    values: dict[str, Any] = {}
    for name, value in dict(raw or {}).items():
        if name != "length":
            raise OptionError(f"unknown option '{name}' for Duel 52 (known: length)")
        if value not in ASIDE:
            raise OptionError(
                f"option 'length' must be one of {', '.join(ASIDE)}, not {value!r}"
            )
        values[name] = value
    return Duel52Options(**values)


VARIANTS: dict[str, str] = {
    "quick": "Quick game: 16 cards set aside, a short draw pile",
    "standard": "Standard game: 10 cards set aside",
    "long": "Long game: no cards set aside, the longest draw pile",
}


def from_variants(names: Iterable[str]) -> Duel52Options:
    """Options from variant names (``quick``, ``standard``, ``long``; the last one counts)."""
    options = Duel52Options()
    for raw_name in names:
        name = raw_name.strip().lower()
        if name not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise OptionError(f"unknown Duel 52 variant '{raw_name}' (known: {known})")
        options = Duel52Options(length=name)
    return options

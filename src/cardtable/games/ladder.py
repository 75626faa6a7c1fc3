"""A game's ladder of computer levels: names a player understands, weakest first.

Each game that has one keeps it as data (``LADDER`` in its ``bots`` module): the
level's name in commands, tables and records, its label and a one-line account of
how it plays in English and German, and the older names that still mean it (a
stored table or record that names one keeps loading). The site, the terminal and
the tournament read the same data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One step of a ladder."""

    name: str
    """The computer player's name in commands, tables and records."""
    en: str
    de: str
    about_en: str
    """How it plays, in one line."""
    about_de: str
    aliases: tuple[str, ...] = ()
    """Older names of this level, still accepted wherever a player is named."""


def find_level(ladder: Sequence[Level], name: str) -> Level | None:
    """The level called ``name`` (or by one of its older names), in any case."""
    key = name.strip().lower()
    for level in ladder:
        if key == level.name or key in level.aliases:
            return level
    return None


def descriptions(ladder: Sequence[Level]) -> dict[str, str]:
    """Each level's name and its English one-line account, weakest first."""
    return {level.name: level.about_en for level in ladder}

"""Difficulty levels (DESIGN.md Paternoster 12): a named ladder of variant combinations.

Each level is an options object for two players (``players`` is set at the
table). The numbers are the project's own simulation: the simple computer
team (:class:`~cardtable.games.paternoster.bots.SimpleTeamBot`), which never
talks as the text says (``simple-silent``), two players, ``GAMES`` games per
level, measured with::

    cardtable balance paternoster --games 500

``perfect`` is the share of games with all cards down, ``mean_left`` the mean
number of cards not played (a lost game counts its cards left as well).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardtable.games.paternoster.variants import (
    PaternosterOptions,
    check_combination,
    parse_options,
)

GAMES = 500
"""Games per level behind the measured numbers below."""


@dataclass(frozen=True)
class Level:
    name: str
    options: dict[str, Any]
    en: str
    de: str
    perfect: float | None = None
    """Simulated share of perfect games (2 players, simple team)."""
    mean_left: float | None = None
    """Simulated mean cards left (2 players, simple team)."""

    def for_players(self, players: int | None = None) -> PaternosterOptions:
        """The level's options for a table of ``players`` (default two)."""
        options = parse_options(self.options)
        if players is None:
            return options
        options = replace(options, players=players)
        check_combination(options)
        return options


LEVELS: tuple[Level, ...] = (
    Level("first-ride", {"first_ride": True, "bigger_hand": True},
          "First ride: the First ride variant with Bigger hand, so hands of four instead of "
          "three; one deck, two piles, the same suit always fits",
          "Erste Fahrt: die Variante Erste Fahrt mit Größerer Hand, also vier statt drei "
          "Handkarten; ein Blatt, zwei Stapel, gleiche Farbe passt immer",
          0.906, 0.14),
    Level("short-trip", {"short_trip": True},
          "Short trip: one deck, no twins, a small hand",
          "Kurze Fahrt: ein Blatt, keine Zwillinge, kleine Hand",
          0.838, 0.36),
    Level("easy", {"bigger_hand": True, "tokens": 2},
          "Easy: two decks with a bigger hand and two emergency tokens",
          "Leicht: zwei Blätter mit größerer Hand und zwei Notfallmarken",
          0.472, 1.98),
    Level("normal", {},
          "Normal: the standard game",
          "Normal: das Grundspiel",
          0.128, 10.31),
    Level("passengers", {"passengers": 3},
          "Passengers: the standard game, and three passengers to deliver in order",
          "Fahrgäste: das Grundspiel, dazu drei Fahrgäste der Reihe nach abliefern",
          0.092, 12.15),
    Level("hard", {"smaller_hand": True, "tokens": 1},
          "Hard: a smaller hand with one emergency token",
          "Schwer: kleinere Hand mit einer Notfallmarke",
          0.022, 22.42),
    Level("fire", {"fire": True, "passengers": 3},
          "Fire: burning hearts and three passengers",
          "Feuer: brennende Herzen und drei Fahrgäste",
          0.020, 22.87),
    Level("expert", {"steep": True, "commands_light": True, "passengers": 4},
          "Expert: three cards a turn, Jack and Queen commands, four passengers",
          "Experte: drei Karten pro Zug, Buben- und Damenbefehle, vier Fahrgäste",
          0.000, 31.93),
)

LEVELS_BY_NAME = {level.name: level for level in LEVELS}


def find_level(name: str) -> Level:
    level = LEVELS_BY_NAME.get(name.strip().lower())
    if level is None:
        raise ValueError(f"unknown level '{name}' (levels: {', '.join(LEVELS_BY_NAME)})")
    return level


def level_options(name: str) -> dict[str, Any]:
    """The flat options of a level (for ``cardtable simulate --level``)."""
    return dict(find_level(name).options)

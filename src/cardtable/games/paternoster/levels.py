"""Difficulty levels (DESIGN.md Paternoster 12): a named ladder of variant combinations.

Each level is an options object for two players (``players`` is set at the
table). The numbers are the project's own simulation: the simple computer
team (:class:`~cardtable.games.paternoster.bots.SimpleTeamBot`, signals on),
two players, ``GAMES`` games per level, measured with::

    python -m cardtable.games.paternoster.levels --games 4000

(run on 2 processes, ``--level`` split between them). ``perfect`` is the
share of games with all cards down, ``mean_left`` the mean number of cards not
played (a lost game counts its cards left as well). Game ``g`` uses seed ``g``
for the deal and ``g * 10 + seat`` for the bots.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardtable.games.paternoster.variants import (
    PaternosterOptions,
    check_combination,
    parse_options,
)

GAMES = 4000
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
          "First ride: one deck, two piles, four cards, the same suit always fits",
          "Erste Fahrt: ein Deck, zwei Stapel, vier Karten, gleiche Farbe passt immer",
          0.923, 0.11),
    Level("short-trip", {"short_trip": True},
          "Short trip: one deck, no twins, a small hand",
          "Kurze Fahrt: ein Deck, keine Zwillinge, kleine Hand",
          0.861, 0.25),
    Level("easy", {"bigger_hand": True, "tokens": 2},
          "Easy: two decks with a bigger hand and two emergency tokens",
          "Leicht: zwei Decks mit größerer Hand und zwei Notfallmarken",
          0.541, 1.68),
    Level("normal", {},
          "Normal: the standard game",
          "Normal: das Grundspiel",
          0.158, 8.3),
    Level("passengers", {"passengers": 3},
          "Passengers: the standard game, and three passengers to deliver in order",
          "Fahrgäste: das Grundspiel, dazu drei Fahrgäste der Reihe nach abliefern",
          0.103, 10.98),
    Level("hard", {"smaller_hand": True, "tokens": 1},
          "Hard: a smaller hand with one emergency token",
          "Schwer: kleinere Hand mit einer Notfallmarke",
          0.036, 19.68),
    Level("fire", {"fire": True, "passengers": 3},
          "Fire: burning hearts and three passengers",
          "Feuer: brennende Herzen und drei Fahrgäste",
          0.029, 21.84),
    Level("expert", {"steep": True, "commands_light": True, "passengers": 4},
          "Expert: three cards a turn, Jack and Queen commands, four passengers",
          "Experte: drei Karten pro Zug, Buben- und Damenbefehle, vier Fahrgäste",
          0.003, 31.22),
)

LEVELS_BY_NAME = {level.name: level for level in LEVELS}


def find_level(name: str) -> Level:
    level = LEVELS_BY_NAME.get(name.strip().lower())
    if level is None:
        raise ValueError(f"unknown level '{name}' (levels: {', '.join(LEVELS_BY_NAME)})")
    return level


def measure(level: Level, games: int, seed: int = 0) -> tuple[float, float]:
    """Play ``games`` two-player games of a level with the simple team."""
    from cardtable.games.paternoster.bots import SimpleTeamBot, play_team
    from cardtable.games.paternoster.rules import PATERNOSTER, PaternosterState

    options = level.for_players(2)
    perfect = left = 0
    for game in range(games):
        state = PATERNOSTER.new(options, seed=seed + game)
        assert isinstance(state, PaternosterState)
        bots = {s: SimpleTeamBot(seed + game * 10 + s) for s in range(options.players)}
        outcome = play_team(state, bots)
        perfect += outcome.perfect
        left += outcome.cards_left
    return perfect / games, left / games


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure the Paternoster levels.")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--level", action="append", default=[])
    args = parser.parse_args(argv)
    for level in LEVELS:
        if args.level and level.name not in args.level:
            continue
        perfect, left = measure(level, args.games)
        print(f"{level.name:12} perfect {perfect:.3f}  mean_left {left:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

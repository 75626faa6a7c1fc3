"""Difficulty levels (DESIGN.md Paternoster 12): a named ladder of variant combinations.

Each level is an options object for two players (``players`` is set at the
table). The numbers are the project's own simulation: the simple computer
team (:class:`~cardtable.games.paternoster.bots.SimpleTeamBot`), which never
talks as the text says (``simple-silent``), two players, ``GAMES`` games per
level, measured with::

    cardtable simulate paternoster --level NAME --bots simple-silent --games 4000 --seed 1

``perfect`` is the share of games with all cards down, ``mean_left`` the mean
number of cards not played (a lost game counts its cards left as well). Each level leaves
more cards than the one before, and none has clearly more perfect games: Hard (2.1%,
1.7-2.6) and Fire (2.2%, 1.7-2.6) tie on those, and Fire leaves more cards (23.7,
23.2-24.2, against 22.1, 21.7-22.4), so it is the harder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardtable.games.paternoster.variants import (
    PaternosterOptions,
    check_combination,
    parse_options,
)
from cardtable.translatable import N_

GAMES = 4000
"""Games per level behind the measured numbers below."""


@dataclass(frozen=True)
class Level:
    name: str
    options: dict[str, Any]
    text: str
    """Its name and what it is for players, ``Name: what it is``, in English (marked for
    the catalogues: the site translates it)."""
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
          N_("First ride: the First ride variant with Bigger hand, so hands of four instead of "
             "three; one deck, two piles, the same suit always fits"),
          0.927, 0.14),
    Level("short-trip", {"short_trip": True},
          N_("Short trip: one deck, no twins, a small hand"),
          0.837, 0.30),
    Level("easy", {"bigger_hand": True, "tokens": 2},
          N_("Easy: two decks with a bigger hand and two emergency tokens"),
          0.472, 2.10),
    Level("normal", {},
          N_("Normal: the standard game"),
          0.118, 10.14),
    Level("passengers", {"passengers": 3},
          N_("Passengers: the standard game, and three passengers to deliver in order"),
          0.076, 12.53),
    Level("hard", {"smaller_hand": True, "tokens": 1},
          N_("Hard: a smaller hand with one emergency token"),
          0.021, 22.05),
    Level("fire", {"fire": True, "passengers": 3},
          N_("Fire: burning hearts and three passengers"),
          0.022, 23.70),
    Level("expert", {"steep": True, "commands_light": True, "passengers": 4},
          N_("Expert: three cards a turn, Jack and Queen commands, four passengers"),
          0.002, 31.74),
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

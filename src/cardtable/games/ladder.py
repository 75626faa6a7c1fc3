"""A game's ladder of computer levels: names a player understands, weakest first.

Each game that has one keeps it as data (``LADDER`` in its ``bots`` module, handed
to its package's players): the level's name in commands, tables and records, its
label and a one-line account of how it plays (English, translated by the site's
catalogues), and the older names that still mean it (a stored table or record that
names one is read with the level's name). The site, the terminal and the tournament
read the same data.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.engine import Bot

Maker = Callable[[int | None], Bot]
"""Makes one computer player from a seed."""

STANDINGS = Path(__file__).with_name("ratings.json")
"""Each game's levels as the last ``cardtable tournament GAME --save`` measured them."""


@dataclass(frozen=True)
class Level:
    """One step of a ladder."""

    name: str
    """The level's name in commands, tables and records."""
    label: str
    """Its name for players, in English (marked for the catalogues: the site translates)."""
    about: str
    """How it plays, in one English line (marked for the catalogues too)."""
    aliases: tuple[str, ...] = ()
    """Older names of this level, still accepted wherever a player is named."""
    player: str = ""
    """The computer player this level seats, when it has a name of its own in the lab
    (the duel's ``simple``); empty when the level's name is the player's."""

    @property
    def bot(self) -> str:
        """The computer player's name in the game's ``make_bot``."""
        return self.player or self.name


def find_level(ladder: Sequence[Level], name: str) -> Level | None:
    """The level called ``name`` (or by one of its older names, or by the lab's name
    of its player), in any case."""
    key = name.strip().lower()
    for level in ladder:
        if key == level.name or key in level.aliases or key == level.player:
            return level
    return None


def player_name(ladder: Sequence[Level], name: str) -> str:
    """The lab's name of the computer player meant by ``name``: a level's player, or
    ``name`` itself (trimmed, lower case) when no level is called so."""
    level = find_level(ladder, name)
    return level.bot if level is not None else name.strip().lower()


def make_player(game: str, ladder: Sequence[Level], makers: Mapping[str, Maker], name: str,
                seed: int | None) -> Bot:
    """The computer player ``name`` means (a level's name, an older one, or the lab's
    name in ``makers``), made from ``seed``; an unknown name is refused naming the
    known ones."""
    maker = makers.get(player_name(ladder, name))
    if maker is None:
        raise ValueError(f"unknown {game} player '{name}' (known: {', '.join(makers)})")
    return maker(seed)


def middle(ladder: Sequence[Level]) -> Level:
    """The level a quick game seats: the middle one (the lower of two middles)."""
    return ladder[(len(ladder) - 1) // 2]


def descriptions(ladder: Sequence[Level]) -> dict[str, str]:
    """Each level's name and its English one-line account, weakest first."""
    return {level.name: level.about for level in ladder}


@cache
def _standings() -> dict[str, Any]:
    if not STANDINGS.exists():
        return {}
    data: dict[str, Any] = json.loads(STANDINGS.read_text(encoding="utf-8"))
    return data


def standings(game_id: str) -> dict[str, Any] | None:
    """The game's standings from the last saved tournament (its command, date, games per
    pairing and each level's rating), or ``None`` when none was saved."""
    found = _standings().get(game_id)
    return dict(found) if found else None

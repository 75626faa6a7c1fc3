"""The games this installation knows, each by the :class:`GamePackage` its folder
declares: the one place a game is listed (``duel``, ``paternoster``, ``duel52``,
``matebeta``). A game kept elsewhere joins by :func:`register` in a process, or for
every process of an installation (the server's workers, the lab's) by naming its
package in the ``CARDTABLE_GAMES`` environment variable."""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from typing import Any

from cardtable.engine import Game, Record, RecordError, State
from cardtable.engine import replay as replay_with
from cardtable.games.duel.package import PACKAGE as DUEL
from cardtable.games.duel52.package import PACKAGE as DUEL52
from cardtable.games.ladder import Level
from cardtable.games.matebeta.package import PACKAGE as MATEBETA
from cardtable.games.package import GamePackage, SharedPlayer
from cardtable.games.paternoster.package import PACKAGE as PATERNOSTER

_PACKAGES: dict[str, GamePackage] = {p.id: p for p in (DUEL, DUEL52, MATEBETA, PATERNOSTER)}

_SHARED_PLAYERS: dict[str, SharedPlayer] = {
    "openspiel-ismcts": SharedPlayer(
        "cardtable.envs.players:make_search",
        "OpenSpiel's information-set MCTS (the research extra)"),
}
"""The players of every game, by the lab's name (``--bots expert,openspiel-ismcts``)."""

GAMES_VARIABLE = "CARDTABLE_GAMES"
"""More games: ``module:NAME`` of a :class:`GamePackage`, several separated by commas
(``NAME`` defaults to ``PACKAGE``)."""


def register(package: GamePackage) -> None:
    """Adds a game (or replaces the one with its id) for this process."""
    _PACKAGES[package.id] = package


def unregister(game_id: str) -> None:
    """Forgets a game added by :func:`register`."""
    _PACKAGES.pop(game_id, None)


def game_ids() -> list[str]:
    """The ids of the games this installation knows."""
    return list(_PACKAGES)


def package_of(game_id: str) -> GamePackage:
    """The game's package; raises ``KeyError`` with a readable message."""
    found = _PACKAGES.get(game_id)
    if found is None:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(_PACKAGES)})")
    return found


def shared_player(name: str) -> SharedPlayer | None:
    """The player of every game with this name (any case), or ``None``."""
    return _SHARED_PLAYERS.get(name.strip().lower())


def ladder_of(game_id: str) -> tuple[Level, ...]:
    """The game's ladder of levels for people, weakest first; empty if it has none."""
    return package_of(game_id).players.ladder


def find_game(game_id: str) -> Game[State]:
    """The game with this id; raises ``KeyError`` with a readable message."""
    game: Game[State] = package_of(game_id).game
    return game


def options_from_variants(game_id: str, names: Sequence[str]) -> dict[str, Any]:
    """The options that variant words ask for (named variants, ``NAME=N`` rule numbers);
    :class:`~cardtable.engine.OptionError` for a word the game does not know."""
    package = package_of(game_id)
    return package.variants.options(package.game.name, names)


def replay(record: Record) -> State:
    """:func:`cardtable.engine.replay` with the record's own game; an unknown game id is a
    :class:`~cardtable.engine.RecordError`."""
    try:
        game = find_game(record.game)
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from exc
    return replay_with(record, game)


def _more_games(names: str) -> None:
    """Registers the packages ``names`` (:data:`GAMES_VARIABLE`'s form) lists."""
    for entry in filter(None, (part.strip() for part in names.split(","))):
        module, _, attr = entry.partition(":")
        package = getattr(importlib.import_module(module), attr or "PACKAGE")
        if not isinstance(package, GamePackage):
            raise TypeError(f"{GAMES_VARIABLE}: {entry} is not a GamePackage")
        register(package)


_more_games(os.environ.get(GAMES_VARIABLE, ""))

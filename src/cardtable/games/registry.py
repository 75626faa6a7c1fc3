"""Find a game's rules by its id (``duel``, ``paternoster``, ``duel52``, ``matebeta``)."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from cardtable.engine import Game, OptionError, Record, RecordError, State
from cardtable.engine import replay as replay_with

_MODULES = {
    "duel": "cardtable.games.duel.rules:DUEL",
    "duel52": "cardtable.games.duel52.rules:DUEL52",
    "matebeta": "cardtable.games.matebeta.rules:MATEBETA",
    "paternoster": "cardtable.games.paternoster.rules:PATERNOSTER",
}


def game_ids() -> list[str]:
    """The ids of the games this installation knows."""
    return list(_MODULES)


def find_game(game_id: str) -> Game[State]:
    """The game with this id; raises ``KeyError`` with a readable message."""
    target = _MODULES.get(game_id)
    if target is None:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(_MODULES)})")
    module_name, _, attr = target.partition(":")
    game = getattr(importlib.import_module(module_name), attr)
    assert isinstance(game, Game)
    return game


def options_from_variants(game_id: str, names: Sequence[str]) -> dict[str, Any]:
    """The options that variant words ask for (named variants, ``NAME=N`` rule numbers),
    read by the game's ``variants`` module, or by its rules for a game whose only
    variants are rule numbers (MateBeta); :class:`OptionError` for a word the game does
    not know."""
    for part in ("variants", "rules"):
        try:
            module = importlib.import_module(f"cardtable.games.{game_id}.{part}")
        except ModuleNotFoundError as exc:
            if exc.name != f"cardtable.games.{game_id}.{part}":
                raise
            continue
        convert = getattr(module, "from_variants", None)
        if convert is not None:
            options: dict[str, Any] = convert(list(names)).to_json()
            return options
    raise OptionError(f"{find_game(game_id).name} has no variants")


def replay(record: Record) -> State:
    """:func:`cardtable.engine.replay` with the record's own game; an unknown game id is a
    :class:`~cardtable.engine.RecordError`."""
    try:
        game = find_game(record.game)
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from exc
    return replay_with(record, game)

"""Find a game's rules by its id (``duel``, ``paternoster``, ``duel52``, ``matebeta``)."""

from __future__ import annotations

import importlib

from cardtable.engine import Game, Record, RecordError, State
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


def replay(record: Record) -> State:
    """:func:`cardtable.engine.replay` with the record's own game; an unknown game id is a
    :class:`~cardtable.engine.RecordError`."""
    try:
        game = find_game(record.game)
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from exc
    return replay_with(record, game)

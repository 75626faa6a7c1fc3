"""One game with its options, as the learning environments take it: the game, its
checked options, its seats, its fixed action space and its observation arrays.

``table("duel", variants=["team"])`` reads the same words as the lab (variant names and
``NAME=N`` rule numbers, a level, a player count) or a flat options object; any other
keyword, an unknown game or an unknown variant is refused by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardtable.engine import Game, Observation, Options, State
from cardtable.envs.actions import ActionSpace, action_space
from cardtable.envs.features import Encoder, encoder
from cardtable.games.registry import find_game, game_ids, options_from_variants, package_of

KEYWORDS = ("variants", "level", "players", "options")
"""The keywords a table takes besides the game's id."""


@dataclass(frozen=True)
class Table:
    """A game and its options, with the arrays an agent sees and acts by."""

    game: Game[State]
    options: Options
    seats: int
    actions: ActionSpace
    encode: Encoder

    @property
    def game_id(self) -> str:
        return self.game.id

    def observe(self, observation: Observation) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The seat's observation as a flat array (a function of the observation alone)."""
        return self.encode(observation)

    def mask(self, observation: Observation) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 for every action index the seat may take now, else 0."""
        mask = np.zeros(self.actions.size, dtype=np.int8)
        legal = self.actions.legal(observation)
        if legal:
            mask[list(legal)] = 1
        return mask


def table(game: str, **keywords: Any) -> Table:
    """The table for a game id and the lab's option words (see the module's notes)."""
    unknown = sorted(set(keywords) - set(KEYWORDS))
    if unknown:
        raise TypeError(f"unknown option {', '.join(map(repr, unknown))} for a cardtable "
                        f"environment (known: {', '.join(KEYWORDS)})")
    if game not in game_ids():
        raise ValueError(f"unknown game '{game}' (known: {', '.join(game_ids())})")
    found = find_game(game)
    raw = _raw_options(found, keywords)
    options = found.parse_options(raw)
    return Table(found, options, found.seats(options), action_space(game, options),
                 encoder(game, options))


def _raw_options(game: Game[State], keywords: Mapping[str, Any]) -> dict[str, Any]:
    raw: dict[str, Any] = dict(keywords.get("options") or {})
    level = keywords.get("level")
    if level is not None:
        raw |= package_of(game.id).variants.level_options(game.name, level)
    variants: Sequence[str] | str = keywords.get("variants") or ()
    if isinstance(variants, str):
        variants = [variants]
    if variants:
        raw |= options_from_variants(game.id, list(variants))
    players = keywords.get("players")
    if players is not None:
        raw["players"] = players
    return raw

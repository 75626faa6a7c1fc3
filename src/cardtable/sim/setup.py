"""Turn a designer's words (variants, level, players, bot names) into engine objects.

Everything comes from the game's :class:`~cardtable.games.package.GamePackage`: its
variants and difficulty levels, its players (the first is its simple player), its
metrics and its fast path (a function that deals a fresh game from a generator, plays
it as these players would and gives its metrics, returns and first seat, without the
state). So the lab stays generic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine import Bot, Game, Options, State
from cardtable.games.ladder import player_name
from cardtable.games.package import FastGame, Metrics
from cardtable.games.registry import find_game, options_from_variants, package_of, shared_player

__all__ = ["FastGame", "Metrics", "bot_names", "build_options", "fast_games_of", "make_bot",
           "metrics_of", "player_choices", "player_key", "resolve_game"]


def build_options(
    game: Game[State],
    variants: Sequence[str] = (),
    level: str | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """The flat options object for variant names, a level and a player count (checked)."""
    raw: dict[str, Any] = {}
    if level is not None:
        raw |= package_of(game.id).variants.level_options(game.name, level)
    if variants:
        raw |= options_from_variants(game.id, variants)
    if players is not None:
        raw["players"] = players
    return game.parse_options(raw).to_json()


def bot_names(game_id: str) -> list[str]:
    """The lab's names of the game's players, its simple player first."""
    return list(package_of(game_id).players.names())


def player_key(game_id: str, name: str) -> str:
    """The lab's name of the player meant by ``name`` (a level's name or an older name
    means its player, and a player of every game is one too); a name no player has is
    refused, naming the valid choices."""
    if shared_player(name) is not None:
        return name.strip().lower()
    key = player_name(package_of(game_id).players.ladder, name)
    if key not in package_of(game_id).players.makers:
        raise ValueError(f"unknown {resolve_game(game_id).name} player '{name}' "
                         f"{player_choices(game_id)}")
    return key


def player_choices(game_id: str) -> str:
    """The names a player may be given, for an error message: levels, then the rest."""
    return package_of(game_id).players.choices()


def make_bot(game_id: str, name: str, seed: int) -> Bot:
    """The game's player ``name``, or the player of every game by that name (its module
    imported now, when it is seated)."""
    shared = shared_player(name)
    if shared is not None:
        return shared.bot(game_id, seed)
    return package_of(game_id).make_bot(name, seed)


def metrics_of(game_id: str) -> Metrics:
    """The game's own metrics, or the outcome's returns when it has none."""
    return package_of(game_id).measure


def fast_games_of(game_id: str, options: Options, players: Mapping[int, Bot]
                  ) -> FastGame | None:
    """The game's way to play these players' games without a state, or ``None`` (the
    game has none, or not for these players or options): what the same seeds give on
    the ordinary path, faster."""
    offer = package_of(game_id).fast_games
    return None if offer is None else offer(options, players)


def resolve_game(game_id: str) -> Game[State]:
    return find_game(game_id)

"""Turn a designer's words (variants, level, players, bot names) into engine objects.

Each game package may offer ``from_variants(names)`` (in ``variants``, or in ``rules``
for a game whose variants are only rule numbers: :func:`options_from_variants`),
``levels.level_options(name)``, ``bots.make_bot(name, seed)`` with
``bots.BOT_NAMES`` (the first is its simple player) and ``bots.LADDER`` (its levels
for players, :mod:`cardtable.games.ladder`), and
``metrics.metrics(state)``, and ``metrics.fast_games(options, players)``: a function
that deals a fresh game from a generator, plays it as these players would and gives
its metrics, returns and first seat, without the state (``None`` when it does not
know these players). This module finds them, so the lab stays generic.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from cardtable.engine import Bot, Game, OptionError, Options, State
from cardtable.games.ladder import ladder_of, player_name
from cardtable.games.registry import find_game, options_from_variants

Metrics = Callable[[State], dict[str, bool | float]]
FastGame = Callable[[random.Random],
                    tuple[dict[str, bool | float], tuple[float, ...], int | None]]
"""A fresh game played at once: its metrics, the returns, the seat that moved first."""


def game_module(game_id: str, name: str) -> ModuleType | None:
    """A game's optional module (``bots``, ``variants``, ``levels``, ``metrics``), or ``None``."""
    try:
        return importlib.import_module(f"cardtable.games.{game_id}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"cardtable.games.{game_id}.{name}":
            return None
        raise


def build_options(
    game: Game[State],
    variants: Sequence[str] = (),
    level: str | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """The flat options object for variant names, a level and a player count (checked)."""
    raw: dict[str, Any] = {}
    if level is not None:
        levels = game_module(game.id, "levels")
        if levels is None or not hasattr(levels, "level_options"):
            raise OptionError(f"{game.name} has no difficulty levels")
        raw |= dict(levels.level_options(level))
    if variants:
        raw |= options_from_variants(game.id, variants)
    if players is not None:
        raw["players"] = players
    return game.parse_options(raw).to_json()


def bot_names(game_id: str) -> list[str]:
    bots = game_module(game_id, "bots")
    if bots is None:
        raise ValueError(f"game '{game_id}' has no computer players")
    return list(bots.BOT_NAMES)


def player_key(game_id: str, name: str) -> str:
    """The lab's name of the player meant by ``name`` (a level's name or an older name
    means its player); a name no player has is refused, naming the valid choices."""
    key = player_name(ladder_of(game_id), name)
    if key not in bot_names(game_id):
        raise ValueError(f"unknown {resolve_game(game_id).name} player '{name}' "
                         f"{player_choices(game_id)}")
    return key


def player_choices(game_id: str) -> str:
    """The names a player may be given, for an error message: levels, then the rest."""
    levels = [level.name for level in ladder_of(game_id)]
    others = ", ".join(bot_names(game_id))
    return f"(levels: {', '.join(levels)}; other players: {others})" if levels else \
        f"(known: {others})"


def make_bot(game_id: str, name: str, seed: int) -> Bot:
    bots = game_module(game_id, "bots")
    if bots is None:
        raise ValueError(f"game '{game_id}' has no computer players")
    bot: Bot = bots.make_bot(name, seed)
    return bot


def metrics_of(game_id: str) -> Metrics:
    """The game's own metrics, or the outcome's returns when it has none."""
    module = game_module(game_id, "metrics")
    if module is not None:
        found: Metrics = module.metrics
        return found
    return _returns_only


def fast_games_of(game_id: str, options: Options, players: Mapping[int, Bot]
                  ) -> FastGame | None:
    """The game's way to play these players' games without a state, or ``None`` (the
    game has none, or not for these players or options): what the same seeds give on
    the ordinary path, faster."""
    module = game_module(game_id, "metrics")
    offer = getattr(module, "fast_games", None)
    if offer is None:
        return None
    fast: FastGame | None = offer(options, players)
    return fast


def _returns_only(state: State) -> dict[str, bool | float]:
    outcome = state.outcome()
    assert outcome is not None
    return {f"seat-{seat}-return": value for seat, value in enumerate(outcome.returns)}


def resolve_game(game_id: str) -> Game[State]:
    return find_game(game_id)

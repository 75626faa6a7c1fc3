"""What the server asks of a game beyond its rules, all from the game's package.

The server speaks only the engine contract; the matters of the table around a game
(matches, clocks, public move texts, signals, the computer's pace) are answered by the
:class:`~cardtable.games.hooks.GameHooks` of the game's package, and its computer
players come from the package's players. So a new game needs no change here: its
package is listed in :mod:`cardtable.games.registry`, and that is all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.bots.ismcts import Budget, SearchBot
from cardtable.engine import Bot, Observation
from cardtable.games.hooks import GameHooks
from cardtable.games.registry import options_from_variants, package_of
from cardtable.rule_params import Param

__all__ = ["GameHooks", "bot_names", "hooks_for", "house_rules", "make_bot", "merged_options",
           "partner", "rule_params", "searches", "seat_player", "think", "variant_names"]


def hooks_for(game_id: str) -> GameHooks:
    """The game's hooks (``KeyError`` for a game this installation does not know)."""
    return package_of(game_id).hooks


def bot_names(game_id: str) -> tuple[str, ...]:
    """The lab's names of the game's computer players, its simple player first."""
    return package_of(game_id).players.names()


def partner(game_id: str) -> str:
    """The computer player a table seats when none is named (and for an absent person)."""
    return package_of(game_id).players.default()


def seat_player(game_id: str, name: str) -> str:
    """The one name a table keeps for the computer player ``name`` means: its level's
    name (an older name or the lab's name of a level's player is rewritten to it), else
    the lab's name; ``ValueError`` naming the choices for a name no player has."""
    return package_of(game_id).players.canonical(name)


def make_bot(game_id: str, name: str, seed: int | None) -> Bot:
    """The game's computer player ``name`` (any of its names); ``ValueError`` if unknown."""
    return package_of(game_id).make_bot(name, seed)


def searches(game_id: str, name: str) -> bool:
    """Whether this computer player searches (it thinks for a time, in its own workers)."""
    return isinstance(make_bot(game_id, name, 0), SearchBot)


def think(game_id: str, name: str, seed: int, observation: Observation,
          deadline: float | None = None) -> str:
    """One computer move (runs in a worker: pure function of its arguments); a search
    player thinks until ``deadline`` (a ``time.time()`` instant), then answers."""
    bot = make_bot(game_id, name, seed)
    if isinstance(bot, SearchBot) and deadline is not None:
        bot = bot.with_budget(Budget(deadline=deadline))
    return str(bot.act(observation).text)


def merged_options(game_id: str, options: Mapping[str, Any],
                   variants: Sequence[str]) -> dict[str, Any]:
    """Variant words (:func:`options_from_variants`) plus explicit options."""
    result = options_from_variants(game_id, variants) if variants else {}
    result.update(options)
    return result


def rule_params(game_id: str) -> tuple[Param, ...]:
    """The numbers of the game's rules a house rule may change."""
    return package_of(game_id).variants.params


def house_rules(game_id: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The rule parameters a table's options change (its house rule): name, value and
    the standard value."""
    return [{"name": p.name, "value": options[p.name], "default": p.default}
            for p in rule_params(game_id) if p.name in options]


def variant_names(game_id: str) -> dict[str, str]:
    """The game's named variants, each with what it does."""
    return dict(package_of(game_id).variants.named)

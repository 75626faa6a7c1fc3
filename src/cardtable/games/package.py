"""A game package: the one object through which the rest of cardtable knows a game.

The engine contract (:mod:`cardtable.engine`) is what a game's rules promise. Everything
else the system needs of a game is declared here once, in a :class:`GamePackage` that
the game's own ``package`` module builds and :mod:`cardtable.games.registry` lists: its
computer players and their ladder, its variants and rule parameters, its difficulty
levels, the lab's metrics and fast path, its terminal front end and exact solver, and
the server's hooks. Nothing finds a part of a game by its module's name.
"""

from __future__ import annotations

import argparse
import importlib
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Bot, Game, OptionError, Options, State
from cardtable.games.hooks import GameHooks
from cardtable.games.ladder import Level, Maker, find_level, make_player
from cardtable.rule_params import Param

Label = str | tuple[str, str]
"""A text the site picks by an identifier: its English, marked with ``N_``, or (context,
English), marked with ``NP_`` (:mod:`cardtable.translatable`)."""
Metrics = Callable[[State], dict[str, bool | float]]
"""A finished game's figures for the lab."""
FastGame = Callable[[random.Random],
                    tuple[dict[str, bool | float], tuple[float, ...], int | None]]
"""A fresh game played at once: its metrics, the returns, the seat that moved first."""
FastGames = Callable[[Options, Mapping[int, Bot]], FastGame | None]
"""Offers a :data:`FastGame` for these options and players, or ``None``."""
Terminal = Callable[[argparse.Namespace], int]
"""``cardtable play GAME``: plays in the terminal, returns the exit code."""
Solver = Callable[[State], dict[str, Any]]
"""The exact value and best moves of a position (``cardtable solve``)."""


@dataclass(frozen=True)
class Players:
    """A game's computer players: each made from a seed by its name in the lab, and the
    ladder of levels that seats them for people."""

    makers: Mapping[str, Maker]
    """Each player by the lab's name, the game's simple player first."""
    about: Mapping[str, str] = field(default_factory=dict)
    """How each of :attr:`makers` plays, in one English line."""
    ladder: tuple[Level, ...] = ()
    """The levels for people, weakest first (empty: the lab's names only)."""
    partner: str = ""
    """The player a table seats when none is named (default: the first of :attr:`makers`)."""
    title: str = ""
    """The game's name in messages ("unknown Duel 52 player ..."; default: the game's)."""

    def names(self) -> tuple[str, ...]:
        """The lab's names, the simple player first."""
        return tuple(self.makers)

    def default(self) -> str:
        return self.partner or self.names()[0]

    def make(self, name: str, seed: int | None = 0) -> Bot:
        """The player ``name`` means (a level's name, an older one, or the lab's),
        made from ``seed``; an unknown name is a :class:`ValueError` naming the known ones."""
        return make_player(self.title, self.ladder, self.makers, name, seed)

    def canonical(self, name: str) -> str:
        """The one name a table or record keeps for the player ``name`` means: its level's
        name when a level seats that player, else the lab's name; unknown is refused."""
        level = find_level(self.ladder, name)
        if level is not None:
            return level.name
        key = name.strip().lower()
        if key not in self.makers:
            raise ValueError(f"unknown {self.title} player '{name}' {self.choices()}")
        return key

    def choices(self) -> str:
        """The names a player may be given, for an error message: levels, then the rest."""
        others = ", ".join(self.makers)
        if not self.ladder:
            return f"(known: {others})"
        levels = ", ".join(level.name for level in self.ladder)
        return f"(levels: {levels}; other players: {others})"


@dataclass(frozen=True)
class SharedPlayer:
    """A player of every game that lives outside the games (its libraries may be an extra):
    named by ``module:function``, the function ``(game_id, seed) -> Bot``, and imported
    only when the player is seated."""

    make: str
    about: str
    """How it plays, in one English line."""

    def bot(self, game_id: str, seed: int) -> Bot:
        module, _, name = self.make.partition(":")
        maker: Callable[[str, int], Bot] = getattr(importlib.import_module(module), name)
        return maker(game_id, seed)


RANDOM_ONLY = Players({"random": RandomBot}, {"random": "a random legal move"})
"""The players of a game that brings none of its own."""


class Difficulty(Protocol):
    """A difficulty level of a game's rules (an easier or harder rule set, not a computer
    player), as the new-table page offers it."""

    @property
    def name(self) -> str: ...

    @property
    def options(self) -> Mapping[str, Any]: ...

    @property
    def text(self) -> str:
        """``Name: what it is`` in English, marked for the catalogues."""

    @property
    def perfect(self) -> float | None:
        """The simulated share of perfect games, if measured."""


@dataclass(frozen=True)
class Variants:
    """A game's named variants, rule parameters and difficulty levels, as options."""

    named: Mapping[str, str] = field(default_factory=dict)
    """Each named variant and what it does (``--variant NAME``)."""
    params: tuple[Param, ...] = ()
    """The numbers of the rules a house rule may change (``--variant NAME=N``)."""
    convert: Callable[[list[str]], Options] | None = None
    """Variant words to the game's options; ``None``: the game has no variants."""
    levels: Callable[[str], Mapping[str, Any]] | None = None
    """A difficulty level's options by its name; ``None``: the game has none."""
    difficulties: tuple[Difficulty, ...] = ()
    """The difficulty levels, easiest first, for the new-table page."""

    def options(self, title: str, names: Iterable[str]) -> dict[str, Any]:
        """The options that variant words ask for; :class:`OptionError` for a word the
        game does not know (or any word, in a game without variants)."""
        if self.convert is None:
            raise OptionError(f"{title} has no variants")
        return self.convert(list(names)).to_json()

    def level_options(self, title: str, name: str) -> dict[str, Any]:
        if self.levels is None:
            raise OptionError(f"{title} has no difficulty levels")
        return dict(self.levels(name))


@dataclass(frozen=True)
class PlayFlag:
    """An option of ``cardtable play`` that only this game's terminal reads: the command
    offers it, and refuses it for any game that does not declare it."""

    name: str
    """The option without its dashes (``match``: ``--match``); the terminal reads
    ``args.<name>``."""
    help: str
    """What it does, for ``--help``."""
    meaning: str
    """What it asks of this game, for the refusal elsewhere ("first to two won games")."""
    type: Callable[[str], Any] | None = None
    """How its value is read; ``None``: a switch."""


@dataclass(frozen=True)
class GamePackage:
    """Everything cardtable needs of one game, declared in one place."""

    game: Game[Any]
    players: Players = RANDOM_ONLY
    variants: Variants = Variants()
    hooks: GameHooks = field(default_factory=GameHooks)
    """The server's answers for this game's tables."""
    metrics: Metrics | None = None
    """The lab's figures of a finished game (default: each seat's return)."""
    fast_games: FastGames | None = None
    """The lab's way to play whole games without a state, for the players it knows."""
    terminal: Terminal | None = None
    play_flags: tuple[PlayFlag, ...] = ()
    """The options of ``cardtable play`` only :attr:`terminal` reads."""
    labels: Mapping[str, Label] = field(default_factory=dict)
    """The site's texts of this game by identifier (``game.<id>``, ``variant.<id>.*``,
    ``why.<id>.*``, ...), which :mod:`cardtable.web.labels` translates when shown."""
    solver: Solver | None = None

    def __post_init__(self) -> None:
        if not self.players.title:  # messages name the game's players by the game's name
            object.__setattr__(self, "players", replace(self.players, title=self.game.name))

    @property
    def id(self) -> str:
        return self.game.id

    def make_bot(self, name: str, seed: int | None) -> Bot:
        """A computer player of this game by any of its names (see :class:`Players`)."""
        return self.players.make(name, seed)

    def measure(self, state: State) -> dict[str, bool | float]:
        """The lab's figures of a finished game."""
        if self.metrics is not None:
            return self.metrics(state)
        outcome = state.outcome()
        assert outcome is not None
        return {f"seat-{seat}-return": value for seat, value in enumerate(outcome.returns)}

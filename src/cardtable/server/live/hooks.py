"""What the server does differently per game, with a generic default for all.

The server speaks only the engine contract; a few table-level matters are
not in it: who starts the next game of a match, whether a game has a clock,
which signals partners may send, how fast a computer player is in a race.
:class:`GameHooks` answers them for any game; subclasses refine them. A game
package may bring its own as ``cardtable.games.<id>.server_hooks.HOOKS``
(found automatically), so a new engine needs no change in the server.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.bots.ismcts import Budget, SearchBot
from cardtable.engine import Game, Observation, Options, Outcome, State
from cardtable.games.duel.match import next_starter
from cardtable.games.duel.variants import DuelOptions
from cardtable.games.matebeta.match import Match, fresh_hands
from cardtable.games.registry import options_from_variants
from cardtable.rule_params import Param

TURN_ENDERS = frozenset({"end", "token-end", "timeout"})
"""Move texts that end a turn in the games whose turns are several moves long."""

BLITZ_SECONDS = {
    "random": 2.5, "easy": 2.5, "simple": 1.4, "medium": 1.4, "hard": 0.8, "perfect": 0.6,
    "strong": 0.8,
}
"""Seconds a computer player takes per move in real-time play, by strength
(multiplied by the server's ``bot_pause``)."""


class GameHooks:
    """Defaults that fit any turn-based game of the engine contract."""

    public_moves: bool = False
    """Whether a move's text tells nothing a seat may not know (duel, MateBeta). Off by
    default: a game the server does not know may hide cards in its move texts."""

    def public_move(self, text: str) -> str:
        """The move as every seat and spectator may read it in the ``move`` event.

        Events carry only public facts: the engine's own events are public by the
        contract, but a move text may name a card played face down (Duel 52's
        ``play 7H 2``) or handed over (Paternoster's ``give 7H 1``). Games whose
        move texts are all public return them unchanged.
        """
        return text if self.public_moves else "a move"

    default_match_wins: int | None = None
    """A match ends when a seat (a team) has this many won games; ``None``: no match."""

    default_match_games: int | None = None
    """A match of this many games won on total points (MateBeta); ``None``: none."""
    match_game_choices: tuple[int, ...] = ()

    def points(self, outcome: Outcome) -> list[int]:
        """Each seat's points in a finished game, for matches won on total points."""
        return [0] * len(outcome.returns)

    def next_deal(self, game: Game[State], options: Options, previous: State,
                  rng: random.Random, match: Mapping[str, Any]) -> dict[str, Any]:
        """The deal of the next game at the same table ("play again"); ``match`` is the
        table's match score with ``previous`` counted (``games`` so far, ``over``)."""
        return game.random_deal(options, rng)

    def turn_seconds(self, options: Options, hourglass: float) -> float | None:
        """Seconds per turn when the game's options set a clock (Hourglass: ``hourglass``
        unless the options name their own), else ``None``."""
        if getattr(options, "hourglass", False):
            return float(getattr(options, "turn_seconds", hourglass))
        return None

    def turn_key(self, state: State) -> object:
        """Changes exactly when a new turn starts (a new deadline then)."""
        ended = sum(1 for _seat, text in state.history if text in TURN_ENDERS)
        return (state.to_act(), ended)

    clock_moves: frozenset[str] = frozenset()
    """Moves only the server's clock plays: a seat that sends one is refused."""

    def timeout_move(self, state: State, seat: int) -> str | None:
        """The move the clock makes for ``seat`` when its time is up (``None``: none exists)."""
        if any(m.text == "timeout" for m in state.legal_moves(seat)):
            return "timeout"
        return None

    def realtime(self, options: Options) -> bool:
        """Whether seats act at the same time (no turns), so bots act at their own speed."""
        return bool(getattr(options, "blitz", False))

    def bot_delay(self, options: Options, strength: str, pause: float) -> float:
        if self.realtime(options):
            return pause * BLITZ_SECONDS.get(strength, 1.4)
        return pause

    offers_hints = False
    """Whether the table may give hints: the exact best move (MateBeta's solver)."""

    offers_signals = False
    """Whether some variant of the game lets partners signal (the engine's rules decide
    when: :mod:`cardtable.signals`)."""

    def winners(self, outcome: Outcome) -> list[int]:
        """Seats that won the game (for the match score)."""
        return [s for s, r in enumerate(outcome.returns) if r > 0]

    def partner(self, game_id: str) -> str:
        """The computer player seated when none is named (and for an absent person): the
        game's ``PARTNER`` if its bots module names one, else its first player."""
        module = _bots_module(game_id)
        named = getattr(module, "PARTNER", None) if module is not None else None
        return str(named) if named else self.bot_names(game_id)[0]

    def bot_names(self, game_id: str) -> Sequence[str]:
        module = _bots_module(game_id)
        names = getattr(module, "BOT_NAMES", None) if module is not None else None
        if names:
            return tuple(names)
        return ("random",)


class DuelHooks(GameHooks):
    """Paternoster Duel: first to two wins; the loser starts; Team duel signals."""

    default_match_wins = 2
    public_moves = True
    offers_signals = True

    def next_deal(self, game: Game[State], options: Options, previous: State,
                  rng: random.Random, match: Mapping[str, Any]) -> dict[str, Any]:
        """Rule decision 7: the first game of every match, also one begun by "Play
        again", has the random deal's starter; within a match :func:`next_starter` of
        :mod:`cardtable.games.duel.match` decides, as in the terminal's match."""
        deal = game.random_deal(options, rng)
        outcome = previous.outcome()
        if match.get("over") or outcome is None or not isinstance(options, DuelOptions):
            return deal
        winner = outcome.to_json().get("winner")
        previous_starter = int(previous.deal.get("starter", 0))
        deal["starter"] = next_starter(previous_starter, winner if isinstance(winner, int)
                                       else None, options)
        return deal


class PaternosterHooks(GameHooks):
    """Paternoster: signals (the engine enforces Silent lift, Lift operator, Silence);
    the Hourglass clock comes from the ``hourglass`` option."""

    offers_signals = True
    clock_moves = frozenset({"timeout"})

    def timeout_move(self, state: State, seat: int) -> str | None:
        """Hourglass: ``timeout`` for the seat to act; never among a seat's legal moves."""
        if getattr(state.options, "hourglass", False) and seat in state.to_act():
            return "timeout"
        return None

    def public_move(self, text: str) -> str:
        """Plays, ends and tokens are public; a card passed on is seen by its receiver only."""
        words = text.split()
        if words and words[0] == "give":
            return f"give a card to seat {words[-1]}" if len(words) == 3 else "give a card"
        return text


class MateBetaHooks(GameHooks):
    """MateBeta's match rules, game after game at one table, as :class:`Match` deals them.

    In a match the dealers are ``d, 1-d, 1-d, d``; game 2 swaps game 1's hands without a
    shuffle, game 3 is a fresh shuffle and game 4 swaps its hands. "Play again" after
    the match starts the next one with the other player dealing first.
    """

    public_moves = True
    offers_hints = True
    default_match_games = 2
    match_game_choices = (2, 4)

    def points(self, outcome: Outcome) -> list[int]:
        return list(outcome.to_json()["points"])

    def next_deal(self, game: Game[State], options: Options, previous: State,
                  rng: random.Random, match: Mapping[str, Any]) -> dict[str, Any]:
        games = int(match.get("games_needed") or self.default_match_games)
        played = int(match.get("games", 1))  # games of this match so far, ``previous`` last
        dealer = int(previous.deal.get("dealer", 0))
        first = dealer if (played - 1) in (0, 3) else 1 - dealer
        if played >= games:
            return Match.start(games, rng, first_dealer=1 - first).deal(0)
        hands = previous.deal.get("hands")
        pair = ((tuple(hands[0]), tuple(hands[1])) if played % 2 == 1 and isinstance(hands, list)
                else fresh_hands(rng))
        return Match(games, first, (pair,) * (games // 2)).deal(played)


class Duel52Hooks(GameHooks):
    """Duel 52: a card played from the hand or discarded by View goes face down, so its
    move text (``play 7H 2``, ``discard 7H``) must not reach the other seat."""

    def public_move(self, text: str) -> str:
        words = text.split()
        if words and words[0] == "play":
            return f"play a card face down into lane {words[-1]}" if len(words) == 3 \
                else "play a card face down"
        if words and words[0] == "discard":
            return "discard a card face down"
        if words and words[0] in ("flip", "attack", "pair", "look", "move", "next"):
            return text
        return "a move"


_BUILTIN: dict[str, GameHooks] = {
    "duel": DuelHooks(),
    "duel52": Duel52Hooks(),
    "paternoster": PaternosterHooks(),
    "matebeta": MateBetaHooks(),
}
_GENERIC = GameHooks()


def hooks_for(game_id: str) -> GameHooks:
    """The game's own hooks if its package brings them, else the built-in or generic ones."""
    try:
        module = importlib.import_module(f"cardtable.games.{game_id}.server_hooks")
    except ModuleNotFoundError:
        module = None
    hooks = getattr(module, "HOOKS", None)
    if isinstance(hooks, GameHooks):
        return hooks
    return _BUILTIN.get(game_id, _GENERIC)


def _bots_module(game_id: str) -> Any:
    try:
        return importlib.import_module(f"cardtable.games.{game_id}.bots")
    except ModuleNotFoundError:
        return None


class _RandomBot:
    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Any:
        moves = observation.legal_moves()
        return moves[self.rng.randrange(len(moves))]


def make_bot(game_id: str, name: str, seed: int | None) -> Any:
    """The game's ``make_bot`` (``cardtable.games.<id>.bots``), or a random player
    for games that have none yet; raises ``ValueError`` for unknown names."""
    module = _bots_module(game_id)
    factory = getattr(module, "make_bot", None) if module is not None else None
    if factory is None:
        if name != "random":
            raise ValueError(f"this game offers only the 'random' computer player for now, "
                             f"not '{name}'")
        return _RandomBot(seed)
    try:
        return factory(name, seed)
    except (KeyError, ValueError) as exc:
        raise ValueError(str(exc.args[0]) if exc.args else f"unknown player '{name}'") from exc


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
    """The game's rule parameters (its variants module's, or its rules' for a game
    without named variants)."""
    for name in ("variants", "rules"):
        try:
            module = importlib.import_module(f"cardtable.games.{game_id}.{name}")
        except ModuleNotFoundError:
            continue
        if hasattr(module, "PARAMS"):
            return tuple(module.PARAMS)
    return ()


def house_rules(game_id: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The rule parameters a table's options change (its house rule): name, value and
    the standard value."""
    return [{"name": p.name, "value": options[p.name], "default": p.default}
            for p in rule_params(game_id) if p.name in options]


def variant_names(game_id: str) -> dict[str, str]:
    try:
        module = importlib.import_module(f"cardtable.games.{game_id}.variants")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "VARIANTS", {}))

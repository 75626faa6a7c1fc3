"""What a served table does differently per game, with defaults that fit any game.

The engine contract says nothing about matters of the table around a game: who deals
the next game of a match, whether a turn has a clock, which move texts may be shown to
everyone, how fast a computer player acts in a race. :class:`GameHooks` answers them for
any game of the contract; a game's package brings a subclass when it needs other
answers (its ``hooks`` module), so the server knows no game by name.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from cardtable.engine import Game, Move, Options, Outcome, State

TURN_ENDERS = frozenset({"end", "token-end", "timeout"})
"""Move texts that end a turn in the games whose turns are several moves long."""


class GameHooks:
    """Defaults that fit any turn-based game of the engine contract."""

    public_moves: bool = False
    """Whether a move's text tells nothing a seat may not know (duel, MateBeta). Off by
    default: a game may hide cards in its move texts."""

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
        return False

    could_win_budget = 4000
    """Positions :meth:`could_win` looks at before it answers yes."""

    def could_win(self, state: State, seat: int) -> bool:
        """Whether ``seat`` could still win by some sequence of legal moves from
        ``state`` (every seat's, as if all played for it): when the other side runs out of
        time, ``seat`` then wins, else the game is drawn. The search is depth first and
        looks at :attr:`could_win_budget` positions at most; a search that has not
        finished answers yes, so only a proven impossibility is a draw."""
        budget = self.could_win_budget
        stack: list[Iterator[tuple[State, int, Move | None]]] = [iter([(state, -1, None)])]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                continue
            position, actor, move = step
            if move is not None:
                position = position.clone()
                position.play(actor, move)
            outcome = position.outcome()
            if outcome is not None:
                if outcome.returns[seat] > 0:
                    return True
                continue
            budget -= 1
            if budget < 0:
                return True
            stack.append(iter([(position, a, m) for a in position.to_act()
                               for m in position.legal_moves(a)]))
        return False

    player_clocks = False
    """Whether a table of people may play the game with a chess clock: each seat its own
    minutes plus an increment, running while that seat is to act (a two-sided game)."""

    def bot_delay(self, options: Options, player: str, pause: float) -> float:
        """Seconds a computer seat named ``player`` (a level's or the lab's name, as the
        table stores it) waits before it acts: the server's ``pause`` in turn-based play."""
        return pause

    offers_hints = False
    """Whether the table may give hints: the exact best move (MateBeta's solver)."""

    offers_signals = False
    """Whether some variant of the game lets partners signal (the engine's rules decide
    when: :mod:`cardtable.signals`)."""

    def winners(self, outcome: Outcome) -> list[int]:
        """Seats that won the game (for the match score)."""
        return [s for s, r in enumerate(outcome.returns) if r > 0]

"""What the balance lab measures of one finished MateBeta game.

:func:`metrics` reads the figures of a finished state. :func:`fast_game` plays a game
of two random players on the simulation path (:mod:`.selfplay`: the same draws, the
same moves) without any state, and reads the very same figures through the same
:func:`figures`: the lab offers it (:func:`fast_games`) when every seat is the random
player, the baseline it plays by the hundred thousand. ``make install`` compiles this
module with mypyc.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import Final

from cardtable.course import behind_late, lead_changes
from cardtable.engine import Options, State
from cardtable.games.matebeta import selfplay
from cardtable.games.matebeta.rules import MateBetaState, random_players
from cardtable.games.matebeta.variants import MateBetaOptions

Figures = dict[str, bool | float]
Played = tuple[Figures, tuple[float, float], int]
"""A game's figures, its returns (as the outcome's) and the seat that moved first."""
BOTH: Final = (1 << selfplay.CARDS) - 1
"""Every card, as a hand."""


def metrics(state: State) -> Figures:
    """Rates (bools) and amounts (numbers) of a finished game, by stable names."""
    assert isinstance(state, MateBetaState)
    outcome = state.outcome()
    assert outcome is not None
    return figures(state.dealer, outcome.points, outcome.end, outcome.move,
                   state.move_winners(), outcome.mater)


def figures(dealer: int, points: tuple[int, int], end: str, move: int, winners: list[int],
            mater: int | None) -> Figures:
    """The figures of a game that ``end``-ed at ``move`` with ``points``, whose moves
    ``winners`` won (a mate: the mater)."""
    margins = margins_of(winners)
    mine, other = points[dealer], points[1 - dealer]
    return {
        "dealer-scores": mine > 0,
        "other-scores": other > 0,
        "draw": end == "draw",
        "overmate": end == "overmate",
        "mate-move": float(move),
        "dealer-points-minus-other": float(mine - other),
        "seat0-points-minus-other": float(points[0] - points[1]),
        "lead-changes": float(lead_changes(margins)),
        "winner-behind-late": behind_late(margins, mater),
    }


def margins_of(winners: list[int]) -> list[int]:
    """After each move, the moves seat 0 has won less seat 1's."""
    margin = 0
    margins = []
    for winner in winners:
        margin += 1 if winner == 0 else -1
        margins.append(margin)
    return margins


def fast_game(players: list[random.Random], values: list[int], no_foreplace: list[int],
              rng: random.Random) -> Played:
    """A fresh game dealt from ``rng`` (as ``MateBeta.new`` deals it) and played by the
    random players of these generators, as its figures (those :func:`metrics` reads of
    the ordinary path's game)."""
    hand, dealer = selfplay.deal(rng)
    hands = [hand, hand ^ BOTH]
    status = [dealer, 0, 0, selfplay.FOREPLACING, dealer, 1, -1, 0, 0, 0, -1]
    moves: list[int] = []
    tricks: list[int] = []
    selfplay.play(hands, [-1, -1], status, values, no_foreplace, players, moves, tricks)
    points = (status[selfplay.POINTS], status[selfplay.POINTS + 1])
    mater = status[selfplay.MATER]
    played = figures(dealer, points, selfplay.END_NAMES[status[selfplay.END]],
                     status[selfplay.MOVE], selfplay.winners(tricks),
                     None if mater < 0 else mater)
    return played, (float(points[0] - points[1]), float(points[1] - points[0])), dealer


def fast_games(options: Options, bots: Mapping[int, object]
               ) -> Callable[[random.Random], Played] | None:
    """:func:`fast_game` for these seats, when both are plain random players (any card
    values and handicaps), else ``None``."""
    players = random_players(bots)
    if players is None or not isinstance(options, MateBetaOptions):
        return None
    handicap = options.handicap_no_foreplace
    return functools.partial(fast_game, players, options.value_list,
                             [int(0 in handicap), int(1 in handicap)])

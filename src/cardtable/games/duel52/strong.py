"""Duel 52's ``strong`` player: the game-agnostic search with Duel 52's own parts.

Playouts are played by the heuristic player; a finished playout is worth its
result and, a little, the lanes won beyond the other's (a near win says more
about a move than a loss alone). Hidden cards (Bases, the other hand, the pile)
are dealt by ``Game.sample``; what the player was shown (Foresight) its
observation keeps, and the sample keeps it too.
"""

from __future__ import annotations

from cardtable.bots.search import Budget, SearchBot
from cardtable.engine import State
from cardtable.games.duel52.heuristic import HeuristicBot
from cardtable.games.duel52.rules import DUEL52, Duel52Outcome

ITERATIONS = 50
"""The lab's budget per decision (the server thinks for a time instead)."""
LANES = 0.3
"""Share of a playout's worth that is the lanes won rather than the result."""


def lanes_value(state: State, seat: int) -> float:
    """0..1: the result, and the lanes won beyond the other's."""
    outcome = state.outcome()
    assert isinstance(outcome, Duel52Outcome)
    result = outcome.returns[seat]
    lanes = (outcome.lanes[seat] - outcome.lanes[1 - seat]) / 3
    return 0.5 + (1 - LANES) / 2 * result + LANES / 2 * lanes


def make_strong(seed: int | None, budget: Budget | None = None) -> SearchBot:
    return SearchBot(DUEL52, HeuristicBot, budget or Budget(iterations=ITERATIONS), seed,
                     value=lanes_value, depth=1)

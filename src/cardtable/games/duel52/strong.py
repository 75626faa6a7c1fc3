"""Duel 52's ``strong`` player: the game-agnostic search with Duel 52's own parts.

Every deal of the hidden cards (``Game.sample``: the Bases, the other hand, the
pile; what the player was shown, by Foresight or a card that showed and went
back, its observation keeps and the deal keeps too) is played on the simulation
path's plain ints: every legal move on its own copy of the same deal, with the
same playout seeds (common random numbers), the heuristic player playing on for
the rest of this turn and the opponent's next one, and the position then worth
:func:`~cardtable.games.duel52.selfplay.worth` (lanes won, each open lane's
balance of hit points, cards in hand). Short playouts and a position's worth
say more about one move than a whole game's result at the same cost: the game
is long and mostly decided by cards not yet drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.bots.ismcts import Budget, SearchBot
from cardtable.engine import Move, State
from cardtable.games.duel52 import selfplay
from cardtable.games.duel52.rules import DUEL52, Duel52State, move_of_table
from cardtable.games.duel52.simple import HeuristicBot

ITERATIONS = 12
"""The lab's budget per decision, in deals, each playing every legal move on (the
server thinks for a time instead)."""
TURNS = 2
"""How far a playout looks: to the start of the player's next turn."""


def deal_values(deal: State, legal: Sequence[Move], seat: int,
                seed: int) -> list[tuple[float, float]]:
    """The worth to ``seat`` of every legal move on one deal, on equal luck; a
    position's worth stands for the chance to win too."""
    assert isinstance(deal, Duel52State)
    table = deal.table()
    by_move: dict[Move, selfplay.Move] = {move_of_table(m): m for m in table.legal()}
    values = []
    for move in legal:
        t = selfplay.copy_table(table)
        rng = random.Random(seed)
        players = [selfplay.Player(rng, heuristic=True) for _ in range(2)]
        selfplay.play_on(t, by_move[move], players, TURNS)
        worth = selfplay.worth(t, seat)
        values.append((worth, worth))
    return values


def make_strong(seed: int | None, budget: Budget | None = None) -> SearchBot:
    return SearchBot(DUEL52, HeuristicBot, budget or Budget(iterations=ITERATIONS), seed,
                     depth=1, common=True, deal_values=deal_values)

"""A duel match: first to two won games; the loser of a game starts the next.

The first starter is drawn at random. A drawn game (possible only in Blitz
duel) counts for nobody, and the other side starts the next game. In the Team
duel the starter is the losing team's seat that comes first after the last
game's starter, so partners take turns at starting.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cardtable.games.duel.rules import DUEL, DuelOutcome, DuelState
from cardtable.games.duel.variants import DuelOptions

WINS_NEEDED = 2


@dataclass
class DuelMatch:
    """The score of a match and the deals of its games, from one seeded generator."""

    options: DuelOptions
    rng: random.Random
    wins: list[int] = field(default_factory=lambda: [0, 0])
    results: list[DuelOutcome] = field(default_factory=list)
    next_starter: int = -1

    def __post_init__(self) -> None:
        if self.next_starter < 0:
            self.next_starter = self.rng.randrange(self.options.seats)

    @property
    def winner(self) -> int | None:
        """The team (0 red, 1 black) with two won games, if any."""
        for team, count in enumerate(self.wins):
            if count >= WINS_NEEDED:
                return team
        return None

    def new_game(self) -> DuelState:
        """The next game of the match, dealt fresh, started by the right seat."""
        if self.winner is not None:
            raise ValueError("the match is over")
        deal = DUEL.random_deal(self.options, self.rng)
        deal["starter"] = self.next_starter
        return DUEL.from_deal(self.options, deal)

    def add_result(self, outcome: DuelOutcome) -> None:
        """Count a finished game and choose who starts the next one."""
        if self.winner is not None:
            raise ValueError("the match is over")
        self.results.append(outcome)
        if outcome.winner is not None:
            self.wins[outcome.winner] += 1
        self.next_starter = next_starter(self.next_starter, outcome.winner, self.options)


def next_starter(previous: int, winner: int | None, options: DuelOptions) -> int:
    """Who starts the next game of a match: the losing side's first seat after
    ``previous`` (the last game's starter) in turn order; after a draw (``winner`` None)
    the other side's. The server's "Play again" asks here too, so both follow one rule."""
    team = 1 - (previous % 2 if winner is None else winner)
    seats = options.seats
    for step in range(1, seats + 1):
        seat = (previous + step) % seats
        if seat % 2 == team:
            return seat
    raise AssertionError("every team has a seat")

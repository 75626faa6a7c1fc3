"""MateBeta matches: 2 or 4 games, the higher total wins, equal totals draw.

A match is a small pure value: it makes each game's deal and adds up the
scores; who plays the games (terminal, server, bots) is not its business.

* The first dealer is picked at random; game 1 is dealt by them, game 2 by the
  other player; in a 4-game match the second dealer also deals game 3 and the
  first dealer game 4 (dealers ``d, 1-d, 1-d, d``).
* Game 2 swaps the hands of game 1: each player takes the ten cards the other
  was dealt, a foreplaced card included, without a shuffle. Game 3 is a fresh
  shuffle and game 4 swaps its hands the same way.
* :meth:`Match.play_again` starts the next match with the other player dealing
  first (and fresh cards).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cardtable.cards import shuffled
from cardtable.games.matebeta.rules import HAND_SIZE, MB_DECK, MateBetaOutcome

MATCH_LENGTHS = (2, 4)


def fresh_hands(rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Shuffle the 20 cards and deal ten to each seat."""
    cards = [c.text for c in shuffled(MB_DECK, rng)]
    return tuple(cards[:HAND_SIZE]), tuple(cards[HAND_SIZE:])


@dataclass
class Match:
    """One match: its length, first dealer, the shuffled hands of games 1 (and 3),
    and the outcomes so far."""

    games: int
    first_dealer: int
    shuffles: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    """One fresh deal (seat 0's hand, seat 1's hand) per pair of games."""
    results: list[MateBetaOutcome] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.games not in MATCH_LENGTHS:
            raise ValueError(f"a MateBeta match is 2 or 4 games, not {self.games}")
        if self.first_dealer not in (0, 1):
            raise ValueError("the first dealer must be seat 0 or 1")
        if len(self.shuffles) != self.games // 2:
            raise ValueError(f"a {self.games}-game match needs {self.games // 2} shuffle(s)")

    @classmethod
    def start(cls, games: int, rng: random.Random, first_dealer: int | None = None) -> Match:
        """A new match; the first dealer is picked at random unless given."""
        if games not in MATCH_LENGTHS:
            raise ValueError(f"a MateBeta match is 2 or 4 games, not {games}")
        if first_dealer is None:
            first_dealer = rng.randrange(2)
        shuffles = tuple(fresh_hands(rng) for _ in range(games // 2))
        return cls(games, first_dealer, shuffles)

    def play_again(self, rng: random.Random) -> Match:
        """The next match: same length, the other player deals first, fresh cards."""
        return Match.start(self.games, rng, first_dealer=1 - self.first_dealer)

    # --- deals ---
    def dealer(self, index: int) -> int:
        """The dealer of game ``index`` (0-based): ``d, 1-d, 1-d, d``."""
        self._check_index(index)
        d = self.first_dealer
        return (d, 1 - d, 1 - d, d)[index]

    def deal(self, index: int) -> dict[str, Any]:
        """The deal of game ``index`` (0-based); odd games swap the previous hands."""
        self._check_index(index)
        h0, h1 = self.shuffles[index // 2]
        if index % 2 == 1:
            h0, h1 = h1, h0
        return {"hands": [list(h0), list(h1)], "dealer": self.dealer(index)}

    def _check_index(self, index: int) -> None:
        if not 0 <= index < self.games:
            raise ValueError(f"this match has games 1 to {self.games}, not {index + 1}")

    # --- scores ---
    @property
    def next_game(self) -> int | None:
        """The index of the game to play next, or ``None`` when the match is over."""
        return len(self.results) if len(self.results) < self.games else None

    def add(self, outcome: MateBetaOutcome) -> None:
        """Count a finished game's score."""
        if self.next_game is None:
            raise ValueError("the match is over")
        self.results.append(outcome)

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(r.points[0] for r in self.results), sum(r.points[1] for r in self.results))

    def is_over(self) -> bool:
        return len(self.results) == self.games

    def winner(self) -> int | None:
        """The seat with the higher total after the last game; ``None`` for a draw
        (equal totals) or while the match is running."""
        if not self.is_over():
            return None
        t0, t1 = self.totals
        if t0 == t1:
            return None
        return 0 if t0 > t1 else 1

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "first_dealer": self.first_dealer,
            "deals": [self.deal(i) for i in range(self.games)],
            "results": [r.to_json() for r in self.results],
            "totals": list(self.totals),
            "over": self.is_over(),
            "winner": self.winner(),
        }

"""A player that picks uniformly among its legal moves: the baseline of every game."""

from __future__ import annotations

import random

from cardtable.engine import Bot, Move, Observation


class RandomBot(Bot):
    """Deterministic for a seed; sees only its observation."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Move:
        moves = observation.legal_moves()
        if not moves:
            raise ValueError("the random player was asked to move but has no legal move")
        return moves[self.rng.randrange(len(moves))]

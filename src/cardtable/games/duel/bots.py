"""The simple duel player of the rule text's "simple strategy".

It plays the smallest steps first, takes a step back whenever it has one,
plays only the required cards plus extra ones that are very small steps, and
(with ``push="always"``) pushes each turn the card that fits its own piles
worst. It reads nothing but its observation; ties are broken by its own
seeded generator, so a seed fixes its play.
"""

from __future__ import annotations

import random

from cardtable.cards import Card
from cardtable.engine import Observation
from cardtable.games.duel.rules import (
    DOWN,
    DRAW,
    END,
    PLAY,
    PUSH,
    UP,
    DuelMove,
    DuelObservation,
    SeatFacts,
    fits,
    is_step_back,
    push_fits,
)

SMALL_STEP = 3
"""An extra card is played only when it is at most this many ladder steps away."""
STEP_BACK = -1
NO_FIT = 10_000


def step_cost(card: Card, top: Card | None, pile: int, twins: bool) -> int:
    """Ladder steps a card uses up on one of the seat's own piles.

    An empty up pile is best opened low and a down pile high; a step back
    gives room back, so it costs less than nothing.
    """
    if top is None:
        return card + 1 if pile == UP else 52 - card
    if fits(card, top, pile, twins):
        return card - top if pile == UP else top - card
    if is_step_back(card, top, pile):
        return STEP_BACK
    return NO_FIT


class SimpleDuelBot:
    """Deterministic for a seed; ``push`` is ``"always"`` or ``"never"``."""

    def __init__(self, seed: int | None = 0, push: str = "always") -> None:
        if push not in ("always", "never"):
            raise ValueError(f"push must be 'always' or 'never', not {push!r}")
        self.rng = random.Random(seed)
        self.push = push

    def act(self, observation: Observation) -> DuelMove:
        assert isinstance(observation, DuelObservation)
        f = observation.facts()
        if f.blitz:
            return self._blitz(f, observation)
        best = self._best_play(f)
        if f.owed > 0 and best is not None:
            return best[1]
        if best is not None and best[0] == STEP_BACK:
            return best[1]
        push = self._push(f)
        if push is not None:
            return push
        if best is not None and best[0] <= SMALL_STEP:
            return best[1]
        return END

    def _blitz(self, f: SeatFacts, obs: DuelObservation) -> DuelMove:
        if f.can_draw is None:
            return DRAW
        best = self._best_play(f)
        if best is not None and best[0] <= SMALL_STEP:
            return best[1]
        push = self._push(f)
        if push is not None:
            return push
        if best is not None:
            return best[1]
        return obs.legal_moves()[0]

    def _best_play(self, f: SeatFacts) -> tuple[int, DuelMove] | None:
        """The cheapest own-pile play (a step back only while one is allowed)."""
        best_cost = NO_FIT
        best: list[DuelMove] = []
        for card in set(f.hand):
            for pile in (UP, DOWN):
                cost = step_cost(card, f.own[pile], pile, f.twins)
                if cost == STEP_BACK and f.step_back_used:
                    continue
                if cost < best_cost:
                    best_cost, best = cost, [PLAY[card][pile]]
                elif cost == best_cost and cost != NO_FIT:
                    best.append(PLAY[card][pile])
        if not best:
            return None
        return best_cost, self._pick(best)

    def _push(self, f: SeatFacts) -> DuelMove | None:
        """Push the card that fits the own piles worst, as far as the pile allows."""
        if self.push == "never" or f.pushed or f.push_allowed is not None:
            return None
        best_key: tuple[int, int] | None = None
        best: list[DuelMove] = []
        for card in set(f.hand):
            own_fit = min(step_cost(card, f.own[p], p, f.twins) for p in (UP, DOWN))
            for pile in (UP, DOWN):
                top = f.other[pile]
                if top is None or not push_fits(card, top, pile, f.twins, f.hard):
                    continue
                key = (own_fit, abs(card - top))
                if best_key is None or key > best_key:
                    best_key, best = key, [PUSH[card][pile]]
                elif key == best_key:
                    best.append(PUSH[card][pile])
        return self._pick(best) if best else None

    def _pick(self, moves: list[DuelMove]) -> DuelMove:
        if len(moves) == 1:
            return moves[0]
        moves.sort(key=lambda m: m.text)
        return moves[self.rng.randrange(len(moves))]


class RandomDuelBot:
    """Plays a random legal move (its own seeded generator): the weakest opponent."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> DuelMove:
        assert isinstance(observation, DuelObservation)
        moves = observation.legal_moves()
        return moves[self.rng.randrange(len(moves))]


BOT_NAMES = ("simple", "random")
"""The names :func:`make_bot` offers, strongest first."""


def make_bot(name: str, seed: int | None) -> SimpleDuelBot | RandomDuelBot:
    """A duel computer player by name: ``simple`` (pushes every turn) or ``random``."""
    if name == "simple":
        return SimpleDuelBot(seed, push="always")
    if name == "random":
        return RandomDuelBot(seed)
    raise ValueError(f"unknown duel computer player '{name}' (known: {', '.join(BOT_NAMES)})")

"""The simple duel player of the rule text's "simple strategy".

It plays the smallest steps first, takes a step back whenever it has one,
plays only the required cards plus extra ones that are very small steps, and
(with ``push="always"``) pushes each turn the card that fits its own piles
worst. It reads nothing but its observation; ties are broken by its own
seeded generator, so a seed fixes its play.
"""

from __future__ import annotations

import random

from cardtable.bots.random_bot import RandomBot
from cardtable.cards import Card
from cardtable.engine import Bot, Observation
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
    push_fits,
)

Costs = dict[Card, tuple[int, int]]
SMALL_STEP = 3
"""An extra card is played only when it is at most this many ladder steps away."""
STEP_BACK = -1
KEEP_OFF = 10
"""Extra cost of a pile a partner asked to leave alone."""
NO_FIT = 10_000


class SimpleDuelBot:
    """Deterministic for a seed; ``push`` is ``"always"`` or ``"never"``."""

    def __init__(self, seed: int | None = 0, push: str = "always") -> None:
        if push not in ("always", "never"):
            raise ValueError(f"push must be 'always' or 'never', not {push!r}")
        self.rng = random.Random(seed)
        self.push = push

    def act(self, observation: Observation) -> DuelMove:
        assert isinstance(observation, DuelObservation)
        move = self._choose(observation.facts(), _avoided(observation))
        return move if move is not None else observation.legal_moves()[0]

    def signals(self, observation: Observation) -> dict[int, str]:
        """Team duel: "I can help this pile" on each own pile it holds a step back for."""
        assert isinstance(observation, DuelObservation)
        if not observation.options.team or observation.seat is None:
            return {}
        f = observation.facts()
        return {pile: "help" for pile in (UP, DOWN)
                if any(_costs(f)[card][pile] == STEP_BACK for card in f.hand)}

    def plan(self, observation: Observation) -> list[DuelMove]:
        """The rest of this turn at once: the moves ``act`` would pick one by one."""
        assert isinstance(observation, DuelObservation)
        f = observation.facts()
        avoid = _avoided(observation)
        moves: list[DuelMove] = []
        while True:
            move = self._choose(f, avoid)
            if move is None:
                return moves or [observation.legal_moves()[0]]
            moves.append(move)
            if move is END or f.blitz:
                return moves
            f = _after(f, move)
            if not f.hand:
                return moves

    def _choose(self, f: SeatFacts, avoid: frozenset[int] = frozenset()) -> DuelMove | None:
        costs = _costs(f)
        for pile in avoid:
            costs = {card: _keep_off(both, pile) for card, both in costs.items()}
        if f.blitz:
            return self._blitz(f, costs)
        best = self._best_play(f, costs)
        if f.owed > 0:
            return best[1] if best is not None else None
        if best is not None and best[0] == STEP_BACK:
            return best[1]
        push = self._push(f, costs)
        if push is not None:
            return push
        if best is not None and best[0] <= SMALL_STEP:
            return best[1]
        return END

    def _blitz(self, f: SeatFacts, costs: Costs) -> DuelMove | None:
        if f.can_draw is None:
            return DRAW
        best = self._best_play(f, costs)
        if best is not None and best[0] <= SMALL_STEP:
            return best[1]
        push = self._push(f, costs)
        if push is not None:
            return push
        return best[1] if best is not None else None

    def _best_play(self, f: SeatFacts, costs: Costs) -> tuple[int, DuelMove] | None:
        """The cheapest own-pile play (a step back only while one is allowed)."""
        best_cost = NO_FIT
        best: list[DuelMove] = []
        back = not f.step_back_used
        for card, both in costs.items():
            for pile in (UP, DOWN):
                cost = both[pile]
                if cost > best_cost or cost == NO_FIT or (cost == STEP_BACK and not back):
                    continue
                if cost < best_cost:
                    best_cost, best = cost, [PLAY[card][pile]]
                else:
                    best.append(PLAY[card][pile])
        if not best:
            return None
        return best_cost, self._pick(best)

    def _push(self, f: SeatFacts, costs: Costs) -> DuelMove | None:
        """Push the card that fits the own piles worst, as far as the pile allows."""
        if self.push == "never" or f.pushed or f.push_allowed is not None:
            return None
        best_key = (-NO_FIT, 0)
        best: list[DuelMove] = []
        for card, both in costs.items():
            own_fit = min(both)
            for pile in (UP, DOWN):
                top = f.other[pile]
                if top is None or not push_fits(card, top, pile, f.twins, f.hard):
                    continue
                key = (own_fit, abs(card - top))
                if key > best_key:
                    best_key, best = key, [PUSH[card][pile]]
                elif key == best_key:
                    best.append(PUSH[card][pile])
        return self._pick(best) if best else None

    def _pick(self, moves: list[DuelMove]) -> DuelMove:
        """One of equally good moves, by the bot's own generator."""
        if len(moves) == 1:
            return moves[0]
        return moves[self.rng.randrange(len(moves))]


def _avoided(observation: DuelObservation) -> frozenset[int]:
    """Own piles a partner asked to leave alone ("help" or "don't play here")."""
    return frozenset(pile for seat, pile, kind in observation.signals
                     if seat != observation.seat and kind in ("help", "dont-play"))


def _keep_off(both: tuple[int, int], pile: int) -> tuple[int, int]:
    """A pile a partner asked to leave alone costs more (a step back still pays)."""
    cost = both[pile]
    if cost in (STEP_BACK, NO_FIT):
        return both
    return (cost + KEEP_OFF, both[1]) if pile == UP else (both[0], cost + KEEP_OFF)


def _costs(f: SeatFacts) -> Costs:
    """Each distinct hand card (in hand order) with the ladder steps it uses up on the
    seat's own up and down pile.

    An empty up pile is best opened low and a down pile high; a step back gives
    room back, so it costs less than nothing; a card that does not fit costs
    :data:`NO_FIT`. (Written out flat: this runs for every move of every game.)
    """
    up, down = f.own
    twins = f.twins
    costs = {}
    for card in f.hand:
        if up is None:
            cost_up = card + 1
        elif card > up or (twins and card == up):
            cost_up = card - up
        elif card == up - 4:
            cost_up = STEP_BACK
        else:
            cost_up = NO_FIT
        if down is None:
            cost_down = 52 - card
        elif card < down or (twins and card == down):
            cost_down = down - card
        elif card == down + 4:
            cost_down = STEP_BACK
        else:
            cost_down = NO_FIT
        costs[card] = (cost_up, cost_down)
    return costs


def _after(f: SeatFacts, move: DuelMove) -> SeatFacts:
    """The seat's facts after its own ``play`` or ``push`` (nobody else moves meanwhile)."""
    card, pile = move.card, move.pile
    assert card is not None and pile is not None
    hand = list(f.hand)
    hand.remove(card)
    if move.kind == "push":
        other = (card, f.other[1]) if pile == UP else (f.other[0], card)
        return f._replace(hand=hand, other=other, pushed=True)
    step_back = not fits(card, f.own[pile], pile, f.twins)
    own = (card, f.own[1]) if pile == UP else (f.own[0], card)
    return f._replace(hand=hand, own=own, owed=f.owed - 1,
                      step_back_used=f.step_back_used or step_back)


BOT_NAMES = {
    "simple": "the simple strategy, pushing every turn",
    "never-push": "the simple strategy without pushing",
    "random": "a random legal move",
}


def make_bot(name: str, seed: int | None = 0) -> Bot:
    """A duel computer player by name (see :data:`BOT_NAMES`)."""
    if name == "simple":
        return SimpleDuelBot(seed, push="always")
    if name == "never-push":
        return SimpleDuelBot(seed, push="never")
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown duel player '{name}' (known: {', '.join(BOT_NAMES)})")

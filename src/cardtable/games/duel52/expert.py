"""Duel 52's searching expert: flat Monte Carlo over deals of the unseen cards, with an
opponent that is not one fixed policy, an evaluation that knows the face-down cards,
and a value for Foresight's information.

* **Playouts against several styles, worth by the cards' ranks.** Every deal
  (``Game.sample``) plays every legal move on against an opponent of a style drawn for
  that deal, and values the position by what its cards are, face-down ones too
  (:mod:`.playouts`): over many deals, that is over what the unseen cards could be.
* **A value for looking.** When Foresight offers a look, every face-down card the
  player does not know is valued by what knowing it would change (:func:`look_gains`):
  on each deal the moves that follow are valued as ever; the deals are grouped by
  what that card is on them, and the gain is how much better the best move of each
  group does than the one best move for all, less the same gain for groups drawn at
  random (what noise alone gains). The card worth most is looked at; with nothing to
  gain either way, an opponent's card before its own (it may be a Trap).

The player reads only its observation: what it was shown stays in it, and every deal
keeps it. It begins a deal only when one as long as its longest still fits in its time,
and out of time before a first deal it plays the heuristic player's move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.bots.ismcts import MAX_ITERATIONS, Budget, SearchBot, SearchStats
from cardtable.engine import Move, Observation, State
from cardtable.games.duel52 import selfplay
from cardtable.games.duel52.playouts import table_values
from cardtable.games.duel52.rules import (
    DUEL52,
    Duel52Observation,
    Duel52State,
    move_of_table,
    table_move,
)
from cardtable.games.duel52.simple import HeuristicBot

ITERATIONS = 12
"""The lab's budget per decision, in deals (the server thinks for a time instead)."""


def deal_values(deal: State, legal: Sequence[Move], seat: int,
                seed: int) -> list[tuple[float, float]]:
    """:func:`~.playouts.table_values` for the search (each value also stands for the
    chance)."""
    assert isinstance(deal, Duel52State)
    table = deal.table()
    by_move: dict[Move, selfplay.Move] = {move_of_table(m): m for m in table.legal()}
    values = table_values(table, [by_move[m] for m in legal], seat, seed)
    return [(v, v) for v in values]


# --- the value of a look --------------------------------------------------------------

PLACEBOS = 4
"""Random groupings whose gain is the noise a look's gain is measured against."""
CONTENDERS = 6
"""The moves a look may make the best: those best over all deals (the rest seldom are
after a look, and each costs time)."""
LOOK_SHARE = 0.6
"""The share of the thinking time a look spends on deals; the rest is for weighing."""
MARGIN = 0.02
"""Seconds a decision keeps back from its deadline for what follows the search."""


def grouped_gain(values: list[list[float]], groups: list[int]) -> float:
    """How much better the best move of each group does, over the deals, than the best
    move for all of them (the deals' ``values[deal][move]``)."""
    n = len(values)
    moves = range(len(values[0]))
    overall = max(sum([v[m] for v in values]) for m in moves)
    by_group: dict[int, list[float]] = {}
    for v, g in zip(values, groups, strict=True):
        sums = by_group.setdefault(g, [0.0] * len(v))
        for m in moves:
            sums[m] += v[m]
    return (sum(max(s) for s in by_group.values()) - overall) / n


def look_gains(values: list[list[float]], ranks: list[list[int]],
               rng: random.Random) -> list[float]:
    """Each look's gain (``ranks[look][deal]``: the rank of its card on each deal) less
    the gain of random groups of the same sizes."""
    totals = [sum([v[m] for v in values]) for m in range(len(values[0]))]
    best = sorted(range(len(totals)), key=lambda m: -totals[m])[:CONTENDERS]
    values = [[v[m] for m in best] for v in values]
    gains = []
    for seen in ranks:
        gain = grouped_gain(values, seen)
        noise = 0.0
        for _ in range(PLACEBOS):
            shuffled = seen[:]
            rng.shuffle(shuffled)
            noise += grouped_gain(values, shuffled)
        gains.append(gain - noise / PLACEBOS)
    return gains


# --- the player -----------------------------------------------------------------------


class ExpertBot(SearchBot):
    """The search of :mod:`cardtable.bots.ismcts` with this module's playouts and worth,
    and Foresight's choice made by the value of what it shows."""

    def __init__(self, budget: Budget, seed: int | None = 0) -> None:
        super().__init__(DUEL52, HeuristicBot, budget, seed, depth=1, common=True,
                         deal_values=deal_values)

    def with_budget(self, budget: Budget) -> ExpertBot:
        other = ExpertBot(budget)
        other.rng = self.rng
        return other

    def act(self, observation: Observation) -> Move:
        assert isinstance(observation, Duel52Observation)
        budget = self.budget
        until = budget.until(budget.now())
        if until is not None:  # stop short of the deadline, not just after it
            self.budget = Budget(iterations=budget.iterations, deadline=until - MARGIN,
                                 cpu=budget.cpu)
        try:
            choice = observation.choice
            if choice is not None and choice.kind == "look" and observation.seat == choice.seat:
                return self._look(observation)
            return self._search(observation)
        finally:
            self.budget = budget

    def _search(self, obs: Duel52Observation) -> Move:
        """Every legal move on the same deals; the best total wins (ties: the first).
        A deal is begun only when one as long as the longest so far still fits before
        the deadline: a deal plays every legal move, and some positions have many."""
        seat = obs.seat
        legal = obs.legal_moves()
        if seat is None or not legal:
            raise ValueError("the expert was asked to move but has no legal move")
        now = self.budget.now
        started = now()
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0)
            return legal[0]
        deadline = self.budget.until(started)
        limit = self.budget.iterations or MAX_ITERATIONS
        rng = self.rng
        totals = [0.0] * len(legal)
        done, longest = 0, 0.0
        while done < limit:
            began = now()
            if deadline is not None and began + longest >= deadline:
                break
            deal = self.sampler(obs, rng)
            for i, (value, _) in enumerate(deal_values(deal, legal, seat,
                                                       rng.randrange(2**32))):
                totals[i] += value
            done += 1
            longest = max(longest, now() - began)
        self.last = SearchStats(done, now() - started)
        if done == 0:
            return HeuristicBot(rng.randrange(2**32)).act(obs)
        return legal[max(range(len(legal)), key=lambda i: totals[i])]

    def _look(self, obs: Duel52Observation) -> Move:
        """The look worth most (see :func:`look_gains`)."""
        seat = obs.seat
        assert seat is not None
        legal = obs.legal_moves()
        unknown = [m for m in legal if m.actors and (c := obs.find(m.actors[0])) is not None
                   and c.card is None]
        if not unknown:
            return legal[0]
        now = self.budget.now
        started = now()
        deadline = self.budget.until(started)
        if deadline is not None:
            deadline = started + LOOK_SHARE * (deadline - started)
        limit = self.budget.iterations or MAX_ITERATIONS
        rng = self.rng
        values: list[list[float]] = []
        ranks: list[list[int]] = [[] for _ in unknown]
        none = next(m for m in legal if not m.actors)
        while len(values) < limit and (deadline is None or now() < deadline):
            deal = self.sampler(obs, rng)
            assert isinstance(deal, Duel52State)
            seed = rng.randrange(2**32)
            table = deal.table()
            after = table.play(table_move(none))
            if table.reason != selfplay.NONE or table.seat != seat or len(after) < 2:
                break
            values.append(table_values(table, after, seat, seed))
            for i, m in enumerate(unknown):
                ranks[i].append(table.find(m.actors[0]).card // 4 + 1)
        self.last = SearchStats(len(values), now() - started)
        prior = [_prior(obs, m.actors[0], seat) for m in unknown]
        if len(values) < 2:
            return unknown[max(range(len(unknown)), key=lambda i: prior[i])]
        gains = look_gains(values, ranks, rng)
        return unknown[max(range(len(unknown)), key=lambda i: (gains[i] + 1e-3 * prior[i]))]


def _prior(obs: Duel52Observation, pos: tuple[int, int, int], seat: int) -> float:
    """Which unknown card to look at when the deals cannot tell: an opponent's card
    played into a lane with own cards (a Trap or not matters for the next attack),
    then an opponent's Base card, then an own Base card."""
    c = obs.find(pos)
    assert c is not None
    mine = len(obs.lanes[pos[0]][seat])
    if c.seat != seat:
        return (2.0 if not c.base else 1.0) + 0.1 * mine
    return 0.5


def make_expert(seed: int | None, budget: Budget | None = None) -> ExpertBot:
    return ExpertBot(budget or Budget(iterations=ITERATIONS), seed)

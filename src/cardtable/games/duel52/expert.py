"""Duel 52's searching expert: flat Monte Carlo over deals of the unseen cards, with an
opponent that is not one fixed policy, an evaluation that knows the face-down cards,
and a value for Foresight's information.

* **Opponents of several styles.** Every deal (``Game.sample``) is played on with one
  opponent policy drawn for that deal: the heuristic player, an attacker that hits
  whenever it can, or the heuristic player making every third move at random. Every
  legal move meets the same opponent and the same playout seeds on a deal (common
  random numbers), so moves are compared on equal luck, but no move is chosen for
  beating one opponent alone.
* **Face-down cards by what they are.** A position's worth (:func:`worth`) counts each
  card on the table by its rank, face down too: a face-down 3 is a Trap (a life more),
  a face-down Ace, Jack or 10 is worth more than a 2, and a hand by its cards, not
  their number. The deal says what the opponent's unseen cards are, so the worth over
  many deals is the worth over what they could be: Traps and bluffs alike.
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
import time
from collections.abc import Callable, Sequence

from cardtable.bots.ismcts import MAX_ITERATIONS, Budget, SearchBot, SearchStats
from cardtable.engine import Move, Observation, State
from cardtable.games.duel52 import selfplay
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
TURNS = 2
"""How far a playout looks: to the start of the player's next turn."""
NOISE = 3
"""The noisy opponent plays every ``NOISE``-th move at random (on average)."""

Pick = Callable[[selfplay.Table, list[selfplay.Move]], selfplay.Move]
"""A playout policy: the move to make among the legal ones."""


def _attacker(rng: random.Random) -> Pick:
    """Hits whenever it can (the heuristic player's best attack), else plays as it would."""
    heuristic = selfplay.Player(rng, heuristic=True)

    def pick(t: selfplay.Table, moves: list[selfplay.Move]) -> selfplay.Move:
        attacks = [m for m in moves if m[0] == selfplay.ATTACK]
        if attacks:
            bit = 1 << t.seat
            return max(attacks, key=lambda m: selfplay.attack_score(
                t, [t.find(p) for p in m[3]], [t.find(p) for p in m[4]], bit))
        return heuristic.pick(t, moves)
    return pick


def _noisy(rng: random.Random) -> Pick:
    """The heuristic player, with a random move now and then."""
    heuristic = selfplay.Player(rng, heuristic=True)

    def pick(t: selfplay.Table, moves: list[selfplay.Move]) -> selfplay.Move:
        if rng.randrange(NOISE) == 0:
            return moves[rng.randrange(len(moves))]
        return heuristic.pick(t, moves)
    return pick


def _heuristic(rng: random.Random) -> Pick:
    return selfplay.Player(rng, heuristic=True).pick


OPPONENTS: tuple[Callable[[random.Random], Pick], ...] = (_heuristic, _attacker, _noisy)
"""The opponent's styles in the playouts, one drawn per deal."""


def table_values(table: selfplay.Table, moves: Sequence[selfplay.Move], seat: int,
                 seed: int) -> list[float]:
    """The worth to ``seat`` of every move on one deal, each played on by the same
    players from the same seeds: ``seat`` as the heuristic player, the other seat in a
    style drawn from ``seed``."""
    style = OPPONENTS[seed % len(OPPONENTS)]
    values = []
    for move in moves:
        t = selfplay.copy_table(table)
        rng = random.Random(seed)
        picks: list[Pick] = [_heuristic(rng), style(rng)] if seat == 0 else \
            [style(rng), _heuristic(rng)]
        legal = t.play(move)
        last = t.turn + TURNS
        while t.reason == selfplay.NONE and t.turn < last:
            legal = t.play(picks[t.seat](t, legal))
        values.append(worth(t, seat))
    return values


def deal_values(deal: State, legal: Sequence[Move], seat: int,
                seed: int) -> list[tuple[float, float]]:
    """:func:`table_values` for the search (each value also stands for the chance)."""
    assert isinstance(deal, Duel52State)
    table = deal.table()
    by_move: dict[Move, selfplay.Move] = {move_of_table(m): m for m in table.legal()}
    return [(v, v) for v in table_values(table, [by_move[m] for m in legal], seat, seed)]


# --- a position's worth ---------------------------------------------------------------

FACE_DOWN = {1: 0.8, 2: 0.3, 3: 1.2, 4: 0.3, 5: 0.4, 6: 0.5, 7: 0.4, 8: 0.6, 9: 0.7,
             10: 0.7, 11: 0.9, 12: 0.4, 13: 0.5}
"""What a face-down card holds besides its hit points, by rank: its power to come (a 3
is a Trap: a life more while it stays face down)."""
FACE_UP = {8: 0.8, 9: 0.9, 10: 1.0, 11: 0.9}
"""A face-up card's constant power at work, in hit points (others have spent theirs)."""
UP = 0.4
HAND = {1: 1.3, 2: 0.7, 3: 0.9, 4: 0.7, 5: 0.8, 6: 0.9, 7: 0.8, 8: 1.0, 9: 1.1, 10: 1.1,
        11: 1.2, 12: 0.8, 13: 1.0}
"""A card in hand, as a share of an average one."""
HAND_WEIGHT = 0.15
LANE_WON = 1.5
LANE_SCALE = 3.0
WORTH_SCALE = 1.5


def card_worth(c: selfplay.Card, t: selfplay.Table) -> float:
    """A table card's strength: hit points left and what its rank holds."""
    kind = c.card // 4 + 1
    banned = t.bans[c.seat] >> kind & 1
    if not c.up:
        return t.hp - c.damage + (0.0 if banned else FACE_DOWN[kind])
    hp = t.hp + 1 if kind == selfplay.JACK and not banned else t.hp
    return hp - c.damage + UP + (0.0 if banned else FACE_UP.get(kind, 0.0))


def worth(t: selfplay.Table, seat: int) -> float:
    """What a position is worth to ``seat``, 0..1: the result once the game is over,
    else lanes won, each open lane's balance of card strength, and the hands."""
    if t.reason != selfplay.NONE:
        return 0.5 if t.winner == selfplay.NONE else 1.0 if t.winner == seat else 0.0
    total = 0.0
    for lane in range(3):
        won = t.won[lane]
        if won != selfplay.NONE:
            total += LANE_WON if won == seat else -LANE_WON
            continue
        balance = 0.0
        for c in t.sides[lane][seat]:
            balance += card_worth(c, t)
        for c in t.sides[lane][1 - seat]:
            balance -= card_worth(c, t)
        total += balance / (abs(balance) + LANE_SCALE)
    hands = sum([HAND[c // 4 + 1] for c in t.hands[seat]]) - sum(
        [HAND[c // 4 + 1] for c in t.hands[1 - seat]])
    total += HAND_WEIGHT * hands
    return 0.5 + 0.5 * total / (abs(total) + WORTH_SCALE)


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
        until = budget.until(time.time())
        if until is not None:  # stop short of the deadline, not just after it
            self.budget = Budget(iterations=budget.iterations, deadline=until - MARGIN)
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
        started = time.time()
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0)
            return legal[0]
        deadline = self.budget.until(started)
        limit = self.budget.iterations or MAX_ITERATIONS
        rng = self.rng
        totals = [0.0] * len(legal)
        done, longest = 0, 0.0
        while done < limit:
            began = time.time()
            if deadline is not None and began + longest >= deadline:
                break
            deal = self.sampler(obs, rng)
            for i, (value, _) in enumerate(deal_values(deal, legal, seat,
                                                       rng.randrange(2**32))):
                totals[i] += value
            done += 1
            longest = max(longest, time.time() - began)
        self.last = SearchStats(done, time.time() - started)
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
        started = time.time()
        deadline = self.budget.until(started)
        if deadline is not None:
            deadline = started + LOOK_SHARE * (deadline - started)
        limit = self.budget.iterations or MAX_ITERATIONS
        rng = self.rng
        values: list[list[float]] = []
        ranks: list[list[int]] = [[] for _ in unknown]
        none = next(m for m in legal if not m.actors)
        while len(values) < limit and (deadline is None or time.time() < deadline):
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
        self.last = SearchStats(len(values), time.time() - started)
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

"""A strong player for any game with hidden cards: information-set Monte Carlo
tree search (SO-ISMCTS, after Cowling, Powley and Whitehouse 2012).

The player sees only its observation. Every iteration deals the cards it cannot
see at random (``Game.sample``, or a game's own sampler that also reads what
the observation says beyond the cards, such as a partner's signals), walks one
tree shared by all those deals (a node is a sequence of moves, each child
counted as *available* whenever the deal allows it), adds one node and plays
the game to its end with the game's own fast computer players. The move
played is the root's most visited child. With ``common`` it is flat Monte Carlo
instead: every legal move on the same deals and playout seeds, valued by the
game's own ``deal_values`` when it has a faster or shorter way to play them on.

Its budget is a number of iterations, a deadline, or both: a fixed number of
iterations and a seed make every decision reproducible (the lab, the tests);
the server gives a deadline. A search that runs out of time before its first
iteration plays the fast player's move, so it always answers with a legal move.
What the player has seen (a card shown to it once) it knows through its
observation, which keeps it; the player itself keeps nothing between moves
but its random generator.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from cardtable.engine import Bot, Game, Move, Observation, State, play_out

Sampler = Callable[[Observation, random.Random], State]
"""Deals the cards an observation hides: ``Game.sample`` or a game's own refinement."""
Policy = Callable[[int], Bot]
"""The game's fast computer player for playouts, made from a seed."""
Value = Callable[[State, int], float]
"""What a finished game is worth to a seat, from 0 (lost) to 1 (won)."""
DealValues = Callable[[State, Sequence[Move], int, int], list[tuple[float, float]]]
"""A game's own way to value every legal move on one deal: ``(deal, legal, seat, seed)``
to each move's worth for ``seat`` and its chance to win, both 0..1, on equal luck
(playout seeds from ``seed``)."""

EXPLORATION = 0.7
"""UCB1's exploration constant for returns scaled to 0..1 (tuned by simulation)."""
MAX_SECONDS = 60.0
"""The longest think a budget may ask for: anything beyond is a mistake."""
MAX_ITERATIONS = 1_000_000


class BudgetError(ValueError):
    """A search budget that cannot work (zero, negative, absurd)."""


@dataclass(frozen=True)
class Budget:
    """How long one decision may think: ``iterations``, ``deadline`` (an instant of the
    budget's clock, :meth:`now`), or both, whichever ends first. ``seconds`` is a
    relative deadline, fixed when a decision starts."""

    iterations: int | None = None
    seconds: float | None = None
    deadline: float | None = None
    cpu: bool = False
    """Count time in the process's own CPU seconds instead of the wall clock's: what a
    decision would have on a core of its own, however busy the machine is (the lab's
    timed tournaments; the server's deadlines are the wall clock's)."""

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None and self.deadline is None:
            raise BudgetError("a search budget needs iterations, seconds or a deadline")
        if self.iterations is not None:
            check_iterations(self.iterations, "iterations")
        if self.seconds is not None:
            check_seconds(self.seconds, "seconds")

    def now(self) -> float:
        """The budget's clock: ``time.time()``, or the process's CPU time."""
        return time.process_time() if self.cpu else time.time()

    def until(self, now: float) -> float | None:
        """The deadline of a decision that starts at ``now``."""
        ends = [t for t in (self.deadline,
                            None if self.seconds is None else now + self.seconds)
                if t is not None]
        return min(ends) if ends else None


def check_seconds(value: float, option: str) -> float:
    """A thinking time in seconds, or :class:`BudgetError` naming ``option``."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not (
            0 < value <= MAX_SECONDS):
        raise BudgetError(f"{option} must be a number of seconds above 0 and at most "
                          f"{MAX_SECONDS:g}, not {value!r}")
    return float(value)


def check_iterations(value: int, option: str) -> int:
    """A number of search iterations, or :class:`BudgetError` naming ``option``."""
    if not isinstance(value, int) or isinstance(value, bool) or not (
            1 <= value <= MAX_ITERATIONS):
        raise BudgetError(f"{option} must be a whole number from 1 to {MAX_ITERATIONS:,}, "
                          f"not {value!r}")
    return value


def returned(state: State, seat: int) -> float:
    """The outcome's return for ``seat`` (-1..1), scaled to 0..1."""
    outcome = state.outcome()
    assert outcome is not None
    return (outcome.returns[seat] + 1.0) / 2.0


class _Node:
    """A move sequence of the tree: who made its last move, how often it was
    chosen, what that seat won there, how often it could have been chosen."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[tuple[int, Move], _Node] = {}


@dataclass(frozen=True)
class MoveEstimate:
    """One legal move as the search sees it: ``chance``, the share of its playouts won
    (a draw counts half); ``value``, the mean of what the search maximises; over
    ``samples`` deals of the cards the seat cannot see."""

    move: str
    chance: float
    value: float
    samples: int


@dataclass(frozen=True)
class SearchStats:
    """What the last decision did (for the lab and the bench)."""

    iterations: int
    seconds: float


class SearchBot(Bot):
    """ISMCTS over the engine contract; deterministic for a seed and an iteration budget."""

    def __init__(self, game: Game[State], policy: Policy, budget: Budget, seed: int | None = 0,
                 sampler: Sampler | None = None, exploration: float = EXPLORATION,
                 talker: Bot | None = None, value: Value | None = None,
                 depth: int = 1_000, common: bool = False,
                 deal_values: DealValues | None = None) -> None:
        self.game = game
        self.policy = policy
        self.budget = budget
        self.rng = random.Random(seed)
        self.sampler: Sampler = sampler or game.sample
        self.exploration = exploration
        self.talker = talker
        """Who speaks for the player in games with signals (its signals are the fast
        player's): it has a ``signals(observation)`` method then."""
        self.value: Value = value or returned
        self.depth = depth
        """Tree levels below the root (1: flat Monte Carlo over the deals)."""
        self.common = common
        """Flat Monte Carlo with common random numbers instead of the tree: every
        iteration is one deal on which every legal move is played out with the same
        playout seeds, so moves are compared on equal luck (the noise of a
        comparison shrinks, not just of each estimate)."""
        self.deal_values: DealValues = deal_values or self._playouts
        """How ``common`` values the legal moves on a deal: by default each is played
        to the end by ``policy`` and worth ``value``; a game may play them shorter and
        faster on its own."""
        self.last = SearchStats(0, 0.0)

    def with_budget(self, budget: Budget) -> SearchBot:
        """The same player with another budget (the server's deadline)."""
        other = SearchBot(self.game, self.policy, budget, sampler=self.sampler,
                          exploration=self.exploration, talker=self.talker,
                          value=self.value, depth=self.depth, common=self.common,
                          deal_values=self.deal_values)
        other.rng = self.rng
        return other

    def signals(self, observation: Observation) -> Mapping[int, str]:
        talk = getattr(self.talker, "signals", None)
        return {} if talk is None else dict(talk(observation))

    def act(self, observation: Observation) -> Move:
        seat = observation.seat
        legal = list(observation.legal_moves())
        if seat is None or not legal:
            raise ValueError("the search player was asked to move but has no legal move")
        now = self.budget.now
        started = now()
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0)
            return legal[0]
        rng = self.rng
        deadline = self.budget.until(started)
        limit = self.budget.iterations or MAX_ITERATIONS
        if self.common:
            return self._common(observation, seat, legal, started, deadline, limit)
        seed = rng.randrange(2**32)
        players = {s: self.policy(seed + s) for s in range(self._seats(observation))}
        root = _Node(seat)
        done = 0
        while done < limit and (deadline is None or now() < deadline):
            self._iterate(root, seat, self.sampler(observation, rng), players, rng)
            done += 1
        self.last = SearchStats(done, now() - started)
        if done == 0:
            return players[seat].act(observation)
        return self._most_visited(root, seat, legal)

    def _common(self, observation: Observation, seat: int, legal: list[Move],
                started: float, deadline: float | None, limit: int) -> Move:
        """Every legal move on the same deals and playout seeds; the best total wins
        (ties: the first legal one)."""
        estimates = self._estimates(observation, seat, legal, deadline, limit)
        done = estimates[0].samples
        self.last = SearchStats(done, self.budget.now() - started)
        if done == 0:
            return self.policy(self.rng.randrange(2**32)).act(observation)
        return legal[max(range(len(legal)), key=lambda i: estimates[i].value)]

    def estimate(self, observation: Observation) -> list[MoveEstimate]:
        """Each legal move's worth to the seat to move, for reviews: every move played
        out on the same deals of the unseen cards and the same playout seeds (as the
        common-random-numbers player decides), as many deals as the budget's
        iterations. The best ``value`` is the move this search plays with ``common``."""
        seat = observation.seat
        legal = list(observation.legal_moves())
        if seat is None or not legal:
            raise ValueError("a move can be estimated only where the seat has a legal move")
        return self._estimates(observation, seat, legal, self.budget.until(self.budget.now()),
                               self.budget.iterations or MAX_ITERATIONS)

    def _estimates(self, observation: Observation, seat: int, legal: list[Move],
                   deadline: float | None, limit: int) -> list[MoveEstimate]:
        rng = self.rng
        now = self.budget.now
        totals = [0.0] * len(legal)
        wins = [0.0] * len(legal)
        done = 0
        while done < limit and (deadline is None or now() < deadline):
            deal = self.sampler(observation, rng)
            seed = rng.randrange(2**32)
            pairs = self.deal_values(deal, legal, seat, seed)
            for i, (value, won) in enumerate(pairs):
                totals[i] += value
                wins[i] += won
            done += 1
        n = max(done, 1)
        return [MoveEstimate(move.text, wins[i] / n, totals[i] / n, done)
                for i, move in enumerate(legal)]

    def _playouts(self, deal: State, legal: Sequence[Move], seat: int,
                  seed: int) -> list[tuple[float, float]]:
        """Every legal move played to the end on its own copy of ``deal`` by ``policy``,
        with the same playout seeds: each move's value with the seat's result (1 won,
        0.5 drawn, 0 lost)."""
        pairs = []
        for move in legal:
            state = deal.clone()
            state.play(seat, move)
            if state.outcome() is None:
                players = {s: self.policy(seed + s)
                           for s in range(self.game.seats(state.options))}
                play_out(state, players, random.Random(seed))
            pairs.append((self.value(state, seat), returned(state, seat)))
        return pairs

    def _seats(self, observation: Observation) -> int:
        options = getattr(observation, "options", None)
        return self.game.seats(options) if options is not None else 2

    def _iterate(self, root: _Node, me: int, state: State, players: Mapping[int, Bot],
                 rng: random.Random) -> None:
        """Select down the tree through this deal, expand one node, play out, back up."""
        node, path = root, list[_Node]()
        while state.outcome() is None:
            seats = state.to_act()
            seat = me if node is root else seats[0] if len(seats) == 1 else rng.choice(seats)
            moves = state.legal_moves(seat)
            children = node.children
            untried = [m for m in moves if (seat, m) not in children]
            if untried and len(path) < self.depth:
                move = untried[rng.randrange(len(untried))]
                child = children[seat, move] = _Node(seat)
                for m in moves:
                    if (seat, m) in children:
                        children[seat, m].available += 1
                state.play(seat, move)
                path.append(child)
                break
            if untried:
                break
            move, child = self._select(node, seat, moves)
            state.play(seat, move)
            path.append(child)
            node = child
        if state.outcome() is None:
            play_out(state, players, rng)
        value, worth = self.value, {}
        for visited in path:
            seat = visited.seat
            if seat not in worth:
                worth[seat] = value(state, seat)
            visited.visits += 1
            visited.total += worth[seat]
        root.visits += 1

    def _select(self, node: _Node, seat: int, moves: Sequence[Move]) -> tuple[Move, _Node]:
        """UCB1 over the children this deal allows, counted by their availability."""
        best_value = -math.inf
        best: tuple[Move, _Node] | None = None
        c = self.exploration
        children = node.children
        for move in moves:
            child = children[seat, move]
            child.available += 1
            value = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits)
            if value > best_value:
                best_value, best = value, (move, child)
        assert best is not None
        return best

    @staticmethod
    def _most_visited(root: _Node, seat: int, legal: list[Move]) -> Move:
        """The root child chosen most often (ties: the first legal one)."""
        best, visits = legal[0], -1
        for move in legal:
            child = root.children.get((seat, move))
            if child is not None and child.visits > visits:
                best, visits = move, child.visits
        return best



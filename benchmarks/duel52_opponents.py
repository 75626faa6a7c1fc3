"""Two Duel 52 sparring players of styles unlike the project's ``heuristic``, written
from the rule text alone, for measuring the computer players against opponents they
were not tuned on. Not ladder levels and not part of the package: the benchmarks seat
them directly.

* :class:`Rusher` attacks whenever it can (the biggest hit first, a kill above all),
  turns every card face up at once to have more attackers, and plays its highest cards
  into the lane where the opponent has most cards;
* :class:`Hoarder` builds pairs: it plays cards of a rank it already shows in a lane,
  pairs as soon as it can, attacks only with pairs or for a sure kill, plays its lowest
  cards first and keeps one card in hand as long as it may.

Both read only their observation and break ties with their own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardtable.engine import Bot, Observation
from cardtable.games.duel52.moves import D52Move
from cardtable.games.duel52.rules import Duel52Observation
from cardtable.games.duel52.table import CardView, rank

JACK, EIGHT, NINE, TEN = 11, 8, 9, 10


def _up_rank(c: CardView | None) -> int:
    """The rank of a face-up card, 0 otherwise."""
    return rank(c.card) if c is not None and c.up and c.card is not None else 0


def _lives(c: CardView, hp: int) -> int:
    """Hit points left, as the rules count them (a face-up Jack has one more)."""
    return (hp + 1 if _up_rank(c) == JACK else hp) - c.damage


def _hit(obs: Duel52Observation, m: D52Move) -> tuple[float, int]:
    """What an attack deals in all, and how many cards it surely kills (a face-down card
    might be a Trap: its kill is not counted as sure)."""
    actors = [obs.find(p) for p in m.actors]
    targets = [obs.find(p) for p in m.targets]
    first = _up_rank(actors[0])
    pair = len(actors) == 2
    if first == TEN:
        dealt = [2, 1][: len(targets)] if pair else [1] * len(targets)
    else:
        dealt = [2 if pair else 1]
        if first == NINE and _up_rank(targets[0]) == JACK:
            dealt[0] += 1
    hp = obs.options.hit_points
    kills = sum(1 for t, d in zip(targets, dealt, strict=True)
                if t is not None and t.up and d >= _lives(t, hp))
    return float(sum(dealt)), kills


def _stung(obs: Duel52Observation, m: D52Move) -> int:
    """Attackers that a face-up 8 among the targets would kill."""
    eights = sum(1 for p in m.targets if _up_rank(obs.find(p)) == EIGHT)
    hp = obs.options.hit_points
    return sum(1 for p in m.actors
               if (a := obs.find(p)) is not None and _up_rank(a) != NINE and eights
               and a.damage + eights >= _lives(a, hp))


class _Sparring(Bot):
    """Scores every legal move with the style's :meth:`score`; the best one, ties at random."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> D52Move:
        assert isinstance(observation, Duel52Observation)
        moves = observation.legal_moves()
        scores = [self.score(observation, m) for m in moves]
        best = max(scores)
        top = [m for s, m in zip(scores, moves, strict=True) if s >= best - 1e-9]
        return top[self.rng.randrange(len(top))]

    def score(self, obs: Duel52Observation, m: D52Move) -> float:
        raise NotImplementedError


def _count(obs: Duel52Observation, lane: int, seat: int) -> int:
    return len(obs.lanes[lane][seat])


class Rusher(_Sparring):
    """All-out attacker."""

    def score(self, obs: Duel52Observation, m: D52Move) -> float:
        seat = obs.seat or 0
        if m.kind == "attack":
            dealt, kills = _hit(obs, m)
            return 100.0 + 20.0 * kills + 5.0 * dealt - 30.0 * _stung(obs, m)
        if m.kind == "flip":
            c = obs.find(m.actors[0])
            enemies = _count(obs, m.actors[0][0], 1 - seat)
            power = rank(c.card) if c is not None and c.card is not None else 0
            return 60.0 + 5.0 * enemies + (10.0 if power == 1 else 0.0)
        if m.kind == "pair":
            return 50.0
        if m.kind == "play":
            assert m.card is not None and m.lane is not None
            return 30.0 + 3.0 * _count(obs, m.lane, 1 - seat) + 0.5 * rank(m.card)
        return _choose(obs, m, seat, keep_high=True)


class Hoarder(_Sparring):
    """Pair builder that keeps cards back."""

    def score(self, obs: Duel52Observation, m: D52Move) -> float:
        seat = obs.seat or 0
        if m.kind == "pair":
            return 100.0
        if m.kind == "attack":
            dealt, kills = _hit(obs, m)
            if _stung(obs, m):
                return 0.0
            return (80.0 if len(m.actors) == 2 else 20.0) + 30.0 * kills + dealt
        if m.kind == "flip":
            c = obs.find(m.actors[0])
            known = c.card if c is not None else None
            shown = [_up_rank(x) for x in obs.lanes[m.actors[0][0]][seat]]
            if known is not None and rank(known) in shown:
                return 90.0
            return 25.0
        if m.kind == "play":
            assert m.card is not None and m.lane is not None
            hold = len(obs.hand) == 1 and obs.pile <= 2
            mine = obs.lanes[m.lane][seat]
            same = any(rank(x.card) == rank(m.card) for x in mine if x.card is not None)
            return (-50.0 if hold else 40.0) + (30.0 if same else 0.0) \
                - 0.8 * rank(m.card) + (8.0 if not mine else 0.0)
        return _choose(obs, m, seat, keep_high=False)


def _choose(obs: Duel52Observation, m: D52Move, seat: int, keep_high: bool) -> float:
    """Choices of powers, alike for both styles but that the hoarder keeps View's pairs."""
    if m.kind == "discard":
        assert m.card is not None
        pairs = 0 if keep_high else sum(1 for c in obs.hand if rank(c) == rank(m.card)) - 1
        return -rank(m.card) - 20.0 * pairs
    if m.kind == "look":
        if not m.actors:
            return 0.0
        c = obs.find(m.actors[0])
        return 2.0 if c is not None and c.card is None and c.seat != seat else 1.0
    if m.kind == "move":
        if not m.actors:
            return 0.0
        source = obs.choice.source[0] if obs.choice is not None else 0
        return float(_count(obs, source, 1 - seat) - _count(obs, m.actors[0][0], 1 - seat))
    return 0.0  # next: the order of the powers


OPPONENTS: dict[str, Callable[[int], Bot]] = {"rusher": Rusher, "hoarder": Hoarder}
"""The sparring players by name."""

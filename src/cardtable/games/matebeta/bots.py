"""MateBeta computer players: a ladder of three levels, deterministic for a seed.

* ``expert`` (formerly ``perfect``): the exact solver; among equally good moves
  its own seeded generator picks one (at foreplacing, where finding every best
  move costs a second search, it takes the first best move the solver proves).
* ``club`` (formerly ``medium``): the solver's exact value of every move, blurred
  by seeded noise (normal, :data:`CLUB_NOISE` points) before it takes the highest:
  small slips are common, big blunders rare. It foreplaces like the expert half
  the time and by the simple rules otherwise.
* ``beginner`` (formerly ``easy``): simple rules until move :data:`BEGINNER_COUNTS`,
  then the exact solver for the rest of the game (few cards are left to count).
  The rules: mate when it can (the most points), else lead a card the other player
  must answer low (keeping the lead), else one after which the other player cannot
  mate at once, the lowest such; answer with the lowest winning card, else the
  lowest that leaves no mate at once; keep all ten unless a lone low card (a 7 or
  a Queen alone in its suit) begs to be foreplaced.

The ladder (:data:`LADDER`) names each level for players in English and German;
each level beats the one below in most games (``cardtable tournament matebeta``),
and the beginner beats random play in most two-game matches. Every player sees
only its observation (open hands: that is the whole table) and plays a forced
card at once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.bots.random_bot import RandomBot
from cardtable.cards import Card
from cardtable.engine import Bot, Observation
from cardtable.games.ladder import Level, Maker, descriptions
from cardtable.games.matebeta.rules import (
    KEEP_MOVE,
    PHASE_ANSWER,
    PHASE_FOREPLACE,
    PHASE_LEAD,
    MateBetaMove,
    MateBetaObservation,
    answer_wins,
    answers_to,
    card_value,
    mate_points,
    mb_index,
    mb_rank,
)
from cardtable.games.matebeta.solver import Solver
from cardtable.games.package import Players
from cardtable.translatable import N_

CLUB_NOISE = 40.0
"""Standard deviation, in points, of the club player's blur."""
BEGINNER_COUNTS = 6
"""The move from which the beginner plays exactly."""

LADDER = (
    Level("beginner", N_("Beginner"),
          N_("simple rules, and exact counting from the sixth move on"),
          aliases=("easy", "simple")),
    Level("club", N_("Club player"),
          N_("weighs every move, but slips now and then"),
          aliases=("medium",)),
    Level("expert", N_("Expert"),
          N_("the exact solver: perfect play"),
          aliases=("perfect",)),
)
LEVELS = tuple(level.name for level in LADDER)


def _observe(observation: Observation) -> tuple[MateBetaObservation, list[MateBetaMove]]:
    if not isinstance(observation, MateBetaObservation):
        raise TypeError("a MateBeta player needs a MateBeta observation")
    moves = observation.legal_moves()
    if not moves:
        raise ValueError("this seat has no move to make now")
    return observation, moves


class PerfectBot(Bot):
    """Plays a best move under perfect play."""

    def __init__(self, seed: int | None = 0, solver: Solver | None = None) -> None:
        self.rng = random.Random(seed)
        self.solver = solver or Solver()

    def act(self, observation: Observation) -> MateBetaMove:
        obs, moves = _observe(observation)
        if len(moves) == 1:
            return moves[0]
        all_best = obs.phase != PHASE_FOREPLACE
        best = list(self.solver.analyse(obs, all_best=all_best).best)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]


class ClubBot(Bot):
    """Exact move values plus seeded noise."""

    def __init__(self, seed: int | None = 0, noise: float = CLUB_NOISE,
                 solver: Solver | None = None) -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.solver = solver or Solver()
        self.easy = RulesBot(self.rng.randrange(2**31))

    def act(self, observation: Observation) -> MateBetaMove:
        obs, moves = _observe(observation)
        if len(moves) == 1:
            return moves[0]
        if obs.phase == PHASE_FOREPLACE:
            if self.rng.random() < 0.5:
                return self.solver.analyse(obs, all_best=False).best[0]
            return self.easy.act(obs)
        sign = 1 if obs.seat == 0 else -1
        values = self.solver.move_values(obs)
        scored = [(sign * values[m] + self.rng.gauss(0.0, self.noise), m.text, m) for m in moves]
        return max(scored)[2]


class BeginnerBot(Bot):
    """The simple rules, then the exact solver from move :data:`BEGINNER_COUNTS` on."""

    def __init__(self, seed: int | None = 0, counts_from: int = BEGINNER_COUNTS) -> None:
        rng = random.Random(seed)
        self.rules = RulesBot(rng.randrange(2**31))
        self.expert = PerfectBot(rng.randrange(2**31))
        self.counts_from = counts_from

    def act(self, observation: Observation) -> MateBetaMove:
        obs, _ = _observe(observation)
        if obs.phase != PHASE_FOREPLACE and obs.move >= self.counts_from:
            return self.expert.act(obs)
        return self.rules.act(obs)


class RulesBot(Bot):
    """The simple rules (see the module's notes); the seeded generator breaks ties."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> MateBetaMove:
        obs, moves = _observe(observation)
        if len(moves) == 1:
            return moves[0]
        seat = obs.seat
        assert seat is not None
        if obs.phase == PHASE_FOREPLACE:
            return self._foreplace(obs, moves)
        if obs.phase == PHASE_LEAD:
            return self._lead(obs, seat, moves)
        assert obs.phase == PHASE_ANSWER
        return self._answer(obs, moves)

    def _foreplace(self, obs: MateBetaObservation, moves: list[MateBetaMove]
                   ) -> MateBetaMove:
        hand = obs.hands[obs.seat or 0]
        lone = [m for m in moves if m.card is not None and mb_rank(m.card) <= 1
                and sum(1 for c in hand if c.suit == m.card.suit) == 1]
        if lone:
            return self._pick(lone)
        return KEEP_MOVE

    def _lead(self, obs: MateBetaObservation, seat: int, moves: list[MateBetaMove]
              ) -> MateBetaMove:
        other = obs.hands[1 - seat]
        mates = [(mate_points(m.card, obs.move, seat, obs.foreplaced, obs.values), m)
                 for m in moves
                 if m.card is not None and not answers_to(m.card, other)]
        if mates:
            top = max(p for p, _ in mates)
            return self._pick([m for p, m in mates if p == top])
        hand = obs.hands[seat]
        keeping, safe = [], []
        for m in moves:
            assert m.card is not None
            taking = [a for a in answers_to(m.card, other) if answer_wins(m.card, a)]
            if not taking:
                keeping.append(m)
            elif not any(_exposed(_without(hand, m.card), _without(other, a)) for a in taking):
                safe.append(m)
        pool = keeping or safe or moves
        low = min(card_value(m.card, obs.values) for m in pool if m.card is not None)
        return self._pick([m for m in pool if m.card is not None
                           and card_value(m.card, obs.values) == low])

    def _answer(self, obs: MateBetaObservation, moves: list[MateBetaMove]) -> MateBetaMove:
        lead = obs.lead
        assert lead is not None and obs.seat is not None
        hand, other = obs.hands[obs.seat], obs.hands[1 - obs.seat]
        winning = [m for m in moves if m.card is not None and answer_wins(lead, m.card)]
        safe = [m for m in moves if m.card is not None
                and not _exposed(_without(hand, m.card), _without(other, lead))]
        pool = winning or safe or moves
        return min(pool, key=lambda m: mb_index(m.card) if m.card is not None else -1)

    def _pick(self, moves: list[MateBetaMove]) -> MateBetaMove:
        if len(moves) == 1:
            return moves[0]
        ordered = sorted(moves, key=lambda m: m.text)
        return ordered[self.rng.randrange(len(ordered))]


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    return [c for c in hand if c != card]


def _exposed(hand: Sequence[Card], other: Sequence[Card]) -> bool:
    """Whether the other player, leading next, could mate this hand at once."""
    return len(hand) > 0 and any(not answers_to(lead, hand) for lead in other)


BOT_NAMES = descriptions(LADDER) | {"random": "a random legal move"}


MAKERS: dict[str, Maker] = {
    "beginner": BeginnerBot,
    "club": ClubBot,
    "expert": PerfectBot,
    "random": RandomBot,
}
"""Each of :data:`BOT_NAMES` made from a seed."""
PLAYERS = Players(MAKERS, BOT_NAMES, LADDER, title="MateBeta")
"""MateBeta's computer players, for its package."""


def make_bot(name: str, seed: int | None = 0) -> Bot:
    """A MateBeta computer player by name (see :data:`BOT_NAMES`), or by a level's older
    name (``easy``, ``medium``, ``perfect``: stored tables and records name them)."""
    return PLAYERS.make(name, seed)

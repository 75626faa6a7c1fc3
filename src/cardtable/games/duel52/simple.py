"""Duel 52's simple computer player, the lab's ``heuristic`` (and ``careless``).

It reads nothing but its observation and breaks ties with its own seeded
generator, so a seed fixes its play. It scores every legal move and plays the best:

* it flips for value: an Ace for its action, a King next to what he would
  re-fire, a 6 against a lane full of attackers, a 7 when it is hurt, the
  constant powers where there is something to hit; a face-down 3 stays a trap;
* it attacks to kill: a kill is worth far more than damage, a Jack is hit with
  a 9, and an attack that dies to Retaliate is avoided;
* it protects lanes: plays go where it is outnumbered or absent, a Queen
  pulls help into a lane that needs it, a kill that clears a lane is prized;
* it holds cards for the end when it pays: once the draw pile is nearly
  gone, the last card in hand is kept (an opponent cannot win any lane while
  you hold a card) as long as any other action is open.

Under ``handicap_no_power`` it knows what is a blank (the handicap is public): a
blank is worth an ordinary card, flips as a card without power, baits no trap, and
a face-down card whose owner may not use Trap is no trap to fear.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine import Bot, Observation
from cardtable.games.duel52 import selfplay
from cardtable.games.duel52.moves import D52Move, Facts, move_candidates
from cardtable.games.duel52.rules import Duel52Observation
from cardtable.games.duel52.table import (
    ACE,
    EIGHT,
    EMPOWERED,
    JACK,
    KING,
    NINE,
    QUEEN,
    TEN,
    THREE,
    Bans,
    CardView,
    Pos,
    attack_damage,
    face,
    hit_points,
    power,
    rank,
    retaliation,
)

TABLE_VALUE = {JACK: 5.0, NINE: 4.5, TEN: 4.5, EIGHT: 4.0}
"""Worth of a face-up card on the table (constant powers keep working)."""
HAND_VALUE = {ACE: 8, 2: 3, THREE: 4, 4: 3, 5: 4, 6: 5, 7: 4, EIGHT: 5, NINE: 6, TEN: 6,
              JACK: 7, QUEEN: 4, KING: 6}
NEXT_ORDER = {2: 0, 4: 1, QUEEN: 2, 5: 3, KING: 4, 6: 5, ACE: 6, 7: 7}
"""Order of powers the heuristic player lets act (draw and look before the rest)."""


def card_value(c: CardView, bans: Bans) -> float:
    if not c.up:
        return 3.0
    kind = power(c, bans)
    return TABLE_VALUE.get(kind, 2.0) if kind is not None else 2.0


HAND_TENTH = {kind: 0.1 * value for kind, value in HAND_VALUE.items()}


def play_scores(obs: Duel52Observation, f: Facts, moves: Sequence[D52Move]) -> list[float | None]:
    """The score of every play among ``moves`` (``None`` for the other moves), in one loop:
    plays are most of the moves, and their worth depends only on lane, card and hand."""
    lanes: list[float] = []
    theirs: list[int] = []
    for sides in obs.lanes:
        mine, other = len(sides[f.seat]), len(sides[1 - f.seat])
        lanes.append(5.0 + min(other - mine, 3) * 1.5 + (3.0 if mine == 0 else 0.0))
        theirs.append(other)
    # hold the last card: no lane can be won against a full hand
    hold = obs.pile <= 1 and len(obs.hand) == 1 and any(x.kind != "play" for x in moves)
    trap = not f.bans[f.seat] >> THREE & 1
    scores: list[float | None] = []
    for m in moves:
        card, lane = m.card, m.lane
        if m.kind != "play" or card is None or lane is None:
            scores.append(None)
            continue
        kind = card // 4 + 1
        value = lanes[lane]
        value += HAND_TENTH[kind]
        if kind == THREE and theirs[lane] and trap:
            value += 1.0
        if hold:
            value -= 20.0
        scores.append(value)
    return scores


class HeuristicBot(Bot):
    """Scores each legal move from the observation; deterministic for a seed."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def self_player(self) -> selfplay.Player | None:
        """This player for the simulation path (:mod:`.selfplay`): the same choices
        from the same generator; ``None`` for a subclass, which may choose otherwise."""
        if type(self) is not HeuristicBot:
            return None
        return selfplay.Player(self.rng, heuristic=True)

    def act(self, observation: Observation) -> D52Move:
        assert isinstance(observation, Duel52Observation)
        obs = observation
        moves = obs.legal_moves()
        assert moves, "the bot was asked to act with no legal move"
        if len(moves) == 1:
            return moves[0]
        facts = obs.facts()
        scores = [self._score(obs, facts, m) if s is None else s
                  for s, m in zip(play_scores(obs, facts, moves), moves, strict=True)]
        best = max(scores)
        top = [m for s, m in zip(scores, moves, strict=True) if s >= best - 1e-9]
        return top[self.rng.randrange(len(top))]

    # --- scoring ---
    def _score(self, obs: Duel52Observation, f: Facts, m: D52Move) -> float:
        """The worth of a move that is not a play."""
        kind = m.kind
        if kind == "attack":
            return self._attack(obs, f, m)
        if kind == "flip":
            return self._flip(obs, f, m)
        if kind == "pair":
            return self._pair(obs, f, m)
        if kind == "discard":
            assert m.card is not None
            return -HAND_VALUE[rank(m.card)]
        if kind == "next":
            c = obs.find(m.actors[0])
            return -NEXT_ORDER.get(face(c) or 0, 9) if c is not None else 0.0
        if kind == "look":
            return self._look(obs, f, m)
        return self._move(obs, f, m)

    def _cards(self, obs: Duel52Observation, pos: Sequence[Pos]) -> list[CardView]:
        found = [obs.find(p) for p in pos]
        return [c for c in found if c is not None]

    def _attack(self, obs: Duel52Observation, f: Facts, m: D52Move) -> float:
        actors = self._cards(obs, m.actors)
        targets = self._cards(obs, m.targets)
        bans = f.bans
        hp = obs.options.hit_points
        dealt = attack_damage(actors, targets, bans)
        back = retaliation(actors, targets, bans)
        value = 6.0
        kills = 0
        for t, d in zip(targets, dealt, strict=True):
            if t.damage + d >= hit_points(t, hp, bans):
                kills += 1
                trap = 0.6 if not t.up and t.card is None and not bans[t.seat] >> THREE & 1 \
                    else 1.0
                value += trap * (12 + card_value(t, bans))
            else:
                value += 3 * d + 0.3 * card_value(t, bans)
        for a, d in zip(actors, back, strict=True):
            if d and a.damage + d >= hit_points(a, hp, bans):
                value -= 12 + card_value(a, bans)
            else:
                value -= 2 * d
        lane = actors[0].lane
        left = len(obs.lanes[lane][1 - f.seat]) - kills
        if kills and left == 0 and obs.pile == 0:
            value += 15
        return value

    def _flip(self, obs: Duel52Observation, f: Facts, m: D52Move) -> float:
        c = obs.find(m.actors[0])
        assert c is not None
        lane = c.lane
        mine = obs.lanes[lane][f.seat]
        theirs = obs.lanes[lane][1 - f.seat]
        if c.card is None:
            return 5.0
        kind = rank(c.card)
        if f.bans[f.seat] >> kind & 1:  # a blank: a card to attack with, nothing more
            return 7.0 if theirs else 4.0
        if kind == ACE:
            return 14.0
        if kind == THREE:
            return 0.5 if theirs else 1.0
        if kind == 2:
            return 7.0 if obs.pile else 1.0
        if kind == 4:
            return 3.5
        if kind == 5:
            return 4.0 + 3.0 * sum(1 for x in mine if not x.up and x is not c
                                   and not x.frozen and not (x.base and obs.pile))
        if kind == 6:
            return 2.0 + 2.5 * sum(1 for x in theirs if power(x, f.bans) != NINE)
        if kind == 7:
            hurt = sum(x.damage for lane_ in obs.lanes for x in lane_[f.seat])
            return 1.0 + 4.0 * hurt
        if kind == QUEEN:
            return 4.0 if move_candidates(f, lane) else 1.0
        if kind == KING:
            return 2.0 + 4.5 * sum(1 for x in mine if power(x, f.bans) in EMPOWERED)
        return 7.0 if theirs else 4.0

    def _pair(self, obs: Duel52Observation, f: Facts, m: D52Move) -> float:
        a, b = self._cards(obs, m.actors)
        theirs = obs.lanes[a.lane][1 - f.seat]
        fresh = a.attacks == 0 and b.attacks == 0 and not a.frozen and not b.frozen
        return 6.5 if theirs and fresh else 1.5

    def _look(self, obs: Duel52Observation, f: Facts, m: D52Move) -> float:
        if not m.actors:
            return 0.0
        c = obs.find(m.actors[0])
        if c is None or c.card is not None:
            return -1.0
        return 3.0 if c.seat != f.seat else 2.0

    def _move(self, obs: Duel52Observation, f: Facts, m: D52Move) -> float:
        if not m.actors:
            return 0.0
        c = obs.find(m.actors[0])
        choice = obs.choice
        assert c is not None and choice is not None
        to = choice.source[0]
        need_to = len(obs.lanes[to][1 - f.seat]) - len(obs.lanes[to][f.seat])
        need_from = len(obs.lanes[c.lane][1 - f.seat]) - (len(obs.lanes[c.lane][f.seat]) - 1)
        return need_to - need_from - (5.0 if len(obs.lanes[c.lane][f.seat]) == 1 else 0.0)


class CarelessBot(HeuristicBot):
    """The heuristic player who, in a share :data:`SLIP` of its decisions, plays any
    legal move instead (from the same seeded generator): the site's beginner."""

    def act(self, observation: Observation) -> D52Move:
        assert isinstance(observation, Duel52Observation)
        if self.rng.random() < SLIP:
            moves = observation.legal_moves()
            return moves[self.rng.randrange(len(moves))]
        return super().act(observation)


SLIP = 0.5
"""The careless player's share of random moves."""

"""The Duel 52 expert's playouts and its worth of a position, on the simulation path's
plain ints (:mod:`.selfplay`).

A search spends nearly all its time here: every legal move played on on every deal it
samples. ``make install`` compiles this module with mypyc, which lets the expert search
about half as many deals again in its thinking time; it imports only :mod:`.selfplay`,
so it also runs as plain Python.

* **Opponents of several styles.** Each deal is played on with one opponent drawn for
  it: the heuristic player, an attacker that hits whenever it can, or the heuristic
  player making a random move now and then. Every legal move meets the same opponent
  and the same seeds on a deal (common random numbers), so moves are compared on equal
  luck, but no move is chosen for beating one opponent alone.
* **Face-down cards by what they are.** :func:`worth` counts each card on the table by
  its rank, face down too: a face-down 3 is a Trap (a life more), a face-down Ace, Jack
  or 10 is worth more than a 2, and a hand by its cards, not their number. A deal says
  what the opponent's unseen cards are, so the worth over many deals is the worth over
  what they could be.
"""

from __future__ import annotations

import random
from typing import Final

from cardtable.games.duel52.selfplay import (
    ATTACK,
    JACK,
    NONE,
    Card,
    Move,
    Player,
    Table,
    attack_score,
    copy_table,
)

TURNS: Final = 2
"""How far a playout looks: to the start of the player's next turn."""
NOISE: Final = 3
"""The noisy opponent plays every ``NOISE``-th move at random (on average)."""
HEURISTIC: Final = 0
ATTACKER: Final = 1
NOISY: Final = 2
STYLES: Final = 3
"""The opponent's styles in the playouts, one drawn per deal (by the deal's seed)."""


class Policy:
    """A playout player: the heuristic player, or one of its variants by ``style``."""

    def __init__(self, rng: random.Random, style: int) -> None:
        self.rng = rng
        self.style = style
        self.heuristic = Player(rng, heuristic=True)

    def pick(self, t: Table, moves: list[Move]) -> Move:
        if self.style == ATTACKER:
            attacks = [m for m in moves if m[0] == ATTACK]
            if attacks:
                bit = 1 << t.seat
                best = attacks[0]
                best_score = -1e9
                for m in attacks:
                    s = attack_score(t, [t.find(p) for p in m[3]], [t.find(p) for p in m[4]],
                                     bit)
                    if s > best_score:
                        best, best_score = m, s
                return best
        elif self.style == NOISY and self.rng.randrange(NOISE) == 0:
            return moves[self.rng.randrange(len(moves))]
        return self.heuristic.pick(t, moves)


def table_values(table: Table, moves: list[Move], seat: int, seed: int) -> list[float]:
    """The worth to ``seat`` of every move on one deal, each played on by the same
    players from the same seeds: ``seat`` as the heuristic player, the other seat in a
    style drawn from ``seed``."""
    style = seed % STYLES
    values: list[float] = []
    for move in moves:
        t = copy_table(table)
        rng = random.Random(seed)
        mine = Policy(rng, HEURISTIC)
        theirs = Policy(rng, style)
        picks = [mine, theirs] if seat == 0 else [theirs, mine]
        legal = t.play(move)
        last = t.turn + TURNS
        while t.reason == NONE and t.turn < last:
            legal = t.play(picks[t.seat].pick(t, legal))
        values.append(worth(t, seat))
    return values


# --- a position's worth ---------------------------------------------------------------

FACE_DOWN: Final = {1: 0.8, 2: 0.3, 3: 1.2, 4: 0.3, 5: 0.4, 6: 0.5, 7: 0.4, 8: 0.6, 9: 0.7,
                    10: 0.7, 11: 0.9, 12: 0.4, 13: 0.5}
"""What a face-down card holds besides its hit points, by rank: its power to come (a 3
is a Trap: a life more while it stays face down)."""
FACE_UP: Final = {8: 0.8, 9: 0.9, 10: 1.0, 11: 0.9}
"""A face-up card's constant power at work, in hit points (others have spent theirs)."""
UP: Final = 0.4
HAND: Final = {1: 1.3, 2: 0.7, 3: 0.9, 4: 0.7, 5: 0.8, 6: 0.9, 7: 0.8, 8: 1.0, 9: 1.1,
               10: 1.1, 11: 1.2, 12: 0.8, 13: 1.0}
"""A card in hand, as a share of an average one."""
HAND_WEIGHT: Final = 0.15
LANE_WON: Final = 1.5
LANE_SCALE: Final = 3.0
WORTH_SCALE: Final = 1.5


def card_worth(c: Card, t: Table) -> float:
    """A table card's strength: hit points left and what its rank holds."""
    kind = c.card // 4 + 1
    banned = t.bans[c.seat] >> kind & 1
    if not c.up:
        return t.hp - c.damage + (0.0 if banned else FACE_DOWN[kind])
    hp = t.hp + 1 if kind == JACK and not banned else t.hp
    return hp - c.damage + UP + (0.0 if banned else FACE_UP.get(kind, 0.0))


def worth(t: Table, seat: int) -> float:
    """What a position is worth to ``seat``, 0..1: the result once the game is over,
    else lanes won, each open lane's balance of card strength, and the hands."""
    if t.reason != NONE:
        return 0.5 if t.winner == NONE else 1.0 if t.winner == seat else 0.0
    total = 0.0
    for lane in range(3):
        won = t.won[lane]
        if won != NONE:
            total += LANE_WON if won == seat else -LANE_WON
            continue
        balance = 0.0
        for c in t.sides[lane][seat]:
            balance += card_worth(c, t)
        for c in t.sides[lane][1 - seat]:
            balance -= card_worth(c, t)
        total += balance / (abs(balance) + LANE_SCALE)
    hands = 0.0
    for card in t.hands[seat]:
        hands += HAND[card // 4 + 1]
    for card in t.hands[1 - seat]:
        hands -= HAND[card // 4 + 1]
    total += HAND_WEIGHT * hands
    return 0.5 + 0.5 * total / (abs(total) + WORTH_SCALE)

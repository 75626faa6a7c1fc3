"""Duel 52's simulation path: computer players finish a game on plain ints.

``cardtable simulate``, ``cardtable bench`` and the playouts of a search spend nearly
all their time letting the heuristic (or random) player play itself. When both seats
are such players, :meth:`Duel52State.self_play
<cardtable.games.duel52.rules.Duel52State.self_play>` hands the position to
:func:`play_to_end`, which makes the very same moves the players would make through
their observations, drawing from their own generators, but without observations,
move objects, checks or events. The state then takes back the final position and
puts every move into its history, so the record, the replay and every figure are
those of the ordinary path; the tests play both paths from the same seeds, game
lengths and players and compare whole games.

Cards are ints (``rank = card // 4 + 1``), places are ``(lane, seat, slot)``. A move
is its sort key: ``(kind, card or -1, lane or 0, actors, targets)``, kinds numbered
in the order of :data:`KINDS`, so sorting moves sorts them as the rules list them.
The handicap ``handicap_no_power`` is :attr:`Table.bans` (per seat, the forbidden
ranks as bits): :func:`power` is a card's rank while its power works, 0 for a blank
or a face-down card, and every rule and score that asks for a power asks it.
``make install`` compiles this module with mypyc; it imports nothing of the package,
so it also runs as plain Python.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations
from typing import Final

Place = tuple[int, int, int]
Move = tuple[int, int, int, tuple[Place, ...], tuple[Place, ...]]

KINDS: Final = ("discard", "look", "move", "next", "play", "flip", "attack", "pair")
DISCARD: Final = 0
LOOK: Final = 1
MOVE: Final = 2
NEXT: Final = 3
PLAY: Final = 4
FLIP: Final = 5
ATTACK: Final = 6
PAIR: Final = 7
NONE: Final = -1
"""No choice waits, no lane is won, no partner, no winner."""

ACE: Final = 1
THREE: Final = 3
EIGHT: Final = 8
NINE: Final = 9
TEN: Final = 10
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
FLIP_POWERS: Final = frozenset({1, 2, 4, 5, 6, 7, QUEEN, KING})
EMPOWERED: Final = frozenset({1, 2, 4, 5, 6, 7, QUEEN})
ALL_SEATS: Final = 3

KILLED: Final = 0
KILLED_FACE_DOWN: Final = 1
DISCARDED: Final = 2
"""How a card reached the discard pile (``Discarded.how``: killed, killed-face-down,
discarded)."""

TWO_LANES: Final = 0
BOTH_PASSED: Final = 1

# the heuristic player's values (those of cardtable.games.duel52.bots)
TABLE_VALUE: Final = {JACK: 5.0, NINE: 4.5, TEN: 4.5, EIGHT: 4.0}
HAND_VALUE: Final = {ACE: 8, 2: 3, THREE: 4, 4: 3, 5: 4, 6: 5, 7: 4, EIGHT: 5, NINE: 6, TEN: 6,
                     JACK: 7, QUEEN: 4, KING: 6}
HAND_TENTH: Final = {kind: 0.1 * value for kind, value in HAND_VALUE.items()}
NEXT_ORDER: Final = {2: 0, 4: 1, QUEEN: 2, 5: 3, KING: 4, 6: 5, ACE: 6, 7: 7}


class Card:
    """A card on the table, with every fact the rules keep of it."""

    def __init__(self, card: int, seat: int, lane: int, slot: int, base: bool, up: bool,
                 damage: int, frozen_until: int, partner: int, attacks: int, double: bool,
                 known: int) -> None:
        self.card = card
        self.seat = seat
        self.lane = lane
        self.slot = slot
        self.base = base
        self.up = up
        self.damage = damage
        self.frozen_until = frozen_until
        self.partner = partner
        self.attacks = attacks
        self.double = double
        self.known = known

    def face(self) -> int:
        """The rank of a face-up card, 0 for a face-down one."""
        return self.card // 4 + 1 if self.up else 0


def power(c: Card, bans: list[int]) -> int:
    """The rank of a face-up card whose owner may use its power, else 0 (face down, or
    a blank under ``handicap_no_power``)."""
    if not c.up:
        return 0
    kind = c.card // 4 + 1
    return 0 if bans[c.seat] >> kind & 1 else kind


class Table:
    """A whole position: the state's facts on plain ints, played on in place."""

    def __init__(self, sides: list[list[list[Card]]], next_slot: list[list[int]],
                 hands: list[list[int]], pile: list[int], turn: int, seat: int, actions: int,
                 passes: int, won: list[int], first_actions: int, each_actions: int,
                 hp: int, bans: list[int]) -> None:
        self.sides = sides
        self.next_slot = next_slot
        self.hands = hands
        self.pile = pile
        """Top card last."""
        self.turn = turn
        self.seat = seat
        self.actions = actions
        self.passes = passes
        self.won = won
        self.first_actions = first_actions
        self.each_actions = each_actions
        self.hp = hp
        self.bans = bans
        """The rule parameters: actions of the first turn and of every other, a card's
        hit points, and per seat the ranks whose powers it may not use (bits)."""
        self.choice = NONE
        """The kind of the choice that waits, or NONE."""
        self.choice_seat = 0
        self.choice_source: Place = (0, 0, 0)
        self.choice_among: list[Place] = []
        self.frames: list[tuple[Place, list[Place]]] = []
        self.discarded: list[tuple[int, int, int, int]] = []
        """Cards put on the discard pile here: (card, how, known, whose)."""
        self.winner = NONE
        self.reason = NONE
        """NONE while the game goes on."""

    def find(self, place: Place) -> Card:
        for c in self.sides[place[0]][place[1]]:
            if c.slot == place[2]:
                return c
        raise KeyError(place)

    def has(self, place: Place) -> bool:
        return any(c.slot == place[2] for c in self.sides[place[0]][place[1]])

    # --- legal moves ---
    def legal(self) -> list[Move]:
        """The legal moves of the seat to act, sorted."""
        if self.choice != NONE:
            return self._choice_moves()
        if self.actions <= 0:
            return []
        seat, pile, sides, won = self.seat, len(self.pile), self.sides, self.won
        moves: list[Move] = [(PLAY, c, lane, (), ()) for c in sorted(set(self.hands[seat]))
                             for lane in range(3) if won[lane] == NONE]
        attacks: list[Move] = []
        pairs: list[Move] = []
        for lane in range(3):
            own = sides[lane][seat]
            for c in own:
                if not c.up and c.frozen_until < 0 and not (c.base and pile > 0):
                    moves.append((FLIP, -1, 0, ((lane, seat, c.slot),), ()))
            free = [c for c in own if c.up and c.partner == NONE]
            for a, b in combinations(free, 2):
                if a.card // 4 == b.card // 4:
                    pairs.append((PAIR, -1, 0, ((lane, seat, a.slot), (lane, seat, b.slot)), ()))
            theirs = sides[lane][1 - seat]
            if theirs and won[lane] == NONE:
                self._attacks(lane, own, theirs, attacks)
        attacks.sort()
        return moves + attacks + pairs

    def _attacks(self, lane: int, own: list[Card], theirs: list[Card],
                 moves: list[Move]) -> None:
        seat = self.seat
        for c in own:
            if not can_attack(c):
                continue
            if c.partner == NONE:
                actors = [c]
            elif c.partner > c.slot:
                mate = self.find((lane, seat, c.partner))
                if not can_attack(mate):
                    continue
                actors = [c, mate]
            else:
                continue
            places = tuple([(lane, seat, a.slot) for a in actors])
            for ts in target_sets(actors, theirs, len(self.pile), self.bans):
                moves.append((ATTACK, -1, 0, places,
                              tuple([(lane, 1 - seat, t.slot) for t in ts])))

    def _choice_moves(self) -> list[Move]:
        kind = self.choice
        moves: list[Move]
        if kind == DISCARD:
            moves = [(DISCARD, c, 0, (), ()) for c in set(self.hands[self.seat])]
        elif kind == NEXT:
            moves = [(NEXT, -1, 0, (p,), ()) for p in self.choice_among]
        elif kind == LOOK:
            moves = [(LOOK, -1, 0, (), ())]
            moves += [(LOOK, -1, 0, ((c.lane, c.seat, c.slot),), ())
                      for side in self.sides for cards in side for c in cards if not c.up]
        else:
            moves = [(MOVE, -1, 0, (), ())]
            moves += [(MOVE, -1, 0, ((c.lane, c.seat, c.slot),), ())
                      for c in self.move_candidates(self.choice_source[0])]
        moves.sort()
        return moves

    def move_candidates(self, lane: int) -> list[Card]:
        """The seat's cards a Queen in ``lane`` may pull in."""
        if self.won[lane] != NONE:
            return []
        pile = len(self.pile)
        return [c for other in range(3) if other != lane and self.won[other] == NONE
                for c in self.sides[other][self.seat] if not (c.base and pile > 0)]

    # --- playing ---
    def play(self, move: Move) -> list[Move]:
        """Make a move (the rules have it among the legal ones); the legal moves after it."""
        kind, card, lane, actors, targets = move
        if kind <= NEXT:
            self._choose(move)
        else:
            self.actions -= 1
            self.passes = 0
            seat = self.seat
            if kind == PLAY:
                self.hands[seat].remove(card)
                slot = self.next_slot[lane][seat]
                self.next_slot[lane][seat] += 1
                self.sides[lane][seat].append(
                    Card(card, seat, lane, slot, False, False, 0, -1, NONE, 0, False, 1 << seat))
            elif kind == FLIP:
                c = self.find(actors[0])
                flip(c)
                if power(c, self.bans) in FLIP_POWERS:
                    self._fire(c)
                self._resolve()
            elif kind == PAIR:
                a, b = self.find(actors[0]), self.find(actors[1])
                a.partner, b.partner = b.slot, a.slot
            else:
                self._attack([self.find(p) for p in actors], [self.find(p) for p in targets])
        return self._settle()

    def _fire(self, c: Card) -> None:
        kind, seat, lane = c.card // 4 + 1, c.seat, c.lane
        bans = self.bans
        if kind == 2:
            if self.pile:
                self.hands[seat].append(self.pile.pop())
                self._ask(DISCARD, seat, (lane, seat, c.slot), [])
        elif kind == 4:
            if any(not t.up for side in self.sides for cards in side for t in cards):
                self._ask(LOOK, seat, (lane, seat, c.slot), [])
        elif kind == 5:
            pile = len(self.pile)
            flipped = [t for t in self.sides[lane][seat]
                       if not t.up and t.frozen_until < 0 and not (t.base and pile > 0)]
            for t in flipped:
                flip(t)
            frame = [(t.lane, t.seat, t.slot) for t in flipped
                     if power(t, bans) in FLIP_POWERS]
            if frame:
                self.frames.append(((lane, seat, c.slot), frame))
        elif kind == 6:
            for t in self.sides[lane][1 - seat]:
                if power(t, bans) != NINE:
                    t.frozen_until = self.turn + 1
        elif kind == 7:
            for side in self.sides:
                for t in side[seat]:
                    t.damage = 0
        elif kind == QUEEN:
            if self.move_candidates(lane):
                self._ask(MOVE, seat, (lane, seat, c.slot), [])
        elif kind == KING:
            frame = [(t.lane, t.seat, t.slot) for t in self.sides[lane][seat]
                     if power(t, bans) in EMPOWERED]
            if frame:
                self.frames.append(((lane, seat, c.slot), frame))
        elif kind == ACE:
            self.actions += 1
            c.double = True

    def _ask(self, kind: int, seat: int, source: Place, among: list[Place]) -> None:
        self.choice = kind
        self.choice_seat = seat
        self.choice_source = source
        self.choice_among = among

    def _resolve(self) -> None:
        while self.choice == NONE and self.frames:
            source, frame = self.frames[-1]
            live = [p for p in frame if self.has(p) and self.find(p).up]
            if not live:
                self.frames.pop()
            elif len(live) == 1:
                self.frames.pop()
                self._fire(self.find(live[0]))
            else:
                self.frames[-1] = (source, live)
                self._ask(NEXT, self.seat, source, live)

    def _choose(self, move: Move) -> None:
        kind, card, _, actors, _ = move
        seat, source = self.choice_seat, self.choice_source
        self.choice = NONE
        if kind == DISCARD:
            self.hands[seat].remove(card)
            self.discarded.append((card, DISCARDED, 1 << seat, seat))
        elif kind == LOOK:
            if actors:
                self.find(actors[0]).known |= 1 << seat
        elif kind == MOVE:
            if actors:
                c = self.find(actors[0])
                self._unpair(c)
                self.sides[c.lane][c.seat].remove(c)
                c.lane = source[0]
                c.slot = self.next_slot[c.lane][c.seat]
                self.next_slot[c.lane][c.seat] += 1
                self.sides[c.lane][c.seat].append(c)
        else:
            at, frame = self.frames[-1]
            rest = [p for p in frame if p != actors[0]]
            if rest:
                self.frames[-1] = (at, rest)
            else:
                self.frames.pop()
            self._fire(self.find(actors[0]))
        self._resolve()

    def _unpair(self, c: Card) -> None:
        if c.partner != NONE:
            place = (c.lane, c.seat, c.partner)
            if self.has(place):
                self.find(place).partner = NONE
            c.partner = NONE

    def _attack(self, actors: list[Card], targets: list[Card]) -> None:
        bans = self.bans
        dealt = damage_of(actors, targets, bans)
        eights = sum([1 for t in targets if power(t, bans) == EIGHT])
        for a in actors:
            a.attacks += 1
        for t, d in zip(targets, dealt, strict=True):
            t.damage += d
        for a in actors:
            if power(a, bans) != NINE:
                a.damage += eights
        for c in [*targets, *actors]:
            if c.damage >= hit_points(c, self.hp, bans):
                self._kill(c)

    def _kill(self, c: Card) -> None:
        if not c.up and c.card // 4 + 1 == THREE and not self.bans[c.seat] >> THREE & 1:
            c.up, c.known, c.damage = True, ALL_SEATS, 0
            return
        self._unpair(c)
        self.sides[c.lane][c.seat].remove(c)
        if c.up:
            self.discarded.append((c.card, KILLED, ALL_SEATS, c.seat))
        else:
            self.discarded.append((c.card, KILLED_FACE_DOWN, c.known, c.seat))

    # --- turns ---
    def _settle(self) -> list[Move]:
        """Check lanes and end the turn when no action is left; the legal moves now."""
        if self.choice != NONE:
            return self._choice_moves()
        if self.reason != NONE or self.frames:
            return []
        self._check_lanes()
        if self.reason != NONE:
            return []
        moves = self.legal()
        return moves if moves else self._next_turns()

    def _next_turns(self) -> list[Move]:
        while True:
            for side in self.sides:
                for cards in side:
                    for c in cards:
                        if 0 <= c.frozen_until <= self.turn:
                            c.frozen_until = -1
                        c.attacks = 0
                        c.double = False
            seat = 1 - self.seat
            self.turn += 1
            self.seat = seat
            if self.pile:
                self.hands[seat].append(self.pile.pop())
            self.actions = self.first_actions if self.turn == 1 else self.each_actions
            self._check_lanes()
            if self.reason != NONE:
                return []
            moves = self.legal()
            if moves:
                return moves
            frozen = any(c.frozen_until >= 0 for side in self.sides for cards in side
                         for c in cards)
            self.passes = 0 if frozen else self.passes + 1
            if self.passes >= 2:
                lanes = (self.won.count(0), self.won.count(1))
                self.winner = NONE if lanes[0] == lanes[1] else (0 if lanes[0] > lanes[1] else 1)
                self.reason = BOTH_PASSED
                return []

    def _check_lanes(self) -> None:
        if self.pile:
            return
        for lane in range(3):
            if self.won[lane] == NONE:
                for seat in (0, 1):
                    if (self.sides[lane][seat] and not self.sides[lane][1 - seat]
                            and not self.hands[1 - seat]):
                        self.won[lane] = seat
        for seat in (0, 1):
            if self.won.count(seat) >= 2:
                self.winner, self.reason = seat, TWO_LANES


def flip(c: Card) -> None:
    c.up = True
    c.known = ALL_SEATS


def can_attack(c: Card) -> bool:
    return c.up and c.frozen_until < 0 and c.attacks < (2 if c.double else 1)


def hit_points(c: Card, hp: int, bans: list[int]) -> int:
    return hp + 1 if power(c, bans) == JACK else hp


def target_sets(actors: list[Card], opponents: list[Card], pile: int,
                bans: list[int]) -> list[tuple[Card, ...]]:
    cards = [c for c in opponents if not (c.base and pile > 0)]
    jacks = [c for c in cards if power(c, bans) == JACK]
    if jacks:
        cards = jacks
    if power(actors[0], bans) != TEN:
        return [(c,) for c in cards]
    nines = [c for c in cards if power(c, bans) == NINE]
    others = [c for c in cards if power(c, bans) != NINE]
    sets: list[tuple[Card, ...]]
    if len(others) >= 2:
        sets = list(permutations(others, 2) if len(actors) == 2 else combinations(others, 2))
    else:
        sets = [(c,) for c in others]
    return sets + [(c,) for c in nines]


def damage_of(actors: list[Card], targets: list[Card], bans: list[int]) -> list[int]:
    kind, pair = power(actors[0], bans), len(actors) == 2
    if kind == TEN:
        return [2, 1][: len(targets)] if pair else [1] * len(targets)
    hit = 2 if pair else 1
    if kind == NINE and targets[0].face() == JACK:
        hit += 1
    return [hit]


# --- the players ----------------------------------------------------------------------


class Player:
    """One seat's computer player: ``heuristic`` scores every move as
    :class:`~cardtable.games.duel52.bots.HeuristicBot` does, else a random legal move
    as :class:`~cardtable.bots.random_bot.RandomBot` picks it; both from ``rng``."""

    def __init__(self, rng: random.Random, heuristic: bool) -> None:
        self.rng = rng
        self.heuristic = heuristic

    def pick(self, t: Table, moves: list[Move]) -> Move:
        if not self.heuristic:
            return moves[self.rng.randrange(len(moves))]
        if len(moves) == 1:
            return moves[0]
        bit = 1 << t.seat
        hold = len(t.pile) <= 1 and len(t.hands[t.seat]) == 1 and any(
            m[0] != PLAY for m in moves)
        scores = [score(t, m, bit, hold) for m in moves]
        best = max(scores)
        top = [m for s, m in zip(scores, moves, strict=True) if s >= best - 1e-9]
        return top[self.rng.randrange(len(top))]


def value_of(c: Card, bans: list[int]) -> float:
    return TABLE_VALUE.get(power(c, bans), 2.0) if c.up else 3.0


def score(t: Table, m: Move, bit: int, hold: bool) -> float:
    """The heuristic player's worth of ``m``, knowing only what its seat knows."""
    kind, card, lane, actors, targets = m
    seat = t.seat
    if kind == PLAY:
        mine, theirs = len(t.sides[lane][seat]), len(t.sides[lane][1 - seat])
        value = 5.0 + min(theirs - mine, 3) * 1.5 + (3.0 if mine == 0 else 0.0)
        value += HAND_TENTH[card // 4 + 1]
        if card // 4 + 1 == THREE and theirs and not t.bans[seat] >> THREE & 1:
            value += 1.0
        if hold:
            value -= 20.0
        return value
    if kind == ATTACK:
        return attack_score(t, [t.find(p) for p in actors], [t.find(p) for p in targets], bit)
    if kind == FLIP:
        return flip_score(t, t.find(actors[0]), bit)
    if kind == PAIR:
        a, b = t.find(actors[0]), t.find(actors[1])
        fresh = a.attacks == 0 and b.attacks == 0 and a.frozen_until < 0 and b.frozen_until < 0
        return 6.5 if t.sides[a.lane][1 - seat] and fresh else 1.5
    if kind == DISCARD:
        return float(-HAND_VALUE[card // 4 + 1])
    if kind == NEXT:
        return float(-NEXT_ORDER.get(t.find(actors[0]).face(), 9))
    if not actors:
        return 0.0
    c = t.find(actors[0])
    if kind == LOOK:
        return -1.0 if c.up or c.known & bit else (3.0 if c.seat != seat else 2.0)
    to = t.choice_source[0]
    sides = t.sides
    need_to = len(sides[to][1 - seat]) - len(sides[to][seat])
    need_from = len(sides[c.lane][1 - seat]) - (len(sides[c.lane][seat]) - 1)
    return need_to - need_from - (5.0 if len(sides[c.lane][seat]) == 1 else 0.0)


def attack_score(t: Table, actors: list[Card], targets: list[Card], bit: int) -> float:
    bans = t.bans
    dealt = damage_of(actors, targets, bans)
    eights = sum([1 for x in targets if power(x, bans) == EIGHT])
    value = 6.0
    kills = 0
    for x, d in zip(targets, dealt, strict=True):
        if x.damage + d >= hit_points(x, t.hp, bans):
            kills += 1
            trap = 0.6 if not x.up and not x.known & bit and not bans[x.seat] >> THREE & 1 \
                else 1.0
            value += trap * (12 + value_of(x, bans))
        else:
            value += 3 * d + 0.3 * value_of(x, bans)
    for a in actors:
        d = 0 if power(a, bans) == NINE else eights
        if d and a.damage + d >= hit_points(a, t.hp, bans):
            value -= 12 + value_of(a, bans)
        else:
            value -= 2 * d
    if kills and len(t.sides[actors[0].lane][1 - t.seat]) == kills and not t.pile:
        value += 15
    return value


def flip_score(t: Table, c: Card, bit: int) -> float:
    seat = t.seat
    mine, theirs = t.sides[c.lane][seat], t.sides[c.lane][1 - seat]
    if not c.known & bit:
        return 5.0
    kind = c.card // 4 + 1
    if t.bans[seat] >> kind & 1:
        return 7.0 if theirs else 4.0
    if kind == ACE:
        return 14.0
    if kind == THREE:
        return 0.5 if theirs else 1.0
    if kind == 2:
        return 7.0 if t.pile else 1.0
    if kind == 4:
        return 3.5
    if kind == 5:
        pile = len(t.pile)
        return 4.0 + 3.0 * sum([1 for x in mine if not x.up and x is not c
                                and x.frozen_until < 0 and not (x.base and pile > 0)])
    if kind == 6:
        return 2.0 + 2.5 * sum([1 for x in theirs if power(x, t.bans) != NINE])
    if kind == 7:
        return 1.0 + 4.0 * sum([x.damage for side in t.sides for x in side[seat]])
    if kind == QUEEN:
        return 4.0 if t.move_candidates(c.lane) else 1.0
    if kind == KING:
        return 2.0 + 4.5 * sum([1 for x in mine if power(x, t.bans) in EMPOWERED])
    return 7.0 if theirs else 4.0


def play_to_end(t: Table, players: list[Player],
                margins: list[float] | None = None) -> list[tuple[int, Move]]:
    """Let the players finish the game from ``t`` (changed in place): every move made,
    with the seat that made it; with ``margins``, seat 0's :func:`worth` less a half
    after each move is added to it (the lab's course of a game)."""
    made: list[tuple[int, Move]] = []
    moves = t.legal()
    while t.reason == NONE:
        seat = t.seat
        move = players[seat].pick(t, moves)
        made.append((seat, move))
        moves = t.play(move)
        if margins is not None:
            margins.append(worth(t, 0) - 0.5)
    return made


# --- the search's short playouts -------------------------------------------------------


def copy_table(t: Table) -> Table:
    """A position of its own to play on (the search plays every move on one deal)."""
    sides = [[[Card(c.card, c.seat, c.lane, c.slot, c.base, c.up, c.damage, c.frozen_until,
                    c.partner, c.attacks, c.double, c.known) for c in side] for side in lane]
             for lane in t.sides]
    other = Table(sides, [n[:] for n in t.next_slot], [h[:] for h in t.hands], t.pile[:],
                  t.turn, t.seat, t.actions, t.passes, t.won[:], t.first_actions,
                  t.each_actions, t.hp, t.bans)
    other.choice, other.choice_seat = t.choice, t.choice_seat
    other.choice_source, other.choice_among = t.choice_source, t.choice_among[:]
    other.frames = [(source, frame[:]) for source, frame in t.frames]
    other.winner, other.reason = t.winner, t.reason
    return other


def play_on(t: Table, move: Move, players: list[Player], turns: int) -> None:
    """Make ``move``, then let the players play on until at least ``turns`` more turns
    have started (a seat with no action passes its turn at once) or the game is over
    (``t`` changes in place; nothing is recorded)."""
    moves = t.play(move)
    last = t.turn + turns
    while t.reason == NONE and t.turn < last:
        move = players[t.seat].pick(t, moves)
        moves = t.play(move)


def worth(t: Table, seat: int) -> float:
    """What a position is worth to ``seat``, 0..1: the result once the game is over,
    else the lanes won and each open lane's balance of hit points left, and the cards
    in hand (every one a card for a lane later; while one is held no lane is lost)."""
    if t.reason != NONE:
        return 0.5 if t.winner == NONE else 1.0 if t.winner == seat else 0.0
    total = 0.0
    for lane in range(3):
        won = t.won[lane]
        if won != NONE:
            total += LANE_WON if won == seat else -LANE_WON
            continue
        balance = 0.0
        for side in (seat, 1 - seat):
            strength = 0.0
            for c in t.sides[lane][side]:
                strength += hit_points(c, t.hp, t.bans) - c.damage + (UP_BONUS if c.up else 0.0)
            balance += strength if side == seat else -strength
        total += balance / (abs(balance) + LANE_SCALE)
    total += HAND_WEIGHT * (len(t.hands[seat]) - len(t.hands[1 - seat]))
    return 0.5 + 0.5 * total / (abs(total) + WORTH_SCALE)


LANE_WON: Final = 1.5
"""A lane won, against an open lane's balance (at most 1)."""
UP_BONUS: Final = 0.5
"""A face-up card's power at work, in hit points."""
LANE_SCALE: Final = 3.0
"""Hit points of balance that make an open lane half won."""
HAND_WEIGHT: Final = 0.15
WORTH_SCALE: Final = 1.5

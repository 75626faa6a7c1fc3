"""The yardstick for Duel 52's self-play speed: a plain loop of the same rules and the same
player, written as directly as it goes (no contract, no checks, no history, no events,
no observations: the player reads the table and minds what its seat knows).

It plays the standard game with the heuristic player on both seats, drawing from the
generators exactly as ``cardtable bench duel52`` does (one generator deals, one per seat
breaks the player's ties), so it plays the very same games: ``play_games`` returns a
fingerprint of them that the bench compares with its own.

Cards are ladder steps 0..51 (rank = card // 4 + 1). A move is the tuple its sort key
is: (kind, card, lane, actors, targets), places being (lane, seat, slot). Run it alone
as ``python benchmarks/plain.py duel52 [games] [seed]``.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations

DISCARD, LOOK, MOVE, NEXT, PLAY, FLIP, ATTACK, PAIR = range(8)
ACE, THREE, EIGHT, NINE, TEN, JACK, QUEEN, KING = 1, 3, 8, 9, 10, 11, 12, 13
FLIP_POWERS = {1, 2, 4, 5, 6, 7, QUEEN, KING}
EMPOWERED = {1, 2, 4, 5, 6, 7, QUEEN}
ASIDE = 10
TABLE_VALUE = {JACK: 5.0, NINE: 4.5, TEN: 4.5, EIGHT: 4.0}
HAND_VALUE = {ACE: 8, 2: 3, THREE: 4, 4: 3, 5: 4, 6: 5, 7: 4, EIGHT: 5, NINE: 6, TEN: 6,
              JACK: 7, QUEEN: 4, KING: 6}
NEXT_ORDER = {2: 0, 4: 1, QUEEN: 2, 5: 3, KING: 4, 6: 5, ACE: 6, 7: 7}
Move = tuple  # (kind, card, lane, actors, targets)


class Card:
    __slots__ = ("attacks", "base", "card", "damage", "double", "frozen", "known", "lane",
                 "partner", "seat", "slot", "up")

    def __init__(self, card: int, seat: int, lane: int, slot: int, base: bool) -> None:
        self.card, self.seat, self.lane, self.slot, self.base = card, seat, lane, slot, base
        self.up = self.double = False
        self.damage = self.attacks = 0
        self.frozen = -1  # the turn at whose end the freeze ends
        self.partner: int | None = None
        self.known = 0 if base else 1 << seat

    def face(self) -> int | None:
        return self.card // 4 + 1 if self.up else None


class Game:
    def __init__(self, deck: list[int], starter: int) -> None:
        self.sides = [[[Card(deck[2 * lane + seat], seat, lane, 0, True)] for seat in (0, 1)]
                      for lane in range(3)]
        self.next_slot = [[1, 1] for _ in range(3)]
        self.hands = [deck[6:11], deck[11:16]]
        self.pile = list(reversed(deck[16 + ASIDE:]))
        self.turn, self.seat, self.actions, self.passes = 0, starter, 0, 0
        self.choice: tuple[int, int, tuple[int, int, int], list] | None = None
        self.frames: list[tuple[tuple[int, int, int], list]] = []
        self.won: list[int | None] = [None, None, None]
        self.winner: int | None = None
        self.over = False
        self.moves = 0
        self.ready: list[Move] | None = None  # the legal moves, when settle listed them
        self.start_turn(starter)
        self.settle()

    def find(self, pos: tuple[int, int, int]) -> Card | None:
        for c in self.sides[pos[0]][pos[1]]:
            if c.slot == pos[2]:
                return c
        return None

    # --- legal moves ---
    def legal(self) -> list[Move]:
        seat, pile, sides = self.seat, len(self.pile), self.sides
        if self.choice is not None:
            kind, _, source, among = self.choice
            if kind == DISCARD:
                moves = [(DISCARD, c, 0, (), ()) for c in set(self.hands[seat])]
            elif kind == NEXT:
                moves = [(NEXT, -1, 0, (p,), ()) for p in among]
            elif kind == LOOK:
                moves = [(LOOK, -1, 0, (), ())] + [
                    (LOOK, -1, 0, ((c.lane, c.seat, c.slot),), ())
                    for side in sides for cards in side for c in cards if not c.up]
            else:
                moves = [(MOVE, -1, 0, (), ())] + [
                    (MOVE, -1, 0, ((c.lane, c.seat, c.slot),), ())
                    for c in self.move_candidates(source[0])]
            moves.sort()
            return moves
        if self.actions <= 0:
            return []
        moves = [(PLAY, c, lane, (), ()) for c in set(self.hands[seat]) for lane in range(3)
                 if self.won[lane] is None]
        for lane in range(3):
            own, theirs = sides[lane][seat], sides[lane][1 - seat]
            for c in own:
                if not c.up and c.frozen < 0 and not (c.base and pile):
                    moves.append((FLIP, -1, 0, ((lane, seat, c.slot),), ()))
            ups = [c for c in own if c.up and c.partner is None]
            for a, b in combinations(ups, 2):
                if a.card // 4 == b.card // 4:
                    moves.append((PAIR, -1, 0, ((lane, seat, a.slot), (lane, seat, b.slot)), ()))
            if not theirs or self.won[lane] is not None:
                continue
            for c in own:
                if not can_attack(c):
                    continue
                if c.partner is None:
                    actors = [c]
                elif c.partner > c.slot:
                    mate = next(x for x in own if x.slot == c.partner)
                    if not can_attack(mate):
                        continue
                    actors = [c, mate]
                else:
                    continue
                places = tuple((lane, seat, a.slot) for a in actors)
                for ts in target_sets(actors, theirs, pile):
                    moves.append((ATTACK, -1, 0, places,
                                  tuple((lane, 1 - seat, t.slot) for t in ts)))
        moves.sort()
        return moves

    def move_candidates(self, lane: int) -> list[Card]:
        if self.won[lane] is not None:
            return []
        pile = len(self.pile)
        return [c for other in range(3) if other != lane and self.won[other] is None
                for c in self.sides[other][self.seat] if not (c.base and pile)]

    # --- playing ---
    def play(self, move: Move) -> None:
        self.moves += 1
        self.ready = None
        kind, card, lane, actors, targets = move
        if kind <= NEXT:
            self.choose(move)
        else:
            self.actions -= 1
            self.passes = 0
            seat = self.seat
            if kind == PLAY:
                self.hands[seat].remove(card)
                slot = self.next_slot[lane][seat]
                self.next_slot[lane][seat] += 1
                self.sides[lane][seat].append(Card(card, seat, lane, slot, False))
            elif kind == FLIP:
                c = self.find(actors[0])
                self.flip(c)
                if c.card // 4 + 1 in FLIP_POWERS:
                    self.fire(c)
                self.resolve()
            elif kind == PAIR:
                a, b = self.find(actors[0]), self.find(actors[1])
                a.partner, b.partner = b.slot, a.slot
            else:
                self.attack([self.find(p) for p in actors], [self.find(p) for p in targets])
        self.settle()

    def flip(self, c: Card) -> None:
        c.up = True
        c.known = 3

    def fire(self, c: Card) -> None:
        kind, seat, lane = c.card // 4 + 1, c.seat, c.lane
        if kind == 2:
            if self.pile:
                self.hands[seat].append(self.pile.pop())
                self.choice = (DISCARD, seat, (lane, seat, c.slot), [])
        elif kind == 4:
            if any(not t.up for side in self.sides for cards in side for t in cards):
                self.choice = (LOOK, seat, (lane, seat, c.slot), [])
        elif kind == 5:
            pile = len(self.pile)
            flipped = [t for t in self.sides[lane][seat]
                       if not t.up and t.frozen < 0 and not (t.base and pile)]
            for t in flipped:
                self.flip(t)
            frame = [(t.lane, t.seat, t.slot) for t in flipped if t.card // 4 + 1 in FLIP_POWERS]
            if frame:
                self.frames.append(((lane, seat, c.slot), frame))
        elif kind == 6:
            for t in self.sides[lane][1 - seat]:
                if t.face() != NINE:
                    t.frozen = self.turn + 1
        elif kind == 7:
            for side in self.sides:
                for t in side[seat]:
                    t.damage = 0
        elif kind == QUEEN:
            if self.move_candidates(lane):
                self.choice = (MOVE, seat, (lane, seat, c.slot), [])
        elif kind == KING:
            frame = [(t.lane, t.seat, t.slot) for t in self.sides[lane][seat]
                     if t.face() in EMPOWERED]
            if frame:
                self.frames.append(((lane, seat, c.slot), frame))
        elif kind == ACE:
            self.actions += 1
            c.double = True

    def resolve(self) -> None:
        while self.choice is None and self.frames:
            source, frame = self.frames[-1]
            live = [p for p in frame if (c := self.find(p)) is not None and c.up]
            if not live:
                self.frames.pop()
            elif len(live) == 1:
                self.frames.pop()
                self.fire(self.find(live[0]))
            else:
                self.frames[-1] = (source, live)
                self.choice = (NEXT, self.seat, source, live)

    def choose(self, move: Move) -> None:
        kind, card, _, actors, _ = move
        _, seat, source, _ = self.choice
        self.choice = None
        if kind == DISCARD:
            self.hands[seat].remove(card)
        elif kind == LOOK:
            if actors:
                self.find(actors[0]).known |= 1 << seat
        elif kind == MOVE:
            if actors:
                c = self.find(actors[0])
                self.unpair(c)
                self.sides[c.lane][c.seat].remove(c)
                c.lane = source[0]
                c.slot = self.next_slot[c.lane][c.seat]
                self.next_slot[c.lane][c.seat] += 1
                self.sides[c.lane][c.seat].append(c)
        else:
            src, frame = self.frames[-1]
            rest = [p for p in frame if p != actors[0]]
            if rest:
                self.frames[-1] = (src, rest)
            else:
                self.frames.pop()
            self.fire(self.find(actors[0]))
        self.resolve()

    def unpair(self, c: Card) -> None:
        if c.partner is not None:
            mate = self.find((c.lane, c.seat, c.partner))
            if mate is not None:
                mate.partner = None
            c.partner = None

    def attack(self, actors: list[Card], targets: list[Card]) -> None:
        dealt = damage_of(actors, targets)
        eights = sum(1 for t in targets if t.face() == EIGHT)
        for a in actors:
            a.attacks += 1
        for t, d in zip(targets, dealt, strict=True):
            t.damage += d
        for a in actors:
            if a.face() != NINE:
                a.damage += eights
        for c in [*targets, *actors]:
            if c.damage >= hit_points(c):
                if not c.up and c.card // 4 + 1 == THREE:
                    c.up, c.known, c.damage = True, 3, 0
                else:
                    self.unpair(c)
                    self.sides[c.lane][c.seat].remove(c)

    # --- turns ---
    def settle(self) -> None:
        if self.over or self.choice is not None or self.frames:
            return
        self.check_lanes()
        if not self.over:
            self.ready = self.legal()
            if not self.ready:
                self.next_turns()

    def next_turns(self) -> None:
        while True:
            for side in self.sides:
                for cards in side:
                    for c in cards:
                        if 0 <= c.frozen <= self.turn:
                            c.frozen = -1
            self.start_turn(1 - self.seat)
            self.check_lanes()
            if self.over:
                return
            self.ready = self.legal()
            if self.ready:
                return
            frozen = any(c.frozen >= 0 for side in self.sides for cards in side for c in cards)
            self.passes = 0 if frozen else self.passes + 1
            if self.passes >= 2:
                lanes = (self.won.count(0), self.won.count(1))
                self.over = True
                self.winner = None if lanes[0] == lanes[1] else int(lanes[1] > lanes[0])
                return

    def start_turn(self, seat: int) -> None:
        self.turn += 1
        self.seat = seat
        for side in self.sides:
            for cards in side:
                for c in cards:
                    c.attacks = 0
                    c.double = False
        if self.pile:
            self.hands[seat].append(self.pile.pop())
        self.actions = 2 if self.turn == 1 else 3

    def check_lanes(self) -> None:
        if self.pile:
            return
        for lane in range(3):
            if self.won[lane] is None:
                for seat in (0, 1):
                    if (self.sides[lane][seat] and not self.sides[lane][1 - seat]
                            and not self.hands[1 - seat]):
                        self.won[lane] = seat
        for seat in (0, 1):
            if self.won.count(seat) >= 2:
                self.over, self.winner = True, seat


def can_attack(c: Card) -> bool:
    return c.up and c.frozen < 0 and c.attacks < (2 if c.double else 1)


def hit_points(c: Card) -> int:
    return 3 if c.up and c.card // 4 + 1 == JACK else 2


def target_sets(actors: list[Card], opponents: list[Card], pile: int) -> list[tuple[Card, ...]]:
    cards = [c for c in opponents if not (c.base and pile)]
    jacks = [c for c in cards if c.face() == JACK]
    cards = jacks or cards
    if actors[0].face() != TEN:
        return [(c,) for c in cards]
    nines = [c for c in cards if c.face() == NINE]
    others = [c for c in cards if c.face() != NINE]
    if len(others) >= 2:
        sets = list((permutations if len(actors) == 2 else combinations)(others, 2))
    else:
        sets = [(c,) for c in others]
    return sets + [(c,) for c in nines]


def damage_of(actors: list[Card], targets: list[Card]) -> list[int]:
    kind, pair = actors[0].face(), len(actors) == 2
    if kind == TEN:
        return [2, 1][: len(targets)] if pair else [1] * len(targets)
    hit = 2 if pair else 1
    if kind == NINE and targets[0].face() == JACK:
        hit += 1
    return [hit]


# --- the heuristic player -------------------------------------------------------------


def value_of(c: Card) -> float:
    return TABLE_VALUE.get(c.card // 4 + 1, 2.0) if c.up else 3.0


def score(g: Game, m: Move, bit: int, non_play: bool) -> float:
    kind, card, lane, actors, targets = m
    seat = g.seat
    if kind == PLAY:
        mine, theirs = len(g.sides[lane][seat]), len(g.sides[lane][1 - seat])
        value = 5.0 + min(theirs - mine, 3) * 1.5 + (3.0 if mine == 0 else 0.0)
        value += 0.1 * HAND_VALUE[card // 4 + 1]
        if card // 4 + 1 == THREE and theirs:
            value += 1.0
        if len(g.pile) <= 1 and len(g.hands[seat]) == 1 and non_play:
            value -= 20.0
        return value
    if kind == ATTACK:
        att = [g.find(p) for p in actors]
        tgt = [g.find(p) for p in targets]
        dealt = damage_of(att, tgt)
        eights = sum(1 for t in tgt if t.face() == EIGHT)
        value, kills = 6.0, 0
        for t, d in zip(tgt, dealt, strict=True):
            if t.damage + d >= hit_points(t):
                kills += 1
                value += (0.6 if not t.up and not t.known & bit else 1.0) * (12 + value_of(t))
            else:
                value += 3 * d + 0.3 * value_of(t)
        for a in att:
            d = 0 if a.face() == NINE else eights
            if d and a.damage + d >= hit_points(a):
                value -= 12 + value_of(a)
            else:
                value -= 2 * d
        if kills and len(g.sides[actors[0][0]][1 - seat]) == kills and not g.pile:
            value += 15
        return value
    if kind == FLIP:
        c = g.find(actors[0])
        mine, theirs = g.sides[c.lane][seat], g.sides[c.lane][1 - seat]
        if not c.known & bit:
            return 5.0
        rank = c.card // 4 + 1
        if rank == ACE:
            return 14.0
        if rank == THREE:
            return 0.5 if theirs else 1.0
        if rank == 2:
            return 7.0 if g.pile else 1.0
        if rank == 4:
            return 3.5
        if rank == 5:
            return 4.0 + 3.0 * sum(1 for x in mine if not x.up and x is not c
                                   and x.frozen < 0 and not (x.base and g.pile))
        if rank == 6:
            return 2.0 + 2.5 * sum(1 for x in theirs if x.face() != NINE)
        if rank == 7:
            return 1.0 + 4.0 * sum(x.damage for side in g.sides for x in side[seat])
        if rank == QUEEN:
            return 4.0 if g.move_candidates(c.lane) else 1.0
        if rank == KING:
            return 2.0 + 4.5 * sum(1 for x in mine if x.face() in EMPOWERED)
        return 7.0 if theirs else 4.0
    if kind == PAIR:
        a, b = g.find(actors[0]), g.find(actors[1])
        fresh = a.attacks == 0 and b.attacks == 0 and a.frozen < 0 and b.frozen < 0
        return 6.5 if g.sides[a.lane][1 - seat] and fresh else 1.5
    if kind == DISCARD:
        return -HAND_VALUE[card // 4 + 1]
    if kind == NEXT:
        return -NEXT_ORDER.get(g.find(actors[0]).face() or 0, 9)
    if not actors:
        return 0.0
    c = g.find(actors[0])
    if kind == LOOK:
        return -1.0 if c.up or c.known & bit else (3.0 if c.seat != seat else 2.0)
    to = g.choice[2][0]
    mine = g.sides
    need_to = len(mine[to][1 - seat]) - len(mine[to][seat])
    need_from = len(mine[c.lane][1 - seat]) - (len(mine[c.lane][seat]) - 1)
    return need_to - need_from - (5.0 if len(mine[c.lane][seat]) == 1 else 0.0)


def pick(g: Game, moves: list[Move], rng: random.Random) -> Move:
    if len(moves) == 1:
        return moves[0]
    bit = 1 << g.seat
    non_play = any(m[0] != PLAY for m in moves)
    scores = [score(g, m, bit, non_play) for m in moves]
    best = max(scores)
    top = [m for s, m in zip(scores, moves, strict=True) if s >= best - 1e-9]
    return top[rng.randrange(len(top))]


# --- the games ------------------------------------------------------------------------


def play_game(deal: random.Random, players: list[random.Random]) -> tuple[int, int]:
    """One standard game between two heuristic players: (winner or -1, moves)."""
    uniform = deal.random
    deck = sorted(range(52), key=lambda _: uniform())
    g = Game(deck, deal.randrange(2))
    while not g.over:
        g.play(pick(g, g.ready or g.legal(), players[g.seat]))
    return (-1 if g.winner is None else g.winner), g.moves


BOT = "heuristic"
"""The player this loop plays (``cardtable bench`` compares it with the same player)."""


def fold(fingerprint: int, outcome: dict[str, object], moves: int) -> int:
    """The fingerprint after one more game: its winner and its number of moves."""
    winner = outcome["winner"]
    return hash((fingerprint, -1 if winner is None else winner, moves))


def play_games(games: int, seed: int) -> tuple[int, int]:
    """``games`` games from ``seed``: (moves played, a fingerprint of the results)."""
    deal = random.Random(seed)
    players = [random.Random(seed + s) for s in (0, 1)]
    total = fingerprint = 0
    for _ in range(games):
        winner, moves = play_game(deal, players)
        total += moves
        fingerprint = fold(fingerprint, {"winner": None if winner < 0 else winner}, moves)
    return total, fingerprint


# ruff: noqa: PLR1730  -- plain ifs beat max()/min() calls in the search loop
"""The MateBeta game search on bitmasks: the solver's inner loop, compiled by mypyc.

Cards are bits 0..19 in MateBeta order (``suit * 5 + rank``; ranks 7 Q K 10 A,
so a card's value is ``VALUES_BY_RANK[i % 5]``, or the rule parameters' values),
hands are ints. Per card the tables give its bit, suit mask, rank mask, the cards
that can answer it and its value. A lead is mate when ``opp & MATCH[c] == 0``; in
a move the higher index wins.

This module imports nothing of the package, so that ``make install`` compiles
it with mypyc into a C extension (a plain import still works where it is not
compiled, slower): one node costs some 0.3 µs compiled against 3 µs
interpreted. :class:`~cardtable.games.matebeta.solver.Solver` builds the
positions and the root decisions on top of it.
"""

from __future__ import annotations

from typing import Final

INF: Final = 1_000_000
CARDS: Final = 20
VALUES_BY_RANK: Final = (7, 3, 4, 10, 11)
"""7, Queen, King, 10, Ace."""

BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(CARDS))
SUIT: Final[tuple[int, ...]] = tuple(0x1F << (5 * (i // 5)) for i in range(CARDS))
RANK: Final[tuple[int, ...]] = tuple(
    sum(1 << (i % 5 + 5 * s) for s in range(4)) for i in range(CARDS)
)
MATCH: Final[tuple[int, ...]] = tuple(SUIT[i] | RANK[i] for i in range(CARDS))
"""The cards that can answer card ``i`` (its suit or its rank)."""
VALUE: Final[tuple[int, ...]] = tuple(VALUES_BY_RANK[i % 5] for i in range(CARDS))
"""The text's value of each card."""


def indices(bits: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def card_values(values: tuple[int, ...]) -> tuple[int, ...]:
    """Each card's value from the five values in rank order (7, Q, K, 10, A)."""
    return tuple(values[i % 5] for i in range(CARDS))


def highest_first(values: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(rank mask, value)`` of the five ranks, the highest value first."""
    order = sorted(range(5), key=lambda r: -values[r])
    return [(RANK[r], values[r]) for r in order]


def max_value(hand: int, ranks: list[tuple[int, int]]) -> int:
    """The highest card value in a hand (``ranks`` from :func:`highest_first`)."""
    for mask, value in ranks:
        if hand & mask:
            return value
    return 0


class GameSearch:
    """Alpha-beta over the moves of one foreplacing pattern ``fp`` (per seat).

    One search node is a move about to be led: (leader's hand, other hand,
    leader). The move number follows from the hands for a given pattern, so
    the transposition table key is ``me | opp << 20 | who << 40``, one table per
    pattern (kept across calls: entries hold for any deal).
    """

    def __init__(self, fp: tuple[bool, bool],
                 values: tuple[int, ...] = VALUES_BY_RANK) -> None:
        self.fp = fp
        self.value = card_values(values)
        """Each card's value (the rule parameters; the text's by default)."""
        self.ranks = highest_first(values)
        self.tt: dict[object, int] = {}
        """Position key to its packed entry (see :func:`_entry`)."""
        count = int(fp[0]) + int(fp[1])
        self.last = 9 if count == 2 else 10
        self.sole = (0 if fp[0] else 1) if count == 1 else -1
        """The only foreplacer, or -1."""
        mult = [[0] * 11 for _ in range(2)]
        for seat in (0, 1):
            for move in range(1, 11):
                mult[seat][move] = move + (1 if fp[seat] else 0)
            if count == 1:
                mult[seat][10] = 22 if fp[seat] else 10
        self.mult = mult
        self.max_mult = [max(row[1:self.last + 1]) for row in mult]

    def multiplier(self, seat: int, move: int) -> int:
        return self.mult[seat][move]

    def after_answer(self, me: int, opp: int, who: int, move: int, lead: int,
                     answer: int) -> tuple[int, int, int] | None:
        """The next lead node ``(me, opp, who)`` after ``who`` led ``lead`` from ``me``
        and it was answered; ``None`` when that was the last move (a draw)."""
        if move == self.last:
            return None
        me ^= BIT[lead]
        opp ^= BIT[answer]
        if move == 9 and self.sole >= 0:
            if self.sole == who:
                me = BIT[lead]
            else:
                opp = BIT[answer]
        if answer > lead:
            return (opp, me, 1 - who)
        return (me, opp, who)

    def search(self, me: int, opp: int, who: int, m: int, alpha: int, beta: int) -> int:
        """The value of leading move ``m`` with hand ``me`` against ``opp``, from the
        leader ``who``'s view; fail-soft within ``(alpha, beta)``.

        Immediate mates are scored first for free; then the table's best lead,
        then "safe" leads (every answer loses, so the leader keeps the lead),
        then the rest, low cards first. A bound from the best card of each side
        (value × the largest multiplier) cuts hopeless windows at once.
        """
        if m == self.last:
            # Both hold one card: mate or a draw.
            c = me.bit_length() - 1
            if opp & MATCH[c]:
                return 0
            return self.value[c] * self.mult[who][m]
        key: object = me | (opp << 20) | (who << 40)  # boxed once for look-up and store
        done, value, alpha, beta, first = self.probe(key, alpha, beta)
        if done:
            return value
        a0 = alpha
        b0 = beta
        # Nobody can score more than their best card times their largest multiplier.
        upper = max_value(me, self.ranks) * self.max_mult[who]
        if upper <= alpha:
            return upper
        lower = -max_value(opp, self.ranks) * self.max_mult[1 - who]
        if lower >= beta:
            return lower
        if upper < beta:
            beta = upper
        if lower > alpha:
            alpha = lower
        best, best_card, safe, beaten = self.sort_leads(me, opp, self.mult[who][m])
        if best >= beta:
            self.tt[key] = _entry(best, INF, best_card)
            return best
        if best > alpha:
            alpha = best
        # The table's best lead first, then the safe leads, then the others, low first.
        if first >= 0 and (safe | beaten) >> first & 1:
            safe &= ~BIT[first]
            beaten &= ~BIT[first]
            c = first
        else:
            c = -1
        while True:
            if c < 0:
                if safe:
                    low = safe & -safe
                    safe ^= low
                elif beaten:
                    low = beaten & -beaten
                    beaten ^= low
                else:
                    break
                c = low.bit_length() - 1
            v = self.answered(me, opp, who, m, c, alpha, beta)
            if v > best:
                best = v
                best_card = c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
            c = -1
        if best <= a0:
            self.tt[key] = _entry(-INF, best, best_card)
        elif best >= b0:
            self.tt[key] = _entry(best, INF, best_card)
        else:
            self.tt[key] = _entry(best, best, best_card)
        return best

    def probe(self, key: object, alpha: int, beta: int) -> tuple[bool, int, int, int, int]:
        """The transposition table's word on a node: ``(done, value, alpha, beta, first)``,
        where ``done`` means its stored bounds already decide the window (the node's
        value is then ``value``), and otherwise the window narrowed by them and the best
        lead found before (-1 for none)."""
        entry = self.tt.get(key, -1)
        if entry < 0:
            return False, 0, alpha, beta, -1
        lo = (entry >> 26) - INF
        hi = ((entry >> 5) & _FIELD) - INF
        if lo >= beta or lo == hi:
            return True, lo, alpha, beta, -1
        if hi <= alpha:
            return True, hi, alpha, beta, -1
        return False, 0, lo if lo > alpha else alpha, hi if hi < beta else beta, \
            (entry & 31) - 1

    def sort_leads(self, me: int, opp: int, mult: int) -> tuple[int, int, int, int]:
        """The leads of ``me`` against ``opp`` at multiplier ``mult``, in three kinds:
        ``(best, best_card, safe, beaten)``, the best immediate mate's score and card
        (-INF and -1 when there is none), the leads every answer loses to (the leader
        keeps the lead) and the leads some answer beats, as masks."""
        value = self.value
        best = -INF
        best_card = -1
        beaten = 0
        safe = 0
        x = me
        while x:
            low = x & -x
            c = low.bit_length() - 1
            x ^= low
            if opp & MATCH[c]:
                ans = opp & SUIT[c] or opp & RANK[c]
                if ans >> c:
                    beaten |= low
                else:
                    safe |= low
            else:
                v = value[c] * mult
                if v > best:
                    best = v
                    best_card = c
        return best, best_card, safe, beaten

    def answered(self, me: int, opp: int, who: int, m: int, c: int, alpha: int,
                 beta: int) -> int:
        """The value of ``who`` leading card ``c`` in move ``m``: the least over the
        answers. The answers that take the lead first, then the others, each low first:
        the cheapest win and the cheapest loss are the likeliest refutations (a third
        fewer nodes than high answers first, on the worst deals too). The move before
        the last is evaluated inline, and so is move 10 with one foreplacer."""
        cb = BIT[c]
        me2 = me ^ cb
        other = 1 - who
        answers = opp & SUIT[c] or opp & RANK[c]
        wins = answers >> (c + 1) << (c + 1)
        answers ^= wins
        v = INF
        while wins or answers:
            if wins:
                low = wins & -wins
                wins ^= low
            else:
                low = answers & -answers
                answers ^= low
            a = low.bit_length() - 1
            opp2 = opp ^ low
            if m == 9 and self.sole >= 0:
                cv = self.foreplacer_last(who, c, a, cb, me2, opp2, low)
            elif m + 1 == self.last:
                cv = self.last_move(who, c, a, me2, opp2)
            elif a > c:
                cv = -self.search(opp2, me2, other, m + 1, -(v if v < beta else beta), -alpha)
            else:
                cv = self.search(me2, opp2, who, m + 1, alpha, v if v < beta else beta)
            if cv < v:
                v = cv
                if v <= alpha:
                    break
        return v

    def last_move(self, who: int, c: int, a: int, me2: int, opp2: int) -> int:
        """Move ``last`` after ``c`` was answered by ``a``: both hold one card, the winner
        leads it, mate or a draw (from ``who``'s view)."""
        if a > c:
            lc = opp2.bit_length() - 1
            return 0 if me2 & MATCH[lc] else -self.value[lc] * self.mult[1 - who][self.last]
        lc = me2.bit_length() - 1
        return 0 if opp2 & MATCH[lc] else self.value[lc] * self.mult[who][self.last]

    def foreplacer_last(self, who: int, c: int, a: int, cb: int, me2: int, opp2: int,
                        low: int) -> int:
        """Move 10 with one foreplacer after move 9's ``c`` was answered by ``a``: the
        foreplacer's move-9 card again, against the other's last card."""
        if self.sole == who:
            mine, theirs = cb, opp2
        else:
            mine, theirs = me2, low
        if a > c:
            lc = theirs.bit_length() - 1
            return 0 if mine & MATCH[lc] else -self.value[lc] * self.mult[1 - who][10]
        lc = mine.bit_length() - 1
        return 0 if theirs & MATCH[lc] else self.value[lc] * self.mult[who][10]


_FIELD: Final = (1 << 21) - 1
"""A bound plus ``INF`` fits in 21 bits."""


def _entry(lower: int, upper: int, best_card: int) -> int:
    """A table entry packed into one int (one small object rather than a tuple of three):
    the bounds ``lower`` and ``upper`` of the value and the best lead (-1 for none)."""
    return ((lower + INF) << 26) | ((upper + INF) << 5) | (best_card + 1)

# ruff: noqa: PLR1730  -- plain ifs beat max()/min() calls in the search loop
"""The exact MateBeta solver: the value of any position under perfect play.

The value is the points of seat 0 minus the points of seat 1 (only one mate ends
a game, so it is ± the mating score, or 0 for a draw), foreplacing decisions
included, and the best moves are every legal move that keeps that value.

How it is fast enough in pure Python:

* Cards are bits 0..19 in MateBeta order (``suit * 5 + rank``), hands are ints.
  Per card, precomputed tables give its bit, suit mask, rank mask, the mask of
  the cards that can answer it (suit or rank) and its value. A lead is mate when
  ``opp & MATCH[c] == 0``; in a move the higher index wins.
* One search node is a move about to be led: (leader's hand, other hand,
  leader). The move number follows from the hands for a given foreplacing
  pattern, so the transposition table key is ``me | opp << 20 | who << 40``,
  one table per pattern (kept across calls: entries hold for any deal).
* Alpha-beta (negamax at lead nodes, the answer is a min inside), fail-soft,
  with a bound table entry (lower, upper, best lead). Immediate mates are scored
  first for free; then the table's best lead, then "safe" leads (every answer
  loses, so the leader keeps the lead), then the rest, low cards first. A
  bound from the best card of each side (value × the largest multiplier) cuts
  hopeless windows at once.
* The last move is evaluated directly; on move 9 with one foreplacer the
  move-10 result (the foreplacer's move-9 card against the other's last card)
  is computed inline: overmate ×22, the other player's mate ×10, else a draw.
* Foreplacing is two more alpha-beta layers above the game search: the dealer
  maximises over keep / foreplace x, the other player minimises over the cards
  the rules allow after x.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.cards import Card
from cardtable.games.matebeta.rules import (
    ANSWER_MOVES,
    FOREPLACE_MOVES,
    KEEP_MOVE,
    LEAD_MOVES,
    MB_DECK,
    PHASE_ANSWER,
    PHASE_FOREPLACE,
    PHASE_LEAD,
    PHASE_OVER,
    MateBetaMove,
    MateBetaObservation,
    MateBetaState,
    card_value,
    mb_index,
)

INF = 1_000_000

BIT: tuple[int, ...] = tuple(1 << i for i in range(20))
SUIT: tuple[int, ...] = tuple(0x1F << (5 * (i // 5)) for i in range(20))
RANK: tuple[int, ...] = tuple(
    sum(1 << (i % 5 + 5 * s) for s in range(4)) for i in range(20)
)
MATCH: tuple[int, ...] = tuple(SUIT[i] | RANK[i] for i in range(20))
"""The cards that can answer card ``i`` (its suit or its rank)."""
VALUE: tuple[int, ...] = tuple(card_value(c) for c in MB_DECK)
CARD: tuple[Card, ...] = MB_DECK
_ACES, _TENS, _SEVENS, _KINGS = RANK[4], RANK[3], RANK[0], RANK[2]


def mask(cards: Sequence[Card]) -> int:
    """The bitmask of a set of MateBeta cards."""
    result = 0
    for card in cards:
        result |= BIT[mb_index(card)]
    return result


def indices(bits: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def max_value(hand: int) -> int:
    """The highest card value in a hand (A 11, 10 10, 7 7, K 4, Q 3)."""
    if hand & _ACES:
        return 11
    if hand & _TENS:
        return 10
    if hand & _SEVENS:
        return 7
    if hand & _KINGS:
        return 4
    return 3 if hand else 0


Search = Callable[[int, int, int, int, int, int], int]


class GameSearch:
    """Alpha-beta over the moves of one foreplacing pattern ``fp`` (per seat)."""

    def __init__(self, fp: tuple[bool, bool]) -> None:
        self.fp = fp
        self.tt: dict[int, tuple[int, int, int]] = {}
        count = fp[0] + fp[1]
        self.last = 9 if count == 2 else 10
        self.sole = fp.index(True) if count == 1 else -1
        """The only foreplacer, or -1."""
        mult = [[0] * 11 for _ in range(2)]
        for seat in (0, 1):
            for move in range(1, 11):
                mult[seat][move] = move + (1 if fp[seat] else 0)
            if count == 1:
                mult[seat][10] = 22 if fp[seat] else 10
        self.mult = mult
        self.max_mult = [max(row[1:self.last + 1]) for row in mult]
        self.search: Search = self._make_search()

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

    def _make_search(self) -> Search:
        tt = self.tt
        mult_table = self.mult
        max_mult = self.max_mult
        last = self.last
        sole = self.sole
        bit, suit, rank, match, value = BIT, SUIT, RANK, MATCH, VALUE
        aces, tens = _ACES, _TENS

        def search(me: int, opp: int, who: int, m: int, alpha: int, beta: int) -> int:
            """The value of leading move ``m`` with hand ``me`` against ``opp``, from the
            leader ``who``'s view; fail-soft within ``(alpha, beta)``."""
            if m == last:
                # Both hold one card: mate or a draw.
                c = me.bit_length() - 1
                if opp & match[c]:
                    return 0
                return value[c] * mult_table[who][m]
            key = me | (opp << 20) | (who << 40)
            entry = tt.get(key)
            first = -1
            if entry is not None:
                lo, hi, first = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            a0, b0 = alpha, beta
            other = 1 - who
            # Nobody can score more than their best card times their largest multiplier.
            if me & aces:
                upper = 11 * max_mult[who]
            elif me & tens:
                upper = 10 * max_mult[who]
            else:
                upper = max_value(me) * max_mult[who]
            if upper <= alpha:
                return upper
            if opp & aces:
                lower = -11 * max_mult[other]
            elif opp & tens:
                lower = -10 * max_mult[other]
            else:
                lower = -max_value(opp) * max_mult[other]
            if lower >= beta:
                return lower
            if upper < beta:
                beta = upper
            if lower > alpha:
                alpha = lower
            mult = mult_table[who][m]
            best = -INF
            best_card = -1
            leads = []
            safe = []
            x = me
            while x:
                low = x & -x
                c = low.bit_length() - 1
                x ^= low
                if opp & match[c]:
                    ans = opp & suit[c] or opp & rank[c]
                    if ans >> c:
                        leads.append(c)
                    else:
                        safe.append(c)
                else:
                    v = value[c] * mult
                    if v > best:
                        best = v
                        best_card = c
            if best >= beta:
                tt[key] = (best, INF, best_card)
                return best
            if best > alpha:
                alpha = best
            if safe:
                leads = safe + leads
            if first >= 0 and first in leads and leads[0] != first:
                leads.remove(first)
                leads.insert(0, first)
            last_but_one = m == 9 and sole >= 0
            next_is_last = m + 1 == last
            mult_who_last = mult_table[who][last]
            mult_other_last = mult_table[other][last]
            for c in leads:
                cb = bit[c]
                me2 = me ^ cb
                answers = opp & suit[c] or opp & rank[c]
                v = INF
                while answers:
                    low = answers & -answers
                    a = low.bit_length() - 1
                    answers ^= low
                    opp2 = opp ^ low
                    if last_but_one:
                        # Move 10 with one foreplacer: the move-9 card again.
                        if sole == who:
                            mine, theirs = cb, opp2
                        else:
                            mine, theirs = me2, low
                        if a > c:
                            lc = theirs.bit_length() - 1
                            cv = 0 if mine & match[lc] else -value[lc] * mult_table[other][10]
                        else:
                            lc = mine.bit_length() - 1
                            cv = 0 if theirs & match[lc] else value[lc] * mult_table[who][10]
                    elif next_is_last:
                        # Move ``last``: both hold one card, the winner leads it.
                        if a > c:
                            lc = opp2.bit_length() - 1
                            cv = 0 if me2 & match[lc] else -value[lc] * mult_other_last
                        else:
                            lc = me2.bit_length() - 1
                            cv = 0 if opp2 & match[lc] else value[lc] * mult_who_last
                    elif a > c:
                        cv = -search(opp2, me2, other, m + 1, -(v if v < beta else beta), -alpha)
                    else:
                        cv = search(me2, opp2, who, m + 1, alpha, v if v < beta else beta)
                    if cv < v:
                        v = cv
                        if v <= alpha:
                            break
                if v > best:
                    best = v
                    best_card = c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            if best <= a0:
                tt[key] = (-INF, best, best_card)
            elif best >= b0:
                tt[key] = (best, INF, best_card)
            else:
                tt[key] = (best, best, best_card)
            return best

        return search


# --- positions -------------------------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    """A position's value (seat 0 minus seat 1) and the best moves of the seat to act."""

    value: int
    best: tuple[MateBetaMove, ...]
    seat: int | None

    def to_json(self) -> dict[str, object]:
        return {"value": self.value, "best": [m.text for m in self.best]}


class Solver:
    """Exact values and best moves; keeps its transposition tables between calls."""

    def __init__(self, max_entries: int = 500_000) -> None:
        """``max_entries``: a table larger than this is cleared (bounded memory for
        long-lived players; one fresh deal needs some 10-30 thousand entries)."""
        self.max_entries = max_entries
        self._searches: dict[tuple[bool, bool], GameSearch] = {}

    def game(self, fp: tuple[bool, bool]) -> GameSearch:
        search = self._searches.get(fp)
        if search is None:
            search = self._searches[fp] = GameSearch(fp)
        elif len(search.tt) > self.max_entries:
            search.tt.clear()
        return search

    @property
    def nodes(self) -> int:
        """Positions in the transposition tables (each searched at least once)."""
        return sum(len(s.tt) for s in self._searches.values())

    # --- public API ---
    def value(self, position: MateBetaObservation | MateBetaState) -> int:
        """The value (seat 0 minus seat 1) under perfect play."""
        return self.analyse(position, all_best=False).value

    def analyse(self, position: MateBetaObservation | MateBetaState,
                all_best: bool = True) -> Analysis:
        """The value and the best moves of the seat to act (every one of them when
        ``all_best``, else the first one found)."""
        obs = position.observation(None) if isinstance(position, MateBetaState) else position
        if obs.outcome is not None or obs.phase == PHASE_OVER:
            assert obs.outcome is not None
            p0, p1 = obs.outcome.points
            return Analysis(p0 - p1, (), None)
        seat = obs.to_act()
        assert seat is not None
        sign = 1 if seat == 0 else -1
        values = self._root_values(obs, all_best)
        best_value = max(v for v, _ in values)
        best = tuple(m for v, m in values if v == best_value)
        if not all_best:
            best = best[:1]  # the first move reaching the best value is exact
        return Analysis(sign * best_value, best, seat)

    def move_values(self, position: MateBetaObservation | MateBetaState
                    ) -> dict[MateBetaMove, int]:
        """The exact value (seat 0 minus seat 1) after each legal move."""
        obs = position.observation(None) if isinstance(position, MateBetaState) else position
        seat = obs.to_act()
        if seat is None:
            return {}
        sign = 1 if seat == 0 else -1
        return {m: sign * v for v, m in self._root_values(obs, True, exact=True)}

    # --- the root ---
    def _root_values(self, obs: MateBetaObservation, all_best: bool,
                     exact: bool = False) -> list[tuple[int, MateBetaMove]]:
        """``(value from the mover's view, move)`` for the legal moves. Values of moves
        that cannot be best are only upper bounds unless ``exact``; with neither
        ``all_best`` nor ``exact`` only the first best move is sure to be marked."""
        if obs.phase == PHASE_FOREPLACE:
            return self._foreplace_root(obs, all_best, exact)
        fp = (obs.foreplaced[0] is not None, obs.foreplaced[1] is not None)
        game = self.game(fp)
        hands = (mask(obs.hands[0]), mask(obs.hands[1]))
        leader = obs.leader
        me, opp = hands[leader], hands[1 - leader]
        move = obs.move
        if obs.phase == PHASE_LEAD:
            children: list[tuple[Callable[[int, int], int], MateBetaMove]] = []
            for c in indices(me):
                children.append((self._lead_child(game, me, opp, leader, move, c),
                                 LEAD_MOVES[CARD[c]]))
        else:
            assert obs.phase == PHASE_ANSWER and obs.lead is not None
            lead = mb_index(obs.lead)
            me |= BIT[lead]  # the lead is still "in hand" for after_answer
            answerer = 1 - leader
            options = opp & SUIT[lead] or opp & RANK[lead]
            children = []
            for a in indices(options):
                after = game.after_answer(me, opp, leader, move, lead, a)
                children.append((self._answer_child(game, after, answerer, move),
                                 ANSWER_MOVES[CARD[a]]))
        return _max_layer(children, all_best, exact)

    def _lead_child(self, game: GameSearch, me: int, opp: int, who: int, move: int,
                    c: int) -> Callable[[int, int], int]:
        """The value of leading ``c`` (leader's view), as a windowed search."""

        def value(alpha: int, beta: int) -> int:
            if not opp & MATCH[c]:
                return VALUE[c] * game.multiplier(who, move)
            answers = opp & SUIT[c] or opp & RANK[c]
            v = INF
            for a in indices(answers):
                after = game.after_answer(me, opp, who, move, c, a)
                cv = _node_value(game, after, who, move, alpha, min(v, beta))
                v = min(v, cv)
                if v <= alpha:
                    break
            return v

        return value

    def _answer_child(self, game: GameSearch, after: tuple[int, int, int] | None,
                      answerer: int, move: int) -> Callable[[int, int], int]:
        """The value of an answer from the answerer's view."""

        def value(alpha: int, beta: int) -> int:
            return _node_value(game, after, answerer, move, alpha, beta)

        return value

    def _foreplace_root(self, obs: MateBetaObservation, all_best: bool,
                        exact: bool) -> list[tuple[int, MateBetaMove]]:
        dealer = obs.dealer
        other = 1 - dealer
        hands = (mask(obs.hands[0]), mask(obs.hands[1]))
        if not obs.decided[dealer]:
            children = [(self._dealer_child(hands, dealer, move), move)
                        for move in _foreplace_options(obs.hands[dealer], None)]
            return _max_layer(children, all_best, exact)
        dealer_card = obs.foreplaced[dealer]
        kept = []
        for move in _foreplace_options(obs.hands[other], dealer_card):
            fp = _pattern(dealer, dealer_card is not None, move.card is not None)
            h = list(hands)
            if move.card is not None:
                h[other] ^= BIT[mb_index(move.card)]
            game = self.game(fp)
            kept.append((_negated(_start_child(game, h[dealer], h[other], dealer)), move))
        return _max_layer(kept, all_best, exact)

    def _dealer_child(self, hands: tuple[int, int], dealer: int,
                      move: MateBetaMove) -> Callable[[int, int], int]:
        """The value of a dealer's foreplacing decision (dealer's view): the other player
        answers with their best decision."""
        other = 1 - dealer
        h = list(hands)
        card = move.card
        if card is not None:
            h[dealer] ^= BIT[mb_index(card)]
        options = _foreplace_options(tuple(CARD[i] for i in indices(h[other])), card)

        def value(alpha: int, beta: int) -> int:
            v = INF
            for option in options:
                hh = list(h)
                if option.card is not None:
                    hh[other] ^= BIT[mb_index(option.card)]
                game = self.game(_pattern(dealer, card is not None, option.card is not None))
                cv = game.search(hh[dealer], hh[other], dealer, 1, alpha, min(v, beta))
                if cv < v:
                    v = cv
                    if v <= alpha:
                        break
            return v

        return value


def _pattern(dealer: int, dealer_fp: bool, other_fp: bool) -> tuple[bool, bool]:
    fp = [False, False]
    fp[dealer] = dealer_fp
    fp[1 - dealer] = other_fp
    return (fp[0], fp[1])


def _foreplace_options(hand: Sequence[Card], dealer_card: Card | None) -> list[MateBetaMove]:
    """``keep`` and the cards that may be foreplaced (not the dealer's suit or rank)."""
    moves = [KEEP_MOVE]
    for card in sorted(hand, key=mb_index):
        if dealer_card is not None and (card.suit == dealer_card.suit
                                        or card.rank == dealer_card.rank):
            continue
        moves.append(FOREPLACE_MOVES[card])
    return moves


def _start_child(game: GameSearch, dealer_hand: int, other_hand: int,
                 dealer: int) -> Callable[[int, int], int]:
    def value(alpha: int, beta: int) -> int:
        return game.search(dealer_hand, other_hand, dealer, 1, alpha, beta)

    return value


def _negated(child: Callable[[int, int], int]) -> Callable[[int, int], int]:
    def value(alpha: int, beta: int) -> int:
        return -child(-beta, -alpha)

    return value


def _node_value(game: GameSearch, after: tuple[int, int, int] | None, viewer: int,
                move: int, alpha: int, beta: int) -> int:
    """The value, from ``viewer``'s view, of the position after move ``move`` was
    answered (``None``: the last move was answered, a draw)."""
    if after is None:
        return 0
    me, opp, who = after
    if who == viewer:
        return game.search(me, opp, who, move + 1, alpha, beta)
    return -game.search(me, opp, who, move + 1, -beta, -alpha)


def _mtdf(child: Callable[[int, int], int], lower: int = -INF, guess: int = 0) -> int:
    """The exact value of a fail-soft child by null-window probes (MTD(f)), starting
    from ``guess`` with a known ``lower`` bound. Most deals are draws or near, so a
    few cheap probes beat one wide search (about 40% less time here)."""
    upper = INF
    value = guess
    while lower < upper:
        beta = value if value > lower + 1 else lower + 1
        value = child(beta - 1, beta)
        if value < beta:
            upper = value
        else:
            lower = value
    return value


def _max_layer(children: Sequence[tuple[Callable[[int, int], int], MateBetaMove]],
               all_best: bool, exact: bool) -> list[tuple[int, MateBetaMove]]:
    """Values of the mover's options (mover's view), searched in order.

    The first child is solved exactly (MTD(f) from a draw). Every other child is first
    tested with a null window: whether it beats the best so far (enough for the first
    best move) or, when ``all_best``, whether it reaches it; only then is it solved
    exactly. A child that fails the test keeps an upper bound below (or at) the best.
    ``exact`` solves every child.
    """
    results: list[tuple[int, MateBetaMove]] = []
    best = -INF
    for child, move in children:
        if exact or best == -INF:
            v = _mtdf(child)
        else:
            floor = best - 1 if all_best else best
            v = child(floor, floor + 1)
            if v > floor:
                v = _mtdf(child, lower=v, guess=v)
        best = max(best, v)
        results.append((v, move))
    return results

def solve(state: MateBetaState) -> dict[str, object]:
    """``{"value": v, "best": ["move text", ...]}`` for ``cardtable solve``."""
    return Solver().analyse(state).to_json()

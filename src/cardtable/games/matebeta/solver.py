"""The exact MateBeta solver: the value of any position under perfect play.

The value is the points of seat 0 minus the points of seat 1 (only one mate ends
a game, so it is ± the mating score, or 0 for a draw), foreplacing decisions
included, and the best moves are every legal move that keeps that value.

How it is fast: the game search runs on bitmasks in :mod:`.search`, which
``make install`` compiles with mypyc; this module reads positions and makes the
root decisions on top of it.

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
from cardtable.games.matebeta.search import (
    BIT,
    INF,
    MATCH,
    RANK,
    SUIT,
    VALUE,
    VALUES_BY_RANK,
    GameSearch,
    indices,
)

CARD: tuple[Card, ...] = MB_DECK
assert tuple(card_value(c) for c in MB_DECK) == VALUE, "search.py's card values"


def mask(cards: Sequence[Card]) -> int:
    """The bitmask of a set of MateBeta cards."""
    result = 0
    for card in cards:
        result |= BIT[mb_index(card)]
    return result


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
        self._searches: dict[tuple[tuple[bool, bool], tuple[int, ...]], GameSearch] = {}
        self._values: tuple[int, ...] = VALUES_BY_RANK
        """The card values of the position being solved (its rule parameters): each set
        of values has tables of its own."""
        self._no_foreplace: tuple[int, ...] = ()

    def game(self, fp: tuple[bool, bool]) -> GameSearch:
        key = (fp, self._values)
        search = self._searches.get(key)
        if search is None:
            search = self._searches[key] = GameSearch(fp, self._values)
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
        self._values = obs.values
        self._no_foreplace = obs.no_foreplace
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
                return game.value[c] * game.multiplier(who, move)
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
                        for move in _foreplace_options(obs.hands[dealer], None,
                                                       dealer not in obs.no_foreplace)]
            return _max_layer(children, all_best, exact)
        dealer_card = obs.foreplaced[dealer]
        kept = []
        for move in _foreplace_options(obs.hands[other], dealer_card,
                                       other not in obs.no_foreplace):
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
        options = _foreplace_options(tuple(CARD[i] for i in indices(h[other])), card,
                                     other not in self._no_foreplace)

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


def _foreplace_options(hand: Sequence[Card], dealer_card: Card | None,
                       allowed: bool) -> list[MateBetaMove]:
    """``keep`` and the cards that may be foreplaced (not the dealer's suit or rank;
    none for a seat with the no-foreplacing handicap)."""
    moves = [KEEP_MOVE]
    if not allowed:
        return moves
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

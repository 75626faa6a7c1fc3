"""The end of the deck, played exactly: once the draw pile is empty, count to the end.

When the draw pile is empty and every card this seat cannot see must lie in one
other hand (two players, solo, or one partner left with cards), the seat knows
the whole position: the rest of the game is a puzzle of perfect information
for the team. :func:`solve_endgame` searches it move by move, with a table of
positions already judged, for the line that plays the most cards (all of them,
if it can be done), and gives up (``None``) after a budget of positions, so the
planner's turn search takes over. Every partner who plays the same way finds
at least the same line on its own turn, since it sees the same position.

Fire and the commands are left to the planner: their duties span turns and do
not fit this count. Passing on needs two required cards, which an empty draw
pile never asks, so it plays no part here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.cards import Card
from cardtable.games.paternoster.rules import (
    END,
    LONG,
    NO_FIT,
    NORMAL,
    PATERNOSTER,
    PLAY,
    PaternosterMove,
    PaternosterObservation,
    fit_kind,
    full_deck,
)

BUDGET = 30_000
"""Positions searched before the search gives up (about a fifth of a second)."""
DEALS = 8
"""Deals sampled when several partners still hold cards."""
SAMPLED_CARDS = 10
"""Sampled deals are searched only while the partners hold at most this many cards."""
DEAL_BUDGET = 3_000
"""Positions searched per sampled deal and line."""
DEALS_BUDGET = 40_000
"""Positions searched over all sampled deals of one decision (the lines judged so far
decide when it runs out)."""
LOST = -1000
"""The value of a line that loses the game (a passenger left undelivered)."""


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class Endgame:
    """The rest of the turn on the best line, and how many cards that line plays."""

    moves: tuple[PaternosterMove, ...]
    played: int
    """Cards the whole team plays from here on that line."""
    perfect: bool


def possible_hands(obs: PaternosterObservation) -> list[tuple[tuple[Card, ...], ...]]:
    """Every seat's hand, once the draw pile is empty: the one deal the observation
    allows when at most one other seat holds cards, else ``DEALS`` deals sampled from
    it (seeded by the observation alone) while the others hold at most
    ``SAMPLED_CARDS`` cards; none otherwise."""
    if obs.draw_count or obs.seat is None:
        return []
    seat = obs.seat
    others = [s for s, n in enumerate(obs.hand_counts) if n and s != seat]
    if len(others) <= 1:
        unseen = list(full_deck(obs.options))
        for card in (*obs.hand, *obs.passengers, *(c for pile in obs.piles for c in pile)):
            unseen.remove(card)
        hands: list[tuple[Card, ...]] = [() for _ in obs.hand_counts]
        hands[seat] = tuple(sorted(obs.hand))
        if len(unseen) != sum(obs.hand_counts[s] for s in others):
            return []
        for other in others:
            hands[other] = tuple(sorted(unseen))
        return [tuple(hands)]
    if sum(obs.hand_counts[s] for s in others) > SAMPLED_CARDS:
        return []
    rng = random.Random(repr((obs.piles, obs.hand, obs.hand_counts, obs.turn, obs.passed)))
    deals = []
    for _ in range(DEALS):
        state = PATERNOSTER.sample(obs, rng)
        deals.append(tuple(tuple(sorted(h)) for h in state.hands))
    return deals


def applies(obs: PaternosterObservation) -> bool:
    """Whether this module plays the position (the variant's rules fit the count)."""
    opts = obs.options
    return not (opts.fire or opts.commands or opts.commands_light) and obs.required <= 1


Position = tuple[tuple["Card | None", ...], tuple[tuple[Card, ...], ...], int, bool, bool, bool,
                 int, int]
"""Piles' tops, every hand, the seat to act, whether it may end its turn, whether it
made its step back, used a token, the tokens left, passengers delivered."""
Memo = dict[Position, tuple[int, "tuple[Card, int] | None"]]
"""Positions judged so far: exact values and best moves, for one game's rules."""


class _Search:
    def __init__(self, obs: PaternosterObservation, budget: int, memo: Memo) -> None:
        opts = obs.options
        self.piles = obs.facts().piles
        self.same_suit = opts.first_ride
        self.tokens_variant = opts.tokens > 0
        self.passengers = obs.passengers
        self.players = len(obs.hand_counts)
        self.budget = budget
        self.nodes = 0
        self.memo = memo

    def moves(self, tops: tuple[Card | None, ...], hand: tuple[Card, ...], step: bool,
              token_used: bool, tokens: int, delivered: int
              ) -> list[tuple[int, Card, int, int]]:
        """Legal plays as (ordering cost, card, pile, fit kind), cheapest first."""
        passengers = self.passengers
        pending = delivered < len(passengers)
        result = []
        last = -1
        for card in hand:
            if card == last:
                continue
            last = card
            if pending and card in passengers and passengers.index(card) != delivered:
                continue
            for pile in self.piles:
                top = tops[pile]
                up = pile < 3
                kind = fit_kind(card, top, up, self.same_suit)
                if kind == NO_FIT:
                    continue
                if kind != NORMAL:
                    if step:
                        continue
                    if kind == LONG and (not self.tokens_variant or token_used or tokens == 0):
                        continue
                    cost = -8 if kind != LONG else -2
                elif top is None:
                    cost = card if up else 51 - card
                else:
                    cost = card - top if up else top - card
                result.append((cost, card, pile, kind))
        result.sort()
        return result

    def value(self, tops: tuple[Card | None, ...], hands: tuple[tuple[Card, ...], ...],
              seat: int, may_end: bool, step: bool, token_used: bool, tokens: int,
              delivered: int, remaining: int) -> int:
        """Cards the team can still play from this position (``LOST`` for a loss)."""
        key = (tops, hands, seat, may_end, step, token_used, tokens, delivered)
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        best = LOST if delivered < len(self.passengers) else 0
        best_move: tuple[Card, int] | None = None
        if may_end:
            nxt = seat
            for k in range(1, self.players + 1):
                nxt = (seat + k) % self.players
                if hands[nxt]:
                    break
            best = self.value(tops, hands, nxt, False, False, False, tokens, delivered,
                              remaining)
        if best < remaining:
            hand = hands[seat]
            for _cost, card, pile, kind in self.moves(tops, hand, step, token_used, tokens,
                                                      delivered):
                if remaining == 1:
                    best, best_move = 1, (card, pile)
                    break
                i = hand.index(card)
                new_hands = (*hands[:seat], hand[:i] + hand[i + 1:], *hands[seat + 1:])
                new_tops = (*tops[:pile], card, *tops[pile + 1:])
                long = kind == LONG
                v = 1 + self.value(new_tops, new_hands, seat, True, step or kind != NORMAL,
                                   token_used or long, tokens - long,
                                   delivered + (delivered < len(self.passengers)
                                                and card == self.passengers[delivered]),
                                   remaining - 1)
                if v > best:
                    best, best_move = v, (card, pile)
                    if best == remaining:
                        break
        self.memo[key] = (best, best_move)
        return best

    def advance(self, pos: Position, move: PaternosterMove) -> Position:
        """The position after one move of the seat to act (a play or ``end``)."""
        tops, hands, seat, _may_end, step, token_used, tokens, delivered = pos
        if move.kind != "play" or move.card is None:
            nxt = seat
            for k in range(1, self.players + 1):
                nxt = (seat + k) % self.players
                if hands[nxt]:
                    break
            return (tops, hands, nxt, False, False, False, tokens, delivered)
        card, pile = move.card, move.pile
        kind = fit_kind(card, tops[pile], pile < 3, self.same_suit)
        hand = hands[seat]
        i = hand.index(card)
        long = kind == LONG
        if delivered < len(self.passengers) and card == self.passengers[delivered]:
            delivered += 1
        return ((*tops[:pile], card, *tops[pile + 1:]),
                (*hands[:seat], hand[:i] + hand[i + 1:], *hands[seat + 1:]), seat, True,
                step or kind != NORMAL, token_used or long, tokens - long, delivered)

    def line(self, pos: Position) -> list[PaternosterMove]:
        """The moves of the best line up to the end of this seat's turn."""
        moves: list[PaternosterMove] = []
        while True:
            entry = self.memo.get(pos)
            if entry is None or entry[1] is None:
                if pos[3] and any(pos[1]):
                    moves.append(END)
                return moves
            card, pile = entry[1]
            moves.append(PLAY[card][pile])
            pos = self.advance(pos, PLAY[card][pile])

    def judge(self, pos: Position, line: Sequence[PaternosterMove]) -> int:
        """Cards the team plays from ``pos`` when this turn is ``line`` and the rest is
        played as well as possible (may run out of budget)."""
        played = 0
        for move in line:
            pos = self.advance(pos, move)
            played += move.kind == "play"
        left = sum(len(h) for h in pos[1])
        return played + (self.value(*pos, left) if left else 0)


def solve_endgame(obs: PaternosterObservation, budget: int = BUDGET,
                  memo: Memo | None = None) -> Endgame | None:
    """The best rest of this turn when the deck's end is counted exactly (see the
    module's notes); ``None`` when the position is not known or too big.

    ``memo`` keeps what a search learnt for the next one in the same game (also what
    a search that ran out of budget judged: every entry is exact), so a position too
    big for one turn is solved over several."""
    if not applies(obs) or obs.seat is None or obs.seat != obs.turn_seat:
        return None
    deals = possible_hands(obs)
    if not deals:
        return None
    search = _Search(obs, budget, {} if memo is None else memo)
    remaining = sum(len(h) for h in deals[0])
    roots: list[Position] = [(obs.tops, hands, obs.seat, obs.played >= 1, obs.step_back_used,
                              obs.token_used, obs.tokens, obs.delivered) for hands in deals]
    if len(roots) == 1:
        try:
            played = search.value(*roots[0], remaining)
        except _OutOfBudget:
            return None
        return Endgame(tuple(search.line(roots[0])), played, played == remaining)
    search.budget = min(budget, DEAL_BUDGET)
    return _best_over_deals(search, roots, remaining)


def _best_over_deals(search: _Search, roots: list[Position], remaining: int
                     ) -> Endgame | None:
    """Each sampled deal's best turn, judged on every deal: the turn that plays all
    cards on most deals, then the most cards on average."""
    lines: list[tuple[PaternosterMove, ...]] = []
    spent = 0
    for root in roots:
        search.nodes = 0
        try:
            search.value(*root, remaining)
        except _OutOfBudget:
            continue
        finally:
            spent += search.nodes
        line = tuple(search.line(root))
        if line not in lines:
            lines.append(line)
    best: tuple[int, int, tuple[PaternosterMove, ...]] | None = None
    for line in lines:
        if spent > DEALS_BUDGET and best is not None:
            break
        perfect = total = 0
        for root in roots:
            search.nodes = 0
            try:
                played = search.judge(root, line)
            except _OutOfBudget:
                played = 0
            spent += search.nodes
            perfect += played == remaining
            total += played
        if best is None or (perfect, total) > best[:2]:
            best = (perfect, total, line)
    if best is None:
        return None
    return Endgame(best[2], best[1] // len(roots), best[0] == len(roots))

"""The end of the deck, played exactly: count every card and plan to the end.

When the draw pile is empty and every card this seat cannot see must lie in one
other hand (two players, solo, or one partner left with cards), the seat knows
the whole position: the rest of the game is a puzzle of perfect information
for the team. :func:`solve_endgame` searches it move by move, with a table of
positions already judged, for the line that plays the most cards (all of them,
if it can be done), and gives up (``None``) after a budget of positions, so the
planner's turn search takes over. Every partner who plays the same way finds
at least the same line on its own turn, since it sees the same position.

Where the cards are not all known, it samples deals that fit the observation
(``Game.sample``): the partners' hands once the draw pile is empty (three
players and more), the order of the last few cards of the draw pile when
playing solo. Each deal's best turn is judged on every deal, and the turn that
plays all cards on most of them wins.

Fire and the commands are left to the planner: their duties span turns and do
not fit this count. Passing on and the tokens' early end are not searched (the
lines found never need them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.cards import Card
from cardtable.games.paternoster.fit import LONG, NO_FIT, NORMAL, fit_kind
from cardtable.games.paternoster.rules import (
    END,
    PATERNOSTER,
    PLAY,
    PaternosterMove,
    PaternosterObservation,
    full_deck,
)

BUDGET = 30_000
"""Positions searched before the search gives up (a few tenths of a second at most)."""
DEALS = 8
"""Deals sampled when several partners still hold cards."""
SAMPLED_CARDS = 10
"""Sampled deals are searched only while the partners hold at most this many cards."""
SAMPLED_DRAW = 6
"""Solo, the draw pile's order is sampled once it holds at most this many cards."""
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


Deal = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]
"""Every seat's hand and the draw pile (top last)."""


def possible_deals(obs: PaternosterObservation) -> list[Deal]:
    """The hidden cards, where this module can count them: once the draw pile is empty,
    the one deal the observation allows when at most one other seat holds cards, else
    ``DEALS`` deals sampled from it while the others hold at most ``SAMPLED_CARDS``;
    solo (nobody else holding cards), ``DEALS`` orders of the last ``SAMPLED_DRAW``
    cards of the draw pile. Sampling is seeded by the observation alone."""
    if obs.seat is None:
        return []
    seat = obs.seat
    others = [s for s, n in enumerate(obs.hand_counts) if n and s != seat]
    if obs.draw_count:
        if others or obs.draw_count > SAMPLED_DRAW:
            return []
    elif len(others) <= 1:
        unseen = list(full_deck(obs.options))
        for card in (*obs.hand, *obs.passengers, *(c for pile in obs.piles for c in pile)):
            unseen.remove(card)
        hands: list[tuple[Card, ...]] = [() for _ in obs.hand_counts]
        hands[seat] = tuple(sorted(obs.hand))
        if len(unseen) != sum(obs.hand_counts[s] for s in others):
            return []
        for other in others:
            hands[other] = tuple(sorted(unseen))
        return [(tuple(hands), ())]
    elif sum(obs.hand_counts[s] for s in others) > SAMPLED_CARDS:
        return []
    rng = random.Random(repr((obs.piles, obs.hand, obs.hand_counts, obs.turn, obs.passed)))
    deals = []
    for _ in range(DEALS):
        state = PATERNOSTER.sample(obs, rng)
        deals.append((tuple(tuple(sorted(h)) for h in state.hands), tuple(state.draw)))
    return deals


def applies(obs: PaternosterObservation) -> bool:
    """Whether this module plays the position (the variant's rules fit the count)."""
    opts = obs.options
    return not (opts.fire or opts.commands or opts.commands_light)


Position = tuple[tuple["Card | None", ...], tuple[tuple[Card, ...], ...], tuple[Card, ...],
                 int, int, bool, bool, int, int]
"""Piles' tops, every hand, the draw pile (top last), the seat to act, the cards it
still owes this turn, whether it made its step back, used a token, the tokens left,
passengers delivered."""
Memo = dict[Position, tuple[int, "tuple[Card, int] | None"]]
"""Positions judged so far: exact values and best moves, for one game's rules."""


class _Search:
    def __init__(self, obs: PaternosterObservation, budget: int, memo: Memo) -> None:
        opts = obs.options
        self.piles = obs.facts().piles
        self.reach = opts.step_reach
        self.tokens_variant = opts.tokens > 0
        self.passengers = obs.passengers
        self.players = len(obs.hand_counts)
        self.hand_size = opts.hand_size
        self.drawing_required = 1 if opts.first_ride else 3 if opts.steep else 2
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
                kind = fit_kind(card, top, up, self.reach)
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

    def end_turn(self, pos: Position) -> Position:
        """The position after the seat to act ends its turn: it draws, the next seat
        holding cards begins and owes what the rules ask of it."""
        tops, hands, draw, seat, _owed, _step, _token_used, tokens, delivered = pos
        take = min(self.hand_size - len(hands[seat]), len(draw))
        if take > 0:
            hand = tuple(sorted(hands[seat] + draw[len(draw) - take:]))
            hands = (*hands[:seat], hand, *hands[seat + 1:])
            draw = draw[:len(draw) - take]
        nxt = seat
        for k in range(1, self.players + 1):
            nxt = (seat + k) % self.players
            if hands[nxt]:
                break
        owed = min(self.drawing_required if draw else 1, len(hands[nxt]))
        return (tops, hands, draw, nxt, owed, False, False, tokens, delivered)

    def play(self, pos: Position, card: Card, pile: int, kind: int) -> Position:
        """The position after the seat to act plays ``card`` on ``pile``."""
        tops, hands, draw, seat, owed, step, token_used, tokens, delivered = pos
        hand = hands[seat]
        i = hand.index(card)
        long = kind == LONG
        if delivered < len(self.passengers) and card == self.passengers[delivered]:
            delivered += 1
        return ((*tops[:pile], card, *tops[pile + 1:]),
                (*hands[:seat], hand[:i] + hand[i + 1:], *hands[seat + 1:]), draw, seat,
                max(0, owed - 1), step or kind != NORMAL, token_used or long, tokens - long,
                delivered)

    def value(self, pos: Position, remaining: int) -> int:
        """Cards the team can still play from this position (``LOST`` for a loss)."""
        known = self.memo.get(pos)
        if known is not None:
            return known[0]
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        tops, hands, _draw, seat, owed, step, token_used, tokens, delivered = pos
        best = LOST if delivered < len(self.passengers) else 0
        best_move: tuple[Card, int] | None = None
        if owed == 0:
            best = self.value(self.end_turn(pos), remaining)
        if best < remaining:
            for _cost, card, pile, kind in self.moves(tops, hands[seat], step, token_used,
                                                      tokens, delivered):
                if remaining == 1:
                    best, best_move = 1, (card, pile)
                    break
                v = 1 + self.value(self.play(pos, card, pile, kind), remaining - 1)
                if v > best:
                    best, best_move = v, (card, pile)
                    if best == remaining:
                        break
        self.memo[pos] = (best, best_move)
        return best

    def advance(self, pos: Position, move: PaternosterMove) -> Position:
        """The position after one move of the seat to act (a play or ``end``)."""
        if move.kind != "play" or move.card is None:
            return self.end_turn(pos)
        kind = fit_kind(move.card, pos[0][move.pile], move.pile < 3, self.reach)
        return self.play(pos, move.card, move.pile, kind)

    def line(self, pos: Position) -> list[PaternosterMove]:
        """The moves of the best line up to the end of this seat's turn."""
        moves: list[PaternosterMove] = []
        while True:
            entry = self.memo.get(pos)
            if entry is None or entry[1] is None:
                if pos[4] == 0 and (any(pos[1]) or pos[2]):
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
        left = sum(len(h) for h in pos[1]) + len(pos[2])
        return played + (self.value(pos, left) if left else 0)


def solve_endgame(obs: PaternosterObservation, budget: int = BUDGET,
                  memo: Memo | None = None) -> Endgame | None:
    """The best rest of this turn when the deck's end is counted exactly (see the
    module's notes); ``None`` when the position is not known or too big.

    ``memo`` keeps what a search learnt for the next one in the same game (also what
    a search that ran out of budget judged: every entry is exact), so a position too
    big for one turn is solved over several."""
    if not applies(obs) or obs.seat is None or obs.seat != obs.turn_seat:
        return None
    deals = possible_deals(obs)
    if not deals:
        return None
    search = _Search(obs, budget, {} if memo is None else memo)
    hands, draw = deals[0]
    remaining = sum(len(h) for h in hands) + len(draw)
    owed = max(0, obs.required - obs.played - obs.gave)
    roots: list[Position] = [(obs.tops, hands, draw, obs.seat, owed, obs.step_back_used,
                              obs.token_used, obs.tokens, obs.delivered)
                             for hands, draw in deals]
    if len(roots) == 1:
        try:
            played = search.value(roots[0], remaining)
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
            search.value(root, remaining)
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

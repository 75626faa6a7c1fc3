"""The planning team player's thinking: a whole turn searched, cards counted.

A turn is a sequence of plays (and at most one ``give`` or a ``token-end``)
ending when the required cards are down, or at a Stop. :func:`plan_turn`
searches every such sequence from one seat's observation, depth first, cheapest
first, and scores it with a cost model that counts cards: every card not on a
pile and not turned up as a passenger is still to be played, in this seat's
hand (known) or elsewhere (a partner's hand or the draw pile, unknown). A
play costs the cards it shuts out of its pile (a jump over steps whose cards
are all down is free) and a step back earns the cards it lets back in, so the
search finds the jump-then-step-back combinations by itself. Extra cards beyond
the required ones are played when they are nearly free.

Partners' signals add costs to plays on their piles; the duties of Fire and the
Cover command, passengers' order and the other commands are rules of the
search (a sequence that loses the game is never chosen while another exists).
Everything here reads only the observation.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.cards import Card
from cardtable.games.paternoster.fit import LONG, NO_FIT, NORMAL, fit_kind
from cardtable.games.paternoster.rules import (
    BLACK_JACKS,
    BLACK_KINGS,
    BLACK_QUEENS,
    BURNING,
    END,
    GIVE,
    PLAY,
    RED_JACKS,
    RED_KINGS,
    RED_QUEENS,
    TOKEN_END,
    PaternosterMove,
    PaternosterObservation,
    full_deck,
)

MIX = 0.5
"""How a skipped step counts: this share as two cards (its place on the ladder), the rest
as the cards of it still to be played (counted)."""
DEAD = 3.0
"""Per card the turn leaves with no pile at all (every up pile above it, every down
pile below it)."""
TOKEN_VALUE = 9.0
"""What an emergency token is worth, in cards shut out of a pile."""
EXTRA_REWARD = 1.2
"""A card played beyond the required ones is worth this much (one card fewer to place)."""
EXTRA_LIMIT = 3.0
"""Extra cards costing more than this are not even tried."""
OWN_WEIGHT = 1.3
"""A card of one's own hand shut out of a pile counts more than an unknown one: it is
certain, and it must now find another pile."""
SOLO_EXTRA_REWARD = 2.0
SOLO_OWN_WEIGHT = 1.0
"""Solo, extra cards are worth more and one's own shut-out cards no more than unknown
ones: every card drawn is one's own, and playing more draws more of the deck to plan
with (1,200 solo deals, paired: perfect 16.4% -> 19.9%, with the endgame's six sampled
cards)."""
GIVE_COST = 5.0
"""Passing a card on instead of playing one: the team still has to place it."""
SIGNAL_COST = {"help": 12.0, "dont-play": 1.5, "passenger": 8.0, "good-here": 1.5}
"""Playing on a pile a partner asked to leave alone (per kind of signal), unless the
play shuts out nothing."""
NO_BIG_JUMP = 10.0
"""Under "no big jump here", every card shut out beyond this many costs double."""
FIRE_LEFT = 5.0
"""Leaving a burning card on top: the next player must cover it."""
THREE_LEFT = 3.0
"""A red Queen's Three for the next player."""
SLOW_LEFT = 2.0
"""A black King (Slow) on top when drawing: per card not drawn."""
SILENCE_LEFT = 1.0
"""A black Jack (Silence) on top: the team may not talk."""
LOCK_LEFT = 0.5
"""A black Queen (Lock) on top: no step back onto that pile."""
PASSENGER_REWARD = 6.0
"""Delivering the next passenger."""
PASSENGER_BLOCKED = 40.0
"""The next passenger's twin fits no pile any more: the game is as good as lost."""
LOST = 1e6
"""A sequence that loses the game (an uncovered fire or red King)."""
PERFECT = -1e6
"""A sequence that plays the last card of the game."""


@dataclass
class _Node:
    tops: list[Card | None]
    hand: list[Card]
    played: int
    step_used: bool
    token_used: bool
    tokens: int
    gave: bool
    delivered: int
    three: bool
    stopped: bool
    touched: int = 0
    """Bit ``1 << pile`` for every pile played on this turn."""


@dataclass(frozen=True)
class Plan:
    """The moves of the rest of a turn, and what the search thinks they cost."""

    moves: tuple[PaternosterMove, ...]
    cost: float
    complete: bool
    """Whether the moves finish the turn legally (else the team is stuck anyway)."""


class TurnPlanner:
    """One search of one turn from one observation (cheap to build, used once)."""

    def __init__(self, obs: PaternosterObservation) -> None:
        self.obs = obs
        opts = obs.options
        self.opts = opts
        f = obs.facts()
        self.facts = f
        self.piles = f.piles
        self.reach = opts.step_reach
        self.lock = opts.command_cards
        self.stop = opts.command_cards
        self.kings = opts.command_kings
        solo = f.players == 1
        self.extra_reward = SOLO_EXTRA_REWARD if solo else EXTRA_REWARD
        self.own_weight = SOLO_OWN_WEIGHT if solo else OWN_WEIGHT
        seat = f.seat
        unseen = [0] * 52
        for card in full_deck(opts):
            unseen[card] += 1
        for cards in obs.piles:
            for card in cards:
                unseen[card] -= 1
        for card in obs.passengers:
            unseen[card] -= 1
        for card in obs.hand:
            unseen[card] -= 1
        prefix = [0.0] * 53
        for step in range(52):
            prefix[step + 1] = prefix[step] + MIX * 2 + (1 - MIX) * unseen[step]
        self.prefix = prefix
        counted = [0] * 53
        for step in range(52):
            counted[step + 1] = counted[step] + unseen[step]
        self.counted = counted
        self.dead_before = self.dead(list(f.tops), f.hand)
        self.passengers = obs.passengers
        self.last_game_cards = obs.draw_count == 0 and sum(obs.hand_counts) == len(obs.hand)
        self.duties = set(obs.must_cover())
        self.warned: dict[int, list[str]] = {}
        for other, pile, kind in obs.signals:
            if other != seat:
                self.warned.setdefault(pile, []).append(kind)
        self.give_to = next((t for t in ((seat + k) % f.players for k in range(1, f.players))
                             if obs.hand_counts[t] > 0), (seat + 1) % f.players)
        self.best_cost = float("inf")
        self.best: list[PaternosterMove] = []
        self.longest: tuple[int, float, list[PaternosterMove]] = (-1, 0.0, [])

    # --- costs ---
    def shut_out(self, card: Card, pile: int, tops: Sequence[Card | None],
                 hand: Sequence[Card]) -> float:
        """Cards ``pile`` loses (positive) or wins back (negative) when ``card`` from
        ``hand`` covers its top."""
        top = tops[pile]
        if top is None:
            low, high, sign = (0, card, 1) if pile < 3 else (card + 1, 52, 1)
        elif pile < 3:
            low, high, sign = (top, card, 1) if card >= top else (card, top, -1)
        else:
            low, high, sign = (card + 1, top + 1, 1) if card <= top else (top + 1, card + 1, -1)
        if low >= high:
            return 0.0
        # the hand is sorted (the observation's order, kept by every search step)
        own = bisect_left(hand, high) - bisect_left(hand, low) - (low <= card < high)
        return sign * (self.prefix[high] - self.prefix[low] + self.own_weight * own)

    def play_cost(self, node: _Node, card: Card, pile: int, kind: int) -> float:
        up = pile < 3
        cost = self.shut_out(card, pile, node.tops, node.hand)
        if kind == LONG:
            cost += TOKEN_VALUE
        warned = self.warned.get(pile)
        if warned and cost > 0:
            for said in warned:
                if said == "no-big-jump":
                    cost += max(0.0, cost - NO_BIG_JUMP)
                elif said != "passenger" or self._shuts_out_passenger(node, card, up):
                    cost += SIGNAL_COST[said]
        return cost

    def _shuts_out_passenger(self, node: _Node, card: Card, up: bool) -> bool:
        """Whether ``card`` on a pile leaves the next passenger no room there."""
        if node.delivered >= len(self.passengers):
            return False
        passenger = self.passengers[node.delivered]
        return fit_kind(passenger, card, up, self.reach) == NO_FIT

    def dead(self, tops: Sequence[Card | None], hand: Sequence[Card]) -> int:
        """Cards still to be played that fit no pile (step backs aside)."""
        ups = [tops[p] for p in self.piles if p < 3]
        downs = [tops[p] for p in self.piles if p >= 3]
        if None in ups or None in downs:
            return 0
        # a game without down (or up) piles: every card below the lowest up top is dead
        low = max((t for t in downs if t is not None), default=-1) + 1
        high = min((t for t in ups if t is not None), default=52)
        if low >= high:
            return 0
        return self.counted[high] - self.counted[low] + sum(1 for h in hand if low <= h < high)

    # --- search ---
    def plan(self) -> Plan:
        f = self.facts
        start = _Node(list(f.tops), list(f.hand), f.played, f.step_back_used, f.token_used,
                      f.tokens, f.gave, self.obs.delivered, self.obs.three_next, False)
        self._search(start, 0.0, [])
        if self.best:
            return Plan(tuple(self.best), self.best_cost, True)
        _count, cost, moves = self.longest
        return Plan(tuple(moves), cost, False)

    def _satisfied(self, node: _Node) -> bool:
        return node.played >= 1 and node.played + node.gave >= self.facts.required

    def _search(self, node: _Node, cost: float, path: list[PaternosterMove]) -> None:
        f = self.facts
        done = node.stopped or self._satisfied(node)
        if done:
            total = cost + self._leaf(node)
            if total < self.best_cost:
                self.best_cost = total
                self.best = [*path] if node.stopped or (not node.hand and self._over(node)) \
                    else [*path, END]
            if node.stopped or not node.hand:
                return
        elif node.played > self.longest[0] or (node.played == self.longest[0]
                                               and cost < self.longest[1]):
            self.longest = (node.played, cost, [*path])
        extra = done
        later = set(self.passengers[node.delivered + 1:])
        next_passenger = (self.passengers[node.delivered]
                          if node.delivered < len(self.passengers) else None)
        children: list[tuple[float, Card, int, int]] = []
        for card in set(node.hand):
            if card in later:
                continue
            for pile in f.piles:
                top = node.tops[pile]
                kind = fit_kind(card, top, pile < 3, self.reach)
                if kind == NO_FIT:
                    continue
                if kind != NORMAL:
                    if kind == LONG and (not f.tokens_variant or node.token_used
                                         or node.tokens == 0):
                        continue
                    if node.step_used or (self.lock and top in BLACK_QUEENS):
                        continue
                c = self.play_cost(node, card, pile, kind)
                if card == next_passenger:
                    c -= PASSENGER_REWARD
                if extra:
                    c -= self.extra_reward
                    if c > EXTRA_LIMIT - self.extra_reward:
                        continue
                children.append((c, card, pile, kind))
        children.sort()
        for c, card, pile, kind in children:
            if cost + c - 12.0 >= self.best_cost:
                break
            child = self._after_play(node, card, pile, kind, next_passenger)
            self._search(child, cost + c, [*path, PLAY[card][pile]])
        if not done:
            self._try_give_and_token(node, cost, path)

    def _try_give_and_token(self, node: _Node, cost: float,
                            path: list[PaternosterMove]) -> None:
        f = self.facts
        if (f.passing_on and not node.gave and f.required >= 2 and node.played < f.required
                and node.hand and f.players > 1):
            card = self._worst(node)
            child = _Node(node.tops, list(node.hand), node.played, node.step_used,
                          node.token_used, node.tokens, True, node.delivered, node.three,
                          False, node.touched)
            child.hand.remove(card)
            self._search(child, cost + GIVE_COST, [*path, GIVE[card][self.give_to]])
        if (f.tokens_variant and node.tokens > 0 and not node.token_used and node.played == 1
                and not self._satisfied(node)):
            child = _Node(node.tops, node.hand, node.played, node.step_used, True,
                          node.tokens - 1, node.gave, node.delivered, node.three, True,
                          node.touched)
            total = cost + TOKEN_VALUE + self._leaf(child)
            if total < self.best_cost:
                self.best_cost = total
                self.best = [*path, TOKEN_END]

    def _worst(self, node: _Node) -> Card:
        """The hand card that fits worst (the one to pass on)."""
        def fit(card: Card) -> float:
            costs = [self.shut_out(card, p, node.tops, node.hand) for p in self.piles
                     if fit_kind(card, node.tops[p], p < 3, self.reach) != NO_FIT]
            return min(costs) if costs else 1e3
        return max(sorted(set(node.hand)), key=fit)

    def _after_play(self, node: _Node, card: Card, pile: int, kind: int,
                    next_passenger: Card | None) -> _Node:
        tops = list(node.tops)
        tops[pile] = card
        hand = list(node.hand)
        hand.remove(card)
        long = kind == LONG
        return _Node(tops, hand, node.played + 1, node.step_used or kind != NORMAL,
                     node.token_used or long, node.tokens - long, node.gave,
                     node.delivered + (card == next_passenger),
                     node.three or (self.stop and card in RED_QUEENS),
                     self.stop and card in RED_JACKS, node.touched | 1 << pile)

    def _over(self, node: _Node) -> bool:
        return self.last_game_cards and not node.hand

    def _leaf(self, node: _Node) -> float:
        """What the position after the turn costs: duties, commands, passengers."""
        if self._over(node):
            return PERFECT
        opts = self.opts
        tops = node.tops
        cost: float = 0.0
        for pile in self.piles:
            top = tops[pile]
            if top is None:
                continue
            touched = node.touched >> pile & 1
            if pile in self.duties and not touched:
                return LOST
            if opts.fire and top in BURNING and touched:
                cost += FIRE_LEFT
            if self.kings and top in RED_KINGS:
                return LOST
            if self.lock:
                if top in BLACK_JACKS:
                    cost += SILENCE_LEFT
                elif top in BLACK_QUEENS:
                    cost += LOCK_LEFT
            if self.kings and top in BLACK_KINGS:
                cost += SLOW_LEFT * max(0, opts.hand_size - len(node.hand) - 1)
        cost += DEAD * (self.dead(tops, node.hand) - self.dead_before)
        if node.three and not self.obs.three_next:
            cost += THREE_LEFT
        if node.delivered < len(self.passengers):
            card = self.passengers[node.delivered]
            if not any(fit_kind(card, tops[p], p < 3, self.reach) == NORMAL
                       for p in self.piles):
                cost += PASSENGER_BLOCKED
        return cost


def plan_turn(obs: PaternosterObservation) -> Plan:
    """The best rest of the turn for the seat to act, as the search sees it."""
    return TurnPlanner(obs).plan()

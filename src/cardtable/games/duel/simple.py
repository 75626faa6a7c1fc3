"""The simple duel player of the rule text's "simple strategy".

It plays the smallest steps first, takes a step back whenever it has one,
plays only the required cards plus extra ones that are very small steps, and
(with ``push="always"``) pushes each turn the card that fits its own piles
worst. It reads nothing but its observation; ties are broken by its own
seeded generator, so a seed fixes its play.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable

from cardtable.cards import Card
from cardtable.engine import Bot, Observation
from cardtable.games.duel import selfplay
from cardtable.games.duel.rules import (
    DOWN,
    DRAW,
    END,
    PLAY,
    PUSH,
    UP,
    DuelMove,
    DuelObservation,
)

SMALL_STEP = 3
"""An extra card is played only when it is at most this many ladder steps away."""
CAUTIOUS, EAGER = -2, 8
"""Other thresholds for extra cards: none at all, or anything up to two ranks away."""
STEP_BACK = -1
KEEP_OFF = 10
"""Extra cost of a pile a partner asked to leave alone."""
NO_FIT = 10_000
KEY_SCALE = 64
"""Larger than any distance between two cards: a push's key is fit, then distance."""


class SimpleDuelBot(Bot):
    """Deterministic for a seed; ``push`` is ``"always"`` or ``"never"``."""

    def __init__(self, seed: int | None = 0, push: str = "always",
                 extra: int = SMALL_STEP) -> None:
        if push not in ("always", "never"):
            raise ValueError(f"push must be 'always' or 'never', not {push!r}")
        self.rng = random.Random(seed)
        self.push = push
        self.extra = extra
        """Play an extra card when it is at most this many ladder steps away."""

    def act(self, observation: Observation) -> DuelMove:
        assert isinstance(observation, DuelObservation)
        moves = self._turn(observation, first_only=True)
        return moves[0] if moves else observation.legal_moves()[0]

    def plan(self, observation: Observation) -> list[DuelMove]:
        """The rest of this turn at once: the moves ``act`` would pick one by one."""
        assert isinstance(observation, DuelObservation)
        return self._turn(observation) or [observation.legal_moves()[0]]

    def self_player(self) -> selfplay.Player | None:
        """This player for the simulation path (:mod:`.selfplay`): the same choices
        from the same generator; ``None`` for a subclass, which may choose otherwise."""
        if type(self) is not SimpleDuelBot:
            return None
        return selfplay.Player(self.rng, self.push == "always", self.extra)

    def signals(self, observation: Observation) -> dict[int, str]:
        """Team duel: "I can help this pile" on each own pile it holds a step back for."""
        assert isinstance(observation, DuelObservation)
        if not observation.options.team or observation.seat is None:
            return {}
        up, down = observation.facts().own
        hand = observation.hand
        return {pile: "help" for pile, back in ((UP, up is not None and up - 4 in hand),
                                                (DOWN, down is not None and down + 4 in hand))
                if back}

    def _turn(self, observation: DuelObservation, first_only: bool = False) -> list[DuelMove]:
        """The seat's moves from this observation until its turn ends (Blitz: one move);
        with ``first_only`` just the next one, deciding nothing beyond it.

        The position is followed in a :class:`_View`, since nobody else moves
        meanwhile; the observation's fields are read directly rather than
        through ``facts()``: this runs for every turn of every simulated game.
        """
        seat = observation.seat
        if seat is None or observation.outcome is not None or seat not in observation.to_act:
            return []
        options = observation.options
        view = _View(observation, seat, self._pick_of)
        pushes = (options.push_limit - observation.pushed[seat]
                  if self.push == "always" and options.pushers[seat] else 0)
        may_push = pushes > 0
        if options.blitz:
            can_draw = (observation.draw_counts[seat % 2] > 0
                        and len(view.hand) < options.hand_size(seat))
            move = self._blitz_move(view, may_push, can_draw)
            return [] if move is None else [move]
        owed = observation.required - observation.played
        extra = self.extra
        moves: list[DuelMove] = []
        while view.hand:
            cost, move = view.best_play()
            if owed > 0 or cost == STEP_BACK:
                if move is None:
                    break
                owed -= 1
            else:
                push = view.best_push() if may_push else None
                if push is not None:
                    pushes -= 1
                    may_push = pushes > 0
                    move = push
                elif move is None or cost > extra:
                    moves.append(END)
                    break
            moves.append(move)
            if first_only:
                break
            view.make(move)
        return moves

    def _blitz_move(self, view: _View, may_push: bool, can_draw: bool) -> DuelMove | None:
        """Blitz: draw whenever possible, else a small step, a push, any play."""
        if can_draw:
            return DRAW
        cost, move = view.best_play()
        if move is not None and cost <= self.extra:
            return move
        push = view.best_push() if may_push else None
        if push is not None:
            return push
        return move

    def _pick_of(self, *moves: DuelMove) -> DuelMove:
        """One of equally good moves, by the bot's own generator; they are listed by
        card, then up before down, so that a seed fixes the choice."""
        if len(moves) == 1:
            return moves[0]
        ordered = sorted(moves, key=_move_order)
        return ordered[self.rng.randrange(len(ordered))]


def _move_order(move: DuelMove) -> tuple[int, int]:
    assert move.card is not None and move.pile is not None
    return move.card, move.pile


class _View:
    """What the bot tracks of its own position while it plans a turn, and the
    choices it makes from there.

    ``hand`` stays sorted, so the best card for a pile and the cards a push
    may use are found by bisection rather than by scoring every card.
    A pile a partner asked to leave alone costs ``KEEP_OFF`` more (a step
    back still pays). Equally good moves go to ``pick``, the bot's own
    tie-breaker.
    """

    __slots__ = ("after", "backs", "before", "down", "hand", "keep_down", "keep_up",
                 "other_down", "other_up", "pick", "reach", "twins", "up")

    def __init__(self, observation: DuelObservation, seat: int,
                 pick: Callable[..., DuelMove]) -> None:
        team = seat % 2
        (up, down), (other_up, other_down) = observation.piles[team], observation.piles[1 - team]
        self.hand = list(observation.hand)
        self.up = up[-1] if up else None
        self.down = down[-1] if down else None
        self.other_up = other_up[-1] if other_up else None
        self.other_down = other_down[-1] if other_down else None
        self.backs = observation.options.back_limits[seat] - observation.step_back_used[seat]
        """How many step backs are still allowed."""
        self.twins = twins = observation.options.team
        self.reach = observation.options.reach
        # the first hand index past a pile's top, going up and going down (twins fit)
        self.after = bisect_left if twins else bisect_right
        self.before = bisect_right if twins else bisect_left
        self.keep_up, self.keep_down = _keep_off(observation) if observation.signals else (0, 0)
        self.pick = pick

    def best_play(self) -> tuple[int, DuelMove | None]:
        """The cheapest own-pile play and its cost.

        A step back is best while it is allowed; an empty up pile is best opened
        low and a down pile high; otherwise the cheapest card for a pile is the
        nearest one past its top."""
        hand, up, down = self.hand, self.up, self.down
        count = len(hand)
        if not count:
            return NO_FIT, None
        if self.backs > 0:
            back_up = PLAY[up - 4][UP] if up is not None and up - 4 in hand else None
            back_down = PLAY[down + 4][DOWN] if down is not None and down + 4 in hand else None
            if back_up is not None and back_down is not None:
                return STEP_BACK, self.pick(back_up, back_down)
            if back_up is not None or back_down is not None:
                return STEP_BACK, back_up or back_down
        if up is None:
            play_up: DuelMove | None = PLAY[hand[0]][UP]
            cost_up = hand[0] + 1 + self.keep_up
        else:
            i = self.after(hand, up)
            if i < count:
                play_up, cost_up = PLAY[hand[i]][UP], hand[i] - up + self.keep_up
            else:
                play_up, cost_up = None, NO_FIT
        if down is None:
            play_down: DuelMove | None = PLAY[hand[-1]][DOWN]
            cost_down = 52 - hand[-1] + self.keep_down
        else:
            i = self.before(hand, down) - 1
            if i >= 0:
                play_down, cost_down = PLAY[hand[i]][DOWN], down - hand[i] + self.keep_down
            else:
                play_down, cost_down = None, NO_FIT
        if cost_up < cost_down:
            return cost_up, play_up
        if cost_down < cost_up or play_up is None or play_down is None:
            return cost_down, play_down
        return cost_up, self.pick(play_up, play_down)

    def best_push(self) -> DuelMove | None:
        """Push the card that fits the own piles worst, as far as the pile allows."""
        best_key = -NO_FIT * KEY_SCALE
        best: list[DuelMove] = []
        for pile, top, cards in self.pushable():
            for card in cards:
                # worst own fit first, then the longest push
                key = self.own_fit(card) * KEY_SCALE + abs(card - top)
                move = PUSH[card][pile]
                if key > best_key:
                    best_key, best = key, [move]
                elif key == best_key and best[-1] is not move:  # a twin counts once
                    best.append(move)
        if not best:
            return None
        return best[0] if len(best) == 1 else self.pick(*best)

    def own_fit(self, card: Card) -> int:
        """The ladder steps ``card`` would use up on its better own pile
        (a step back costs less than nothing, a card that fits neither :data:`NO_FIT`)."""
        up, down, twins = self.up, self.down, self.twins
        if up is None:
            cost_up = card + 1 + self.keep_up
        elif card > up or (twins and card == up):
            cost_up = card - up + self.keep_up
        else:
            cost_up = STEP_BACK if card == up - 4 else NO_FIT
        if down is None:
            cost_down = 52 - card + self.keep_down
        elif card < down or (twins and card == down):
            cost_down = down - card + self.keep_down
        else:
            cost_down = STEP_BACK if card == down + 4 else NO_FIT
        return min(cost_up, cost_down)

    def pushable(self) -> list[tuple[int, Card, list[Card]]]:
        """Per opposing pile, its top and the hand cards a push may put there: in the
        pile's direction and at most ``reach`` ranks past the top (two; Hard push: any
        distance)."""
        hand, reach = self.hand, self.reach
        result = []
        top = self.other_up
        if top is not None:
            high = bisect_left(hand, (top // 4 + 1 + reach) * 4)
            result.append((UP, top, hand[self.after(hand, top):high]))
        top = self.other_down
        if top is not None:
            low = bisect_left(hand, (top // 4 - reach) * 4)
            result.append((DOWN, top, hand[low:self.before(hand, top)]))
        return result

    def make(self, move: DuelMove) -> None:
        """Follow one of the seat's own moves: a play (perhaps a step back) or a push."""
        card = move.card
        assert card is not None
        self.hand.remove(card)
        if move.kind == "push":
            if move.pile == UP:
                self.other_up = card
            else:
                self.other_down = card
        elif move.pile == UP:
            if self.up is not None and card == self.up - 4:
                self.backs -= 1
            self.up = card
        else:
            if self.down is not None and card == self.down + 4:
                self.backs -= 1
            self.down = card


def _keep_off(observation: DuelObservation) -> tuple[int, int]:
    """Extra cost of the own up and down pile: a partner asked to leave it alone
    ("help" or "don't play here")."""
    avoided = {pile for seat, pile, kind in observation.signals
               if seat != observation.seat and kind in ("help", "dont-play")}
    return (KEEP_OFF if UP in avoided else 0, KEEP_OFF if DOWN in avoided else 0)

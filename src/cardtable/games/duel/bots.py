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
from collections.abc import Iterator

from cardtable.bots.random_bot import RandomBot
from cardtable.cards import Card
from cardtable.engine import Bot, Observation
from cardtable.games.duel.rules import (
    DOWN,
    DRAW,
    END,
    PLAY,
    PUSH,
    PUSH_REACH,
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


class SimpleDuelBot:
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
        return next(self._moves(observation), None) or observation.legal_moves()[0]

    def plan(self, observation: Observation) -> list[DuelMove]:
        """The rest of this turn at once: the moves ``act`` would pick one by one."""
        assert isinstance(observation, DuelObservation)
        return list(self._moves(observation)) or [observation.legal_moves()[0]]

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

    def _moves(self, observation: DuelObservation) -> Iterator[DuelMove]:
        """The seat's moves from this observation until its turn ends (Blitz: one move).

        The position is followed in local variables, since nobody else moves
        meanwhile: this runs for every turn of every simulated game.
        """
        f = observation.facts()
        if f.over or not f.acting:
            return
        view = _View(list(f.hand), *f.own, *f.other, f.twins, f.hard,
                     *_keep_off(observation))
        back = not f.step_back_used
        may_push = self.push == "always" and f.push_allowed is None and not f.pushed
        if f.blitz:
            move = self._blitz_move(view, back, may_push, f.can_draw is None)
            if move is not None:
                yield move
            return
        owed = f.owed
        while view.hand:
            best = self._best_play(view, back)
            if owed > 0 or (best is not None and best[0] == STEP_BACK):
                if best is None:
                    return
                move = best[1]
            else:
                push = self._push(view) if may_push else None
                if push is not None:
                    move = push
                    may_push = False
                elif best is not None and best[0] <= self.extra:
                    move = best[1]
                else:
                    yield END
                    return
            yield move
            if move.kind == "play":
                stepped_back = view.play(move)
                back = back and not stepped_back
                owed -= 1
            else:
                view.push(move)

    def _blitz_move(self, view: _View, back: bool, may_push: bool,
                    can_draw: bool) -> DuelMove | None:
        """Blitz: draw whenever possible, else a small step, a push, any play."""
        if can_draw:
            return DRAW
        best = self._best_play(view, back)
        if best is not None and best[0] <= self.extra:
            return best[1]
        push = self._push(view) if may_push else None
        if push is not None:
            return push
        return best[1] if best is not None else None

    def _best_play(self, view: _View, back: bool) -> tuple[int, DuelMove] | None:
        """The cheapest own-pile play (a step back only while one is allowed).

        An empty up pile is best opened low and a down pile high; otherwise the
        cheapest card for a pile is the nearest one past its top."""
        hand, up, down = view.hand, view.up, view.down
        if not hand:
            return None
        if back:
            back_up = up is not None and up - 4 in hand
            back_down = down is not None and down + 4 in hand
            if back_up and back_down:
                assert up is not None and down is not None
                return STEP_BACK, self._pick_of(PLAY[up - 4][UP], PLAY[down + 4][DOWN])
            if back_up:
                assert up is not None
                return STEP_BACK, PLAY[up - 4][UP]
            if back_down:
                assert down is not None
                return STEP_BACK, PLAY[down + 4][DOWN]
        if up is None:
            card_up: Card | None = hand[0]
            cost_up = hand[0] + 1 + view.keep_up
        else:
            i = bisect_left(hand, up) if view.twins else bisect_right(hand, up)
            card_up = hand[i] if i < len(hand) else None
            cost_up = hand[i] - up + view.keep_up if i < len(hand) else NO_FIT
        if down is None:
            card_down: Card | None = hand[-1]
            cost_down = 52 - hand[-1] + view.keep_down
        else:
            i = (bisect_right(hand, down) if view.twins else bisect_left(hand, down)) - 1
            card_down = hand[i] if i >= 0 else None
            cost_down = down - hand[i] + view.keep_down if i >= 0 else NO_FIT
        if cost_up < cost_down:
            assert card_up is not None
            return cost_up, PLAY[card_up][UP]
        if cost_down < cost_up:
            assert card_down is not None
            return cost_down, PLAY[card_down][DOWN]
        if card_up is None or card_down is None:
            return None
        return cost_up, self._pick_of(PLAY[card_up][UP], PLAY[card_down][DOWN])

    def _push(self, view: _View) -> DuelMove | None:
        """Push the card that fits the own piles worst, as far as the pile allows."""
        best_key = (-NO_FIT, 0)
        best: list[DuelMove] = []
        for pile, top, cards in view.pushable():
            last = None
            for card in cards:
                if card == last:
                    continue
                last = card
                key = (view.own_fit(card), abs(card - top))
                if key > best_key:
                    best_key, best = key, [PUSH[card][pile]]
                elif key == best_key:
                    best.append(PUSH[card][pile])
        return self._pick_of(*best) if best else None

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
    """What the bot tracks of its own position while it plans a turn.

    ``hand`` stays sorted, so the best card for a pile and the cards a push
    may use are found by bisection rather than by scoring every card.
    A pile a partner asked to leave alone costs ``KEEP_OFF`` more (a step
    back still pays).
    """

    __slots__ = ("down", "hand", "hard", "keep_down", "keep_up", "other_down", "other_up",
                 "twins", "up")

    def __init__(self, hand: list[Card], up: Card | None, down: Card | None,
                 other_up: Card | None, other_down: Card | None, twins: bool, hard: bool,
                 keep_up: int, keep_down: int) -> None:
        self.hand = hand
        self.up, self.down = up, down
        self.other_up, self.other_down = other_up, other_down
        self.twins, self.hard = twins, hard
        self.keep_up, self.keep_down = keep_up, keep_down

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
        pile's direction and at most two ranks past the top (Hard push: any distance)."""
        hand, twins, hard = self.hand, self.twins, self.hard
        result = []
        top = self.other_up
        if top is not None:
            low = bisect_left(hand, top) if twins else bisect_right(hand, top)
            high = len(hand) if hard else bisect_left(hand, (top // 4 + 1 + PUSH_REACH) * 4)
            result.append((UP, top, hand[low:high]))
        top = self.other_down
        if top is not None:
            low = 0 if hard else bisect_left(hand, (top // 4 - PUSH_REACH) * 4)
            high = bisect_right(hand, top) if twins else bisect_left(hand, top)
            result.append((DOWN, top, hand[low:high]))
        return result

    def play(self, move: DuelMove) -> bool:
        """Make an own-pile play; whether it was a step back."""
        card = move.card
        assert card is not None
        self.hand.remove(card)
        if move.pile == UP:
            back = self.up is not None and card == self.up - 4
            self.up = card
        else:
            back = self.down is not None and card == self.down + 4
            self.down = card
        return back

    def push(self, move: DuelMove) -> None:
        card = move.card
        assert card is not None
        self.hand.remove(card)
        if move.pile == UP:
            self.other_up = card
        else:
            self.other_down = card


def _keep_off(observation: DuelObservation) -> tuple[int, int]:
    """Extra cost of the own up and down pile: a partner asked to leave it alone
    ("help" or "don't play here")."""
    if not observation.signals:
        return 0, 0
    avoided = {pile for seat, pile, kind in observation.signals
               if seat != observation.seat and kind in ("help", "dont-play")}
    return (KEEP_OFF if UP in avoided else 0, KEEP_OFF if DOWN in avoided else 0)


BOT_NAMES = {
    "simple": "the simple strategy, pushing every turn",
    "never-push": "the simple strategy without pushing",
    "cautious": "the simple strategy, but never an extra card",
    "eager": "the simple strategy, extra cards up to two ranks away",
    "random": "a random legal move",
}


def make_bot(name: str, seed: int | None = 0) -> Bot:
    """A duel computer player by name (see :data:`BOT_NAMES`)."""
    if name == "simple":
        return SimpleDuelBot(seed, push="always")
    if name == "never-push":
        return SimpleDuelBot(seed, push="never")
    if name == "cautious":
        return SimpleDuelBot(seed, extra=CAUTIOUS)
    if name == "eager":
        return SimpleDuelBot(seed, extra=EAGER)
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown duel player '{name}' (known: {', '.join(BOT_NAMES)})")

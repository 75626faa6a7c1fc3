"""Observation arrays: one flat ``float32`` vector per seat, made from that seat's
:class:`~cardtable.engine.Observation` and nothing else, so two positions the seat
cannot tell apart give equal arrays. Seats are counted from the observing seat (its own
first, then the next seats in turn order), so one network plays every seat.

Cards are 52-long vectors in the cards' order (a count where a card may appear twice);
counts are divided by a bound so that values stay near 0..1. Each game's layout is the
order of the calls in its encoder below; its length depends only on the options.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from cardtable.cards import Card
from cardtable.engine import Observation, Options

Array = np.ndarray[Any, np.dtype[np.float32]]
Encoder = Callable[[Observation], Array]


class Vec:
    """A flat vector built part by part."""

    def __init__(self) -> None:
        self.values: list[float] = []

    def cards(self, cards: Iterable[Card | None], scale: float = 1.0) -> None:
        """A count per card (unknown cards, ``None``, are left out)."""
        part = [0.0] * 52
        for card in cards:
            if card is not None:
                part[card] += scale
        self.values += part

    def card(self, card: Card | None) -> None:
        """One card, or none: a 52-long one-hot."""
        self.cards([card])

    def one_hot(self, value: int | None, size: int) -> None:
        """``value`` among ``size`` choices; ``None`` (or out of range) is all zeros."""
        part = [0.0] * size
        if value is not None and 0 <= value < size:
            part[value] = 1.0
        self.values += part

    def num(self, value: float, bound: float = 1.0) -> None:
        self.values.append(float(value) / bound)

    def nums(self, values: Iterable[float], bound: float = 1.0) -> None:
        self.values += [float(v) / bound for v in values]

    def zeros(self, count: int) -> None:
        self.values += [0.0] * count

    def array(self) -> Array:
        return np.asarray(self.values, dtype=np.float32)


def turned(values: Sequence[Any], seat: int | None) -> list[Any]:
    """Per-seat values counted from ``seat`` (the spectator counts from seat 0)."""
    start = seat or 0
    return [values[(start + i) % len(values)] for i in range(len(values))]


def relative(seat: int | None, observer: int | None, seats: int) -> int | None:
    """A seat as counted from the observer (0 is the observer itself)."""
    return None if seat is None else (seat - (observer or 0)) % seats


def duel(observation: Observation) -> Array:
    o: Any = observation
    seats = len(o.hand_counts)
    me = o.seat or 0
    team = me % 2
    v = Vec()
    v.cards(o.hand)
    for side in (team, 1 - team):
        for pile in o.piles[side]:
            v.cards(pile, 0.5)
            v.card(pile[-1] if pile else None)
            v.num(len(pile), 52)
    v.nums(turned(o.hand_counts, me), 10)
    v.nums((o.draw_counts[team], o.draw_counts[1 - team]), 52)
    v.nums([s in o.to_act for s in turned(range(seats), me)])
    v.one_hot(relative(o.turn_seat, me, seats), seats)
    v.nums((o.first_turn, o.outcome is not None))
    v.num(o.turns, 100)
    v.nums((o.required, o.played), 4)
    v.nums(turned(o.pushed, me), 2)
    v.nums(turned(o.step_back_used, me), 2)
    kinds = ("dont-play", "good-here", "no-big-jump", "help")
    flags = [0.0] * (seats * 2 * len(kinds))
    for seat, pile, kind in o.signals:
        if kind in kinds:
            rel = relative(seat, me, seats) or 0
            flags[(rel * 2 + pile) * len(kinds) + kinds.index(kind)] = 1.0
    v.nums(flags)
    return v.array()


def paternoster(observation: Observation) -> Array:
    from cardtable.signals import SIGNAL_KINDS

    o: Any = observation
    seats = len(o.hand_counts)
    me = o.seat or 0
    v = Vec()
    v.cards(o.hand, 0.5)
    for pile, turn in zip(o.piles, o.top_turns, strict=True):
        v.cards(pile, 0.5)
        v.card(pile[-1] if pile else None)
        v.num(len(pile), 104)
        v.num(min(o.turn - turn, 10) if turn >= 0 else 10, 10)
    v.cards(o.passengers, 0.5)
    v.cards(o.deck_bottom, 0.5)
    v.cards((card for _, _, card in o.passed), 0.5)
    v.nums(turned(o.hand_counts, me), 10)
    v.one_hot(relative(o.turn_seat, me, seats), seats)
    v.nums([s in o.to_act for s in turned(range(seats), me)])
    v.num(o.draw_count, 104)
    v.nums((o.delivered, o.tokens), 4)
    v.num(o.turn, 100)
    v.nums((o.required, o.played), 4)
    v.nums((o.gave, o.step_back_used, o.token_used, o.three_next, o.outcome is not None))
    flags = [0.0] * (seats * 6 * len(SIGNAL_KINDS))
    for seat, pile, kind in o.signals:
        if kind in SIGNAL_KINDS:
            rel = relative(seat, me, seats) or 0
            flags[(rel * 6 + pile) * len(SIGNAL_KINDS) + SIGNAL_KINDS.index(kind)] = 1.0
    v.nums(flags)
    return v.array()


class Duel52Encoder:
    """Duel 52's arrays: each lane side has room for the most cards it can hold (a class,
    not a closure, so that a game's states pickle)."""

    CHOICES = ("discard", "look", "move", "next")

    def __init__(self, options: Options) -> None:
        from cardtable.envs.actions import Duel52Space

        self.places = Duel52Space(options).places

    def __call__(self, observation: Observation) -> Array:
        places, choices = self.places, self.CHOICES
        o: Any = observation
        me = o.seat or 0
        v = Vec()
        v.cards(o.hand)
        v.nums((o.hand_counts[me], o.hand_counts[1 - me]), 12)
        v.nums((o.pile, o.aside), 52)
        v.num(o.actions, 6)
        v.num(o.turn, 100)
        v.nums((o.turn_seat == me, o.starter == me, o.outcome is not None))
        v.num(o.passes, 2)
        for won in o.won:
            v.one_hot(relative(won, me, 2), 2)
        known = [d.card for d in o.discard]
        v.cards(known)
        v.num(sum(card is None for card in known), 52)
        for lane in o.lanes:
            for side in (lane[me], lane[1 - me]):
                for k in range(places):
                    if k >= len(side):
                        v.zeros(27 * (places - k))
                        break
                    c = side[k]
                    v.num(1.0)
                    v.one_hot(None if c.card is None else c.card.rank - 1, 13)
                    v.one_hot(None if c.card is None else c.card.suit, 4)
                    v.nums((c.up, c.base, c.partner is not None, c.double, c.frozen))
                    v.num(c.damage, 3)
                    v.num(c.attacks, 2)
                    v.nums((me in c.seen, (1 - me) in c.seen))
        choice = o.choice
        v.one_hot(None if choice is None else choices.index(choice.kind), len(choices))
        v.one_hot(None if choice is None else choice.source[0], 3)
        v.num(len(o.frames), 4)
        return v.array()


def matebeta(observation: Observation) -> Array:
    from cardtable.games.matebeta.rules import MB_DECK

    o: Any = observation
    me = o.seat or 0
    order = {card: i for i, card in enumerate(MB_DECK)}

    def cards(found: Iterable[Card | None]) -> list[float]:
        part = [0.0] * len(MB_DECK)
        for card in found:
            if card is not None:
                part[order[card]] = 1.0
        return part

    v = Vec()
    for seat in (me, 1 - me):
        v.nums(cards(o.hands[seat]))
        v.nums(cards([o.foreplaced[seat]]))
        v.nums((o.decided[seat], seat in o.no_foreplace, o.dealer == seat, o.leader == seat))
        v.nums(cards(t.lead if t.leader == seat else t.answer for t in o.tricks))
        v.num(sum(t.winner == seat for t in o.tricks), 10)
    v.one_hot(("foreplace", "lead", "answer").index(o.phase)
              if o.phase in ("foreplace", "lead", "answer") else None, 3)
    v.nums(cards([o.lead]))
    v.num(o.move, 10)
    v.num(o.outcome is not None)
    v.nums(o.values, 30)
    return v.array()


def encoder(game_id: str, options: Options) -> Encoder:
    """The observation encoder of a game under these options."""
    if game_id == "duel":
        return duel
    if game_id == "paternoster":
        return paternoster
    if game_id == "matebeta":
        return matebeta
    if game_id == "duel52":
        return Duel52Encoder(options)
    raise ValueError(f"no observation arrays for game '{game_id}'")

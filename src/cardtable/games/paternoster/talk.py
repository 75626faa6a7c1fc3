"""What the planning team player says about the piles (DESIGN.md Paternoster 11).

One signal per pile, the most useful first: "I can help this pile" for a step
back held; "I can deliver the next passenger" on the pile its twin fits best;
"please don't play here" for a card within a rank of the top that fits no
other pile; "I can do
something good here" for the twin of the top; "no big jump here" for two cards
close to the top. Nothing names a card:
the kinds are the text's sentences. The caller passes the position the partners
will play in (after the seat's own planned turn).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card
from cardtable.games.paternoster.fit import NO_FIT, STEP, fit_kind
from cardtable.games.paternoster.rules import (
    BLACK_QUEENS,
    PaternosterObservation,
)

CLOSE = 2
"""Two cards this close (ranks past the top) are worth asking for "no big jump here"."""


def distance(card: Card, top: Card | None, up: bool) -> int:
    """Ladder steps a normal play of ``card`` moves the pile (0 for a twin or an empty pile)."""
    if top is None:
        return 0
    return card - top if up else top - card


def talk(obs: PaternosterObservation, tops: Sequence[Card | None],
         hand: Sequence[Card]) -> dict[int, str]:
    """The signal this seat wants on each pile, for these tops and this hand."""
    options = obs.options
    reach = options.step_reach
    lock = options.command_cards
    passenger = (obs.passengers[obs.delivered]
                 if obs.delivered < len(obs.passengers) else None)
    wanted: dict[int, str] = {}
    delivery: tuple[int, int] | None = None
    piles = obs.facts().piles
    only: dict[Card, list[int]] = {card: [] for card in hand}
    for card in hand:
        only[card] = [p for p in piles if tops[p] is not None
                      and fit_kind(card, tops[p], p < 3, reach) != NO_FIT]
    for pile in piles:
        top = tops[pile]
        if top is None:
            continue
        up = pile < 3
        twin = close = alone = 0
        for card in hand:
            kind = fit_kind(card, top, up, reach)
            if kind == STEP and not (lock and top in BLACK_QUEENS):
                wanted[pile] = "help"
                break
            if kind == NO_FIT:
                continue
            steps = distance(card, top, up)
            if card == passenger and (delivery is None or steps < delivery[1]):
                delivery = (pile, steps)
            if steps == 0:
                twin += 1
            elif steps <= CLOSE * 4:
                close += 1
            if only[card] == [pile] and steps <= 4:
                alone += 1
        else:
            if alone:
                wanted[pile] = "dont-play"  # a card close by fits nowhere else
            elif twin:
                wanted[pile] = "good-here"
            elif close >= 2:
                wanted[pile] = "no-big-jump"
    if delivery is not None and wanted.get(delivery[0]) != "help":
        wanted[delivery[0]] = "passenger"
    return wanted

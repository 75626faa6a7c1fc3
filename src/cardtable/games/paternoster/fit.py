"""Where a card may go: Paternoster's one fit rule, on ladder steps.

The rules (:mod:`~cardtable.games.paternoster.rules`), the players and the
simulation path (:mod:`~cardtable.games.paternoster.selfplay`) all judge a card
against a pile's top here. It reads plain ints (a card's ladder step; twins are
equal) and imports nothing of the package, so ``make install`` compiles it with
the simulation path, which then calls it natively; as plain Python it works the same.
"""

from __future__ import annotations

from typing import Final

NORMAL: Final = 0
STEP: Final = 1
LONG: Final = 2
NO_FIT: Final = 3
"""How a card meets a pile: a normal move, the step back, the long step back
(Emergency tokens), or not at all."""


def fit_kind(card: int, top: int | None, up: bool, reach: int) -> int:
    """How ``card`` meets a pile showing ``top`` (``None``: empty, anything starts it)."""
    return NORMAL if top is None else fit_on(card, top, up, reach)


def fit_on(card: int, top: int, up: bool, reach: int) -> int:
    """How ``card`` meets a pile whose top card is ``top``.

    Up: equal (the twin) or higher; down: equal or lower. Step back: same suit, at
    most ``reach`` ranks the wrong way (the rule text: exactly one; a house rule may
    allow more); long step back: one or two ranks further. ``reach`` 0 is First ride,
    where every same-suit card is a normal move. (Plain ints throughout, so that the
    compiled simulation path calls it without boxing.)
    """
    if up:
        if card >= top:
            return NORMAL
        gap = top - card
    else:
        if card <= top:
            return NORMAL
        gap = card - top
    if gap & 3 == 0:
        if reach == 0:
            return NORMAL
        ranks = gap >> 2
        if ranks <= reach:
            return STEP
        if ranks <= reach + 2:
            return LONG
    return NO_FIT

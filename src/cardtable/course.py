"""A game's course as a designer reads it: who led, how often the lead changed, and
whether the final winner was behind late.

A game's metrics give the margin after each move (positive: side 0 ahead, by the
game's own measure of being ahead); these figures are the same for every game.
Pure: no I/O, so the rules' metrics may use it.
"""

from __future__ import annotations

from collections.abc import Sequence

LATE = 0.75
"""How far into the game (in moves) "late" begins."""


def lead_changes(margins: Sequence[float]) -> int:
    """How often the side ahead changed (a tie changes nothing)."""
    changes, leader = 0, 0
    for margin in margins:
        side = (margin > 0) - (margin < 0)
        if side and leader and side != leader:
            changes += 1
        leader = side or leader
    return changes


def behind_late(margins: Sequence[float], winner: int | None) -> bool:
    """Whether the final winner (side 0 or 1) was behind at any point of the last
    quarter of the game: the drama of the end (no winner, no drama)."""
    if winner is None or not margins:
        return False
    sign = 1 if winner == 0 else -1
    return any(sign * m < 0 for m in margins[int(len(margins) * LATE):])

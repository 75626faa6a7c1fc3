"""Paternoster: the cooperative game of four piles (six in the Tower), all variants."""

from cardtable.games.paternoster.rules import (
    PATERNOSTER,
    PaternosterMove,
    PaternosterObservation,
    PaternosterOutcome,
    PaternosterState,
)
from cardtable.games.paternoster.variants import PaternosterOptions

__all__ = [
    "PATERNOSTER",
    "PaternosterMove",
    "PaternosterObservation",
    "PaternosterOptions",
    "PaternosterOutcome",
    "PaternosterState",
]

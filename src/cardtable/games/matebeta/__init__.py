"""MateBeta: a two-player game of 20 cards with open hands and exact scoring."""

from cardtable.games.matebeta.rules import (
    MATEBETA,
    MateBetaMove,
    MateBetaObservation,
    MateBetaOutcome,
    MateBetaState,
)
from cardtable.games.matebeta.variants import MateBetaOptions

__all__ = [
    "MATEBETA",
    "MateBetaMove",
    "MateBetaObservation",
    "MateBetaOptions",
    "MateBetaOutcome",
    "MateBetaState",
]

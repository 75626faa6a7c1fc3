"""MateBeta: a two-player game of 20 cards with open hands and exact scoring."""

from cardtable.games.matebeta.rules import (
    MATEBETA,
    MateBetaMove,
    MateBetaObservation,
    MateBetaOptions,
    MateBetaOutcome,
    MateBetaState,
)

__all__ = [
    "MATEBETA",
    "MateBetaMove",
    "MateBetaObservation",
    "MateBetaOptions",
    "MateBetaOutcome",
    "MateBetaState",
]

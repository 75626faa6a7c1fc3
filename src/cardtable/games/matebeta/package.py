"""MateBeta as cardtable knows it: :data:`PACKAGE`."""

from __future__ import annotations

from typing import Any

from cardtable.engine import State
from cardtable.games.matebeta import metrics, solver, terminal, variants
from cardtable.games.matebeta.bots import PLAYERS
from cardtable.games.matebeta.hooks import HOOKS
from cardtable.games.matebeta.labels import LABELS
from cardtable.games.matebeta.rules import MATEBETA, MateBetaState
from cardtable.games.package import GamePackage, PlayFlag, Variants


def solve(state: State) -> dict[str, Any]:
    """The solver's exact value and best moves of a MateBeta position."""
    if not isinstance(state, MateBetaState):
        raise TypeError("the MateBeta solver needs a MateBeta position")
    return dict(solver.solve(state))


PACKAGE = GamePackage(
    game=MATEBETA,
    labels=LABELS,
    players=PLAYERS,
    variants=Variants(variants.VARIANTS, variants.PARAMS, variants.from_variants),
    hooks=HOOKS,
    metrics=metrics.metrics,
    fast_games=metrics.fast_games,
    terminal=terminal.run,
    play_flags=(PlayFlag("games", "games in a match, 2 or 4", "a match of 2 or 4 games", int),),
    solver=solve,
)

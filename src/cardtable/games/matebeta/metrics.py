"""What the balance lab measures of one finished MateBeta game."""

from __future__ import annotations

from cardtable.engine import State
from cardtable.games.matebeta.rules import MateBetaState


def metrics(state: State) -> dict[str, bool | float]:
    """Rates (bools) and amounts (numbers) of a finished game, by stable names."""
    assert isinstance(state, MateBetaState)
    outcome = state.outcome()
    assert outcome is not None
    dealer = state.dealer
    points = outcome.points
    return {
        "dealer-scores": points[dealer] > 0,
        "other-scores": points[1 - dealer] > 0,
        "draw": outcome.end == "draw",
        "overmate": outcome.end == "overmate",
        "mate-move": float(outcome.move),
        "dealer-points-minus-other": float(points[dealer] - points[1 - dealer]),
    }

"""What the balance lab measures of one finished MateBeta game."""

from __future__ import annotations

from cardtable.course import behind_late, lead_changes
from cardtable.engine import State
from cardtable.games.matebeta.rules import MateBetaState


def metrics(state: State) -> dict[str, bool | float]:
    """Rates (bools) and amounts (numbers) of a finished game, by stable names."""
    assert isinstance(state, MateBetaState)
    outcome = state.outcome()
    assert outcome is not None
    dealer = state.dealer
    points = outcome.points
    margins = moves_margins(state)
    return {
        "dealer-scores": points[dealer] > 0,
        "other-scores": points[1 - dealer] > 0,
        "draw": outcome.end == "draw",
        "overmate": outcome.end == "overmate",
        "mate-move": float(outcome.move),
        "dealer-points-minus-other": float(points[dealer] - points[1 - dealer]),
        "seat0-points-minus-other": float(points[0] - points[1]),
        "lead-changes": float(lead_changes(margins)),
        "winner-behind-late": behind_late(margins, outcome.mater),
    }


def moves_margins(state: MateBetaState) -> list[int]:
    """After each move, the moves seat 0 has won less seat 1's (a mate wins it)."""
    won = [0, 0]
    margins = []
    for winner in state.move_winners():
        won[winner] += 1
        margins.append(won[0] - won[1])
    return margins

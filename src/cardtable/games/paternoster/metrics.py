"""What the balance lab measures of one finished Paternoster game."""

from __future__ import annotations

from cardtable.engine import State
from cardtable.games.paternoster.rules import PaternosterState


def metrics(state: State) -> dict[str, bool | float]:
    """Rates (bools) and amounts (numbers) of a finished game, by stable names."""
    assert isinstance(state, PaternosterState)
    outcome = state.outcome()
    assert outcome is not None
    return {
        "perfect": outcome.perfect,
        "lost-stuck": outcome.lost == "stuck",
        "lost-passenger": outcome.lost == "passenger",
        "lost-fire": outcome.lost == "fire",
        "lost-command": outcome.lost == "command",
        "cards-left": float(outcome.cards_left),
        "turns": float(state.turn),
    }

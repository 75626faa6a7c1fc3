"""What the balance lab measures of one finished Duel 52 game."""

from __future__ import annotations

from cardtable.engine import State
from cardtable.games.duel52.rules import Duel52State


def metrics(state: State) -> dict[str, bool | float]:
    """Rates (bools) and amounts (numbers) of a finished game, by stable names."""
    assert isinstance(state, Duel52State)
    outcome = state.outcome()
    assert outcome is not None
    starter = state.deal.get("starter", 0)
    return {
        "starter-wins": outcome.winner == starter,
        "second-player-wins": outcome.winner is not None and outcome.winner != starter,
        "draw": outcome.winner is None,
        "seat0-wins": outcome.winner == 0,
        "two-lanes": outcome.reason == "two-lanes",
        "both-passed": outcome.reason == "both-passed",
        "moves": float(len(state.history)),
    }

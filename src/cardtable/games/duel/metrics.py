"""What the balance lab measures of one finished duel."""

from __future__ import annotations

from cardtable.course import behind_late, lead_changes
from cardtable.engine import State
from cardtable.games.duel.rules import DuelState


def metrics(state: State) -> dict[str, bool | float]:
    """Rates (bools) and amounts (numbers) of a finished game, by stable names."""
    assert isinstance(state, DuelState)
    outcome = state.outcome()
    assert outcome is not None
    starter = state.deal.get("starter", 0)
    winner = outcome.winner
    left = [state.cards_left(team) for team in (0, 1)]
    margins = cards_margins(state.history)
    return {
        "red-wins": winner == 0,
        "black-wins": winner == 1,
        "draw": winner is None,
        "starter-wins": winner is not None and winner == starter % 2,
        "all-cards-played": outcome.reason == "out-of-cards",
        "stuck": outcome.reason == "stuck",
        "turns-per-player": state.turns / state.seats,
        "moves": float(len(state.history)),
        "cards-left-loser": float(left[1 - winner] if winner is not None else left[0]),
        "lead-changes": float(lead_changes(margins)),
        "winner-behind-late": behind_late(margins, winner),
    }


def cards_margins(history: list[tuple[int, str]]) -> list[int]:
    """After each move, red's cards gone (played or pushed) less black's: red is ahead
    when it has fewer cards left."""
    gone = [0, 0]
    margins = []
    for seat, text in history:
        if text.startswith(("play", "push")):
            gone[seat % 2] += 1
        margins.append(gone[0] - gone[1])
    return margins

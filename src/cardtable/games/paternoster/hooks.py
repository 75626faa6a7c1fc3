"""Paternoster's tables: signals, the Hourglass clock, and a card passed on kept from
everyone but its receiver."""

from __future__ import annotations

from cardtable.engine import State
from cardtable.games.hooks import GameHooks


class PaternosterHooks(GameHooks):
    """Paternoster: signals (the engine enforces Silent lift, Lift operator, Silence);
    the Hourglass clock comes from the ``hourglass`` option."""

    offers_signals = True
    clock_moves = frozenset({"timeout"})

    def timeout_move(self, state: State, seat: int) -> str | None:
        """Hourglass: ``timeout`` for the seat to act; never among a seat's legal moves."""
        if getattr(state.options, "hourglass", False) and seat in state.to_act():
            return "timeout"
        return None

    def public_move(self, text: str) -> str:
        """Plays, ends and tokens are public; a card passed on is seen by its receiver only."""
        words = text.split()
        if words and words[0] == "give":
            return f"give a card to seat {words[-1]}" if len(words) == 3 else "give a card"
        return text


HOOKS = PaternosterHooks()

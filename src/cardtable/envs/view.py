"""A seat's view as plain text, drawn by the game's own terminal screens (the
environments' ``render_mode="ansi"``)."""

from __future__ import annotations

import io
import json
from typing import Any

from rich.console import Console
from rich.text import Text

from cardtable.engine import Observation, State


def text_view(state: State, seat: int) -> str:
    """What the terminal shows the seat now, without colours, and the result once over."""
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False,
                      highlight=False)
    game = state.game.id
    observation = state.observation(seat)
    if game == "duel":
        from cardtable.games.duel.terminal import DuelScreen

        team = state.game.seats(state.options) == 4
        DuelScreen(console, seat, team).show(observation)  # type: ignore[arg-type]
    elif game == "paternoster":
        from cardtable.games.paternoster.terminal import render

        render(console, observation)  # type: ignore[arg-type]
    elif game == "duel52":
        from cardtable.games.duel52.terminal import show

        show(console, state, seat)  # type: ignore[arg-type]
    else:
        _matebeta(console, observation)
    outcome = state.outcome()
    if outcome is not None:
        console.print(f"Game over: {json.dumps(outcome.to_json(), ensure_ascii=False)}")
    return out.getvalue()


def _matebeta(console: Console, observation: Observation) -> None:
    from cardtable.games.matebeta.terminal import cards_text

    o: Any = observation
    for seat in (1 - (o.seat or 0), o.seat or 0):
        line = Text(f"seat {seat}{' (you)' if seat == o.seat else ''}: ")
        line.append_text(cards_text(o.hands[seat]))
        if o.foreplaced[seat] is not None:
            line.append(f"   foreplaced {o.foreplaced[seat].text}")
        console.print(line)
    if o.lead is not None:
        console.print(f"seat {o.leader} led {o.lead.text}")
    console.print(f"move {o.move}, {o.phase}")

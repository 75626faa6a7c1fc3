"""A table's time control as its creator asks for it: a chess clock (minutes for the
whole game plus an increment after each own move) or turn-based play (days a turn).

The table keeps the checked control in its settings (``settings["clock"]``), so a table
rebuilt from the database has it too. Both are for tables of people only: a computer
never runs out of time, and a clock against one would only hurry its person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine import Options
from cardtable.games.hooks import GameHooks
from cardtable.server.protocol.errors import Refusal

MINUTES = (1, 60)
"""The chess clock's minutes a seat, lowest and highest."""
INCREMENT = (0, 60)
"""Seconds added after each own move, lowest and highest."""
DAYS = (1, 2, 3, 7)
"""Turn-based play: the days a seat has for each turn."""

SHAPE = ('a clock is {"minutes": M, "increment": S} (a chess clock: M minutes a player, '
         'S seconds more after each own move) or {"days": D} (turn-based: D days a turn)')


def checked(clock: Mapping[str, Any] | None, game: str, hooks: GameHooks, options: Options,
            kinds: Sequence[str]) -> dict[str, int] | None:
    """The time control a new table keeps, or ``bad-clock`` with the reason.

    ``game`` is the game's name (for the messages), ``kinds`` each seat's kind.
    """
    if clock is None:
        return None
    control = _shape(clock)
    if len(kinds) < 2 or any(kind != "human" for kind in kinds):
        raise Refusal("bad-clock", "a clock is for tables of people only: every seat a "
                                   "person, and at least two of them")
    if hooks.realtime(options):
        raise Refusal("bad-clock", f"{game} with these options has no turns (both players "
                                   "act at once): it has no clock")
    if hooks.turn_seconds(options, 0.0) is not None:
        raise Refusal("bad-clock", "the Hourglass is a clock of its own: choose it or a clock")
    if "minutes" in control and not hooks.player_clocks:
        raise Refusal("bad-clock", f"{game} has no chess clock: choose turn-based play "
                                   '({"days": D})')
    return control


def _shape(clock: Mapping[str, Any]) -> dict[str, int]:
    """The clock's numbers, each in its range (the protocol's models check the same; this
    holds for callers that build a table without them)."""
    values = dict(clock)
    if any(type(value) is not int for value in values.values()):
        raise Refusal("bad-clock", SHAPE)
    if set(values) == {"days"}:
        if values["days"] not in DAYS:
            raise Refusal("bad-clock", "turn-based play gives "
                          + ", ".join(map(str, DAYS[:-1])) + f" or {DAYS[-1]} days a turn")
        return {"days": values["days"]}
    if "minutes" not in values or not set(values) <= {"minutes", "increment"}:
        raise Refusal("bad-clock", SHAPE)
    minutes, increment = values["minutes"], values.get("increment", 0)
    if not MINUTES[0] <= minutes <= MINUTES[1]:
        raise Refusal("bad-clock", f"a chess clock gives {MINUTES[0]} to {MINUTES[1]} "
                                   "minutes a player")
    if not INCREMENT[0] <= increment <= INCREMENT[1]:
        raise Refusal("bad-clock", f"the increment is {INCREMENT[0]} to {INCREMENT[1]} "
                                   "seconds a move")
    return {"minutes": minutes, "increment": increment}

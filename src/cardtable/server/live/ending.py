"""Games that end outside their rules: a seat resigns (its side loses; in Paternoster the
team stops the ride and loses it together), or the game is aborted before its second
move (no result, never rated). The rules engine knows no such move, so the table keeps
the ending beside the state, and stores it as the game's outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine import Outcome

SIDED = frozenset({"duel", "duel52", "matebeta"})
"""Games of two sides (seat modulo 2); the others are played together."""


@dataclass(frozen=True)
class Ending(Outcome):
    """How a game ended outside its rules: its stored JSON and each seat's return."""

    json: dict[str, Any]
    values: tuple[float, ...]

    @property
    def returns(self) -> tuple[float, ...]:
        return self.values

    def to_json(self) -> dict[str, Any]:
        return dict(self.json)

    @property
    def aborted(self) -> bool:
        return bool(self.json.get("aborted"))


def resigned(game: str, seats: int, seat: int) -> Ending:
    if game in SIDED:
        winner = 1 - seat % 2
        return Ending({"winner": winner, "reason": "resigned", "resigned": seat},
                      tuple(1.0 if s % 2 == winner else -1.0 for s in range(seats)))
    return Ending({"lost": "stopped", "reason": "stopped", "resigned": seat},
                  (-1.0,) * seats)


def on_time(game: str, seats: int, seat: int, draw: bool = False) -> Ending:
    """``seat`` ran out of time: its side loses, or (``draw``) the game is drawn because
    the other side could not have won by any sequence of legal moves; in Paternoster the
    team's ride stops, lost."""
    if game in SIDED and draw:
        return Ending({"winner": None, "reason": "time", "flagged": seat, "draw": True},
                      (0.0,) * seats)
    if game in SIDED:
        winner = 1 - seat % 2
        return Ending({"winner": winner, "reason": "time", "flagged": seat},
                      tuple(1.0 if s % 2 == winner else -1.0 for s in range(seats)))
    return Ending({"lost": "time", "reason": "time", "flagged": seat}, (-1.0,) * seats)


def aborted(seats: int, seat: int) -> Ending:
    return Ending({"winner": None, "reason": "aborted", "aborted": True, "by": seat},
                  (0.0,) * seats)


def _time_values(stored: dict[str, Any], seats: int) -> tuple[float, ...]:
    """Each seat's return in a game lost (or drawn) on time, as stored."""
    if stored.get("draw"):
        return (0.0,) * seats
    winner = stored.get("winner")
    if isinstance(winner, int):
        return tuple(1.0 if s % 2 == winner else -1.0 for s in range(seats))
    return (-1.0,) * seats


def from_json(stored: dict[str, Any] | None, seats: int) -> Ending | None:
    """The ending of a stored game that its moves do not finish (after a restart)."""
    if not stored or stored.get("reason") not in ("resigned", "stopped", "aborted", "time"):
        return None
    if stored.get("aborted"):
        return aborted(seats, int(stored.get("by", 0)))
    if stored.get("reason") == "time":
        return Ending(dict(stored), _time_values(stored, seats))
    seat = int(stored["resigned"])
    if "winner" in stored:
        winner = int(stored["winner"])
        return Ending(dict(stored), tuple(1.0 if s % 2 == winner else -1.0
                                          for s in range(seats)))
    return Ending(dict(stored), (-1.0,) * seats) if seat >= 0 else None

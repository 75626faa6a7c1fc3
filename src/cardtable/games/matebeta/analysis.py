"""Exact MateBeta analysis of positions and whole games, for a player who wants to learn.

Everything here rests on the solver's public functions (:class:`Solver`): the exact
value of each legal move of a position (``move_values``) is all a review needs. One
:class:`Solver` serves all positions of a game, so its transposition tables carry over
from one position to the next (the positions of a game share most of their subtrees).

Values are always seat 0's points minus seat 1's, as the solver gives them. The points
a mover *gives away* with a move are the best value they could have kept minus the
value after their move, from their own side: never negative, zero for a best move. So
over a game ``result = start - given_away(0) + given_away(1)``.

A record is checked before it is judged: another game's record, a move the rules
refuse or a file that is no record raise :class:`AnalysisError`, whose message names
the problem (and the move, by its number in the record).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine import IllegalMove, Record, RecordError
from cardtable.games.matebeta.rules import MATEBETA, MateBetaState
from cardtable.games.matebeta.solver import Solver


class AnalysisError(ValueError):
    """A record that cannot be analysed; the message says why (and names the move)."""


@dataclass(frozen=True)
class MoveValue:
    """One legal move of a position and the exact value after it (seat 0 minus seat 1)."""

    move: str
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "value": self.value}


@dataclass(frozen=True)
class Position:
    """A position with the seat to act, its exact value and every legal move's value
    (in the rules' order); ``options`` is empty when the game is over."""

    seat: int | None
    phase: str
    move_no: int
    value: int
    options: tuple[MoveValue, ...]

    @property
    def best(self) -> tuple[str, ...]:
        """Every move that keeps the position's value."""
        return tuple(o.move for o in self.options if o.value == self.value)

    def given_away(self, value_after: int) -> int:
        """What the mover loses by a move that leaves ``value_after`` (their view)."""
        return (self.value - value_after) * (1 if self.seat == 0 else -1)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "phase": self.phase, "move_no": self.move_no,
                "value": self.value, "best": list(self.best),
                "options": [o.to_json() for o in self.options]}


@dataclass(frozen=True)
class ReviewedMove:
    """One move of a game, judged: ``ply`` counts the record's moves from 1."""

    ply: int
    seat: int
    move: str
    before: Position
    after: int
    """The exact value after the move."""

    @property
    def lost(self) -> int:
        """The points the mover gave away (0: a best move)."""
        return self.before.given_away(self.after)

    @property
    def forced(self) -> bool:
        return len(self.before.options) == 1

    @property
    def foreplacing(self) -> bool:
        return self.before.phase == "foreplace"

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "seat": self.seat, "move": self.move,
                "move_no": self.before.move_no, "phase": self.before.phase,
                "before": self.before.value, "after": self.after, "lost": self.lost,
                "best": list(self.before.best), "forced": self.forced,
                "options": [o.to_json() for o in self.before.options]}


@dataclass(frozen=True)
class Review:
    """A whole game judged move by move: the first position's value, the result and
    every move; the mistakes of each side, biggest first."""

    record: Record
    start: int
    result: int
    moves: tuple[ReviewedMove, ...]
    outcome: dict[str, Any] | None

    def given_away(self, seat: int) -> int:
        return sum(m.lost for m in self.moves if m.seat == seat)

    def mistakes(self, seat: int) -> list[ReviewedMove]:
        """The seat's moves that gave points away, the biggest first (then in order)."""
        return sorted((m for m in self.moves if m.seat == seat and m.lost > 0),
                      key=lambda m: (-m.lost, m.ply))

    def values(self) -> list[int]:
        """The value over the game: the first position, then after every move."""
        return [self.start, *(m.after for m in self.moves)]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "matebeta", "start": self.start, "result": self.result,
            "outcome": self.outcome, "values": self.values(),
            "given_away": [self.given_away(0), self.given_away(1)],
            "mistakes": [[m.ply for m in self.mistakes(s)] for s in (0, 1)],
            "moves": [m.to_json() for m in self.moves],
            "record": self.record.to_json(),
        }


def position(state: MateBetaState, solver: Solver | None = None) -> Position:
    """The exact value of ``state`` and of each of its legal moves."""
    solver = solver or Solver()
    obs = state.observation(None)
    seat = obs.to_act()
    if seat is None:
        outcome = state.outcome()
        assert outcome is not None
        return Position(None, obs.phase, obs.move, outcome.points[0] - outcome.points[1], ())
    values = solver.move_values(state)
    options = tuple(MoveValue(m.text, values[m]) for m in state.legal_moves(seat))
    pick = max if seat == 0 else min
    return Position(seat, obs.phase, obs.move, pick(o.value for o in options), options)


def review(record: Record, solver: Solver | None = None) -> Review:
    """Judge every move of a MateBeta record (finished or not)."""
    solver = solver or Solver()
    state = start_state(record)
    judged: list[ReviewedMove] = []
    here = position(state, solver)
    first = here.value
    for ply, (seat, text) in enumerate(record.moves, start=1):
        played = _play(state, ply, seat, text)
        after = position(state, solver)
        judged.append(ReviewedMove(ply, seat, played, here, after.value))
        here = after
    outcome = state.outcome()
    return Review(record, first, here.value, tuple(judged),
                  outcome.to_json() if outcome is not None else None)


def at(record: Record, upto: int | None = None) -> MateBetaState:
    """The position after the record's first ``upto`` moves (all of them by default),
    every move checked."""
    state = start_state(record)
    moves = record.moves if upto is None else record.moves[:upto]
    for ply, (seat, text) in enumerate(moves, start=1):
        _play(state, ply, seat, text)
    return state


def start_state(record: Record) -> MateBetaState:
    """The record's deal, checked: another game's record or a bad deal is refused."""
    if record.game != MATEBETA.id:
        raise AnalysisError(f"this is a record of '{record.game}', not of MateBeta: only "
                            "MateBeta games can be analysed exactly")
    try:
        state = MATEBETA.new(record.options, deal=record.deal)
    except ValueError as exc:
        raise AnalysisError(f"the record's deal or options: {exc}") from exc
    assert isinstance(state, MateBetaState)
    return state


def load(text: str) -> Record:
    """A record from the text of a file; refuses what is no JSON or no record."""
    if not text.strip():
        raise AnalysisError("the file is empty: a record is a JSON object with game, "
                            "options, deal and moves")
    try:
        return Record.loads(text)
    except RecordError as exc:
        raise AnalysisError(f"this is not a game record: {exc}") from exc


def _play(state: MateBetaState, ply: int, seat: int, text: str) -> str:
    """Play a record's move; returns its text as the rules write it."""
    try:
        state.play(seat, text)
    except IllegalMove as exc:
        raise AnalysisError(f"move {ply} (seat {seat}, '{text}'): {exc.reason}") from exc
    return state.history[-1][1]

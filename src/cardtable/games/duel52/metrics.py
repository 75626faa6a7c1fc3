"""What the balance lab measures of one finished Duel 52 game.

The course of a game (``lead-changes``, ``winner-behind-late``, :mod:`cardtable.course`)
reads seat 0's margin once a round, positive while seat 0 leads:

* A position's margin is seat 0's worth less one half
  (:func:`~cardtable.games.duel52.selfplay.worth`, the measure the strong player
  searches by). The worth weighs the lanes won (1.5 each), each open lane's balance of
  hit points left (a face-up card half a point more; a lane's balance counts at most 1)
  and the cards in hand (0.15 each, a card for a lane later), all public facts (a
  face-down card counts as 2 hit points, whatever it is); once the game is over it is
  the result (a win 1, a draw one half).
* A seat's turn (its moves in a row; a passed turn is no move, so the turns of a seat
  whose opponent passes run together) as a rule ends with that seat better placed than
  the turn before: its actions played cards, hit cards and flipped powers, and the other
  seat has not answered yet. Read after every move or every turn, the lead would change
  with the tempo rather than with the game (in heuristic games about 15 times a game,
  the winner "behind late" in two games of five). So the course has one margin a round:
  after each turn from the second on, the mean of the margins at the end of this turn
  and of the turn before (one turn of each seat: the tempo cancels), and last the
  result itself; "late" is the last quarter of these rounds. Read so, the lead changes
  about 3 times in a heuristic game, and the side ahead halfway wins 76 games in 100
  (72 by the margin after every move).

Kills and damage are not in the record, so the margins after each move come from the
positions themselves: the simulation path notes them as it plays
(``Duel52State.margins``); a game played otherwise (a searching player, moves played one
by one) is replayed from its deal on the simulation path's tables, move by move, to the
same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from cardtable.course import behind_late, lead_changes
from cardtable.engine import State
from cardtable.games.duel52 import selfplay
from cardtable.games.duel52.moves import parse_move
from cardtable.games.duel52.rules import DUEL52, Duel52State, table_move


def metrics(state: State) -> dict[str, bool | float]:
    """Rates (bools) and amounts (numbers) of a finished game, by stable names."""
    assert isinstance(state, Duel52State)
    outcome = state.outcome()
    assert outcome is not None
    starter = state.deal.get("starter", 0)
    course = margins(state)
    return {
        "starter-wins": outcome.winner == starter,
        "second-player-wins": outcome.winner is not None and outcome.winner != starter,
        "draw": outcome.winner is None,
        "seat0-wins": outcome.winner == 0,
        "two-lanes": outcome.reason == "two-lanes",
        "both-passed": outcome.reason == "both-passed",
        "moves": float(len(state.history)),
        "lead-changes": float(lead_changes(course)),
        "winner-behind-late": behind_late(course, outcome.winner),
    }


def margins(state: Duel52State) -> list[float]:
    """The course the lab reads (the module's notes): a margin a round, seat 0 ahead
    while it is positive, the result last."""
    return round_margins(move_margins(state), [seat for seat, _ in state.history])


def round_margins(after_moves: Sequence[float], seats: Sequence[int]) -> list[float]:
    """From the margin after each move and the seat that made it: after each turn from
    the second on, the mean of the margins at the end of this turn and of the turn
    before, then the last margin (the result) itself."""
    ends = [m for i, m in enumerate(after_moves)
            if i == len(after_moves) - 1 or seats[i + 1] != seats[i]]
    return [(a + b) / 2 for a, b in pairwise(ends)] + ends[-1:]


def move_margins(state: Duel52State) -> list[float]:
    """After each move of the game, seat 0's position worth less one half: as the
    simulation path noted them, else by replaying the record."""
    noted = state.margins
    if noted is not None and len(noted) == len(state.history):
        return noted
    return replayed_margins(state)


def replayed_margins(state: Duel52State) -> list[float]:
    """The margins of :func:`move_margins`, by replaying the game from its deal."""
    table = DUEL52.from_deal(state.opts, state.deal).table()
    after = []
    for _, text in state.history:
        table.play(table_move(parse_move(text)))
        after.append(selfplay.worth(table, 0) - 0.5)
    return after

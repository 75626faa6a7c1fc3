"""The measures a designer reads of every game, beyond the rule text's own figures.

First-player advantage, game length and its spread, decisiveness (how often a
game ends by reaching its goal rather than stuck, passed out or drawn) and the
skill gap (a better computer player against a weaker one), as balance rows, so
:func:`~cardtable.sim.balance.run_report` plays each setup once. Lead changes
and the drama of the end are not measured yet (they need the game's course,
not only its end).
"""

from __future__ import annotations

from cardtable.sim.balance import Row, _row

MEASURES: dict[str, list[Row]] = {
    "duel": [
        _row("first-player", "first-player advantage: the starter wins", "starter-wins", None),
        _row("turns", "length: turns per player", "turns-per-player", None),
        _row("moves", "length: moves", "moves", None),
        _row("decisive", "decisive: a player plays all 26 cards (not stuck)",
             "all-cards-played", None),
        _row("skill-gap", "skill gap: simple beats random", "simple-wins", None,
             bots=("simple", "random")),
    ],
    "duel52": [
        _row("first-player", "first-player advantage: the starter wins", "starter-wins", None,
             bots=("heuristic",), game="duel52"),
        _row("moves", "length: moves", "moves", None, bots=("heuristic",), game="duel52"),
        _row("decisive", "decisive: two lanes won (not both passed)", "two-lanes", None,
             bots=("heuristic",), game="duel52"),
        _row("draw", "drawn", "draw", None, bots=("heuristic",), game="duel52"),
        _row("skill-gap", "skill gap: heuristic beats random", "heuristic-wins", None,
             bots=("heuristic", "random"), game="duel52"),
    ],
    "matebeta": [
        _row("first-player", "the dealer scores", "dealer-scores", None, bots=("club",),
             game="matebeta"),
        _row("length", "length: the move of the mate", "mate-move", None, bots=("club",),
             game="matebeta"),
        _row("draw", "drawn (not decided)", "draw", None, bots=("club",), game="matebeta"),
        _row("skill-gap", "skill gap: club beats beginner", "club-wins", None,
             bots=("club", "beginner"), game="matebeta"),
    ],
    "paternoster": [
        _row("perfect", "decisive: perfect (all cards down), simple team", "perfect", None,
             bots=("simple",), game="paternoster"),
        _row("stuck", "stuck, simple team", "lost-stuck", None, bots=("simple",),
             game="paternoster"),
        _row("turns", "length: turns, simple team", "turns", None, bots=("simple",),
             game="paternoster"),
        _row("skill-gap", "skill gap: perfect, planner team", "perfect", None,
             bots=("planner",), game="paternoster"),
    ],
}
"""Every game's measures (Paternoster is cooperative: no first player; its skill gap is
the planner team's perfect rate beside the simple team's)."""
MEASURES["campaign"] = MEASURES["paternoster"]

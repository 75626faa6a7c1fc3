"""The measures a designer reads of every game, beyond the rule text's own figures.

First-player advantage, game length and its spread, decisiveness (how often a
game ends by reaching its goal rather than stuck, passed out or drawn), lead
changes and the drama of the end (:mod:`cardtable.course`: the duel by cards
gone, MateBeta by moves won, Duel 52 by the position's worth once a round;
cooperative Paternoster has no lead), and the skill gap: the ladder's strongest level
against its beginner (at most :data:`SKILL_GAMES` games, the strong players search), as
balance rows, so :func:`~cardtable.sim.balance.run_report` plays each setup once.
"""

from __future__ import annotations

from cardtable.games.registry import ladder_of
from cardtable.sim.balance import Row, _row

SKILL_GAMES = 100
"""Games of the skill gap at most: the duel's strong player thinks about a second a game."""


def skill_gap(game: str) -> Row:
    """The ladder's top level against its beginner: the top level's win rate (in
    Paternoster, whose teams are one level, the top team's perfect rate)."""
    ladder = ladder_of(game)
    top, bottom = ladder[-1], ladder[0]
    if game == "paternoster":
        return _row("skill-gap", f"skill gap: perfect, {top.name} team", "perfect", None,
                    bots=(top.bot,), game=game, most=SKILL_GAMES)
    return _row("skill-gap", f"skill gap: {top.name} ({top.bot}) beats {bottom.name} "
                f"({bottom.bot})", f"{top.bot}-wins", None, bots=(top.bot, bottom.bot),
                game=game, most=SKILL_GAMES)


def drama(game: str, bots: tuple[str, ...]) -> list[Row]:
    """Lead changes a game, and how often the winner was behind late."""
    return [_row("lead-changes", "lead changes a game", "lead-changes", None, bots=bots,
                 game=game),
            _row("comeback", "drama: the winner was behind in the last quarter",
                 "winner-behind-late", None, bots=bots, game=game)]

MEASURES: dict[str, list[Row]] = {
    "duel": [
        _row("first-player", "first-player advantage: the starter wins", "starter-wins", None),
        _row("turns", "length: turns per player", "turns-per-player", None),
        _row("moves", "length: moves", "moves", None),
        _row("decisive", "decisive: a player plays all 26 cards (not stuck)",
             "all-cards-played", None),
        *drama("duel", ("simple",)),
        skill_gap("duel"),
    ],
    "duel52": [
        _row("first-player", "first-player advantage: the starter wins", "starter-wins", None,
             bots=("heuristic",), game="duel52"),
        _row("moves", "length: moves", "moves", None, bots=("heuristic",), game="duel52"),
        _row("decisive", "decisive: two lanes won (not both passed)", "two-lanes", None,
             bots=("heuristic",), game="duel52"),
        _row("draw", "drawn", "draw", None, bots=("heuristic",), game="duel52"),
        *drama("duel52", ("heuristic",)),
        skill_gap("duel52"),
    ],
    "matebeta": [
        _row("first-player", "the dealer scores", "dealer-scores", None, bots=("club",),
             game="matebeta"),
        _row("length", "length: the move of the mate", "mate-move", None, bots=("club",),
             game="matebeta"),
        _row("draw", "drawn (not decided)", "draw", None, bots=("club",), game="matebeta"),
        *drama("matebeta", ("club",)),
        skill_gap("matebeta"),
    ],
    "paternoster": [
        _row("perfect", "decisive: perfect (all cards down), simple team", "perfect", None,
             bots=("simple",), game="paternoster"),
        _row("stuck", "stuck, simple team", "lost-stuck", None, bots=("simple",),
             game="paternoster"),
        _row("turns", "length: turns, simple team", "turns", None, bots=("simple",),
             game="paternoster"),
        _row("beginners", "perfect, novice team (beside the skill gap)", "perfect", None,
             bots=("hasty",), game="paternoster"),
        skill_gap("paternoster"),
    ],
}
"""Every game's measures (Paternoster is cooperative: no first player; its skill gap is
the planner team's perfect rate beside the novice team's)."""
MEASURES["campaign"] = MEASURES["paternoster"]

"""A round robin of a game's computer players: pairing scores and Elo ratings.

Every two players meet in one simulation of the lab's runner, dealt alike: each
deal is played once from each seat (the seats rotate), and every pairing plays
the same deals, because they share the seed. A deal played from both seats is
one independent unit, for the intervals and for the ratings' bootstrap; in
MateBeta it is exactly a two-game match (game 2 swaps the hands).

A cooperative game (Paternoster) has no opponents: each player sits in every seat
of its own team, all teams play the same deals, and they are ranked by the share
of perfect games, then by the cards left.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from cardtable.sim.ratings import AVERAGE, RESAMPLES, Rating, Units, rate
from cardtable.sim.report import ELO, Line
from cardtable.sim.runner import Progress, SimResult, SimSpec, run_many
from cardtable.sim.setup import bot_names, resolve_game
from cardtable.sim.stats import Summary, summarize_score

METHOD = (f"Elo: Bradley–Terry maximum likelihood, average {AVERAGE:.0f}, with one virtual "
          f"draw per pairing; 95% intervals by bootstrap ({RESAMPLES:,} resamples of the deals, "
          f"each played from both seats). Scores: Wilson intervals over the deals. Per deal: "
          f"a deal's games together, by their points (MateBeta: a two-game match).")
TEAM_METHOD = ("Every team plays the same deals; ranked by perfect games, then cards left; "
               "Wilson intervals for rates, normal intervals for means.")
TEAM_MEASURES = {"paternoster": ("perfect", "cards-left")}
"""Cooperative games: the metric that ranks teams first (a rate), then the one that
breaks ties (an amount, fewer is better)."""


@dataclass(frozen=True)
class Pairing:
    """Two players' meeting, from the first player's side."""

    first: str
    second: str
    score: Summary
    """The first player's score per game: a win 1, a draw 1/2."""
    matches: Summary
    """The first player's score per deal played from both seats, by the points of the
    deal's games together (MateBeta: the two-game match)."""
    record: tuple[int, int, int]
    """The first player's games won, drawn and lost."""
    deals: tuple[int, int, int]
    """The first player's deals won, drawn and lost (as :attr:`matches` counts them)."""
    units: Units

    def flipped(self) -> Pairing:
        """The same meeting from the second player's side."""
        def other(s: Summary) -> Summary:
            return Summary(s.name, s.kind, 1 - s.value, 1 - s.high, 1 - s.low, s.count)
        units = Units(self.second, self.first,
                      tuple((n - score, n) for score, n in self.units.units))
        return Pairing(self.second, self.first, other(self.score), other(self.matches),
                       self.record[::-1], self.deals[::-1], units)

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second,
                "score": self.score.to_json(), "matches": self.matches.to_json(),
                "games": dict(zip(("won", "drawn", "lost"), self.record, strict=True)),
                "deals": dict(zip(("won", "drawn", "lost"), self.deals, strict=True))}


@dataclass(frozen=True)
class Team:
    """A cooperative team of one computer player in every seat."""

    name: str
    rate: Summary
    amount: Summary

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, self.rate.name: self.rate.to_json(),
                self.amount.name: self.amount.to_json()}


@dataclass
class Tournament:
    game: str
    options: dict[str, Any]
    players: tuple[str, ...]
    games: int
    seed: int
    pairings: list[Pairing] = field(default_factory=list)
    ratings: list[Rating] = field(default_factory=list)
    teams: list[Team] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "options": self.options,
                                "players": list(self.players), "games": self.games,
                                "seed": self.seed}
        if self.teams:
            data["teams"] = [team.to_json() for team in self.teams]
        else:
            data["ratings"] = [r.to_json() for r in self.ratings]
            data["pairings"] = [p.to_json() for p in self.pairings]
        return data | {"seconds": round(self.seconds, 3)}


def check_players(game_id: str, players: tuple[str, ...]) -> None:
    """Refuse unknown, repeated or too few players, naming the valid choices."""
    game = resolve_game(game_id)
    known = bot_names(game_id)
    choices = f"(known: {', '.join(known)})"
    for name in players:
        if name not in known:
            raise ValueError(f"unknown {game.name} player '{name}' {choices}")
    if len(set(players)) != len(players):
        raise ValueError(f"a player is named twice in '{','.join(players)}'")
    if len(players) < 2:
        raise ValueError(f"a tournament needs at least two players {choices}")


def plan(game_id: str, options: dict[str, Any], players: tuple[str, ...], games: int,
         seed: int) -> list[SimSpec]:
    """One simulation per pairing, or per team in a cooperative game (input checked)."""
    if games < 1:
        raise ValueError("--games must be at least 1")
    check_players(game_id, players)
    if game_id in TEAM_MEASURES:
        return [SimSpec(game_id, options, (name,), games, seed, dealt_alike=True)
                for name in players]
    return [SimSpec(game_id, options, pair, games, seed, dealt_alike=True)
            for pair in combinations(players, 2)]


def run_tournament(game_id: str, options: dict[str, Any], players: tuple[str, ...],
                   games: int, seed: int, workers: int | None,
                   progress: Progress | None = None) -> Tournament:
    start = time.perf_counter()
    results = run_many(plan(game_id, options, players, games, seed), workers, progress)
    tournament = Tournament(game_id, options, players, games, seed)
    if game_id in TEAM_MEASURES:
        first, then = TEAM_MEASURES[game_id]
        teams = [Team(r.spec.bots[0], r.summary(first), r.summary(then)) for r in results]
        tournament.teams = sorted(teams, key=lambda t: (-t.rate.value, t.amount.value))
    else:
        pairings = [pairing(result) for result in results]
        tournament.ratings = rate(players, [p.units for p in pairings], seed)
        rank = {r.name: i for i, r in enumerate(tournament.ratings)}
        tournament.pairings = sorted(
            (p if rank[p.first] < rank[p.second] else p.flipped() for p in pairings),
            key=lambda p: (rank[p.first], rank[p.second]))
    tournament.seconds = time.perf_counter() - start
    return tournament


def pairing(result: SimResult) -> Pairing:
    """Score a pairing's games, deal by deal (the games of one seat rotation)."""
    first, second = result.spec.bots
    rotation = len(result.spec.bots)
    deals: list[tuple[float, float, float, int]] = []
    record = [0, 0, 0]
    for number, row in enumerate(result.rows):
        mine = row.returns[row.seating.index(first)]
        theirs = row.returns[row.seating.index(second)]
        score = _score(mine, theirs)
        record[(1.0, 0.5, 0.0).index(score)] += 1
        if number % rotation == 0:
            deals.append((0.0, 0.0, 0.0, 0))
        points, against, total, count = deals[-1]
        deals[-1] = (points + mine, against + theirs, total + score, count + 1)
    units = Units(first, second, tuple((total, n) for _, _, total, n in deals))
    by_deal = [_score(mine, theirs) for mine, theirs, _, _ in deals]
    matches = summarize_score(f"{first}-matches", [(score, 1) for score in by_deal])
    return Pairing(first, second, summarize_score(f"{first}-score", units.units), matches,
                   _record(record), _record([by_deal.count(s) for s in (1.0, 0.5, 0.0)]),
                   units)


def _record(counts: list[int]) -> tuple[int, int, int]:
    won, drawn, lost = counts
    return (won, drawn, lost)


def _score(mine: float, theirs: float) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def lines(tournament: Tournament) -> list[Line]:
    """The tournament as report lines (for CSV and the chart): ratings then pairing
    scores, or each team's two measures."""
    if tournament.teams:
        return [Line.of(summary, f"{team.name}: {summary.name.replace('-', ' ')}",
                        id=f"{team.name}-{summary.name}")
                for team in tournament.teams for summary in (team.rate, team.amount)]
    played = dict.fromkeys(tournament.players, 0)
    for p in tournament.pairings:
        played[p.first] += p.score.count
        played[p.second] += p.score.count
    result = [Line(f"rating-{r.name}", r.name, r.elo, r.low, r.high, played[r.name], ELO)
              for r in tournament.ratings]
    for p in tournament.pairings:
        result.append(Line.of(p.score, f"{p.first} against {p.second}",
                              id=f"{p.first}-vs-{p.second}"))
    return result

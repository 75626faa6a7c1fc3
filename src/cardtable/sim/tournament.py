"""A round robin of a game's computer players: pairing scores and Elo ratings.

Every two players meet in one simulation of the lab's runner, dealt alike: each
deal is played once from each seat (the seats rotate), and every pairing plays
the same deals, because they share the seed. A deal played from both seats is
one independent unit, for the intervals and for the ratings' bootstrap; in
MateBeta it is exactly a two-game match (game 2 swaps the hands).

A cooperative game (Paternoster) has no opponents: each player sits in every seat
of its own team, all teams play the same deals, and they are ranked by the share
of perfect games, then by the cards left. One team beats another on a deal when it
leaves fewer cards; a team's score against another is its share of the deals on
which the two differ (a deal both finish alike says nothing about who is better).

A game's ladder (:mod:`cardtable.games.ladder`) is the default field, and the
tournament then reports each level's score against the level below it: the
ladder holds where each is at least :data:`LADDER_SCORE`.

The searching players (:class:`~cardtable.bots.ismcts.SearchBot`) play at their lab
budget, a fixed number of iterations a decision, unless ``think_seconds`` is given:
then each thinks that long a decision, as the site's do. The deals stay the seed's,
but the moves then depend on the machine's speed and load.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Any

from cardtable.bots.ismcts import check_seconds
from cardtable.games.registry import ladder_of
from cardtable.sim.pool import Workers
from cardtable.sim.ratings import AVERAGE, RESAMPLES, Rating, Units, rate
from cardtable.sim.report import ELO, Line
from cardtable.sim.runner import Progress, SimResult, SimSpec, run_many
from cardtable.sim.setup import bot_names, player_choices, player_key
from cardtable.sim.stats import Summary, summarize_rate, summarize_score

METHOD = (f"Elo: Bradley–Terry maximum likelihood, average {AVERAGE:.0f}, with one virtual "
          f"draw per pairing; 95% intervals by bootstrap ({RESAMPLES:,} resamples of the deals, "
          f"each played from both seats). Scores: Wilson intervals over the deals. Per deal: "
          f"a deal's games together, by their points (MateBeta: a two-game match).")
TEAM_METHOD = ("Every team plays the same deals; ranked by perfect games, then cards left; "
               "Wilson intervals for rates, normal intervals for means. Team against team: "
               "the share of the deals on which they differ where the first leaves fewer "
               "cards.")
LADDER_SCORE = 0.6
"""What each level must score against the level below it."""
GAMES = {"duel": 60, "duel52": 40, "paternoster": 200, "matebeta": 200}
"""Default games per pairing (or team). The duel's and Duel 52's experts search on every
decision (about 2.4 and 5.5 s of CPU a game), so a default round robin of a ladder
costs a few CPU minutes: about 5 (duel), 8 (Duel 52), 3 (Paternoster), 2 (MateBeta)."""
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
        units = Units(self.second, self.first,
                      tuple((n - score, n) for score, n in self.units.units))
        return Pairing(self.second, self.first, _other(self.score), _other(self.matches),
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


@dataclass(frozen=True)
class TeamPairing:
    """Two cooperative teams on the same deals, from the first team's side."""

    first: str
    second: str
    score: Summary
    """The share of the deals where the two differ on which the first leaves fewer cards."""
    record: tuple[int, int, int]
    """Deals the first leaves fewer cards, as many, more."""

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second, "score": self.score.to_json(),
                "deals": dict(zip(("fewer", "same", "more"), self.record, strict=True))}


@dataclass(frozen=True)
class Step:
    """One rung of a ladder: a level's score against the level below it."""

    higher: str
    lower: str
    score: Summary

    @property
    def holds(self) -> bool:
        return self.score.value >= LADDER_SCORE

    def to_json(self) -> dict[str, Any]:
        score = {k: v for k, v in self.score.to_json().items() if k != "name"}
        return {"higher": self.higher, "lower": self.lower, "score": score,
                "holds": self.holds}


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
    team_pairings: list[TeamPairing] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    """The ladder's rungs, weakest first, when every level played."""
    seconds: float = 0.0
    think_seconds: float | None = None
    """Each searching player's thinking time a decision (``None``: its lab budget)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "options": self.options,
                                "players": list(self.players), "games": self.games,
                                "seed": self.seed, "think_seconds": self.think_seconds}
        if self.teams:
            data["teams"] = [team.to_json() for team in self.teams]
            data["team_pairings"] = [p.to_json() for p in self.team_pairings]
        else:
            data["ratings"] = [r.to_json() for r in self.ratings]
            data["pairings"] = [p.to_json() for p in self.pairings]
        if self.steps:
            data["ladder"] = [step.to_json() for step in self.steps]
        return data | {"seconds": round(self.seconds, 3)}


def default_players(game_id: str) -> tuple[str, ...]:
    """The game's ladder, weakest first, or every computer player when it has none."""
    levels = ladder_of(game_id)
    return tuple(level.name for level in levels) or tuple(bot_names(game_id))


def check_players(game_id: str, players: tuple[str, ...]) -> None:
    """Refuse unknown, repeated or too few players, naming the valid choices."""
    keys = [player_key(game_id, name) for name in players]
    if len(set(keys)) != len(keys):
        raise ValueError(f"a player is named twice in '{','.join(players)}' (a level's "
                         f"name and its player's are the same player)")
    if len(players) < 2:
        raise ValueError(f"a tournament needs at least two players "
                         f"{player_choices(game_id)}")


def plan(game_id: str, options: dict[str, Any], players: tuple[str, ...], games: int,
         seed: int, think_seconds: float | None = None) -> list[SimSpec]:
    """One simulation per pairing, or per team in a cooperative game (input checked)."""
    if games < 1:
        raise ValueError("--games must be at least 1")
    if think_seconds is not None:
        check_seconds(think_seconds, "--think-seconds")
    check_players(game_id, players)
    teams = game_id in TEAM_MEASURES
    return [SimSpec(game_id, options, seated, games, seed, dealt_alike=True,
                    think_seconds=think_seconds)
            for seated in ([(name,) for name in players] if teams
                           else list(combinations(players, 2)))]


def run_tournament(game_id: str, options: dict[str, Any], players: tuple[str, ...],
                   games: int, seed: int, workers: Workers,
                   progress: Progress | None = None,
                   think_seconds: float | None = None) -> Tournament:
    start = time.perf_counter()
    results = run_many(plan(game_id, options, players, games, seed, think_seconds), workers,
                       progress)
    tournament = Tournament(game_id, options, players, games, seed,
                            think_seconds=think_seconds)
    if game_id in TEAM_MEASURES:
        first, then = TEAM_MEASURES[game_id]
        teams = [Team(r.spec.bots[0], r.summary(first), r.summary(then)) for r in results]
        tournament.teams = sorted(teams, key=lambda t: (-t.rate.value, t.amount.value))
        rank = {t.name: i for i, t in enumerate(tournament.teams)}
        ordered = sorted(results, key=lambda r: rank[r.spec.bots[0]])
        tournament.team_pairings = [team_pairing(a, b, then)
                                    for a, b in combinations(ordered, 2)]
    else:
        pairings = [pairing(result) for result in results]
        tournament.ratings = rate(players, [p.units for p in pairings], seed)
        rank = {r.name: i for i, r in enumerate(tournament.ratings)}
        tournament.pairings = sorted(
            (p if rank[p.first] < rank[p.second] else p.flipped() for p in pairings),
            key=lambda p: (rank[p.first], rank[p.second]))
    tournament.steps = ladder_steps(tournament)
    tournament.seconds = time.perf_counter() - start
    return tournament


def team_pairing(first: SimResult, second: SimResult, measure: str) -> TeamPairing:
    """Two teams compared deal by deal: fewer of ``measure`` (cards left) is better."""
    mine = [float(row.metrics[measure]) for row in first.rows]
    theirs = [float(row.metrics[measure]) for row in second.rows]
    fewer = sum(1 for a, b in zip(mine, theirs, strict=True) if a < b)
    more = sum(1 for a, b in zip(mine, theirs, strict=True) if a > b)
    score = summarize_rate(f"{first.spec.bots[0]}-fewer", [True] * fewer + [False] * more)
    return TeamPairing(first.spec.bots[0], second.spec.bots[0], score,
                       (fewer, len(mine) - fewer - more, more))


def ladder_steps(tournament: Tournament) -> list[Step]:
    """Each level's score against the one below, when the whole ladder played (by any of
    its names)."""
    levels = ladder_of(tournament.game)
    keys = {player_key(tournament.game, name): name for name in tournament.players}
    names = [keys.get(player_key(tournament.game, level.name)) for level in levels]
    if len(levels) < 2 or None in names:
        return []
    scores: dict[tuple[str, str], Summary] = {}
    for p in tournament.pairings:
        scores[p.first, p.second] = p.score
        scores[p.second, p.first] = p.flipped().score
    for t in tournament.team_pairings:
        scores[t.first, t.second] = t.score
        scores[t.second, t.first] = _other(t.score)
    return [Step(str(high), str(low), scores[str(high), str(low)])
            for low, high in pairwise(names)]


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


def _other(s: Summary) -> Summary:
    """A score from the other side."""
    return Summary(s.name, s.kind, 1 - s.value, 1 - s.high, 1 - s.low, s.count)


def _record(counts: list[int]) -> tuple[int, int, int]:
    won, drawn, lost = counts
    return (won, drawn, lost)


def _score(mine: float, theirs: float) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def lines(tournament: Tournament) -> list[Line]:
    """The tournament as report lines (for CSV and the chart): ratings then pairing
    scores, or each team's two measures."""
    if tournament.teams:
        measures = [Line.of(summary, f"{team.name}: {summary.name.replace('-', ' ')}",
                            id=f"{team.name}-{summary.name}")
                    for team in tournament.teams for summary in (team.rate, team.amount)]
        return measures + [Line.of(p.score, f"{p.first} leaves fewer cards than {p.second}",
                                   id=f"{p.first}-vs-{p.second}")
                           for p in tournament.team_pairings]
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

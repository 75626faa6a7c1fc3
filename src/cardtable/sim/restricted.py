"""Restricted play: how much a mechanic matters, measured by forbidding it.

For each mechanic a game has, a player who may not use it plays against (or, in
the cooperative Paternoster, instead of) one who may, at two skill levels of the
computer players. The rules themselves forbid the mechanic (a seat handicap or
an option), so every computer player, whatever its level, plays as well as it
can without it. In a duel the figure is the restricted seat's win rate (50%
means the mechanic does not matter; Duel 52 forbids one card power at a time,
``handicap_no_power``, and a drawn game, about 2 in 100, is not a win, so even
is a little under 50%), in MateBeta its points a game less the other's (0 means
it does not matter); in Paternoster it is the perfect rate of the team without
the mechanic beside the team with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.sim.pool import Workers
from cardtable.sim.runner import Progress, SimSpec, run_many
from cardtable.sim.stats import Summary


@dataclass(frozen=True)
class Restriction:
    """One mechanic forbidden at one level: the simulations that measure it."""

    game: str
    mechanic: str
    level: str
    """The computer player (both sides or the whole team)."""
    restricted: dict[str, Any]
    """The options that forbid the mechanic (to seat 0 in a duel)."""
    free: dict[str, Any] | None
    """Cooperative games: the options of the team that may use it (``None`` in a duel,
    where the other seat is the free player)."""
    metric: str
    claim: str = ""
    """What the rule text says about the mechanic."""

    def specs(self, games: int, seed: int) -> list[SimSpec]:
        result = [SimSpec(self.game, self.restricted, (self.level,), games, seed)]
        if self.free is not None:
            result.append(SimSpec(self.game, self.free, (self.level,), games, seed))
        return result


@dataclass(frozen=True)
class RestrictedResult:
    """A restriction's figure without the mechanic, and with it."""

    restriction: Restriction
    without: Summary
    with_it: Summary | None
    """Cooperative games only: the free team's figure."""

    def to_json(self) -> dict[str, Any]:
        r = self.restriction
        return {"game": r.game, "mechanic": r.mechanic, "level": r.level,
                "restricted": r.restricted, "free": r.free, "metric": r.metric,
                "claim": r.claim, "without": self.without.to_json(),
                "with": self.with_it.to_json() if self.with_it else None}


PUSH_CLAIM = ("a player who pushed every turn beat one who never did in three games out "
              "of four")
TOKEN_CLAIM = "on Normal, each token adds roughly ten percentage points"


def _duel52(levels: tuple[str, ...]) -> list[Restriction]:
    """Every Duel 52 power forbidden to seat 0, one at a time (``handicap_no_power``)."""
    from cardtable.games.duel52.variants import POWERS, RANK_TEXT

    return [Restriction("duel52", f"{name} ({RANK_TEXT[kind]})", level,
                        {"handicap_no_power": {"0": [RANK_TEXT[kind]]}}, None, "seat0-wins")
            for kind, name in POWERS.items() for level in levels]


def _duel(mechanic: str, handicap: str, levels: tuple[str, ...],
          claim: str = "") -> list[Restriction]:
    return [Restriction("duel", mechanic, level, {handicap: [0]}, None, "red-wins", claim)
            for level in levels]


RESTRICTIONS: dict[str, list[Restriction]] = {
    "duel": [*_duel("pushing", "handicap_no_push", ("random", "simple", "cautious"),
                    PUSH_CLAIM),
             *_duel("step backs", "handicap_no_step_back", ("simple", "cautious"))],
    "paternoster": [
        r for level in ("simple", "planner") for r in (
            Restriction("paternoster", "tokens (2)", level, {}, {"tokens": 2}, "perfect",
                        TOKEN_CLAIM),
            Restriction("paternoster", "passing on", level, {}, {"passing_on": True},
                        "perfect"),
            Restriction("paternoster", "signals", level, {"silent_lift": True}, {},
                        "perfect"),
        )
    ],
    "duel52": _duel52(("beginner", "club")),
    "matebeta": [
        Restriction("matebeta", "foreplacing", level, {"handicap_no_foreplace": [0]}, None,
                    "seat0-points-minus-other")
        for level in ("club", "expert")
    ],
}
"""Every game's restrictions. Duel 52's levels are the two cheap ones of its ladder (the
expert searches, about a second a game)."""


def run_restricted(restrictions: Sequence[Restriction], games: int, seed: int,
                   workers: Workers = None,
                   progress: Progress | None = None) -> list[RestrictedResult]:
    """Play every restriction's simulations over one pool and read the figures."""
    specs = [spec for r in restrictions for spec in r.specs(games, seed)]
    results = iter(run_many(specs, workers, progress))
    out = []
    for r in restrictions:
        without = next(results).summary(r.metric)
        with_it = next(results).summary(r.metric) if r.free is not None else None
        out.append(RestrictedResult(r, without, with_it))
    return out


def total_games(restrictions: Sequence[Restriction], games: int) -> int:
    return games * sum(len(r.specs(games, 0)) for r in restrictions)

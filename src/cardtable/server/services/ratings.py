"""Ratings of people, by OpenSkill's Plackett-Luce model (the ``openskill`` package).

Why OpenSkill rather than Glicko-2: it rates teams as well as single players (the Team
duel's sides are two people each), it updates after each game instead of in rating
periods, and it is a maintained, typed library. Its mu and sigma (25 and 25/3 for a new
player) are shown on the familiar scale times 60: a new player is 1500 with a deviation
of 500. A rating is provisional until :data:`PROVISIONAL_GAMES` rated games.

A rated game's change (mu and sigma before and after, per seat) is stored with the game,
so every rating can be recomputed by replaying the rated games in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

SCALE = 60.0
PROVISIONAL_GAMES = 10
MODEL = PlackettLuce()
NEW = (MODEL.mu, MODEL.sigma)


def public_rating(mu: float, _sigma: float) -> float:
    return mu * SCALE


def public_deviation(sigma: float) -> float:
    return sigma * SCALE


def rate(sides: Sequence[Sequence[tuple[float, float]]],
         places: Sequence[int]) -> list[list[tuple[float, float]]]:
    """The new (mu, sigma) of every player of every side after one game; ``places``:
    each side's place (1 the best; equal places: a draw)."""
    teams = [[MODEL.create_rating([mu, sigma]) for mu, sigma in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [[(player.mu, player.sigma) for player in side] for side in rated]

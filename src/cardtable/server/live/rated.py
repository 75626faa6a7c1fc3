"""Rated games between people: which games are rated, and a finished rated game's rating
change, computed with OpenSkill's Plackett-Luce model (the ``openskill`` package) and
stored with the game.

Why OpenSkill rather than Glicko-2: it rates teams as well as single players (the Team
duel's sides are two people each), it updates after each game rather than in rating
periods, and it is a maintained, typed library. Its mu and sigma (25 and 25/3 for a new
player) are shown times :data:`SCALE`: a new player is 1500 with a deviation of 500, and
is provisional until :data:`PROVISIONAL_GAMES` rated games. Each game's change (mu and
sigma before and after, per seat) is stored in ``rating_changes``, so every rating can be
recomputed by replaying the rated games in order.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.engine import Connection

from cardtable.server.storage.db import rating_changes_t, ratings_t, seats_t, tables_t

SCALE = 60.0
PROVISIONAL_GAMES = 10
RATED_GAMES = frozenset({"duel", "duel52", "matebeta"})
"""Games with sides that may be rated (Paternoster is played together, against the deck)."""
MODEL = PlackettLuce()


def why_not_rated(game: str, kinds: Sequence[str], signed_in: bool, start: bool,
                  hints: bool | None, creator_seated: bool) -> str | None:
    """Why a new table cannot be rated (None: it can)."""
    if not signed_in:
        return "a rated game is for signed-in players: sign in first"
    if game not in RATED_GAMES:
        return f"{game} is not rated (rated: {', '.join(sorted(RATED_GAMES))})"
    if any(kind != "human" for kind in kinds):
        return "a rated game has no computer seat: every seat is a person's"
    if start:
        return "a rated game starts from the deal, not from a position"
    if hints:
        return "a rated game has no hints"
    if not creator_seated:
        return "the creator of a rated game sits at it"
    return None


def mark_rated(conn: Connection, table_id: str) -> None:
    """The table's games are rated (kept in its stored settings)."""
    settings = conn.execute(sa.select(tables_t.c.settings).where(
        tables_t.c.id == table_id)).scalar_one()
    conn.execute(tables_t.update().where(tables_t.c.id == table_id).values(
        settings={**settings, "rated": True}))


def family(game: str, seats: int) -> str:
    """The rating a game counts for: each game its own, the Team duel apart."""
    return f"{game}-team" if game == "duel" and seats == 4 else game


def places(returns: Sequence[float]) -> tuple[list[list[int]], list[int]]:
    """The sides (seat modulo 2) and each side's place, 1 the best, equal: a draw."""
    sides = [[s for s in range(len(returns)) if s % 2 == side] for side in (0, 1)]
    totals = [sum(returns[s] for s in side) for side in sides]
    return sides, [1 + sum(1 for other in totals if other > mine) for mine in totals]


def rate_game(conn: Connection, table_id: str, game_no: int, game: str,
              returns: Sequence[float]) -> None:
    """The finished game's change for every account seated, stored with the game (once:
    a game already rated is left alone). Seats without an account are not rated."""
    done = conn.execute(sa.select(rating_changes_t.c.seat).where(
        rating_changes_t.c.table_id == table_id, rating_changes_t.c.game_no == game_no)).first()
    if done is not None:
        return
    accounts = {int(r.seat): r.account_id for r in conn.execute(
        sa.select(seats_t.c.seat, seats_t.c.account_id).where(seats_t.c.table_id == table_id))}
    if len(accounts) != len(returns) or any(a is None for a in accounts.values()):
        return
    fam = family(game, len(returns))
    before = {}
    for seat, account in accounts.items():
        row = conn.execute(sa.select(ratings_t.c.mu, ratings_t.c.sigma).where(
            ratings_t.c.account_id == account, ratings_t.c.family == fam)).first()
        before[seat] = (row.mu, row.sigma) if row else (MODEL.mu, MODEL.sigma)
    sides, ranks = places(returns)
    teams = [[MODEL.create_rating([*before[s]]) for s in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    now = time.time()
    for side, players in zip(sides, rated, strict=True):
        for seat, player in zip(side, players, strict=True):
            mu0, sigma0 = before[seat]
            conn.execute(rating_changes_t.insert().values(
                table_id=table_id, game_no=game_no, seat=seat, account_id=accounts[seat],
                family=fam, mu_before=mu0, sigma_before=sigma0, mu_after=player.mu,
                sigma_after=player.sigma, at=now))
            _store_rating(conn, accounts[seat], fam, player.mu, player.sigma, now)


def _store_rating(conn: Connection, account_id: int, fam: str, mu: float, sigma: float,
                  now: float) -> None:
    key = (ratings_t.c.account_id == account_id) & (ratings_t.c.family == fam)
    updated = conn.execute(ratings_t.update().where(key).values(
        mu=mu, sigma=sigma, games=ratings_t.c.games + 1, updated_at=now))
    if updated.rowcount == 0:
        conn.execute(ratings_t.insert().values(account_id=account_id, family=fam, mu=mu,
                                               sigma=sigma, games=1, updated_at=now))

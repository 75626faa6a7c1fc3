"""Rated games between people: which games are rated, and a finished rated game's rating
change, computed with OpenSkill's Plackett-Luce model (the ``openskill`` package) and
stored with the game.

Why OpenSkill rather than Glicko-2: it rates teams as well as single players (the Team
duel's sides are two people each), it updates after each game rather than in rating
periods, and it is a maintained, typed library. Its mu and sigma (25 and 25/3 for a new
player) are shown times :data:`SCALE`: a new player is 1500 with a deviation of 500, and
is provisional until :data:`PROVISIONAL_GAMES` rated games. Each result's change (mu and
sigma before and after, and the place, per seat) is stored in ``rating_changes``, so every
rating can be recomputed by replaying the rated results in order (:func:`recompute`).

A MateBeta match is one result, by its points, rated with its last game; a side that
resigns or loses on time in it gives the match up (the table's match scoring ends it).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.engine import Connection

from cardtable.server.storage.db import (
    accounts_t,
    games_t,
    rating_changes_t,
    ratings_t,
    seats_t,
    tables_t,
)

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


def match_result(scores: dict[str, Any], returns: Sequence[float],
                 ended_early: bool) -> Sequence[float] | None:
    """What a finished game at a rated table counts as: its own returns; in a match by
    points (MateBeta's) nothing until the match is over, then the match's points (or,
    when the match ended because a side gave a game up, that game's returns)."""
    if not scores.get("games_needed"):
        return returns
    if not scores.get("over"):
        return None
    if ended_early and any(returns):
        return returns
    return [float(p) for p in scores["points"]]


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
    now = time.time()
    for seat, place, (mu, sigma) in _rated(sides, ranks, before):
        mu0, sigma0 = before[seat]
        conn.execute(rating_changes_t.insert().values(
            table_id=table_id, game_no=game_no, seat=seat, account_id=accounts[seat],
            family=fam, mu_before=mu0, sigma_before=sigma0, mu_after=mu, sigma_after=sigma,
            at=now, place=place))
        _store_rating(conn, accounts[seat], fam, mu, sigma, now)


def _rated(sides: Sequence[Sequence[int]], ranks: Sequence[int],
           before: dict[int, tuple[float, float]]
           ) -> list[tuple[int, int, tuple[float, float]]]:
    """(seat, place, (mu, sigma) after) for every seat of one result."""
    teams = [[MODEL.create_rating([*before[s]]) for s in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [(seat, rank, (player.mu, player.sigma))
            for side, rank, players in zip(sides, ranks, rated, strict=True)
            for seat, player in zip(side, players, strict=True)]


def _store_rating(conn: Connection, account_id: int, fam: str, mu: float, sigma: float,
                  now: float) -> None:
    key = (ratings_t.c.account_id == account_id) & (ratings_t.c.family == fam)
    updated = conn.execute(ratings_t.update().where(key).values(
        mu=mu, sigma=sigma, games=ratings_t.c.games + 1, updated_at=now))
    if updated.rowcount == 0:
        conn.execute(ratings_t.insert().values(account_id=account_id, family=fam, mu=mu,
                                               sigma=sigma, games=1, updated_at=now))


@dataclass(frozen=True)
class Recomputed:
    """One rating that a recompute changed (``None``: it did not exist before, or no
    longer does)."""

    name: str
    family: str
    before: tuple[float, float, int] | None
    after: tuple[float, float, int] | None


def recompute(conn: Connection) -> tuple[int, list[Recomputed]]:
    """Replay every stored rated result in the order it was rated, from new players'
    ratings, rewriting each stored change and every rating: (results replayed, the
    ratings that changed). Run twice, the second run changes nothing.

    A seat whose account was deleted keeps its stored ratings before the result (nothing
    else is known of it); a result stored before places were kept takes its places from
    the game's outcome (its winner, or a draw)."""
    rows = conn.execute(sa.select(rating_changes_t).order_by(
        rating_changes_t.c.at, rating_changes_t.c.table_id, rating_changes_t.c.game_no,
        rating_changes_t.c.seat)).mappings().all()
    results: dict[tuple[str, int], list[Any]] = {}
    for row in rows:
        results.setdefault((row["table_id"], row["game_no"]), []).append(row)
    current: dict[tuple[int, str], tuple[float, float, int]] = {}
    for (table_id, game_no), seats in results.items():
        places_of = {r["seat"]: r["place"] for r in seats}
        if None in places_of.values():
            places_of = _places_from_outcome(conn, table_id, game_no, list(places_of))
        before: dict[int, tuple[float, float]] = {}
        for r in seats:
            if r["account_id"] is None:
                before[r["seat"]] = (r["mu_before"], r["sigma_before"])
            else:
                mu, sigma, _games = current.get((r["account_id"], r["family"]),
                                                (MODEL.mu, MODEL.sigma, 0))
                before[r["seat"]] = (mu, sigma)
        sides = [[s for s in sorted(places_of) if s % 2 == side] for side in (0, 1)]
        ranks = [places_of[side[0]] for side in sides]
        for seat, place, (mu, sigma) in _rated(sides, ranks, before):
            r = next(r for r in seats if r["seat"] == seat)
            conn.execute(rating_changes_t.update().where(
                rating_changes_t.c.table_id == table_id, rating_changes_t.c.game_no == game_no,
                rating_changes_t.c.seat == seat).values(
                mu_before=before[seat][0], sigma_before=before[seat][1], mu_after=mu,
                sigma_after=sigma, place=place))
            if r["account_id"] is not None:
                games = current.get((r["account_id"], r["family"]), (0.0, 0.0, 0))[2]
                current[(r["account_id"], r["family"])] = (mu, sigma, games + 1)
    return len(results), _rewrite_ratings(conn, current)


def _places_from_outcome(conn: Connection, table_id: str, game_no: int,
                         seats: list[int]) -> dict[int, int]:
    outcome = conn.execute(sa.select(games_t.c.outcome).where(
        games_t.c.table_id == table_id, games_t.c.number == game_no)).scalar_one_or_none()
    winner = (outcome or {}).get("winner")
    if not isinstance(winner, int):
        return dict.fromkeys(seats, 1)
    return {seat: 1 if seat % 2 == winner % 2 else 2 for seat in seats}


def _rewrite_ratings(conn: Connection, current: dict[tuple[int, str], tuple[float, float, int]]
                     ) -> list[Recomputed]:
    """Every rating as replayed; the ones that changed, by name and family."""
    names = dict(conn.execute(sa.select(accounts_t.c.id, accounts_t.c.name)).tuples().all())
    stored = {(r.account_id, r.family): (r.mu, r.sigma, r.games)
              for r in conn.execute(sa.select(ratings_t))}
    changed = []
    now = time.time()
    for key in sorted(set(stored) | set(current), key=lambda k: (names.get(k[0], ""), k[1])):
        old, new = stored.get(key), current.get(key)
        if old is not None and new is not None and old[2] == new[2] \
                and abs(old[0] - new[0]) < 1e-9 and abs(old[1] - new[1]) < 1e-9:
            continue
        changed.append(Recomputed(names.get(key[0], "?"), key[1], old, new))
        where = (ratings_t.c.account_id == key[0]) & (ratings_t.c.family == key[1])
        if new is None:
            conn.execute(ratings_t.delete().where(where))
        elif old is None:
            conn.execute(ratings_t.insert().values(account_id=key[0], family=key[1], mu=new[0],
                                                   sigma=new[1], games=new[2], updated_at=now))
        else:
            conn.execute(ratings_t.update().where(where).values(
                mu=new[0], sigma=new[1], games=new[2], updated_at=now))
    return changed


def recompute_command(db: str | None, out: TextIO = sys.stdout) -> int:
    """``cardtable ratings recompute``: :func:`recompute` on the site's database (``--db``,
    else ``DATABASE_URL``), in one transaction; prints each rating that changed."""
    from cardtable.server.ops.config import database_url
    from cardtable.server.storage.db import make_engine, migrate

    engine = make_engine(database_url(db))
    try:
        migrate(engine)
        with engine.begin() as conn:
            replayed, changed = recompute(conn)
    finally:
        engine.dispose()
    for rating in changed:
        print(f"{rating.name} {rating.family}: {_shown(rating.before)} -> "
              f"{_shown(rating.after)}", file=out)
    print(f"{replayed} rated results replayed; {len(changed)} ratings changed", file=out)
    return 0


def _shown(rating: tuple[float, float, int] | None) -> str:
    if rating is None:
        return "none"
    mu, sigma, games = rating
    return f"{mu * SCALE:.1f} ± {sigma * SCALE:.1f} after {games} games"

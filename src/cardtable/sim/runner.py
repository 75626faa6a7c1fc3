"""Play many games in parallel, reproducibly.

Games are cut into fixed chunks; each chunk has its own seed derived from the
run's seed and the chunk's number, so a run gives the same games whether one
worker plays every chunk or many workers share them. Seats are rotated: in
game ``g`` seat ``s`` is played by ``bots[(s + g) % len(bots)]``. A simulation
``dealt_alike`` takes the deal of game ``g`` from a generator of its own, shared by
the ``len(bots)`` games of one rotation: the same deal is played from every seat,
and every simulation with the same seed plays the same deals, whoever plays them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple

from cardtable.bots.ismcts import Budget, SearchBot
from cardtable.engine import Bot, Game, Options, State, play_out
from cardtable.sim.pool import Workers, run_all
from cardtable.sim.setup import FastGame, fast_games_of, make_bot, metrics_of, resolve_game
from cardtable.sim.stats import Summary, summarize_mean, summarize_rate

CHUNK = 50
"""Games per chunk; fixed, so results do not depend on the number of workers."""


@dataclass(frozen=True)
class SimSpec:
    """One simulation: a game with options, the bots by name, how many games, a seed."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    dealt_alike: bool = False
    """Deal each rotation's games alike, from the seed alone (see the module's notes)."""
    think_seconds: float | None = None
    """Every searching player thinks this long a decision, as the site's do (no cap on
    iterations), in its process's own CPU seconds: what it would have on a core of its
    own, however busy the machine; instead of its lab budget of a fixed number of
    iterations. ``None``: the lab budget. The deals stay the seed's."""

    @property
    def chunks(self) -> int:
        return math.ceil(self.games / CHUNK)


class GameRow(NamedTuple):
    """What one finished game contributes: its metrics, who sat where, the returns."""

    metrics: dict[str, bool | float]
    seating: tuple[str, ...]
    returns: tuple[float, ...]
    first: int | None = None
    """The seat that moved first (``None`` when several may act at once)."""


class Seated(NamedTuple):
    """One rotation of the seats: who sits where, the players, and the game's fast
    path for them (``None``: the ordinary one)."""

    seating: tuple[str, ...]
    players: dict[int, Bot]
    fast: FastGame | None


def run_chunk(spec: SimSpec, index: int) -> list[GameRow]:
    """Play chunk ``index`` of a simulation (in whatever process runs it)."""
    game = resolve_game(spec.game)
    options = game.parse_options(spec.options)
    seats = game.seats(options)
    measure = metrics_of(spec.game)
    rng = random.Random(f"{spec.seed}:{index}")
    bots: dict[tuple[int, str], Bot] = {}
    rotations: list[Seated | None] = [None] * len(spec.bots)
    rows: list[GameRow] = []
    append = rows.append
    start = index * CHUNK
    for number in range(start, min(start + CHUNK, spec.games)):
        turn = number % len(spec.bots)
        seated = rotations[turn]
        if seated is None:  # its first game: the players are made as they are first needed
            seated = rotations[turn] = _seat(spec, game, options, seats, turn, bots, rng)
        if seated.fast is not None:
            metrics, returns, first = seated.fast(rng)
            append(GameRow(metrics, seated.seating, returns, first))
            continue
        if spec.dealt_alike:
            deal_rng = random.Random(f"{spec.seed}:deal:{number // len(spec.bots)}")
            state = game.new(options, deal=game.random_deal(options, deal_rng))
        else:
            state = game.new(options, rng=rng)
        starters = state.to_act()
        outcome = play_out(state, seated.players, rng)
        append(GameRow(measure(state), seated.seating, outcome.returns,
                       starters[0] if len(starters) == 1 else None))
    return rows


def _seat(spec: SimSpec, game: Game[State], options: Options, seats: int, turn: int,
          bots: dict[tuple[int, str], Bot], rng: random.Random) -> Seated:
    """Rotation ``turn``'s seats: seat ``s`` is ``spec.bots[(s + turn) % len(bots)]``,
    each player made once per seat and name, from ``rng``, in seat order."""
    seating = tuple(spec.bots[(seat + turn) % len(spec.bots)] for seat in range(seats))
    players = {}
    for seat, name in enumerate(seating):
        if (seat, name) not in bots:
            bots[seat, name] = _timed(make_bot(spec.game, name, rng.randrange(2**32)),
                                      spec.think_seconds)
        players[seat] = bots[seat, name]
    # a game dealt alike comes from a generator of its own: the ordinary path
    fast = None if spec.dealt_alike else fast_games_of(game.id, options, players)
    return Seated(seating, players, fast)


def _timed(bot: Bot, seconds: float | None) -> Bot:
    """A searching player with the server's kind of budget: ``seconds`` a decision, of
    its own CPU time (a busy machine leaves it as many deals as a quiet one)."""
    if seconds is None or not isinstance(bot, SearchBot):
        return bot
    return bot.with_budget(Budget(seconds=seconds, cpu=True))


@dataclass
class SimResult:
    """All games of one simulation, and their summaries."""

    spec: SimSpec
    rows: list[GameRow] = field(default_factory=list)
    seconds: float = 0.0

    def summaries(self) -> list[Summary]:
        """Every metric of the game, then each bot's win rate when bots differ
        (in two-seat games also as the first and as the second to move)."""
        if not self.rows:
            return []
        result = []
        metrics = list(map(attrgetter("metrics"), self.rows))
        for name, first in metrics[0].items():
            values = list(map(itemgetter(name), metrics))
            if isinstance(first, bool):
                result.append(summarize_rate(name, values))
            else:
                result.append(summarize_mean(name, list(map(float, values))))
        names = sorted(set(self.spec.bots))
        if len(names) > 1:
            for name in names:
                wins = [_won(row, name) for row in self.rows if name in row.seating]
                result.append(summarize_rate(f"{name}-wins", wins))
                if len(self.rows[0].seating) == 2:
                    for when, first in (("first", True), ("second", False)):
                        flags = [_won(row, name) for row in self.rows if row.first is not None
                                 and (row.seating[row.first] == name) == first]
                        result.append(summarize_rate(f"{name}-wins-moving-{when}", flags))
        return result

    def summary(self, name: str) -> Summary:
        for item in self.summaries():
            if item.name == name:
                return item
        raise KeyError(f"no metric '{name}' (known: {[s.name for s in self.summaries()]})")


def _won(row: GameRow, name: str) -> bool:
    seats = [s for s, n in enumerate(row.seating) if n == name]
    return all(row.returns[s] > 0 for s in seats)


Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def run_many(
    specs: Sequence[SimSpec], workers: Workers = None, progress: Progress | None = None
) -> list[SimResult]:
    """Run several simulations over one pool of workers: local processes (all cores by
    default) or a cluster."""
    keys = [(i, chunk) for i, spec in enumerate(specs) for chunk in range(spec.chunks)]
    parts: dict[tuple[int, int], list[GameRow]] = {}
    start = time.perf_counter()
    for index, rows in run_all(run_chunk, [(specs[i], chunk) for i, chunk in keys], workers):
        parts[keys[index]] = rows
        if progress:
            progress(len(rows))
    seconds = time.perf_counter() - start
    results = []
    for i, spec in enumerate(specs):
        rows = [row for chunk in range(spec.chunks) for row in parts[i, chunk]]
        results.append(SimResult(spec, rows, seconds))
    return results


def simulate(spec: SimSpec, workers: Workers = None,
             progress: Progress | None = None) -> SimResult:
    return run_many([spec], workers, progress)[0]

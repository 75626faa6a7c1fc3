"""Reviews of Paternoster Duel and Duel 52 games by the strong computer player's estimate.

Neither game has an exact value (cards are hidden), so a review asks the strong
player (:mod:`cardtable.bots.ismcts`) at each decision of a seat: from that seat's
observation alone, it deals the unseen cards at random ``deals`` times and plays
every legal move out on the same deals with the same playout seeds
(:meth:`SearchBot.estimate`). A move's estimated chance to win is the share of
its playouts won (a draw counts half); the computer's choice is the move the
search values most. "Before" is the chance with the computer's choice, "after"
the chance with the move played: both come from the same deals, so the gap
between them is the move's estimated cost, not luck. It is an estimate, from a
sample of deals and fast playout players, and every number says so.

A review is a pure function of the record, the seats, the deals per decision and
the seed: the same arguments give the same review on every machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.ismcts import Budget, MoveEstimate, SearchBot
from cardtable.engine import IllegalMove, Observation, Record, RecordError
from cardtable.games.registry import find_game, package_of

GAMES = {"duel": "Paternoster Duel", "duel52": "Duel 52"}
"""The games reviewed by estimate (MateBeta has its exact review)."""
DEALS = {"duel": 100, "duel52": 10}
"""Deals per decision by default. The duel: 100 deals, every move on each (a third of the
strong player's lab budget: a review of a whole game stays a matter of seconds). Duel
52: its player spends 50 playouts on all moves together (a tree); 10 deals of every move
is about twice that, and a Duel 52 playout is slow."""
MAX_DEALS = 2000
"""The most deals per decision on the command line (``cardtable analyze``): its own machine's
time."""
MAX_SITE_DEALS = max(DEALS.values())
"""The most deals per decision a review over HTTP may ask for: what the site's page asks for
(a game's default), so one request costs the server no more than the page's own review
(2000 deals of a long game took 51 s of its CPU)."""
SEED = 1
MISTAKES = 3
"""How many of each seat's costliest moves the review names first."""


class ReviewError(ValueError):
    """A record that cannot be reviewed; the message names the problem or the move."""


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: what it played, what the computer would have played,
    and the estimated chances to win with each (0..1, from ``samples`` deals)."""

    ply: int
    seat: int
    played: str
    best: str
    before: float
    after: float
    samples: int
    options: tuple[MoveEstimate, ...]

    @property
    def cost(self) -> float:
        """Estimated chance to win given away (0 when the computer agrees)."""
        return 0.0 if self.played == self.best else max(0.0, self.before - self.after)

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "seat": self.seat, "played": self.played, "best": self.best,
                "before": round(self.before, 4), "after": round(self.after, 4),
                "cost": round(self.cost, 4), "samples": self.samples,
                "options": [{"move": o.move, "chance": round(o.chance, 4),
                             "value": round(o.value, 4)} for o in self.options]}


@dataclass(frozen=True)
class Review:
    """A whole game's review for some seats (``decisions`` in the order played)."""

    record: Record
    seats: tuple[int, ...]
    deals: int
    seed: int
    decisions: tuple[Decision, ...]
    forced: dict[int, int] = field(default_factory=dict)
    """Per seat, the moves it made without a choice (one legal move): not judged."""

    def mistakes(self, seat: int) -> list[Decision]:
        """The seat's moves that cost most, biggest first (only those that cost)."""
        costly = [d for d in self.decisions if d.seat == seat and d.cost > 0]
        return sorted(costly, key=lambda d: (-d.cost, d.ply))[:MISTAKES]

    def to_json(self) -> dict[str, Any]:
        outcome = replayed(self.record).outcome()
        return {
            "game": self.record.game, "record": self.record.to_json(), "seats": list(self.seats),
            "deals": self.deals, "seed": self.seed,
            "estimate": "the strong computer player's estimate: each legal move played out "
                        f"on the same {self.deals} deals of the unseen cards",
            "decisions": [d.to_json() for d in self.decisions],
            "forced": {str(s): n for s, n in self.forced.items()},
            "mistakes": {str(s): [d.ply for d in self.mistakes(s)] for s in self.seats},
            "outcome": outcome.to_json() if outcome is not None else None,
        }


def load(text: str) -> Record:
    """A record from a file's text; refuses what is no JSON or no record."""
    if not text.strip():
        raise ReviewError("the file is empty: a record is a JSON object with game, options, "
                          "deal and moves")
    try:
        return Record.loads(text)
    except RecordError as exc:
        raise ReviewError(f"this is not a game record: {exc}") from exc


def check(record: Record) -> None:
    """Refuse a record of a game without a review by estimate, naming the game."""
    if record.game in GAMES:
        return
    if record.game == "matebeta":
        raise ReviewError("this is a MateBeta record: MateBeta has its exact review "
                          "(cardtable analyze, or the review page), not an estimate")
    try:
        name = find_game(record.game).name
    except KeyError:
        raise ReviewError(f"unknown game '{record.game}': a review by estimate is for "
                          f"{' and '.join(GAMES.values())}") from None
    raise ReviewError(f"this is a record of {name}: a review by estimate is for "
                      f"{' and '.join(GAMES.values())}")


def replayed(record: Record) -> Any:
    """The record played to its last move; errors name the first move the rules refuse."""
    return _walk(record, lambda ply, seat, obs, text: None)


def _walk(record: Record, visit: Callable[[int, int, Observation, str], None]) -> Any:
    game = find_game(record.game)
    try:
        state = game.new(record.options, deal=record.deal)
    except ValueError as exc:
        raise ReviewError(f"the record's options or deal do not fit: {exc}") from None
    n = game.seats(state.options)
    for index, (seat, text) in enumerate(record.moves):
        if not 0 <= seat < n:
            raise ReviewError(f"move {index + 1} (seat {seat}, '{text}'): there is no seat "
                              f"{seat} in this game (seats 0 to {n - 1})")
        observation = state.observation(seat) if seat in state.to_act() else None
        try:
            state.play(seat, text)
        except IllegalMove as exc:
            raise ReviewError(f"move {index + 1} (seat {seat}, '{text}'): {exc.reason}") from None
        if observation is not None:
            visit(index + 1, seat, observation, state.history[-1][1])
    return state


def choices(record: Record, seats: Sequence[int]) -> tuple[list[tuple[int, int, Observation, str]],
                                                          dict[int, int]]:
    """The decisions to judge: (ply, seat, the seat's observation before it, move played)
    for every move of ``seats`` that had an alternative; and the forced moves per seat."""
    check(record)
    found: list[tuple[int, int, Observation, str]] = []
    forced = dict.fromkeys(seats, 0)

    def visit(ply: int, seat: int, observation: Observation, text: str) -> None:
        if seat not in forced:
            return
        if len(observation.legal_moves()) > 1:
            found.append((ply, seat, observation, text))
        else:
            forced[seat] += 1

    _walk(record, visit)
    return found, forced


def strong_player(game_id: str, seed: int, deals: int) -> SearchBot:
    """The game's strong player with a budget of ``deals`` deals."""
    bot = package_of(game_id).make_bot("strong", seed)
    assert isinstance(bot, SearchBot)
    return bot.with_budget(Budget(iterations=deals))


def judge(game_id: str, ply: int, seat: int, observation: Observation, played: str,
          deals: int, seed: int) -> Decision:
    """One decision judged (a pure function of its arguments: it runs in a worker)."""
    estimates = strong_player(game_id, seed * 1_000_003 + ply, deals).estimate(observation)
    best = max(estimates, key=lambda e: e.value)
    mine = next(e for e in estimates if e.move == played)
    ranked = tuple(sorted(estimates, key=lambda e: -e.value))
    return Decision(ply, seat, played, best.move, best.chance, mine.chance, best.samples,
                    ranked)


def seats_of(record: Record, seats: Sequence[int] | None) -> tuple[int, ...]:
    """The seats to review (all by default); refuses a seat the game does not have."""
    game = find_game(record.game)
    try:
        n = game.seats(game.parse_options(record.options))
    except ValueError as exc:
        raise ReviewError(f"the record's options do not fit: {exc}") from None
    wanted = tuple(range(n)) if not seats else tuple(seats)
    for s in wanted:
        if not 0 <= s < n:
            raise ReviewError(f"there is no seat {s} in this game (seats 0 to {n - 1})")
    return wanted


def check_deals(deals: int) -> int:
    if not 1 <= deals <= MAX_DEALS:
        raise ReviewError(f"deals must be from 1 to {MAX_DEALS}, not {deals}")
    return deals


def review(record: Record, seats: Sequence[int] | None = None, deals: int | None = None,
           seed: int = SEED, progress: Callable[[int, int], None] | None = None) -> Review:
    """The review in this process (the terminal, tests); ``progress(done, total)``."""
    check(record)
    wanted = seats_of(record, seats)
    n = check_deals(DEALS[record.game] if deals is None else deals)
    found, forced = choices(record, wanted)
    judged = []
    for i, (ply, seat, observation, played) in enumerate(found):
        judged.append(judge(record.game, ply, seat, observation, played, n, seed))
        if progress is not None:
            progress(i + 1, len(found))
    return Review(record, wanted, n, seed, tuple(judged), forced)


def _pct(x: float) -> str:
    return f"{round(x * 100)}%"


def render(result: Review) -> str:
    """The review as plain text for the terminal: the costliest moves first, then every
    decision; every chance is labelled as the computer's estimate."""
    name = GAMES[result.record.game]
    lines = [
        f"{name} review by the strong computer player's estimate: at each decision, every "
        f"legal move played out on the same {result.deals} deals of the cards the player "
        f"could not see (seed {result.seed}). A chance to win is the share of those "
        "playouts won, a draw counting half: an estimate, not an exact value.",
    ]
    outcome = replayed(result.record).outcome()
    lines.append(f"Result: {outcome.to_json() if outcome is not None else 'not finished'}")
    for seat in result.seats:
        mine = [d for d in result.decisions if d.seat == seat]
        agreed = sum(d.played == d.best for d in mine)
        lines += ["", f"Seat {seat}: {len(mine)} decisions judged ({result.forced.get(seat, 0)} "
                  f"forced moves not), the computer agreed with {agreed}."]
        costly = result.mistakes(seat)
        lines.append("Costliest moves (estimate):" if costly else
                     "The computer would have played no move differently at a cost.")
        lines += [f"  move {d.ply}: {d.played}; computer: {d.best} "
                  f"(chance to win {_pct(d.before)} -> {_pct(d.after)})" for d in costly]
    lines += ["", "Every decision (move, seat, played, computer's choice, estimated chance "
              "to win with the computer's choice and with the move played):"]
    for d in result.decisions:
        same = "=" if d.played == d.best else d.best
        lines.append(f"  {d.ply:>3}  seat {d.seat}  {d.played:<24} {same:<24} "
                     f"{_pct(d.before):>4} {_pct(d.after):>4}")
    return "\n".join(lines)

"""Duel 52's computer experts measured: matches, looks and thinking time.

``python benchmarks/duel52_expert.py match A B --deals 100 --iterations 12`` plays
every deal twice, A in each seat, and prints A's score (a draw counts half) with its
95% Wilson interval. A and B are the package's players by name (``strong``,
``strong-v1``, ``heuristic``, ...) or the sparring players of
``duel52_opponents.py`` (``rusher``, ``hoarder``). ``--iterations`` sets the deals a
decision of every searching player (their lab budget when left out; ``--b-iterations``
gives B its own, to match each player's deals in the same time). A's looks are
counted: how often Foresight let it look at a card (or it chose none), how often it
flipped a 4 or a 2, and its score in the games where it looked against those where
it did not.

``python benchmarks/duel52_expert.py looks shrewd heuristic --deals 40 --branches 4``
measures what Foresight's looks gain A, as a paired counterfactual: at each of A's
looks, the game is played on ``--branches`` times from there with A's look and as many
times with "look none" instead, the same players from the same seeds in both, and A's
score after its look is set against its score without it (a draw counts half; the 95%
interval is over the looks, each the mean of its branches). The draws to come are the
same in both, so only the information differs.

``python benchmarks/duel52_expert.py think --seconds 0.5 --decisions 100`` times the
expert's decisions at the server's deadline on every game length (median, p95, and the
deals it searched).

``python benchmarks/duel52_expert.py rate --player shrewd`` counts a searching player's
deals a CPU second (half of it is what one core searches in the server's 0.5 s).

``--cpu-seconds 0.5`` gives every searching player the site's thinking time instead, in
its own CPU seconds (what it has on a core of its own, however busy the machine).

``--workers`` runs deals in processes (default 1: the machine is shared).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cardtable.bots.ismcts import Budget, SearchBot
from cardtable.engine import Bot, Move, Observation, play_out
from cardtable.games.duel52.bots import make_bot
from cardtable.games.duel52.rules import DUEL52, Duel52Observation, Duel52State
from cardtable.games.duel52.table import rank
from cardtable.sim.stats import wilson

sys.path.insert(0, str(Path(__file__).parent))
from duel52_opponents import OPPONENTS


def player(name: str, seed: int, iterations: int | None, seconds: float | None = None,
           cpu_seconds: float | None = None) -> Bot:
    """A player by name, searching players at the given budget (``cpu_seconds``: that
    much of the process's own CPU time a decision, as ``tournament --site``)."""
    if name in OPPONENTS:
        return OPPONENTS[name](seed)
    bot = make_bot(name, seed)
    if isinstance(bot, SearchBot) and cpu_seconds:
        return bot.with_budget(Budget(seconds=cpu_seconds, cpu=True))
    if isinstance(bot, SearchBot) and (iterations or seconds):
        bot = bot.with_budget(Budget(iterations=iterations, seconds=seconds))
    return bot


class Watched(Bot):
    """A player whose looks, flips of 4s and 2s, and thinking times are counted."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.counts: Counter[str] = Counter()
        self.times: list[float] = []

    def act(self, observation: Observation) -> Move:
        assert isinstance(observation, Duel52Observation)
        began = time.perf_counter()
        move = self.bot.act(observation)
        if len(observation.legal_moves()) > 1:
            self.times.append(time.perf_counter() - began)
        if move.kind == "look":
            self.counts["look none" if not move.actors else "look"] += 1
        elif move.kind == "flip":
            card = observation.find(move.actors[0])
            if card is not None and card.card is not None and rank(card.card) in (2, 4):
                self.counts[f"flip {rank(card.card)}"] += 1
        return move


def one_deal(a: str, b: str, length: str, seed: int, iterations: int | None,
             b_iterations: int | None, cpu_seconds: float | None = None
             ) -> list[tuple[float, Counter[str]]]:
    """A's score from both seats of one deal, with A's counts in each game."""
    results = []
    for a_seat in (0, 1):
        rng = random.Random(seed)
        state = DUEL52.new({"length": length}, rng=rng)
        watched = Watched(player(a, seed * 2 + a_seat, iterations, cpu_seconds=cpu_seconds))
        bots = {a_seat: watched,
                1 - a_seat: player(b, seed * 2 + 1 - a_seat, b_iterations or iterations,
                                   cpu_seconds=cpu_seconds)}
        outcome = play_out(state, bots, rng)
        assert outcome is not None
        score = 0.5 if outcome.winner is None else float(outcome.winner == a_seat)
        results.append((score, watched.counts))
    return results


def match(args: argparse.Namespace) -> None:
    jobs = [(args.a, args.b, args.length, args.seed + n, args.iterations, args.b_iterations,
             args.cpu_seconds) for n in range(args.deals)]
    games: list[tuple[float, Counter[str]]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for n, deal in enumerate(pool.map(_deal, jobs), 1):
            games += deal
            if n % 5 == 0 and n < len(jobs):  # a long run shows its course
                print(f"  after {n} deals: {sum(s for s, _ in games) / len(games):.1%}",
                      flush=True)
    score = sum(s for s, _ in games)
    low, high = wilson(score, len(games))
    budget = (f"{args.cpu_seconds:g} CPU s a decision" if args.cpu_seconds
              else f"iterations {args.iterations or 'lab'}")
    print(f"{args.a} vs {args.b}, {args.length}, {args.deals} deals x 2 seats = {len(games)} "
          f"games, {budget}"
          f"{f' (B {args.b_iterations})' if args.b_iterations else ''}: {score / len(games):.1%} "
          f"(95% {low:.1%}-{high:.1%})")
    counts: Counter[str] = Counter()
    for _, c in games:
        counts.update(c)
    looked = [s for s, c in games if c["look"]]
    not_looked = [s for s, c in games if not c["look"]]
    print(f"  {args.a}: {dict(sorted(counts.items()))}; games with a look {len(looked)}, "
          f"score {_rate(looked)}; without {len(not_looked)}, score {_rate(not_looked)}")


def _rate(scores: list[float]) -> str:
    if not scores:
        return "-"
    low, high = wilson(sum(scores), len(scores))
    return f"{sum(scores) / len(scores):.1%} (95% {low:.1%}-{high:.1%})"


def _deal(job: tuple[str, str, str, int, int | None, int | None, float | None]
          ) -> list[tuple[float, Counter[str]]]:
    return one_deal(*job)


def one_looks(a: str, b: str, seed: int, iterations: int | None,
              branches: int) -> list[tuple[float, float]]:
    """A's mean score after each of its looks, and without it, on one deal from both
    seats (see the module's notes)."""
    pairs = []
    for a_seat in (0, 1):
        rng = random.Random(seed)
        state = DUEL52.new({"length": "standard"}, rng=rng)
        bots = {a_seat: player(a, seed * 2 + a_seat, iterations),
                1 - a_seat: player(b, seed * 2 + 1 - a_seat, iterations)}
        while state.outcome() is None:
            seat = state.to_act()[0]
            observation = state.observation(seat)
            assert isinstance(observation, Duel52Observation)
            move = bots[seat].act(observation)
            if seat == a_seat and move.kind == "look" and move.actors:
                none = next(m for m in observation.legal_moves() if not m.actors)
                scores = [0.0, 0.0]
                for branch in range(branches):
                    for i, alternative in enumerate((move, none)):
                        scores[i] += _played_on(state, seat, alternative, a, b, a_seat,
                                                seed * 1000 + branch, iterations)
                pairs.append((scores[0] / branches, scores[1] / branches))
            state.play(seat, move)
    return pairs


def _played_on(state: object, seat: int, move: Move, a: str, b: str, a_seat: int,
               seed: int, iterations: int | None) -> float:
    """A's score once ``move`` is made and the game is played to its end from there."""
    assert isinstance(state, Duel52State)
    branch = state.clone()
    branch.play(seat, move)
    bots = {a_seat: player(a, seed, iterations), 1 - a_seat: player(b, seed + 1, iterations)}
    outcome = play_out(branch, bots, random.Random(seed))
    return 0.5 if outcome.winner is None else float(outcome.winner == a_seat)


def looks(args: argparse.Namespace) -> None:
    jobs = [(args.a, args.b, args.seed + n, args.iterations, args.branches)
            for n in range(args.deals)]
    pairs: list[tuple[float, float]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for n, found in enumerate(pool.map(_looks, jobs), 1):
            pairs += found
            if n % 5 == 0 and n < len(jobs):  # a long run shows its course
                print(f"  after {n} deals: {_gain(pairs)}", flush=True)
    print(f"{args.a} vs {args.b}, {args.deals} deals x 2 seats, iterations "
          f"{args.iterations or 'lab'}, {args.branches} branches a look: {_gain(pairs)}")


def _gain(pairs: list[tuple[float, float]]) -> str:
    """The looks' scores with and without them, and the gain with its 95% interval."""
    if len(pairs) < 2:
        return f"{len(pairs)} looks, too few to measure"
    gains = [after - without for after, without in pairs]
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    after = statistics.fmean(a for a, _ in pairs)
    return (f"{len(pairs)} looks; score after the look {after:.1%}, "
            f"with \"look none\" instead {statistics.fmean(w for _, w in pairs):.1%}; gain "
            f"{mean:+.1%} (95% {mean - half:+.1%} to {mean + half:+.1%})")


def _looks(job: tuple[str, str, int, int | None, int]) -> list[tuple[float, float]]:
    return one_looks(*job)


def think(args: argparse.Namespace) -> None:
    for length in ("quick", "standard", "long"):
        times: list[float] = []
        n = 0
        while len(times) < args.decisions:
            rng = random.Random(args.seed + n)
            state = DUEL52.new({"length": length}, rng=rng)
            watched = Watched(player(args.player, n, None, seconds=args.seconds))
            seat = n % 2
            play_out(state, {seat: watched, 1 - seat: player("heuristic", n, None)}, rng)
            times += watched.times
            n += 1
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{args.player} at {args.seconds} s, {length}: {len(times)} decisions over {n} "
              f"games, median {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms")


def rate(args: argparse.Namespace) -> None:
    """Deals a CPU second: every fourth decision of three heuristic games, searched to
    100 deals."""
    cpu, deals = 0.0, 0
    for g in range(3):
        rng = random.Random(g)
        state = DUEL52.new({"length": "standard"}, rng=rng)
        heuristic = [player("heuristic", 1, None), player("heuristic", 2, None)]
        n = 0
        while state.outcome() is None:
            seat = state.to_act()[0]
            observation = state.observation(seat)
            if n % 4 == 0 and len(observation.legal_moves()) > 1:
                bot = player(args.player, n, 100)
                assert isinstance(bot, SearchBot)
                began = time.process_time()
                bot.act(observation)
                cpu += time.process_time() - began
                deals += bot.last.iterations
            state.play(seat, heuristic[seat].act(observation))
            n += 1
    print(f"{args.player}: {deals} deals, {deals / cpu:.0f} a CPU second, "
          f"{deals / cpu / 2:.0f} in 0.5 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("match")
    m.add_argument("a")
    m.add_argument("b")
    m.add_argument("--deals", type=int, default=100)
    m.add_argument("--iterations", type=int, default=None)
    m.add_argument("--cpu-seconds", type=float, default=None,
                   help="every searching player thinks this much CPU time a decision (the "
                        "site's 0.5 s on a core of its own), instead of iterations")
    m.add_argument("--b-iterations", type=int, default=None,
                   help="B's deals a decision, when not A's")
    m.add_argument("--length", default="standard", choices=("quick", "standard", "long"))
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--workers", type=int, default=1)
    lk = sub.add_parser("looks")
    lk.add_argument("a")
    lk.add_argument("b")
    lk.add_argument("--deals", type=int, default=40)
    lk.add_argument("--branches", type=int, default=4)
    lk.add_argument("--iterations", type=int, default=None)
    lk.add_argument("--seed", type=int, default=1)
    lk.add_argument("--workers", type=int, default=1)
    t = sub.add_parser("think")
    t.add_argument("--player", default="strong")
    t.add_argument("--seconds", type=float, default=0.5)
    t.add_argument("--decisions", type=int, default=100)
    t.add_argument("--seed", type=int, default=1)
    r = sub.add_parser("rate")
    r.add_argument("--player", default="strong")
    args = parser.parse_args()
    {"match": match, "looks": looks, "think": think, "rate": rate}[args.command](args)


if __name__ == "__main__":
    main()

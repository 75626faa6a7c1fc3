"""Bot against bot, for the numbers in the notes: win rates by seat order and speed.

``python -m cardtable.games.duel52.stats heuristic random --games 4000`` plays that many
games with the first name as the starting player (the seat that moves first) and prints
wins of the first and second player, draws, and games per second on one core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from cardtable.engine import play_out
from cardtable.games.duel52.bots import make_bot
from cardtable.games.duel52.rules import DUEL52


def match(first: str, second: str, games: int, seed: int = 1,
          options: dict[str, str] | None = None) -> tuple[int, int, int]:
    """(wins of the first player, wins of the second, draws) over ``games`` deals."""
    tally = [0, 0, 0]
    for i in range(games):
        state = DUEL52.new(options or {}, seed=seed + i)
        starter = int(state.deal["starter"])
        bots = {starter: make_bot(first, seed + i), 1 - starter: make_bot(second, seed + i + 1)}
        outcome = play_out(state, bots, random.Random(seed + i))
        if outcome.returns[0] == 0:
            tally[2] += 1
        else:
            tally[0 if outcome.returns[starter] > 0 else 1] += 1
    return tally[0], tally[1], tally[2]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--length", default="standard", choices=["quick", "standard", "long"])
    args = parser.parse_args(argv)
    options = {} if args.length == "standard" else {"length": args.length}
    start = time.perf_counter()
    won, lost, drawn = match(args.first, args.second, args.games, args.seed, options)
    seconds = time.perf_counter() - start
    n = args.games
    print(f"{args.first} (first) vs {args.second} (second), {n} {args.length} games: "
          f"first {won} ({won / n:.1%}), second {lost} ({lost / n:.1%}), draws {drawn} "
          f"({drawn / n:.1%}); {n / seconds:.1f} games/s on one core")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

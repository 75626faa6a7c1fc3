"""Time one plain loop on its own: ``python benchmarks/plain.py GAME [games] [seed]``.

``cardtable bench`` runs the same loops beside the engine; this runs only the loop, for
timing two versions of it against each other.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

GAMES = ("duel", "duel52", "matebeta", "paternoster")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in GAMES:
        print(f"usage: python benchmarks/plain.py {{{','.join(GAMES)}}} [games] [seed]")
        return 2
    sys.path.insert(0, str(Path(__file__).parent))
    loop = importlib.import_module(f"{argv[0]}_plain")
    count = int(argv[1]) if len(argv) > 1 else 2_000
    seed = int(argv[2]) if len(argv) > 2 else 1
    start = time.process_time()
    moves, _ = loop.play_games(count, seed)
    seconds = time.process_time() - start
    print(f"{count} games, {moves} moves in {seconds:.2f} s CPU: {count / seconds:,.0f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

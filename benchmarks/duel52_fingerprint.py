"""One hash over many whole Duel 52 games: moves, events, outcomes and observations.

Run it under two versions of the code (``python benchmarks/duel52_fingerprint.py``):
equal hashes mean the bots played the same games for the same seeds, every event
and every observation alike, on every game length and pairing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

from cardtable.engine import play_out
from cardtable.games.duel52.bots import make_bot
from cardtable.games.duel52.rules import DUEL52

PAIRINGS = (("heuristic", "heuristic"), ("random", "heuristic"), ("random", "random"))
LENGTHS = ("quick", "standard", "long")


def fingerprint(games: int, seed: int, every: int) -> str:
    """The hash of ``games`` games per length and pairing; every ``every``-th game also
    hashes all three observations (and the legal moves) before each move."""
    digest = hashlib.sha256()
    for length in LENGTHS:
        for a, b in PAIRINGS:
            for n in range(games):
                game_seed = seed + n
                rng = random.Random(game_seed)
                state = DUEL52.new({"length": length}, rng=rng)
                bots = {0: make_bot(a, game_seed), 1: make_bot(b, game_seed + 1)}
                if n % every == 0:
                    _stepwise(state, bots, digest)
                else:
                    play_out(state, bots, rng)
                outcome = state.outcome()
                assert outcome is not None
                digest.update(state.record().dumps().encode())
                digest.update(json.dumps(outcome.to_json()).encode())
    return digest.hexdigest()


def _stepwise(state, bots, digest) -> None:  # type: ignore[no-untyped-def]
    while state.outcome() is None:
        for seat in (0, 1, None):
            digest.update(json.dumps(state.observation(seat).to_json()).encode())
        seat = state.to_act()[0]
        digest.update(" ".join(m.text for m in state.legal_moves(seat)).encode())
        events = state.play(seat, bots[seat].act(state.observation(seat)))
        digest.update(json.dumps([e.to_json() for e in events]).encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per length and pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=10,
                        help="hash observations step by step in every N-th game")
    args = parser.parse_args()
    print(fingerprint(args.games, args.seed, args.every))


if __name__ == "__main__":
    main()

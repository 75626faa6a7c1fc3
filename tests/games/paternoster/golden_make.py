"""Regenerate the golden records: ``python tests/games/paternoster/golden_make.py``.

Each is a game of the simple team (signals on), frozen with its outcome."""

from __future__ import annotations

import json
import random
from pathlib import Path

from cardtable.engine import play_out
from cardtable.games.paternoster.bots import SimpleTeamBot
from cardtable.games.paternoster.rules import PATERNOSTER, PaternosterState

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "paternoster"
CASES = {
    "standard": {},
    "solo": {"players": 1},
    "five-players": {"players": 5},
    "short-trip": {"short_trip": True},
    "first-ride": {"first_ride": True},
    "bigger-hand": {"bigger_hand": True},
    "tokens": {"tokens": 3},
    "passing-on": {"passing_on": True, "players": 3},
    "smaller-hand": {"smaller_hand": True},
    "steep": {"steep": True},
    "two-cars": {"two_cars": True},
    "silent-lift": {"silent_lift": True},
    "lift-operator": {"lift_operator": True, "players": 3},
    "hourglass": {"hourglass": True},
    "passengers-3": {"passengers": 3},
    "passengers-5": {"passengers": 5, "players": 3},
    "fire": {"fire": True},
    "commands": {"commands": True},
    "commands-light": {"commands_light": True},
    "tower": {"tower": True, "players": 6},
    "tower-hand-5": {"tower": True, "players": 8, "tower_hand": 5},
    "everything": {"players": 4, "tokens": 2, "passing_on": True, "passengers": 4,
                   "fire": True, "commands": True, "hourglass": True, "lift_operator": True},
}


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, options in CASES.items():
        state = PATERNOSTER.new(options, seed=2024)
        assert isinstance(state, PaternosterState)
        bots = {s: SimpleTeamBot(2024 + s) for s in range(state.opts.players)}
        outcome = play_out(state, bots, random.Random(0))
        record = state.record().to_json()
        record["outcome"] = outcome.to_json()
        record["signals"] = [list(entry) for entry in state.signal_log]
        (GOLDEN / f"{name}.json").write_text(json.dumps(record) + "\n", encoding="utf-8")
        print(name, outcome.to_json())


if __name__ == "__main__":
    main()

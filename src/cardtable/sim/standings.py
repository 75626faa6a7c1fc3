"""The levels' standings from the last tournament, kept in the package for the site.

``cardtable tournament GAME --save`` writes the game's entry of
:data:`cardtable.games.ladder.STANDINGS`: the command, its date and games per
pairing, the searching players' thinking time a decision (``think_seconds``, ``None``
for their lab budgets), each level's rating (or, in a cooperative game, its team's perfect rate
and cards left) and the ladder's rungs. The site's seat picker reads it back.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from cardtable.games.ladder import STANDINGS
from cardtable.games.registry import ladder_of
from cardtable.sim.setup import player_key
from cardtable.sim.tournament import Tournament


def entry(tournament: Tournament, command: str, today: datetime.date) -> dict[str, Any]:
    """The game's standings: only the ladder's levels, under their levels' names."""
    level_of = {player_key(tournament.game, level.name): level.name
                for level in ladder_of(tournament.game)}
    levels: dict[str, dict[str, Any]] = {}
    for r in tournament.ratings:
        name = level_of.get(player_key(tournament.game, r.name))
        if name:
            levels[name] = {"elo": round(r.elo), "low": round(r.low), "high": round(r.high)}
    for t in tournament.teams:
        name = level_of.get(player_key(tournament.game, t.name))
        if name:
            levels[name] = {"perfect": round(t.rate.value, 4), "low": round(t.rate.low, 4),
                            "high": round(t.rate.high, 4),
                            "cards_left": round(t.amount.value, 2)}
    if len(levels) < len(level_of):
        missing = sorted(set(level_of.values()) - set(levels))
        raise ValueError(f"--save needs every level of the ladder (missing: "
                         f"{', '.join(missing)})")
    return {"command": command, "date": today.isoformat(), "games": tournament.games,
            "seed": tournament.seed, "options": tournament.options,
            "think_seconds": tournament.think_seconds, "levels": levels,
            "ladder": [step.to_json() for step in tournament.steps]}


def save(tournament: Tournament, command: str, path: Path | None = None,
         today: datetime.date | None = None) -> Path:
    """Write the game's entry into the standings file (by default the package's, looked
    up now: a test may put another in its place), keeping the other games'."""
    path = path or STANDINGS
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[tournament.game] = entry(tournament, command, today or datetime.date.today())
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n",
                    encoding="utf-8")
    return path

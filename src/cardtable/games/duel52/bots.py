"""Duel 52's computer players by name: ``random``, ``heuristic`` (:mod:`.heuristic`) and
the searching ``strong`` player (:mod:`.strong`, which plays its playouts with the
heuristic player)."""

from __future__ import annotations

from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Bot
from cardtable.games.duel52.heuristic import HeuristicBot
from cardtable.games.duel52.strong import make_strong

BOT_NAMES = {
    "heuristic": "flips for value, attacks to kill, protects lanes",
    "random": "a random legal move",
    "strong": "searches: plays each move out over many deals of the unseen cards",
}


def make_bot(name: str, seed: int | None = 0) -> Bot:
    """A Duel 52 computer player by name (see :data:`BOT_NAMES`)."""
    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "heuristic":
        return HeuristicBot(seed)
    if key == "strong":
        return make_strong(seed)
    raise ValueError(f"unknown Duel 52 player '{name}' (known: {', '.join(BOT_NAMES)})")

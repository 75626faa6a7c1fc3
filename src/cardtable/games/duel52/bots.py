"""Duel 52's computer players by name: ``random``, ``heuristic`` (:mod:`.simple`), and
two searching players: ``shrewd`` (:mod:`.expert`, the level ``expert``: its playouts
meet opponents of several styles) and the older ``strong`` (:mod:`.strong`, which plays
its playouts with the heuristic player alone)."""

from __future__ import annotations

from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Bot
from cardtable.games.duel52.expert import make_expert
from cardtable.games.duel52.simple import CarelessBot, HeuristicBot
from cardtable.games.duel52.strong import make_strong
from cardtable.games.ladder import Level, Maker
from cardtable.games.package import Players
from cardtable.translatable import N_

LADDER = (
    Level("beginner", N_("Beginner"),
          N_("knows what the cards do, but every other move is a guess"),
          player="careless"),
    Level("club", N_("Club player"),
          N_("flips for value, attacks to kill and guards its lanes"),
          player="heuristic"),
    Level("expert", N_("Expert"),
          N_("thinks ahead: tries each move over many possible deals"),
          player="shrewd"),
)
"""Duel 52's levels for players, weakest first (``cardtable tournament duel52``)."""

BOT_NAMES = {
    "heuristic": "flips for value, attacks to kill, protects lanes",
    "careless": "the heuristic player, but every other move a random one",
    "random": "a random legal move",
    "strong": "searches: plays each move out over many deals of the unseen cards",
    "shrewd": "searches against opponents of several styles, values face-down cards and "
              "what a look shows",
}


MAKERS: dict[str, Maker] = {
    "heuristic": HeuristicBot,
    "careless": CarelessBot,
    "random": RandomBot,
    "strong": make_strong,
    "shrewd": make_expert,
}
"""Each of :data:`BOT_NAMES` made from a seed."""

PLAYERS = Players(MAKERS, BOT_NAMES, LADDER, title="Duel 52")
"""Duel 52's computer players, for its package."""


def make_bot(name: str, seed: int | None = 0) -> Bot:
    """A Duel 52 computer player by name (see :data:`BOT_NAMES`) or by its level's name
    (:data:`LADDER`)."""
    return PLAYERS.make(name, seed)

"""The duel's computer players by name: the simple strategy's players (:mod:`.simple`),
the random player and the searching ``strong`` player (:mod:`.strong`, which plays its
playouts with the simple players)."""

from __future__ import annotations

from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Bot
from cardtable.games.duel.simple import CAUTIOUS, EAGER, SimpleDuelBot
from cardtable.games.duel.strong import make_strong
from cardtable.games.ladder import Level, Maker
from cardtable.games.package import Players
from cardtable.translatable import N_

BOT_NAMES = {
    "simple": "the simple strategy, pushing every turn",
    "never-push": "the simple strategy without pushing",
    "cautious": "the simple strategy, but never an extra card",
    "eager": "the simple strategy, extra cards up to two ranks away",
    "random": "a random legal move",
    "strong": "searches: plays each move out over many deals of the unseen cards",
}


LADDER = (
    Level("beginner", N_("Beginner"),
          N_("plays its smallest steps and never pushes"),
          player="never-push"),
    Level("club", N_("Club player"),
          N_("small steps, every step back, and a push each turn"),
          player="simple"),
    Level("expert", N_("Expert"),
          N_("thinks ahead: tries each move over many possible deals"),
          player="strong"),
)
"""The duel's levels for players, weakest first (``cardtable tournament duel``)."""


MAKERS: dict[str, Maker] = {
    "simple": lambda seed: SimpleDuelBot(seed, push="always"),
    "never-push": lambda seed: SimpleDuelBot(seed, push="never"),
    "cautious": lambda seed: SimpleDuelBot(seed, extra=CAUTIOUS),
    "eager": lambda seed: SimpleDuelBot(seed, extra=EAGER),
    "random": RandomBot,
    "strong": make_strong,
}
"""Each of :data:`BOT_NAMES` made from a seed."""

PLAYERS = Players(MAKERS, BOT_NAMES, LADDER, title="duel")
"""The duel's computer players, for its package."""


def make_bot(name: str, seed: int | None = 0) -> Bot:
    """A duel computer player by name (see :data:`BOT_NAMES`) or by its level's name
    (:data:`LADDER`)."""
    return PLAYERS.make(name, seed)

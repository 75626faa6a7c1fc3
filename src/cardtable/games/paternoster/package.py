"""Paternoster as cardtable knows it: :data:`PACKAGE`."""

from __future__ import annotations

from cardtable.games.package import GamePackage, PlayFlag, Variants
from cardtable.games.paternoster import levels, metrics, terminal, variants
from cardtable.games.paternoster.bots import PLAYERS
from cardtable.games.paternoster.hooks import HOOKS
from cardtable.games.paternoster.labels import LABELS
from cardtable.games.paternoster.rules import PATERNOSTER

PACKAGE = GamePackage(
    game=PATERNOSTER,
    labels=LABELS,
    players=PLAYERS,
    variants=Variants(variants.VARIANTS, variants.PARAMS, variants.from_variants,
                      levels.level_options, levels.LEVELS),
    hooks=HOOKS,
    metrics=metrics.metrics,
    terminal=terminal.run,
    play_flags=(PlayFlag("players", "number of players", "1 to 8 players", int),),
)

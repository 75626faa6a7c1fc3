"""Paternoster Duel as cardtable knows it: :data:`PACKAGE`."""

from __future__ import annotations

from cardtable.games.duel import metrics, terminal, variants
from cardtable.games.duel.bots import PLAYERS
from cardtable.games.duel.hooks import HOOKS
from cardtable.games.duel.labels import LABELS
from cardtable.games.duel.rules import DUEL
from cardtable.games.package import GamePackage, PlayFlag, Variants

PACKAGE = GamePackage(
    game=DUEL,
    labels=LABELS,
    players=PLAYERS,
    variants=Variants(variants.VARIANTS, variants.PARAMS, variants.from_variants),
    hooks=HOOKS,
    metrics=metrics.metrics,
    terminal=terminal.run,
    play_flags=(PlayFlag("match", "play a match, not a single game", "first to two won games"),),
)

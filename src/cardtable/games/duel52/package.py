"""Duel 52 as cardtable knows it: :data:`PACKAGE`."""

from __future__ import annotations

from cardtable.games.duel52 import metrics, terminal, variants
from cardtable.games.duel52.bots import PLAYERS
from cardtable.games.duel52.hooks import HOOKS
from cardtable.games.duel52.labels import LABELS
from cardtable.games.duel52.rules import DUEL52
from cardtable.games.package import GamePackage, Variants

PACKAGE = GamePackage(
    game=DUEL52,
    labels=LABELS,
    players=PLAYERS,
    variants=Variants(variants.VARIANTS, variants.PARAMS, variants.from_variants),
    hooks=HOOKS,
    metrics=metrics.metrics,
    terminal=terminal.run,
)

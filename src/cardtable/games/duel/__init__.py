"""Paternoster Duel: a two-player race (four in Team duel), red against black."""

from cardtable.games.duel.rules import DUEL, DuelMove, DuelObservation, DuelOutcome, DuelState
from cardtable.games.duel.variants import DuelOptions

__all__ = ["DUEL", "DuelMove", "DuelObservation", "DuelOptions", "DuelOutcome", "DuelState"]

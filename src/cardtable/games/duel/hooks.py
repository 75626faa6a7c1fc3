"""The duel's tables: a match to two won games, public moves, signals in the Team duel,
and Blitz, where the computer acts at the pace of its level."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardtable.engine import Game, Options, State
from cardtable.games.duel.bots import PLAYERS
from cardtable.games.duel.match import next_starter
from cardtable.games.duel.variants import DuelOptions
from cardtable.games.hooks import GameHooks

BLITZ_SECONDS = {"beginner": 1.4, "club": 1.4, "expert": 0.8, "random": 2.5}
"""Seconds a computer seat takes per move in Blitz, by the name a table keeps for it
(a level's name, or the lab's for a player no level seats), times the server's pause;
any other player takes :data:`BLITZ_DEFAULT`."""
BLITZ_DEFAULT = 1.4


class DuelHooks(GameHooks):
    """Paternoster Duel: first to two wins; the loser starts; Team duel signals."""

    default_match_wins = 2
    public_moves = True
    offers_signals = True
    player_clocks = True

    def next_deal(self, game: Game[State], options: Options, previous: State,
                  rng: random.Random, match: Mapping[str, Any]) -> dict[str, Any]:
        """Rule decision 7: the first game of every match, also one begun by "Play
        again", has the random deal's starter; within a match :func:`next_starter` of
        :mod:`cardtable.games.duel.match` decides, as in the terminal's match."""
        deal = game.random_deal(options, rng)
        outcome = previous.outcome()
        if match.get("over") or outcome is None or not isinstance(options, DuelOptions):
            return deal
        winner = outcome.to_json().get("winner")
        previous_starter = int(previous.deal.get("starter", 0))
        deal["starter"] = next_starter(previous_starter, winner if isinstance(winner, int)
                                       else None, options)
        return deal

    def realtime(self, options: Options) -> bool:
        """Blitz: both seats act whenever they like."""
        return bool(getattr(options, "blitz", False))

    def bot_delay(self, options: Options, player: str, pause: float) -> float:
        """In Blitz the pause of the player's level (an older or a lab's name counts as
        the level it means), else the server's pause."""
        if not self.realtime(options):
            return pause
        try:
            name = PLAYERS.canonical(player)
        except ValueError:
            name = player
        return pause * BLITZ_SECONDS.get(name, BLITZ_DEFAULT)


HOOKS = DuelHooks()

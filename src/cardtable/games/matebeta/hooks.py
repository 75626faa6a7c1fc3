"""MateBeta's tables: matches of two or four games won on points, and hints from the
exact solver."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardtable.engine import Game, Options, Outcome, State
from cardtable.games.hooks import GameHooks
from cardtable.games.matebeta.match import Match, fresh_hands


class MateBetaHooks(GameHooks):
    """MateBeta's match rules, game after game at one table, as :class:`Match` deals them.

    In a match the dealers are ``d, 1-d, 1-d, d``; game 2 swaps game 1's hands without a
    shuffle, game 3 is a fresh shuffle and game 4 swaps its hands. "Play again" after
    the match starts the next one with the other player dealing first.
    """

    public_moves = True
    offers_hints = True
    default_match_games = 2
    match_game_choices = (2, 4)
    player_clocks = True

    def points(self, outcome: Outcome) -> list[int]:
        return list(outcome.to_json()["points"])

    def next_deal(self, game: Game[State], options: Options, previous: State,
                  rng: random.Random, match: Mapping[str, Any]) -> dict[str, Any]:
        games = int(match.get("games_needed") or self.default_match_games)
        played = int(match.get("games", 1))  # games of this match so far, ``previous`` last
        dealer = int(previous.deal.get("dealer", 0))
        first = dealer if (played - 1) in (0, 3) else 1 - dealer
        if played >= games:
            return Match.start(games, rng, first_dealer=1 - first).deal(0)
        hands = previous.deal.get("hands")
        pair = ((tuple(hands[0]), tuple(hands[1])) if played % 2 == 1 and isinstance(hands, list)
                else fresh_hands(rng))
        return Match(games, first, (pair,) * (games // 2)).deal(played)


HOOKS = MateBetaHooks()

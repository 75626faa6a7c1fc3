"""High card as cardtable knows it: the rules, two computer players and a terminal."""

from __future__ import annotations

import argparse
import random

from cardtable.bots.random_bot import RandomBot
from cardtable.engine import Bot, Move, Observation, play_out
from cardtable.games.package import GamePackage, Players
from cardtable.translatable import N_
from highcard.rules import HIGHCARD, HighCardObservation


class StandBot(Bot):
    """Keeps a Queen or a King, changes anything lower."""

    def __init__(self, seed: int | None = 0) -> None:
        pass

    def act(self, observation: Observation) -> Move:
        assert isinstance(observation, HighCardObservation) and observation.card is not None
        return Move("stand" if observation.card.text in ("QS", "KS") else "swap")


PLAYERS = Players({"stand": StandBot, "random": RandomBot},
                  {"stand": "keeps a Queen or a King", "random": "a random legal move"},
                  title="High card")


def play_in_terminal(args: argparse.Namespace) -> int:
    """``cardtable play highcard``: you are seat 0 against the random player."""
    rng = random.Random(args.seed)
    state = HIGHCARD.new(rng=rng)
    print(f"your card: {state.observation(0).card}; stand or swap?")
    line = input().strip() or "stand"
    state.play(0, line)
    play_out(state, {1: PACKAGE.make_bot("random", rng.randrange(2**31))}, rng)
    outcome = state.outcome()
    assert outcome is not None
    print(outcome.to_json())
    return 0


PACKAGE = GamePackage(game=HIGHCARD, players=PLAYERS, terminal=play_in_terminal,
                      labels={"game.highcard": N_("High card")})

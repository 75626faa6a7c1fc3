"""Players that cross between the ecosystems.

* :class:`LadderBot`: one of our computer players (a ladder level such as ``expert``, or
  any name the lab knows) as an OpenSpiel bot.
* :class:`LadderPolicy`: the same as a PettingZoo policy, ``policy(observation, agent)``.
* :class:`OpenSpielSearch`: OpenSpiel's information-set MCTS (Cowling, Powley and
  Whitehouse 2011, ``open_spiel.python.algorithms.ismcts``, random playouts) as one of our
  players, for the lab (``--bots expert,openspiel-ismcts``). It gets only the seat's
  observation: the position it searches is dealt from it with ``Game.sample``, and every
  world it samples comes from the same observation. MateBeta has open hands, a game of
  perfect information, which OpenSpiel's IS-MCTS refuses; there the same player runs
  OpenSpiel's MCTS, which is what IS-MCTS is when there is one world.

Every player reads the seat's own observation, never the state.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.engine import Bot, Move, Observation
from cardtable.envs.openspiel import CardTableGame, CardTableState
from cardtable.envs.pettingzoo import CardTableEnv
from cardtable.games.registry import find_game, package_of

SIMULATIONS = {"duel": 75, "duel52": 10, "paternoster": 30, "matebeta": 50}
"""Simulations a decision. Duel: a decision takes the CPU time of our expert's (0.125 s,
75 simulations of 1.7 ms). Duel 52's expert decides in 10 ms and MateBeta's exact solver in
1 ms, less than two simulations, so there the search gets 10 and 50 (about 15 times and
twice our expert's time); Paternoster 30 (docs/RESEARCH.md has the measurements)."""
UCT_C = 2.0
"""The exploration constant (OpenSpiel's examples use 2 for returns of about -1..1)."""


def ladder_bot(game_id: str, name: str, seed: int) -> Bot:
    """One of our computer players by its level's name or the lab's name."""
    return package_of(game_id).make_bot(name, seed)


class LadderBot(pyspiel.Bot):  # type: ignore[misc]
    """Our player ``name`` seated as an OpenSpiel bot for ``player``."""

    def __init__(self, game: CardTableGame, player: int, name: str, seed: int = 0) -> None:
        super().__init__()
        self.spec = game.spec
        self.player = player
        self.bot = ladder_bot(self.spec.game_id, name, seed)

    def step(self, state: CardTableState) -> int:
        observation = state.observation_of(self.player)
        assert observation is not None, "the cards are still being dealt"
        return self.spec.actions.index(observation, self.bot.act(observation))

    def restart_at(self, state: CardTableState) -> None:
        """Our players keep nothing between decisions that a new game must clear."""

    def inform_action(self, state: CardTableState, player: int, action: int) -> None:
        """Our players read everything they need from the next observation."""


class LadderPolicy:
    """Our player ``name`` as a policy for a :class:`CardTableEnv`: it reads the acting
    agent's own observation from the environment and answers an action index."""

    def __init__(self, env: CardTableEnv, name: str, seed: int = 0) -> None:
        self.env = env
        self.bot = ladder_bot(env.spec.game_id, name, seed)

    def __call__(self, observation: Any, agent: str) -> int:
        seen = self.env.state.observation(self.env.seat_of(agent))
        return self.env.spec.actions.index(seen, self.bot.act(seen))


class OpenSpielSearch(Bot):
    """OpenSpiel's IS-MCTS (MCTS in MateBeta) as one of our players; see the module.
    The game's options are read from the first position it is asked about."""

    def __init__(self, game_id: str, seed: int = 0, simulations: int | None = None) -> None:
        self.game_id = game_id
        self.seed = seed
        self.rng = random.Random(seed)
        self.simulations = simulations or SIMULATIONS[game_id]
        self.searches: dict[str, tuple[CardTableGame, Any]] = {}

    def _search(self, options: dict[str, Any]) -> tuple[CardTableGame, Any]:
        key = json.dumps(options, sort_keys=True)
        found = self.searches.get(key)
        if found is not None:
            return found
        words = json.dumps({"options": options})
        game = pyspiel.load_game(f"cardtable_{self.game_id}", {"options": words})
        assert isinstance(game, CardTableGame)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(self.seed))
        searcher = np.random.RandomState(self.seed + 1)
        search: Any
        if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
            search = mcts.MCTSBot(game, UCT_C, self.simulations, evaluator,
                                  random_state=searcher)
        else:
            search = ismcts.ISMCTSBot(game, evaluator, UCT_C, self.simulations,
                                      random_state=searcher)
        self.searches[key] = game, search
        return game, search

    def act(self, observation: Observation) -> Move:
        seat = observation.seat
        assert seat is not None, "a spectator makes no moves"
        moves = observation.legal_moves()
        if len(moves) == 1:
            return moves[0]
        dealt = find_game(self.game_id).sample(observation, self.rng)
        game, search = self._search(dealt.options.to_json())
        state = CardTableState(game, dealt)
        if len(dealt.to_act()) > 1:
            state.chosen = seat
        return game.spec.actions.legal(observation)[int(search.step(state))]


def make_search(game_id: str, seed: int) -> Bot:
    """The lab's ``openspiel-ismcts`` player for a game."""
    return OpenSpielSearch(game_id, seed)

"""The four games as OpenSpiel Python games: importing this module registers
``cardtable_duel``, ``cardtable_duel52``, ``cardtable_paternoster`` and
``cardtable_matebeta`` with ``pyspiel``.

``pyspiel.load_game("cardtable_duel")`` is the standard game; the parameter ``options``
takes the lab's words as JSON, ``{"variants": ["team"]}``, ``{"players": 3}`` or
``{"options": {"hand": 5}}`` (:func:`cardtable.envs.tables.table`).

* **Chance.** The deal is four chance nodes of 256 equally likely outcomes each: the
  bytes of the seed our rules deal from (every deal a seed can give, each as likely as
  our own games make it). In Blitz duel, where both seats may act, a chance node picks
  which one moves, as the lab does. Nothing else is random.
* **Information.** Duel, Duel 52 and Paternoster have imperfect information; MateBeta's
  hands are open (perfect information). Utility: zero-sum for the duels and MateBeta
  (the points difference), identical for Paternoster (the team's result).
* **Strings and tensors** of the information state and of the observation are both made
  from the seat's own observation (its JSON form, and the arrays of :mod:`.features`);
  the observation holds every card the seat saw played, so nothing a seat once knew is
  forgotten.
* ``resample_from_infostate`` deals the unseen cards with ``Game.sample``.
* Actions are the fixed spaces of :mod:`.actions`; ``max_game_length`` is a bound on
  decisions (every move but an ``end`` lays or gives a card in the duel and Paternoster;
  Duel 52 and MateBeta by their length: random games of Duel 52 take under 200 moves).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from cardtable.engine import Move, Observation, State
from cardtable.envs.tables import Table, table
from cardtable.games.registry import game_ids

SEED_BYTES = 4
"""Chance nodes of the deal: the seed's bytes, most significant first."""
PLAYERS = {"duel": (2, 4), "duel52": (2, 2), "matebeta": (2, 2), "paternoster": (1, 8)}
"""The fewest and most seats of each game, over all its options."""


def _game_type(game_id: str) -> pyspiel.GameType:
    information = (pyspiel.GameType.Information.PERFECT_INFORMATION if game_id == "matebeta"
                   else pyspiel.GameType.Information.IMPERFECT_INFORMATION)
    utility = (pyspiel.GameType.Utility.IDENTICAL if game_id == "paternoster"
               else pyspiel.GameType.Utility.ZERO_SUM)
    low, high = PLAYERS[game_id]
    return pyspiel.GameType(
        short_name=f"cardtable_{game_id}",
        long_name=f"cardtable {game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"options": "{}"},
    )


def _limits(spec: Table) -> tuple[float, float, int]:
    """The least and greatest return, and the most decisions a game may take."""
    options: Any = spec.options
    if spec.game_id == "paternoster":
        return -float(options.deck_size), 0.0, 4 * options.deck_size + 20
    if spec.game_id == "matebeta":
        top = 22.0 * max(options.values)
        return -top, top, 40
    if spec.game_id == "duel":
        return -1.0, 1.0, 4 * 52 * (2 if options.team else 1) + 20
    return -1.0, 1.0, 2000


class CardTableGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games under one set of options."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        raw = (params or {}).get("options", "{}")
        words = json.loads(raw) if isinstance(raw, str) else dict(raw)
        self.spec = spec = table(game_id, **words)
        low, high, length = _limits(spec)
        zero_sum = game_id != "paternoster"
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions.size,
            max_chance_outcomes=256,
            num_players=spec.seats,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=length,
        )
        super().__init__(_game_type(game_id), info, {"options": json.dumps(words)})
        probe = spec.game.new(spec.options, seed=0)
        self.tensor_size = len(spec.observe(probe.observation(probe.to_act()[0])))

    def new_initial_state(self) -> CardTableState:
        return CardTableState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SeatObserver:
        return SeatObserver(self)


class CardTableState(pyspiel.State):  # type: ignore[misc]
    """A game being dealt (chance nodes) or played (a state of our rules)."""

    def __init__(self, game: CardTableGame, state: State | None = None) -> None:
        super().__init__(game)
        self.spec = game.spec
        self.seed_bytes: list[int] = []
        self.state = state
        self.chosen: int | None = None
        """The seat a chance node picked when several may act."""

    # --- whose turn ---
    def current_player(self) -> int:
        state = self.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.outcome() is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        seats = state.to_act()
        if len(seats) == 1:
            return seats[0]
        return self.chosen if self.chosen is not None else int(pyspiel.PlayerId.CHANCE)

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.outcome() is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.state is None:
            return [(b, 1 / 256) for b in range(256)]
        seats = self.state.to_act()
        return [(s, 1 / len(seats)) for s in seats]

    # --- moves ---
    def legal(self, player: int) -> dict[int, Move]:
        assert self.state is not None
        return self.spec.actions.legal(self.state.observation(player))

    def _legal_actions(self, player: int) -> list[int]:
        if self.state is None or player != self.current_player():
            return []
        return list(self.legal(player))

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.seed_bytes.append(action)
            if len(self.seed_bytes) == SEED_BYTES:
                seed = int.from_bytes(bytes(self.seed_bytes), "big")
                self.state = self.spec.game.new(self.spec.options, seed=seed)
            return
        player = self.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            self.chosen = action
            return
        move = self.legal(player).get(action)
        if move is None:
            raise ValueError(f"action {action} ({self.spec.actions.describe(action)}) is "
                             f"not legal for seat {player} now")
        self.state.play(player, move)
        self.chosen = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}" if self.state is None else f"seat {action} moves"
        return self.spec.actions.describe(action)

    # --- results ---
    def returns(self) -> list[float]:
        outcome = None if self.state is None else self.state.outcome()
        if outcome is None:
            return [0.0] * self.spec.seats
        return [float(r) for r in outcome.returns]

    def observation_of(self, player: int) -> Observation | None:
        return None if self.state is None else self.state.observation(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the seat cannot tell from this one: the unseen cards dealt anew."""
        observation = self.observation_of(player_id)
        if observation is None:
            return self.clone()
        rng = random.Random(int(probability_sampler() * 2**53))
        game = self.get_game()
        sampled = CardTableState(game, self.spec.game.sample(observation, rng))
        sampled.chosen = self.chosen
        return sampled

    def __str__(self) -> str:
        if self.state is None:
            return f"dealing: seed bytes {self.seed_bytes}"
        return self.state.record().dumps()


class SeatObserver:
    """A seat's observation as a string (its JSON) and a tensor (:mod:`.features`)."""

    def __init__(self, game: CardTableGame) -> None:
        self.spec = game.spec
        self.tensor = np.zeros(game.tensor_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardTableState, player: int) -> None:
        observation = state.observation_of(player)
        if observation is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.spec.observe(observation)

    def string_from(self, state: CardTableState, player: int) -> str:
        observation = state.observation_of(player)
        if observation is None:
            return f"seat {player}: dealing"
        return json.dumps(observation.to_json(), sort_keys=True, ensure_ascii=False)


def _game_class(game_id: str) -> type[CardTableGame]:
    """The class ``pyspiel.load_game`` makes one game's instances with. OpenSpiel's registry
    keeps it until after the interpreter has ended; a class, as OpenSpiel registers its own
    Python games, is still there then, while a plain callable object may not be (a test run
    that imported tests by path crashed at exit with it)."""

    def __init__(self: CardTableGame, params: dict[str, Any] | None = None) -> None:
        CardTableGame.__init__(self, game_id, params)

    return type(f"CardTableGame_{game_id}", (CardTableGame,), {"__init__": __init__})


MAKERS = {game_id: _game_class(game_id) for game_id in game_ids()}
"""Held here for the whole run, as pyspiel's registry holds them."""


def load(game_id: str, **words: Any) -> CardTableGame:
    """The OpenSpiel game of one of our games, with the lab's option words."""
    game = pyspiel.load_game(f"cardtable_{game_id}", {"options": json.dumps(words)})
    assert isinstance(game, CardTableGame)
    return game


for _game_id, _make in MAKERS.items():
    pyspiel.register_game(_game_type(_game_id), _make)

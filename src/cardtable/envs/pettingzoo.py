"""The four games as PettingZoo AEC environments.

``env("duel")``, ``env("paternoster", players=3)``, ``env("duel", variants=["team"])``:
the keywords are the lab's (:mod:`cardtable.envs.tables`). Agents are ``seat_0``,
``seat_1``... Each agent observes ``{"observation": float32 array, "action_mask": int8
array}``, both from its own observation only (:mod:`.features`); actions are indices
of the game's fixed action space (:mod:`.actions`, ``env.unwrapped.describe(i)`` says
what one means). Rewards come once, when the game ends: the game's returns (duel and
Duel 52: 1 a win, -1 a loss, 0 a draw; MateBeta: the points difference; Paternoster: the
team's, minus the cards left, minus the whole deck for a lost game). ``reset(seed=...)``
deals the same cards for the same seed. Paternoster's signals are not moves, so agents
play without them. An illegal index raises ``ValueError`` naming it and the legal
moves, and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.engine import Move, Observation, State
from cardtable.envs.tables import Table, table
from cardtable.envs.view import text_view


def env(game: str, render_mode: str | None = None, **options: Any) -> CardTableEnv:
    """A PettingZoo AEC environment of a game (an id of ``cardtable.games.registry``)."""
    return CardTableEnv(table(game, **options), render_mode)


class CardTableEnv(AECEnv[str, dict[str, np.ndarray[Any, Any]], int]):  # type: ignore[misc]
    """One table of a game; see the module's notes."""

    def __init__(self, spec: Table, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unknown render mode '{render_mode}' (known: ansi)")
        self.spec = spec
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "is_parallelizable": False,
                         "name": f"cardtable_{spec.game_id}"}
        self.possible_agents = [f"seat_{s}" for s in range(spec.seats)]
        probe = spec.game.new(spec.options, seed=0)
        size = len(spec.observe(probe.observation(probe.to_act()[0])))
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (spec.actions.size,), np.int8),
        })
        self._action_space = spaces.Discrete(spec.actions.size)
        self._rng = random.Random()
        self.state: State = probe

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def describe(self, action: int) -> str:
        """What an action index stands for, in words."""
        return self.spec.actions.describe(action)

    def seat_of(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        self.state = self.spec.game.new(self.spec.options, seed=self._rng.randrange(2**63))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._choose_next()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        observation = self.state.observation(self.seat_of(agent))
        mask = self.spec.mask(observation)
        if agent != self.agent_selection or self.terminations[agent]:
            mask[:] = 0
        return {"observation": self.spec.observe(observation), "action_mask": mask}

    def legal(self, agent: str) -> dict[int, Move]:
        """The agent's legal moves now, by action index."""
        return self.spec.actions.legal(self.state.observation(self.seat_of(agent)))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of(agent)
        move = self._move(self.state.observation(seat), action)
        self._cumulative_rewards[agent] = 0.0
        self.state.play(seat, move)
        self._clear_rewards()
        outcome = self.state.outcome()
        if outcome is not None:
            for agent_, value in zip(self.agents, outcome.returns, strict=True):
                self.rewards[agent_] = float(value)
                self.terminations[agent_] = True
        self._accumulate_rewards()
        self._choose_next()

    def _move(self, observation: Observation, action: int | None) -> Move:
        legal = self.spec.actions.legal(observation)
        index = -1 if action is None else int(action)
        move = legal.get(index)
        if move is None:
            space = self.spec.actions
            named = space.describe(index) if 0 <= index < space.size else "outside the space"
            choices = ", ".join(f"{i} ({m.text})" for i, m in legal.items())
            raise ValueError(f"action {action} ({named}) is not legal for "
                             f"{self.agent_selection} now; legal: {choices}")
        return move

    def _choose_next(self) -> None:
        """The agent to act: the one seat that may, or a random one when several may
        (Blitz duel); once the game is over, the agent that moved last stays selected."""
        seats = self.state.to_act()
        if seats:
            seat = seats[0] if len(seats) == 1 else self._rng.choice(seats)
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return text_view(self.state, self.seat_of(self.agent_selection))

    def close(self) -> None:
        """Nothing to release."""

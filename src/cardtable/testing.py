"""Checks of the engine contract that hold for every game.

The test suites of all games call these, so the two properties of DESIGN.md
(no leak, replay) and the atomicity of ``play`` are written once.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardtable.engine import Bot, Game, IllegalMove, Observation, State, replay


def seats_of(state: State) -> list[int | None]:
    """Every seat of the game, then the spectator."""
    return [*range(state.game.seats(state.options)), None]


def observations(state: State) -> list[Observation]:
    return [state.observation(seat) for seat in seats_of(state)]


def random_game(
    game: Game[State],
    options: Mapping[str, Any] | None,
    seed: int,
    on_step: Callable[[State], None] | None = None,
    max_moves: int = 20_000,
    bot: Bot | None = None,
    bot_share: float = 0.0,
) -> State:
    """Play a game to its end: random legal moves for a random seat among those to act,
    or with probability ``bot_share`` the move ``bot`` picks (to reach deeper positions).

    ``on_step`` sees the state before every move and once at the end.
    """
    rng = random.Random(seed)
    state = game.new(options, seed=seed)
    for _ in range(max_moves):
        if on_step is not None:
            on_step(state)
        if state.outcome() is not None:
            return state
        seats = state.to_act()
        assert seats, "a running game must have a seat to act"
        seat = rng.choice(seats)
        moves = state.legal_moves(seat)
        assert moves, f"seat {seat} is to act but has no legal move"
        if bot is not None and rng.random() < bot_share:
            state.play(seat, bot.act(state.observation(seat)))
        else:
            state.play(seat, rng.choice(moves))
    raise AssertionError(f"the game did not end within {max_moves} moves")


def assert_no_leak(state: State, rng: random.Random) -> None:
    """Each seat's (and the spectator's) observation survives ``sample``."""
    for seat in seats_of(state):
        seen = state.observation(seat)
        sampled = state.game.sample(seen, rng)
        assert sampled.observation(seat) == seen, f"sample changed what seat {seat} sees"


def assert_legal_moves_agree(state: State) -> None:
    """The observation offers a seat exactly the moves the state allows."""
    for seat in range(state.game.seats(state.options)):
        from_state = [m.text for m in state.legal_moves(seat)]
        from_obs = [m.text for m in state.observation(seat).legal_moves()]
        assert from_state == from_obs, f"seat {seat}: {from_state} != {from_obs}"
        assert from_state == sorted(from_state, key=from_state.index)
        if seat not in state.to_act():
            assert not from_state, f"seat {seat} is not to act but has moves"


def assert_refused_unchanged(state: State, seat: int, move: Any) -> IllegalMove:
    """``play`` refuses the move with a reason and changes nothing at all."""
    before = observations(state)
    history = list(state.history)
    try:
        state.play(seat, move)
    except IllegalMove as exc:
        assert exc.reason, "a refusal needs a reason"
        assert observations(state) == before, "a refused move changed the game"
        assert state.history == history
        return exc
    raise AssertionError(f"'{move}' by seat {seat} was accepted")


def replay_steps(state: State) -> list[list[Observation]]:
    """Every seat's observations before each move and at the end, rebuilt from the record."""
    record = state.record()
    fresh = state.game.new(record.options, deal=record.deal)
    steps = [observations(fresh)]
    for seat, text in record.moves:
        fresh.play(seat, text)
        steps.append(observations(fresh))
    return steps


def assert_replay_same(
    game: Game[State],
    options: Mapping[str, Any] | None,
    seed: int,
    bot: Bot | None = None,
    bot_share: float = 0.0,
) -> State:
    """A random game and its replayed record agree at every step and in the outcome."""
    seen: list[list[Observation]] = []
    state = random_game(game, options, seed, lambda s: seen.append(observations(s)),
                        bot=bot, bot_share=bot_share)
    assert replay_steps(state) == seen, "replay differs from the game as played"
    again = replay(state.record(), game)
    outcome, replayed = state.outcome(), again.outcome()
    assert outcome is not None and replayed is not None
    assert outcome.to_json() == replayed.to_json()
    return state


def refusal_rules(folder: Path) -> set[str]:
    """Every rule id the rules code below ``folder`` can refuse a move with: the second
    argument of each ``IllegalMove(...)``, and the keys of a ``reasons`` table (the rule
    ids Paternoster's ``explain`` words). Read from the source, so that a test finds a
    rule no random game happened to meet."""
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalMove"
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
                found.add(str(node.args[1].value))
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
                    and getattr(node.targets[0], "id", None) == "reasons"):
                found.update(str(k.value) for k in node.value.keys if isinstance(k, ast.Constant))
    return found

"""The duel's strong player weighs whole turns (issue 14): its candidates are every way
the rest of a turn can go, each a legal sequence of the seat's moves, no two leaving
the same position, the cautious player's own turn among them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.duel.rules import DUEL, END, DuelState
from cardtable.games.duel.simple import CAUTIOUS, SimpleDuelBot
from cardtable.games.duel.strong import turn_plans
from cardtable.games.duel.variants import from_variants

VARIANTS = [[], ["long"], ["hard-push"], ["friendly"], ["handicap-hand:0"]]


def midgame(seed: int, variant: list[str]) -> DuelState | None:
    """A two-seat position at some move of some turn, reached by simple players."""
    rng = random.Random(seed)
    state = DUEL.new(from_variants(variant).to_json(), rng=rng)
    bots = [SimpleDuelBot(1, extra=CAUTIOUS), SimpleDuelBot(2)]
    for _ in range(rng.randrange(40)):
        seat = state.to_act()[0]
        state.play(seat, bots[seat].act(state.observation(seat)))
        if state.outcome() is not None:
            return None
    return state


def left(state: DuelState, seat: int, plan: tuple[object, ...]) -> tuple[object, ...]:
    """Make ``plan`` on a copy (every move must be legal): the hand and the four tops it
    leaves when the turn or the game ends."""
    after = state.clone()
    for i, move in enumerate(plan):
        assert move in after.legal_moves(seat), (plan, i)
        if move is END:
            assert i == len(plan) - 1
            break
        after.play(seat, move)  # type: ignore[arg-type]
        assert (after.outcome() is None) == (i < len(plan) - 1), (plan, i)
    return (tuple(sorted(after.hands[seat])),
            tuple(p[-1] if p else None for team in after.piles for p in team))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(VARIANTS))
def test_every_plan_is_a_legal_turn_and_no_two_leave_the_same_position(
        seed: int, variant: list[str]) -> None:
    state = midgame(seed, variant)
    if state is None:
        return
    seat = state.to_act()[0]
    observation = state.observation(seat)
    plans = turn_plans(observation)
    assert plans
    ends = [left(state, seat, plan) for plan in plans]
    assert len(set(ends)) == len(ends)
    assert {plan[0] for plan in plans} <= set(state.legal_moves(seat))
    cautious = SimpleDuelBot(seed, extra=CAUTIOUS).plan(observation)
    assert left(state, seat, tuple(cautious)) in ends


def test_blitz_and_team_duel_weigh_each_legal_move_alone() -> None:
    for variant in (["blitz"], ["team"]):
        state = DUEL.new(from_variants(variant).to_json(), seed=3)
        seat = next(s for s in state.to_act() if state.legal_moves(s))
        observation = state.observation(seat)
        assert turn_plans(observation) == [(move,) for move in observation.legal_moves()]

"""The search player: it sees only its observation, every budget is checked,
a fixed budget and a seed make it reproducible, it never plays an illegal move."""

from __future__ import annotations

import math
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots.ismcts import Budget, BudgetError, SearchBot, check_iterations, check_seconds
from cardtable.engine import Game, Record, State, play_out
from cardtable.games.duel.bots import SimpleDuelBot
from cardtable.games.duel.rules import DUEL
from cardtable.games.duel.strong import sample_with_signals
from cardtable.games.duel.variants import from_variants
from cardtable.games.duel52.rules import DUEL52
from cardtable.games.registry import find_game, replay
from cardtable.sim.setup import make_bot

DUEL_VARIANTS = {
    "standard": [], "blitz": ["blitz"], "team": ["team"], "long": ["long"],
    "hard-push": ["hard-push"], "friendly": ["friendly"],
    "handicap": ["handicap-hand:0", "handicap-no-push:1"],
}
CASES = [("duel", from_variants(v).to_json()) for v in DUEL_VARIANTS.values()] + [
    ("duel52", {"length": length}) for length in ("quick", "standard", "long")]
IDS = [f"duel-{name}" for name in DUEL_VARIANTS] + ["duel52-quick", "duel52-standard",
                                                    "duel52-long"]


def strong(game_id: str, seed: int, iterations: int = 8) -> SearchBot:
    bot = make_bot(game_id, "strong", seed)
    assert isinstance(bot, SearchBot)
    return bot.with_budget(Budget(iterations=iterations))


def position(game: Game[State], options: dict[str, object], seed: int) -> State:
    """A random position of a game not yet over: random moves from a seeded deal."""
    rng = random.Random(seed)
    state = game.new(options, rng=rng)
    for _ in range(rng.randrange(60)):
        seats = state.to_act()
        if not seats:
            break
        seat = rng.choice(seats)
        moves = state.legal_moves(seat)
        if not moves:
            break
        before = state.clone()
        state.play(seat, rng.choice(moves))
        if state.outcome() is not None:
            return before
    return state


def acting_seat(state: State) -> int | None:
    for seat in state.to_act():
        if state.legal_moves(seat):
            return seat
    return None


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_the_move_for_a_seed_depends_only_on_the_observation(
        game_id: str, options: dict[str, object]) -> None:
    """Two true states that give the same observation give the same move."""
    game = find_game(game_id)
    checked = 0
    for seed in range(40):
        if checked == 4:
            break
        state = position(game, options, seed)
        seat = acting_seat(state)
        if seat is None or len(state.legal_moves(seat)) < 2:
            continue
        observation = state.observation(seat)
        other = game.sample(observation, random.Random(seed + 100))
        assert other.observation(seat) == observation
        assert strong(game_id, seed).act(observation) == strong(game_id, seed).act(
            other.observation(seat))
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_never_an_illegal_move_over_random_positions(
        game_id: str, options: dict[str, object]) -> None:
    game = find_game(game_id)
    for seed in range(10):
        state = position(game, options, 1000 + seed)
        seat = acting_seat(state)
        if seat is None:
            continue
        move = strong(game_id, seed, iterations=4).act(state.observation(seat))
        assert move in state.legal_moves(seat)
        state.play(seat, move)


@pytest.mark.parametrize(("game_id", "options"), [CASES[0], CASES[1], CASES[2], CASES[7]],
                         ids=["duel", "duel-blitz", "duel-team", "duel52-quick"])
def test_a_game_of_strong_players_replays_from_its_record(
        game_id: str, options: dict[str, object]) -> None:
    game = find_game(game_id)
    rng = random.Random(7)
    state = game.new(options, rng=rng)
    seats = game.seats(game.parse_options(options))
    outcome = play_out(state, {s: strong(game_id, s, iterations=3) for s in range(seats)}, rng)
    again = replay(Record.loads(state.record().dumps()))
    assert again.outcome() == outcome
    assert again.history == state.history


def test_a_fixed_budget_and_seed_give_the_same_game() -> None:
    games = []
    for _ in range(2):
        rng = random.Random(3)
        state = DUEL.new({}, rng=rng)
        play_out(state, {0: strong("duel", 1, 5), 1: make_bot("duel", "cautious", 2)}, rng)
        games.append(state.history)
    assert games[0] == games[1]


def test_a_search_out_of_time_still_returns_a_legal_move() -> None:
    state = position(DUEL52, {}, 4)
    seat = acting_seat(state)
    assert seat is not None
    bot = strong("duel52", 0).with_budget(Budget(deadline=time.time() - 1.0))
    move = bot.act(state.observation(seat))
    assert move in state.legal_moves(seat)
    assert bot.last.iterations == 0


def test_a_deadline_ends_the_search() -> None:
    """A deadline alone bounds the think (no iteration cap): it answers at all."""
    state = DUEL.new({}, seed=2)
    seat = state.to_act()[0]
    bot = strong("duel", 0).with_budget(Budget(seconds=0.05))
    assert bot.act(state.observation(seat)) in state.legal_moves(seat)
    assert bot.last.iterations >= 1


@pytest.mark.parametrize("bad", [0, -1, -0.5, math.nan, math.inf, 1e9, 61, True, "1"])
def test_a_bad_thinking_time_is_refused_naming_the_option(bad: object) -> None:
    with pytest.raises(BudgetError, match="--think-seconds must be a number of seconds"):
        check_seconds(bad, "--think-seconds")  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, -3, 10**9, 2.5, False])
def test_a_bad_iteration_budget_is_refused_naming_the_option(bad: object) -> None:
    with pytest.raises(BudgetError, match="iterations must be a whole number"):
        check_iterations(bad, "iterations")  # type: ignore[arg-type]
    with pytest.raises(BudgetError, match="iterations"):
        Budget(iterations=bad)  # type: ignore[arg-type]


def test_a_budget_needs_something_to_end_it() -> None:
    with pytest.raises(BudgetError, match="needs iterations, seconds or a deadline"):
        Budget()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_team_duel_deals_agree_with_the_partners_help_signals(seed: int) -> None:
    """A partner who signals "I can help this pile" holds a step back for one of the
    pile's tops of this turn in every deal the strong player thinks about (as the fast
    player signals), also when it signals on both piles."""
    rng = random.Random(seed)
    state = DUEL.new({"team": True}, rng=rng)
    bots = {s: SimpleDuelBot(s) for s in range(4)}
    for _ in range(rng.randrange(1, 12)):
        for s, bot in bots.items():
            state.sync_signals(s, bot.signals(state.observation(s)))
        seat = state.to_act()[0]
        for move in bots[seat].plan(state.observation(seat)):
            state.play(seat, move)
        if state.outcome() is not None:
            return
    for s, bot in bots.items():
        state.sync_signals(s, bot.signals(state.observation(s)))
    seat = state.to_act()[0]
    observation = state.observation(seat)
    partner = (seat + 2) % 4
    helps = [pile for s, pile, kind in observation.signals if s == partner and kind == "help"]
    for _ in range(5):
        deal = sample_with_signals(observation, rng)
        assert deal.observation(seat) == observation
        shown = observation.played + 1  # the top when the turn began, and every card since
        for pile in helps:
            tops = observation.piles[seat % 2][pile][-shown:]
            backs = {card - 4 if pile == 0 else card + 4 for card in tops}
            assert backs.intersection(deal.hands[partner])


def test_what_foresight_showed_stays_in_every_deal_the_strong_player_thinks_about() -> None:
    """Duel 52: a face-down card the seat looked at (Foresight) is that card in every
    sample the search deals, moves after the look: the observation remembers it."""
    found = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = DUEL52.new({}, rng=rng)
        while state.outcome() is None:
            seat = state.to_act()[0]
            observation = state.observation(seat)
            looked = [c for lane in observation.lanes for side in lane for c in side
                      if not c.up and c.card is not None and (c.base or c.seat != seat)]
            if looked:
                for _ in range(3):
                    deal = DUEL52.sample(observation, rng)
                    for c in looked:
                        view = deal.observation(seat).find((c.lane, c.seat, c.slot))
                        assert view is not None and view.card == c.card
                found += 1
                break
            state.play(seat, rng.choice(state.legal_moves(seat)))
        if found >= 3:
            return
    pytest.fail("no game of 200 had a Foresight look at a hidden card")


def test_a_cpu_budget_counts_the_processs_own_time_not_the_wall_clocks() -> None:
    """The lab's timed tournaments think in CPU seconds: time the process spends waiting
    (on a busy machine, on other processes) does not use up a decision's budget."""
    budget = Budget(seconds=0.05, cpu=True)
    started = budget.now()
    deadline = budget.until(started)
    assert deadline is not None
    time.sleep(0.2)  # waiting, not thinking
    assert budget.now() < deadline
    wall = Budget(seconds=0.05)
    wall_deadline = wall.until(wall.now())
    time.sleep(0.1)
    assert wall_deadline is not None and wall.now() > wall_deadline


def test_a_search_on_a_cpu_budget_still_searches_and_moves() -> None:
    """A searching player on a CPU budget plays a legal move after searching deals."""
    state = DUEL52.new({}, rng=random.Random(4))
    seat = state.to_act()[0]
    while len(state.legal_moves(seat)) < 2:
        state.play(seat, state.legal_moves(seat)[0])
        seat = state.to_act()[0]
    bot = make_bot("duel52", "strong", 1)
    assert isinstance(bot, SearchBot)
    timed = bot.with_budget(Budget(seconds=0.05, cpu=True))
    move = timed.act(state.observation(seat))
    assert move in state.legal_moves(seat)
    assert timed.last.iterations >= 1

"""The ``why`` question's answers (server/live/whynot.py): the engine's refusal, nothing played,
and nothing a seat may not know (the reasons depend only on the seat's observation)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardtable
from cardtable.engine import State
from cardtable.games.registry import find_game, game_ids
from cardtable.server.live.whynot import judge
from cardtable.testing import refusal_rules
from cardtable.web.labels import entries

OPTIONS = {"duel": [{}, {"team": True}], "paternoster": [{}, {"players": 3}],
           "duel52": [{}], "matebeta": [{}]}


def positions(game_id: str, options: dict[str, object], seed: int) -> tuple[list[State], list[str]]:
    """Every position of one random game, and every move text any seat could make in it."""
    rng = random.Random(seed)
    state = find_game(game_id).new(options, seed=seed)
    seen: list[State] = []
    texts: set[str] = set()
    while not state.is_over() and len(seen) < 120:
        seen.append(state.clone())
        seats = state.to_act()
        for seat in seats:
            texts.update(m.text for m in state.legal_moves(seat))
        seat = rng.choice(seats)
        state.play(seat, rng.choice(state.legal_moves(seat)))
    seen.append(state)
    return seen, sorted(texts)


@pytest.mark.parametrize("game_id", game_ids())
def test_why_answers_the_rules_refusal_and_changes_nothing(game_id: str) -> None:
    for options in OPTIONS[game_id]:
        states, texts = positions(game_id, options, 7)
        for state in states[::9]:
            seats = len(state.observation(None).to_json().get("hand_counts", [0, 0]))
            for seat in range(seats):
                before = (state.record().to_json(), state.observation(seat))
                legal = ({m.text for m in state.legal_moves(seat)}
                         if seat in state.to_act() else set())
                for answer in judge(state, seat, texts):
                    assert answer["legal"] is (answer["move"] in legal), answer
                    if not answer["legal"]:
                        assert answer["code"] == "illegal" and answer["message"] and answer["rule"]
                assert (state.record().to_json(), state.observation(seat)) == before


@pytest.mark.parametrize("game_id", game_ids())
def test_why_tells_a_seat_only_what_its_observation_holds(game_id: str) -> None:
    """For a seat, the answers are the same in every full state that seat cannot tell apart
    (states sampled from its observation): no reason names a hidden card or depends on one."""
    game = find_game(game_id)
    rng = random.Random(3)
    for options in OPTIONS[game_id]:
        for seed in (1, 2):
            states, texts = positions(game_id, options, seed)
            for state in states[::7]:
                seats = len(state.observation(None).to_json().get("hand_counts", [0, 0]))
                for seat in range(seats):
                    observation = state.observation(seat)
                    other = game.sample(observation, rng)
                    assert other.observation(seat) == observation
                    assert judge(other, seat, texts) == judge(state, seat, texts)


def test_why_answers_text_that_names_no_move() -> None:
    state = find_game("duel").new({}, seed=1)
    [answer] = judge(state, 0, ["fly to the moon"])
    assert answer["legal"] is False and answer["rule"] == "no-such-move"


def engine_rules() -> set[str]:
    """Every rule id the games' code can refuse a move with."""
    return refusal_rules(Path(cardtable.__file__).parent / "games")


def test_every_rule_has_a_german_sentence() -> None:
    """German pages show the reason by its rule id: every rule the engine names has one
    (a label, which the catalogue test holds to a German translation)."""
    rules = engine_rules()
    assert {"pile-direction", "push-distance", "follow-suit", "base-protected"} <= rules
    missing = sorted(r for r in rules if f"why.{r}" not in entries())
    assert not missing, missing

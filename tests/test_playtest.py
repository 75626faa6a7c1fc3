"""The playtest's figures without a server: records measured by the lab's own metric
functions, the rows chosen for the options people played, and "too few to tell"."""

from __future__ import annotations

import random

from cardtable.engine import Record, play_out
from cardtable.games.registry import find_game
from cardtable.playtest.figures import (
    PUSHING,
    canonical,
    describe,
    measure,
    people_line,
    pushing_paid,
    rows_for,
    too_few,
)
from cardtable.playtest.show import Compared
from cardtable.playtest.source import Game
from cardtable.sim.setup import make_bot, metrics_of


def played_duels(count: int, seed: int = 4) -> list[Game]:
    """Duels between two simple players, as the site would store them."""
    game = find_game("duel")
    options = game.parse_options({})
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        state = game.new(options, rng=rng)
        deal = dict(state.deal)
        play_out(state, {s: make_bot("duel", "simple", rng.randrange(9)) for s in (0, 1)}, rng)
        outcome = state.outcome()
        assert outcome is not None
        games.append(Game(Record("duel", options.to_json(), deal, list(state.history)),
                          outcome.to_json(), False, 0.0))
    return games


def test_a_record_is_measured_as_the_simulation_measures_its_game() -> None:
    games = played_duels(40)
    played = measure("duel", games)
    assert played.measured == 40 and not played.ended_otherwise
    (rows,) = played.groups.values()
    for game, row in zip(games, rows, strict=True):
        state = find_game("duel").new(find_game("duel").parse_options(game.record.options),
                                      deal=game.record.deal)
        for seat, text in game.record.moves:
            state.play(seat, text)
        assert row.metrics == metrics_of("duel")(state)


def test_a_game_ended_outside_its_rules_is_counted_not_measured() -> None:
    (game,) = played_duels(1)
    cut = Game(Record("duel", game.record.options, game.record.deal, game.record.moves[:3]),
               {"winner": 0, "reason": "resigned", "resigned": 1}, True, 0.0)
    played = measure("duel", [cut, game])
    assert played.measured == 1 and dict(played.ended_otherwise) == {"resigned": 1}


def test_pushing_pays_reads_the_side_that_pushed_more() -> None:
    red = {"red-wins": True, "black-wins": False}
    black = {"red-wins": False, "black-wins": True}
    moves = [(0, "push 5H on down"), (1, "play 4S on up"), (0, "push 6D on up")]
    assert pushing_paid(moves, red) is True
    assert pushing_paid(moves, black) is False
    assert pushing_paid([(0, "push 5H on down"), (1, "push 4S on up")], red) is None
    assert pushing_paid(moves, {"red-wins": False, "black-wins": False}) is None


def test_rows_follow_the_options_people_played() -> None:
    played = measure("duel", played_duels(5))
    reported, measures = rows_for("duel", played)
    ids = [row.id for row in reported + measures]
    assert "starter-wins" in ids and PUSHING in ids and "stuck" in ids
    assert "skill-gap" not in ids and "always-push-vs-never-push" not in ids
    figures = [(r.metric, canonical("duel", dict(r.options))) for r in reported + measures
               if r.id != PUSHING]
    assert len(set(figures)) == len(figures), "each figure once"
    lines = {row.id: people_line(row, played) for row in reported + measures}
    assert lines["starter-wins"] is not None and lines["starter-wins"].games == 5
    assert lines["starter-wins-two-card-first-turn"] is None, "nobody played that variant"
    assert too_few(lines["starter-wins"])
    item = Compared(reported[0], lines[reported[0].id], None)
    assert item.too_few and item.verdict() == "too few to tell"


def test_options_in_a_few_words() -> None:
    options = find_game("paternoster").parse_options(
        {"players": 3, "bigger_hand": True, "tokens": 2}).to_json()
    assert describe("paternoster", options) == "level easy, 3 players"
    assert describe("duel", {"long_race": True}) == "long_race=true"
    assert describe("duel", {}) == "standard rules"

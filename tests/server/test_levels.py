"""Computer levels on the server: one name per player, an old name read as its level."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from harness import Server, play

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.mark.parametrize(("game", "old", "level"), [
    ("matebeta", "easy", "beginner"), ("matebeta", "medium", "club"),
    ("duel", "never-push", "beginner"), ("duel52", "heuristic", "club")])
def test_a_stored_table_naming_an_old_level_is_read_with_the_level(
        fresh_server: Server, tmp_path: Path, game: str, old: str, level: str) -> None:
    """A new table asked for an old name (MateBeta's ``easy``/``medium``, the duel's
    ``never-push``, Duel 52's ``heuristic``: the names before the ladders) keeps the
    level's name; one stored under the old name (as tables were) comes back after a
    restart with the level's name, and its computer seat plays on to the end."""
    table_id, tokens = fresh_server.table_with_players(
        game=game, seats=[{"kind": "human"}, {"kind": "computer", "strength": old}])
    human = fresh_server.client(table_id, tokens[0])
    rng = random.Random(3)
    before = play({0: human}, rng, max_moves=3)
    assert before["seats"][1]["strength"] == level
    fresh_server.kill9()
    with sqlite3.connect(tmp_path / "cardtable.db") as db:
        db.execute("UPDATE seats SET strength = ? WHERE table_id = ? AND seat = 1",
                   (old, table_id))
    fresh_server.start()
    again = fresh_server.client(table_id, tokens[0])
    state = again.wait_version(before["version"])
    assert state["seats"][1]["strength"] == level
    final = play({0: again}, rng)
    assert final["status"] == "finished"

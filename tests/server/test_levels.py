"""Computer levels on the server: a stored table that names an old level name still loads."""

from __future__ import annotations

import random

import pytest
from harness import Server, play

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.mark.parametrize(("game", "old"), [("matebeta", "easy"), ("matebeta", "medium"),
                                           ("duel", "never-push"), ("duel52", "heuristic")])
def test_a_stored_table_naming_an_old_level_still_loads(fresh_server: Server, game: str,
                                                        old: str) -> None:
    """A table stored with an old name (MateBeta's ``easy``/``medium``, the duel's
    ``never-push``, Duel 52's ``heuristic``: the names before the ladders) comes
    back after a restart and its computer seat plays on to the end."""
    table_id, tokens = fresh_server.table_with_players(
        game=game, seats=[{"kind": "human"}, {"kind": "computer", "strength": old}])
    human = fresh_server.client(table_id, tokens[0])
    rng = random.Random(3)
    before = play({0: human}, rng, max_moves=3)
    assert before["seats"][1]["strength"] == old
    fresh_server.kill9()
    fresh_server.start()
    again = fresh_server.client(table_id, tokens[0])
    state = again.wait_version(before["version"])
    assert state["seats"][1]["strength"] == old
    final = play({0: again}, rng)
    assert final["status"] == "finished"

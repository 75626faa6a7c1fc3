"""The bench's yardsticks (benchmarks/<game>_plain.py) are the same rules and the same player
as the package: the very games, seed for seed, so ``cardtable bench`` compares only like with
like."""

from __future__ import annotations

import pytest

from cardtable.bench import PLAIN_LOOPS, against_plain, plain_loop, self_play
from cardtable.games.registry import find_game, game_ids

GAMES = {"duel": 300, "duel52": 12, "paternoster": 200, "matebeta": 500}
"""Games played per plain loop (Duel 52's are long)."""


def test_every_game_has_a_plain_loop() -> None:
    assert sorted(p.stem.removesuffix("_plain") for p in PLAIN_LOOPS.glob("*_plain.py")) \
        == sorted(game_ids()) == sorted(GAMES)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_plain_loop_plays_the_same_games(game_id: str) -> None:
    plain = plain_loop(game_id)
    assert plain is not None
    game = find_game(game_id)
    ours = self_play(game, game.parse_options({}), plain.BOT, 7, games=GAMES[game_id],
                     fold=plain.fold)
    both = against_plain(ours, plain, 7)
    assert both.plain is not None
    assert both.plain.moves == ours.moves and both.plain.fingerprint == ours.fingerprint
    assert both.to_json()["plain"]["same_games"] is True  # type: ignore[index]

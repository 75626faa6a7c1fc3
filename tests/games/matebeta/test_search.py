"""The compiled game search gives the same values as its source run as plain Python."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.matebeta import search

SOURCE = Path(search.__file__).with_name("search.py")


def interpreted() -> ModuleType:
    """search.py loaded from its source under another name, so it runs interpreted."""
    spec = importlib.util.spec_from_file_location("matebeta_search_interpreted", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), fp=st.tuples(st.booleans(), st.booleans()),
       window=st.sampled_from([(-search.INF, search.INF), (-1, 1), (0, 1), (-40, -39)]))
def test_compiled_and_interpreted_search_agree(seed: int, fp: tuple[bool, bool],
                                               window: tuple[int, int]) -> None:
    """Any deal (foreplaced cards left out), any window: the same fail-soft value."""
    rng = random.Random(seed)
    cards = list(range(search.CARDS))
    rng.shuffle(cards)
    size = 9 if fp[0] or fp[1] else 10
    hands = [sum(1 << c for c in cards[:10][:size]), sum(1 << c for c in cards[10:][:size])]
    if fp[0] != fp[1]:  # one foreplacer: the other player keeps ten
        keeper = 1 if fp[0] else 0
        hands[keeper] |= 1 << (cards[10:] if keeper else cards[:10])[9]
    who = rng.randrange(2)
    alpha, beta = window
    plain = interpreted().GameSearch(fp).search(hands[who], hands[1 - who], who, 1, alpha, beta)
    fast = search.GameSearch(fp).search(hands[who], hands[1 - who], who, 1, alpha, beta)
    assert fast == plain

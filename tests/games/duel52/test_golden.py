"""Golden records of full Duel 52 games (every length, bots of both kinds, a game that
ends by both players passing): each replays to its frozen outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.engine import Record
from cardtable.games.registry import replay

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "duel52"
FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_golden_records_of_every_length() -> None:
    names = " ".join(f.name for f in FILES)
    for length in ("quick", "standard", "long"):
        assert length in names
    assert "both-passed" in names


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_record_replays_to_its_outcome(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state = replay(Record.from_json(data))
    outcome = state.outcome()
    assert outcome is not None, "a golden game is finished"
    assert outcome.to_json() == data["outcome"]

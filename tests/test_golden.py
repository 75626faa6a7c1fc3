"""Golden records of every game replay to their known outcomes (and legal moves)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.engine import Record
from cardtable.games.registry import replay

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*/*.json"))


def test_there_are_golden_records() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_record_replays_to_its_outcome(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state = replay(Record.from_json(data))
    outcome = state.outcome()
    assert (outcome.to_json() if outcome else None) == data["outcome"]
    if "legal" in data:
        legal = {str(seat): [m.text for m in state.legal_moves(seat)] for seat in state.to_act()}
        assert legal == data["legal"]

"""``cardtable balance matebeta``: every deal, resumable, figures for the rules page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.games.matebeta.rules import MATEBETA, MB_DECK
from cardtable.games.matebeta.solver import Solver
from cardtable.sim import matebeta_deals as deals


def test_the_chunks_hold_every_position_once() -> None:
    assert sum(deals.chunk_size(c) for c in range(deals.CHUNKS)) == deals.DEALS == 184_756
    first = list(deals.chunk_positions(0))
    assert len(first) == deals.chunk_size(0) and len(set(first)) == len(first)
    assert first[0] == tuple(range(10)) and not set(first) & set(deals.chunk_positions(1))


def test_a_position_is_worth_the_same_whichever_seat_deals() -> None:
    """Why one solve per dealer's hand covers a deal from both dealers: the dealer's
    value does not depend on the seat numbers."""
    hand = list(deals.chunk_positions(7))[3]
    other = [i for i in range(20) if i not in hand]
    texts = [[MB_DECK[i].text for i in hand], [MB_DECK[i].text for i in other]]
    as_seat_0 = Solver().value(MATEBETA.new({}, deal={"hands": texts, "dealer": 0}))
    as_seat_1 = Solver().value(MATEBETA.new({}, deal={"hands": texts[::-1], "dealer": 1}))
    assert as_seat_0 == -as_seat_1


def fake_chunk(chunk: int) -> dict[str, Any]:
    """Values without solving: the dealer wins 10 on even positions, draws on odd ones;
    keeping all ten always draws."""
    size = deals.chunk_size(chunk)
    return {"chunk": chunk, "values": [10 * ((chunk + i + 1) % 2) for i in range(size)],
            "kept": [0] * size}


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deals, "solve_chunk", fake_chunk)
    results = tmp_path / "deals.jsonl"
    seen: list[int] = []
    done = deals.solve_all(results, 1, seen.append, limit=3)
    assert sorted(done) == [0, 1, 2] and sum(seen) == sum(deals.chunk_size(c) for c in done)
    with results.open("a") as out:
        out.write('{"chunk": 3, "values": [1')  # a line cut short by the interruption
    solved: list[int] = []
    monkeypatch.setattr(deals, "solve_chunk", lambda c: solved.append(c) or fake_chunk(c))
    done = deals.solve_all(results, 1, None)
    assert solved == list(range(3, deals.CHUNKS)) and len(done) == deals.CHUNKS
    assert deals.read_results(results) == {c: fake_chunk(c) for c in range(deals.CHUNKS)}


def test_figures_of_a_partial_run_carry_intervals_and_of_a_whole_run_are_exact() -> None:
    partial = deals.figures({c: fake_chunk(c) for c in range(4)})
    row = partial["rows"]["dealer-wins"]
    assert not partial["complete"] and row["low"] < row["ours"] < row["high"]
    whole = deals.figures({c: fake_chunk(c) for c in range(deals.CHUNKS)})
    assert whole["complete"] and whole["positions"] == deals.DEALS
    for row in whole["rows"].values():
        assert row["low"] == row["ours"] == row["high"] and row["note"] == "exact"
    assert whole["rows"]["foreplacing-matters"]["ours"] == pytest.approx(
        whole["rows"]["dealer-wins"]["ours"])
    assert sum(whole["values"].values()) == deals.DEALS


def test_the_command_writes_the_figures_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(deals, "solve_chunk", fake_chunk)
    figures = tmp_path / "figures.json"
    figures.write_text(json.dumps({"reports": {"duel": {"x": 1}}}))
    assert main(["balance", "matebeta", "--workers", "1", "--chunks", "2", "--json",
                 "--results", str(tmp_path / "r.jsonl"), "--figures", str(figures)]) == 0
    printed = json.loads(capsys.readouterr().out)
    data = json.loads(figures.read_text())
    assert data["reports"]["duel"] == {"x": 1}
    assert data["reports"]["matebeta"] == printed["rows"]
    assert data["matebeta_values"]["positions"] == printed["positions"] == (
        deals.chunk_size(0) + deals.chunk_size(1))


def test_the_checkout_keeps_the_chunks_solved_so_far() -> None:
    """A run on a fresh machine resumes from the committed results file (the default)."""
    done = deals.read_results(deals.RESULTS)
    assert done, f"{deals.RESULTS} holds no chunk"
    for chunk, item in done.items():
        assert len(item["values"]) == len(item["kept"]) == deals.chunk_size(chunk)
    chunk, item = min(done.items())
    for hand, value in zip(list(deals.chunk_positions(chunk))[:3], item["values"], strict=False):
        other = [i for i in range(20) if i not in hand]
        texts = [[MB_DECK[i].text for i in hand], [MB_DECK[i].text for i in other]]
        assert Solver().value(MATEBETA.new({}, deal={"hands": texts, "dealer": 0})) == value

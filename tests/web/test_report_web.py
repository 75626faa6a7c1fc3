"""The balance report page opens in Chromium from a file: no console errors, every
chart embedded and drawn, readable on a phone and a desktop (screenshots kept)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import main


def test_report_renders_in_chromium_without_errors(
        tmp_path: Path, browser: Any, artifacts: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sweep", "duel", "--vary", "hand=5..6", "--vary", "push_reach=1..2",
                 "--games", "30", "--workers", "1", "--json"]) == 0
    sweep = tmp_path / "sweep.json"
    sweep.write_text(capsys.readouterr().out)
    assert json.loads(sweep.read_text())["axes"] == ["hand", "push_reach"]
    page_file = tmp_path / "duel.html"
    assert main(["balance", "duel", "--games", "40", "--restricted-games", "20",
                 "--workers", "1", "--report", str(page_file), "--sweep", str(sweep)]) == 0
    capsys.readouterr()
    html = page_file.read_text()
    assert "http://" not in html and "https://" not in html  # nothing to fetch
    errors: list[str] = []
    for name, size in (("phone", {"width": 390, "height": 844}),
                       ("desktop", {"width": 1366, "height": 900})):
        page = browser.new_page(viewport=size)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_file.as_uri())
        page.wait_for_function("[...document.images].every(i => i.complete)")
        drawn = page.evaluate("[...document.images].map(i => i.naturalWidth)")
        assert len(drawn) == 2 and all(w > 300 for w in drawn)
        headings = page.locator("h2").all_inner_texts()
        assert headings[0] == "The rule text's figures beside ours"
        assert headings[1] == "The designer's measures"
        assert headings[2].startswith("Restricted play")
        assert headings[3].startswith("Sweep: Paternoster Duel: hand 5..6 × push_reach 1..2")
        assert page.locator("td", has_text="pushing").count() >= 2
        page.screenshot(path=str(artifacts / f"balance-report-{name}.png"), full_page=True)
        page.close()
        assert errors == [], name

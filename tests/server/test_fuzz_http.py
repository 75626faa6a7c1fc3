"""Schemathesis against the server's own /openapi.json.

A real server process on a fresh SQLite file; schemathesis runs every one of its
checks (not only "no server errors": status codes, content types, response schemas,
schema-valid requests accepted, invalid ones refused, 405 with ``Allow``, ...) over
all phases: the schema's examples, its boundaries, random requests and chains that
follow the schema's links. Bounded by a number of cases per operation and a fixed
seed; ``CARDTABLE_FUZZ_EXAMPLES`` raises the number for a longer run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from harness import Server

CONFIG = Path(__file__).parent / "fuzz" / "schemathesis.toml"
EXAMPLES = int(os.environ.get("CARDTABLE_FUZZ_EXAMPLES", "25"))


@pytest.mark.slow
def test_schemathesis_passes_every_check(
        fresh_server: Server, tmp_path: Path, record_property: pytest.RecordProperty) -> None:
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file", str(CONFIG), "run",
               f"{fresh_server.url}/openapi.json", "--max-examples", str(EXAMPLES),
               "--seed", "20", "--workers", "1", "--generation-database", "none",
               "--no-color"]
    began = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path,
                          timeout=900, check=False)
    seconds = time.monotonic() - began
    out = done.stdout + done.stderr
    cases = re.search(r"(\d+) generated", out)
    summary = f"{cases.group(1) if cases else '?'} cases in {seconds:.0f} s"
    record_property("schemathesis", summary)
    print(f"schemathesis: {summary}")
    assert done.returncode == 0, out[-6000:]
    assert "passed" in out and cases is not None and int(cases.group(1)) > 0
    log = fresh_server.log_path.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]

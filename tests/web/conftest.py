"""Fixtures of the browser tests: a real server process and Debian's chromium via Playwright.

Chromium comes from the system (``/usr/bin/chromium``, installed by ``make test``);
Playwright never downloads a browser here. Screenshots go to ``artifacts/screenshots``
(ignored by git) for people to look at.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Server

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(os.environ.get("CARDTABLE_ARTIFACTS",
                                Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"))


def serve(tmp_path_factory: pytest.TempPathFactory, name: str, *flags: str) -> Iterator[Server]:
    path = tmp_path_factory.mktemp(name)
    srv = Server(f"sqlite:///{path / 'cardtable.db'}", path / "server.log", *flags)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serve(tmp_path_factory, "web")


@pytest.fixture(scope="session")
def paced_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose computer players take a moment per move (0.2 s; Blitz: 0.28 s for
    the simple player), as they would against a person: at no pause Blitz is over before
    the page has loaded. Its Hourglass runs 6 s a turn instead of 30."""
    yield from serve(tmp_path_factory, "paced", "--bot-pause", "0.2",
                     "--hourglass-seconds", "6")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium "
                    "(apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS

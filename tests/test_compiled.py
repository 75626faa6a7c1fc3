"""The modules src/cardtable/compiled.py names are installed compiled, from their sources."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from cardtable.compiled import MODULES, SOURCES

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(bool(os.environ.get("CARDTABLE_PURE")),
                    reason="CARDTABLE_PURE=1: installed without compiling")
@pytest.mark.parametrize(("source", "name"), list(zip(SOURCES, MODULES, strict=True)))
def test_the_installed_module_is_compiled_from_its_current_source(source: str, name: str) -> None:
    built = Path(importlib.import_module(name).__file__ or "")
    assert built.suffix == ".so", f"make install compiles {source} with mypyc"
    assert built.stat().st_mtime >= (ROOT / source).stat().st_mtime, (
        f"{source} changed since it was compiled: run make install")

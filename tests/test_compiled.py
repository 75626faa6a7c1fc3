"""The modules setup.py compiles are installed compiled, from their current sources."""

from __future__ import annotations

import ast
import importlib
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def compiled_sources() -> list[str]:
    """setup.py's ``COMPILED`` list (its paths from the checkout's root)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return [str(item) for item in ast.literal_eval(node.value)]
    raise AssertionError("setup.py names no COMPILED modules")


@pytest.mark.skipif(bool(os.environ.get("CARDTABLE_PURE")),
                    reason="CARDTABLE_PURE=1: installed without compiling")
@pytest.mark.parametrize("source", compiled_sources())
def test_the_installed_module_is_compiled_from_its_current_source(source: str) -> None:
    name = source.removeprefix("src/").removesuffix(".py").replace("/", ".")
    built = Path(importlib.import_module(name).__file__ or "")
    assert built.suffix == ".so", f"make install compiles {source} with mypyc"
    assert built.stat().st_mtime >= (ROOT / source).stat().st_mtime, (
        f"{source} changed since it was compiled: run make install")

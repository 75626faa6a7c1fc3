"""Compiles the modules ``src/cardtable/compiled.py`` names (the games' simulation paths,
the MateBeta solver's game search, ...) with mypyc, and the site's message catalogues
(``.po`` to ``.mo``);
everything else is pyproject.toml.

The compiled modules also run as plain Python, so an interpreter without a C compiler
still works (slower); ``CARDTABLE_PURE=1`` skips the compilation. The catalogues are
always compiled: the site needs them.
"""

import ast
import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def compiled_sources() -> list[str]:
    """The paths ``src/cardtable/compiled.py`` names (read, not imported: the package's
    requirements need not be installed yet)."""
    tree = ast.parse((ROOT / "src" / "cardtable" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "SOURCES":
            return [str(path) for path in ast.literal_eval(node.value)]
    raise SystemExit("src/cardtable/compiled.py names no SOURCES")


COMPILED = compiled_sources()
LOCALE = ROOT / "src" / "cardtable" / "locale"


class BuildWithCatalogues(build_py):
    """Writes each ``messages.mo`` next to its ``messages.po`` before the package data is
    collected (a wheel and an editable install both run this)."""

    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name)
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog)
        super().run()


commands = {"build_py": BuildWithCatalogues}
if os.environ.get("CARDTABLE_PURE"):
    setup(cmdclass=commands)
else:
    from mypyc.build import mypycify

    # the project's mypy sections name modules this build does not compile: no note on them
    setup(cmdclass=commands,
          ext_modules=mypycify(["--no-warn-unused-configs", *COMPILED], opt_level="3"))

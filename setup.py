"""Compiles the simulation paths of all four games and the MateBeta solver's game search
with mypyc, and the site's message catalogues (``.po`` to ``.mo``);
everything else is pyproject.toml.

The compiled modules also run as plain Python, so an interpreter without a C compiler
still works (slower); ``CARDTABLE_PURE=1`` skips the compilation. The catalogues are
always compiled: the site needs them.
"""

import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

COMPILED = ["src/cardtable/games/duel/selfplay.py", "src/cardtable/games/duel52/selfplay.py",
            "src/cardtable/games/matebeta/selfplay.py",
            "src/cardtable/games/paternoster/selfplay.py",
            "src/cardtable/games/paternoster/fit.py", "src/cardtable/games/matebeta/search.py",
            "src/cardtable/games/matebeta/metrics.py", "src/cardtable/course.py",
            "src/cardtable/games/duel/metrics.py"]
LOCALE = Path(__file__).resolve().parent / "src" / "cardtable" / "locale"


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

"""Compiles the simulation paths of the duel, Duel 52 and Paternoster and the MateBeta
solver's game search with mypyc (everything else is pyproject.toml).

The module also runs as plain Python, so an interpreter without a C compiler
still works (slower); ``CARDTABLE_PURE=1`` skips the compilation.
"""

import os

from setuptools import setup

COMPILED = ["src/cardtable/games/duel/selfplay.py", "src/cardtable/games/duel52/selfplay.py",
            "src/cardtable/games/paternoster/selfplay.py", "src/cardtable/games/matebeta/search.py"]

if os.environ.get("CARDTABLE_PURE"):
    setup()
else:
    from mypyc.build import mypycify

    # the project's mypy sections name modules this build does not compile: no note on them
    setup(ext_modules=mypycify(["--no-warn-unused-configs", *COMPILED], opt_level="3"))

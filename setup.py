"""Compiles the MateBeta solver's game search with mypyc (everything else is pyproject.toml).

The module also runs as plain Python, so an interpreter without a C compiler
still works (slower); ``CARDTABLE_PURE=1`` skips the compilation.
"""

import os

from setuptools import setup

COMPILED = ["src/cardtable/games/duel/selfplay.py", "src/cardtable/games/matebeta/search.py"]

if os.environ.get("CARDTABLE_PURE"):
    setup()
else:
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))

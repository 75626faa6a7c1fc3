"""The modules ``make install`` compiles with mypyc, named once: ``setup.py`` reads this
tuple (without importing the package), the Makefile rebuilds when one of them changes,
and the lab refuses a cluster worker that runs them interpreted (it would be several
times slower than the others: the same figures, but a straggler).

Each also runs as plain Python, so an installation without a C compiler still works."""

SOURCES = (
    "src/cardtable/games/duel/selfplay.py",
    "src/cardtable/games/duel52/selfplay.py",
    "src/cardtable/games/duel52/playouts.py",
    "src/cardtable/games/matebeta/selfplay.py",
    "src/cardtable/games/paternoster/selfplay.py",
    "src/cardtable/games/paternoster/fit.py",
    "src/cardtable/games/matebeta/search.py",
    "src/cardtable/games/matebeta/metrics.py",
    "src/cardtable/course.py",
    "src/cardtable/games/duel/metrics.py",
)
"""Their paths from the checkout's root."""

MODULES = tuple(path.removeprefix("src/").removesuffix(".py").replace("/", ".")
                for path in SOURCES)
"""Their module names."""

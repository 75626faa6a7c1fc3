"""Where the lab's figures for the rules pages live: ``cardtable balance ... --json`` and
``cardtable balance matebeta`` write them, the site's rules pages read them."""

from pathlib import Path

FIGURES_FILE = Path(__file__).resolve().parent.parent / "web" / "rules" / "figures.json"
